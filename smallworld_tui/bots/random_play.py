"""Uniformly random legal play: the ``random`` level, and whole random games for fuzz tests
and the engine benchmark."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from smallworld_tui.bots.base import Bot, Decision
from smallworld_tui.bots.worlds import Policy, play_game, start_game
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
    play_game(g, record, uniform_choice(random.Random(seed ^ 0x5EED)), after_action)
    return g, record


def uniform_choice(rng: random.Random) -> Policy:
    """A policy choosing uniformly among the legal actions: the one ``rng.randrange(len(
    legal))`` names, drawn as ``randrange`` draws it (bits of the count's length until they
    fall below it) without its checks of the argument and its calls — the same choices in
    a fraction of the time (random play draws once an action)."""
    bits = rng.getrandbits

    def choose(_: GameState, legal: list[Action]) -> Action:
        n = len(legal)
        k = n.bit_length()
        drawn = bits(k)
        while drawn >= n:
            drawn = bits(k)
        return legal[drawn]

    return choose


class RandomBot(Bot):
    """The ``random`` level: any legal action, uniformly."""

    level = "random"

    def decide(self, decision: Decision) -> Action:
        return decision.legal[decision.rng.randrange(len(decision.legal))]
