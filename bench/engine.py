"""Engine throughput: random full games per second (legal-action enumeration included).

    python bench/engine.py [--games N] [--repeat R]

Prints, per map, the median over R runs of N games each, plus actions per second.
"""

from __future__ import annotations

import argparse
import statistics
import time

from smallworld_tui.bots.random_play import play_random_game

NAMES = ["Amy", "Ben", "Cai", "Dee", "Eli"]


def run(map_name: str, players: int, games: int, first_seed: int) -> tuple[float, int]:
    actions = 0
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        _, record = play_random_game(NAMES[:players], map_name, seed)
        actions += len(record.actions)
    return time.perf_counter() - start, actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    for players, map_name in ((4, "base-4p"), (5, "base-5p"), (2, "base-2p"), (3, "base-3p")):
        rates, per_action = [], []
        for r in range(args.repeat):
            seconds, actions = run(map_name, players, args.games, r * args.games)
            rates.append(args.games / seconds)
            per_action.append(actions / seconds)
        print(f"{map_name}: {statistics.median(rates):7.1f} games/s "
              f"(min {min(rates):.1f}, max {max(rates):.1f}), "
              f"{statistics.median(per_action):8.0f} actions/s, "
              f"{args.repeat} runs x {args.games} games")


if __name__ == "__main__":
    main()
