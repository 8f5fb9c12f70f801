"""The 6 Righteous Relics and 9 Popular Places of Small World Underground: each item's rule,
its edge cases and our rulings (underground.md §4.6, §7, §8, §11; docs/rulings.md,
"Small World Underground").

Positions are built on the small test map (its regions: tests/underground/helpers.py).
"""

from __future__ import annotations

import pytest
from invariants import check
from scenario import (
    act,
    begin_turn,
    count,
    finish,
    give,
    kinds,
    of,
    put,
    scored,
    targets,
    where,
)

from smallworld_tui.engine import IllegalAction, apply, legal_actions, ruleset
from smallworld_tui.engine.bitset import NOBODY
from smallworld_tui.engine.phase import Phase
from smallworld_tui.engine.registry import ITEMS
from smallworld_tui.engine.state import Army, GameState
from underground.helpers import (
    CHASM,
    CHASM_VOLCANO,
    CRYSTAL,
    CRYSTAL_E,
    FOREST,
    FOREST_LAIR,
    MINE,
    MINE_LAIR,
    MOUNTAIN,
    MUDPOOL,
    MUDPOOL_W,
    RIVER_MID,
    RIVER_TOP,
    breakdown,
    cost,
    reveal,
    stonehedge_with,
    to_end,
    ug,
)
from underground.helpers import (
    qid as q,
)

DOORMAT, RING, SOCKS = "flying_doormat", "froggys_ring", "stinky_trolls_socks"
SCEPTER, ORB, SWORD = "scepter_of_avarice", "shiny_orb", "sword_of_the_killer_rabbit"
ALTAR, CRYPT, FIELDS = "altar_of_souls", "crypt_of_the_tomb_raider", "diamond_fields"
PIPE, FOUNTAIN, KEEP = "great_brass_pipe", "fountain_of_youth", "keep_on_the_motherland"
LOST_MINE, STONEHEDGE, PENTACLE = "mine_of_the_lost_dwarf", "stonehedge", "wickedest_pentacle"


def test_every_relic_and_place_is_registered_with_its_data_row():
    items = ruleset("underground").items
    assert len(items) == 15
    assert sum(ITEMS[i].kind == "relic" for i in items) == 6
    assert all(ITEMS[i].movable == (ITEMS[i].kind == "relic") for i in items)
    assert all(ITEMS[i].row["id"] == i.partition(":")[2] for i in items)


# --- relics in general -------------------------------------------------------------------------

def test_a_relic_passes_to_whoever_conquers_its_region():
    g = ug()
    give(g, 0, "drow", "stone", {MUDPOOL_W: 1}, hand=2)
    reveal(g, SWORD, MUDPOOL_W)
    give(g, 1, "ogres", "mining", {MOUNTAIN: 3}, hand=5)
    begin_turn(g, 0)
    assert "sword" in kinds(g)
    finish(g)
    begin_turn(g, 1)
    assert "sword" not in kinds(g)
    act(g, "conquer", MUDPOOL_W)
    assert g.items[q(SWORD)] == MUDPOOL_W and "sword" in kinds(g)
    check(g)


def test_an_abandoned_relic_stays_in_its_region_for_nobody():
    g = ug()
    drow = give(g, 0, "drow", "stone", {MUDPOOL_W: 1, MOUNTAIN: 2})
    reveal(g, SWORD, MUDPOOL_W)
    begin_turn(g, 0)
    act(g, "abandon", MUDPOOL_W)
    assert g.items[q(SWORD)] == MUDPOOL_W and not g.items_of(drow)
    assert "sword" not in kinds(g)
    check(g)


def test_a_declined_race_cannot_use_its_relic():
    g = ug()
    give(g, 0, "drow", "stone", {MUDPOOL_W: 1}, declined=True)
    reveal(g, SWORD, MUDPOOL_W)
    give(g, 0, "ogres", "mining", {MOUNTAIN: 3})
    begin_turn(g, 0)
    assert "sword" not in kinds(g)
    with pytest.raises(IllegalAction, match="can do that now"):
        act(g, "sword")
    check(g)


# --- The Flying Doormat ------------------------------------------------------------------------

def test_doormat_reaches_any_region_once_readied_and_goes_there():
    g = ug()
    drow = give(g, 0, "drow", "stone", {MUDPOOL_W: 3}, hand=4)
    reveal(g, DOORMAT, MUDPOOL_W)
    begin_turn(g, 0)
    assert MUDPOOL not in targets(g, "conquer")
    events = act(g, "doormat")
    assert of(events, "item_readied")[0]["item"] == q(DOORMAT)
    assert {MUDPOOL, MINE, CRYSTAL_E} <= targets(g, "conquer")
    assert not targets(g, "conquer") & {CHASM_VOLCANO, CHASM}  # never into a chasm
    events = act(g, "conquer", MUDPOOL)
    assert of(events, "item_moved")[0]["region"] == MUDPOOL and g.items[q(DOORMAT)] == MUDPOOL
    assert drow.mask >> MUDPOOL & 1
    assert "doormat" not in kinds(g) and MINE not in targets(g, "conquer")  # once per turn
    with pytest.raises(IllegalAction, match="already used this turn"):
        act(g, "doormat")
    check(g)


def test_doormat_stays_put_when_the_die_fails():
    g = ug(dice=[0])
    give(g, 0, "drow", "stone", {MUDPOOL_W: 1}, hand=1)
    reveal(g, DOORMAT, MUDPOOL_W)
    begin_turn(g, 0)
    act(g, "doormat")
    assert MUDPOOL in targets(g, "final")
    act(g, "final", MUDPOOL)
    assert g.items[q(DOORMAT)] == MUDPOOL_W
    assert g.region_army[MUDPOOL] == NOBODY
    check(g)


def test_doormat_moves_with_a_successful_die_roll():
    g = ug(dice=[3])
    give(g, 0, "drow", "stone", {MUDPOOL_W: 1}, hand=1)
    reveal(g, DOORMAT, MUDPOOL_W)
    begin_turn(g, 0)
    act(g, "doormat")
    act(g, "final", MUDPOOL)
    assert g.items[q(DOORMAT)] == MUDPOOL
    check(g)


def test_doormat_needs_a_token_in_hand_and_the_conquest_phase():
    g = ug()
    give(g, 0, "drow", "stone", {MUDPOOL_W: 1})
    reveal(g, DOORMAT, MUDPOOL_W)
    begin_turn(g, 0)
    assert "doormat" not in kinds(g)
    with pytest.raises(IllegalAction, match="at least 1 token in hand"):
        act(g, "doormat")
    act(g, "end_conquest")
    with pytest.raises(IllegalAction, match="ready it while conquering"):
        act(g, "doormat")
    check(g)


