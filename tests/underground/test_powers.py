"""The 21 special powers of Small World Underground: each power, its edge cases and our
rulings (underground.md §6, §11; docs/rulings.md, "Underground").

Positions are built on the small test map (see test_races.py for its regions).
"""

from __future__ import annotations

import pytest
from invariants import check
from scenario import UG_TEST_MAP, act, begin_turn, finish, give, of, scenario, scored

from smallworld_tui.data import entries
from smallworld_tui.engine.content import GAMES, POWERS
from smallworld_tui.engine.state import GameState

CHASM_VOLCANO, MINE_LAIR, RIVER_TOP, FOREST, MUDPOOL, CRYSTAL, MOUNTAIN = 0, 1, 2, 3, 4, 5, 6
RIVER_MID, MINE, MOUNTAIN_LAIR, MUDPOOL_W, FOREST_LAIR, RIVER_END, CRYSTAL_E, CHASM = range(7, 15)


def ug(players: int = 2, monsters: bool = False, **kw) -> GameState:
    """A game of Underground on the test map (no Monsters unless asked)."""
    return scenario(players, UG_TEST_MAP, game="underground", clear_tribes=not monsters, **kw)


def breakdown(events, seat: int) -> dict[str, int]:
    s = next(e for e in events if e.kind == "scored" and e.seat == seat)
    return dict(s["breakdown"])


@pytest.mark.parametrize("power", GAMES["underground"].powers)
def test_powers_that_work_in_decline_are_the_data_tables(power):
    row = entries("power", "underground")[power.partition(":")[2]]
    assert POWERS[power].works_in_decline is row["works_in_decline"]


# --- terrain bonuses -----------------------------------------------------------------------

@pytest.mark.parametrize(("power", "regions"), [
    ("mining", {MINE_LAIR: 1, MINE: 1}),
    ("muddy", {MUDPOOL: 1, MUDPOOL_W: 1}),
    ("mystic", {CRYSTAL: 1, CRYSTAL_E: 1}),
    ("stone", {MOUNTAIN: 1, MOUNTAIN_LAIR: 1}),
])
def test_terrain_powers_pay_one_per_region_of_their_terrain(power, regions):
    g = ug()
    give(g, 0, "ogres", power, {**regions, FOREST: 1})
    begin_turn(g, 0)
    events = finish(g)
    assert breakdown(events, 0)[f"power:underground:{power}"] == 2
    assert scored(events, 0) == 3 + 2
    check(g)


def test_muddy_pays_in_decline_and_mining_does_not():
    g = ug()
    give(g, 0, "ogres", "muddy", {MUDPOOL: 1, MUDPOOL_W: 1})
    give(g, 1, "shrooms", "mining", {MINE: 1, MINE_LAIR: 1})
    begin_turn(g, 0)
    assert scored(act(g, "decline"), 0) == 2 + 2
    assert g.armies[0].badge  # the Muddy badge stays with its declined race
    begin_turn(g, 1)
    assert scored(act(g, "decline"), 1) == 2
    begin_turn(g, 0)
    act(g, "pick", 0)
    assert breakdown(finish(g), 0)["power:underground:muddy"] == 2
    check(g)


# --- Flocking and Quarreling ---------------------------------------------------------------

def test_flocking_pays_two_for_one_group_only():
    g = ug()
    flock = give(g, 0, "ogres", "flocking", {MUDPOOL_W: 1, CRYSTAL: 1, MOUNTAIN: 1})
    begin_turn(g, 0)
    assert breakdown(finish(g), 0)["power:underground:flocking"] == 2
    g.region_army[FOREST] = flock.id
    g.region_tokens[FOREST] = 1
    g.tray["underground:ogres"] -= 1
    flock.mask |= 1 << FOREST
    begin_turn(g, 0)
    assert "power:underground:flocking" not in breakdown(finish(g), 0)
    check(g)


def test_regions_linked_only_by_an_empty_river_are_two_groups():
    g = ug()
    give(g, 0, "ogres", "quarreling", {MOUNTAIN: 1, MINE: 1})  # 6 - river 7 - 8
    begin_turn(g, 0)
    assert breakdown(finish(g), 0)["power:underground:quarreling"] == 2
    check(g)


