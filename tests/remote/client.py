"""A scripted SSH player: an asyncssh client with a pty whose output feeds a pyte screen."""

from __future__ import annotations

import asyncio
import time

import asyncssh
import pyte


class Player:
    """One terminal connected to the test server."""

    def __init__(self, conn: asyncssh.SSHClientConnection,
                 process: asyncssh.SSHClientProcess[bytes], size: tuple[int, int]) -> None:
        self.conn = conn
        self.process = process
        self.screen = pyte.Screen(*size)
        self.stream = pyte.ByteStream(self.screen)
        self.received = 0
        self._reader = asyncio.create_task(self._read())

    @classmethod
    async def join(cls, port: int, name: str, password: str,
                   size: tuple[int, int] = (120, 36)) -> Player:
        conn = await asyncssh.connect("127.0.0.1", port, username=name, password=password,
                                      known_hosts=None)
        process = await conn.create_process(term_type="xterm-256color", term_size=size,
                                            encoding=None)
        return cls(conn, process, size)

    async def _read(self) -> None:
        while True:
            data = await self.process.stdout.read(65536)
            if not data:
                return
            self.received += len(data)
            self.stream.feed(data)

    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def wait_for(self, *needles: str, timeout: float = 15.0) -> str:
        """Wait until every needle shows on the screen; returns the screen text."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            text = self.text()
            if all(n in text for n in needles):
                return text
            await asyncio.sleep(0.05)
        raise AssertionError(f"{needles!r} never appeared; the screen shows:\n{self.text()}")

    async def wait_gone(self, needle: str, timeout: float = 15.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if needle not in self.text():
                return
            await asyncio.sleep(0.05)
        raise AssertionError(f"{needle!r} is still on the screen:\n{self.text()}")

    def send(self, keys: str | bytes) -> None:
        self.process.stdin.write(keys.encode() if isinstance(keys, str) else keys)

    async def close(self) -> None:
        self.conn.close()
        self._reader.cancel()
        await asyncio.sleep(0.1)
