"""Whole games played by bots, one level per seat (``sim``, ``bench/bots.py``, tests), and
many of them spread over processes.

Each bot is given only its own seat's observation; the game is the referee.  A game is a pure
function of its ``Table`` (levels, map, seed, game), so games played in several processes give
exactly the results of one process.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from smallworld_tui.bots import Budget, make_bot
from smallworld_tui.bots.base import hash_seed
from smallworld_tui.bots.random_play import play_random_game
from smallworld_tui.bots.worlds import play_game, start_game
from smallworld_tui.engine import Action, GameState, Record, observe

NAMES = ["Amy", "Ben", "Cai", "Dee", "Eli"]


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of the game seeded ``game_seed``."""
    return hash_seed("bot", game_seed, seat) & 0xFFFF_FFFF


@dataclass(frozen=True)
class Table:
    """One game to play: a level per seat (empty: the fast random player for everyone, in
    ``players`` seats), the map (None: the game's own for the count, or a drawn board set),
    the seed, the game and its options."""

    levels: tuple[str, ...]
    map_name: str | None
    seed: int
    game: str = "base"
    budget: Budget | None = None
    options: tuple[tuple[str, Any], ...] = ()
    players: int = 0

    def seats(self) -> int:
        return len(self.levels) or self.players


@dataclass
class Result:
    """A finished game: its record, winners, coins and each seat's decision times (wall-clock
    and processor seconds per decision; none for the fast random player)."""

    table: Table
    record: Record
    winners: list[int]
    coins: list[int]
    wall: list[list[float]] = field(default_factory=list)
    cpu: list[list[float]] = field(default_factory=list)


def play_bots(levels: Sequence[str], map_name: str | None, seed: int, game: str = "base",
              budget: Budget | None = None,
              after_action: Callable[[GameState, Action], None] | None = None,
              options: dict[str, Any] | None = None) -> Result:
    """Play one game, seat ``i`` played by a bot of ``levels[i]`` (team partners know each
    other from the game's rules)."""
    table = Table(tuple(levels), map_name, seed, game, budget, tuple((options or {}).items()))
    g, record = start_game(NAMES[: len(levels)], map_name, seed, game, options)
    bots = [make_bot(level, bot_seed(seed, seat), budget=budget)
            for seat, level in enumerate(levels)]
    wall: list[list[float]] = [[] for _ in levels]
    cpu: list[list[float]] = [[] for _ in levels]

    def choose(g: GameState, legal: list[Action]) -> Action:
        seat = g.actor
        started, used = time.perf_counter(), time.process_time()
        action = bots[seat].choose(observe(g, seat), legal)
        wall[seat].append(time.perf_counter() - started)
        cpu[seat].append(time.process_time() - used)
        return action

    play_game(g, record, choose, after_action)
    return Result(table, record, list(g.winners), list(g.coins), wall, cpu)


def play_table(table: Table) -> Result:
    options = dict(table.options)
    if table.levels:
        return play_bots(table.levels, table.map_name, table.seed, table.game, table.budget,
                         options=options)
    names = NAMES[: table.seats()]
    g, record = play_random_game(names, table.map_name, table.seed, game=table.game,
                                 options=options)
    return Result(table, record, list(g.winners), list(g.coins))


def play_tables(tables: Sequence[Table], jobs: int = 1) -> Iterator[Result]:
    """Play every table, in order; ``jobs`` > 1 plays them in that many processes (the
    results are the same, only faster)."""
    if jobs <= 1 or len(tables) <= 1:
        yield from map(play_table, tables)
        return
    with ProcessPoolExecutor(min(jobs, len(tables))) as pool:
        yield from pool.map(play_table, tables)
