"""The lobbies run in a process of their own, at a lower priority: a busy, stuck or dead
lobby host holds up neither the server nor the players seated at tables."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import time
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from remote.client import Player
from remote.servers import PASSWORD, Host, two_player_table
from remote.test_ssh import until
from smallworld_tui.ssh import bridge
from smallworld_tui.ssh.hosts import WORKER
from smallworld_tui.ssh.lobby_desk import LobbyDesk, RemoteDesk
from smallworld_tui.ssh.lobby_host import LobbyHost
from smallworld_tui.ssh.server import ARRIVALS
from smallworld_tui.ssh.tables import CodeNeeded, Seat, SeatRefused, Table, new_table
from smallworld_tui.ssh.worker import NICENESS


@pytest.fixture
async def apart(tmp_path: Path) -> AsyncIterator[Host]:
    """A server whose lobbies run in their own process, as ``serve`` runs them."""
    server = Host(tmp_path, lobbies_apart=True)
    await server.start(two_player_table())
    yield server
    await server.stop()
    server.store.close()


def lobby_pid(host: Host) -> int:
    assert host.hosting is not None and host.hosting.hosts.lobby_worker is not None
    process = host.hosting.hosts.lobby_worker.process
    assert process is not None
    return process.pid


async def lag(seconds: float) -> float:
    """The most this loop was late waking up from 10 ms sleeps over ``seconds``."""
    loop = asyncio.get_running_loop()
    worst = 0.0
    end = loop.time() + seconds
    while loop.time() < end:
        before = loop.time()
        await asyncio.sleep(0.01)
        worst = max(worst, loop.time() - before - 0.01)
    return worst


async def test_the_lobbies_run_apart_at_a_lower_priority_and_seat_players(apart: Host) -> None:
    amy, ben = [await Player.join(apart.port, name, PASSWORD) for name in ("Amy", "Ben")]
    for player in (amy, ben):
        await player.wait_for("in the lobby")
    pid = lobby_pid(apart)
    assert pid != os.getpid()
    assert os.getpriority(os.PRIO_PROCESS, pid) >= os.getpriority(os.PRIO_PROCESS, 0) + NICENESS
    assert not [task for task in asyncio.all_tasks()
                if "LobbyVisit" in task.get_coro().__qualname__]  # type: ignore[union-attr]
    secret = await amy.take_seat()
    assert secret is not None  # shown by the lobby host, made and kept by the server
    await ben.take_seat()
    for player in (amy, ben):
        await player.wait_for("Round 1")
    assert [seat.name for seat in apart.server.tables.by_id[1].seats
            if seat is not None] == ["Amy", "Ben"]
    for player in (amy, ben):
        await player.close()


async def test_a_stalled_lobby_host_stalls_neither_the_server_nor_seated_players(
        apart: Host) -> None:
    amy, ben = [await Player.join(apart.port, name, PASSWORD) for name in ("Amy", "Ben")]
    for player in (amy, ben):
        await player.take_seat()
    for player in (amy, ben):
        await player.wait_for("Round 1")
    cai = await Player.join(apart.port, "Cai", PASSWORD)
    await cai.wait_for("in the lobby")
    assert apart.hosting is not None and apart.hosting.hosts.local is not None
    session = apart.hosting.hosts.local.sessions[1]
    await asyncio.sleep(0.5)  # the screens are quiet
    pid = lobby_pid(apart)
    os.kill(pid, signal.SIGSTOP)  # the lobby host is stuck; the bounds allow a loaded machine
    try:
        before = ben.received
        moved = time.monotonic()
        session.apply(session.view(session.actor).legal[0])
        while ben.received == before:
            assert time.monotonic() - moved < 2.0, "the move did not reach Ben"
            await asyncio.sleep(0.005)
        assert await lag(0.5) < 0.25
        dee = await Player.join(apart.port, "Dee", PASSWORD)  # the door still opens
    finally:
        os.kill(pid, signal.SIGCONT)
    await dee.wait_for("in the lobby")
    cai.send("n")  # Cai's lobby is back
    await cai.wait_for("Open a new table")
    for player in (amy, ben, cai, dee):
        await player.close()


async def test_a_connection_dropped_while_the_lobby_host_is_stuck_leaves_nothing_behind(
        apart: Host) -> None:
    amy = await Player.join(apart.port, "Amy", PASSWORD)
    await amy.wait_for("in the lobby")
    pid = lobby_pid(apart)
    os.kill(pid, signal.SIGSTOP)
    try:
        await amy.close()
        await until(lambda: not apart.server.visitors, "Amy gone")
        assert apart.server.tables.listeners == []
    finally:
        os.kill(pid, signal.SIGCONT)


async def test_a_lobby_host_that_dies_is_started_again(apart: Host) -> None:
    amy = await Player.join(apart.port, "Amy", PASSWORD)
    await amy.wait_for("in the lobby")
    assert apart.hosting is not None and apart.hosting.hosts.lobby_worker is not None
    worker = apart.hosting.hosts.lobby_worker
    dead = worker.process
    assert dead is not None
    dead.kill()
    await amy.wait_for("the lobby failed")  # told, and the terminal given back
    await amy.ended()
    await until(lambda: worker.process is not dead, "a new lobby host", timeout=30)
    again = await Player.join(apart.port, "Amy", PASSWORD)
    await again.wait_for("in the lobby")
    await again.close()


async def test_the_server_stops_with_lobbies_open_in_their_process(apart: Host) -> None:
    players = [await Player.join(apart.port, name, PASSWORD) for name in ("Amy", "Ben")]
    for player in players:
        await player.wait_for("in the lobby")
    assert apart.hosting is not None and apart.hosting.hosts.lobby_worker is not None
    process = apart.hosting.hosts.lobby_worker.process
    assert process is not None
    await asyncio.wait_for(apart.stop(), 15)
    assert process.returncode is not None
    for player in players:
        await player.wait_for("The server is stopping")


# --- the questions a lobby asks ---------------------------------------------------------------

def desk() -> LobbyDesk:
    """A desk whose questions here never reach the server."""
    return LobbyDesk(server=None, visitor=SimpleNamespace(name="Amy"))  # type: ignore[arg-type]


async def ask(question: dict[str, Any]) -> dict[str, Any]:
    return await desk().answer(json.dumps(question).encode())


async def test_the_server_answers_only_the_lobby_s_questions() -> None:
    for name in ("answer", "_table", "__init__", "server"):
        reply = await ask({"id": 7, "ask": name, "args": []})
        assert reply["id"] == 7 and "failed" in reply["refused"]
    reply = await ask({"id": 8, "ask": "owns", "args": [1]})  # too few
    assert "failed" in reply["refused"]


async def test_a_new_table_s_map_is_a_shipped_one_never_a_file() -> None:
    for map_name in ("../../x", "/etc/passwd", "base-3p"):  # base-3p: not for 2 players
        reply = await ask({"id": 1, "ask": "open_table",
                           "args": ["base", 2, map_name, {}, []]})
        assert reply == {"id": 1, "value": None}


async def test_answers_reach_their_questions_and_refusals_are_raised() -> None:
    sent: list[bytes] = []
    remote = RemoteDesk(sent.append)
    owns = asyncio.create_task(remote.owns(1, 0))
    take = asyncio.create_task(remote.take_seat(1))
    claim = asyncio.create_task(remote.take_seat(2))
    await asyncio.sleep(0)
    asked = [json.loads(frame[5:]) for frame in sent]
    assert [(q["ask"], q["args"]) for q in asked] == [
        ("owns", [1, 0]), ("take_seat", [1, None]), ("take_seat", [2, None])]
    remote.answered(json.dumps({"id": asked[1]["id"], "refused": "No seat."}).encode())
    remote.answered(json.dumps({"id": asked[2]["id"], "refused": "Code?", "code": True})
                    .encode())
    remote.answered(json.dumps({"id": asked[0]["id"], "value": True}).encode())
    assert await owns is True
    with pytest.raises(SeatRefused, match="No seat"):
        await take
    with pytest.raises(CodeNeeded, match="Code"):
        await claim
    hung = asyncio.create_task(remote.listing())
    await asyncio.sleep(0)
    remote.hang_up()
    with pytest.raises(asyncio.CancelledError):
        await hung


async def test_a_server_hanging_up_on_a_lobby_s_first_question_ends_the_visit_quietly(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """The lobby waits for its tables when the server hangs up: its visit ends, neither
    cancelled nor with an error logged."""
    host = LobbyHost()
    path = tmp_path / "lobbies.sock"
    listening = await host.serve(path)
    try:
        reader, writer = await asyncio.open_unix_connection(path)
        writer.write(bridge.json_frame(bridge.HEADER, {"name": "Amy", "join_hint": "",
                                                       "notice": "", "size": [80, 24]}))
        asked = await bridge.read_frame(reader)
        assert asked is not None and asked[0] == bridge.QUESTION
        (visit,) = host._visits
        writer.close()
        await asyncio.wait_for(asyncio.wait({visit}), 15)
        assert not visit.cancelled() and visit.exception() is None
        await asyncio.sleep(0.1)  # the stream's callback, which reports a visit's failure
        assert not [r for r in caplog.records if r.levelname in ("ERROR", "CRITICAL")]
    finally:
        listening.close()
        await host.stop()


def test_a_table_reaches_the_lobby_without_its_seats_proofs() -> None:
    table = Table(3, new_table(3, "base-3p", seed=5), [Seat("Amy", "secret:salt:hash"), None,
                                                       Seat("Bot", "bot:hard")],
                  started=True, progress={"round": 2, "turns": 10, "actor": 0})
    sent = json.dumps(table.to_json())
    assert "salt" not in sent and "hash" not in sent
    again = Table.from_json(json.loads(sent))
    assert again.settings == table.settings and again.progress == table.progress
    assert [(s.name, s.bot) if s else None for s in again.seats] == [
        ("Amy", False), None, ("Bot", True)]


async def test_keys_typed_while_lobbies_start_wait_for_the_player_s_lobby(host: Host) -> None:
    arrivals = host.server.arrivals
    for _ in range(ARRIVALS):  # other lobbies are starting
        await arrivals.acquire()
    amy = await Player.join(host.port, "Amy", PASSWORD)
    amy.send("n")  # a new table, asked before the lobby shows
    await asyncio.sleep(0.5)
    assert "in the lobby" not in amy.text()
    for _ in range(ARRIVALS):
        arrivals.release()
    await amy.wait_for("Open a new table")
    await amy.close()


async def test_a_worker_leaves_ctrl_c_to_the_server_and_ends_with_its_input(
        tmp_path: Path) -> None:
    worker = await asyncio.create_subprocess_exec(
        *WORKER, "--lobbies", "--socket", str(tmp_path / "lobbies.sock"),
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE)
    assert worker.stdin is not None and worker.stdout is not None
    assert json.loads(await asyncio.wait_for(worker.stdout.readline(), 60)) == {"ready": True}
    worker.send_signal(signal.SIGINT)  # Ctrl+C in the terminal reaches the whole group
    await asyncio.sleep(0.5)
    assert worker.returncode is None
    worker.stdin.close()  # the server stops
    _out, err = await asyncio.wait_for(worker.communicate(), 15)
    assert worker.returncode == 0 and b"Traceback" not in err
