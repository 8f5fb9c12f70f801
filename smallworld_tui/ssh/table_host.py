"""A table host: runs the game screens of the tables given to it, one App per visit.

The server sends each visit over a Unix socket (``bridge``): which table, which seat (or a
spectator) and the terminal's size, then the player's input.  The host loads a table's game from
the store on its first visit, writes every move to the store before anyone sees it, and reports
how each game goes (``report``): its progress, its result once over, or why it cannot be
played (a damaged journal), while the other tables go on.  It plays a table's computer players
(``BotSeats``) whenever the decision is theirs, at a pace people can follow, as long as it
serves; their moves are stored like anyone's.

A finished game, or one the host closed, is archived: the host forgets it (``release``; the
screens showing it keep their copy), and loads it afresh for each later visit, to be watched
again in the replay viewer only.

The host trusts the server: it runs in the server itself or in a worker process the server
started, and its socket is in a folder only the server's user can enter.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from smallworld_tui.engine import SPECTATOR, Event, IllegalAction, MapError, RecordError
from smallworld_tui.session import GameSession
from smallworld_tui.session.bot_seats import DEFAULT_PACE, BotSeats
from smallworld_tui.session.replay import Replay
from smallworld_tui.ssh import bridge
from smallworld_tui.ssh.app import QUIT, TableApp
from smallworld_tui.ssh.driver import AppTerminal
from smallworld_tui.ssh.store import Journal, Store
from smallworld_tui.ssh.tables import stored_game

log = logging.getLogger(__name__)

Report = Callable[[dict[str, Any]], None]
CLOSE_SECONDS = 5.0
RETRY_SECONDS = 5.0  # a computer player's move that could not be stored is tried again


class TableHost:
    def __init__(self, store: Store, report: Report, bot_pace: float = DEFAULT_PACE) -> None:
        self.store = store
        self.report = report
        self.bot_pace = bot_pace  # seconds per computer player's move
        self.sessions: dict[int, GameSession] = {}
        self.bots: dict[int, BotSeats] = {}  # the computer players of each table that has any
        self._bot_tasks: dict[int, asyncio.Task[None]] = {}
        self.damaged: dict[int, str] = {}
        self._reported: dict[int, dict[str, Any]] = {}  # the last news of each table
        self.visits = 0

    # --- games --------------------------------------------------------------------------
    def preload(self, tables: Iterable[int]) -> None:
        """Load these tables now, so the lobby knows how their games stand."""
        for table in tables:
            self.session(table)

    def session(self, table: int) -> GameSession | None:
        """The table's game (None if it cannot be played, which is reported once); an
        archived game's is a copy of its own, kept by nobody."""
        if table in self.sessions or table in self.damaged:
            return self.sessions.get(table)
        source = f"{self.store.path} (table {table})"
        try:
            row, record = stored_game(self.store, table)
            session = GameSession(record, journal=Journal(self.store, table), source=source)
        except RecordError as exc:
            self._damaged(table, str(exc))
            return None
        except (IllegalAction, MapError, KeyError, ValueError) as exc:
            self._damaged(table, f"{source}: bad game setup: {exc}")
            return None
        if row.archived:
            return session
        self.sessions[table] = session
        if record.bots:
            self.bots[table] = BotSeats(session, self.bot_pace)
        session.subscribe(lambda events: self._changed(table, session, events))
        self._changed(table, session, [])
        return session

    def _damaged(self, table: int, reason: str) -> None:
        self.damaged[table] = reason
        self.report({"table": table, "damaged": reason})

    def _changed(self, table: int, session: GameSession, events: list[Event]) -> None:
        """Report how the game stands when that changed (not at every conquest)."""
        view = session.view(SPECTATOR)
        if view.finished:
            news: dict[str, Any] = {"table": table, "result": {
                "names": view.names, "coins": view.coins, "winners": view.winners}}
        else:
            news = {"table": table, "progress": {
                "round": view.round, "turns": view.turns, "actor": view.actor}}
        if news == self._reported.get(table):
            return
        self._reported[table] = news
        if view.finished:
            with contextlib.suppress(OSError):  # the result is worked out again on load
                self.store.finish(table, news["result"])
                self.release(table)
        self.report(news)
        self.wake_bots(table)

    def release(self, table: int) -> None:
        """Forget a game that is over (finished, or closed by the host): its computer
        players stop, and later visits load it afresh, to be watched."""
        self.sessions.pop(table, None)
        self.bots.pop(table, None)
        self._reported.pop(table, None)
        task = self._bot_tasks.pop(table, None)
        if task is not None:
            task.cancel()

    # --- computer players ----------------------------------------------------------------
    def wake_bots(self, table: int) -> None:
        """Let the table's computer players play if the decision is theirs (from the event
        loop only; tables loaded before it runs are woken by ``serve``)."""
        seats = self.bots.get(table)
        running = self._bot_tasks.get(table)
        if seats is None or not seats.to_move() or (running is not None and not running.done()):
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._bot_tasks[table] = loop.create_task(self._play_bots(table, seats))

    async def _play_bots(self, table: int, seats: BotSeats) -> None:
        while seats.to_move():
            try:
                await seats.play()
            except IllegalAction as exc:  # not stored (a full disk): try again later
                log.error("a computer player's move at table %s was not played: %s", table,
                          exc)
                await asyncio.sleep(RETRY_SECONDS)

    # --- visits -------------------------------------------------------------------------
    async def serve(self, path: Path) -> asyncio.Server:
        server = await asyncio.start_unix_server(self.visit, path)
        for table in list(self.bots):
            self.wake_bots(table)
        return server

    async def stop(self) -> None:
        """Stop the computer players (their games are saved up to their last move)."""
        for task in self._bot_tasks.values():
            task.cancel()
        for task in self._bot_tasks.values():
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def visit(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """One player's visit to a table, until they leave it or the server hangs up."""
        self.visits += 1
        try:
            first = await bridge.read_frame(reader)
            if first is None or first[0] != bridge.HEADER:
                return
            header = json.loads(first[1])
            end = await self._play(reader, writer, int(header["table"]), int(header["seat"]),
                                   (int(header["size"][0]), int(header["size"][1])))
            await bridge.end_visit(reader, writer, end)
        except asyncio.CancelledError:  # the host stops: nobody waits for this visit
            pass
        finally:
            self.visits -= 1
            writer.close()

    async def _play(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                    table: int, seat: int, size: tuple[int, int]) -> dict[str, str]:
        session = self.session(table)
        if session is None:
            return {"to": "error", "message": self.damaged.get(table, "")}
        replay = None
        if table not in self.sessions:  # an archived game is only watched again
            seat, replay = SPECTATOR, Replay(session.record, f"table {table}")
        send = bridge.sender(writer)
        terminal = AppTerminal(lambda data: send(bridge.frame(bridge.DATA, data)), size)
        app = TableApp(session, seat, table, terminal, replay=replay)
        app_task = asyncio.create_task(app.run_async())
        input_task = asyncio.create_task(bridge.hear(reader, self._heard(terminal),
                                                     f"at table {table}"))
        try:
            done, _ = await asyncio.wait({app_task, input_task},
                                         return_when=asyncio.FIRST_COMPLETED)
        finally:
            input_task.cancel()
            await asyncio.wait({input_task})  # its read ends before the visit's last one
            if not app_task.done():
                app.exit()
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(app_task, CLOSE_SECONDS)
        if input_task in done:  # the server hung up: nobody to tell
            return {"to": QUIT, "message": ""}
        if app.return_code not in (0, None):
            log.error("the game screen of table %s seat %s failed", table, seat)
            return {"to": "error", "message": ""}
        return {"to": app.leaving_to, "message": ""}

    @staticmethod
    def _heard(terminal: AppTerminal) -> Callable[[bytes, bytes], None]:
        """What takes the frames the server sends for the visit."""

        def heard(kind: bytes, payload: bytes) -> None:
            if kind == bridge.DATA:
                terminal.received(payload)
            elif kind == bridge.RESIZE:
                terminal.resized(*bridge.size(payload))

        return heard
