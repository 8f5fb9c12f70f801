"""Uniformly random legal play: the simulator, fuzz tests and benchmarks use it."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from smallworld_tui.engine import Action, GameState, Record, apply, legal_actions, new_game


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
    g = new_game(names, map_name, seed, options, powers=powers, game=game)
    record = Record(players=list(names), map=g.map_source, seed=seed, options=dict(g.options),
                    powers=powers, game=game)
    chooser = random.Random(seed ^ 0x5EED)
    while not g.finished:
        choices = legal_actions(g)
        action = choices[chooser.randrange(len(choices))]
        apply(g, action, checked=True)
        record.actions.append(action)
        if after_action is not None:
            after_action(g, action)
    return g, record
