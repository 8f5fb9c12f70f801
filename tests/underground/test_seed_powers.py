"""Scenarios worked out by hand from the Underground rulebook (seed 003): the 21 special
powers, each rule the text states and the edge cases it implies (decline, being conquered,
other content, running out of pieces).

Each test names the rule; positions are on the small test map (tests/underground/helpers.py).
"""

from __future__ import annotations

import pytest
from invariants import check
from scenario import act, begin_turn, finish, give, kinds, of, put, targets, where

from smallworld_tui.engine import IllegalAction
from smallworld_tui.engine.bitset import NOBODY
from smallworld_tui.engine.phase import Phase
from underground.helpers import (
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
    RIVER_MID,
    breakdown,
    cost,
    qid,
    reveal,
    to_end,
    ug,
    ug_for,
)


def bonus(events, seat: int, power: str) -> int:
    """The bonus ``power`` paid ``seat`` at scoring (0 if none)."""
    return breakdown(events, seat).get(f"power:{qid(power)}", 0)


def turn_bonus(race: str, power: str, regions: dict[int, int], **kw) -> int:
    """Seat 0 plays a turn with ``race``/``power`` holding ``regions`` (no conquest): the
    bonus the power pays."""
    g = ug(**kw)
    give(g, 0, race, power, regions)
    begin_turn(g, 0)
    return bonus(to_end(g), 0, power)


# --- terrain powers: +1 per region of their terrain, only while active (Muddy in decline too) ----

@pytest.mark.parametrize(("power", "regions", "coins"), [
    ("mining", {MINE: 1, MINE_LAIR: 1, MOUNTAIN: 1}, 2),
    ("mystic", {CRYSTAL: 1, CRYSTAL_E: 1, MUDPOOL: 1}, 2),
    ("stone", {MOUNTAIN: 1, MOUNTAIN_LAIR: 1, MUDPOOL: 1}, 2),
    ("muddy", {MUDPOOL: 1, MUDPOOL_W: 1, MINE: 1}, 2),
])
def test_terrain_powers_pay_a_coin_per_region_of_their_terrain(power, regions, coins):
    assert turn_bonus("ogres", power, regions) == coins


@pytest.mark.parametrize(("power", "coins"), [("mining", 0), ("muddy", 1)])
def test_only_muddy_still_pays_in_decline(power, coins):
    g = ug()
    give(g, 0, "ogres", power, {MINE: 2, MUDPOOL: 2})
    begin_turn(g, 0)
    assert bonus(act(g, "decline"), 0, power) == coins


# --- Wise ---------------------------------------------------------------------------------------

def test_wise_pay_two_from_the_turn_they_decline_while_on_the_map():
    g = ug()
    give(g, 0, "ogres", "wise", {MOUNTAIN: 2})
    begin_turn(g, 0)
    assert bonus(to_end(g), 0, "wise") == 0  # nothing while active
    begin_turn(g, 0)
    assert bonus(act(g, "decline"), 0, "wise") == 2
    begin_turn(g, 0)
    act(g, "pick", 0)
    assert bonus(to_end(g), 0, "wise") == 2
    check(g)


# --- Royal --------------------------------------------------------------------------------------

def test_royal_queen_placed_at_the_end_of_the_turn_makes_her_region_immune():
    g = ug()
    give(g, 0, "ogres", "royal", {MUDPOOL_W: 1, MOUNTAIN: 3})
    begin_turn(g, 0)
    act(g, "end_conquest")
    assert targets(g, "queen") == {MUDPOOL_W, MOUNTAIN}
    act(g, "queen", MUDPOOL_W)
    to_end(g)
    drow = give(g, 1, "drow", "wise", {CRYSTAL: 8})
    begin_turn(g, 1)
    assert MUDPOOL_W not in targets(g, "conquer") and MOUNTAIN in targets(g, "conquer")
    assert drow.hand == 7
    check(g)


def test_royal_queen_stays_and_guards_in_decline_but_never_moves():
    g = ug()
    give(g, 0, "ogres", "royal", {MUDPOOL_W: 1, MOUNTAIN: 3})
    put(g, "queen", MUDPOOL_W)
    begin_turn(g, 0)
    act(g, "decline")
    assert where(g, "queen") == 1 << MUDPOOL_W
    give(g, 0, "shrooms", "stone", {CRYSTAL_E: 2})
    begin_turn(g, 0)
    act(g, "end_conquest")
    assert "queen" not in kinds(g)
    to_end(g)
    give(g, 1, "drow", "wise", {CRYSTAL: 8})
    begin_turn(g, 1)
    assert MUDPOOL_W not in targets(g, "conquer") and MOUNTAIN in targets(g, "conquer")
    check(g)


