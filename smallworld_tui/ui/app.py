"""The Textual app: the new-game screen, the game screen for a session, and the end screen.

``SmallWorldApp(session, seating=...)`` opens a game directly; without a session it opens the
new-game screen.  Hotseat play follows the decision-maker; an SSH server passes a
``FixedSeat`` per connection.  Below 80×24 a notice replaces the screens until enlarged.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, ClassVar

from textual import events
from textual.app import App
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.screen import Screen

from smallworld_tui.engine import RecordError
from smallworld_tui.i18n import _
from smallworld_tui.saves import new_autosave_path
from smallworld_tui.session import GameSession
from smallworld_tui.ui import palette  # noqa: F401  (reads NO_COLOR before App pops it)
from smallworld_tui.ui.screens.game import GameScreen
from smallworld_tui.ui.screens.new_game import NewGameScreen
from smallworld_tui.ui.screens.seating import Hotseat, Seating
from smallworld_tui.ui.screens.too_small import TooSmallScreen, too_small


class SmallWorldApp(App[None]):
    CSS_PATH = "app.tcss"
    TITLE = "Small World"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (120, "-wide")]  # noqa: RUF012
    VERTICAL_BREAKPOINTS = [(0, "-short"), (36, "-tall")]  # noqa: RUF012
    # Command-palette providers available everywhere; the rules-topics provider goes here.
    # (The game screen adds its own provider of the legal actions.)
    COMMANDS: ClassVar = App.COMMANDS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", _("Quit"), priority=True, id="app.quit"),
    ]

    def __init__(self, session: GameSession | None = None, *, seating: Seating | None = None,
                 pass_screens: bool = True, seed: int | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.session = session
        self.seating = seating
        self.pass_screens = pass_screens
        self.seed = seed

    def on_mount(self) -> None:
        self.push_screen(self.first_screen())
        self._check_size()

    def first_screen(self) -> Screen[Any]:
        """The screen the app opens with (subclasses may open another, e.g. a lobby)."""
        if self.session is None:
            return self._new_game_screen()
        seating = self.seating or Hotseat(self.pass_screens)
        return GameScreen(self.session, seating, greet=bool(self.session.record.actions))

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size)

    def _check_size(self, size: Size | None = None) -> None:
        """Cover the screens with a notice below the minimum size (``size``: the new one)."""
        small = too_small(*(size or self.size))
        shown = isinstance(self.screen, TooSmallScreen)
        if small and not shown:
            self.push_screen(TooSmallScreen())
        elif shown and not small:
            self.pop_screen()
            if isinstance(self.screen, GameScreen):
                self.screen.resume_modals()

    def _new_game_screen(self) -> NewGameScreen:
        seed = self.seed if self.seed is not None else random.randrange(1_000_000)
        return NewGameScreen(seed)

    # --- called by the screens ---------------------------------------------------------
    def show_new_game(self) -> None:
        self.switch_screen(self._new_game_screen())

    def start_game(self, names: list[str], map_name: str, seed: int,
                   options: dict[str, Any], pass_screens: bool) -> None:
        """Start a new game, autosaved after every action (IllegalAction for a bad setup)."""
        session = GameSession.new(names, map_name, seed, options,
                                  path=new_autosave_path(names))
        self.session = session
        self.pass_screens = pass_screens
        self.switch_screen(GameScreen(session, Hotseat(pass_screens)))

    def open_save(self, path: Path) -> None:
        """Continue a saved game; an unreadable file is reported and left untouched."""
        try:
            session = GameSession.load(path)
        except RecordError as exc:
            self.notify(str(exc), title=_("Cannot load this game"), severity="error",
                        timeout=10)
            return
        self.session = session
        self.switch_screen(GameScreen(session, Hotseat(self.pass_screens), greet=True))
