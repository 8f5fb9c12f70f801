"""One remote player's connection, from the lobby to tables and back, until they leave.

The connection's terminal (an SSH channel or a browser's socket: a ``RemoteEnd``) stays with
the server.  In the lobby its input is relayed to the lobby host (``lobby_host``), which runs
the lobby App, and the App's output is relayed back, while the server answers the lobby's
questions (``LobbyDesk``); at a table it is relayed to the table's host and back, the same way.
However the visit ends — the player quits, the table's screen fails, the seat is taken over by
a new connection, the server stops, the host closes the table — the terminal is left usable
(``RESTORE``) with a word on why.  Its input passes the connection's ``InputGate``
(``bounds``) on the way.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from smallworld_tui.i18n import _
from smallworld_tui.ssh import bridge
from smallworld_tui.ssh.bounds import Input, InputGate
from smallworld_tui.ssh.driver import RESTORE, clamp_size
from smallworld_tui.ssh.lobby import MAX_TYPED_AHEAD
from smallworld_tui.ssh.lobby_desk import LobbyDesk

if TYPE_CHECKING:
    from smallworld_tui.ssh.server import GameServer

log = logging.getLogger(__name__)

MAX_UNREAD = 64 * 1024  # bytes of a player's input a host may leave unread


class RemoteEnd(Protocol):
    """A player's terminal as the server holds it."""

    address: str
    size: tuple[int, int]
    join_hint: str  # how others join the way this player did, e.g. "ssh -p 2222 NAME@host"

    def write(self, data: bytes) -> None: ...

    async def read(self) -> Input | None:
        """The next input, or None once the player is gone."""
        ...

    def close(self) -> None: ...


