"""The lobby: the server's tables, where a remote player opens, takes, resumes or watches one.

The lobby App runs in the server for each connection until the player chooses a table (then
the connection goes to the table's host) or quits.  Names come from remote users: they are
shown as plain text (``Text`` objects, ``markup=False``), never parsed as markup.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import DataTable, Static

from smallworld_tui.engine import IllegalAction
from smallworld_tui.engine.games import RULESETS
from smallworld_tui.engine.view import SPECTATOR
from smallworld_tui.i18n import N_, _
from smallworld_tui.names import display_name, game_name
from smallworld_tui.ssh.driver import SSHDriver, Terminal
from smallworld_tui.ssh.lobby_dialogs import (
    NewTableDialog,
    SecretAsked,
    SecretShown,
    TableMenu,
    map_choices,
)
from smallworld_tui.ssh.tables import SeatRefused, Table, new_table
from smallworld_tui.ui.bindings import TranslatedBindings
from smallworld_tui.ui.describe import coins, joined
from smallworld_tui.ui.game_options import chosen_options
from smallworld_tui.ui.widgets.key_footer import KeyFooter

if TYPE_CHECKING:
    from smallworld_tui.ssh.server import GameServer
    from smallworld_tui.ssh.visitor import Visitor

LOBBY_CSS = """
TablesScreen, WaitingScreen { layout: vertical; }
#lobby-title { height: auto; padding: 0 1; background: $panel; }
#lobby-hint, #lobby-notice { height: auto; padding: 0 1; }
#lobby-notice { color: $warning; }
#lobby-tables { height: 1fr; }
#waiting-text { height: 1fr; padding: 1 2; }
"""


# --- words ------------------------------------------------------------------------------------

def seat_list(table: Table, teams: bool = False) -> Text:
    """The seats: names, "(Amy)" for a reserved free seat, "·" for a free one; with
    ``teams``, each seat's team in a team game."""
    parts = []
    settings = table.settings
    for index, seat in enumerate(table.seats):
        if seat is not None:
            part = Text(seat.name)
        elif settings.names:
            part = Text(f"({settings.names[index]})", style="dim")
        else:
            part = Text("·", style="dim")
        if teams and settings.teams:
            part.append(" " + _("({team})").format(team=display_name(
                "faction", settings.teams[index], game=settings.game)), style="italic")
        parts.append(part)
    return Text(_(", ")).join(parts)


def table_state(table: Table) -> str:
    """Where the table's game stands, in words."""
    if table.damaged is not None:
        return _("cannot be played (see the server's log)")
    names = [seat.name if seat else "?" for seat in table.seats]
    if table.result is not None:
        result = table.result
        winners = [result["names"][s] for s in result["winners"]]
        best = coins(result["coins"][result["winners"][0]] or 0) if winners else ""
        return _("over: {names} won with {coins}").format(names=joined(winners), coins=best)
    if not table.started:
        free = sum(seat is None for seat in table.seats)
        return _("waiting for {n} more").format(n=free)
    progress = table.progress
    if progress is None:
        return _("playing")
    actor = progress["actor"]
    return _("round {round}/{turns}, {name} to play").format(
        round=progress["round"], turns=progress["turns"],
        name=names[actor] if 0 <= actor < len(names) else "?")


def table_title(table: Table) -> Text:
    """A table's game, map and options, its seats (with their teams) and how it stands."""
    settings = table.settings
    text = Text(_("Table {id} · {game} · {map}").format(
        id=table.id, game=game_name(settings.game), map=settings.map), style="bold")
    options = chosen_options(settings.game, settings.options)
    if options:
        text.append("\n" + _(", ").join(options))
    text.append("\n")
    text.append_text(seat_list(table, teams=True))
    text.append("\n" + table_state(table))
    return text


# --- screens ----------------------------------------------------------------------------------

