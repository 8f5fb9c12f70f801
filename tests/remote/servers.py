"""A test game server on loopback that can be stopped and restarted."""

from __future__ import annotations

from pathlib import Path

from smallworld_tui.ssh.bounds import Bounds
from smallworld_tui.ssh.files import load_host_key
from smallworld_tui.ssh.guard import Limits
from smallworld_tui.ssh.hosting import Hosting, host_games
from smallworld_tui.ssh.keys import KeyBook
from smallworld_tui.ssh.server import Door, GameServer
from smallworld_tui.ssh.store import Store
from smallworld_tui.ssh.tables import TableLimits, Tables, TableSettings, new_table

PASSWORD = "secret-pw"
# fast delays, so that the tests of failed logins do not wait for long
TEST_LIMITS = Limits(first_delay=0.01, max_delay=0.05)


def two_player_table() -> TableSettings:
    return new_table(2, "base-2p", seed=1)


class Host:
    """A running server and the knobs to stop and restart it."""

    def __init__(self, tmp: Path, *, password: str | None = PASSWORD,
                 keys: KeyBook | None = None, workers: int = 0,
                 lobbies_apart: bool = False, limits: Limits = TEST_LIMITS,
                 table_limits: TableLimits | None = None,
                 bounds: Bounds | None = None) -> None:
        self.tmp = tmp
        self.key = load_host_key(tmp / "host_key")
        self.store = Store(tmp / "games.sqlite3")
        self.door = Door(password, keys)
        self.workers = workers
        self.lobbies_apart = lobbies_apart  # in a process of their own, as ``serve`` runs them
        self.limits = limits
        self.table_limits = table_limits or TableLimits()
        self.bounds = bounds
        self.hosting: Hosting | None = None
        self.tables = Tables(self.store, self.table_limits)
        self.port = 0

    @property
    def server(self) -> GameServer:
        assert self.hosting is not None
        return self.hosting.server

    async def start(self, *tables: TableSettings) -> GameServer:
        """Serve the store's tables, and open ``tables``."""
        self.tables = Tables(self.store, self.table_limits)
        self.tables.restore()
        for settings in tables:
            self.tables.open(settings)
        self.hosting = await host_games(self.store, self.tables, self.door, "127.0.0.1",
                                        self.port, self.key, workers=self.workers,
                                        lobbies_apart=self.lobbies_apart, limits=self.limits,
                                        bounds=self.bounds)
        self.port = self.hosting.port
        return self.hosting.server

    async def stop(self) -> None:
        if self.hosting is not None:
            await self.hosting.close()
            self.hosting = None
