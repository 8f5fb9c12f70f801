"""The game App of one remote visit to a table: a seat's game screen, or a spectator's.

It is the hotseat app with what a remote player must not have taken away: no save or load
dialogs (the server's store is the save), no new-game screen (it lists the host's saves) and
no screenshot (it would be written on the server), and with a way back to the lobby.  A
spectator's screen says so on top; a game that is over (archived) opens in the replay viewer,
on the record the server's store holds.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static

from smallworld_tui.engine import SPECTATOR
from smallworld_tui.i18n import N_, _
from smallworld_tui.session import GameSession
from smallworld_tui.ssh.driver import SSHDriver, Terminal
from smallworld_tui.ui import app as ui_app
from smallworld_tui.ui.app import SmallWorldApp
from smallworld_tui.ui.messages import ShowNewGame
from smallworld_tui.ui.screens.game import GameScreen
from smallworld_tui.ui.screens.seating import FixedSeat
from smallworld_tui.ui.textual_texts import translated

LOBBY, QUIT = "lobby", "quit"
SCREENSHOT = "Screenshot"  # Textual's system command


class TableScreen(GameScreen):
    """The game screen of one seat; a spectator's says on top that they only watch."""

    DEFAULT_CSS = """
    #spectator-banner { dock: top; height: 1; padding: 0 1; background: $warning 30%; }
    """

    def __init__(self, session: GameSession, seat: int, table: int) -> None:
        super().__init__(session, FixedSeat(seat), greet=bool(session.record.actions))
        self.table = table

    def compose(self) -> ComposeResult:
        if self.viewer == SPECTATOR:
            yield Static(Text(_("Table {id}: you are watching; you cannot act.").format(
                id=self.table)), id="spectator-banner")
        yield from super().compose()


class TableApp(SmallWorldApp):
    """SmallWorldApp for one seat (or a spectator) of a table, on a remote terminal."""

    CSS_PATH = str(Path(ui_app.__file__).with_name("app.tcss"))
    host_files = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("L", "lobby", N_("Lobby"), id="server.lobby"),
    ]

    def __init__(self, session: GameSession, seat: int, table: int, terminal: Terminal,
                 **kwargs: Any) -> None:
        """``replay``: an archived game, watched again (read-only)."""
        super().__init__(session, seating=FixedSeat(seat), pass_screens=False,
                         driver_class=SSHDriver, **kwargs)
        self.seat = seat
        self.table = table
        self.terminal = terminal
        self.leaving_to = QUIT

    def first_screen(self) -> Screen[Any]:
        assert self.session is not None
        if self.replay is not None:
            return super().first_screen()
        return TableScreen(self.session, self.seat, self.table)

    def on_show_new_game(self, message: ShowNewGame) -> None:
        """The end screen's "new game": back to the lobby, where tables are opened (never
        the new-game screen, which lists and writes the host's saves)."""
        message.prevent_default()
        self.action_lobby()

    def action_lobby(self) -> None:
        self.leaving_to = LOBBY
        self.exit()

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Textual's commands but the screenshot, which would be saved on the server."""
        return translated(c for c in App.get_system_commands(self, screen)
                          if c.title != SCREENSHOT)
