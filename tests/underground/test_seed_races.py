"""Scenarios worked out by hand from the Underground rulebook (seed 003): the 15 races, each
rule the text states and the edge cases it implies (decline, being conquered, other content).

Each test names the rule; positions are on the small test map (tests/underground/helpers.py)
unless a real board is needed.
"""

from __future__ import annotations

import pytest
from invariants import check
from scenario import UG_TEST_MAP, act, begin_turn, give, kinds, of, pinned, put, targets, where

from smallworld_tui.engine import IllegalAction
from smallworld_tui.engine.bitset import NOBODY
from smallworld_tui.engine.phase import Phase
from underground.helpers import (
    CHASM_VOLCANO,
    CRYSTAL,
    CRYSTAL_E,
    FOREST,
    FOREST_LAIR,
    MINE,
    MINE_LAIR,
    MOUNTAIN,
    MOUNTAIN_LAIR,
    MUDPOOL,
    MUDPOOL_W,
    RIVER_END,
    RIVER_MID,
    RIVER_TOP,
    breakdown,
    cost,
    picked,
    qid,
    reveal,
    to_end,
    ug,
)

# --- Cultists -----------------------------------------------------------------------------------

def test_cultists_great_ancient_goes_in_their_first_conquest_which_is_immune():
    g = picked("cultists")
    act(g, "conquer", MUDPOOL_W)
    act(g, "conquer", CRYSTAL)
    assert where(g, "great_ancient") == 1 << MUDPOOL_W
    to_end(g)
    ogres = give(g, 1, "ogres", "wise", {FOREST_LAIR: 9})
    begin_turn(g, 1)
    assert MUDPOOL_W not in targets(g, "conquer") and MOUNTAIN in targets(g, "conquer")
    assert ogres.hand == 8
    check(g)


def test_cultists_pay_one_less_next_to_the_great_ancient_but_at_least_one():
    g = ug()
    cultists = give(g, 0, "cultists", "immortal", {FOREST_LAIR: 4, MUDPOOL: 1})
    put(g, "great_ancient", FOREST_LAIR)
    give(g, 1, "ogres", "wise", {MUDPOOL_W: 2})
    assert cost(g, cultists, MUDPOOL_W) == 2 + 2 - 1
    assert cost(g, cultists, MOUNTAIN) == 2 + 1 - 1
    assert cost(g, cultists, RIVER_END) == 1  # 1 - 1, but never below 1
    assert cost(g, cultists, MINE) == 2  # next to the Cultists' mudpool, not the Great Ancient
    check(g)


def test_cultists_move_the_great_ancient_at_the_start_of_a_later_turn():
    g = picked("cultists")
    assert "ancient" not in kinds(g)  # not on the turn they are taken
    act(g, "conquer", MUDPOOL_W)
    act(g, "conquer", CRYSTAL)
    to_end(g)
    begin_turn(g, 0)
    assert targets(g, "ancient") == {CRYSTAL}  # to any other Cultist region
    act(g, "ancient", CRYSTAL)
    assert where(g, "great_ancient") == 1 << CRYSTAL
    check(g)


def test_cultists_discount_counts_regions_their_own_relic_makes_adjacent():
    """Seed: regions made adjacent by the Cultists' own powers, places or relics count as
    adjacent to the Great Ancient (ruling 43: a readied Doormat makes every region so)."""
    g = ug()
    cultists = give(g, 0, "cultists", "immortal", {MUDPOOL_W: 6})
    put(g, "great_ancient", MUDPOOL_W)
    reveal(g, "flying_doormat", MUDPOOL_W)
    begin_turn(g, 0)
    assert cost(g, cultists, MUDPOOL) == 2
    act(g, "doormat")
    assert cost(g, cultists, MUDPOOL) == 1
    check(g)


@pytest.mark.parametrize(("race", "piece", "region"), [
    ("cultists", "great_ancient", MUDPOOL_W), ("flames", "volcano", CHASM_VOLCANO)])
def test_the_great_ancient_and_the_volcano_leave_when_their_race_declines(race, piece, region):
    """The seed is silent; rulings 43 and 45: the race power ends, its piece leaves."""
    g = ug()
    give(g, 0, race, "immortal", {MUDPOOL_W: 2})
    put(g, piece, region)
    begin_turn(g, 0)
    act(g, "decline")
    assert not where(g, piece)
    check(g)


