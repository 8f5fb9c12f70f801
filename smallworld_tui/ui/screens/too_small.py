"""Shown instead of the game while the terminal is smaller than the minimum size."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

from smallworld_tui.compat import while_open
from smallworld_tui.i18n import _

MIN_WIDTH, MIN_HEIGHT = 80, 24
TINY_WIDTH, TINY_HEIGHT = 40, 9  # below this the notice goes without its frame, to fit


def too_small(width: int, height: int) -> bool:
    return width < MIN_WIDTH or height < MIN_HEIGHT


class TooSmallScreen(Screen[None]):
    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(id="too-small-text")

    @while_open
    def on_resize(self) -> None:
        self.show_size()

    @while_open
    def on_mount(self) -> None:
        self.show_size()

    def show_size(self) -> None:
        width, height = self.app.size
        self.set_class(width < TINY_WIDTH or height < TINY_HEIGHT, "-tiny")
        self.query_one("#too-small-text", Static).update(
            _("Please enlarge the terminal to at least {w}×{h} (it is {width}×{height}).")
            .format(w=MIN_WIDTH, h=MIN_HEIGHT, width=width, height=height))