def test_quarreling_pays_one_per_separate_group():
    g = ug()
    give(g, 0, "ogres", "quarreling",
         {CRYSTAL: 1, MUDPOOL_W: 1, FOREST: 1, MUDPOOL: 1, CRYSTAL_E: 1})
    begin_turn(g, 0)
    assert breakdown(finish(g), 0)["power:underground:quarreling"] == 3
    check(g)


# --- Frightened ----------------------------------------------------------------------------

def test_frightened_pays_for_regions_with_three_tokens_or_more():
    g = ug()
    give(g, 0, "ogres", "frightened", {MUDPOOL: 4, FOREST: 1, MINE: 1})
    begin_turn(g, 0)
    act(g, "end_conquest")
    act(g, "deploy", MUDPOOL, 2)
    act(g, "deploy", FOREST, 1)
    events = act(g, "end_redeploy")
    assert [g.region_tokens[r] for r in (MUDPOOL, FOREST, MINE)] == [3, 2, 1]
    assert breakdown(events, 0)["power:underground:frightened"] == 1
    check(g)


# --- Immortal ------------------------------------------------------------------------------

def test_immortal_lose_no_token_when_conquered():
    g = ug()
    immortal = give(g, 0, "shrooms", "immortal", {FOREST: 3, MUDPOOL_W: 1})
    give(g, 1, "mummies", "stone", {MUDPOOL: 8})
    begin_turn(g, 1)
    events = act(g, "conquer", FOREST)
    (c,) = of(events, "conquered")
    assert c["lost"] == 0 and c["returned"] == 3
    finish(g)
    assert immortal.hand == 3
    act(g, "deploy", MUDPOOL_W, 3)
    assert g.tokens_on_board(immortal) == 4
    check(g)


def test_declined_immortal_lose_their_token():
    g = ug()
    give(g, 0, "shrooms", "immortal", {FOREST: 1}, declined=True)
    give(g, 1, "mummies", "stone", {MUDPOOL: 8})
    begin_turn(g, 1)
    (c,) = of(act(g, "conquer", FOREST), "conquered")
    assert c["lost"] == 1
    check(g)


# --- Martyr --------------------------------------------------------------------------------

def test_martyr_gets_a_coin_from_the_bank_per_region_lost():
    g = ug()
    give(g, 0, "shrooms", "martyr", {FOREST: 1, MUDPOOL_W: 1})
    give(g, 1, "mummies", "stone", {MUDPOOL: 8})
    begin_turn(g, 1)
    coins = list(g.coins)
    events = act(g, "conquer", FOREST)
    assert g.coins == [coins[0] + 1, coins[1]]
    (paid,) = of(events, "coins_paid")
    assert paid.seat == 0 and paid["payer"] == -1 and paid["coins"] == 1
    check(g)


def test_declined_martyr_get_nothing():
    g = ug()
    give(g, 0, "shrooms", "martyr", {FOREST: 1}, declined=True)
    give(g, 1, "mummies", "stone", {MUDPOOL: 8})
    begin_turn(g, 1)
    assert not of(act(g, "conquer", FOREST), "coins_paid")
    check(g)


# --- Wise ----------------------------------------------------------------------------------

def test_wise_pays_two_from_the_turn_it_declines():
    g = ug()
    give(g, 0, "ogres", "wise", {FOREST: 2, MUDPOOL: 1})
    begin_turn(g, 0)
    assert "power:underground:wise" not in breakdown(finish(g), 0)
    begin_turn(g, 0)
    events = act(g, "decline")
    assert breakdown(events, 0) == {"regions:underground:ogres": 2, "power:underground:wise": 2}
    check(g)


def test_declined_wise_with_no_region_left_pay_nothing():
    g = ug()
    wise = give(g, 0, "ogres", "wise", {CRYSTAL: 1}, declined=True)
    give(g, 0, "shrooms", "stone", {MUDPOOL_W: 1})
    begin_turn(g, 0)
    assert breakdown(finish(g), 0)["power:underground:wise"] == 2
    g.armies[1].seat = 1  # the Shrooms change sides: they attack the declined Wise
    g.region_tokens[MUDPOOL_W] = 5
    g.tray["underground:shrooms"] -= 4
    begin_turn(g, 1)
    act(g, "conquer", CRYSTAL)
    finish(g)
    assert not wise.alive
    begin_turn(g, 0)
    act(g, "pick", 0)
    assert "power:underground:wise" not in breakdown(finish(g), 0)
    check(g)
