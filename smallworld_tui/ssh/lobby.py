"""The lobby: the server's tables, where a remote player opens, takes, resumes or watches one.

The lobby App runs for each connection until the player chooses a table (then the connection
goes to the table's host) or quits.  It runs in the lobby host (``lobby_host``: a process of
its own), not in the server: it shows the tables as the server last told it of them, asks the
server everything through its ``RemoteDesk`` and reaches the player's terminal through the
``LobbyVisit`` that runs it.  Names come from remote users: they are shown as plain text
(``Text`` objects, ``markup=False``), never parsed as markup.
"""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import DataTable, Static

from smallworld_tui.compat import while_open
from smallworld_tui.engine import SPECTATOR
from smallworld_tui.i18n import N_, _
from smallworld_tui.names import display_name, game_name
from smallworld_tui.ssh.driver import AppTerminal, SSHDriver
from smallworld_tui.ssh.lobby_dialogs import NewTableDialog, SecretAsked, SecretShown, TableMenu
from smallworld_tui.ssh.tables import CodeNeeded, SeatRefused, Table
from smallworld_tui.ui.bindings import TranslatedBindings
from smallworld_tui.ui.describe import coins, joined
from smallworld_tui.ui.game_options import chosen_options
from smallworld_tui.ui.widgets.key_footer import KeyFooter

if TYPE_CHECKING:
    from smallworld_tui.ssh.bounds import Input
    from smallworld_tui.ssh.lobby_desk import RemoteDesk

log = logging.getLogger(__name__)

MAX_TYPED_AHEAD = 4096  # bytes kept from before the lobby is ready to read them
# a lobby shows the tables' news at most this often: every turn of every table is news, and
# a host with many tables and many people in its lobby would spend its time redrawing lobbies
NEWS_SECONDS = 1.0

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
    if table.closed is not None:
        return _("closed by the host")
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
            name=lobby.visit.name), style="bold"), id="lobby-title")
        yield Static(Text(_("↑↓ and Enter: choose a table. {join}").format(
            join=lobby.visit.join_hint)), id="lobby-hint")
        yield DataTable(cursor_type="row", zebra_stripes=True, id="lobby-tables")
        yield Static(Text(lobby.visit.notice), id="lobby-notice")
        yield KeyFooter()

    @property
    def lobby(self) -> LobbyApp:
        app = self.app
        assert isinstance(app, LobbyApp)
        return app

    @while_open
    def on_mount(self) -> None:
        self.refresh_tables()
        self.query_one(DataTable).focus()

    def refresh_tables(self) -> None:
        """The rows as last heard.  The columns are set up again each time, as wide as
        their widest cell: a grid sizes them only once idle, and a row drawn before keeps
        its old widths (a name cut short)."""
        grid = self.query_one(DataTable)
        keep = grid.cursor_row
        name = self.lobby.visit.name
        rows = []
        for table in self.lobby.tables.values():
            mine = table.seat_of(name)
            rows.append((Text(str(table.id)), Text(game_name(table.settings.game)),
                         Text(table.settings.map), seat_list(table),
                         Text(table_state(table)),
                         Text(_("seat {n}").format(n=mine + 1) if mine is not None else "")))
        grid.clear(columns=True)
        headers = (_("Table"), _("Game"), _("Map"), _("Players"), _("State"), _("You"))
        for index, header in enumerate(headers):
            grid.add_column(header, width=max([cell_len(header)] + [
                row[index].cell_len for row in rows]))
        for table_id, row in zip(self.lobby.tables, rows, strict=True):
            grid.add_row(*row, key=str(table_id))
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
        return self.lobby.tables.get(int(key)) if key else None

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
                             functools.partial(self.lobby.act, table))

    def choices(self, table: Table) -> list[tuple[str, str]]:
        name = self.lobby.visit.name
        choices = []
        if table.seat_of(name) is not None and not table.archived:
            if table.started:
                choices.append(("play", _("Play your seat")))
            else:
                choices += [("wait", _("Wait at your seat")), ("leave", _("Give up your seat"))]
        elif table.free_seat_for(name) is not None:
            choices.append(("take", _("Take a seat")))
        if table.archived:  # over: watched again, move by move
            choices.append(("watch", _("Watch the game again")))
        elif table.started:
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

    @while_open
    def on_mount(self) -> None:
        self.refresh_table()

    def refresh_table(self) -> None:
        lobby = self.app
        assert isinstance(lobby, LobbyApp)
        table = lobby.tables.get(self.table.id)
        if table is None or table.seat_of(lobby.visit.name) != self.seat:
            self.app.pop_screen()
            if table is None:
                lobby.say(_("Table {id} was closed.").format(id=self.table.id))
            else:
                lobby.say(_("You no longer have a seat at table {id}.").format(
                    id=self.table.id))
            return
        self.table = table
        if table.started:
            lobby.choose(table, self.seat)
            return
        text = table_title(table)
        text.append("\n\n" + _("You have seat {n}. The game starts when every seat is "
                                "taken.").format(n=self.seat + 1))
        self.query_one("#waiting-text", Static).update(text)

    def action_back(self) -> None:
        self.app.pop_screen()

    async def action_leave(self) -> None:
        lobby = self.app
        assert isinstance(lobby, LobbyApp)
        await lobby.visit.desk.leave(self.table.id, self.seat)
        if self.is_current:
            self.app.pop_screen()


