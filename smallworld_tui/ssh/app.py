"""The App each SSH connection runs: a lobby until every seat is taken, then the game screen
for that connection's seat (or a spectator's view)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

from smallworld_tui.i18n import _
from smallworld_tui.ssh.driver import SSHDriver
from smallworld_tui.ui import app as ui_app
from smallworld_tui.ui.app import SmallWorldApp
from smallworld_tui.ui.describe import joined
from smallworld_tui.ui.screens.game import GameScreen
from smallworld_tui.ui.screens.seating import FixedSeat

if TYPE_CHECKING:
    from smallworld_tui.ssh.server import Connection, GameServer

SPECTATOR = -1


class LobbyScreen(Screen[None]):
    """Who has joined, who is still expected; the game starts when every seat is taken."""

    def __init__(self, server: GameServer, conn: Connection) -> None:
        super().__init__()
        self.server = server
        self.conn = conn

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(id="lobby-text")

    def on_mount(self) -> None:
        self.server.lobby_listeners.append(self._changed)
        self._refresh_text()

    def on_unmount(self) -> None:
        if self._changed in self.server.lobby_listeners:
            self.server.lobby_listeners.remove(self._changed)

    def _changed(self) -> None:
        self.app.call_later(self._refresh_text)

    def _refresh_text(self) -> None:
        if self.server.session is not None:
            app = self.app
            assert isinstance(app, ServerApp)
            app.show_game()
            return
        names = joined(self.server.names) or "-"
        role = (_("You are a spectator.") if self.conn.seat == SPECTATOR
                else _("You have seat {seat}.").format(seat=self.conn.seat + 1))
        text = "\n".join([
            _("Small World: waiting for players"), "",
            _("Joined: {names}").format(names=names),
            _("Waiting for {n} more.").format(n=self.server.waiting_for()), "", role,
            _("Others join with: ssh -p PORT NAME@HOST"),
        ])
        self.query_one("#lobby-text", Static).update(text)


class ServerApp(SmallWorldApp):
    """SmallWorldApp on an SSH channel, for one seat of the server's game."""

    CSS_PATH = str(Path(ui_app.__file__).with_name("app.tcss"))

    def __init__(self, server: GameServer, conn: Connection, **kwargs: Any) -> None:
        super().__init__(server.session, seating=FixedSeat(conn.seat), pass_screens=False,
                         driver_class=SSHDriver, **kwargs)
        self.server = server
        self.conn = conn

    def first_screen(self) -> Screen[Any]:
        # the game may have started between this app's creation and its first screen
        self.session = self.server.session
        if self.session is None:
            return LobbyScreen(self.server, self.conn)
        return super().first_screen()

    def show_game(self) -> None:
        session = self.server.session
        assert session is not None
        self.session = session
        self.switch_screen(GameScreen(session, FixedSeat(self.conn.seat)))


def make_app(server: GameServer, conn: Connection) -> ServerApp:
    return ServerApp(server, conn)