def test_doormat_gives_no_reach_against_active_gnomes_and_stays_ready_after_them():
    g = ug()
    give(g, 0, "drow", "stone", {MUDPOOL_W: 2}, hand=6)
    reveal(g, DOORMAT, MUDPOOL_W)
    give(g, 1, "gnomes", "mining", {MUDPOOL: 1, CRYSTAL: 1})
    begin_turn(g, 0)
    act(g, "doormat")
    assert MUDPOOL not in targets(g, "conquer") and FOREST in targets(g, "conquer")
    act(g, "conquer", CRYSTAL)  # Gnomes next to the Drow: plain adjacency
    assert g.items[q(DOORMAT)] == MUDPOOL_W and "doormat" not in kinds(g)
    assert FOREST in targets(g, "conquer")  # still ready: anywhere
    act(g, "conquer", FOREST)
    assert g.items[q(DOORMAT)] == FOREST and CRYSTAL_E not in targets(g, "conquer")
    check(g)


# --- The Sword of the Killer Rabbit ------------------------------------------------------------

def test_sword_takes_two_off_one_conquest_at_least_one():
    g = ug()
    drow = give(g, 0, "drow", "stone", {MUDPOOL_W: 1}, hand=4)
    reveal(g, SWORD, MUDPOOL_W)
    give(g, 1, "ogres", "mining", {MOUNTAIN: 2})
    begin_turn(g, 0)
    assert cost(g, drow, MOUNTAIN) == 2 + 1 + 2 and cost(g, drow, CRYSTAL) == 2
    act(g, "sword")
    assert cost(g, drow, MOUNTAIN) == 3 and cost(g, drow, CRYSTAL) == 1
    act(g, "conquer", MOUNTAIN)
    assert g.items[q(SWORD)] == MOUNTAIN and g.region_tokens[MOUNTAIN] == 3
    assert cost(g, drow, CRYSTAL) == 2  # used: the next conquest pays in full
    check(g)


def test_sword_neither_helps_nor_is_used_nor_moves_against_active_gnomes():
    g = ug()
    drow = give(g, 0, "drow", "stone", {MUDPOOL_W: 1}, hand=6)
    reveal(g, SWORD, MUDPOOL_W)
    give(g, 1, "gnomes", "mining", {MOUNTAIN: 1})
    begin_turn(g, 0)
    act(g, "sword")
    assert cost(g, drow, MOUNTAIN) == 2 + 1 + 1 and cost(g, drow, CRYSTAL) == 1
    (conquest,) = of(act(g, "conquer", MOUNTAIN), "conquered")
    assert conquest["cost"] == 2 + 1 + 1 and conquest["lost"] == 1
    assert g.items[q(SWORD)] == MUDPOOL_W  # it stays where it was, still ready
    assert "sword" not in kinds(g) and cost(g, drow, CRYSTAL) == 1
    act(g, "conquer", CRYSTAL)
    assert g.items[q(SWORD)] == CRYSTAL and cost(g, drow, MUDPOOL) == 2
    check(g)


# --- The Stinky Troll's Socks ------------------------------------------------------------------

def test_socks_conquer_as_if_empty_keeping_static_defence():
    g = ug()
    drow = give(g, 0, "drow", "stone", {MUDPOOL_W: 1}, hand=3)
    reveal(g, SOCKS, MUDPOOL_W)
    ogres = give(g, 1, "ogres", "mining", {MOUNTAIN: 4, FOREST: 1})
    begin_turn(g, 0)
    act(g, "socks")
    assert cost(g, drow, MOUNTAIN) == 3  # 2, +1 Black Mountain; the 4 Ogres ignored
    (conquest,) = of(act(g, "conquer", MOUNTAIN), "conquered")
    assert conquest["lost"] == 0 and conquest["returned"] == 4
    assert ogres.hand == 4 and g.items[q(SOCKS)] == MOUNTAIN
    placed = of(to_end(g), "deployed")[-1]  # the Ogres redeploy all four at the turn's end
    assert (placed.seat, placed["region"], placed["count"]) == (1, FOREST, 4)
    assert g.tray["underground:ogres"] == 10 - 5
    check(g)


def test_socks_victim_without_regions_keeps_the_tokens_in_hand():
    g = ug()
    give(g, 0, "drow", "stone", {MUDPOOL_W: 1}, hand=3)
    reveal(g, SOCKS, MUDPOOL_W)
    ogres = give(g, 1, "ogres", "mining", {MOUNTAIN: 3})
    begin_turn(g, 0)
    act(g, "socks")
    act(g, "conquer", MOUNTAIN)
    to_end(g)
    assert ogres.hand == 3 and ogres.alive and not ogres.mask
    check(g)


def test_socks_against_the_last_region_of_a_declined_race_removes_it():
    g = ug()
    give(g, 0, "drow", "stone", {MUDPOOL_W: 1}, hand=3)
    reveal(g, SOCKS, MUDPOOL_W)
    old = give(g, 1, "ogres", "mining", {MOUNTAIN: 1}, declined=True)
    begin_turn(g, 0)
    act(g, "socks")
    (conquest,) = of(act(g, "conquer", MOUNTAIN), "conquered")
    assert conquest["lost"] == 1 and not old.alive
    check(g)


def test_socks_against_monsters_costs_an_empty_region_and_reveals():
    g = ug(monsters=True)
    drow = give(g, 0, "drow", "stone", {MUDPOOL_W: 1}, hand=3)
    reveal(g, SOCKS, MUDPOOL_W)
    begin_turn(g, 0)
    act(g, "socks")
    assert cost(g, drow, FOREST_LAIR) == 2
    events = act(g, "conquer", FOREST_LAIR)
    assert len(of(events, "item_revealed")) == 1 and g.tray["underground:monster"] == 14 - 4
    check(g)


def test_readied_socks_neither_spare_active_gnomes_nor_move_there():
    g = ug()
    drow = give(g, 0, "drow", "stone", {MUDPOOL_W: 1}, hand=8)
    reveal(g, SOCKS, MUDPOOL_W)
    gnomes = give(g, 1, "gnomes", "mining", {MOUNTAIN: 2, FOREST: 1})
    give(g, 1, "ogres", "wise", {CRYSTAL: 1, MINE_LAIR: 1}, declined=True)
    begin_turn(g, 0)
    act(g, "socks")
    assert cost(g, drow, MOUNTAIN) == 2 + 1 + 2
    (conquest,) = of(act(g, "conquer", MOUNTAIN), "conquered")
    assert conquest["lost"] == 1 and gnomes.hand == 1  # the usual loss, not the Socks' none
    assert g.items[q(SOCKS)] == MUDPOOL_W and "socks" not in kinds(g)  # still ready
    assert cost(g, drow, CRYSTAL) == 2  # the declined Ogres: as if empty
    (conquest,) = of(act(g, "conquer", CRYSTAL), "conquered")
    assert conquest["lost"] == 0 and g.items[q(SOCKS)] == CRYSTAL
    check(g)


# --- The Shiny Orb -----------------------------------------------------------------------------