# --- Drow ---------------------------------------------------------------------------------------

def test_drow_score_a_coin_per_region_bordering_no_other_race():
    g = ug(monsters=True)
    give(g, 0, "drow", "immortal", {FOREST: 1, MUDPOOL: 1, CRYSTAL: 1, MUDPOOL_W: 1})
    give(g, 1, "ogres", "wise", {MINE: 1}, declined=True)  # next to the forest
    # the mudpool borders the forest (Drow) and the Monsters' lair; the crystal borders the
    # Monsters' mine lair; the west mudpool borders the Monsters' forest lair
    begin_turn(g, 0)
    assert breakdown(to_end(g), 0).get(f"race:{qid('drow')}", 0) == 0
    check(g)


def test_drow_alone_with_empty_neighbours_and_rivers_score_and_own_declined_race_spoils():
    g = ug()
    give(g, 0, "drow", "immortal", {FOREST: 1, MUDPOOL: 1, MUDPOOL_W: 1})
    give(g, 0, "ogres", "wise", {FOREST_LAIR: 1}, declined=True)  # borders the west mudpool
    begin_turn(g, 0)
    # forest: rivers and Drow around, mudpool: Drow and empty; west mudpool: own Ogres
    assert breakdown(to_end(g), 0)[f"race:{qid('drow')}"] == 2
    check(g)


# --- Flames -------------------------------------------------------------------------------------

def test_flames_put_the_volcano_on_a_volcano_chasm_when_taken():
    g = picked("flames")
    assert where(g, "volcano") == 1 << CHASM_VOLCANO
    check(g)


def test_flames_choose_their_volcano_chasm_when_taken_before_anything_else():
    g = picked("flames", map_name="underground-2p")  # two volcano chasms: 7 and 20
    assert kinds(g) == {"volcano"} and targets(g, "volcano") == {7, 20}
    with pytest.raises(IllegalAction, match="Volcano"):
        act(g, "conquer", 4)
    with pytest.raises(IllegalAction, match="Volcano"):
        act(g, "end_conquest")
    act(g, "volcano", 7)
    assert where(g, "volcano") == 1 << 7 and "conquer" in kinds(g)
    check(g)


def test_flames_take_regions_next_to_the_volcano_as_if_empty():
    g = picked("flames")
    flames = g.armies[0]
    give(g, 1, "ogres", "wise", {CRYSTAL: 3})
    assert cost(g, flames, CRYSTAL) == 2  # next to the Volcano: its Ogres do not count
    events = act(g, "conquer", CRYSTAL)
    (taken,) = of(events, "conquered")
    assert taken["lost"] == 1 and g.armies[1].hand == 2  # the defender still loses one
    check(g)


def test_flames_chain_through_their_regions_keeps_static_defence():
    """As if empty: race tokens and Monsters do not count, markers do (ruling 71)."""
    g = ug(monsters=True)
    flames = give(g, 0, "flames", "immortal", {CRYSTAL: 1, MUDPOOL_W: 1}, hand=7)
    put(g, "volcano", CHASM_VOLCANO)
    give(g, 1, "ogres", "wise", {MOUNTAIN: 2, FOREST: 3})
    assert cost(g, flames, MOUNTAIN) == 2 + 1  # next to the crystal: its marker counts
    assert cost(g, flames, FOREST_LAIR) == 2  # Monsters next to the chain's west mudpool
    assert cost(g, flames, MINE_LAIR) == 2  # Monsters next to the Volcano
    assert cost(g, flames, FOREST) == 2 + 3  # not next to the chain
    check(g)


# --- Gnomes (the attacker's rules do not help) --------------------------------------------------

def test_gnomes_refuse_the_attackers_race_power_and_items_but_not_plain_conquest():
    g = ug()
    give(g, 1, "gnomes", "wise", {MUDPOOL_W: 1})
    ogres = give(g, 0, "ogres", "vengeful", {MOUNTAIN: 8})
    reveal(g, "sword_of_the_killer_rabbit", MOUNTAIN)
    begin_turn(g, 0)
    act(g, "sword")
    assert cost(g, ogres, MUDPOOL_W) == 2 + 1  # neither the Ogres' -1 nor the Sword's -2
    assert cost(g, ogres, CRYSTAL) == 1
    check(g)


