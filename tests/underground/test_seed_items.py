"""Scenarios worked out by hand from the Underground rulebook (seed 003): the 6 Righteous
Relics and the 9 Popular Places, each rule the text states and the edge cases it implies
(decline, the region taken or abandoned, other content).

Each test names the rule; positions are on the small test map (tests/underground/helpers.py).
"""

from __future__ import annotations

import pytest
from invariants import check
from scenario import act, begin_turn, finish, give, kinds, put, targets, where

from smallworld_tui.engine import IllegalAction
from smallworld_tui.engine.bitset import NOBODY
from underground.helpers import (
    CHASM,
    CHASM_VOLCANO,
    CRYSTAL,
    CRYSTAL_E,
    FOREST,
    FOREST_LAIR,
    MINE_LAIR,
    MOUNTAIN,
    MOUNTAIN_LAIR,
    MUDPOOL,
    MUDPOOL_W,
    RIVER_MID,
    RIVER_TOP,
    breakdown,
    cost,
    qid,
    reveal,
    to_end,
    ug,
)


def item_bonus(events, seat: int, kind: str, item: str) -> int:
    return breakdown(events, seat).get(f"{kind}:{qid(item)}", 0)


# --- relics in general --------------------------------------------------------------------------

def test_a_relic_is_optional_and_a_declined_race_cannot_use_it():
    g = ug()
    give(g, 0, "drow", "wise", {MUDPOOL_W: 1}, declined=True)
    reveal(g, "flying_doormat", MUDPOOL_W)
    give(g, 0, "ogres", "stone", {MOUNTAIN: 4})
    begin_turn(g, 0)
    assert "doormat" not in kinds(g)
    act(g, "conquer", CRYSTAL)  # the conquests go on without it
    check(g)


def test_a_relic_ends_the_turn_where_it_was_last_used():
    g = ug()
    ogres = give(g, 0, "ogres", "stone", {MOUNTAIN: 6})
    reveal(g, "sword_of_the_killer_rabbit", MOUNTAIN)
    begin_turn(g, 0)
    act(g, "sword")
    act(g, "conquer", MUDPOOL_W)
    act(g, "conquer", FOREST_LAIR)
    to_end(g)
    assert g.items[qid("sword_of_the_killer_rabbit")] == MUDPOOL_W
    assert ogres.mask >> MUDPOOL_W & 1
    check(g)


# --- The Flying Doormat -------------------------------------------------------------------------

def test_doormat_conquers_one_region_anywhere_once_per_turn_and_moves_there():
    g = ug()
    drow = give(g, 0, "drow", "stone", {MUDPOOL_W: 6})
    reveal(g, "flying_doormat", MUDPOOL_W)
    begin_turn(g, 0)
    act(g, "doormat")
    assert CRYSTAL_E in targets(g, "conquer")  # far across the river
    act(g, "conquer", CRYSTAL_E)
    assert g.items[qid("flying_doormat")] == CRYSTAL_E and drow.mask >> CRYSTAL_E & 1
    assert "doormat" not in kinds(g) and MUDPOOL not in targets(g, "conquer")
    check(g)


def test_doormat_stays_where_it_was_when_the_conquest_fails():
    g = ug(dice=[0])
    drow = give(g, 0, "drow", "stone", {MUDPOOL_W: 1}, hand=1)
    reveal(g, "flying_doormat", MUDPOOL_W)
    begin_turn(g, 0)
    act(g, "doormat")
    act(g, "final", MOUNTAIN_LAIR)
    assert g.items[qid("flying_doormat")] == MUDPOOL_W and not drow.mask >> MOUNTAIN_LAIR & 1
    check(g)


# --- The Sword of the Killer Rabbit -------------------------------------------------------------