# --- Frightened, Quarreling, Flocking -----------------------------------------------------------

def test_frightened_pay_a_coin_per_region_with_three_tokens_or_more():
    g = ug()
    give(g, 0, "ogres", "frightened", {MOUNTAIN: 3, MUDPOOL_W: 4, FOREST: 2})
    begin_turn(g, 0)
    act(g, "end_conquest")
    for region, extra in ((MOUNTAIN, 2), (MUDPOOL_W, 3), (FOREST, 1)):
        act(g, "deploy", region, extra)
    assert bonus(act(g, "end_redeploy"), 0, "frightened") == 2


def test_quarreling_pay_a_coin_per_separate_group_of_regions():
    # forest+mudpool, the west mudpool, the east crystal: three groups
    assert turn_bonus("ogres", "quarreling",
                      {FOREST: 1, MUDPOOL: 1, MUDPOOL_W: 1, CRYSTAL_E: 1}) == 3


@pytest.mark.parametrize(("regions", "coins"), [
    ({FOREST: 1, MUDPOOL: 1, MOUNTAIN_LAIR: 1}, 2),  # one group
    ({FOREST: 1, MUDPOOL: 1, MUDPOOL_W: 1}, 0),  # the west mudpool stands apart
    ({MINE_LAIR: 1, MINE: 1}, 0),  # linked by an empty river only
])
def test_flocking_pay_two_when_all_regions_form_one_group(regions, coins):
    assert turn_bonus("ogres", "flocking", regions) == coins


# --- Fisher -------------------------------------------------------------------------------------

@pytest.mark.parametrize(("regions", "coins"), [
    ({MINE_LAIR: 1, FOREST: 1}, 1),  # both border the top river
    ({MINE_LAIR: 1, MINE: 1}, 0),  # the top river and the middle one: no common river
    ({MINE_LAIR: 1, FOREST: 1, MOUNTAIN: 1, MINE: 1}, 2),  # top pair, middle pair
    ({FOREST_LAIR: 1, CRYSTAL_E: 1, MOUNTAIN: 1}, 1),  # three on the coast: one pair
])
def test_fisher_pay_a_coin_per_pair_of_coastal_regions_on_one_same_river(regions, coins):
    assert turn_bonus("ogres", "fisher", regions) == coins


# --- Martyr, Immortal, Vengeful: being attacked -------------------------------------------------

def test_martyr_get_a_coin_each_time_an_enemy_takes_one_of_their_regions():
    g = ug()
    give(g, 0, "ogres", "martyr", {MUDPOOL_W: 1, MOUNTAIN: 1, FOREST: 1})
    give(g, 1, "drow", "wise", {CRYSTAL: 8})
    begin_turn(g, 1)
    act(g, "conquer", MUDPOOL_W)
    act(g, "conquer", MOUNTAIN)
    assert g.coins[0] == 5 + 2
    check(g)


def test_declined_martyr_get_nothing():
    g = ug()
    give(g, 0, "ogres", "martyr", {MUDPOOL_W: 1}, declined=True)
    give(g, 1, "drow", "wise", {CRYSTAL: 8})
    begin_turn(g, 1)
    act(g, "conquer", MUDPOOL_W)
    assert g.coins[0] == 5
    check(g)


def test_immortal_lose_no_token_when_conquered_and_redeploy_them_all():
    g = ug()
    immortal = give(g, 0, "ogres", "immortal", {MUDPOOL_W: 2, FOREST: 1})
    tray = g.tray[immortal.race]
    give(g, 1, "drow", "wise", {CRYSTAL: 8})
    begin_turn(g, 1)
    act(g, "conquer", MUDPOOL_W)
    assert immortal.hand == 2 and g.tray[immortal.race] == tray
    act(g, "end_conquest")
    finish(g)
    act(g, "deploy", FOREST, 2)
    assert g.region_tokens[FOREST] == 3
    check(g)


def test_a_lone_immortal_token_is_kept_too():
    g = ug()
    immortal = give(g, 0, "ogres", "immortal", {MUDPOOL_W: 1})
    give(g, 1, "drow", "wise", {CRYSTAL: 8})
    begin_turn(g, 1)
    act(g, "conquer", MUDPOOL_W)
    assert immortal.hand == 1 and immortal.mask == 0
    check(g)


