"""Scenarios worked out by hand from the Underground rulebook (seed 003): the rules every game
meets — set-up, picking a combo, conquest costs, rivers, chasms, Monsters and what they guard,
enemy losses, the final die, redeployment, scoring, decline, immune regions and the end.

Each test names the rule; positions are on the small test map (tests/underground/helpers.py).
"""

from __future__ import annotations

import pytest
from invariants import check
from scenario import UG_TEST_MAP, act, begin_turn, finish, give, kinds, of, pinned, put, targets

from smallworld_tui.engine import IllegalAction, view
from smallworld_tui.engine.bitset import NOBODY
from smallworld_tui.engine.phase import Phase
from underground.helpers import (
    BORDER,
    CHASM,
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
    qid,
    reveal,
    to_end,
    ug,
)

MONSTER = qid("monster")


# --- set-up and picking a combo -------------------------------------------------------------

def test_setup_each_player_has_five_coins_and_six_combos_are_visible():
    g = ug(monsters=True)
    assert g.coins == [5, 5] and len(g.combos) == 6
    lairs = {r for r, kind in enumerate(g.neutral) if kind == MONSTER}
    assert lairs == {MINE_LAIR, MOUNTAIN_LAIR, FOREST_LAIR}
    assert all(g.region_tokens[r] == 2 for r in lairs)
    assert len(g.hidden) == 3  # one face-down marker per lair, the rest unseen
    check(g)


def test_picking_puts_a_coin_on_each_combo_above_and_takes_banner_plus_badge_tokens():
    g = pinned(["mummies", "ogres", "drow", "kraken"], ["wise", "stone", "mining", "royal"],
               map_name=UG_TEST_MAP, game="underground")
    act(g, "pick", 2)  # Drow (4) + Mining (4)
    drow = g.armies[0]
    assert (drow.race, drow.power, drow.hand) == (qid("drow"), qid("mining"), 8)
    assert g.coins[0] == 3 and [c.coins for c in g.combos[:3]] == [1, 1, 0]
    act(g, "conquer", FOREST)
    to_end(g)
    act(g, "pick", 1)  # the Ogres' combo with its coin: pay 1, collect 1
    assert g.coins[1] == 5 and g.combos[0].coins == 2
    assert g.armies[1].hand == 5 + 4  # Ogres 5, Stone 4
    check(g)


# --- conquest costs -------------------------------------------------------------------------

def test_conquest_costs_two_plus_one_per_marker_armor_keep_and_defending_token():
    g = ug()
    drow = give(g, 0, "drow", "immortal", {CRYSTAL: 1}, hand=8)
    give(g, 1, "ogres", "shield", {MOUNTAIN: 2})
    reveal(g, "keep_on_the_motherland", MOUNTAIN)
    put(g, "mushroom_armor", MOUNTAIN)
    assert cost(g, drow, MOUNTAIN) == 2 + 1 + 1 + 1 + 2  # marker, Keep, armor, two Ogres
    check(g)


def test_revealed_relics_and_places_add_no_defence_but_the_keep():
    g = ug()
    drow = give(g, 0, "drow", "immortal", {CRYSTAL: 1}, hand=8)
    give(g, 1, "ogres", "wise", {MUDPOOL_W: 1})
    reveal(g, "sword_of_the_killer_rabbit", MUDPOOL_W)
    reveal(g, "diamond_fields", MINE_LAIR)
    assert cost(g, drow, MUDPOOL_W) == 2 + 1 and cost(g, drow, MINE_LAIR) == 2
    check(g)


def test_monsters_defend_like_tokens_a_lair_with_a_marker_costs_five():
    g = ug(monsters=True)
    drow = give(g, 0, "drow", "immortal", {MINE: 1}, hand=8)
    assert cost(g, drow, MOUNTAIN_LAIR) == 2 + 1 + 2
    check(g)