def test_sword_conquers_one_region_with_two_tokens_fewer_once_per_turn():
    g = ug()
    drow = give(g, 0, "drow", "stone", {MOUNTAIN: 8})
    give(g, 1, "ogres", "wise", {MUDPOOL_W: 3})
    reveal(g, "sword_of_the_killer_rabbit", MOUNTAIN)
    begin_turn(g, 0)
    act(g, "sword")
    assert cost(g, drow, MUDPOOL_W) == 2 + 3 - 2
    act(g, "conquer", MUDPOOL_W)
    assert g.region_tokens[MUDPOOL_W] == 3 and "sword" not in kinds(g)
    assert cost(g, drow, FOREST_LAIR) == 2
    check(g)


# --- The Stinky Troll's Socks -------------------------------------------------------------------

def test_socks_conquer_as_if_empty_and_the_ousted_player_loses_nothing():
    g = ug()
    drow = give(g, 0, "drow", "stone", {CRYSTAL: 6})
    ogres = give(g, 1, "ogres", "wise", {MOUNTAIN: 4, FOREST: 1})
    reveal(g, "stinky_trolls_socks", CRYSTAL)
    begin_turn(g, 0)
    act(g, "socks")
    assert cost(g, drow, MOUNTAIN) == 2 + 1  # the tokens vanish, the marker stays
    act(g, "conquer", MOUNTAIN)
    assert ogres.hand == 4 and g.tray[ogres.race] == 10 - 5
    act(g, "end_conquest")
    finish(g)
    act(g, "deploy", FOREST, 4)  # every ousted token back on the map at the end of the turn
    check(g)


def test_socks_victim_without_regions_takes_its_tokens_back_in_hand():
    g = ug()
    give(g, 0, "drow", "stone", {CRYSTAL: 6})
    ogres = give(g, 1, "ogres", "wise", {MOUNTAIN: 4})
    reveal(g, "stinky_trolls_socks", CRYSTAL)
    begin_turn(g, 0)
    act(g, "socks")
    act(g, "conquer", MOUNTAIN)
    to_end(g)
    assert ogres.alive and ogres.hand == 4 and ogres.mask == 0
    check(g)


# --- The Shiny Orb ------------------------------------------------------------------------------

def test_orb_replaces_a_lone_active_enemy_token_with_a_bonus_token_once_per_turn():
    g = ug()
    drow = give(g, 0, "drow", "stone", {MOUNTAIN: 3})
    ogres = give(g, 1, "ogres", "wise", {CRYSTAL: 1, MUDPOOL_W: 1, FOREST_LAIR: 2})
    reveal(g, "shiny_orb", MOUNTAIN)
    tray = g.tray[drow.race]
    begin_turn(g, 0)
    assert targets(g, "orb") == {CRYSTAL, MUDPOOL_W}
    act(g, "orb", CRYSTAL)
    assert g.region_army[CRYSTAL] == drow.id and g.region_tokens[CRYSTAL] == 1
    assert g.tray[drow.race] == tray - 1 and drow.hand == 2
    assert ogres.hand == 0 and g.items[qid("shiny_orb")] == CRYSTAL
    assert "orb" not in kinds(g)
    check(g)


def test_a_lone_token_beside_a_place_is_still_single_for_the_orb():
    g = ug()
    give(g, 0, "drow", "stone", {MOUNTAIN: 3})
    give(g, 1, "ogres", "wise", {MUDPOOL_W: 1})
    reveal(g, "shiny_orb", MOUNTAIN)
    reveal(g, "mine_of_the_lost_dwarf", MUDPOOL_W)
    begin_turn(g, 0)
    assert targets(g, "orb") == {MUDPOOL_W}
    check(g)


def test_orb_never_replaces_a_declined_token():
    g = ug()
    give(g, 0, "drow", "stone", {MOUNTAIN: 3})
    give(g, 1, "ogres", "wise", {CRYSTAL: 1}, declined=True)
    reveal(g, "shiny_orb", MOUNTAIN)
    begin_turn(g, 0)
    assert "orb" not in kinds(g)
    check(g)


# --- Froggy's Ring ------------------------------------------------------------------------------