@pytest.mark.parametrize(("race", "regions", "reached"), [
    ("spiderines", {MOUNTAIN_LAIR: 3}, CRYSTAL),  # the web reaches every chasm's side...
    ("lizardmen", {MOUNTAIN: 3}, FOREST_LAIR),  # the river pass reaches the other bank...
])
def test_gnomes_cannot_be_reached_through_an_attackers_race_power(race, regions, reached):
    g = ug()
    give(g, 1, "gnomes", "wise", {CRYSTAL_E: 1})  # ...but not the Gnomes' crystal
    give(g, 0, race, "immortal", regions)
    begin_turn(g, 0)
    assert reached in targets(g, "conquer") and CRYSTAL_E not in targets(g, "conquer")
    check(g)


def test_gnomes_cannot_be_reached_through_an_attackers_pipe_or_doormat():
    g = ug()
    give(g, 1, "gnomes", "wise", {MUDPOOL: 1, CRYSTAL_E: 1})
    give(g, 0, "ogres", "stone", {MUDPOOL_W: 8})
    reveal(g, "great_brass_pipe", MUDPOOL_W)  # mudpools are adjacent for the Ogres...
    reveal(g, "flying_doormat", MUDPOOL_W)
    begin_turn(g, 0)
    act(g, "doormat")
    reach = targets(g, "conquer")
    assert MINE in reach and not {MUDPOOL, CRYSTAL_E} & reach  # ...but not for the Gnomes'
    check(g)


def test_the_balrog_never_takes_a_gnome_region():
    g = ug()
    give(g, 0, "ogres", "stone", {MINE_LAIR: 2})
    reveal(g, "wickedest_pentacle", MINE_LAIR)
    give(g, 1, "gnomes", "wise", {MOUNTAIN: 1, CRYSTAL: 1})
    begin_turn(g, 0)
    assert not {MOUNTAIN, CRYSTAL} & targets(g, "balrog")
    assert RIVER_TOP in targets(g, "balrog")


def test_gnomes_use_their_own_relics_on_their_turn():
    g = ug()
    gnomes = give(g, 0, "gnomes", "stone", {MOUNTAIN: 6})
    reveal(g, "sword_of_the_killer_rabbit", MOUNTAIN)
    begin_turn(g, 0)
    act(g, "sword")
    assert cost(g, gnomes, MUDPOOL_W) == 1
    check(g)


def test_declined_gnomes_are_not_protected():
    g = ug()
    give(g, 1, "gnomes", "wise", {MUDPOOL_W: 1}, declined=True)
    ogres = give(g, 0, "ogres", "immortal", {MOUNTAIN: 8})
    assert cost(g, ogres, MUDPOOL_W) == 2
    check(g)


# --- Iron Dwarves -------------------------------------------------------------------------------

def test_iron_dwarves_take_a_silver_hammer_per_mine_at_redeployment():
    g = ug()
    dwarves = give(g, 0, "iron_dwarves", "immortal", {MINE: 2, MINE_LAIR: 2})
    begin_turn(g, 0)
    to_end(g)
    assert dwarves.reserve[qid("silver_hammer")] == 2
    check(g)


def test_silver_hammers_conquer_in_place_of_dwarves_but_never_defend():
    g = ug()
    dwarves = give(g, 0, "iron_dwarves", "immortal", {MINE_LAIR: 1}, hand=1)
    dwarves.reserve[qid("silver_hammer")] = 3
    give(g, 1, "ogres", "wise", {MOUNTAIN: 1})
    begin_turn(g, 0)
    act(g, "conquer", MOUNTAIN)  # 2 + marker + 1 Ogre = 4: three hammers and one Dwarf
    assert dwarves.hand == 0 and dwarves.mask >> MOUNTAIN & 1
    to_end(g)
    assert cost(g, g.armies[1], MOUNTAIN) == 2 + 1 + 1 - 1  # one Dwarf defends, no hammer
    check(g)


def test_silver_hammers_alone_never_start_a_conquest():
    g = ug()
    dwarves = give(g, 0, "iron_dwarves", "immortal", {MINE_LAIR: 1})
    dwarves.reserve[qid("silver_hammer")] = 5
    begin_turn(g, 0)
    assert dwarves.hand == 0 and not {"conquer", "final"} & kinds(g)
    check(g)


