"""Hostile clients over loopback: floods of keys and window sizes, a client that stops reading,
connections that never log in, a second terminal on one connection.  Each is bounded, and the
other players go on."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import os
import re
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import asyncssh
import pytest

from remote.client import Player
from remote.servers import PASSWORD, TEST_LIMITS, Host, two_player_table
from remote.test_ssh import game, seated, until
from smallworld_tui.engine import Action
from smallworld_tui.ssh.bounds import Bounds
from smallworld_tui.ssh.driver import AppTerminal
from smallworld_tui.ssh.guard import Limits


@contextlib.asynccontextmanager
async def serving(tmp_path: Path, bounds: Bounds, limits: Limits = TEST_LIMITS,
                  tables: int = 1) -> AsyncIterator[Host]:
    host = Host(tmp_path, bounds=bounds, limits=limits)
    await host.start(*(two_player_table() for _ in range(tables)))
    try:
        yield host
    finally:
        await host.stop()
        host.store.close()


async def test_a_key_flood_is_dropped_then_cut_off_and_the_players_keys_still_come_at_once(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    async with serving(tmp_path, Bounds(flood_seconds=2)) as host:
        (amy, _), (ben, _) = await seated(host, "Amy", "Ben")
        eve = await Player.join(host.port, "Eve", PASSWORD)
        await eve.open_table()
        await eve.choose("Watch")
        await eve.wait_for("you are watching")

        async def flood() -> None:
            while eve.process.exit_status is None and not eve._reader.done():
                eve.send(b"\x1b[C\x1b[D\tx" * 1000)  # about 80,000 keys a second
                await asyncio.sleep(0.05)

        flooding = asyncio.create_task(flood())
        await asyncio.sleep(1.0)
        sent = time.monotonic()
        amy.send("0")  # Amy picks, meanwhile
        await until(lambda: game(host).record.actions == [Action("pick", 0)], "Amy's pick",
                    timeout=2.0)
        await ben.wait_for("Amy picked", timeout=2.0)
        assert time.monotonic() - sent < 2.0
        await eve.ended(timeout=10)
        flooding.cancel()
        assert b"You sent keys faster than the server takes them" in eve.raw
        assert "closed the connection of 'Eve' from 127.0.0.1: it sent more than" in caplog.text
        assert host.hosting is not None and host.hosting.hosts.local is not None
        await until(lambda: host.server.visitors and len(host.server.visitors) == 2, "Eve gone")
        for player in (amy, ben):
            await player.close()


async def test_a_client_that_stops_reading_is_cut_off_once_its_output_passes_the_limit(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    bounds = Bounds(max_output=64 * 1024, output_rate=1 << 24, output_burst=1 << 24,
                    coalesce_seconds=0.05)
    async with serving(tmp_path, bounds) as host:
        conn = await asyncssh.connect("127.0.0.1", host.port, username="Mute",
                                      password=PASSWORD, known_hosts=None, agent_path=None,
                                      config=[], window=16 * 1024)
        process = await conn.create_process(term_type="xterm", term_size=(100, 30),
                                            encoding=None)
        seen = b""
        while b"in the lobby" not in seen:
            seen += await process.stdout.read(65536)
        # it reads no more, and asks for one large screen after another
        closed = asyncio.create_task(conn.wait_closed())
        for count in range(200):
            if closed.done():
                break
            process.change_terminal_size(200 + count % 2, 60)
            await asyncio.sleep(0.06)
        assert closed.done(), "still connected"
        assert "cut off 127.0.0.1" in caplog.text and "of output it did not read" in caplog.text
        await until(lambda: not host.server.visitors, "the visitor gone")
        amy = await Player.join(host.port, "Amy", PASSWORD)
        await amy.wait_for("in the lobby")
        await amy.close()


async def test_a_flood_of_window_sizes_reaches_the_screen_coalesced_and_the_last_one_wins(
        host: Host, monkeypatch: pytest.MonkeyPatch) -> None:
    (amy, _), (ben, _) = await seated(host, "Amy", "Ben")
    sizes: list[tuple[int, int]] = []
    resized = AppTerminal.resized

    def counted(terminal: AppTerminal, width: int, height: int) -> None:
        sizes.append((width, height))
        resized(terminal, width, height)

    monkeypatch.setattr(AppTerminal, "resized", counted)
    for width in range(100, 140):  # 40 sizes at once
        amy.process.change_terminal_size(width, 31)
    await until(lambda: sizes[-1:] == [(139, 31)], "the last size", timeout=3.0)
    assert len(sizes) <= 3, sizes
    await asyncio.sleep(0.5)
    assert sizes[-1] == (139, 31)
    for player in (amy, ben):
        await player.close()


async def silent_connection(port: int, address: str
                            ) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A TCP connection from ``address`` that never says a word."""
    return await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0))


