"""What one visitor's lobby may ask of the server, and the server's answers.

The lobby App runs in the lobby host (``lobby_host``: a process of its own); the tables, the
seats and the visitor's proofs live in the server.  A lobby asks through ``RemoteDesk`` (in the
lobby host), each question a ``bridge.QUESTION`` frame; the server's ``LobbyDesk`` answers it
for that visitor, making its usual checks (``GameServer.owns``, ``check_secret``,
``take_seat``, ``leave``, ``Tables.open``).  A table is named by its id; the lobby is told of
tables as ``Table.to_json`` gives them (names, never proofs).  Every refusal reaches the lobby
as ``SeatRefused`` with the message for the player.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from smallworld_tui.engine import IllegalAction, games
from smallworld_tui.i18n import _
from smallworld_tui.ssh import bridge
from smallworld_tui.ssh.lobby_dialogs import map_choices
from smallworld_tui.ssh.tables import CodeNeeded, SeatRefused, Table, new_table

if TYPE_CHECKING:
    from smallworld_tui.ssh.server import GameServer
    from smallworld_tui.ssh.visitor import Visitor

log = logging.getLogger(__name__)

Answer = dict[str, Any]


class LobbyDesk:
    """The server answering one visitor's lobby."""

    def __init__(self, server: GameServer, visitor: Visitor) -> None:
        self.server = server
        self.visitor = visitor
        self._asks: dict[str, Callable[..., Awaitable[Any]]] = {
            "listing": self.listing, "owns": self.owns, "check_secret": self.check_secret,
            "take_seat": self.take_seat, "leave": self.leave, "open_table": self.open_table}

    async def answer(self, question: bytes) -> Answer:
        """The answer to a ``bridge.QUESTION`` frame's payload."""
        asked: dict[str, Any] = json.loads(question)
        reply: Answer = {"id": asked["id"]}
        try:
            reply["value"] = await self._asks[asked["ask"]](*asked["args"])
        except SeatRefused as exc:
            reply["refused"] = str(exc)
            reply["code"] = isinstance(exc, CodeNeeded)
        except Exception:
            log.exception("the lobby of %r asked %r", self.visitor.name, asked.get("ask"))
            reply["refused"] = _("Sorry, that failed; the server's log says why.")
        return reply

    def _table(self, table_id: int, seat: int | None = None) -> Table | None:
        """The live table ``table_id`` (None if it is gone or has no such seat)."""
        table = self.server.tables.by_id.get(table_id)
        if table is None or (seat is not None and not 0 <= seat < len(table.seats)):
            return None
        return table

    async def listing(self) -> list[dict[str, Any]]:
        """Every table, in order."""
        return [table.to_json() for table in self.server.tables.listing()]

    async def owns(self, table_id: int, seat: int) -> bool:
        """Whether the visitor has proved that ``seat`` at the table is theirs."""
        table = self._table(table_id, seat)
        return table is not None and self.server.owns(self.visitor, table, seat)

    async def check_secret(self, table_id: int, seat: int, secret: str) -> bool:
        """Whether ``secret`` is the seat's (a failure counts against the visitor)."""
        table = self._table(table_id, seat)
        return table is not None and await self.server.check_secret(self.visitor, table,
                                                                    seat, str(secret))

    async def take_seat(self, table_id: int, code: str | None = None
                        ) -> tuple[int, str | None, dict[str, Any]]:
        """Seat the visitor (a seat reserved for their name with the host's ``code``): the
        seat, its new secret (None for a key holder) and the table as it is then;
        ``SeatRefused`` says why not, ``CodeNeeded`` asks for the code."""
        table = self._table(table_id)
        if table is None:
            raise SeatRefused(_("There is no free seat for you at table {id}.").format(
                id=table_id))
        seat, secret = await self.server.take_seat(
            self.visitor, table, None if code is None else str(code))
        return seat, secret, table.to_json()

    async def leave(self, table_id: int, seat: int) -> None:
        """Give up the visitor's seat, if it is theirs."""
        table = self._table(table_id, seat)
        if table is not None:
            self.server.leave(self.visitor, table, seat)

    async def open_table(self, game: str, players: int, map_name: str,
                         options: dict[str, Any], bots: list[str]) -> int | None:
        """Open a new table as the form asked (None if it names no shipped map of the game):
        its id; ``SeatRefused`` if the engine refuses the settings, it would pass a limit
        (``TableLimits``) or it cannot be saved."""
        if game not in games() or map_name not in dict(map_choices(players, game)).values():
            return None  # a shipped map, never a file named by a player
        try:
            settings = new_table(players, map_name, options=dict(options), game=game,
                                 bots=[str(level) for level in bots])
            return self.server.tables.open(settings, opener=self.visitor.name).id
        except IllegalAction as exc:
            raise SeatRefused(exc.render(_)) from None
        except OSError as exc:
            raise SeatRefused(_("The table could not be saved ({error}); try again.").format(
                error=exc)) from None


class RemoteDesk:
    """The server as a lobby in the lobby host sees it: each method asks ``LobbyDesk``'s
    namesake across the visit's socket (``send``) and awaits its answer (``answered``)."""

    def __init__(self, send: Callable[[bytes], None]) -> None:
        self._send = send
        self._ids = itertools.count()
        self._waiting: dict[int, asyncio.Future[Any]] = {}

    async def _ask(self, ask: str, *args: Any) -> Any:
        number = next(self._ids)
        waiting = self._waiting[number] = asyncio.get_running_loop().create_future()
        self._send(bridge.json_frame(bridge.QUESTION, {"id": number, "ask": ask,
                                                       "args": list(args)}))
        return await waiting

    def answered(self, payload: bytes) -> None:
        """A ``bridge.ANSWER`` frame's payload."""
        reply: Answer = json.loads(payload)
        waiting = self._waiting.pop(int(reply["id"]), None)
        if waiting is None or waiting.done():
            return
        if "refused" in reply:
            refusal = CodeNeeded if reply.get("code") else SeatRefused
            waiting.set_exception(refusal(str(reply["refused"])))
        else:
            waiting.set_result(reply.get("value"))

    def hang_up(self) -> None:
        """The server is gone: no question will be answered."""
        for waiting in self._waiting.values():
            waiting.cancel()
        self._waiting.clear()

    async def listing(self) -> list[Table]:
        return [Table.from_json(table) for table in await self._ask("listing")]

    async def owns(self, table_id: int, seat: int) -> bool:
        return bool(await self._ask("owns", table_id, seat))

    async def check_secret(self, table_id: int, seat: int, secret: str) -> bool:
        return bool(await self._ask("check_secret", table_id, seat, secret))

    async def take_seat(self, table_id: int, code: str | None = None
                        ) -> tuple[int, str | None, Table]:
        seat, secret, table = await self._ask("take_seat", table_id, code)
        return int(seat), secret, Table.from_json(table)

    async def leave(self, table_id: int, seat: int) -> None:
        await self._ask("leave", table_id, seat)

    async def open_table(self, game: str, players: int, map_name: str,
                         options: dict[str, Any], bots: list[str]) -> int | None:
        table_id = await self._ask("open_table", game, players, map_name, options, bots)
        return None if table_id is None else int(table_id)