def test_orb_replaces_a_lone_active_token_with_one_from_the_tray():
    g = ug()
    drow = give(g, 0, "drow", "stone", {MUDPOOL_W: 1}, hand=1)
    reveal(g, ORB, MUDPOOL_W)
    ogres = give(g, 1, "ogres", "immortal", {MOUNTAIN: 1, CRYSTAL: 2})
    begin_turn(g, 0)
    assert targets(g, "orb") == {MOUNTAIN}  # a Black Mountain does not protect; 2 tokens do
    tray = g.tray["underground:drow"]
    (conquest,) = of(act(g, "orb", MOUNTAIN), "conquered")
    assert conquest["via"] == "orb" and conquest["lost"] == 1  # Immortal or not
    assert g.region_tokens[MOUNTAIN] == 1 and drow.hand == 1
    assert g.tray["underground:drow"] == tray - 1 and ogres.hand == 0
    assert g.items[q(ORB)] == MOUNTAIN and "orb" not in kinds(g)
    check(g)


def test_orb_takes_the_token_from_hand_when_the_tray_is_empty():
    g = ug()
    drow = give(g, 0, "drow", "stone", {MUDPOOL_W: 1}, hand=1)
    reveal(g, ORB, MUDPOOL_W)
    give(g, 1, "ogres", "mining", {MOUNTAIN: 1})
    g.tray["underground:drow"] -= 7  # every other Drow token is out of the box
    drow.hand += 7
    begin_turn(g, 0)
    hand = drow.hand
    act(g, "orb", MOUNTAIN)
    assert drow.hand == hand - 1 and g.tray["underground:drow"] == 0
    check(g)


def test_orb_replaces_a_lone_token_standing_with_the_keep():
    g = ug()
    drow = give(g, 0, "drow", "stone", {MUDPOOL_W: 1}, hand=1)
    reveal(g, ORB, MUDPOOL_W)
    give(g, 1, "ogres", "wise", {MOUNTAIN: 1})
    reveal(g, KEEP, MOUNTAIN)
    begin_turn(g, 0)
    assert targets(g, "orb") == {MOUNTAIN}  # the Keep defends, yet the token is alone
    act(g, "orb", MOUNTAIN)
    assert g.region_army[MOUNTAIN] == drow.id and g.items[q(KEEP)] == MOUNTAIN
    check(g)


def test_orb_spares_a_lone_gnome():
    g = ug()
    give(g, 0, "drow", "stone", {MUDPOOL_W: 1, CRYSTAL: 1}, hand=2)
    reveal(g, ORB, MUDPOOL_W)
    give(g, 1, "gnomes", "mining", {MOUNTAIN: 1})
    begin_turn(g, 0)
    assert "orb" not in kinds(g)
    with pytest.raises(IllegalAction, match="no race, power, relic or place may help"):
        act(g, "orb", MOUNTAIN)
    check(g)


def test_orb_spares_declined_tokens_and_immune_regions():
    g = ug()
    give(g, 0, "drow", "stone", {MUDPOOL_W: 1, CRYSTAL: 1}, hand=2)
    reveal(g, ORB, MUDPOOL_W)
    give(g, 1, "ogres", "mining", {FOREST_LAIR: 1, MOUNTAIN: 1}, declined=True)
    put(g, "queen", MOUNTAIN)  # a Queen keeps guarding a declined race
    begin_turn(g, 0)
    assert "orb" not in kinds(g)
    with pytest.raises(IllegalAction, match="single active enemy token"):
        act(g, "orb", FOREST_LAIR)
    with pytest.raises(IllegalAction, match="immune"):
        act(g, "orb", MOUNTAIN)
    check(g)


# --- Froggy's Ring -----------------------------------------------------------------------------

def test_ring_takes_a_coin_from_each_active_neighbour_at_the_end_of_the_turn():
    g = ug()
    give(g, 0, "drow", "stone", {MOUNTAIN: 2, MUDPOOL_W: 1})
    reveal(g, RING, MUDPOOL_W)
    give(g, 1, "ogres", "mining", {CRYSTAL: 1})
    begin_turn(g, 0)
    finish(g)
    assert g.phase == Phase.END and targets(g, "ring") == {MOUNTAIN, MUDPOOL_W}
    coins = list(g.coins)
    events = act(g, "ring", MOUNTAIN)
    assert [(e.seat, e["payer"], e["coins"]) for e in of(events, "coins_paid")] == [(0, 1, 1)]
    assert g.items[q(RING)] == MOUNTAIN
    assert g.coins == [coins[0] + 1, coins[1] - 1]
    assert g.seat == 1  # nothing else to do: the turn ended
    check(g)


def test_ring_takes_nothing_for_declined_neighbours():
    g = ug()
    give(g, 0, "drow", "stone", {MOUNTAIN: 2, MUDPOOL_W: 1})
    reveal(g, RING, MUDPOOL_W)
    give(g, 1, "shrooms", "mystic", {FOREST_LAIR: 1}, declined=True)
    begin_turn(g, 0)
    finish(g)
    assert not of(act(g, "ring", MOUNTAIN), "coins_paid")
    check(g)


def test_ring_may_target_a_broke_player_who_pays_nothing():
    g = ug()
    give(g, 0, "drow", "stone", {MUDPOOL_W: 1})
    reveal(g, RING, MUDPOOL_W)
    give(g, 1, "ogres", "mining", {CRYSTAL: 1})
    g.pay(1, g.coins[1])
    begin_turn(g, 0)
    finish(g)
    coins = g.coins[0]
    assert not of(act(g, "ring", MUDPOOL_W), "coins_paid")
    assert g.coins == [coins, 0]
    check(g)


def test_ring_is_optional_and_not_for_a_declined_holder():
    g = ug()
    give(g, 0, "drow", "stone", {MUDPOOL_W: 1})
    reveal(g, RING, MUDPOOL_W)
    give(g, 1, "ogres", "mining", {CRYSTAL: 1})
    begin_turn(g, 0)
    finish(g)
    act(g, "end_turn")
    assert g.seat == 1 and g.items[q(RING)] == MUDPOOL_W
    begin_turn(g, 0)
    act(g, "decline")
    assert g.seat == 1  # no Ring for the declined Drow: the turn ended after scoring
    check(g)


def test_ring_spares_a_neighbour_made_immune_by_a_piece():
    g = ug()
    give(g, 0, "drow", "stone", {MUDPOOL_W: 1})
    reveal(g, RING, MUDPOOL_W)
    give(g, 1, "ogres", "mining", {CRYSTAL: 1})
    put(g, "queen", CRYSTAL)
    begin_turn(g, 0)
    finish(g)
    assert not of(act(g, "ring", MUDPOOL_W), "coins_paid")
    check(g)


# --- The Scepter of Avarice --------------------------------------------------------------------