def test_a_conquest_needs_at_least_one_token_in_hand():
    g = ug()
    give(g, 0, "ogres", "immortal", {MOUNTAIN: 1, MUDPOOL_W: 1})
    begin_turn(g, 0)
    assert not {"conquer", "final"} & kinds(g)  # a river would cost the Ogres 1, none in hand
    check(g)


# --- first conquest, rivers and chasms --------------------------------------------------------

def test_a_first_conquest_is_on_the_board_edge_river_ends_included():
    g = pinned(["drow"], ["immortal"], map_name=UG_TEST_MAP, game="underground")
    act(g, "pick", 0)
    assert targets(g, "conquer") == BORDER
    assert {RIVER_TOP, RIVER_END} <= BORDER and RIVER_MID not in BORDER
    with pytest.raises(IllegalAction):
        act(g, "conquer", MOUNTAIN)
    check(g)


def test_a_river_costs_one_token_and_is_the_only_way_across():
    g = ug()
    drow = give(g, 0, "drow", "immortal", {MOUNTAIN: 1}, hand=5)
    begin_turn(g, 0)
    assert MINE not in targets(g, "conquer")  # the other bank is not adjacent
    assert cost(g, drow, RIVER_MID) == 1
    act(g, "conquer", RIVER_MID)
    assert drow.hand == 5 - 1 and MINE in targets(g, "conquer")
    check(g)


def test_a_river_taken_is_emptied_at_redeployment_and_scores_nothing():
    g = ug()
    drow = give(g, 0, "drow", "immortal", {MOUNTAIN: 1}, hand=5)
    begin_turn(g, 0)
    act(g, "conquer", RIVER_MID)
    act(g, "conquer", MINE)
    events = to_end(g)
    assert g.region_army[RIVER_MID] == NOBODY and not drow.mask >> RIVER_MID & 1
    assert g.region_tokens[MOUNTAIN] + g.region_tokens[MINE] == 6
    assert breakdown(events, 0)[f"regions:{qid('drow')}"] == 2
    check(g)


def test_a_chasm_is_never_entered_nor_crossed():
    g = ug()
    give(g, 0, "drow", "immortal", {MOUNTAIN_LAIR: 1}, hand=8)
    begin_turn(g, 0)
    reach = targets(g, "conquer")
    assert CHASM not in reach and CRYSTAL_E not in reach  # beyond the chasm
    with pytest.raises(IllegalAction, match="can never be entered"):
        act(g, "conquer", CHASM)
    check(g)


def test_a_chasm_is_no_first_conquest_though_it_touches_the_edge():
    g = pinned(["ogres"], ["immortal"], map_name=UG_TEST_MAP, game="underground")
    act(g, "pick", 0)
    assert not {CHASM, CHASM_VOLCANO} & (targets(g, "conquer") | targets(g, "final"))
    check(g)


# --- Monsters and what they guard -------------------------------------------------------------

def test_taking_a_lair_removes_its_monsters_and_turns_the_top_marker_up_there_at_once():
    g = ug(monsters=True)
    sword = qid("sword_of_the_killer_rabbit")
    g.hidden = [sword, *(i for i in g.hidden if i != sword)][:3]
    drow = give(g, 0, "drow", "immortal", {CRYSTAL: 1}, hand=8)
    begin_turn(g, 0)
    monsters = g.tray[MONSTER]
    events = act(g, "conquer", MINE_LAIR)
    assert g.tray[MONSTER] == monsters + 2 and g.region_tokens[MINE_LAIR] == 4
    assert g.items[sword] == MINE_LAIR and sword not in g.hidden
    assert of(events, "item_revealed")
    assert "sword" in kinds(g)  # the relic's power is the holder's at once
    assert drow.mask >> MINE_LAIR & 1
    check(g)


def test_a_place_stays_in_its_region_and_serves_whoever_takes_it():
    g = ug()
    give(g, 0, "ogres", "immortal", {MUDPOOL_W: 1}, declined=True)
    reveal(g, "mine_of_the_lost_dwarf", MUDPOOL_W)
    give(g, 1, "drow", "wise", {MOUNTAIN: 4})
    begin_turn(g, 1)
    act(g, "conquer", MUDPOOL_W)
    events = to_end(g)
    assert g.items[qid("mine_of_the_lost_dwarf")] == MUDPOOL_W
    assert breakdown(events, 1)[f"place:{qid('mine_of_the_lost_dwarf')}"] == 2
    check(g)