class TablesScreen(TranslatedBindings, Screen[None]):
    """Every table; Enter opens one, n opens a new one."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new_table", N_("New table"), id="lobby.new"),
        Binding("q", "app.quit", N_("Quit"), id="lobby.quit"),
    ]

    def compose(self) -> ComposeResult:
        lobby = self.lobby
        yield Static(Text(_("Small World · {name} in the lobby").format(
            name=lobby.visitor.name), style="bold"), id="lobby-title")
        yield Static(Text(_("↑↓ and Enter: choose a table. {join}").format(
            join=lobby.server.join_hint(lobby.visitor))), id="lobby-hint")
        yield DataTable(cursor_type="row", zebra_stripes=True, id="lobby-tables")
        yield Static(Text(lobby.notice), id="lobby-notice")
        yield KeyFooter()

    @property
    def lobby(self) -> LobbyApp:
        app = self.app
        assert isinstance(app, LobbyApp)
        return app

    def on_mount(self) -> None:
        grid = self.query_one(DataTable)
        grid.add_columns(_("Table"), _("Game"), _("Map"), _("Players"), _("State"), _("You"))
        self.refresh_tables()
        grid.focus()

    def refresh_tables(self) -> None:
        grid = self.query_one(DataTable)
        keep = grid.cursor_row
        grid.clear()
        name = self.lobby.visitor.name
        for table in self.lobby.server.tables.listing():
            mine = table.seat_of(name)
            grid.add_row(Text(str(table.id)), Text(game_name(table.settings.game)),
                         Text(table.settings.map), seat_list(table),
                         Text(table_state(table)),
                         Text(_("seat {n}").format(n=mine + 1) if mine is not None else ""),
                         key=str(table.id))
        empty = _("There is no table yet: press n to open one.")
        if grid.row_count:
            grid.move_cursor(row=min(keep, grid.row_count - 1))
            if str(self.query_one("#lobby-notice", Static).content) == empty:
                self.say("")
        else:
            self.say(empty)

    def say(self, notice: str) -> None:
        self.query_one("#lobby-notice", Static).update(Text(notice))

    def current_table(self) -> Table | None:
        grid = self.query_one(DataTable)
        if not grid.row_count:
            return None
        key = grid.coordinate_to_cell_key(grid.cursor_coordinate).row_key.value
        return self.lobby.server.tables.by_id.get(int(key)) if key else None

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_open_table()

    def action_open_table(self) -> None:
        self.say("")
        table = self.current_table()
        if table is None:
            return
        if table.damaged is not None:
            self.say(_("Table {id} cannot be played: {reason}").format(
                id=table.id, reason=table.damaged))
            return
        choices = self.choices(table)
        if not choices:
            self.say(_("Table {id} has no free seat for you.").format(id=table.id))
            return
        self.app.push_screen(TableMenu(table_title(table), choices),
                             lambda key: self.lobby.act(table, key) if key else None)

    def choices(self, table: Table) -> list[tuple[str, str]]:
        name = self.lobby.visitor.name
        choices = []
        if table.seat_of(name) is not None and not table.finished:
            if table.started:
                choices.append(("play", _("Play your seat")))
            else:
                choices += [("wait", _("Wait at your seat")), ("leave", _("Give up your seat"))]
        elif table.free_seat_for(name) is not None:
            choices.append(("take", _("Take a seat")))
        if table.started:
            choices.append(("watch", _("Watch")))
        return choices

    def action_new_table(self) -> None:
        self.app.push_screen(NewTableDialog(), self.lobby.open_table)


class WaitingScreen(TranslatedBindings, Screen[None]):
    """One's seat at a table that waits for players; the game opens when it starts."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", N_("Back to the lobby"), id="waiting.back"),
        Binding("x", "leave", N_("Give up your seat"), id="waiting.leave"),
    ]

    def __init__(self, table: Table, seat: int) -> None:
        super().__init__()
        self.table = table
        self.seat = seat

    def compose(self) -> ComposeResult:
        yield Static(Text(_("Small World · table {id}").format(id=self.table.id),
                          style="bold"), id="lobby-title")
        yield Static(id="waiting-text")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.refresh_table()

    def refresh_table(self) -> None:
        lobby = self.app
        assert isinstance(lobby, LobbyApp)
        if self.table.started:
            lobby.choose(self.table, self.seat)
            return
        if self.table.id not in lobby.server.tables.by_id:
            self.app.pop_screen()
            return
        text = table_title(self.table)
        text.append("\n\n" + _("You have seat {n}. The game starts when every seat is "
                                "taken.").format(n=self.seat + 1))
        self.query_one("#waiting-text", Static).update(text)

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_leave(self) -> None:
        lobby = self.app
        assert isinstance(lobby, LobbyApp)
        lobby.server.leave(lobby.visitor, self.table, self.seat)
        if self.is_current:
            self.app.pop_screen()