def test_scepter_doubles_a_regions_coin_and_its_region_bonuses():
    g = ug()
    give(g, 0, "ogres", "mining", {MINE: 2, MUDPOOL: 1})
    reveal(g, SCEPTER, MUDPOOL)
    begin_turn(g, 0)
    act(g, "end_conquest")
    assert targets(g, "scepter") == {MINE}  # any other region of the race holding it
    act(g, "scepter", MINE)
    assert g.items[q(SCEPTER)] == MINE and "scepter" not in kinds(g)
    events = finish(g)
    # 2 regions + Mining 1 + the Mine doubled (its coin and Mining's coin for it)
    assert breakdown(events, 0)[f"relic:{q(SCEPTER)}"] == 2
    assert scored(events, 0) == 2 + 1 + 2
    check(g)


def test_scepter_doubles_where_it_lies_without_being_moved():
    g = ug()
    give(g, 0, "ogres", "mining", {MINE: 2, MUDPOOL: 1})
    reveal(g, SCEPTER, MUDPOOL)
    begin_turn(g, 0)
    assert breakdown(finish(g), 0)[f"relic:{q(SCEPTER)}"] == 1
    check(g)


def test_scepter_does_nothing_in_the_mine_of_the_lost_dwarf():
    g = ug()
    give(g, 0, "ogres", "mining", {MINE: 2, MUDPOOL: 1})
    reveal(g, SCEPTER, MUDPOOL)
    reveal(g, LOST_MINE, MINE)
    begin_turn(g, 0)
    act(g, "end_conquest")
    act(g, "scepter", MINE)
    events = finish(g)
    assert f"relic:{q(SCEPTER)}" not in breakdown(events, 0)
    assert scored(events, 0) == 2 + 1 + 2
    check(g)


def test_scepter_on_the_keep_doubles_the_keeps_coin():
    g = ug()
    give(g, 0, "ogres", "mining", {FOREST: 2, MUDPOOL: 1})
    reveal(g, SCEPTER, MUDPOOL)
    reveal(g, KEEP, FOREST)
    begin_turn(g, 0)
    act(g, "end_conquest")
    act(g, "scepter", FOREST)
    assert breakdown(finish(g), 0)[f"relic:{q(SCEPTER)}"] == 1 + 1
    check(g)


def test_scepter_counts_a_group_bonus_only_when_its_region_makes_it():
    g = ug()
    give(g, 0, "ogres", "flocking", {CRYSTAL: 1, MOUNTAIN: 1, MUDPOOL_W: 1})
    reveal(g, SCEPTER, CRYSTAL)
    begin_turn(g, 0)
    assert breakdown(finish(g), 0)[f"relic:{q(SCEPTER)}"] == 1  # the others still touch
    g2 = ug()
    give(g2, 0, "ogres", "flocking", {CRYSTAL: 1, MOUNTAIN: 1, FOREST_LAIR: 1})
    reveal(g2, SCEPTER, MOUNTAIN)
    begin_turn(g2, 0)
    assert breakdown(finish(g2), 0)[f"relic:{q(SCEPTER)}"] == 1 + 2  # it joins the group
    check(g2)


def test_scepter_adds_nothing_for_a_bonus_paying_more_without_its_region():
    g = ug()
    give(g, 0, "ogres", "quarreling", {CRYSTAL: 1, MOUNTAIN: 1, FOREST_LAIR: 1})
    reveal(g, SCEPTER, MOUNTAIN)
    begin_turn(g, 0)
    events = finish(g)
    # one group with the Mountain, two without it: Quarreling pays nothing for the Mountain,
    # so the Scepter doubles its own coin alone (never less)
    assert breakdown(events, 0)[f"relic:{q(SCEPTER)}"] == 1
    assert scored(events, 0) == 3 + 1 + 1
    check(g)


def test_scepter_is_placed_while_redeploying_not_by_a_defender():
    g = ug()
    give(g, 0, "drow", "stone", {MUDPOOL_W: 1}, hand=5)
    give(g, 1, "ogres", "mining", {MOUNTAIN: 2, CRYSTAL: 1})
    reveal(g, SCEPTER, CRYSTAL)
    begin_turn(g, 0)
    act(g, "conquer", MOUNTAIN)
    finish(g)
    assert g.phase == Phase.DEFENDER and "scepter" not in kinds(g)
    begin_turn(g, 1)
    with pytest.raises(IllegalAction, match="while you redeploy"):
        act(g, "scepter", CRYSTAL)
    check(g)


# --- The Altar of Souls ------------------------------------------------------------------------

def test_altar_pays_three_coins_for_a_declined_token():
    g = ug()
    old = give(g, 0, "drow", "stone", {MOUNTAIN: 2, CRYSTAL: 1}, declined=True)
    give(g, 0, "ogres", "mining", {MUDPOOL_W: 1})
    reveal(g, ALTAR, MUDPOOL_W)
    begin_turn(g, 0)
    finish(g)
    assert targets(g, "sacrifice") == {MOUNTAIN, CRYSTAL}
    coins = g.coins[0]
    events = act(g, "sacrifice", CRYSTAL)
    assert of(events, "token_sacrificed")[0]["race"] == "underground:drow"
    assert g.coins[0] == coins + 3
    assert not old.mask >> CRYSTAL & 1 and g.region_army[CRYSTAL] == NOBODY
    assert g.tray["underground:drow"] == 9 - 2
    check(g)


def test_altar_works_for_a_declined_holder_and_the_race_leaves_with_its_last_token():
    g = ug()
    old = give(g, 0, "drow", "stone", {MUDPOOL_W: 1}, declined=True)
    reveal(g, ALTAR, MUDPOOL_W)
    give(g, 0, "ogres", "mining", {MOUNTAIN: 2})
    begin_turn(g, 0)
    finish(g)
    events = act(g, "sacrifice", MUDPOOL_W)
    assert of(events, "race_removed") and not old.alive
    assert g.items[q(ALTAR)] == MUDPOOL_W  # places never move
    check(g)


def test_altar_needs_declined_tokens():
    g = ug()
    give(g, 0, "ogres", "mining", {MUDPOOL_W: 1})
    reveal(g, ALTAR, MUDPOOL_W)
    begin_turn(g, 0)
    finish(g)
    assert g.seat == 1  # no choice was left: the turn ended after scoring
    check(g)


# --- The Crypt of the Tomb-raider --------------------------------------------------------------

def crypt_game() -> GameState:
    """Seat 0's Ogres hold the Crypt (in the west mudpool) and the Black Mountain."""
    g = ug()
    give(g, 0, "ogres", "mining", {MUDPOOL_W: 1, MOUNTAIN: 2})
    reveal(g, CRYPT, MUDPOOL_W)
    return g