def test_silver_hammers_come_back_every_turn_and_are_lost_in_decline():
    g = ug()
    dwarves = give(g, 0, "iron_dwarves", "immortal", {MINE_LAIR: 3})
    dwarves.reserve[qid("silver_hammer")] = 3
    begin_turn(g, 0)
    act(g, "conquer", MOUNTAIN)
    to_end(g)
    assert dwarves.reserve[qid("silver_hammer")] == 3 + 1  # the mine lair is a Mine
    begin_turn(g, 0)
    act(g, "decline")
    assert not dwarves.reserve.get(qid("silver_hammer"))
    check(g)


def test_silver_hammers_never_exceed_the_seven_in_the_box():
    g = ug()
    dwarves = give(g, 0, "iron_dwarves", "immortal", {MINE: 1, MINE_LAIR: 1})
    dwarves.reserve[qid("silver_hammer")] = 6
    begin_turn(g, 0)
    to_end(g)
    assert dwarves.reserve[qid("silver_hammer")] == 7


# --- Kraken -------------------------------------------------------------------------------------

def test_kraken_keep_and_score_their_rivers_and_others_must_take_them_to_cross():
    g = ug()
    kraken = give(g, 0, "kraken", "immortal", {MINE_LAIR: 3}, hand=2)
    begin_turn(g, 0)
    act(g, "conquer", RIVER_TOP)
    act(g, "conquer", RIVER_MID)
    events = to_end(g)
    assert kraken.mask == (1 << MINE_LAIR | 1 << RIVER_TOP | 1 << RIVER_MID)
    assert breakdown(events, 0)[f"regions:{qid('kraken')}"] == 3
    drow = give(g, 1, "drow", "wise", {MOUNTAIN: 6})
    begin_turn(g, 1)
    assert MINE not in targets(g, "conquer")
    assert cost(g, drow, RIVER_MID) == 1 + g.region_tokens[RIVER_MID]
    check(g)


def test_kraken_need_not_empty_their_rivers_but_may_while_redeploying():
    g = ug()
    kraken = give(g, 0, "kraken", "immortal", {MINE_LAIR: 3})
    begin_turn(g, 0)
    act(g, "conquer", RIVER_TOP)
    assert "abandon" not in kinds(g)  # no abandoning once the conquests began
    act(g, "end_conquest")
    assert kraken.mask >> RIVER_TOP & 1 and targets(g, "abandon") == {RIVER_TOP}
    act(g, "abandon", RIVER_TOP)
    assert g.region_army[RIVER_TOP] == NOBODY and kraken.hand == 1 + 1
    with pytest.raises(IllegalAction, match="river"):
        act(g, "abandon", MINE_LAIR)
    act(g, "deploy", MINE_LAIR, 2)
    act(g, "end_redeploy")
    assert g.region_tokens[MINE_LAIR] == 3
    check(g)


def test_declined_kraken_still_hold_and_score_their_rivers():
    g = ug()
    give(g, 0, "kraken", "immortal", {RIVER_MID: 2, MOUNTAIN: 1})
    begin_turn(g, 0)
    events = act(g, "decline")
    assert g.region_tokens[RIVER_MID] == 1
    assert breakdown(events, 0)[f"regions:{qid('kraken')}"] == 2
    check(g)


# --- Liches -------------------------------------------------------------------------------------

def test_conquering_a_declined_liches_region_pays_their_owner_a_coin():
    g = ug()
    give(g, 0, "liches", "immortal", {MUDPOOL_W: 1, FOREST: 1}, declined=True)
    give(g, 1, "ogres", "wise", {MOUNTAIN: 6})
    begin_turn(g, 1)
    act(g, "conquer", MUDPOOL_W)
    assert g.coins == [6, 4]
    check(g)


def test_a_player_without_coins_cannot_conquer_declined_liches():
    g = ug()
    give(g, 0, "liches", "immortal", {MUDPOOL_W: 1}, declined=True)
    give(g, 1, "ogres", "wise", {MOUNTAIN: 6})
    g.pay(1, 5)
    begin_turn(g, 1)
    assert MUDPOOL_W not in targets(g, "conquer") and CRYSTAL in targets(g, "conquer")
    with pytest.raises(IllegalAction):
        act(g, "conquer", MUDPOOL_W)
    check(g)


