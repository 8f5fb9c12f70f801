"""Screens shown over the board one after another: a die roll, then a pass-the-device screen,
then the end of the game, each waiting for the one before to close."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

from textual.screen import Screen

from smallworld_tui.ui.screens.too_small import TooSmallScreen

Then = Callable[[Any], None]


class ModalQueue:
    """Modal screens shown over ``screen`` in the order they are queued; none opens while the
    terminal is too small (``resume`` shows them once it is large enough again)."""

    def __init__(self, screen: Screen[Any]) -> None:
        self.screen = screen
        self._waiting: deque[tuple[Screen[Any] | None, Then | None]] = deque()
        self._open = False

    def add(self, screen: Screen[Any] | None, then: Then | None = None) -> None:
        """Show ``screen`` in its turn, then call ``then`` with its result (``None``: only
        call ``then``, in its turn)."""
        self._waiting.append((screen, then))
        self.resume()

    def resume(self) -> None:
        """Show the next screen waiting, unless one is open or the terminal is too small."""
        app = self.screen.app
        if self._open or not self._waiting or isinstance(app.screen, TooSmallScreen):
            return
        screen, then = self._waiting.popleft()

        def closed(result: Any) -> None:
            self._open = False
            if then is not None:
                then(result)
            self.resume()

        if screen is None:
            closed(None)
            return
        self._open = True
        app.push_screen(screen, closed)
