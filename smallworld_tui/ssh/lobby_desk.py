"""What one visitor's lobby may ask of the server.

The lobby App runs in the lobbies' thread (``lobby_thread``); the tables, the seats and the
visitor's proofs live on the server's main loop.  Each question here is asked in the lobbies'
thread and answered on the main loop (``on_main_loop``), where the server makes its usual checks
(``GameServer.owns``, ``check_secret``, ``take_seat``, ``leave``, ``Tables.open``).  A table
is named by its id, and the answers are copies (``Table.copy``) that the main loop never
changes afterwards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from smallworld_tui.engine.games import RULESETS
from smallworld_tui.i18n import _
from smallworld_tui.ssh.lobby_dialogs import map_choices
from smallworld_tui.ssh.lobby_thread import LobbyThread, on_main_loop
from smallworld_tui.ssh.tables import SeatRefused, Table, new_table

if TYPE_CHECKING:
    from smallworld_tui.ssh.server import GameServer
    from smallworld_tui.ssh.visitor import Visitor


class LobbyDesk:
    """The server as one visitor's lobby sees it."""

    def __init__(self, server: GameServer, visitor: Visitor, lobbies: LobbyThread) -> None:
        self.server = server
        self.visitor = visitor
        self.lobbies = lobbies

    def _table(self, table_id: int, seat: int | None = None) -> Table | None:
        """The live table ``table_id`` (None if it is gone or has no such seat)."""
        table = self.server.tables.by_id.get(table_id)
        if table is None or (seat is not None and not 0 <= seat < len(table.seats)):
            return None
        return table

    @on_main_loop
    async def listing(self) -> list[Table]:
        """Every table, in order."""
        return [table.copy() for table in self.server.tables.listing()]

    @on_main_loop
    async def owns(self, table_id: int, seat: int) -> bool:
        """Whether the visitor has proved that ``seat`` at the table is theirs."""
        table = self._table(table_id, seat)
        return table is not None and self.server.owns(self.visitor, table, seat)

    @on_main_loop
    async def check_secret(self, table_id: int, seat: int, secret: str) -> bool:
        """Whether ``secret`` is the seat's (a failure counts against the visitor)."""
        table = self._table(table_id, seat)
        return table is not None and await self.server.check_secret(self.visitor, table,
                                                                    seat, secret)

    @on_main_loop
    async def take_seat(self, table_id: int) -> tuple[int, str | None, Table]:
        """Seat the visitor: the seat, its new secret (None for a key holder) and the table
        as it is then; ``SeatRefused`` says why not."""
        table = self._table(table_id)
        if table is None:
            raise SeatRefused(_("There is no free seat for you at table {id}.").format(
                id=table_id))
        seat, secret = self.server.take_seat(self.visitor, table)
        return seat, secret, table.copy()

    @on_main_loop
    async def leave(self, table_id: int, seat: int) -> None:
        """Give up the visitor's seat, if it is theirs."""
        table = self._table(table_id, seat)
        if table is not None:
            self.server.leave(self.visitor, table, seat)

    @on_main_loop
    async def open_table(self, game: str, players: int, map_name: str,
                         options: dict[str, Any], bots: list[str]) -> int | None:
        """Open a new table as the form asked (None if it names no shipped map of the game):
        its id; ``IllegalAction`` if the engine refuses the settings, ``SeatRefused`` if too
        many tables wait, ``OSError`` if it cannot be saved."""
        if game not in RULESETS or map_name not in dict(map_choices(players, game)).values():
            return None  # a shipped map, never a file named by a player
        settings = new_table(players, map_name, options=options, game=game, bots=bots)
        return self.server.tables.open(settings).id
