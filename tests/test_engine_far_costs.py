"""The travel cost is due only on regions reached from anywhere (``Ruleset.travel_mask`` among
``GameState.open_regions``: a conquest priced alone asks no other region), and the costs a
listing starts from where the travel cost is due (``_far_costs``: the terrain costs with
the travel cost on every region reached from anywhere but the army's near ones, remembered
by those near regions for the last game) are those worked out afresh: in random games of
every game played in turn (each Warcraft game on its own board set, so costs remembered
from the game before would show), with few kept so that they are often forgotten.
"""

from __future__ import annotations

import pytest
from random_games import GAMES

from smallworld_tui.bots.random_play import play_random_game
from smallworld_tui.engine import Action, conquest, new_game
from smallworld_tui.engine.conquest import Costs, _far_costs, conquest_price, reach_mask
from smallworld_tui.engine.state import GameState


def test_travel_cost_falls_on_open_regions_and_far_costs_are_fresh(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """After every action, for every army: its travel regions are open regions, each open
    region is priced alone as ``Costs.of`` prices it, and the far costs for the open regions
    it borders in its reach (and for none) are the terrain costs plus the travel cost on
    the other open regions."""
    monkeypatch.setattr(conquest, "FAR_KEPT", 3)
    near_seen: set[int] = set()

    def check(g: GameState, _: Action) -> None:
        far, cost = g.open_regions, g.rules.travel_cost
        for army in g.armies:
            if not army.alive:
                continue
            costs = Costs(g, army)
            assert not costs.travel & ~far, army.race
            for r in range(len(g.base_cost)):
                if far >> r & 1:
                    assert conquest_price(g, army, r)[:2] == (
                        costs.of(r), costs.of(r, aided=False)), (army.race, r)
            if not far:
                continue
            near = far & reach_mask(g, army) & ~costs.travel
            near_seen.add(near)
            for mask in (near, 0):
                due = far & ~mask
                assert list(_far_costs(g, mask)) == [
                    c + cost if due >> r & 1 else c for r, c in enumerate(g.base_cost)]

    for seed in range(2):  # the games in turn: each game's costs after another game's
        for game, map_name, options in GAMES:
            play_random_game(["Amy", "Ben", "Cai", "Dee"], map_name, seed, check, game=game,
                             options=options)
    assert len(near_seen) > 3


def test_far_costs_of_a_game_with_the_same_open_regions_are_its_own() -> None:
    """A game whose regions reached from anywhere and travel cost are those of the game
    before, but not its terrain costs (a map of its own), gets costs of its own."""
    first = new_game(["Amy", "Ben", "Cai", "Dee"], None, 0, {}, game="warcraft")
    second = new_game(["Amy", "Ben", "Cai", "Dee"], None, 0, {}, game="warcraft")
    second.base_cost = tuple(c + 1 for c in first.base_cost)
    far, cost = first.open_regions, first.rules.travel_cost
    assert far and second.open_regions == far
    for g in (first, second, first):
        assert list(_far_costs(g, 0)) == [
            c + cost if far >> r & 1 else c for r, c in enumerate(g.base_cost)]