def test_a_relic_taken_with_its_region_belongs_to_the_conqueror():
    g = ug()
    give(g, 0, "ogres", "immortal", {MUDPOOL_W: 2})
    reveal(g, "sword_of_the_killer_rabbit", MUDPOOL_W)
    give(g, 1, "drow", "wise", {MOUNTAIN: 8})
    begin_turn(g, 1)
    assert "sword" not in kinds(g)
    act(g, "conquer", MUDPOOL_W)
    assert "sword" in kinds(g)
    check(g)


def test_a_black_mountain_marker_stays_and_defends_the_new_holder():
    g = ug()
    give(g, 0, "ogres", "immortal", {MOUNTAIN: 1}, declined=True)
    drow = give(g, 1, "drow", "wise", {CRYSTAL: 5})
    begin_turn(g, 1)
    act(g, "conquer", MOUNTAIN)
    assert drow.mask >> MOUNTAIN & 1 and g.pieces.count(qid("black_mountain"), MOUNTAIN) == 1
    mummies = give(g, 0, "mummies", "stone", {MUDPOOL_W: 1})
    assert cost(g, mummies, MOUNTAIN) == 2 + 1 + g.region_tokens[MOUNTAIN] + 1
    check(g)


# --- enemy losses and withdrawal ----------------------------------------------------------------

def test_a_defender_loses_one_token_and_redeploys_the_rest_anywhere_at_the_end_of_the_turn():
    g = ug()
    ogres = give(g, 1, "ogres", "stone", {MOUNTAIN: 3, FOREST: 1})
    tray = g.tray[ogres.race]
    drow = give(g, 0, "drow", "wise", {CRYSTAL: 1}, hand=8)
    begin_turn(g, 0)
    act(g, "conquer", MOUNTAIN)  # 2 + marker + 3 Ogres
    assert drow.hand == 8 - 6 and ogres.hand == 2 and g.tray[ogres.race] == tray + 1
    act(g, "end_conquest")
    finish(g)
    assert g.phase == Phase.DEFENDER and g.actor == 1
    act(g, "deploy", FOREST, 2)  # far from the lost region: no adjacency needed
    assert g.region_tokens[FOREST] == 3
    act(g, "end_redeploy")
    check(g)


def test_a_defender_with_no_region_left_keeps_its_tokens_and_enters_again_from_the_edge():
    g = ug()
    ogres = give(g, 1, "ogres", "stone", {MOUNTAIN: 3})
    give(g, 0, "drow", "wise", {CRYSTAL: 1}, hand=8)
    begin_turn(g, 0)
    act(g, "conquer", MOUNTAIN)
    to_end(g)
    assert ogres.alive and ogres.mask == 0 and ogres.hand == 2
    begin_turn(g, 1)
    assert MOUNTAIN not in targets(g, "conquer") and FOREST in targets(g, "conquer")
    check(g)


def test_a_lone_defending_token_is_lost_and_a_race_left_with_nothing_leaves_the_map():
    g = ug()
    ogres = give(g, 1, "ogres", "immortal", {MUDPOOL_W: 1}, declined=True)
    give(g, 0, "drow", "wise", {CRYSTAL: 1}, hand=8)
    begin_turn(g, 0)
    act(g, "conquer", MUDPOOL_W)
    assert not ogres.alive and ogres.hand == 0
    assert qid("ogres") in g.race_stack or any(c.race == qid("ogres") for c in g.combos)
    check(g)


def test_a_player_may_conquer_his_own_declined_region_losing_that_token():
    g = ug()
    old = give(g, 0, "ogres", "immortal", {MOUNTAIN: 1, FOREST: 1}, declined=True)
    drow = give(g, 0, "drow", "wise", {CRYSTAL: 1}, hand=8)
    begin_turn(g, 0)
    assert cost(g, drow, MOUNTAIN) == 2 + 1 + 1
    act(g, "conquer", MOUNTAIN)
    assert drow.mask >> MOUNTAIN & 1 and old.mask == 1 << FOREST and old.hand == 0
    check(g)


