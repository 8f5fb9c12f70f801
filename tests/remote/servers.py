"""A test SSH game server on loopback that can be stopped and restarted."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncssh

from smallworld_tui.ssh.app import make_app
from smallworld_tui.ssh.server import GameServer, load_host_key, quiet_textual_stdio, start_server
from smallworld_tui.ssh.store import Store

PASSWORD = "secret-pw"


class Host:
    """A running server and the knobs to stop and restart it."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.key = load_host_key(tmp / "host_key")
        self.store = Store(tmp / "games.sqlite3")
        self.server: GameServer | None = None
        self.acceptor: asyncssh.SSHAcceptor | None = None
        self.port = 0

    async def start(self, resume: bool = False) -> GameServer:
        quiet_textual_stdio()
        self.server = GameServer(store=self.store, players=2, app_factory=make_app,
                                 map_name="base-2p", seed=1)
        if resume:
            assert self.server.resume()
        self.acceptor = await start_server(self.server, "127.0.0.1", self.port, self.key,
                                           password=PASSWORD)
        self.port = self.acceptor.sockets[0].getsockname()[1]
        return self.server

    async def stop(self) -> None:
        assert self.acceptor is not None and self.server is not None
        for conn in list(self.server.connections):
            conn.app.exit()
        self.acceptor.close()
        await self.acceptor.wait_closed()
        await asyncio.sleep(0.2)