def test_ring_placed_at_the_end_of_the_turn_takes_a_coin_from_each_active_neighbour(tmp_path):
    from underground.helpers import ug_for

    g = ug_for(4, tmp_path)
    give(g, 0, "drow", "stone", {MOUNTAIN: 2, FOREST: 1})
    reveal(g, "froggys_ring", FOREST)
    give(g, 1, "ogres", "wise", {CRYSTAL: 1, MUDPOOL_W: 1})  # two regions: one coin
    give(g, 2, "mummies", "mining", {FOREST_LAIR: 1}, declined=True)
    give(g, 3, "kraken", "immortal", {RIVER_MID: 1})
    g.pay(3, 5)
    begin_turn(g, 0)
    to_end(g)
    assert targets(g, "ring") == {MOUNTAIN, FOREST}
    act(g, "ring", MOUNTAIN)
    assert g.items[qid("froggys_ring")] == MOUNTAIN
    assert g.coins[1] == 4 and g.coins[2] == 5 and g.coins[3] == 0
    check(g)


# --- The Scepter of Avarice ---------------------------------------------------------------------

def scepter_turn(g, region: int) -> list:
    """Seat 0 plays a turn without conquering and puts the Scepter in ``region``: the
    events of the scoring."""
    begin_turn(g, 0)
    act(g, "end_conquest")
    act(g, "scepter", region)
    return finish(g)


def test_scepter_doubles_the_coins_of_its_region_before_scoring():
    g = ug()
    give(g, 0, "ogres", "wise", {MOUNTAIN: 2, MUDPOOL_W: 1})
    reveal(g, "scepter_of_avarice", MUDPOOL_W)
    assert sum(breakdown(scepter_turn(g, MOUNTAIN), 0).values()) == 2 + 1
    check(g)


def test_scepter_does_nothing_in_the_mine_of_the_lost_dwarf():
    g = ug()
    give(g, 0, "ogres", "wise", {MOUNTAIN: 2, MUDPOOL_W: 1})
    reveal(g, "scepter_of_avarice", MOUNTAIN)
    reveal(g, "mine_of_the_lost_dwarf", MUDPOOL_W)
    assert sum(breakdown(scepter_turn(g, MUDPOOL_W), 0).values()) == 2 + 2
    check(g)


def test_scepter_never_doubles_coins_taken_from_other_players():
    g = ug()
    give(g, 0, "ogres", "thieving", {MOUNTAIN: 2, MUDPOOL_W: 1})
    reveal(g, "scepter_of_avarice", MUDPOOL_W)
    give(g, 1, "drow", "wise", {CRYSTAL: 1})
    scepter_turn(g, MOUNTAIN)
    assert g.coins == [5 + 3 + 1, 4]  # two regions, the Scepter's, the Drow's coin
    check(g)


# --- The Altar of Souls -------------------------------------------------------------------------

def test_altar_trades_one_declined_token_for_three_coins_at_the_end_of_the_turn():
    g = ug()
    give(g, 0, "drow", "stone", {FOREST: 2, MUDPOOL: 1}, declined=True)
    give(g, 0, "ogres", "wise", {MOUNTAIN: 2})
    reveal(g, "altar_of_souls", MOUNTAIN)
    begin_turn(g, 0)
    to_end(g)
    coins = g.coins[0]
    assert targets(g, "sacrifice") == {FOREST, MUDPOOL}
    act(g, "sacrifice", FOREST)
    assert g.region_tokens[FOREST] == 1 and g.coins[0] == coins + 3
    assert g.seat == 1  # once per turn
    check(g)


def test_altar_works_while_its_holder_is_declined():
    g = ug()
    give(g, 0, "drow", "stone", {FOREST: 2, MOUNTAIN: 1}, declined=True)
    reveal(g, "altar_of_souls", MOUNTAIN)
    give(g, 0, "ogres", "wise", {MUDPOOL_W: 2})
    begin_turn(g, 0)
    to_end(g)
    assert targets(g, "sacrifice") == {FOREST, MOUNTAIN}
    check(g)


