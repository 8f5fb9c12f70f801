"""The replay viewer's cost on a long game: opening a record, a move back and forward, a view.

    python bench/replay.py [FILE] [--every 16]

FILE is a record (default: a five-player Warcraft game between hard computer players, seed 5,
played first: about ten seconds).  Prints the time to open it (``Replay``), a move back from
every position (median and worst), a move forward, a spectator's view, the memory its copies
of the state take, and for comparison a move back by replaying the record from its start.
"""

from __future__ import annotations

import argparse
import statistics
import time
import tracemalloc
from collections.abc import Callable

from smallworld_tui.bots.match import play_bots
from smallworld_tui.engine import SPECTATOR, Record, apply, load_record
from smallworld_tui.session.replay import SNAPSHOT_EVERY, Replay


def timed(step: Callable[[], object]) -> float:
    start = time.perf_counter()
    step()
    return time.perf_counter() - start


def from_start(record: Record, moves: int) -> None:
    state = record.new_state()
    for action in record.actions[:moves]:
        apply(state, action)


def figures(record: Record, every: int) -> None:
    moves = len(record.actions)
    print(f"{moves} moves, a copy every {every}")
    opening = statistics.median(timed(lambda: Replay(record, every=every)) for _ in range(5))
    tracemalloc.start()
    replay = Replay(record, every=every)
    held = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    replay.go(moves)
    back = [timed(lambda n=n: replay.go(n)) for n in range(moves - 1, -1, -1)]
    forward = [timed(lambda n=n: replay.go(n)) for n in range(1, moves + 1)]
    views = []
    for n in range(0, moves, 7):
        replay.go(n)
        views.append(timed(lambda: replay.view(SPECTATOR)))
    naive = [timed(lambda n=n: from_start(record, n)) for n in range(moves - 1, -1, -1)]
    ms = 1e3
    print(f"open {opening * ms:.1f} ms; copies {held / 1e6:.2f} MB")
    print(f"a move back: median {statistics.median(back) * ms:.3f} ms, worst "
          f"{max(back) * ms:.2f} ms")
    print(f"a move forward: median {statistics.median(forward) * ms:.3f} ms")
    print(f"a spectator's view: median {statistics.median(views) * ms:.2f} ms")
    print(f"a move back replaying from the start: median {statistics.median(naive) * ms:.2f} "
          f"ms, worst {max(naive) * ms:.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?")
    parser.add_argument("--every", type=int, default=SNAPSHOT_EVERY)
    args = parser.parse_args()
    if args.file:
        record = load_record(args.file)
    else:
        record = play_bots(["hard"] * 5, None, 5, game="warcraft").record
    figures(record, args.every)


if __name__ == "__main__":
    main()