def test_new_conquests_border_the_active_race_not_the_declined_one():
    g = ug()
    give(g, 0, "ogres", "immortal", {FOREST: 1}, declined=True)
    give(g, 0, "drow", "wise", {MUDPOOL_W: 1}, hand=8)
    begin_turn(g, 0)
    reach = targets(g, "conquer")
    assert {CRYSTAL, MOUNTAIN, FOREST_LAIR} <= reach
    assert not {MUDPOOL, MINE, RIVER_TOP} & reach  # next to the declined Ogres only
    check(g)


# --- the final conquest and the reinforcement die ------------------------------------------------

def test_the_final_die_is_offered_at_most_three_tokens_short():
    g = ug(monsters=True)
    give(g, 1, "ogres", "immortal", {MUDPOOL_W: 3})
    give(g, 0, "drow", "wise", {CRYSTAL: 1}, hand=1)
    begin_turn(g, 0)
    final = targets(g, "final")
    assert MOUNTAIN in final  # 3, one in hand: 2 short
    assert MINE_LAIR in final  # 4: 3 short
    assert MUDPOOL_W not in final  # 2 + 3 Ogres: 4 short
    check(g)


def test_a_final_die_that_covers_the_shortfall_takes_the_region_with_every_token_left():
    g = ug(dice=[1])
    drow = give(g, 0, "drow", "wise", {CRYSTAL: 1}, hand=2)
    begin_turn(g, 0)
    events = act(g, "final", MOUNTAIN)  # 2 + marker = 3: 2 in hand + 1 rolled
    (taken,) = of(events, "conquered")
    assert taken["region"] == MOUNTAIN and taken["tokens"] == 2 and drow.mask >> MOUNTAIN & 1
    assert g.phase == Phase.REDEPLOY  # the final conquest ends the conquests
    check(g)


def test_a_failed_final_die_ends_the_conquests_and_the_tokens_go_to_a_region_held():
    g = ug(dice=[0])
    drow = give(g, 0, "drow", "wise", {CRYSTAL: 1}, hand=2)
    begin_turn(g, 0)
    act(g, "final", MOUNTAIN)
    assert not drow.mask >> MOUNTAIN & 1 and drow.hand == 2
    assert g.phase == Phase.REDEPLOY and not {"conquer", "final"} & kinds(g)
    act(g, "deploy", CRYSTAL, 2)
    act(g, "end_redeploy")
    assert g.region_tokens[CRYSTAL] == 3
    check(g)


# --- redeployment and scoring ---------------------------------------------------------------

def test_redeployment_moves_tokens_between_any_regions_keeping_one_in_each():
    g = ug()
    drow = give(g, 0, "drow", "wise", {FOREST: 4, MUDPOOL_W: 1}, hand=2)
    begin_turn(g, 0)
    act(g, "conquer", MUDPOOL)
    act(g, "end_conquest")
    assert drow.hand == 2 + 3 - 2 + 1  # every token but one per region
    assert all(g.region_tokens[r] == 1 for r in (FOREST, MUDPOOL_W, MUDPOOL))
    act(g, "deploy", MUDPOOL_W, drow.hand)  # not adjacent to the others
    act(g, "end_redeploy")
    assert g.region_tokens[MUDPOOL_W] == 5
    check(g)


def test_each_region_of_the_active_and_of_the_declined_race_scores_one_coin_no_bonus_in_decline():
    g = ug()
    give(g, 0, "drow", "mining", {MINE: 1, MUDPOOL: 1}, declined=True)  # alone: no Drow coins
    give(g, 0, "ogres", "immortal", {MUDPOOL_W: 2, FOREST_LAIR: 1})
    begin_turn(g, 0)
    events = to_end(g)
    assert breakdown(events, 0) == {f"regions:{qid('drow')}": 2, f"regions:{qid('ogres')}": 2}
    assert g.coins[0] == 5 + 4
    check(g)


