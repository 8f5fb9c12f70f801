"""Random play chooses as ``random.Random.randrange`` would, action after action."""

from __future__ import annotations

import random

from smallworld_tui.bots.random_play import uniform_choice
from smallworld_tui.engine import Action, new_game


def test_the_uniform_choice_is_the_one_randrange_names() -> None:
    g = new_game(["Amy", "Ben"], "base-2p", seed=1)
    for seed in range(20):
        choose, names = uniform_choice(random.Random(seed)), random.Random(seed)
        for size in [*range(1, 70), 127, 128, 129, 1000] * 3:
            legal = [Action("pick", k) for k in range(size)]
            assert choose(g, legal) is legal[names.randrange(size)]
