"""The lobby host: runs the lobby Apps of a server's visitors, one per visit.

A lobby's steps (its App starting, composing, repainting the whole screen) take tens to hundreds
of milliseconds of processor time each; a burst of logins makes dozens of them.  In the server
they held up its other work: the SSH traffic and the relays between seated players and their
table hosts.  So the lobbies run in a process of their own (``worker --lobbies``, at a lower
priority), which the server reaches like a table host: one Unix socket per visit (``bridge``).
The visit's header names the player and their terminal; the lobby asks the server everything
through its ``RemoteDesk``, and ends with the (table, seat) the player chose, or none.

The host trusts the server, which started it; its socket is in a folder only the server's
user can enter.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from smallworld_tui.ssh import bridge
from smallworld_tui.ssh.lobby import LobbyVisit
from smallworld_tui.ssh.lobby_desk import RemoteDesk

log = logging.getLogger(__name__)

CLOSE_SECONDS = 5.0


class LobbyHost:
    def __init__(self) -> None:
        self._visits: set[asyncio.Task[Any]] = set()

    async def serve(self, path: Path) -> asyncio.Server:
        return await asyncio.start_unix_server(self._visit, path)

    async def stop(self) -> None:
        """Wait a while for the lobbies still open to close (the server has hung up on them),
        then cancel them."""
        if self._visits:
            await asyncio.wait(set(self._visits), timeout=CLOSE_SECONDS)
        for task in set(self._visits):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _visit(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._visits.add(task)
        try:
            end = await self._stay(reader, writer)
            if end is not None:
                await bridge.end_visit(reader, writer, end)
        finally:
            self._visits.discard(task)
            writer.close()

    async def _stay(self, reader: asyncio.StreamReader,
                    writer: asyncio.StreamWriter) -> dict[str, Any] | None:
        """One visit's lobby; what to tell the server at its end (None: it hung up)."""
        first = await bridge.read_frame(reader)
        if first is None or first[0] != bridge.HEADER:
            return None
        header = json.loads(first[1])
        send = bridge.sender(writer)
        desk = RemoteDesk(send)
        visit = LobbyVisit(desk, str(header["name"]), str(header["join_hint"]),
                           str(header["notice"]),
                           (int(header["size"][0]), int(header["size"][1])),
                           send=lambda data: send(bridge.frame(bridge.DATA, data)),
                           shown=lambda: send(bridge.frame(bridge.SHOWN, b"")))
        lobby = asyncio.create_task(visit.run())
        heard = asyncio.create_task(bridge.hear(reader, self._heard(visit, desk),
                                                f"in the lobby of {visit.name!r}"))
        try:
            await asyncio.wait({lobby, heard}, return_when=asyncio.FIRST_COMPLETED)
        except asyncio.CancelledError:  # the host stops
            lobby.cancel()
            raise
        finally:
            heard.cancel()
            await asyncio.wait({heard})  # its read ends before the visit's last one
        if not lobby.done():  # the server hung up: the player left
            desk.hang_up()
            visit.exit()
            await _closed(lobby)
            return None
        try:
            choice = lobby.result()
        except Exception:
            log.exception("the lobby of %r failed", visit.name)
            return {"to": "error"}
        return {"choice": None if choice is None else list(choice)}

    @staticmethod
    def _heard(visit: LobbyVisit, desk: RemoteDesk) -> Callable[[bytes, bytes], None]:
        """What takes the frames the server sends for the visit."""

        def heard(kind: bytes, payload: bytes) -> None:
            if kind == bridge.DATA:
                visit.feed(payload)
            elif kind == bridge.RESIZE:
                visit.feed(bridge.size(payload))
            elif kind == bridge.NEWS:
                visit.tables_changed()
            elif kind == bridge.ANSWER:
                desk.answered(payload)

        return heard


async def _closed(lobby: asyncio.Task[Any]) -> None:
    """Wait a while for a lobby the server hung up on to close.  Its questions were
    cancelled (``RemoteDesk.hang_up``), so it may end cancelled itself: that is its end, not
    this visit's cancellation (which is raised on)."""
    try:
        with contextlib.suppress(Exception):  # whatever it ended with: the player is gone
            await asyncio.wait_for(lobby, CLOSE_SECONDS)
    except asyncio.CancelledError:
        task = asyncio.current_task()
        if task is not None and task.cancelling():
            raise