# --- The Fountain of Youth ----------------------------------------------------------------------

def test_fountain_gives_a_bonus_token_at_the_start_of_the_turn_while_the_tray_has_one():
    g = ug()
    ogres = give(g, 0, "ogres", "wise", {MOUNTAIN: 2, MUDPOOL_W: 1})
    reveal(g, "fountain_of_youth", MUDPOOL_W)
    begin_turn(g, 0)
    assert ogres.hand == 1 + 1
    check(g)


def test_fountain_gives_nothing_once_the_tray_is_empty():
    g = ug()
    ogres = give(g, 0, "ogres", "wise", {MOUNTAIN: 8, MUDPOOL_W: 2})  # all 10
    reveal(g, "fountain_of_youth", MUDPOOL_W)
    begin_turn(g, 0)
    assert ogres.hand == 7 + 1
    check(g)


def test_fountain_gives_nothing_to_a_declined_holder():
    g = ug()
    give(g, 0, "drow", "stone", {MUDPOOL_W: 1}, declined=True)
    reveal(g, "fountain_of_youth", MUDPOOL_W)
    ogres = give(g, 0, "ogres", "wise", {MOUNTAIN: 2})
    begin_turn(g, 0)
    assert ogres.hand == 1
    check(g)


# --- The Keep on the Motherland, the Mine of the Lost Dwarf, the Diamond Fields -----------------

@pytest.mark.parametrize("declined", [False, True])
@pytest.mark.parametrize(("place", "coins"), [
    ("keep_on_the_motherland", 1),
    ("mine_of_the_lost_dwarf", 2),
    ("diamond_fields", 2),  # its mudpool and the other one held
])
def test_keep_lost_mine_and_diamond_fields_pay_even_in_decline(place, coins, declined):
    g = ug()
    give(g, 0, "ogres", "stone", {MUDPOOL_W: 1, MUDPOOL: 1, FOREST: 1}, declined=declined)
    reveal(g, place, MUDPOOL_W)
    if declined:
        give(g, 0, "drow", "wise", {CRYSTAL_E: 1})
    begin_turn(g, 0)
    assert item_bonus(to_end(g), 0, "place", place) == coins
    check(g)


def test_keep_adds_one_defence_even_in_decline():
    g = ug()
    give(g, 0, "ogres", "stone", {MUDPOOL_W: 1}, declined=True)
    reveal(g, "keep_on_the_motherland", MUDPOOL_W)
    mummies = give(g, 1, "mummies", "wise", {CRYSTAL: 5})
    assert cost(g, mummies, MUDPOOL_W) == 2 + 1 + 1 + 1  # Keep, Ogre, Mummies
    check(g)


def test_diamond_fields_count_only_the_regions_of_the_race_holding_them():
    g = ug()
    give(g, 0, "drow", "stone", {MUDPOOL: 1}, declined=True)
    give(g, 0, "ogres", "wise", {MUDPOOL_W: 1})
    reveal(g, "diamond_fields", MUDPOOL_W)
    begin_turn(g, 0)
    assert item_bonus(to_end(g), 0, "place", "diamond_fields") == 1
    check(g)


# --- The Great Brass Pipe -----------------------------------------------------------------------

def test_pipe_makes_every_region_of_its_terrain_adjacent_for_its_holder():
    g = ug()
    give(g, 0, "ogres", "wise", {MUDPOOL_W: 4})
    reveal(g, "great_brass_pipe", MUDPOOL_W)
    begin_turn(g, 0)
    assert MUDPOOL in targets(g, "conquer") and FOREST not in targets(g, "conquer")
    check(g)


# --- The Crypt of the Tomb-raider ---------------------------------------------------------------