# --- the app ----------------------------------------------------------------------------------

class LobbyFailed(Exception):
    """The lobby App ended with an error (its traceback is in the server's log)."""


class LobbyVisit:
    """One stay of a visitor in the lobby, in the lobby host: ``run`` (the App, until the
    player chooses a table or leaves), and what the server sends meanwhile (``feed``,
    ``exit``, ``tables_changed``).  Output leaves through ``send`` and the first frame is
    announced with ``shown``.  What the player types before the lobby is ready waits for
    it."""

    def __init__(self, desk: RemoteDesk, name: str, join_hint: str, notice: str,
                 size: tuple[int, int], send: Callable[[bytes], None],
                 shown: Callable[[], None]) -> None:
        self.desk = desk
        self.name = name
        self.join_hint = join_hint
        self.notice = notice
        self.terminal = AppTerminal(send, size)
        self.shown = shown
        self.app: LobbyApp | None = None
        self._leaving = False
        self._typed_ahead: bytes | None = b""  # None once the App reads the terminal

    async def run(self) -> tuple[int, int] | None:
        """The (table, seat) chosen, or None when the player leaves; ``LobbyFailed``."""
        tables = await self.desk.listing()
        if self._leaving:
            return None
        self.app = LobbyApp(self, tables)
        await self.app.run_async()
        if self.app.return_code not in (0, None):
            raise LobbyFailed()
        return self.app.choice

    def feed(self, got: Input) -> None:
        """Input from the player: bytes typed, or the terminal's new size."""
        if isinstance(got, bytes) and self._typed_ahead is not None:
            self._typed_ahead = (self._typed_ahead + got)[:MAX_TYPED_AHEAD]
            return
        try:
            if isinstance(got, bytes):
                self.terminal.received(got)
            else:
                self.terminal.resized(*got)
        except Exception:  # garbage input must never end the connection
            log.exception("bad input from %r", self.name)

    def ready(self) -> None:
        """The App shows its first frame: it reads what was typed before, and says so."""
        typed, self._typed_ahead = self._typed_ahead, None
        if typed:
            self.feed(typed)
        self.shown()

    def exit(self) -> None:
        """The connection ended: close the App (or never start it)."""
        self._leaving = True
        if self.app is not None:
            self.app.exit()

    def tables_changed(self) -> None:
        if self.app is not None:
            self.app.tables_changed()


