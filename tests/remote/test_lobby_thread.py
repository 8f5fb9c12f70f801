"""The lobbies run in a thread of their own: a busy (or stuck) lobby holds up neither the
server's main loop nor the players seated at tables."""

from __future__ import annotations

import asyncio
import threading
import time

from remote.client import Player
from remote.servers import PASSWORD, Host
from smallworld_tui.ssh.lobby_thread import LobbyThread


async def _task_names() -> list[str]:
    return [task.get_coro().__qualname__ for task in asyncio.all_tasks()  # type: ignore[union-attr]
            if task is not asyncio.current_task()]


async def lobby_tasks(lobbies: LobbyThread) -> list[str]:
    """What runs in the lobbies' loop (but this question)."""
    return await lobbies.run(_task_names())


async def lag(seconds: float) -> float:
    """The most the main loop was late waking up from 10 ms sleeps over ``seconds``."""
    loop = asyncio.get_running_loop()
    worst = 0.0
    end = loop.time() + seconds
    while loop.time() < end:
        before = loop.time()
        await asyncio.sleep(0.01)
        worst = max(worst, loop.time() - before - 0.01)
    return worst


async def seated_pair(host: Host) -> tuple[Player, Player]:
    amy, ben = [await Player.join(host.port, name, PASSWORD) for name in ("Amy", "Ben")]
    for player in (amy, ben):
        await player.take_seat()
    for player in (amy, ben):
        await player.wait_for("Round 1")
    return amy, ben


async def test_the_lobby_apps_run_in_the_lobbies_thread_not_the_main_loop(host: Host) -> None:
    lobbies = host.server.lobbies
    amy = await Player.join(host.port, "Amy", PASSWORD)
    await amy.wait_for("in the lobby")
    assert lobbies.thread.is_alive() and lobbies.thread is not threading.current_thread()
    assert "LobbyVisit.run" in await lobby_tasks(lobbies)
    assert "LobbyVisit.run" not in await _task_names()
    await amy.close()


async def test_a_stalled_lobby_stalls_neither_the_main_loop_nor_seated_players(
        host: Host) -> None:
    amy, ben = await seated_pair(host)
    cai = await Player.join(host.port, "Cai", PASSWORD)
    await cai.wait_for("in the lobby")
    session = host.hosting.hosts.local.sessions[1]  # type: ignore[union-attr]
    await asyncio.sleep(0.5)  # the screens are quiet
    # the lobbies' loop is stuck for 3 s; the bounds leave room for a loaded test machine
    host.server.lobbies.soon(time.sleep, 3.0)
    await asyncio.sleep(0.05)
    before = ben.received
    moved = time.monotonic()
    session.apply(session.view(session.actor).legal[0])
    while ben.received == before:
        assert time.monotonic() - moved < 2.0, "the move did not reach Ben while the lobby slept"
        await asyncio.sleep(0.005)
    asked = time.monotonic()
    await lobby_tasks(host.server.lobbies)
    assert time.monotonic() - asked > 0.5  # the lobbies' loop was still asleep meanwhile
    assert await lag(0.5) < 0.25
    cai.send("n")  # the lobby is back
    await cai.wait_for("Open a new table")
    for player in (amy, ben, cai):
        await player.close()


async def test_a_connection_dropped_while_its_lobby_is_busy_leaves_nothing_behind(
        host: Host) -> None:
    lobbies = host.server.lobbies
    amy = await Player.join(host.port, "Amy", PASSWORD)
    await amy.wait_for("in the lobby")
    lobbies.soon(time.sleep, 1.0)
    await amy.close()
    deadline = time.monotonic() + 10
    while host.server.visitors or await lobby_tasks(lobbies):
        assert time.monotonic() < deadline, await lobby_tasks(lobbies)
        await asyncio.sleep(0.05)
    assert host.server.tables.listeners == []


async def test_the_server_stops_with_lobbies_open_and_busy(host: Host) -> None:
    players = [await Player.join(host.port, name, PASSWORD) for name in ("Amy", "Ben")]
    for player in players:
        await player.wait_for("in the lobby")
    lobbies = host.server.lobbies
    lobbies.soon(time.sleep, 0.5)
    await asyncio.wait_for(host.stop(), 10)
    assert not lobbies.thread.is_alive()
    for player in players:
        await player.wait_for("The server is stopping")