def test_vengeful_mark_each_attacker_who_then_pays_for_it():
    """The seed stops after the first sentence; the English text (ruling 66) says the rest."""
    g = ug()
    vengeful = give(g, 0, "ogres", "vengeful", {MUDPOOL_W: 1, MOUNTAIN: 3})
    give(g, 1, "drow", "wise", {CRYSTAL: 4, FOREST: 1})
    begin_turn(g, 1)
    events = act(g, "conquer", MUDPOOL_W)
    assert [(e.seat, e["piece"]) for e in of(events, "pieces_gained")] == [
        (1, qid("vengeance"))]
    to_end(g)  # seat 0's turn begins
    assert g.seat == 0
    assert cost(g, vengeful, MUDPOOL_W) == 2 + 1 - 1 - 1  # Ogres and vengeance
    assert cost(g, vengeful, RIVER_MID) == 1  # nobody's
    to_end(g)
    to_end(g)  # the markers were taken back after that turn
    assert cost(g, vengeful, MUDPOOL_W) == 2 + g.region_tokens[MUDPOOL_W] - 1
    check(g)


# --- Shield -------------------------------------------------------------------------------------

def test_shield_take_an_armor_per_forest_after_conquering_and_place_them_at_redeployment():
    g = ug()
    shield = give(g, 0, "ogres", "shield", {FOREST: 2, FOREST_LAIR: 1, MUDPOOL_W: 1}, hand=3)
    begin_turn(g, 0)
    act(g, "end_conquest")
    assert shield.reserve[qid("mushroom_armor")] == 2
    with pytest.raises(IllegalAction):
        act(g, "end_redeploy")  # the armor must be placed
    act(g, "armor", MUDPOOL_W)
    act(g, "armor", MUDPOOL_W)  # several in one region
    to_end(g)
    drow = give(g, 1, "drow", "wise", {CRYSTAL: 8})
    assert cost(g, drow, MUDPOOL_W) == 2 + 2 + g.region_tokens[MUDPOOL_W]
    check(g)


def test_mushroom_armor_defends_in_decline_and_leaves_with_its_region():
    g = ug()
    give(g, 0, "ogres", "shield", {MUDPOOL_W: 1, MOUNTAIN: 1}, declined=True)
    put(g, "mushroom_armor", MUDPOOL_W)
    drow = give(g, 1, "drow", "wise", {CRYSTAL: 8})
    assert cost(g, drow, MUDPOOL_W) == 2 + 1 + 1
    begin_turn(g, 1)
    act(g, "conquer", MUDPOOL_W)
    assert not where(g, "mushroom_armor")
    check(g)


def test_mushroom_armor_is_no_token_a_lone_token_with_it_may_be_bitten():
    g = ug()
    give(g, 1, "ogres", "shield", {MUDPOOL_W: 1})
    put(g, "mushroom_armor", MUDPOOL_W, 2)
    give(g, 0, "drow", "vampire", {CRYSTAL: 3})
    begin_turn(g, 0)
    assert targets(g, "vampire") == {MUDPOOL_W}
    check(g)


def test_armor_is_limited_to_the_eight_in_the_box():
    g = ug()
    shield = give(g, 0, "ogres", "shield", {FOREST: 2, FOREST_LAIR: 1})
    put(g, "mushroom_armor", FOREST, 7)
    begin_turn(g, 0)
    act(g, "end_conquest")
    assert shield.reserve[qid("mushroom_armor")] == 1
    check(g)


# --- Vampire ------------------------------------------------------------------------------------

def test_vampire_replace_one_lone_active_token_per_opponent_per_turn(tmp_path):
    g = ug_for(3, tmp_path)
    vampire = give(g, 0, "drow", "vampire", {MOUNTAIN: 3})
    b = give(g, 1, "ogres", "wise", {CRYSTAL: 1, MUDPOOL_W: 1})
    give(g, 2, "mummies", "stone", {FOREST_LAIR: 1, MINE_LAIR: 2})
    tray = g.tray[vampire.race]
    begin_turn(g, 0)
    assert targets(g, "vampire") == {CRYSTAL, MUDPOOL_W, FOREST_LAIR}  # not the pair
    act(g, "vampire", CRYSTAL)
    assert g.region_army[CRYSTAL] == vampire.id and g.region_tokens[CRYSTAL] == 1
    assert g.tray[vampire.race] == tray - 1 and vampire.hand == 2  # the token came from the box
    assert b.hand == 0 and g.tray[b.race] == 10 - 1
    assert targets(g, "vampire") == {FOREST_LAIR}  # once against each opponent
    act(g, "vampire", FOREST_LAIR)
    assert "vampire" not in kinds(g)
    check(g)