def test_coins_are_hidden_from_the_other_players():
    g = ug()
    g.coins[1] = 12
    assert view(g, 0).coins == [5, None] and view(g, 1).coins == [None, 12]


# --- later turns: readying, abandoning -------------------------------------------------------

def test_a_later_turn_readies_every_token_but_one_per_region():
    g = ug()
    drow = give(g, 0, "drow", "wise", {MOUNTAIN: 4, MUDPOOL_W: 3}, hand=1)
    begin_turn(g, 0)
    assert drow.hand == 1 + 3 + 2
    assert g.region_tokens[MOUNTAIN] == g.region_tokens[MUDPOOL_W] == 1
    check(g)


def test_an_abandoned_region_scores_nothing_and_keeps_its_relic_or_place():
    g = ug()
    ogres = give(g, 0, "ogres", "wise", {MOUNTAIN: 4, MUDPOOL_W: 3})
    reveal(g, "mine_of_the_lost_dwarf", MUDPOOL_W)
    begin_turn(g, 0)
    act(g, "abandon", MUDPOOL_W)
    assert g.region_army[MUDPOOL_W] == NOBODY and ogres.hand == 3 + 3
    assert g.items[qid("mine_of_the_lost_dwarf")] == MUDPOOL_W
    events = to_end(g)
    assert breakdown(events, 0) == {f"regions:{qid('ogres')}": 1}
    check(g)


def test_abandoning_every_region_means_a_first_conquest_again():
    g = ug()
    drow = give(g, 0, "drow", "wise", {MOUNTAIN: 4})
    begin_turn(g, 0)
    assert CRYSTAL in targets(g, "conquer") and FOREST not in targets(g, "conquer")
    act(g, "abandon", MOUNTAIN)
    assert drow.mask == 0 and drow.hand == 4
    assert targets(g, "conquer") == BORDER
    check(g)


# --- decline ----------------------------------------------------------------------------------

def test_decline_keeps_one_token_per_region_discards_the_badge_and_ends_the_turn():
    g = ug()
    ogres = give(g, 0, "ogres", "stone", {MOUNTAIN: 3, MUDPOOL_W: 2}, hand=1)
    tray = g.tray[ogres.race]
    begin_turn(g, 0)
    events = act(g, "decline")
    assert ogres.declined and ogres.hand == 0 and g.tray[ogres.race] == tray + 4
    assert g.region_tokens[MOUNTAIN] == g.region_tokens[MUDPOOL_W] == 1
    assert qid("stone") in g.power_discard
    # no conquest that turn; the declined regions score, the discarded Stone does not
    assert breakdown(events, 0) == {f"regions:{qid('ogres')}": 2}
    assert g.seat == 1
    check(g)


def test_an_older_declined_race_leaves_the_map_when_another_race_declines():
    g = ug()
    old = give(g, 0, "drow", "wise", {FOREST: 1}, declined=True)
    give(g, 0, "ogres", "stone", {MOUNTAIN: 2})
    begin_turn(g, 0)
    act(g, "decline")
    assert not old.alive and g.region_army[FOREST] == NOBODY
    assert qid("drow") in g.race_stack or any(c.race == qid("drow") for c in g.combos)
    check(g)


def test_the_turn_after_a_decline_picks_a_new_combo():
    g = ug()
    give(g, 0, "ogres", "stone", {MOUNTAIN: 2})
    begin_turn(g, 0)
    act(g, "decline")
    begin_turn(g, 0)
    assert g.phase == Phase.PICK and kinds(g) == {"pick"}
    check(g)


def test_no_decline_in_the_turn_a_race_is_picked():
    g = pinned(["drow"], ["wise"], map_name=UG_TEST_MAP, game="underground")
    act(g, "pick", 0)
    assert "decline" not in kinds(g)


