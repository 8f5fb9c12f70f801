"""The travel cost is due only on regions reached from anywhere (``Ruleset.travel_mask`` among
``GameState.open_regions``: a conquest priced alone asks no other region), and the costs a
listing starts from where the travel cost is due (``_far_costs``: the terrain costs with
the travel cost on every region reached from anywhere but the army's near ones, remembered
by those near regions for the game, ``GameState.far_costs``) are those worked out afresh:
in random games of every game played in turn (each Warcraft game on its own board set, so
costs remembered from another game would show), with few kept so that they are often
forgotten.
"""

from __future__ import annotations

import pytest
from random_games import GAMES

from smallworld_tui.bots.random_play import play_random_game
from smallworld_tui.engine import Action, conquest
from smallworld_tui.engine.bitset import bits
from smallworld_tui.engine.conquest import Costs, _plus, conquest_price, reach_mask
from smallworld_tui.engine.state import GameState


def test_travel_cost_falls_on_open_regions_and_far_costs_are_fresh(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """After every action, for every army: its travel regions are open regions, each open
    region is priced alone as ``Costs.of`` prices it, the costs over its reach with the
    travel cost and nothing else added (``_plus``) are the terrain costs plus the travel
    cost where it is due, and every far cost the game remembers is the terrain costs plus
    the travel cost on the open regions but those it was remembered for."""
    monkeypatch.setattr(conquest, "FAR_KEPT", 3)
    remembered = 0  # far costs checked

    def check(g: GameState, _: Action) -> None:
        nonlocal remembered
        far, cost, terrain = g.open_regions, g.rules.travel_cost, g.base_cost
        for army in g.armies:
            if not army.alive:
                continue
            costs = Costs(g, army)
            assert not costs.travel & ~far, army.race
            for r in bits(far):
                assert conquest_price(g, army, r)[:2] == (
                    costs.of(r), costs.of(r, aided=False)), (army.race, r)
            reach = reach_mask(g, army)
            travel = costs.travel & reach
            listed = _plus(g, (), travel, reach)
            assert [listed[r] for r in bits(reach)] == [
                terrain[r] + cost * (travel >> r & 1) for r in bits(reach)], army.race
        for near, known in g.far_costs.items():
            due = far & ~near
            assert list(known) == [c + cost if due >> r & 1 else c
                                   for r, c in enumerate(terrain)]
            remembered += 1

    for seed in range(2):  # the games in turn: each game's costs after another game's
        for game, map_name, options in GAMES:
            play_random_game(["Amy", "Ben", "Cai", "Dee"], map_name, seed, check, game=game,
                             options=options)
    assert remembered
