"""Weights of the evaluation measured by self-play: ``normal`` with other weights against
``normal`` with the defaults.

    python bench/weights.py [--players 2] [--seed 500000] [--games 400] [--set NAME=VALUE ...]
    python bench/weights.py --sweep [--factors 0.7,1.4] ...

The candidate plays one seat, the defaults the others, the candidate's seat rotating game after
game; a shared win counts as a win.  The defaults against themselves are played on the same
seeds first: that, not 1/players, is what a candidate is compared with (seats and seeds are not
quite fair).  ``--set`` measures one candidate; ``--sweep`` changes one weight at a time by each
factor (coordinate steps; ``declined_keep`` and ``attrition`` stay below 1).  Keep the seeds
away from ``bench/bots.py``'s (100000 up): these are for tuning.  One process; a 2-player game
takes about 0.25 s, a 4-player one 0.8 s.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import fields, replace

from smallworld_tui.bots.evaluate import Weights
from smallworld_tui.bots.match import NAMES, bot_seed
from smallworld_tui.bots.normal import NormalBot
from smallworld_tui.bots.worlds import play_game, start_game
from smallworld_tui.engine import Action, GameState, observe

SHARES = ("declined_keep", "attrition")


def play(weights: list[Weights], seed: int) -> tuple[list[int], list[int]]:
    """One game on the base map for the count, seat ``i`` a ``normal`` bot with
    ``weights[i]``: the winners and the coins."""
    players = len(weights)
    g, record = start_game(NAMES[:players], f"base-{players}p", seed)
    bots = []
    for seat, w in enumerate(weights):
        bot = NormalBot(bot_seed(seed, seat))
        bot.weights = w
        bots.append(bot)

    def choose(g: GameState, legal: list[Action]) -> Action:
        return bots[g.actor].choose(observe(g, g.actor), legal)

    play_game(g, record, choose)
    return list(g.winners), list(g.coins)


def measure(label: str, candidate: Weights, players: int, first: int, games: int) -> None:
    started = time.perf_counter()
    wins, margin = 0, 0
    for i in range(games):
        seat = i % players
        weights = [Weights()] * players
        weights[seat] = candidate
        winners, coins = play(weights, first + i)
        wins += seat in winners
        margin += coins[seat] - max(c for s, c in enumerate(coins) if s != seat)
    print(f"{label}: {wins}/{games} = {wins / games:.1%}, mean margin {margin / games:+.2f} "
          f"coins ({players}p, seeds {first}–{first + games - 1}, "
          f"{time.perf_counter() - started:.0f} s)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=500_000, help="seed of the first game")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--sweep", action="store_true")
    parser.add_argument("--factors", default="0.7,1.4")
    args = parser.parse_args()
    where = (args.players, args.seed, args.games)
    base = Weights()
    changes = {name: float(value) for name, value in (s.split("=") for s in args.set)}
    measure("defaults", base, *where)
    if changes:
        measure(" ".join(args.set), replace(base, **changes), *where)
    if args.sweep:
        for field in fields(Weights):
            for factor in map(float, args.factors.split(",")):
                value = round(getattr(base, field.name) * factor, 3)
                if field.name in SHARES:  # a share or discount of 1 or more makes no sense
                    value = min(value, 0.97)
                measure(f"{field.name}={value}", replace(base, **{field.name: value}), *where)


if __name__ == "__main__":
    main()