def test_vampire_take_the_token_from_hand_when_the_box_is_empty():
    g = ug()
    vampire = give(g, 0, "drow", "vampire", {MOUNTAIN: 7}, hand=2)  # all 9 Drow
    give(g, 1, "ogres", "wise", {CRYSTAL: 1})
    begin_turn(g, 0)
    hand = vampire.hand
    act(g, "vampire", CRYSTAL)
    assert vampire.hand == hand - 1
    check(g)


def test_vampire_never_bite_declined_tokens_nor_a_lone_gnome():
    g = ug()
    give(g, 0, "drow", "vampire", {MOUNTAIN: 3})
    give(g, 1, "gnomes", "wise", {CRYSTAL: 1})
    give(g, 1, "ogres", "stone", {MUDPOOL_W: 1}, declined=True)
    begin_turn(g, 0)
    assert "vampire" not in kinds(g)
    check(g)


def test_a_bitten_immortal_token_is_lost():
    g = ug()
    give(g, 0, "drow", "vampire", {MOUNTAIN: 3})
    immortal = give(g, 1, "ogres", "immortal", {CRYSTAL: 1})
    begin_turn(g, 0)
    act(g, "vampire", CRYSTAL)
    assert immortal.hand == 0 and g.tray[immortal.race] == 10
    check(g)


# --- Reborn -------------------------------------------------------------------------------------

def test_reborn_pass_one_or_two_declined_regions_to_the_active_race_each_turn():
    g = ug()
    reborn = give(g, 0, "ogres", "reborn", {MOUNTAIN: 1, MUDPOOL_W: 1, CRYSTAL: 1},
                  declined=True)
    drow = give(g, 0, "drow", "wise", {FOREST: 3})
    drow_tray = g.tray[drow.race]
    begin_turn(g, 0)
    act(g, "reborn", MOUNTAIN)
    act(g, "reborn", MUDPOOL_W)
    assert "reborn" not in kinds(g)  # two at most
    assert drow.mask >> MOUNTAIN & 1 and g.region_tokens[MOUNTAIN] == 1
    assert reborn.mask == 1 << CRYSTAL and g.tray[reborn.race] == 10 - 1
    assert g.tray[drow.race] == drow_tray - 2
    check(g)


def test_reborn_acts_only_in_decline():
    g = ug()
    give(g, 0, "ogres", "reborn", {MOUNTAIN: 2, MUDPOOL_W: 1})
    begin_turn(g, 0)
    assert "reborn" not in kinds(g)


# --- Thieving -----------------------------------------------------------------------------------

def test_thieving_take_a_coin_from_each_player_with_active_tokens_next_door(tmp_path):
    g = ug_for(4, tmp_path)
    give(g, 0, "ogres", "thieving", {MOUNTAIN: 2})
    give(g, 1, "drow", "wise", {CRYSTAL: 1, MUDPOOL_W: 1})  # two neighbours: one coin
    give(g, 2, "mummies", "stone", {FOREST_LAIR: 1}, declined=True)  # declined: nothing
    give(g, 3, "kraken", "mining", {RIVER_MID: 1})
    g.pay(3, 5)  # broke: pays nothing
    begin_turn(g, 0)
    to_end(g)
    assert g.coins[:3] == [5 + 1 + 1, 4, 5] and g.coins[3] == 0
    check(g)


# --- Tomb ---------------------------------------------------------------------------------------

def test_tomb_keep_every_token_in_decline_and_redeploy_once_more_before_scoring():
    """The Japanese "cannot all stay" drops a negation (ruling 64)."""
    g = ug()
    tomb = give(g, 0, "ogres", "tomb", {MOUNTAIN: 3, MUDPOOL_W: 2})
    begin_turn(g, 0)
    act(g, "decline")
    assert g.phase == Phase.REDEPLOY and tomb.declined
    act(g, "deploy", MUDPOOL_W, tomb.hand)
    events = act(g, "end_redeploy")
    assert g.region_tokens[MUDPOOL_W] == 4 and g.region_tokens[MOUNTAIN] == 1
    assert breakdown(events, 0) == {f"regions:{qid('ogres')}": 2}
    check(g)


