"""One remote player's connection, from the lobby to tables and back, until they leave.

The connection's terminal (an SSH channel or a browser's socket: a ``RemoteEnd``) stays with
the server's main loop.  In the lobby its input goes to a lobby App in the lobbies' thread
(``lobby_thread``), and the App's output comes back, each through that thread's crossings; at
a table it is relayed to the table's host and the host's output is relayed back, here.
However the visit ends — the player quits, the table's screen fails, the seat is taken over by
a new connection, the server stops — the terminal is left usable (``RESTORE``) with a word on why.
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
from smallworld_tui.ssh.driver import RESTORE, clamp_size
from smallworld_tui.ssh.lobby import LobbyVisit
from smallworld_tui.ssh.lobby_desk import LobbyDesk
from smallworld_tui.ssh.lobby_thread import LobbyThreadStopped

if TYPE_CHECKING:
    from smallworld_tui.ssh.server import GameServer

log = logging.getLogger(__name__)

Input = bytes | tuple[int, int]  # bytes typed, or the terminal's new size
CLOSE_SECONDS = 5.0


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
        self.proven: set[tuple[int, int]] = set()  # (table, seat) proved in this connection
        self.secret_failures = 0
        self.size = clamp_size(*end.size)
        self._sink: Callable[[Input], None] = lambda _input: None
        self._farewell = ""
        self._stop = asyncio.Event()

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
            self.end.write((RESTORE + ("\r\n" + self._farewell + "\r\n"
                                       if self._farewell else "")).encode())
            self.end.close()

    def drop(self, farewell: str) -> None:
        """End this connection, telling the player why."""
        self._farewell = farewell
        self._stop.set()

    async def _pump(self) -> None:
        while (got := await self.end.read()) is not None:
            if isinstance(got, tuple):
                self.size = clamp_size(*got)
            try:
                self._sink(got)
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
        lobbies = self.server.lobbies
        shown = asyncio.Event()
        visit = LobbyVisit(LobbyDesk(self.server, self, lobbies), self.name,
                           self.server.join_hint(self), notice, self.size,
                           send=lambda data: lobbies.tell_main(self.end.write, data),
                           shown=lambda: lobbies.tell_main(shown.set))

        def wake() -> None:
            lobbies.soon(visit.tables_changed)

        self._sink = lambda got: lobbies.soon(visit.feed, got)
        self.server.tables.listeners.append(wake)
        try:
            async with self.server.arrivals:  # a few lobbies start at a time (see GameServer)
                task = asyncio.create_task(lobbies.run(visit.run()))
                shown_task = asyncio.create_task(shown.wait())
                await self._until_stopped(task, shown_task)
                shown_task.cancel()
            finished = await self._until_stopped(task)
        finally:
            self._sink = lambda _input: None
            self.server.tables.listeners.remove(wake)
        if not finished:
            lobbies.soon(visit.exit)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(task, CLOSE_SECONDS)
            return None
        try:
            return task.result()
        except LobbyThreadStopped:  # the server stops: the player has been told
            return None
        except Exception:
            log.exception("the lobby of %r failed", self.name)
            self._farewell = _("Sorry, the lobby failed; the server's log says why.")
            return None

    # --- at a table ---------------------------------------------------------------------
    async def _at_table(self, table: int, seat: int) -> tuple[bool, str]:
        """Relay the connection to the table's host; (back to the lobby?, notice)."""
        if seat >= 0:
            self.server.occupy(self, table, seat)
        try:
            reader, writer = await asyncio.open_unix_connection(
                self.server.hosts.socket_for(table))
        except OSError as exc:
            log.error("cannot reach the host of table %s: %s", table, exc)
            self.server.vacate(self, table, seat)
            return True, _("Table {id} cannot be reached just now; try again.").format(id=table)

        def relay(got: Input) -> None:
            if isinstance(got, bytes):
                writer.write(bridge.frame(bridge.DATA, got))
            else:
                writer.write(bridge.json_frame(bridge.RESIZE, list(got)))

        writer.write(bridge.json_frame(bridge.HEADER, {"table": table, "seat": seat,
                                                       "size": list(self.size)}))
        self._sink = relay
        task = asyncio.create_task(self._relay_output(reader))
        try:
            if not await self._until_stopped(task):
                task.cancel()
                return False, ""
            end = task.result()
        finally:
            self._sink = lambda _input: None
            writer.close()
            self.server.vacate(self, table, seat)
        if end.get("to") == "lobby":
            return True, ""
        if end.get("to") == "error":
            return True, _("Table {id} could not be shown; the server's log says why.").format(
                id=table)
        return False, ""

    async def _relay_output(self, reader: asyncio.StreamReader) -> dict[str, str]:
        while (got := await bridge.read_frame(reader)) is not None:
            kind, payload = got
            if kind == bridge.DATA:
                self.end.write(payload)
            elif kind == bridge.END:
                end: dict[str, str] = json.loads(payload)
                return end
        return {"to": "error"}
