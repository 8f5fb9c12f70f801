"""The lists the core keeps of the armies that may fill a hook in match those worked out from
scratch after every action of random games of every game: the armies whose race or power
fills it in (``GameState.fillers``, kept until an army joins; every army when a power fills
it in a game where powers may be swapped), each seat's own armies filling it in
(``seat_armies_filling``), and the armies of other seats near some regions
(``fillers_near``: each army once, even when it holds several of the items' regions or is
found both by its traits and by an item, the duplicates left out by a plain loop).  The
content filling each hook in is sorted by kind once per ruleset (``state._sorted``: races and
powers, items), not once per game: the sieves built from it are those from scratch too.
"""

from __future__ import annotations

import pytest
from random_games import GAMES, play
from test_engine_hooks_identity import plain_sieve

from smallworld_tui.engine import Action, GameState
from smallworld_tui.engine.content.traits import Item
from smallworld_tui.engine.hooks import HOT_HOOKS
from smallworld_tui.engine.registry import ITEMS, POWERS
from smallworld_tui.engine.state import Army


def plain_trait_fillers(g: GameState, hook: str) -> list[Army]:
    """The armies (living or not) whose race or power fills ``hook`` in, or every army when
    a power does in a game where an army's power may change, from scratch."""
    filled = g.rules.filled_by.get(hook, frozenset())
    if g.rules.swaps_power and any(q in POWERS for q in filled):
        return list(g.armies)
    return [a for a in g.armies if a.race in filled or a.power in filled]


def plain_near(g: GameState, hook: str, mask: int, seat: int) -> list[Army]:
    """The living armies of other seats than ``seat`` holding a region of ``mask`` that the
    race, the power or an item in its regions may make fill ``hook`` in, from scratch."""
    filled = g.rules.filled_by.get(hook, frozenset())
    spots = 0
    for qid, region in g.items.items():
        if region >= 0 and (qid in filled or type(ITEMS[qid]).lent is not Item.lent):
            spots |= 1 << region
    return [a for a in plain_trait_fillers(g, hook) + [a for a in g.armies if a.mask & spots]
            if a.alive and a.seat != seat and a.mask & mask]


def check(g: GameState, _: Action) -> None:
    for hook in HOT_HOOKS:
        if hook not in g.rules.hooks_used:
            continue
        assert g.fillers(hook)[0] == plain_trait_fillers(g, hook), hook
        every = plain_sieve(g, hook)
        for seat in range(g.players):
            assert g.seat_armies_filling(hook, seat) == [a for a in every if a.seat == seat]
            for mask in (-1, *(a.mask for a in g.armies)):
                near = g.fillers_near(hook, mask, seat)
                assert len({id(a) for a in near}) == len(near), (hook, seat)  # each once
                assert {id(a) for a in near} == {id(a) for a in plain_near(g, hook, mask, seat)}


@pytest.mark.parametrize(("game", "map_name", "options"), GAMES)
def test_the_armies_kept_as_filling_a_hook_in_are_those_found_from_scratch(
        game: str, map_name: str | None, options: dict[str, bool] | None) -> None:
    for end in play(game, map_name, options, check):
        assert end.finished

