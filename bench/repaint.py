"""CPU per repaint of a table's terminals: five seats' SSH Apps of one base 5-player game in
this process (the SSH driver writing into a counter, no network), random legal moves applied
through the session, one every 0.4 s or once the last one's repaints are done.

    python bench/repaint.py [--moves M] [--runs N] [--size WxH] [--seed S] [--profile FILE]

Prints, per run, the process CPU time per repaint (CPU / (moves × 5)) and the bytes sent per
repaint, then the median of the runs.  A die shown to the player who rolled it is closed
with a key, as a player would.  ``--profile`` runs once under cProfile and writes the stats
to FILE (read them with ``python -m pstats``).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SMALLWORLD_TUI_DATA", tempfile.mkdtemp(prefix="sw-bench-"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from smallworld_tui.session import GameSession
from smallworld_tui.ssh.app import TableApp, TableScreen
from smallworld_tui.ssh.driver import AppTerminal
from smallworld_tui.ssh.hosting import prepare_process
from smallworld_tui.ui.screens.die_roll import DieScreen

SEATS = 5
QUIET = 0.1  # seconds without output that end a move's repaints
STARTED = 1.0  # seconds without output that end the Apps' start
PACE = 0.4  # seconds from a move to the next (unless its repaints take longer): a notice
# stays up for the same moves in every run


class Sink:
    """Counts the bytes the terminals are sent and when the last of them came."""

    def __init__(self) -> None:
        self.sent = 0
        self.last = time.monotonic()

    def send(self, data: bytes) -> None:
        self.sent += len(data)
        self.last = time.monotonic()

    async def quiet(self, seconds: float = QUIET) -> None:
        """Return once nothing has been sent for ``seconds``."""
        while (wait := self.last + seconds - time.monotonic()) > 0:
            await asyncio.sleep(wait)


async def run(moves: int, size: tuple[int, int], seed: int) -> tuple[float, float]:
    """CPU seconds and bytes per repaint over ``moves`` random moves."""
    session = GameSession.new([f"P{seat}" for seat in range(SEATS)], seed=seed)
    sink = Sink()
    terminals = [AppTerminal(sink.send, size) for _ in range(SEATS)]
    apps = [TableApp(session, seat, 1, terminal) for seat, terminal in enumerate(terminals)]
    tasks = [asyncio.create_task(app.run_async()) for app in apps]
    while not all(app.is_running and isinstance(app.screen, TableScreen) for app in apps):
        await asyncio.sleep(0.05)
    await sink.quiet(STARTED)
    chooser = random.Random(seed)
    start, sent, clock = time.process_time(), sink.sent, time.monotonic()
    for move in range(moves):
        if session.state.finished:
            raise SystemExit("the game ended: ask for fewer moves")
        await asyncio.sleep(clock + move * PACE - time.monotonic())
        session.apply(chooser.choice(session.view(session.actor).legal))
        await asyncio.sleep(0)
        await sink.quiet()
        for app, terminal in zip(apps, terminals, strict=True):
            if isinstance(app.screen, DieScreen):
                terminal.received(b" ")
                await sink.quiet()
    cpu, sent = time.process_time() - start, sink.sent - sent
    for app in apps:
        app.exit()
    await asyncio.gather(*tasks)
    return cpu / (moves * SEATS), sent / (moves * SEATS)


def measure(moves: int, size: tuple[int, int], seed: int) -> tuple[float, float]:
    """``run`` in an event loop of its own."""
    return asyncio.run(run(moves, size, seed))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=100)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--size", default="100x30")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", metavar="FILE", type=Path)
    args = parser.parse_args()
    prepare_process()  # as a table host's process
    width, height = (int(n) for n in args.size.split("x"))
    if args.profile is not None:
        profiler = cProfile.Profile()
        profiler.runcall(measure, args.moves, (width, height), args.seed)
        profiler.dump_stats(args.profile)
        return
    figures = []
    for _ in range(args.runs):
        cpu, sent = measure(args.moves, (width, height), args.seed)
        figures.append(cpu)
        print(f"CPU per repaint {cpu * 1000:.1f} ms, {sent / 1024:.1f} KiB", flush=True)
    print(f"median of {args.runs}: {statistics.median(figures) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