def test_crypt_ghost_goes_anywhere_but_the_crypt_and_makes_that_region_immune():
    g = ug()
    give(g, 0, "ogres", "wise", {MUDPOOL_W: 2, MOUNTAIN: 1})
    reveal(g, "crypt_of_the_tomb_raider", MUDPOOL_W)
    begin_turn(g, 0)
    to_end(g)
    spots = targets(g, "ghost")
    assert MUDPOOL_W not in spots and {MOUNTAIN, FOREST, RIVER_MID} <= spots
    assert not {CHASM, CHASM_VOLCANO} & spots
    act(g, "ghost", MOUNTAIN)
    assert where(g, "ghost") == 1 << MOUNTAIN
    give(g, 1, "drow", "stone", {CRYSTAL: 8})
    begin_turn(g, 1)
    assert MOUNTAIN not in targets(g, "conquer") and MUDPOOL_W in targets(g, "conquer")
    check(g)


def test_crypt_ghost_is_frozen_in_decline_but_keeps_guarding():
    g = ug()
    give(g, 0, "ogres", "wise", {MUDPOOL_W: 2, MOUNTAIN: 1}, declined=True)
    reveal(g, "crypt_of_the_tomb_raider", MUDPOOL_W)
    put(g, "ghost", MOUNTAIN)
    give(g, 0, "drow", "stone", {CRYSTAL_E: 2})
    begin_turn(g, 0)
    to_end(g)
    assert g.seat == 1 and where(g, "ghost") == 1 << MOUNTAIN  # no Ghost to place
    mummies = give(g, 1, "mummies", "mining", {CRYSTAL: 8})
    assert MOUNTAIN not in targets(g, "conquer") and mummies.hand == 0
    check(g)


def test_taking_the_crypt_frees_the_ghost_for_the_conqueror():
    g = ug()
    give(g, 0, "ogres", "wise", {MUDPOOL_W: 1, MOUNTAIN: 1})
    reveal(g, "crypt_of_the_tomb_raider", MUDPOOL_W)
    put(g, "ghost", MOUNTAIN)
    give(g, 1, "drow", "stone", {CRYSTAL: 8})
    begin_turn(g, 1)
    act(g, "conquer", MUDPOOL_W)
    assert not where(g, "ghost")  # it left the region it guarded at once
    assert MOUNTAIN in targets(g, "conquer")
    to_end(g)
    g.seat = 1  # seat 1's end of turn again, to read the choice
    check(g)


# --- Stonehedge ---------------------------------------------------------------------------------

def pile_holds_only(g, power: str) -> None:
    """The power pile holds ``power`` alone (the other badges go to the discards)."""
    power = qid(power)
    for combo in g.combos:
        if combo.power == power:
            combo.power = g.power_stack.pop(0)
    g.power_discard += [p for p in g.power_stack if p != power]
    g.power_stack = [power]


def test_stonehedge_draws_a_random_badge_from_the_pile_and_lends_its_power_without_tokens():
    g = ug(monsters=True)
    ogres = give(g, 0, "ogres", "wise", {CRYSTAL: 1}, hand=8)
    g.hidden = [qid("stonehedge"), *(i for i in g.hidden if i != qid("stonehedge"))][:3]
    pile_holds_only(g, "mining")
    begin_turn(g, 0)
    hand = ogres.hand
    act(g, "conquer", MINE_LAIR)
    assert g.item_data[qid("stonehedge")]["badge"] == qid("mining")
    assert ogres.hand == hand - 3  # no token for the badge
    events = to_end(g)
    assert breakdown(events, 0)[f"power:{qid('mining')}"] == 1  # the lair is a Mine
    check(g)


def test_a_decline_power_from_stonehedge_works_only_once_its_holder_declines():
    g = ug()
    give(g, 0, "ogres", "stone", {MUDPOOL_W: 2})
    pile_holds_only(g, "wise")
    reveal(g, "stonehedge", MUDPOOL_W)
    begin_turn(g, 0)
    assert item_bonus(to_end(g), 0, "power", "wise") == 0
    begin_turn(g, 0)
    assert item_bonus(act(g, "decline"), 0, "power", "wise") == 2
    check(g)