def test_a_player_who_spent_his_last_coin_on_the_liches_toll_cannot_attack_them_again():
    g = ug()
    give(g, 0, "liches", "immortal", {MUDPOOL_W: 1, CRYSTAL: 1}, declined=True)
    give(g, 1, "ogres", "wise", {MOUNTAIN: 8})
    g.pay(1, 4)
    begin_turn(g, 1)
    act(g, "conquer", MUDPOOL_W)
    assert g.coins == [6, 0] and CRYSTAL not in targets(g, "conquer")
    check(g)


def test_active_liches_take_nothing():
    g = ug()
    give(g, 0, "liches", "immortal", {MUDPOOL_W: 1, FOREST: 1})
    give(g, 1, "ogres", "wise", {MOUNTAIN: 6})
    g.pay(1, 5)
    begin_turn(g, 1)
    act(g, "conquer", MUDPOOL_W)
    assert g.coins == [5, 0]
    check(g)


# --- Lizardmen ----------------------------------------------------------------------------------

def test_lizardmen_pass_every_river_without_taking_it():
    g = ug()
    give(g, 1, "kraken", "wise", {RIVER_MID: 2})
    lizards = give(g, 0, "lizardmen", "immortal", {MOUNTAIN: 4})
    begin_turn(g, 0)
    assert {MINE, FOREST, CRYSTAL_E} <= targets(g, "conquer")  # across the river, held or not
    assert cost(g, lizards, RIVER_MID) == 1 + 2  # taking the Kraken's river: its full cost
    act(g, "conquer", RIVER_MID)
    act(g, "end_conquest")
    assert not lizards.mask >> RIVER_MID & 1  # and they leave it at redeployment
    check(g)


# --- Mudmen -------------------------------------------------------------------------------------

def test_mudmen_take_a_token_per_mudpool_at_redeployment_and_place_it_anywhere():
    g = ug()
    mudmen = give(g, 0, "mudmen", "immortal", {MUDPOOL_W: 2, MUDPOOL: 1, FOREST: 1})
    begin_turn(g, 0)
    act(g, "end_conquest")
    assert mudmen.hand == 1 + 2
    act(g, "deploy", FOREST, 3)
    act(g, "end_redeploy")
    assert g.region_tokens[FOREST] == 4
    check(g)


def test_mudmen_gain_nothing_once_the_box_is_empty():
    g = ug()
    mudmen = give(g, 0, "mudmen", "immortal", {MUDPOOL_W: 6, MUDPOOL: 6})  # all 12
    begin_turn(g, 0)
    act(g, "end_conquest")
    assert mudmen.hand == 5 + 5
    check(g)


# --- Mummies and Ogres --------------------------------------------------------------------------

def test_mummies_pay_one_token_more_for_every_conquest():
    g = ug()
    mummies = give(g, 0, "mummies", "immortal", {MOUNTAIN: 1}, hand=8)
    give(g, 1, "ogres", "wise", {MUDPOOL_W: 1})
    assert cost(g, mummies, CRYSTAL) == 3
    assert cost(g, mummies, RIVER_MID) == 2
    assert cost(g, mummies, MUDPOOL_W) == 4
    check(g)


def test_ogres_pay_one_token_less_but_at_least_one():
    g = ug()
    ogres = give(g, 0, "ogres", "immortal", {MOUNTAIN: 1}, hand=8)
    give(g, 1, "mummies", "wise", {MUDPOOL_W: 2})
    assert cost(g, ogres, CRYSTAL) == 1
    assert cost(g, ogres, RIVER_MID) == 1
    assert cost(g, ogres, MUDPOOL_W) == 3
    check(g)


# --- Shadow Mimes -------------------------------------------------------------------------------

def test_shadow_mimes_swap_badges_with_another_visible_combo_leaving_the_coins():
    g = pinned(["shadow_mimes", "ogres", "drow", "kraken", "gnomes", "liches", "mummies"],
               ["immortal", "wise", "mining", "stone", "royal", "vampire", "tomb"],
               map_name=UG_TEST_MAP, game="underground")
    g.coins[1] -= 3  # coins seat 1 left there
    g.combos[2].coins = 3
    act(g, "pick", 0)
    assert targets(g, "mime") == {0, 1, 2, 3, 4}  # the five combos left, not the new one
    act(g, "mime", 1)  # the Drow's Mining
    mimes = g.armies[0]
    assert mimes.power == qid("mining") and mimes.hand == 7 + 4
    assert (g.combos[1].race, g.combos[1].power, g.combos[1].coins) == (
        qid("drow"), qid("immortal"), 3)
    assert g.armies[0].hand == 11
    assert g.coins == [5, 2]
    check(g)