async def closed_by_server(connection: tuple[asyncio.StreamReader, asyncio.StreamWriter]
                           ) -> None:
    with contextlib.suppress(ConnectionError):
        while await connection[0].read(65536):
            pass
    connection[1].close()


async def test_silent_connections_never_keep_a_player_out(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    bounds = Bounds(max_unauthenticated=12, max_unauthenticated_per_address=3,
                    login_seconds=2.0)
    limits = Limits(max_connections=10, first_delay=TEST_LIMITS.first_delay)
    async with serving(tmp_path, bounds, limits) as host:
        silent = [await silent_connection(host.port, f"127.0.0.{2 + n // 4}")
                  for n in range(24)]  # four from each of six addresses
        await asyncio.sleep(0.3)
        assert host.server.pending.count == 12  # one of each four refused, the oldest evicted
        assert "are not logged in yet" in caplog.text
        started = time.monotonic()
        amy = await Player.join(host.port, "Amy", PASSWORD)
        await amy.wait_for("in the lobby", timeout=5)
        assert time.monotonic() - started < 5
        # the silent ones are closed once their time to log in is over
        await asyncio.wait_for(asyncio.gather(*(closed_by_server(r) for r in silent)), 5)
        assert host.server.pending.count == 0
        assert amy.process.exit_status is None
        await amy.close()


async def test_serve_takes_the_limits_of_connections_not_logged_in_yet(tmp_path: Path) -> None:
    env = {**os.environ, "SMALLWORLD_TUI_DATA": str(tmp_path)}
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "smallworld_tui", "--lang", "en", "serve", "--port", "0",
        "--password", "pw", "--login-timeout", "1", "--max-unauthenticated-per-address", "1",
        env=env, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL)
    try:
        assert proc.stdout is not None
        port = None
        while port is None:
            line = (await asyncio.wait_for(proc.stdout.readline(), 30)).decode()
            assert line, "serve ended early"
            if match := re.search(r"ssh -p (\d+)", line):
                port = int(match.group(1))
        first = await silent_connection(port, "127.0.0.2")
        await asyncio.sleep(0.2)
        second = await silent_connection(port, "127.0.0.2")  # one per address: refused
        await asyncio.wait_for(closed_by_server(second), 0.8)
        await asyncio.wait_for(closed_by_server(first), 3)  # its second to log in is over
    finally:
        proc.terminate()
        await proc.wait()


async def test_one_connection_gets_one_terminal_at_a_time(host: Host) -> None:
    amy = await Player.join(host.port, "Amy", PASSWORD)
    await amy.wait_for("in the lobby")
    second = await amy.conn.create_process(term_type="xterm", encoding=None)
    said = await asyncio.wait_for(second.stdout.read(), 5)
    assert b"One terminal per connection" in said
    assert [v.name for v in host.server.visitors] == ["Amy"]
    await amy.close()


@pytest.fixture(autouse=True)
def _log_warnings(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING)


async def test_logging_in_again_and_again_is_refused_past_the_rate_and_others_come_in(
        tmp_path: Path) -> None:
    """Each login starts a lobby: an address that reconnects without end is told to wait,
    while a player from elsewhere gets in at once."""
    limits = dataclasses.replace(TEST_LIMITS, logins_per_address=5)
    async with serving(tmp_path, Bounds(), limits) as host:
        for _ in range(5):
            eve = await Player.join(host.port, "Eve", PASSWORD, address="127.0.0.3")
            await eve.wait_for("in the lobby")
            await eve.close()
        with pytest.raises(asyncssh.DisconnectError, match="too many logins from your address"):
            await Player.join(host.port, "Eve", PASSWORD, address="127.0.0.3")
        amy = await Player.join(host.port, "Amy", PASSWORD)
        await amy.wait_for("in the lobby")
        await amy.close()
