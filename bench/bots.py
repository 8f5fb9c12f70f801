"""Bot strength and speed: win rates with 95% confidence intervals, seats rotated, and the
time each level takes per decision, in every game.

    python bench/bots.py [--games 400] [--jobs 2] [--seed 100000] [--only NAME,...]
                         [--maps base-3p,...] [--seconds 1.5] [--results FILE]

Each match puts one bot (the subject) against others, the subject's seat rotating game after
game; a shared win counts as a win.  Game ``i`` of a match uses seed ``--seed`` + ``i``, so the
same seeds give the same games.  The issue's goals are checked in each game (base,
Underground, Warcraft — on a board set drawn from each game's seed):

- ``normal`` beats ``random`` in at least 90% of 2-player games;
- ``hard`` beats ``normal`` in at least 60% of 2-player games and wins at least 40% of
  4-player games against three ``normal``;
- on 5-player maps (``hard`` against four ``normal``), ``hard``'s decisions take a median of at
  most 0.3 s and at most 1 s at the 95th percentile.

``--maps`` adds matches without a goal on other maps.  Decision times are wall-clock seconds
with the games spread over ``--jobs`` processes (one per core is fair); processor seconds are
shown too, as the machine may be busy.  By default the bots search with no time cap, so a seed
always gives the same games; ``--seconds`` caps each decision as the app and the SSH tables do
(``session.bot_seats.THINKING``), and the games then depend on the machine's speed.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from dataclasses import dataclass
from typing import TextIO

from smallworld_tui.bots import Budget
from smallworld_tui.bots.match import Table, play_tables
from smallworld_tui.engine import games as known_games
from smallworld_tui.engine import load_map

GOAL_MEDIAN, GOAL_P95 = 0.3, 1.0  # seconds a decision of ``hard`` takes on 5-player maps


@dataclass(frozen=True)
class Match:
    name: str
    subject: str
    others: str
    map_name: str | None  # None: the game's own for the count (Warcraft: a drawn board set)
    game: str
    goal: float | None = None  # the win rate the subject should reach
    players: int = 0  # with no map
    timed: bool = False  # whether the subject's decision times have a goal

    def seats(self) -> int:
        return load_map(self.map_name).players if self.map_name else self.players


def matches(maps: list[str]) -> list[Match]:
    """The goals' matches in every game, then one without a goal on each of ``maps``."""
    out = []
    for game in known_games():
        out += [Match(f"normal-vs-random-2p-{game}", "normal", "random", None, game, 0.90, 2),
                Match(f"hard-vs-normal-2p-{game}", "hard", "normal", None, game, 0.60, 2),
                Match(f"hard-vs-3-normal-4p-{game}", "hard", "normal", None, game, 0.40, 4),
                Match(f"hard-vs-4-normal-5p-{game}", "hard", "normal", None, game, None, 5,
                      timed=True)]
    for name in maps:
        board = load_map(name)
        out.append(Match(f"hard-vs-normal-{name}", "hard", "normal", name, board.game))
    return out


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (
        1 + z * z / games)
    return centre - half, centre + half


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


def run(match: Match, games: int, jobs: int, first_seed: int, budget: Budget | None,
        results: TextIO | None = None) -> None:
    players = match.seats()
    tables = []
    for i in range(games):
        levels = [match.others] * players
        levels[i % players] = match.subject
        tables.append(Table(tuple(levels), match.map_name, first_seed + i, match.game, budget,
                            players=players))
    wins, margins = 0, []
    wall: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {}
    started = time.perf_counter()
    for i, result in enumerate(play_tables(tables, jobs)):
        seat = i % players
        wins += seat in result.winners
        if results is not None:
            results.write(json.dumps({"match": match.name, "seed": result.table.seed,
                                      "seat": seat, "won": seat in result.winners,
                                      "coins": result.coins}) + "\n")
        margins.append(result.coins[seat] - max(c for s, c in enumerate(result.coins)
                                                if s != seat))
        for s, level in enumerate(result.table.levels):
            wall.setdefault(level, []).extend(result.wall[s])
            cpu.setdefault(level, []).extend(result.cpu[s])
    low, high = wilson(wins, games)
    rate = wins / games
    verdict = ""
    if match.goal is not None:
        verdict = (f"  goal ≥ {match.goal:.0%}: " + ("met" if low >= match.goal else
                   "met on the estimate" if rate >= match.goal else
                   f"missed by {match.goal - rate:.1%}"))
    print(f"{match.name}: {match.subject} wins {wins}/{games} = {rate:.1%} "
          f"[95% CI {low:.1%}–{high:.1%}], mean margin {statistics.fmean(margins):+.1f} coins"
          f"{verdict}  ({time.perf_counter() - started:.0f} s)", flush=True)
    for level in sorted(wall, key=lambda lv: -max(wall[lv], default=0.0)):
        w, c = wall[level], cpu[level]
        if not w:
            continue
        timing = ""
        if match.timed and level == match.subject:
            timing = (" (goal median ≤ {:.1f} s, 95th ≤ {:.0f} s: {})".format(
                GOAL_MEDIAN, GOAL_P95, "met" if statistics.median(w) <= GOAL_MEDIAN
                and percentile(w, 0.95) <= GOAL_P95 else "missed"))
        print(f"    {level:>6} decisions: wall median {statistics.median(w):.3f} s, 95th "
              f"{percentile(w, 0.95):.3f} s, worst {max(w):.3f} s{timing}; processor median "
              f"{statistics.median(c):.3f} s, 95th {percentile(c, 0.95):.3f} s, worst "
              f"{max(c):.3f} s; {len(w)} decisions", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=100_000, help="seed of the first game")
    parser.add_argument("--only", help="comma-separated match names")
    parser.add_argument("--maps", default="",
                        help="comma-separated maps for matches without a goal")
    parser.add_argument("--results", type=argparse.FileType("a", encoding="utf-8"),
                        help="add a line per game to this file (JSON: match, seed, the "
                             "subject's seat, whether it won, the coins)")
    parser.add_argument("--seconds", type=float,
                        help="cap each decision at this many seconds (the app's: 1.5)")
    args = parser.parse_args()
    budget = None if args.seconds is None else Budget(seconds=args.seconds)
    chosen = matches([m for m in args.maps.split(",") if m])
    if args.only:
        wanted = args.only.split(",")
        unknown = sorted(set(wanted) - {m.name for m in chosen})
        if unknown:
            parser.error(f"no match named {', '.join(unknown)} "
                         f"(known: {', '.join(m.name for m in chosen)})")
        chosen = [m for m in chosen if m.name in wanted]
    for match in chosen:
        run(match, args.games, args.jobs, args.seed, budget, args.results)


if __name__ == "__main__":
    main()
