"""The 15 races of Small World Underground: each racial rule, its edge cases and our rulings
(underground.md §5, §11; docs/rulings.md, "Underground").

Positions are built on the small test map (tests/maps/ug-test.map): 0 chasm with the volcano
site, 1 mine+lair, 2/7/12 river (2 and 12 are its ends), 3 mushroom forest, 4 mudpool,
5 crystal, 6 black mountain, 8 mine, 9 black mountain+lair, 10 mudpool, 11 mushroom
forest+lair, 13 crystal, 14 chasm.
"""

from __future__ import annotations

import pytest
from invariants import check
from scenario import UG_TEST_MAP, act, begin_turn, finish, give, kinds, of, scenario, scored

from smallworld_tui.engine import IllegalAction
from smallworld_tui.engine.bitset import NOBODY
from smallworld_tui.engine.conquest import Costs
from smallworld_tui.engine.state import GameState

CHASM_VOLCANO, MINE_LAIR, RIVER_TOP, FOREST, MUDPOOL, CRYSTAL, MOUNTAIN = 0, 1, 2, 3, 4, 5, 6
RIVER_MID, MINE, MOUNTAIN_LAIR, MUDPOOL_W, FOREST_LAIR, RIVER_END, CRYSTAL_E, CHASM = range(7, 15)


def ug(players: int = 2, monsters: bool = False, **kw) -> GameState:
    """A game of Underground on the test map (no Monsters unless asked)."""
    return scenario(players, UG_TEST_MAP, game="underground", clear_tribes=not monsters, **kw)


def cost(g: GameState, army, region: int) -> int:
    return Costs(g, army).of(region)


# --- Drow ----------------------------------------------------------------------------------

def test_drow_score_regions_bordering_no_other_race():
    g = ug()
    drow = give(g, 0, "drow", "wise", {FOREST: 1, CRYSTAL: 1, MUDPOOL_W: 1})
    give(g, 1, "ogres", "stone", {MINE: 1})  # borders the forest only
    begin_turn(g, 0)
    events = finish(g)
    # crystal and mudpool are alone (they border each other: own regions are fine)
    assert scored(events, 0) == 3 + 2
    assert drow.mask.bit_count() == 3
    check(g)


def test_drow_count_own_declined_race_and_monsters_as_neighbours():
    g = ug(monsters=True)
    give(g, 0, "ogres", "stone", {MOUNTAIN: 1}, declined=True)
    give(g, 0, "drow", "wise", {MUDPOOL_W: 1, FOREST: 1, MUDPOOL: 1})
    begin_turn(g, 0)
    events = finish(g)
    # mudpool W borders the declined Ogres, the forest borders nobody, mudpool E borders the
    # Monsters of the lair in region 9
    assert scored(events, 0) == 4 + 1
    check(g)


def test_drow_ignore_empty_rivers_and_chasms_but_not_a_race_in_a_river():
    g = ug()
    give(g, 0, "drow", "wise", {CRYSTAL_E: 1})  # borders river 12, chasm 14, mine 8
    begin_turn(g, 0)
    assert scored(finish(g), 0) == 1 + 1
    give(g, 1, "kraken", "stone", {RIVER_END: 1})
    begin_turn(g, 0)
    assert scored(finish(g), 0) == 1
    check(g)


# --- Gnomes --------------------------------------------------------------------------------

def test_no_discount_against_active_gnomes():
    g = ug()
    ogres = give(g, 0, "ogres", "stone", {MUDPOOL: 5})
    give(g, 1, "gnomes", "wise", {FOREST: 2})
    begin_turn(g, 0)
    assert cost(g, ogres, FOREST) == 4  # 2 + 2 Gnomes, no Ogre discount
    assert cost(g, ogres, MOUNTAIN_LAIR) == 2  # 2 + 1 marker - 1 elsewhere
    events = act(g, "conquer", FOREST)
    assert of(events, "conquered")[0]["cost"] == 4
    check(g)


def test_penalties_still_apply_against_gnomes():
    g = ug()
    mummies = give(g, 0, "mummies", "stone", {MUDPOOL: 3})
    give(g, 1, "gnomes", "wise", {FOREST: 1})
    begin_turn(g, 0)
    assert cost(g, mummies, FOREST) == 2 + 1 + 1
    check(g)


def test_declined_gnomes_lose_their_protection():
    g = ug()
    ogres = give(g, 0, "ogres", "stone", {MUDPOOL: 3})
    give(g, 1, "gnomes", "wise", {FOREST: 1}, declined=True)
    begin_turn(g, 0)
    assert cost(g, ogres, FOREST) == 2
    check(g)


# --- Kraken --------------------------------------------------------------------------------

def test_kraken_keep_their_rivers_at_redeployment():
    g = ug()
    kraken = give(g, 0, "kraken", "stone", {FOREST: 4})
    begin_turn(g, 0)
    act(g, "conquer", RIVER_TOP)
    events = finish(g)
    assert g.region_army[RIVER_TOP] == kraken.id
    assert not of(events, "abandoned")
    assert scored(events, 0) == 2
    check(g)


def test_other_races_empty_their_rivers():
    g = ug()
    ogres = give(g, 0, "ogres", "stone", {FOREST: 4})
    begin_turn(g, 0)
    act(g, "conquer", RIVER_TOP)
    events = finish(g)
    assert g.region_army[RIVER_TOP] == NOBODY and ogres.mask == 1 << FOREST
    assert [e["region"] for e in of(events, "abandoned")] == [RIVER_TOP]
    check(g)