def test_a_tomb_decline_still_removes_the_older_declined_race():
    g = ug()
    old = give(g, 0, "drow", "stone", {CRYSTAL_E: 1}, declined=True)
    give(g, 0, "ogres", "tomb", {MOUNTAIN: 3})
    begin_turn(g, 0)
    act(g, "decline")
    assert not old.alive and g.region_army[CRYSTAL_E] == NOBODY
    check(g)


def test_a_taken_tomb_region_loses_one_token_and_the_rest_go_to_other_tomb_regions():
    g = ug()
    tomb = give(g, 0, "ogres", "tomb", {MUDPOOL_W: 3, FOREST: 1}, declined=True)
    give(g, 1, "drow", "wise", {CRYSTAL: 8})
    begin_turn(g, 1)
    act(g, "conquer", MUDPOOL_W)
    assert tomb.hand == 2
    act(g, "end_conquest")
    finish(g)
    assert g.phase == Phase.DEFENDER
    act(g, "deploy", FOREST, 2)
    assert g.region_tokens[FOREST] == 3
    check(g)


def test_tomb_tokens_with_no_region_left_leave_the_map():
    g = ug()
    tomb = give(g, 0, "ogres", "tomb", {MUDPOOL_W: 3}, declined=True)
    give(g, 1, "drow", "wise", {CRYSTAL: 8})
    begin_turn(g, 1)
    act(g, "conquer", MUDPOOL_W)
    assert not tomb.alive and g.tray[tomb.race] == 10
    check(g)


# --- Vanishing ----------------------------------------------------------------------------------

def test_vanishing_remove_every_token_on_decline_for_two_coins_a_region():
    """The seed does not say whether an older declined race stays when the new one vanishes
    (none of the new race's tokens is flipped); ruling 65: a decline removes it, as always."""
    g = ug()
    give(g, 0, "drow", "stone", {FOREST: 1}, declined=True)
    vanishing = give(g, 0, "ogres", "vanishing", {MOUNTAIN: 3, MUDPOOL_W: 2})
    begin_turn(g, 0)
    act(g, "decline")
    assert not vanishing.alive and g.region_army[MOUNTAIN] == NOBODY
    assert g.region_army[FOREST] == NOBODY  # the older declined race left too
    assert g.coins[0] == 5 + 4
    check(g)


# --- Adventurous --------------------------------------------------------------------------------

def test_adventurous_pay_a_coin_per_place_held_not_relics():
    g = ug()
    give(g, 0, "ogres", "adventurous", {MOUNTAIN: 1, MUDPOOL_W: 1, CRYSTAL: 1})
    reveal(g, "mine_of_the_lost_dwarf", MOUNTAIN)
    reveal(g, "great_brass_pipe", MUDPOOL_W)
    reveal(g, "sword_of_the_killer_rabbit", CRYSTAL)
    begin_turn(g, 0)
    assert bonus(to_end(g), 0, "adventurous") == 2
    check(g)


# --- Magic --------------------------------------------------------------------------------------

def test_magic_bag_copies_a_relic_in_play_and_comes_back_when_its_region_falls():
    g = ug()
    drow = give(g, 1, "drow", "wise", {FOREST: 2, MUDPOOL_W: 6})
    reveal(g, "sword_of_the_killer_rabbit", FOREST)
    magic = give(g, 0, "ogres", "magic", {MOUNTAIN: 5})
    magic.reserve[qid("bag")] = 1
    begin_turn(g, 0)
    (sword,) = targets(g, "bag")  # the one relic face up
    act(g, "bag", sword)
    act(g, "sword")
    assert cost(g, magic, CRYSTAL) == 1  # 2, less the Ogres' 1 and the Bag-Sword's 2
    act(g, "conquer", CRYSTAL)
    assert where(g, "bag") == 1 << CRYSTAL
    assert g.items[qid("sword_of_the_killer_rabbit")] == FOREST  # the Sword itself stays
    to_end(g)
    begin_turn(g, 1)
    act(g, "conquer", CRYSTAL)
    assert not where(g, "bag") and magic.reserve[qid("bag")] == 1  # never stolen
    assert drow.mask >> CRYSTAL & 1
    check(g)