# --- the app ----------------------------------------------------------------------------------

class LobbyApp(App[None]):
    """One connection's lobby; ``choice`` is the (table, seat) chosen, None to quit."""

    CSS = LOBBY_CSS
    TITLE = "Small World"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, server: GameServer, visitor: Visitor, terminal: Terminal,
                 notice: str = "") -> None:
        super().__init__(driver_class=SSHDriver)
        self.server = server
        self.visitor = visitor
        self.terminal = terminal
        self.notice = notice
        self.choice: tuple[int, int] | None = None
        self.shown = asyncio.Event()  # set once the first frame is on the player's screen
        self._refresh_due = False

    def on_mount(self) -> None:
        self.server.tables.listeners.append(self._refresh)
        self.push_screen(TablesScreen())

    def on_ready(self) -> None:
        self.shown.set()

    def on_unmount(self) -> None:
        if self._refresh in self.server.tables.listeners:
            self.server.tables.listeners.remove(self._refresh)

    def _refresh(self) -> None:
        """Tables' listener: redraw once this App gets to it (once for news that come
        together)."""
        if not self._refresh_due:
            self._refresh_due = True
            self.call_later(self._tables_changed)

    def _tables_changed(self) -> None:
        self._refresh_due = False
        for screen in self.screen_stack:
            if isinstance(screen, TablesScreen):
                screen.refresh_tables()
            elif isinstance(screen, WaitingScreen):
                screen.refresh_table()

    def choose(self, table: Table, seat: int) -> None:
        self.choice = (table.id, seat)
        self.exit()

    def say(self, notice: str) -> None:
        for screen in self.screen_stack:
            if isinstance(screen, TablesScreen):
                screen.say(notice)

    # --- what the player does at a table ------------------------------------------------
    def act(self, table: Table, key: object) -> None:
        if key == "watch":
            self.choose(table, SPECTATOR)
        elif key == "take":
            self._take(table)
        elif key in ("play", "wait", "leave"):
            seat = table.seat_of(self.visitor.name)
            if seat is not None:
                self._as_owner(table, seat, lambda: self._at_own_seat(table, seat, str(key)))

    def _at_own_seat(self, table: Table, seat: int, key: str) -> None:
        if key == "play":
            self.choose(table, seat)
        elif key == "wait":
            self.push_screen(WaitingScreen(table, seat))
        else:
            self.server.leave(self.visitor, table, seat)
            self.say(_("You gave up your seat at table {id}.").format(id=table.id))

    def _as_owner(self, table: Table, seat: int, then: Callable[[], None]) -> None:
        """Run ``then`` once the visitor has proved the seat is theirs."""
        if self.server.owns(self.visitor, table, seat):
            then()
            return

        async def check(secret: object) -> None:
            if not isinstance(secret, str) or not secret:
                return
            if await self.server.check_secret(self.visitor, table, seat, secret):
                then()
            else:
                self.say(_("That is not the secret of this seat."))

        title = table_title(table)
        title.append("\n\n" + _("Type the secret you were given when you took this seat."))
        self.push_screen(SecretAsked(title), check)

    def _take(self, table: Table) -> None:
        try:
            seat, secret = self.server.take_seat(self.visitor, table)
        except SeatRefused as exc:
            self.say(str(exc))
            return
        self._seated(table, seat, secret)

    def _seated(self, table: Table, seat: int, secret: str | None) -> None:
        def next_screen(_result: object = None) -> None:
            if table.started:
                self.choose(table, seat)
            else:
                self.push_screen(WaitingScreen(table, seat))

        if secret is None:
            next_screen()
        else:
            self.push_screen(SecretShown(secret), next_screen)

    def open_table(self, chosen: object) -> None:
        if not isinstance(chosen, tuple):
            return
        game, players, map_name, options, bots = chosen
        if game not in RULESETS or map_name not in dict(map_choices(players, game)).values():
            return  # a shipped map, never a file named by a player
        try:
            settings = new_table(players, map_name, options=dict(options), game=game,
                                 bots=[str(level) for level in bots])
            table = self.server.tables.open(settings)
        except IllegalAction as exc:
            self.say(exc.render(_))
            return
        except SeatRefused as exc:
            self.say(str(exc))
            return
        except OSError as exc:
            self.say(_("The table could not be saved ({error}); try again.").format(error=exc))
            return
        self._take(table)
