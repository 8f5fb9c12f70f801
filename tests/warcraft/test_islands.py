"""Islands: entry regions, island hopping and the travel cost."""

from __future__ import annotations

import pytest
from invariants import check
from scenario import act, begin_turn, give, targets

from smallworld_tui.engine import GameState, IllegalAction, view
from smallworld_tui.engine.conquest import Costs
from warcraft.helpers import ENTRIES, ISLANDS, LAKE, MURLOCS, play_out, wc_game


def newcomer(murlocs: bool = False) -> GameState:
    """Seat 0's Blood Elves (no rule on costs), with no region yet, about to conquer."""
    g = wc_game(murlocs=murlocs)
    give(g, 0, "blood_elves", "farming", hand=6)
    begin_turn(g, 0)
    return g


def test_a_new_race_enters_through_any_entry_region_of_any_island() -> None:
    g = newcomer()
    reach = targets(g, "conquer") | targets(g, "final")
    assert reach == ENTRIES
    assert {r for i in ISLANDS for r in i} & ENTRIES == ENTRIES
    check(g)


def test_entering_from_the_sea_pays_the_travel_cost() -> None:
    """An empty entry region costs 3; the rulebook's entry Farmland held by one Murloc, 4."""
    g = newcomer(murlocs=True)
    costs = view(g, 0).costs
    assert g.map.regions[0].terrain == "farmland" and 0 in MURLOCS
    assert costs[0] == 4
    assert all(costs[r] == 3 for r in ENTRIES - {0})
    check(g)


def test_first_conquest_elsewhere_is_refused_naming_entry_regions() -> None:
    g = newcomer()
    with pytest.raises(IllegalAction, match="first conquest must be in an entry region"):
        act(g, "conquer", 1)


def test_a_race_on_the_map_reaches_its_neighbours_and_every_entry_region() -> None:
    g = wc_game()
    give(g, 0, "trolls", "farming", {5: 3}, hand=5)
    begin_turn(g, 0)
    reach = targets(g, "conquer")
    neighbours = {0, 3}  # 6, the lake, is water
    assert reach == (neighbours | ENTRIES) - {5}
    assert LAKE not in reach and 1 not in reach
    with pytest.raises(IllegalAction, match="neither next to your regions nor an entry"):
        act(g, "conquer", 15)
    check(g)


def test_travel_cost_only_for_entry_regions_no_region_of_the_race_borders() -> None:
    g = wc_game()
    trolls = give(g, 0, "trolls", "farming", {5: 3}, hand=5)
    costs = Costs(g, trolls)
    assert costs.of(0) == 2  # an entry region next to region 5: no travel cost
    assert costs.of(3) == 3  # a neighbour with its Mountain
    assert costs.of(2) == 3 and costs.of(8) == 3 and costs.of(14) == 3  # landings
    assert costs.of(8, as_if_adjacent=True) == 2


def test_the_travel_cost_comes_from_the_data_table(monkeypatch: pytest.MonkeyPatch) -> None:
    g = wc_game()
    trolls = give(g, 0, "trolls", "farming", {5: 3}, hand=5)
    monkeypatch.setattr(g.rules, "travel_cost", 2)
    assert Costs(g, trolls).of(8) == 4


def test_a_rule_without_travel_cost_lands_anywhere_for_the_plain_price() -> None:
    g = wc_game()
    sailors = give(g, 0, "trolls", "sailor", {5: 3}, hand=5)
    assert Costs(g, sailors).of(8) == 2 and Costs(g, sailors).of(14) == 2


def test_landing_next_to_the_race_on_another_island_pays_nothing_more() -> None:
    """Once a race holds an entry region of an island, the entry regions next to it are
    plain neighbours."""
    g = wc_game()
    give(g, 0, "trolls", "farming", {5: 1}, hand=9)
    begin_turn(g, 0)
    act(g, "conquer", 13)  # lands on the third island: 3 tokens
    assert g.armies[0].hand == 6
    act(g, "conquer", 14)  # an entry region next to 13: 2 tokens
    assert g.armies[0].hand == 4
    check(g)


def test_a_race_that_lost_every_region_enters_again_through_an_entry_region() -> None:
    g = wc_game()
    trolls = give(g, 0, "trolls", "farming", {1: 1}, hand=4)
    give(g, 1, "humans", "herbalist", {2: 3}, hand=5)
    begin_turn(g, 1)
    act(g, "conquer", 1)
    assert trolls.mask == 0
    play_out(g)
    begin_turn(g, 0)
    assert g.armies[0].mask == 0
    assert targets(g, "conquer") | targets(g, "final") == ENTRIES
    check(g)