def test_crypt_ghost_may_guard_any_region_but_the_crypts_own():
    g = crypt_game()
    drow = give(g, 1, "drow", "royal", {CRYSTAL: 1, MINE: 1}, hand=7)
    put(g, "queen", MINE)  # immune to the Ogres: their place does not touch it
    begin_turn(g, 0)
    finish(g)
    everywhere = set(range(len(g.map.regions)))
    assert targets(g, "ghost") == everywhere - {MUDPOOL_W, MINE, CHASM_VOLCANO, CHASM}
    with pytest.raises(IllegalAction, match="out of its own region"):
        act(g, "ghost", MUDPOOL_W)
    with pytest.raises(IllegalAction, match="chasm or a region immune to you"):
        act(g, "ghost", MINE)
    act(g, "ghost", CRYSTAL)  # another player's region: immune to all but its holder
    assert count(g, "ghost", CRYSTAL) == 1
    begin_turn(g, 1)
    assert MOUNTAIN in targets(g, "conquer")
    act(g, "abandon", CRYSTAL)  # the Ghost stays: a region nobody holds keeps everyone out
    assert count(g, "ghost", CRYSTAL) == 1 and CRYSTAL not in targets(g, "conquer")
    with pytest.raises(IllegalAction, match="immune"):
        act(g, "conquer", CRYSTAL)
    assert drow.hand == 7 + 1
    finish(g)
    begin_turn(g, 0)
    assert CRYSTAL not in targets(g, "conquer")
    check(g)


def test_crypt_ghost_in_your_own_region_keeps_the_others_out():
    g = crypt_game()
    drow = give(g, 1, "drow", "stone", {CRYSTAL: 1}, hand=8)
    begin_turn(g, 0)
    finish(g)
    act(g, "ghost", MOUNTAIN)
    begin_turn(g, 1)
    assert MOUNTAIN not in targets(g, "conquer") and MUDPOOL_W in targets(g, "conquer")
    with pytest.raises(IllegalAction, match="immune"):
        act(g, "conquer", MOUNTAIN)
    assert drow.hand == 8
    check(g)


def test_crypt_ghost_is_frozen_but_keeps_guarding_in_decline():
    g = crypt_game()
    put(g, "ghost", MOUNTAIN)
    give(g, 1, "drow", "stone", {CRYSTAL: 1}, hand=8)
    begin_turn(g, 0)
    act(g, "decline")
    assert g.seat == 1  # the declined Crypt offers no Ghost move
    begin_turn(g, 1)
    assert MOUNTAIN not in targets(g, "conquer")
    check(g)


def test_taking_the_crypt_takes_the_ghost_to_its_new_holder():
    g = crypt_game()
    put(g, "ghost", MOUNTAIN)
    give(g, 1, "drow", "stone", {CRYSTAL: 1}, hand=8)
    begin_turn(g, 1)
    events = act(g, "conquer", MUDPOOL_W)
    assert of(events, "piece_removed")[0]["region"] == MOUNTAIN
    assert not count(g, "ghost", MOUNTAIN) and MOUNTAIN in targets(g, "conquer")
    finish(g)
    while g.phase == Phase.DEFENDER:
        finish(g)
    assert CRYSTAL in targets(g, "ghost") and MUDPOOL_W not in targets(g, "ghost")
    act(g, "ghost", CRYSTAL)
    assert count(g, "ghost", CRYSTAL) == 1
    check(g)


# --- The Diamond Fields, the Keep, the Mine of the Lost Dwarf ----------------------------------

def test_diamond_fields_pay_for_each_region_of_their_terrain_even_in_decline():
    g = ug()
    give(g, 0, "ogres", "wise", {MUDPOOL_W: 1, MUDPOOL: 1, MOUNTAIN: 1})
    reveal(g, FIELDS, MUDPOOL_W)
    begin_turn(g, 0)
    assert breakdown(finish(g), 0)[f"place:{q(FIELDS)}"] == 2
    begin_turn(g, 0)
    assert breakdown(act(g, "decline"), 0)[f"place:{q(FIELDS)}"] == 2
    check(g)


def test_keep_adds_one_to_defence_even_in_decline():
    g = ug()
    give(g, 0, "ogres", "wise", {FOREST: 1}, declined=True)
    reveal(g, KEEP, FOREST)
    drow = give(g, 1, "drow", "stone", {MUDPOOL: 1}, hand=6)
    assert count(g, "keep_on_the_motherland", FOREST) == 1
    begin_turn(g, 1)
    assert cost(g, drow, FOREST) == 2 + 1 + 1
    check(g)


def test_keep_scores_for_its_declined_holder():
    g = ug()
    give(g, 0, "ogres", "mining", {FOREST: 1, MOUNTAIN: 1})
    reveal(g, KEEP, FOREST)
    begin_turn(g, 0)
    events = act(g, "decline")
    assert breakdown(events, 0)[f"place:{q(KEEP)}"] == 1
    check(g)


def test_the_keep_never_leaves_its_region():
    g = ug()
    give(g, 0, "ogres", "mining", {FOREST: 1, MOUNTAIN: 2})
    reveal(g, KEEP, FOREST)
    drow = give(g, 1, "drow", "stone", {MUDPOOL: 1}, hand=6)
    begin_turn(g, 1)
    act(g, "conquer", FOREST)
    assert count(g, "keep_on_the_motherland", FOREST) == 1 and g.region_army[FOREST] == drow.id
    finish(g)
    begin_turn(g, 1)
    act(g, "abandon", FOREST)
    assert count(g, "keep_on_the_motherland", FOREST) == 1 and g.items[q(KEEP)] == FOREST
    check(g)


def test_socks_keep_the_keeps_defence():
    g = ug()
    give(g, 0, "drow", "stone", {MUDPOOL: 1}, hand=5)
    reveal(g, SOCKS, MUDPOOL)
    give(g, 1, "ogres", "mining", {FOREST: 3})
    reveal(g, KEEP, FOREST)
    drow = g.armies[0]
    begin_turn(g, 0)
    act(g, "socks")
    assert cost(g, drow, FOREST) == 2 + 1
    check(g)


def test_mine_of_the_lost_dwarf_pays_two_even_in_decline():
    g = ug()
    give(g, 0, "ogres", "wise", {MINE: 1})
    reveal(g, LOST_MINE, MINE)
    begin_turn(g, 0)
    assert breakdown(finish(g), 0)[f"place:{q(LOST_MINE)}"] == 2
    begin_turn(g, 0)
    assert breakdown(act(g, "decline"), 0)[f"place:{q(LOST_MINE)}"] == 2
    check(g)


# --- The Great Brass Pipe ----------------------------------------------------------------------

def test_pipe_makes_every_region_of_its_terrain_adjacent():
    g = ug()
    give(g, 0, "drow", "stone", {MUDPOOL_W: 1}, hand=5)
    reveal(g, PIPE, MUDPOOL_W)
    begin_turn(g, 0)
    assert MUDPOOL in targets(g, "conquer")  # across the river
    assert FOREST not in targets(g, "conquer")
    check(g)


def test_pipe_helps_neither_a_declined_holder_nor_against_gnomes():
    g = ug()
    give(g, 0, "drow", "stone", {MUDPOOL_W: 1}, declined=True)
    reveal(g, PIPE, MUDPOOL_W)
    give(g, 0, "ogres", "mining", {CRYSTAL: 2}, hand=5)
    begin_turn(g, 0)
    assert MUDPOOL not in targets(g, "conquer")
    g2 = ug()
    give(g2, 0, "drow", "stone", {MUDPOOL_W: 1}, hand=5)
    reveal(g2, PIPE, MUDPOOL_W)
    give(g2, 1, "gnomes", "mining", {MUDPOOL: 1})
    begin_turn(g2, 0)
    assert MUDPOOL not in targets(g2, "conquer")
    check(g2)