class LobbyApp(App[None]):
    """One connection's lobby; ``choice`` is the (table, seat) chosen, None to quit."""

    CSS = LOBBY_CSS
    TITLE = "Small World"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, visit: LobbyVisit, tables: list[Table]) -> None:
        super().__init__(driver_class=SSHDriver)
        self.visit = visit
        self.desk = visit.desk
        self.terminal = visit.terminal
        self.tables = {table.id: table for table in tables}  # copies, as last heard
        self.choice: tuple[int, int] | None = None
        self._refresh_due = False
        self._refreshed = float("-inf")  # when the tables were last asked for again

    def on_mount(self) -> None:
        self.push_screen(TablesScreen())

    def on_ready(self) -> None:
        self.visit.ready()

    def tables_changed(self) -> None:
        """The tables changed: redraw once this App gets to it, and not within
        ``NEWS_SECONDS`` of the last time (once for news that come meanwhile) unless the
        player waits at a table."""
        if not self._refresh_due:
            self._refresh_due = True
            self.call_later(self._news)

    async def _news(self) -> None:
        """Redraw now, or once ``NEWS_SECONDS`` have passed; at once for a player waiting
        at a table (the news may be that it starts)."""
        wait = self._refreshed + NEWS_SECONDS - time.monotonic()
        if wait > 0 and not isinstance(self.screen, WaitingScreen):
            self.set_timer(wait, self._refresh)
        else:
            await self._refresh()

    async def _refresh(self) -> None:
        self._refresh_due = False
        self._refreshed = time.monotonic()
        self.tables = {table.id: table for table in await self.desk.listing()}
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
    async def act(self, table: Table, key: object) -> None:
        """What the player chose in a table's menu, done at the table as it is now (the
        menu may have been open for a while)."""
        if key == "watch":
            self.choose(table, SPECTATOR)
        elif key == "take":
            await self._take(table.id)
        elif key in ("play", "wait", "leave"):
            await self._refresh()
            now = self.tables.get(table.id)
            seat = None if now is None else now.seat_of(self.visit.name)
            if now is None or seat is None:
                self.say(_("You no longer have a seat at table {id}.").format(id=table.id))
                return
            await self._as_owner(now, seat, lambda: self._at_own_seat(now, seat, str(key)))

    async def _at_own_seat(self, table: Table, seat: int, key: str) -> None:
        if key == "play":
            self.choose(table, seat)
        elif key == "wait":
            self.push_screen(WaitingScreen(table, seat))
        else:
            await self.desk.leave(table.id, seat)
            self.say(_("You gave up your seat at table {id}.").format(id=table.id))

    async def _as_owner(self, table: Table, seat: int,
                        then: Callable[[], Awaitable[None]]) -> None:
        """Run ``then`` once the visitor has proved the seat is theirs."""
        if await self.desk.owns(table.id, seat):
            await then()
            return

        async def check(secret: object) -> None:
            if not isinstance(secret, str) or not secret:
                return
            try:
                proved = await self.desk.check_secret(table.id, seat, secret)
            except SeatRefused as exc:
                self.say(str(exc))
                return
            if proved:
                await then()
            else:
                self.say(_("That is not the secret of this seat."))

        title = table_title(table)
        title.append("\n\n" + _("Type the secret you were given when you took this seat."))
        self.push_screen(SecretAsked(title), check)

    async def _take(self, table_id: int, code: str | None = None) -> None:
        try:
            seat, secret, table = await self.desk.take_seat(table_id, code)
        except CodeNeeded as exc:
            self._ask_code(table_id, str(exc))
            return
        except SeatRefused as exc:
            self.say(str(exc))
            return
        self.tables[table.id] = table  # no older than the tables shown (the server answers
        # in the order asked)
        self._seated(table, seat, secret)

    def _ask_code(self, table_id: int, why: str) -> None:
        """Ask for the host's code of a seat reserved for the player, then take it."""
        async def typed(code: object) -> None:
            if isinstance(code, str) and code:
                await self._take(table_id, code)

        table = self.tables.get(table_id)
        title = table_title(table) if table is not None else Text()
        title.append("\n\n" + why)
        self.push_screen(SecretAsked(title, _("the code, e.g. abcd-efgh-jkmn")), typed)

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

    async def open_table(self, chosen: object) -> None:
        if not isinstance(chosen, tuple):
            return
        game, players, map_name, options, bots = chosen
        try:
            table_id = await self.desk.open_table(game, players, map_name, dict(options),
                                                  [str(level) for level in bots])
        except SeatRefused as exc:
            self.say(str(exc))
            return
        if table_id is not None:
            await self._take(table_id)