def test_a_vanishing_drawn_by_stonehedge_need_not_be_used_at_the_decline():
    """Seed: like every place's, the Stonehedge's power is optional — a Vanishing drawn
    there need not be used at once (ruling 80)."""
    g = ug()
    ogres = give(g, 0, "ogres", "stone", {MUDPOOL_W: 2, MOUNTAIN: 3})
    pile_holds_only(g, "vanishing")
    reveal(g, "stonehedge", MUDPOOL_W)
    begin_turn(g, 0)
    assert "vanish" in kinds(g)
    events = act(g, "decline")  # an ordinary decline
    assert ogres.alive and ogres.declined and g.region_tokens[MOUNTAIN] == 1
    assert breakdown(events, 0) == {f"regions:{qid('ogres')}": 2}
    check(g)


def test_a_vanishing_drawn_by_stonehedge_acts_when_chosen_before_the_decline():
    g = ug()
    ogres = give(g, 0, "ogres", "stone", {MUDPOOL_W: 2, MOUNTAIN: 3})
    pile_holds_only(g, "vanishing")
    reveal(g, "stonehedge", MUDPOOL_W)
    begin_turn(g, 0)
    act(g, "vanish")
    assert "vanish" not in kinds(g) and "decline" in kinds(g)
    act(g, "decline")
    assert not ogres.alive and g.coins[0] == 5 + 2 * 2
    check(g)


def test_a_vanishing_stonehedge_is_chosen_only_while_the_race_may_still_decline():
    g = ug()
    give(g, 0, "ogres", "stone", {MUDPOOL_W: 2, MOUNTAIN: 3})
    pile_holds_only(g, "vanishing")
    reveal(g, "stonehedge", MUDPOOL_W)
    begin_turn(g, 0)
    act(g, "conquer", CRYSTAL)
    assert "vanish" not in kinds(g)
    with pytest.raises(IllegalAction, match="before you decline"):
        act(g, "vanish")


def test_a_races_own_vanishing_badge_always_acts_at_the_decline():
    g = ug()
    vanishing = give(g, 0, "ogres", "vanishing", {MUDPOOL_W: 2})
    begin_turn(g, 0)
    assert "vanish" not in kinds(g)
    act(g, "decline")
    assert not vanishing.alive
    check(g)


# --- The Wickedest Pentacle ---------------------------------------------------------------------

def test_pentacle_finder_sends_the_balrog_next_door_at_once_the_victims_lose_two():
    g = ug(monsters=True)
    g.hidden = [qid("wickedest_pentacle"),
                *(i for i in g.hidden if i != qid("wickedest_pentacle"))][:3]
    give(g, 0, "drow", "stone", {CRYSTAL: 1}, hand=8)
    ogres = give(g, 1, "ogres", "wise", {MOUNTAIN: 4, FOREST: 1})
    begin_turn(g, 0)
    act(g, "conquer", MINE_LAIR)
    assert kinds(g) == {"balrog"} and targets(g, "balrog") == {RIVER_TOP, MOUNTAIN}
    act(g, "balrog", MOUNTAIN)
    assert g.region_army[MOUNTAIN] == NOBODY and ogres.hand == 2
    assert g.tray[ogres.race] == 10 - 5 + 2
    assert MOUNTAIN not in targets(g, "conquer")  # immune to all, the sender too
    events = to_end(g)
    assert breakdown(events, 0)[f"regions:{qid('drow')}"] == 2  # nothing for the Balrog's
    check(g)


def test_the_balrog_moves_once_a_turn_and_may_sit_in_a_river():
    g = ug()
    give(g, 0, "drow", "stone", {MINE_LAIR: 2, CRYSTAL: 1}, hand=6)
    reveal(g, "wickedest_pentacle", MINE_LAIR)
    put(g, "balrog", MOUNTAIN)
    begin_turn(g, 0)
    assert RIVER_MID in targets(g, "balrog")
    act(g, "balrog", RIVER_MID)
    assert where(g, "balrog") == 1 << RIVER_MID and "balrog" not in kinds(g)
    assert MOUNTAIN in targets(g, "conquer")
    check(g)