def test_no_decline_once_the_turn_began_conquering():
    g = ug()
    give(g, 0, "ogres", "stone", {MOUNTAIN: 4})
    begin_turn(g, 0)
    assert "decline" in kinds(g)
    act(g, "conquer", MUDPOOL_W)
    assert "decline" not in kinds(g)


# --- the end of the game ----------------------------------------------------------------------

def test_a_round_ends_when_every_player_has_played_and_the_next_one_begins():
    g = pinned(["drow", "ogres"], ["wise", "stone"], map_name=UG_TEST_MAP,
               game="underground")
    assert g.round == 1 and g.seat == 0
    act(g, "pick", 0)
    act(g, "conquer", FOREST)
    to_end(g)
    assert g.round == 1 and g.seat == 1
    act(g, "pick", 0)
    act(g, "conquer", MUDPOOL_W)
    to_end(g)
    assert g.round == 2 and g.seat == 0 and g.phase == Phase.CONQUER  # Drow expand or decline
    assert "decline" in kinds(g)


def test_the_game_ends_when_everyone_played_the_last_round_most_coins_wins():
    g = ug()
    give(g, 0, "ogres", "stone", {MOUNTAIN: 2})
    give(g, 1, "drow", "wise", {FOREST: 2})
    g.coins = [30, 20]
    begin_turn(g, 0, round_=g.map.turns)
    to_end(g)
    assert g.phase != Phase.OVER
    to_end(g)
    assert g.phase == Phase.OVER and g.winners == [0]


def test_a_tie_goes_to_the_most_race_tokens_on_the_board_active_and_declined():
    g = ug()
    give(g, 0, "ogres", "stone", {MOUNTAIN: 3})
    give(g, 1, "drow", "wise", {FOREST: 2})
    give(g, 1, "mummies", "mining", {MUDPOOL: 2}, declined=True)
    begin_turn(g, 0, round_=g.map.turns)
    to_end(g)
    to_end(g)
    g.coins = [40, 40]
    from smallworld_tui.engine.game import winners

    assert winners(g) == [1]  # 4 tokens on the board against 3


# --- immune regions -----------------------------------------------------------------------------

def test_an_immune_region_cannot_be_conquered_by_an_enemy_even_with_a_relic():
    g = ug()
    give(g, 1, "ogres", "royal", {MUDPOOL_W: 1})
    put(g, "queen", MUDPOOL_W)
    drow = give(g, 0, "drow", "wise", {MOUNTAIN: 8})
    reveal(g, "flying_doormat", MOUNTAIN)
    begin_turn(g, 0)
    assert MUDPOOL_W not in targets(g, "conquer")
    act(g, "doormat")
    assert MUDPOOL_W not in targets(g, "conquer") and MINE in targets(g, "conquer")
    assert drow.hand == 7
    check(g)


def test_an_immune_region_is_untouched_by_enemy_powers_and_relics():
    g = ug()
    give(g, 1, "ogres", "royal", {MUDPOOL_W: 1, FOREST_LAIR: 1})
    put(g, "queen", MUDPOOL_W)
    give(g, 0, "drow", "vampire", {MOUNTAIN: 6})
    reveal(g, "shiny_orb", MOUNTAIN)
    begin_turn(g, 0)
    assert targets(g, "vampire") == {FOREST_LAIR} and targets(g, "orb") == {FOREST_LAIR}
    check(g)


def test_an_empty_badge_pile_is_refilled_from_the_shuffled_discards():
    g = pinned(["drow"], ["wise"], map_name=UG_TEST_MAP, game="underground")
    g.power_discard, g.power_stack = g.power_stack, []
    discards = set(g.power_discard)
    act(g, "pick", 0)
    assert g.combos[-1].power in discards and len(g.combos) == 6
    check(g)


def test_a_vanished_race_banner_goes_under_the_banner_pile():
    g = ug()
    give(g, 0, "ogres", "vanishing", {MOUNTAIN: 2})
    begin_turn(g, 0)
    act(g, "decline")
    assert g.race_stack[-1] == qid("ogres")
    check(g)
