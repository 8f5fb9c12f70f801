"""Computer players: the levels and how to make one.

Every level implements ``Bot.choose(observation, legal) -> Action`` (``base.py``) and decides
from ``engine.observe(state, seat)`` only.  ``random`` plays any legal move, ``easy`` a random
sensible one, ``normal`` plans its turn, ``hard`` searches over imagined games.
"""

from __future__ import annotations

from collections.abc import Iterable

from smallworld_tui.bots.base import Bot, Budget, Decision
from smallworld_tui.bots.easy import EasyBot
from smallworld_tui.bots.hard import HardBot
from smallworld_tui.bots.normal import NormalBot
from smallworld_tui.bots.random_play import RandomBot

BOTS: dict[str, type[Bot]] = {cls.level: cls for cls in (RandomBot, EasyBot, NormalBot, HardBot)}
LEVELS: tuple[str, ...] = tuple(BOTS)


def make_bot(level: str, seed: int = 0, *, allies: Iterable[int] = (),
             budget: Budget | None = None) -> Bot:
    """A bot of ``level`` (one of ``LEVELS``); ValueError for an unknown level."""
    cls = BOTS.get(level)
    if cls is None:
        raise ValueError(f"unknown bot level {level!r} (known: {', '.join(LEVELS)})")
    return cls(seed, allies=allies, budget=budget)


__all__ = ["BOTS", "LEVELS", "Bot", "Budget", "Decision", "make_bot"]