class Visitor:
    def __init__(self, server: GameServer, end: RemoteEnd, name: str, by_key: bool) -> None:
        self.server = server
        self.end = end
        self.name = name
        self.by_key = by_key  # logged in with a key bound to this name
        # (table, seat) -> the seat's proof as this connection proved it
        self.proven: dict[tuple[int, int], str] = {}
        self.secret_failures = 0
        self.size = clamp_size(*end.size)
        self._sink: Callable[[Input], None] = lambda _input: None
        self._farewell = ""
        self._stop = asyncio.Event()
        self._table: tuple[int, asyncio.Task[dict[str, Any]]] | None = None  # at a table
        self._sent_back = ""
        self._gate = InputGate(server.bounds, lambda got: self._sink(got), self._flooded)

    @property
    def address(self) -> str:
        return self.end.address

    async def run(self) -> None:
        pump = asyncio.create_task(self._pump())
        try:
            choice = await self._lobby("")
            while choice is not None and not self._stop.is_set():
                back, notice = await self._at_table(*choice)
                if not back:
                    break
                choice = await self._lobby(notice)
        finally:
            pump.cancel()
            self._gate.close()
            self.end.write((RESTORE + ("\r\n" + self._farewell + "\r\n"
                                       if self._farewell else "")).encode())
            self.end.close()

    def send_back(self, table: int, notice: str) -> None:
        """Take the visitor from ``table`` (if they are at it) back to the lobby, which
        shows ``notice``."""
        if self._table is not None and self._table[0] == table:
            self._sent_back = notice
            self._table[1].cancel()

    def drop(self, farewell: str) -> None:
        """End this connection, telling the player why."""
        self._farewell = farewell
        self._stop.set()

    def _flooded(self) -> None:
        bounds = self.server.bounds
        log.warning("closed the connection of %r from %s: it sent more than %d keys a "
                    "second for %d s", self.name, self.address, bounds.flood_keys_per_second,
                    bounds.flood_seconds)
        self.drop(_("You sent keys faster than the server takes them, for too long."))

    async def _pump(self) -> None:
        while (got := await self.end.read()) is not None:
            if isinstance(got, tuple):
                self.size = clamp_size(*got)
            try:
                self._gate.take(got)
            except Exception:  # garbage input must never end the connection
                log.exception("bad input from %r at %s", self.name, self.address)
        self._stop.set()

    async def _until_stopped(self, *tasks: asyncio.Task[Any]) -> bool:
        """Wait for the first of ``tasks``; False if the connection ended first."""
        stop = asyncio.create_task(self._stop.wait())
        try:
            done, _ = await asyncio.wait({*tasks, stop}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            stop.cancel()
        return bool(done & set(tasks))

    # --- the lobby ----------------------------------------------------------------------
    async def _lobby(self, notice: str) -> tuple[int, int] | None:
        """The lobby until the player chooses (table, seat), or None when they leave."""
        held = bytearray()  # what the player types before the lobby host hears them
        self._sink = lambda got: held.extend(got[:MAX_TYPED_AHEAD - len(held)]) \
            if isinstance(got, bytes) else None
        with contextlib.ExitStack() as leaving:  # then the lobby host closes the lobby
            leaving.callback(self._deaf)
            async with self.server.arrivals:  # a few lobbies start at a time (see GameServer)
                try:
                    reader, writer = await asyncio.open_unix_connection(
                        self.server.hosts.lobby_socket)
                except OSError as exc:
                    log.error("cannot reach the lobby host: %s", exc)
                    self._farewell = _("The lobby cannot be reached just now; try again in a "
                                       "moment.")
                    return None
                leaving.callback(writer.close)
                desk = LobbyDesk(self.server, self)
                shown = asyncio.Event()
                questions: asyncio.Queue[bytes] = asyncio.Queue()

                def heard(kind: bytes, payload: bytes) -> None:
                    if kind == bridge.SHOWN:
                        shown.set()
                    elif kind == bridge.QUESTION:
                        questions.put_nowait(payload)

                def news() -> None:
                    writer.write(bridge.frame(bridge.NEWS, b""))

                writer.write(bridge.json_frame(bridge.HEADER, {
                    "name": self.name, "join_hint": self.server.join_hint(self),
                    "notice": notice, "size": list(self.size)}))
                self._sink = _relay_to(writer)
                if held:
                    self._sink(bytes(held))
                self.server.tables.listeners.append(news)
                leaving.callback(self.server.tables.listeners.remove, news)
                lobby = asyncio.create_task(self._relay_output(reader, heard))
                leaving.callback(lobby.cancel)
                leaving.callback(asyncio.create_task(_answer(desk, questions, writer)).cancel)
                shown_task = asyncio.create_task(shown.wait())
                await self._until_stopped(lobby, shown_task)
                shown_task.cancel()
            finished = await self._until_stopped(lobby)
        if not finished:
            return None
        end = lobby.result()
        if "choice" not in end:
            log.error("the lobby of %r failed", self.name)
            self._farewell = _("Sorry, the lobby failed; the server's log says why.")
            return None
        choice = end["choice"]
        return None if choice is None else (int(choice[0]), int(choice[1]))

    def _deaf(self) -> None:
        """The player's input goes nowhere (until the next host hears it)."""
        self._sink = lambda _input: None

    # --- at a table ---------------------------------------------------------------------
    async def _at_table(self, table: int, seat: int) -> tuple[bool, str]:
        """Relay the connection to the table's host; (back to the lobby?, notice).  A seat
        is entered only if it is this connection's at this moment (``GameServer.owns``)."""
        if seat >= 0:
            playing = self.server.tables.by_id.get(table)
            if playing is None or not self.server.owns(self, playing, seat):
                return True, _("You no longer have a seat at table {id}.").format(id=table)
            self.server.occupy(self, table, seat)
        try:
            reader, writer = await asyncio.open_unix_connection(
                self.server.hosts.socket_for(table))
        except OSError as exc:
            log.error("cannot reach the host of table %s: %s", table, exc)
            self.server.vacate(self, table, seat)
            return True, _("Table {id} cannot be reached just now; try again.").format(id=table)

        writer.write(bridge.json_frame(bridge.HEADER, {"table": table, "seat": seat,
                                                       "size": list(self.size)}))
        self._sink = _relay_to(writer)
        task = asyncio.create_task(self._relay_output(reader))
        self._table = (table, task)
        try:
            if not await self._until_stopped(task):
                task.cancel()
                return False, ""
            if task.cancelled():
                return True, self._sent_back
            end = task.result()
        finally:
            self._table = None
            self._deaf()
            writer.close()
            self.server.vacate(self, table, seat)
        if end.get("to") == "lobby":
            return True, ""
        if end.get("to") == "error":
            return True, _("Table {id} could not be shown; the server's log says why.").format(
                id=table)
        return False, ""

    async def _relay_output(self, reader: asyncio.StreamReader,
                            heard: Callable[[bytes, bytes], None] | None = None
                            ) -> dict[str, Any]:
        """Relay a host's output to the player's terminal until the visit's end (its
        ``bridge.END``; ``{"to": "error"}`` if the host hung up); its other frames go to
        ``heard``."""
        while (got := await bridge.read_frame(reader)) is not None:
            kind, payload = got
            if kind == bridge.DATA:
                self.end.write(payload)
                self._gate.sent(len(payload))
            elif kind == bridge.END:
                end: dict[str, Any] = json.loads(payload)
                return end
            elif heard is not None:
                heard(kind, payload)
        return {"to": "error"}


def _relay_to(writer: asyncio.StreamWriter) -> Callable[[Input], None]:
    """What relays the player's input to a host over ``writer`` (dropped while the host has
    more than ``MAX_UNREAD`` bytes of it still to read)."""

    def relay(got: Input) -> None:
        if writer.transport.get_write_buffer_size() > MAX_UNREAD:
            return
        if isinstance(got, bytes):
            writer.write(bridge.frame(bridge.DATA, got))
        else:
            writer.write(bridge.json_frame(bridge.RESIZE, list(got)))

    return relay


async def _answer(desk: LobbyDesk, questions: asyncio.Queue[bytes],
                  writer: asyncio.StreamWriter) -> None:
    """Answer a lobby's questions, one after the other in the order asked."""
    while True:
        question = await questions.get()
        writer.write(bridge.json_frame(bridge.ANSWER, await desk.answer(question)))
