"""Where the tables' game screens run: in the server process, or spread over worker processes.

Textual renders every screen of a process on one core, so a server with many tables moves them
to ``workers`` processes (table ``t`` to worker ``t % workers``); with 0 workers the server hosts
them itself.  Either way the server reaches a table through a Unix socket in a private folder
(``bridge``), and hears how its game goes (``Tables.hear``).  A worker that dies is started
again; its tables are reloaded from the store, so no move is lost.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sys
from collections.abc import Sequence
from pathlib import Path

from smallworld_tui.i18n import current_language
from smallworld_tui.ssh.store import Store
from smallworld_tui.ssh.table_host import TableHost
from smallworld_tui.ssh.tables import Tables

log = logging.getLogger(__name__)

RESTART_SECONDS = 1.0
READY_SECONDS = 60.0
WORKER = (sys.executable, "-m", "smallworld_tui.ssh.worker")


class HostPool:
    def __init__(self, store: Store, tables: Tables, workers: int, folder: Path,
                 command: Sequence[str] = WORKER) -> None:
        self.store = store
        self.tables = tables
        self.workers = workers
        self.folder = folder
        self.command = list(command)  # a worker (its arguments follow: see worker.arguments)
        self.local: TableHost | None = None
        self._server: asyncio.Server | None = None
        self.processes: dict[int, asyncio.subprocess.Process] = {}  # worker index -> process
        self._watchers: list[asyncio.Task[None]] = []
        self._stopping = False

    def socket_for(self, table: int) -> Path:
        return self.folder / f"tables-{table % max(self.workers, 1)}.sock"

    def _playing(self, index: int) -> list[int]:
        return [t.id for t in self.tables.listing() if t.started and not t.finished
                and t.id % max(self.workers, 1) == index]

    async def start(self) -> None:
        if self.workers == 0:
            self.local = TableHost(self.store, self.tables.hear)
            self.local.preload(self._playing(0))
            self._server = await self.local.serve(self.socket_for(0))
            return
        for index in range(self.workers):
            await self._spawn(index)
            self._watchers.append(asyncio.create_task(self._watch(index)))

    async def _spawn(self, index: int) -> None:
        command = [*self.command, "--db", str(self.store.path), "--socket",
                   str(self.socket_for(index)), "--lang", current_language(),
                   "--preload", ",".join(map(str, self._playing(index)))]
        process = await asyncio.create_subprocess_exec(
            *command, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
        assert process.stdout is not None
        try:
            while True:  # its reports on the tables it preloads, then "ready"
                line = await asyncio.wait_for(process.stdout.readline(), READY_SECONDS)
                if not line:
                    raise RuntimeError(f"table worker {index} could not start")
                news = json.loads(line)
                if news.get("ready"):
                    self.processes[index] = process
                    return
                self.tables.hear(news)
        except BaseException:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            await process.wait()
            raise

    async def _watch(self, index: int) -> None:
        """Pass a worker's reports on; start it again if it dies."""
        while not self._stopping:
            process = self.processes[index]
            assert process.stdout is not None
            while line := await process.stdout.readline():
                with contextlib.suppress(ValueError, KeyError):
                    self.tables.hear(json.loads(line))
            await process.wait()
            if self._stopping:
                return
            log.error("table worker %d stopped (exit status %s); starting it again", index,
                      process.returncode)
            await asyncio.sleep(RESTART_SECONDS)
            with contextlib.suppress(RuntimeError, TimeoutError, OSError):
                await self._spawn(index)

    async def stop(self) -> None:
        self._stopping = True
        if self._server is not None:
            self._server.close()
        if self.local is not None:
            await self.local.stop_bots()
        for process in self.processes.values():
            if process.stdin is not None:
                process.stdin.close()  # the worker ends when its input ends
        for process in self.processes.values():
            try:
                await asyncio.wait_for(process.wait(), 10)
            except TimeoutError:
                process.kill()
                await process.wait()
        for watcher in self._watchers:
            watcher.cancel()
