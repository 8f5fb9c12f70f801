"""``Hooks`` reads what each rule brings (the hooks it fills in, its flags, its fewest tokens
paid and kept) once per rule, and fills its per-hook attributes from a list in the order of
``HOT_HOOKS``: every tuple of rules met in random games of every game, and each army's hooks
after every action, must give, hook by hook, the rules that fill that hook in, and the flags
and token counts of its rules read afresh.
"""

from __future__ import annotations

import pytest
from random_games import GAMES, play
from test_engine_caches import assert_folded

from smallworld_tui.engine import Action, GameState
from smallworld_tui.engine.hooks import _CACHE, Hooks


def check(g: GameState, _: Action) -> None:
    """Each living army's hooks are folded from its rules."""
    for army in g.armies:
        if army.alive:
            assert_folded(g.hooks(army))


@pytest.mark.parametrize(("game", "map_name", "options"), GAMES)
def test_each_armys_hooks_are_folded_from_its_rules(
        game: str, map_name: str | None, options: dict[str, bool] | None) -> None:
    for end in play(game, map_name, options, check):
        assert end.finished


def test_every_tuple_of_rules_met_is_folded_from_its_rules() -> None:
    for game, map_name, options in GAMES:
        play(game, map_name, options, lambda g, a: None)
    assert len(_CACHE) > len(GAMES)
    for hooks in _CACHE.values():
        assert_folded(hooks)
        assert_folded(Hooks(hooks.all))