# --- The Fountain of Youth ---------------------------------------------------------------------

def test_fountain_gives_a_token_at_the_start_of_the_turn():
    g = ug()
    drow = give(g, 0, "drow", "stone", {MUDPOOL_W: 1})
    reveal(g, FOUNTAIN, MUDPOOL_W)
    tray = g.tray["underground:drow"]
    events = begin_turn(g, 0)
    assert of(events, "tokens_gained")[0]["reason"] == q(FOUNTAIN)
    assert drow.hand == 1 and g.tray["underground:drow"] == tray - 1
    check(g)


def test_fountain_with_an_empty_tray_gives_nothing():
    g = ug()
    drow = give(g, 0, "drow", "stone", {MUDPOOL_W: 1}, hand=8)
    reveal(g, FOUNTAIN, MUDPOOL_W)
    assert g.tray["underground:drow"] == 0
    events = begin_turn(g, 0)
    assert not of(events, "tokens_gained") and drow.hand == 8
    check(g)


def test_fountain_gives_nothing_to_a_declined_holder():
    g = ug()
    give(g, 0, "drow", "stone", {MUDPOOL_W: 1}, declined=True)
    reveal(g, FOUNTAIN, MUDPOOL_W)
    ogres = give(g, 0, "ogres", "mining", {MOUNTAIN: 1, FOREST: 1})
    events = begin_turn(g, 0)
    assert not of(events, "tokens_gained") and ogres.hand == 0
    check(g)


def test_a_fountain_token_goes_back_to_the_tray_when_the_race_declines():
    g = ug()
    give(g, 0, "drow", "stone", {MUDPOOL_W: 1})
    reveal(g, FOUNTAIN, MUDPOOL_W)
    tray = g.tray["underground:drow"]
    begin_turn(g, 0)
    act(g, "decline")
    assert g.tray["underground:drow"] == tray
    check(g)


# --- Stonehedge --------------------------------------------------------------------------------

def test_stonehedge_draws_a_badge_from_the_pile_not_a_visible_combo():
    g = ug()
    give(g, 0, "drow", "wise", {MUDPOOL_W: 1})
    shown = [c.power for c in g.combos]
    pile = list(g.power_stack)
    if q(STONEHEDGE) in g.hidden:
        g.hidden.remove(q(STONEHEDGE))
    g.reveal_item(q(STONEHEDGE), MUDPOOL_W)
    (drawn,) = of(g.events, "power_drawn")
    badge = g.item_data[q(STONEHEDGE)]["badge"]
    assert drawn.seat == 0 and drawn["power"] == badge and badge in pile
    assert [c.power for c in g.combos] == shown and g.power_stack == [
        p for p in pile if p != badge]
    check(g)


@pytest.mark.parametrize("seed", range(6))
def test_stonehedge_draw_is_random_among_the_pile(seed):
    g = ug(seed=seed)
    pile = set(g.power_stack)
    reveal(g, STONEHEDGE, MUDPOOL_W)
    assert g.item_data[q(STONEHEDGE)]["badge"] in pile
    check(g)


def test_stonehedge_reshuffles_the_discards_or_draws_nothing():
    g = ug()
    g.power_discard, g.power_stack = g.power_stack, []
    reveal(g, STONEHEDGE, MUDPOOL_W)
    assert g.item_data[q(STONEHEDGE)]["badge"] and g.power_discard == []
    check(g)
    g2 = ug()
    g2.power_stack = []
    reveal(g2, STONEHEDGE, MUDPOOL_W)
    assert q(STONEHEDGE) not in g2.item_data


def test_stonehedge_lends_its_power_to_whoever_holds_it():
    g = ug()
    give(g, 0, "ogres", "stone", {MUDPOOL_W: 1, MINE_LAIR: 1})
    stonehedge_with(g, "mining", MUDPOOL_W)
    begin_turn(g, 0)
    assert breakdown(finish(g), 0)["power:underground:mining"] == 1
    check(g)


def test_stonehedge_power_stops_in_decline_unless_it_works_then():
    g = ug()
    give(g, 0, "ogres", "stone", {MUDPOOL_W: 1, MINE_LAIR: 1})
    stonehedge_with(g, "mining", MUDPOOL_W)
    begin_turn(g, 0)
    assert "power:underground:mining" not in breakdown(act(g, "decline"), 0)
    g2 = ug()
    give(g2, 0, "ogres", "stone", {MUDPOOL_W: 1})
    stonehedge_with(g2, "wise", MUDPOOL_W)
    begin_turn(g2, 0)
    assert "power:underground:wise" not in breakdown(finish(g2), 0)  # Wise: decline only
    begin_turn(g2, 0)
    assert breakdown(act(g2, "decline"), 0)["power:underground:wise"] == 2
    check(g2)


def test_a_bag_lent_by_stonehedge_imitates_the_ring_its_holder_already_used():
    # the Ring and the Bag-o'-Many-Things imitating it are used apart, once each a turn,
    # whichever rule comes first: here the Ring is in play before the Stonehedge lending Magic
    g = ug()
    give(g, 0, "drow", "stone", {MOUNTAIN: 2, MUDPOOL_W: 2})
    reveal(g, RING, MOUNTAIN)
    stonehedge_with(g, "magic", MUDPOOL_W)
    give(g, 1, "ogres", "mining", {CRYSTAL: 1})
    begin_turn(g, 0)
    act(g, "bag", g.rules.items.index(q(RING)))
    finish(g)
    assert [a.kind for a in legal_actions(g)].count("ring") == 4  # two regions, two rings
    coins = g.coins[1]
    act(g, "ring", MOUNTAIN)
    assert targets(g, "ring") == {MOUNTAIN, MUDPOOL_W}  # the other one is still to place
    act(g, "ring", MUDPOOL_W)
    assert g.seat == 1  # both placed: the turn is over
    assert g.coins[1] == coins - 2  # Crystal borders both: a coin for each
    assert {g.items[q(RING)], where(g, "bag").bit_length() - 1} == {MOUNTAIN, MUDPOOL_W}
    check(g)


# --- The Wickedest Pentacle and the Balrog -----------------------------------------------------

def pentacle_on_top(g: GameState) -> None:
    """The Pentacle on top of the face-down pile."""
    if q(PENTACLE) in g.hidden:
        g.hidden.remove(q(PENTACLE))
    g.hidden.insert(0, q(PENTACLE))