def test_shadow_mimes_swap_only_when_taken():
    g = picked("shadow_mimes")
    act(g, "conquer", MUDPOOL_W)
    assert "mime" not in kinds(g)


# --- Shrooms ------------------------------------------------------------------------------------

def test_shrooms_score_a_coin_per_mushroom_forest_while_active_only():
    g = ug()
    give(g, 0, "shrooms", "immortal", {FOREST: 1, FOREST_LAIR: 1, MUDPOOL: 1})
    begin_turn(g, 0)
    assert breakdown(to_end(g), 0)[f"race:{qid('shrooms')}"] == 2
    begin_turn(g, 0)
    events = act(g, "decline")
    assert breakdown(events, 0) == {f"regions:{qid('shrooms')}": 3}
    check(g)


# --- Spiderines (a real board: chasms inside the map) -------------------------------------------

def test_spiderines_enter_by_any_region_bordering_a_chasm_and_reach_all_of_them():
    g = picked("spiderines", map_name="underground-2p")
    first = targets(g, "conquer")
    assert 1 in first and 24 in first  # inner regions bordering a chasm
    assert 3 not in first  # inner, no chasm
    act(g, "conquer", 1)
    reach = targets(g, "conquer")
    assert {21, 23, 24} <= reach  # chasm-bordering, far away
    assert not {9, 27} & reach  # far away, no chasm
    check(g)


# --- Will-o'-Wisps ------------------------------------------------------------------------------

def test_wisps_may_roll_before_taking_a_crystal_and_then_place_the_cost_less_the_roll():
    g = ug(dice=[2])
    wisps = give(g, 0, "will_o_wisps", "immortal", {MOUNTAIN: 1}, hand=1)
    give(g, 1, "ogres", "wise", {CRYSTAL: 1})
    begin_turn(g, 0)
    assert CRYSTAL in targets(g, "wisp") and MUDPOOL_W not in targets(g, "wisp")
    act(g, "wisp", CRYSTAL)  # 3: one in hand and 2 rolled
    assert wisps.mask >> CRYSTAL & 1 and g.region_tokens[CRYSTAL] == 1 and wisps.hand == 0
    assert g.phase == Phase.CONQUER  # not the final conquest
    check(g)


def test_wisps_roll_for_regions_next_to_a_crystal_they_hold_and_must_take_them():
    g = ug(dice=[0])
    wisps = give(g, 0, "will_o_wisps", "immortal", {CRYSTAL: 1}, hand=5)
    begin_turn(g, 0)
    assert {MUDPOOL_W, MOUNTAIN, MINE_LAIR} <= targets(g, "wisp")
    act(g, "wisp", MOUNTAIN)  # enough tokens: taken whatever the roll
    assert wisps.mask >> MOUNTAIN & 1 and g.region_tokens[MOUNTAIN] == 3
    check(g)


def test_wisps_may_roll_before_each_crystal_conquest_of_the_turn():
    g = ug(dice=[3, 3])
    wisps = give(g, 0, "will_o_wisps", "immortal", {MUDPOOL_W: 1}, hand=3)
    give(g, 1, "ogres", "wise", {CRYSTAL: 1, MOUNTAIN: 1})
    begin_turn(g, 0)
    act(g, "wisp", CRYSTAL)  # 3, less 3 rolled: 1 token
    assert MOUNTAIN in targets(g, "wisp")  # next to the crystal they now hold
    act(g, "wisp", MOUNTAIN)  # 2 + marker + Ogre = 4, less 3: 1 token
    assert wisps.mask >> MOUNTAIN & 1 and wisps.hand == 1
    check(g)


def test_wisps_failed_roll_ends_the_conquests():
    """The seed says what happens when the tokens suffice; ruling 55: short even with the
    roll, the attempt fails and the conquests end."""
    g = ug(dice=[1])
    wisps = give(g, 0, "will_o_wisps", "immortal", {CRYSTAL: 1}, hand=1)
    begin_turn(g, 0)
    act(g, "wisp", MOUNTAIN)
    assert not wisps.mask >> MOUNTAIN & 1 and "conquer" not in kinds(g)
    check(g)
