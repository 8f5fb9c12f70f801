"""Where the screens run: the tables' game screens and the lobbies, in the server process or in
worker processes.

Textual renders every screen of a process on one core, so a server with many tables moves them
to ``workers`` processes (table ``t`` to worker ``t % workers``); with 0 workers the server hosts
them itself.  The lobbies run in a process of their own (``lobby_host``), started whatever the
number of workers, unless ``lobbies_apart`` is off (the tests, which start many servers, keep
them in the server).  Either way the server reaches a table or the lobby through a Unix socket
in a private folder (``bridge``), and hears how each game goes (``Tables.hear``).  A worker that
dies is started again; its tables are reloaded from the store, so no move is lost.  A worker is
told on its input, one JSON object a line, of the games the host closed (``release``).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from smallworld_tui.i18n import current_language
from smallworld_tui.ssh.lobby_host import LobbyHost
from smallworld_tui.ssh.store import Store
from smallworld_tui.ssh.table_host import TableHost
from smallworld_tui.ssh.tables import Tables

log = logging.getLogger(__name__)

RESTART_SECONDS = 1.0
READY_SECONDS = 60.0
STOP_SECONDS = 10.0
WORKER = (sys.executable, "-m", "smallworld_tui.ssh.worker")


class Worker:
    """One worker process: started by ``start`` (its reports go to ``hear`` until it is
    ready), started again whenever it dies, ended by ``stop``."""

    def __init__(self, label: str, command: Callable[[], list[str]],
                 hear: Callable[[dict[str, Any]], None]) -> None:
        self.label = label
        self.command = command  # asked again at each start
        self.hear = hear
        self.process: asyncio.subprocess.Process | None = None
        self._watcher: asyncio.Task[None] | None = None
        self._stopping = False

    async def start(self) -> None:
        await self._spawn()
        self._watcher = asyncio.create_task(self._watch())

    async def _spawn(self) -> None:
        process = await asyncio.create_subprocess_exec(
            *self.command(), stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
        assert process.stdout is not None
        try:
            while True:  # its reports (on the tables it preloads), then "ready"
                line = await asyncio.wait_for(process.stdout.readline(), READY_SECONDS)
                if not line:
                    raise RuntimeError(f"{self.label} could not start")
                news = json.loads(line)
                if news.get("ready"):
                    self.process = process
                    return
                self.hear(news)
        except BaseException:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            await process.wait()
            raise

    async def _watch(self) -> None:
        """Pass the reports on; start the worker again if it dies."""
        while not self._stopping:
            process = self.process
            assert process is not None and process.stdout is not None
            while line := await process.stdout.readline():
                with contextlib.suppress(ValueError, KeyError):
                    self.hear(json.loads(line))
            await process.wait()
            if self._stopping:
                return
            log.error("%s stopped (exit status %s); starting it again", self.label,
                      process.returncode)
            await asyncio.sleep(RESTART_SECONDS)
            with contextlib.suppress(RuntimeError, TimeoutError, OSError):
                await self._spawn()

    def tell(self, news: dict[str, Any]) -> None:
        """Send ``news`` to the worker (lost if it is being started again: it then loads
        what the store says)."""
        process = self.process
        if process is not None and process.stdin is not None and process.returncode is None:
            process.stdin.write(json.dumps(news).encode() + b"\n")

    async def stop(self) -> None:
        self._stopping = True
        process = self.process
        if process is not None:
            if process.stdin is not None:
                process.stdin.close()  # a worker ends when its input ends
            try:
                await asyncio.wait_for(process.wait(), STOP_SECONDS)
            except TimeoutError:
                process.kill()
                await process.wait()
        if self._watcher is not None:
            self._watcher.cancel()


class HostPool:
    def __init__(self, store: Store, tables: Tables, workers: int, folder: Path,
                 command: Sequence[str] = WORKER, lobbies_apart: bool = True) -> None:
        self.store = store
        self.tables = tables
        self.workers = workers
        self.folder = folder
        self.command = list(command)  # a table worker (its arguments follow: see worker.py)
        self.lobbies_apart = lobbies_apart
        self.local: TableHost | None = None
        self.local_lobbies: LobbyHost | None = None
        self._servers: list[asyncio.Server] = []
        self.table_workers: list[Worker] = []
        self.lobby_worker: Worker | None = None

    def socket_for(self, table: int) -> Path:
        return self.folder / f"tables-{table % max(self.workers, 1)}.sock"

    @property
    def lobby_socket(self) -> Path:
        return self.folder / "lobbies.sock"

    def _playing(self, index: int) -> list[int]:
        return [t.id for t in self.tables.listing() if t.started and not t.archived
                and t.id % max(self.workers, 1) == index]

    def release(self, table: int) -> None:
        """The host closed ``table``'s game: its table host forgets it."""
        if self.local is not None:
            self.local.release(table)
        elif self.table_workers:
            self.table_workers[table % self.workers].tell({"release": table})

    async def start(self) -> None:
        if self.workers == 0:
            self.local = TableHost(self.store, self.tables.hear)
            self.local.preload(self._playing(0))
            self._servers.append(await self.local.serve(self.socket_for(0)))
        self.table_workers = [
            Worker(f"table worker {index}", functools.partial(self._table_worker, index),
                   self.tables.hear) for index in range(self.workers)]
        if self.lobbies_apart:
            self.lobby_worker = Worker("the lobbies' worker", self._lobby_worker,
                                       lambda _news: None)
        else:
            self.local_lobbies = LobbyHost()
            self._servers.append(await self.local_lobbies.serve(self.lobby_socket))
        async with asyncio.TaskGroup() as starting:  # together: each takes a second or so
            for worker in self._workers():
                starting.create_task(worker.start())

    def _table_worker(self, index: int) -> list[str]:
        return [*self.command, "--db", str(self.store.path), "--socket",
                str(self.socket_for(index)), "--lang", current_language(),
                "--preload", ",".join(map(str, self._playing(index)))]

    def _lobby_worker(self) -> list[str]:
        return [*WORKER, "--lobbies", "--socket", str(self.lobby_socket), "--lang",
                current_language()]

    async def stop(self) -> None:
        for server in self._servers:
            server.close()
        if self.local is not None:
            await self.local.stop()
        if self.local_lobbies is not None:
            await self.local_lobbies.stop()
        await asyncio.gather(*(worker.stop() for worker in self._workers()))

    def _workers(self) -> list[Worker]:
        return [*self.table_workers, *([self.lobby_worker] if self.lobby_worker else [])]
