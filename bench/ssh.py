"""SSH serving cost: bytes sent per move, and how many sessions one host holds.

    python bench/ssh.py [--moves 12] [--interval 0.4] [--sessions 5,10,20,30] [--size 100x30]

A child process runs the SSH server (base-5p, loopback only) and plays one random legal move
every ``interval`` seconds once the five seats are taken; this process connects K terminals
(5 players + spectators) that only read.  For each move, a terminal's repaint time is the time
from the move to the last byte of the burst of output it caused (until 50 ms of silence).
Prints, per K, the median and 90th percentile repaint and the bytes per move per terminal;
stops at the first K whose median exceeds 100 ms, or after the last K.  Every run is bounded
(moves x interval per K).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import asyncssh

PASSWORD = "bench"
SEATS = 5
TARGET_MS = 100.0
QUIET = 0.05


# --- the server side (child process) ---------------------------------------------------------

async def serve(port_file: Path, moves: int, interval: float, db: Path) -> None:
    from smallworld_tui.ssh.app import make_app
    from smallworld_tui.ssh.server import (
        GameServer,
        load_host_key,
        quiet_textual_stdio,
        start_server,
    )
    from smallworld_tui.ssh.store import Store

    quiet_textual_stdio()
    server = GameServer(store=Store(db), players=SEATS, app_factory=make_app,
                        map_name="base-5p", seed=5)
    acceptor = await start_server(server, "127.0.0.1", 0, load_host_key(db.with_suffix(".key")),
                                  password=PASSWORD)
    port_file.write_text(str(acceptor.sockets[0].getsockname()[1]))
    while server.session is None:
        await asyncio.sleep(0.05)
    await asyncio.sleep(2.0)  # every terminal has drawn its first screen
    chooser = random.Random(1)
    session = server.session
    for _ in range(moves):
        legal = session.view(session.actor).legal
        if not legal:
            break
        print(f"MOVE {time.monotonic():.6f}", flush=True)
        session.apply(legal[chooser.randrange(len(legal))])
        await asyncio.sleep(interval)
    print("DONE", flush=True)
    await asyncio.sleep(0.5)
    acceptor.close()


# --- the terminals (this process) ------------------------------------------------------------

class Terminal:
    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        self.chunks: list[tuple[float, int]] = []

    async def run(self, port: int, name: str, stop: asyncio.Event) -> None:
        async with asyncssh.connect("127.0.0.1", port, username=name, password=PASSWORD,
                                    known_hosts=None) as conn:
            process = await conn.create_process(term_type="xterm-256color",
                                                term_size=self.size, encoding=None)
            while not stop.is_set():
                try:
                    data = await asyncio.wait_for(process.stdout.read(65536), 0.2)
                except TimeoutError:
                    continue
                if not data:
                    return
                self.chunks.append((time.monotonic(), len(data)))


async def measure(sessions: int, moves: int, interval: float,
                  size: tuple[int, int]) -> tuple[list[float], list[int]]:
    with tempfile.TemporaryDirectory() as tmp:
        port_file = Path(tmp) / "port"
        child = subprocess.Popen(
            [sys.executable, __file__, "--child", str(port_file), "--moves", str(moves),
             "--interval", str(interval), "--db", str(Path(tmp) / "games.sqlite3")],
            stdout=subprocess.PIPE, text=True)
        try:
            while not port_file.exists() or not port_file.read_text():
                await asyncio.sleep(0.05)
            port = int(port_file.read_text())
            stop = asyncio.Event()
            terminals = [Terminal(size) for _ in range(sessions)]
            tasks = []
            for i, t in enumerate(terminals):
                tasks.append(asyncio.create_task(t.run(port, f"p{i + 1}", stop)))
                await asyncio.sleep(0.02)
            assert child.stdout is not None
            loop = asyncio.get_running_loop()
            lines = await loop.run_in_executor(None, child.stdout.read)
            stop.set()
            await asyncio.gather(*tasks, return_exceptions=True)
        finally:
            child.wait(timeout=30)
    move_times = [float(line.split()[1]) for line in lines.splitlines()
                  if line.startswith("MOVE")]
    latencies, sizes = [], []
    for i, start in enumerate(move_times):
        end = move_times[i + 1] if i + 1 < len(move_times) else start + interval
        for t in terminals:
            burst = first_burst([(ts, n) for ts, n in t.chunks if start <= ts < end])
            if burst:
                latencies.append((burst[-1][0] - start) * 1000)
                sizes.append(sum(n for _, n in burst))
    return latencies, sizes


def first_burst(chunks: list[tuple[float, int]]) -> list[tuple[float, int]]:
    """The output that answers a move: chunks until the first silence of ``QUIET`` seconds
    (later output, like a die animation or a notice timing out, is not that repaint)."""
    burst = chunks[:1]
    for chunk in chunks[1:]:
        if chunk[0] - burst[-1][0] > QUIET:
            break
        burst.append(chunk)
    return burst


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=12)
    parser.add_argument("--interval", type=float, default=0.4)
    parser.add_argument("--sessions", default="5,10,20,30,40")
    parser.add_argument("--size", default="100x30", help="terminal size, COLSxROWS")
    parser.add_argument("--child")
    parser.add_argument("--db")
    args = parser.parse_args()
    if args.child:
        asyncio.run(serve(Path(args.child), args.moves, args.interval, Path(args.db)))
        return
    cols, rows = (int(x) for x in args.size.split("x"))
    print(f"terminals of {cols}x{rows}, {args.moves} moves {args.interval} s apart")
    held = 0
    for k in (int(x) for x in args.sessions.split(",")):
        latencies, sizes = asyncio.run(measure(k, args.moves, args.interval, (cols, rows)))
        if not latencies:
            print(f"{k:3d} sessions: no repaint measured")
            break
        median = statistics.median(latencies)
        p90 = statistics.quantiles(latencies, n=10)[-1] if len(latencies) > 1 else median
        print(f"{k:3d} sessions: repaint median {median:6.1f} ms, p90 {p90:6.1f} ms, "
              f"{statistics.median(sizes) / 1024:6.1f} KiB per move per terminal "
              f"({len(latencies)} repaints)")
        if median > TARGET_MS:
            break
        held = k
    print(f"held with median repaint under {TARGET_MS:.0f} ms: {held} sessions")


if __name__ == "__main__":
    main()
