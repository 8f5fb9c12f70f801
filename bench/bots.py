"""Bot strength and speed: win rates with 95% confidence intervals, seats rotated, and the
time each level takes per decision.

    python bench/bots.py [--games 200] [--jobs 2] [--only NAME,...] [--maps base-2p,...]
                         [--seconds 1.5]

Each match puts one bot (the subject) against others on a map, the subject's seat rotating
game after game; a shared win counts as a win.  The issue's goals are checked:

- ``normal`` beats ``random`` in at least 90% of 2-player games;
- ``hard`` beats ``normal`` in at least 60% of 2-player games and wins at least 40% of
  4-player games against three ``normal``;
- decisions take a median of at most 0.5 s and at most 2 s at worst.

Matches on the other maps (3 and 5 players, every other game's shipped maps, and Warcraft on
board sets drawn from each game's seed) are shown without a goal.  Decision times are
wall-clock seconds with the games spread over ``--jobs`` processes (one per core is fair);
processor seconds are shown too, as the machine may be busy.  By default the bots search with
no time cap, so a seed always gives the same games; ``--seconds`` caps each decision as the app
and the SSH tables do (``session.bot_seats.THINKING``: 1.5 s), and the games then depend on
the machine's speed.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from dataclasses import dataclass

from smallworld_tui.bots import Budget
from smallworld_tui.bots.match import Table, play_tables
from smallworld_tui.engine import list_maps, load_map

GOAL_MEDIAN, GOAL_WORST = 0.5, 2.0


@dataclass(frozen=True)
class Match:
    name: str
    subject: str
    others: str
    map_name: str | None  # None: the game's own for the count (Warcraft: a drawn board set)
    game: str
    goal: float | None = None  # the win rate the subject should reach
    players: int = 0  # with no map

    def seats(self) -> int:
        return load_map(self.map_name).players if self.map_name else self.players


def matches(maps: list[str]) -> list[Match]:
    out = [Match("normal-vs-random-2p", "normal", "random", "base-2p", "base", 0.90),
           Match("hard-vs-normal-2p", "hard", "normal", "base-2p", "base", 0.60),
           Match("hard-vs-3-normal-4p", "hard", "normal", "base-4p", "base", 0.40)]
    for name in maps:
        board = load_map(name)
        if name in ("base-2p", "base-4p"):
            continue
        game = board.game
        out.append(Match(f"hard-vs-normal-{name}", "hard", "normal", name, game))
    for players in (2, 3):
        out.append(Match(f"hard-vs-normal-warcraft-{players}p", "hard", "normal", None,
                         "warcraft", players=players))
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


def run(match: Match, games: int, jobs: int, first_seed: int, budget: Budget | None) -> None:
    players = match.seats()
    tables = []
    for i in range(games):
        levels = [match.others] * players
        levels[i % players] = match.subject
        tables.append(Table(tuple(levels), match.map_name, first_seed + i, match.game, budget))
    wins, margins = 0, []
    wall: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {}
    started = time.perf_counter()
    for i, result in enumerate(play_tables(tables, jobs)):
        seat = i % players
        wins += seat in result.winners
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
                   f"missed by {match.goal - rate:.0%}"))
    print(f"{match.name}: {match.subject} wins {wins}/{games} = {rate:.1%} "
          f"[95% CI {low:.1%}–{high:.1%}], mean margin {statistics.fmean(margins):+.1f} coins"
          f"{verdict}  ({time.perf_counter() - started:.0f} s)")
    for level in sorted(wall, key=lambda lv: -max(wall[lv])):
        w, c = wall[level], cpu[level]
        timing = "ok" if statistics.median(w) <= GOAL_MEDIAN and max(w) <= GOAL_WORST else \
            "over the goal"
        print(f"    {level:>6} decisions: median {statistics.median(w):.3f} s, "
              f"worst {max(w):.3f} s wall ({timing}); processor median "
              f"{statistics.median(c):.3f} s, worst {max(c):.3f} s; {len(w)} decisions")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=100_000, help="seed of the first game")
    parser.add_argument("--only", help="comma-separated match names")
    parser.add_argument("--maps", help="comma-separated maps for the matches without a goal "
                                       "(default: every other shipped map)")
    parser.add_argument("--seconds", type=float,
                        help="cap each decision at this many seconds (the app's: 1.5)")
    args = parser.parse_args()
    budget = None if args.seconds is None else Budget(seconds=args.seconds)
    maps = args.maps.split(",") if args.maps else list_maps()
    chosen = matches(maps)
    if args.only:
        wanted = args.only.split(",")
        chosen = [m for m in chosen if m.name in wanted]
    for match in chosen:
        run(match, args.games, args.jobs, args.seed, budget)


if __name__ == "__main__":
    main()