def test_the_finder_of_the_pentacle_sends_the_balrog_at_once():
    g = ug(monsters=True)
    give(g, 0, "drow", "stone", {CRYSTAL: 1}, hand=6)
    give(g, 1, "ogres", "mining", {MOUNTAIN: 3, MUDPOOL_W: 1})
    pentacle_on_top(g)
    begin_turn(g, 0)
    events = act(g, "conquer", MINE_LAIR)
    assert of(events, "item_revealed")[0]["item"] == q(PENTACLE)
    assert kinds(g) == {"balrog"}  # at once: before any other conquest or choice
    assert targets(g, "balrog") == {RIVER_TOP, MOUNTAIN}  # never the chasm nor own regions
    for kind in ("conquer", "end_conquest"):
        with pytest.raises(IllegalAction, match="send the Balrog"):
            act(g, kind, RIVER_TOP if kind == "conquer" else -1)
    events = act(g, "balrog", MOUNTAIN)
    (strike,) = of(events, "struck")
    assert strike["lost"] == 2 and strike["returned"] == 1 and strike["defender_seat"] == 1
    assert g.region_army[MOUNTAIN] == NOBODY and count(g, "balrog", MOUNTAIN) == 1
    assert "balrog" not in kinds(g)  # once per turn
    assert MOUNTAIN not in targets(g, "conquer")  # immune to everybody
    assert g.armies[1].hand == 1
    check(g)


def test_a_pentacle_found_with_the_die_sends_the_balrog_before_redeployment_ends():
    g = ug(monsters=True, dice=[3])
    drow = give(g, 0, "drow", "stone", {CRYSTAL: 1}, hand=1)
    give(g, 1, "ogres", "mining", {MOUNTAIN: 3, MUDPOOL_W: 1})
    pentacle_on_top(g)
    begin_turn(g, 0)
    act(g, "final", MINE_LAIR)
    assert g.phase == Phase.REDEPLOY and not drow.hand
    assert targets(g, "balrog") == {RIVER_TOP, MOUNTAIN} and "end_redeploy" not in kinds(g)
    with pytest.raises(IllegalAction, match="send the Balrog"):
        act(g, "end_redeploy")
    act(g, "balrog", RIVER_TOP)
    assert count(g, "balrog", RIVER_TOP) == 1 and "balrog" not in kinds(g)
    act(g, "end_redeploy")
    check(g)


def balrog_game(**kw) -> GameState:
    """Seat 0's Mummies hold the Pentacle (region 1) and the crystal (5); the Balrog waits."""
    g = ug(**kw)
    give(g, 0, "mummies", "stone", {MINE_LAIR: 1, CRYSTAL: 1}, hand=6)
    reveal(g, PENTACLE, MINE_LAIR)
    return g


def ghost_in(g: GameState, region: int) -> None:
    """The Ghost guards ``region`` (its Crypt lies in the mudpool east of the river)."""
    reveal(g, CRYPT, MUDPOOL)
    put(g, "ghost", region)


def test_the_balrog_scores_for_nobody_and_blocks_its_sender_too():
    g = balrog_game()
    give(g, 1, "ogres", "mining", {MOUNTAIN: 1, MUDPOOL_W: 1})
    begin_turn(g, 0)
    act(g, "balrog", MOUNTAIN)
    assert g.armies[1].mask == 1 << MUDPOOL_W
    assert MOUNTAIN not in targets(g, "conquer") | targets(g, "final")
    assert scored(to_end(g), 0) == 2
    check(g)


def test_the_balrog_moves_once_per_turn_to_a_neighbour_of_its_region():
    g = balrog_game()
    begin_turn(g, 0)
    act(g, "balrog", MOUNTAIN)
    to_end(g)
    begin_turn(g, 0)
    assert targets(g, "balrog") == {RIVER_MID, MUDPOOL_W, FOREST_LAIR}  # Mountain's, not own
    act(g, "balrog", RIVER_MID)  # the Balrog may sit in a river
    assert count(g, "balrog", RIVER_MID) == 1 and g.region_army[MOUNTAIN] == NOBODY
    assert MOUNTAIN in targets(g, "conquer")
    check(g)


def test_the_balrog_moves_while_redeploying_too():
    g = balrog_game()
    begin_turn(g, 0)
    act(g, "end_conquest")
    assert MOUNTAIN in targets(g, "balrog")
    act(g, "balrog", MOUNTAIN)
    check(g)


def test_the_balrog_never_enters_an_immune_region_or_a_gnome_region():
    g = balrog_game()
    give(g, 1, "gnomes", "mining", {MOUNTAIN: 1})
    ghost_in(g, RIVER_TOP)
    begin_turn(g, 0)
    assert "balrog" not in kinds(g)
    with pytest.raises(IllegalAction, match="no race, power, relic or place may help"):
        act(g, "balrog", MOUNTAIN)
    with pytest.raises(IllegalAction, match="never enters chasms"):
        act(g, "balrog", CHASM_VOLCANO)
    with pytest.raises(IllegalAction, match="never attacks your active race"):
        act(g, "balrog", CRYSTAL)
    with pytest.raises(IllegalAction, match="neighbouring region"):
        act(g, "balrog", MUDPOOL)
    check(g)


def test_a_balrog_with_no_way_in_waits_and_is_sent_later():
    g = ug(monsters=True)
    give(g, 0, "mummies", "stone", {CRYSTAL: 1}, hand=8)
    give(g, 1, "gnomes", "mining", {MOUNTAIN: 1})
    ghost_in(g, RIVER_TOP)
    pentacle_on_top(g)
    begin_turn(g, 0)
    act(g, "conquer", MINE_LAIR)  # next to it: a chasm, the Ghost's river, Gnomes, the finder
    assert "balrog" not in kinds(g) and "end_conquest" in kinds(g)  # nothing to send at once
    assert not g.pieces.total("underground:balrog")
    to_end(g)
    g.pieces.remove_all("underground:ghost", g.map.all_mask)
    begin_turn(g, 0)
    assert targets(g, "balrog") == {RIVER_TOP}
    act(g, "balrog", RIVER_TOP)
    assert count(g, "balrog", RIVER_TOP) == 1
    check(g)


def test_an_immortal_race_struck_by_the_balrog_loses_nothing():
    g = balrog_game()
    victims = give(g, 1, "ogres", "immortal", {MOUNTAIN: 3, MUDPOOL_W: 1})
    begin_turn(g, 0)
    (strike,) = of(act(g, "balrog", MOUNTAIN), "struck")
    assert strike["lost"] == 0 and victims.hand == 3
    check(g)


def test_the_balrog_taking_a_lair_reveals_its_item_for_nobody():
    g = ug(monsters=True)
    give(g, 0, "drow", "stone", {MOUNTAIN: 1, CRYSTAL: 1})
    reveal(g, PENTACLE, MOUNTAIN)
    top = g.hidden[0]
    begin_turn(g, 0)
    events = act(g, "balrog", FOREST_LAIR)
    (found,) = of(events, "item_revealed")
    assert found.seat == -1 and found["item"] == top and g.items[top] == FOREST_LAIR
    assert g.neutral[FOREST_LAIR] == "" and count(g, "balrog", FOREST_LAIR) == 1
    check(g)


