"""A scripted remote player: an asyncssh client with a pty whose output feeds a pyte screen."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Callable

import asyncssh
import pyte

ENTER, ESCAPE, DOWN = "\r", "\x1b", "\x1b[B"
SECRET = re.compile(r"\b([a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4})\b")


class Player:
    """One terminal connected to the test server."""

    def __init__(self, conn: asyncssh.SSHClientConnection,
                 process: asyncssh.SSHClientProcess[bytes], size: tuple[int, int]) -> None:
        self.conn = conn
        self.process = process
        self.screen = pyte.Screen(*size)
        self.stream = pyte.ByteStream(self.screen)
        self.received = 0
        self.raw = bytearray()
        self._reader = asyncio.create_task(self._read())

    @classmethod
    async def join(cls, port: int, name: str, password: str | None = None,
                   size: tuple[int, int] = (100, 30),
                   key: asyncssh.SSHKey | None = None, address: str = "127.0.0.1") -> Player:
        """A player logged in as ``name`` from ``address`` (any of 127.0.0.0/8)."""
        conn = await asyncssh.connect("127.0.0.1", port, username=name, password=password,
                                      client_keys=[key] if key else None, known_hosts=None,
                                      agent_path=None, config=[], local_addr=(address, 0))
        process = await conn.create_process(term_type="xterm-256color", term_size=size,
                                            encoding=None)
        return cls(conn, process, size)

    async def _read(self) -> None:
        while True:
            data = await self.process.stdout.read(65536)
            if not data:
                return
            self.received += len(data)
            self.raw += data
            self.stream.feed(data)

    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def _until(self, shown: Callable[[str], bool], what: str, timeout: float) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            text = self.text()
            if shown(text):
                return text
            await asyncio.sleep(0.05)
        raise AssertionError(f"never happened: {what}; the screen shows:\n{self.text()}")

    async def wait_for(self, *needles: str, timeout: float = 15.0) -> str:
        """Wait until every needle shows on the screen; returns the screen text."""
        return await self._until(lambda text: all(n in text for n in needles),
                                 f"{needles!r} shown", timeout)

    async def wait_for_any(self, *needles: str, timeout: float = 15.0) -> str:
        return await self._until(lambda text: any(n in text for n in needles),
                                 f"one of {needles!r} shown", timeout)

    async def wait_gone(self, needle: str, timeout: float = 15.0) -> None:
        await self._until(lambda text: needle not in text, f"{needle!r} gone", timeout)

    async def ended(self, timeout: float = 15.0) -> None:
        """Wait until the server closes this session."""
        await asyncio.wait_for(self._reader, timeout)

    def send(self, keys: str | bytes) -> None:
        self.process.stdin.write(keys.encode() if isinstance(keys, str) else keys)

    async def choose(self, item: str) -> None:
        """Choose ``item`` in the menu on the screen."""
        await self.wait_for(item)
        lines = [line for line in self.screen.display if line.strip()]
        items = [line for line in lines if any(word in line for word in MENU_WORDS)]
        index = next(i for i, line in enumerate(items) if item in line)
        self.send(DOWN * index + ENTER)

    async def open_table(self, row: int = 0) -> None:
        """From the lobby: open the menu of the table on ``row`` (0: the first)."""
        await self.wait_for("in the lobby")
        self.send(DOWN * row + ENTER)

    async def take_seat(self, row: int = 0, code: str | None = None) -> str | None:
        """From the lobby: take a seat at the table on ``row`` (a reserved one with the host's
        ``code``); the seat's secret (None for a key holder)."""
        await self.open_table(row)
        await self.choose("Take a seat")
        if code is not None:
            await self.wait_for("type the code")
            self.send(code + ENTER)
        await self.wait_for_any("This seat is yours", "seat 1", "seat 2", "Round 1")
        match = SECRET.search(self.text())
        if "This seat is yours" in self.text():
            self.send(ENTER)
        return match.group(1) if match else None

    async def open_bot_table(self) -> None:
        """From the lobby: open a three-player table with two computer players (of the
        level shown, normal); it starts once the player takes the seat offered."""
        self.send("n")
        await self.wait_for("Open a new table", "Bots")
        await asyncio.sleep(0.3)  # the dialog takes the focus
        for keys in ("\t" * 4, ENTER, DOWN * 2, ENTER):  # players (3), map, option; two bots
            self.send(keys)
            await asyncio.sleep(0.2)
        await self._until(lambda text: re.search(r"Bots\s+2\b", text) is not None,
                          "two bots chosen", 15.0)
        self.send("\t\t" + ENTER)

    async def close(self) -> None:
        self.conn.close()
        self._reader.cancel()
        await asyncio.sleep(0.1)


MENU_WORDS = ("Take a seat", "Play your seat", "Wait at your seat", "Give up your seat",
              "Watch")
