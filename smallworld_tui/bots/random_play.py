"""Uniformly random legal play: the ``random`` level, and whole random games for fuzz tests
and the engine benchmark."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from smallworld_tui.bots.base import Bot, Decision
from smallworld_tui.bots.worlds import play_game, start_game
from smallworld_tui.engine import Action, GameState, Record


def play_random_game(
    names: list[str],
    map_name: str | None,
    seed: int,
    after_action: Callable[[GameState, Action], None] | None = None,
    game: str = "base",
    options: dict[str, Any] | None = None,
    powers: list[str] | None = None,
) -> tuple[GameState, Record]:
    """Play one whole game choosing uniformly among legal actions (game seed = ``seed``,
    choices from a separate generator seeded from it; ``powers`` pins the top of the power
    stack).  Returns the final state and its record; ``after_action`` is called after every
    action (property tests)."""
    g, record = start_game(names, map_name, seed, game, options, powers)
    # ``choice`` draws as ``legal[randrange(len(legal))]`` did, one call fewer an action
    choose = random.Random(seed ^ 0x5EED).choice
    play_game(g, record, lambda g, legal: choose(legal), after_action)
    return g, record


class RandomBot(Bot):
    """The ``random`` level: any legal action, uniformly."""

    level = "random"

    def decide(self, decision: Decision) -> Action:
        return decision.legal[decision.rng.randrange(len(decision.legal))]