def test_the_balrog_strike_is_an_attack_on_its_victim():
    g = balrog_game()
    give(g, 1, "ogres", "martyr", {MOUNTAIN: 2, MUDPOOL_W: 1})
    begin_turn(g, 0)
    coins = g.coins[1]
    act(g, "balrog", MOUNTAIN)
    assert g.coins[1] == coins + 1 and 1 in g.turn.attacked
    check(g)


def test_the_balrog_obeys_no_declined_holder():
    g = ug()
    give(g, 0, "mummies", "stone", {MINE_LAIR: 1}, declined=True)
    reveal(g, PENTACLE, MINE_LAIR)
    give(g, 0, "ogres", "mining", {MUDPOOL: 1})
    begin_turn(g, 0)
    assert "balrog" not in kinds(g)
    check(g)


# --- end of turn: several choices ----------------------------------------------------------------

def test_several_end_of_turn_choices_then_end_turn():
    g = ug()
    give(g, 0, "drow", "stone", {CRYSTAL: 1}, declined=True)
    give(g, 0, "ogres", "mining", {MUDPOOL_W: 1, MOUNTAIN: 2, FOREST_LAIR: 1})
    reveal(g, RING, MUDPOOL_W)
    reveal(g, CRYPT, FOREST_LAIR)
    reveal(g, ALTAR, MOUNTAIN)
    begin_turn(g, 0)
    finish(g)
    assert {"ring", "ghost", "sacrifice", "end_turn"} <= kinds(g)
    act(g, "ring", MOUNTAIN)
    act(g, "ghost", MOUNTAIN)
    assert g.phase == Phase.END and kinds(g) == {"sacrifice", "end_turn"}
    act(g, "end_turn")
    assert g.seat == 1 and g.items[q(RING)] == MOUNTAIN
    check(g)


def test_legal_item_actions_are_all_accepted():
    g = ug()
    give(g, 0, "ogres", "mining", {MUDPOOL_W: 1, MOUNTAIN: 2, FOREST_LAIR: 1}, hand=4)
    for item, region in ((DOORMAT, MUDPOOL_W), (SWORD, MOUNTAIN), (SOCKS, FOREST_LAIR),
                         (PENTACLE, MUDPOOL_W)):
        reveal(g, item, region)
    give(g, 1, "shrooms", "mystic", {MUDPOOL: 1, FOREST: 1})
    begin_turn(g, 0)
    offered = [a for a in legal_actions(g) if a.kind in ("doormat", "sword", "socks", "balrog")]
    assert {a.kind for a in offered} == {"doormat", "sword", "socks", "balrog"}
    for action in offered:
        copy = g.clone()
        apply(copy, action)
        check(copy)


def test_stonehedge_vanishing_acts_when_the_holder_chose_it_and_declines():
    g = ug()
    ogres = give(g, 0, "ogres", "stone", {MUDPOOL_W: 2, MOUNTAIN: 1})
    stonehedge_with(g, "vanishing", MUDPOOL_W)
    begin_turn(g, 0)
    act(g, "vanish")
    (paid,) = of(act(g, "decline"), "coins_paid")
    assert not ogres.mask and (paid["reason"], paid["coins"]) == (q("vanishing"), 2 * 2)
    check(g)


def test_a_vanishing_race_leaves_the_map_even_holding_a_stonehedge_tomb():
    g = ug()
    ogres = give(g, 0, "ogres", "vanishing", {MUDPOOL_W: 2, MOUNTAIN: 1})
    stonehedge_with(g, "tomb", MUDPOOL_W)
    begin_turn(g, 0)
    (paid,) = of(act(g, "decline"), "coins_paid")
    assert not ogres.mask and ogres.hand == 0 and paid["coins"] == 2 * 2
    assert g.phase != Phase.REDEPLOY  # nothing kept, nothing to redeploy
    check(g)  # and the Tomb keeps nothing for a race no longer on the map


def stonehedge_tomb() -> tuple[GameState, Army]:
    """Seat 0's Ogres declined holding the Stonehedge (Tomb drawn) in the west mudpool,
    keeping every token: 4 there, 3 on the black mountain, 1 on the crystal."""
    g = ug()
    ogres = give(g, 0, "ogres", "stone", {MUDPOOL_W: 4, MOUNTAIN: 3, CRYSTAL: 1})
    stonehedge_with(g, "tomb", MUDPOOL_W)
    begin_turn(g, 0)
    act(g, "decline")
    assert g.phase == Phase.REDEPLOY and ogres.declined and ogres.hand == 3 + 2
    act(g, "deploy", MUDPOOL_W, 3)
    act(g, "deploy", MOUNTAIN, 2)
    act(g, "end_redeploy")
    assert g.tokens_on_board(ogres) == 8
    return g, ogres


def test_a_tomb_drawn_by_stonehedge_keeps_the_tokens_and_redeploys_once_more():
    g = ug()
    ogres = give(g, 0, "ogres", "stone", {MUDPOOL_W: 3, MOUNTAIN: 2})
    stonehedge_with(g, "tomb", MUDPOOL_W)
    begin_turn(g, 0)
    act(g, "decline")
    assert g.phase == Phase.REDEPLOY and ogres.hand == 2 + 1
    act(g, "deploy", MOUNTAIN, 3)
    act(g, "end_redeploy")
    assert ogres.declined and g.region_tokens[MOUNTAIN] == 4 and g.tokens_on_board(ogres) == 5
    check(g)


def test_losing_the_stonehedge_ends_its_tomb_one_token_per_region_stays():
    g, ogres = stonehedge_tomb()
    give(g, 1, "mummies", "wise", {FOREST_LAIR: 9})
    begin_turn(g, 1)
    tray = g.tray[q("ogres")]
    events = act(g, "conquer", MUDPOOL_W)
    assert g.items[q(STONEHEDGE)] == MUDPOOL_W and g.region_army[MUDPOOL_W] != ogres.id
    assert g.region_tokens[MOUNTAIN] == g.region_tokens[CRYSTAL] == 1 and ogres.hand == 0
    assert g.tray[q("ogres")] == tray + 8 - 2  # the conquered region's 4 and 2 more
    (returned,) = of(events, "tokens_returned")
    assert (returned["count"], returned["reason"]) == (3 + 2, q(STONEHEDGE))
    to_end(g)
    assert g.tokens_on_board(ogres) == 2
    check(g)


def test_the_stonehedge_tomb_stays_while_another_region_is_lost():
    g, ogres = stonehedge_tomb()
    give(g, 1, "mummies", "wise", {MINE_LAIR: 9})
    begin_turn(g, 1)
    act(g, "conquer", CRYSTAL)
    assert g.region_tokens[MUDPOOL_W] == 4 and g.region_tokens[MOUNTAIN] == 3
    assert g.item_data[q(STONEHEDGE)]["kept_for"] == ogres.id
    check(g)