def test_declined_kraken_still_hold_and_score_rivers():
    g = ug()
    kraken = give(g, 0, "kraken", "stone", {RIVER_MID: 1, FOREST: 1}, declined=True)
    give(g, 0, "ogres", "wise", {MUDPOOL_W: 2})
    begin_turn(g, 0)
    events = finish(g)
    assert g.region_army[RIVER_MID] == kraken.id
    assert scored(events, 0) == 3
    check(g)


def test_a_kraken_river_costs_one_plus_its_tokens():
    g = ug()
    give(g, 0, "kraken", "stone", {RIVER_MID: 2})
    lizards = give(g, 1, "mummies", "wise", {MOUNTAIN: 5})
    begin_turn(g, 1)
    assert cost(g, lizards, RIVER_MID) == 1 + 2 + 1  # river, 2 Kraken, Mummies
    check(g)


# --- Liches --------------------------------------------------------------------------------

def test_taking_a_declined_liches_region_pays_their_owner_a_coin():
    g = ug()
    give(g, 0, "liches", "stone", {FOREST: 1}, declined=True)
    give(g, 1, "ogres", "wise", {MUDPOOL: 4})
    begin_turn(g, 1)
    coins = list(g.coins)
    events = act(g, "conquer", FOREST)
    assert g.coins == [coins[0] + 1, coins[1] - 1]
    (paid,) = of(events, "coins_paid")
    assert paid.seat == 0 and paid["payer"] == 1 and paid["reason"] == "underground:liches"
    check(g)


def test_a_player_with_no_coin_may_not_attack_declined_liches():
    g = ug()
    give(g, 0, "liches", "stone", {FOREST: 1}, declined=True)
    give(g, 1, "ogres", "wise", {MUDPOOL: 4})
    g.to_bank += g.coins[1]
    g.coins[1] = 0
    begin_turn(g, 1)
    with pytest.raises(IllegalAction, match="coin toll"):
        act(g, "conquer", FOREST)
    check(g)


def test_active_liches_take_no_toll():
    g = ug()
    give(g, 0, "liches", "stone", {FOREST: 1})
    give(g, 1, "ogres", "wise", {MUDPOOL: 4})
    begin_turn(g, 1)
    coins = list(g.coins)
    events = act(g, "conquer", FOREST)
    assert g.coins == coins and not of(events, "coins_paid")
    check(g)


# --- Mudmen --------------------------------------------------------------------------------

def test_mudmen_gain_a_token_per_mudpool_at_redeployment():
    g = ug()
    mudmen = give(g, 0, "mudmen", "stone", {MUDPOOL: 3, FOREST: 1})
    begin_turn(g, 0)
    act(g, "conquer", MINE)
    events = act(g, "end_conquest")
    assert of(events, "tokens_gained")[0]["count"] == 1
    assert mudmen.hand == 1 + 1  # one lifted from the mine region, one new
    act(g, "deploy", MUDPOOL, 2)
    act(g, "end_redeploy")
    assert g.tray["underground:mudmen"] == 12 - 5
    check(g)


def test_mudmen_stop_gaining_when_the_box_is_empty():
    g = ug()
    mudmen = give(g, 0, "mudmen", "stone", {MUDPOOL: 6, MUDPOOL_W: 6})
    begin_turn(g, 0)
    events = act(g, "end_conquest")
    assert not of(events, "tokens_gained")
    assert mudmen.hand == 10 and g.tray["underground:mudmen"] == 0
    check(g)


# --- Mummies -------------------------------------------------------------------------------

def test_mummies_pay_one_more_everywhere_even_rivers():
    g = ug()
    mummies = give(g, 0, "mummies", "stone", {MUDPOOL: 6})
    begin_turn(g, 0)
    assert cost(g, mummies, FOREST) == 3
    assert cost(g, mummies, MOUNTAIN_LAIR) == 4  # 2 + marker + 1
    act(g, "conquer", FOREST)
    assert cost(g, mummies, RIVER_TOP) == 2
    check(g)


def test_mummies_final_die_counts_the_extra_token():
    g = ug(dice=[2])
    mummies = give(g, 0, "mummies", "stone", {MUDPOOL: 2})
    begin_turn(g, 0)
    assert mummies.hand == 1
    events = act(g, "final", FOREST)  # costs 3: 2 short
    assert of(events, "die_rolled")[0]["short"] == 2
    assert g.region_army[FOREST] == mummies.id
    check(g)


# --- Ogres ---------------------------------------------------------------------------------

def test_ogres_pay_one_less_but_at_least_one():
    g = ug(monsters=True)
    ogres = give(g, 0, "ogres", "stone", {MUDPOOL: 3})
    begin_turn(g, 0)
    assert cost(g, ogres, FOREST) == 1
    assert cost(g, ogres, MOUNTAIN_LAIR) == 2 + 1 + 2 - 1  # marker and two Monsters
    act(g, "conquer", FOREST)
    assert cost(g, ogres, RIVER_TOP) == 1
    check(g)


# --- Shrooms -------------------------------------------------------------------------------

def test_shrooms_score_mushroom_forests():
    g = ug()
    give(g, 0, "shrooms", "wise", {FOREST: 1, FOREST_LAIR: 1, MINE: 1})
    begin_turn(g, 0)
    assert scored(finish(g), 0) == 3 + 2
    check(g)


def test_declined_shrooms_score_regions_only():
    g = ug()
    give(g, 0, "shrooms", "stone", {FOREST: 1, FOREST_LAIR: 1})
    begin_turn(g, 0)
    assert scored(act(g, "decline"), 0) == 2
    assert "decline" not in kinds(g)
    check(g)
