"""The 15 races of Small World Underground: each racial rule, its edge cases and our rulings
(underground.md §5, §11; docs/rulings.md, "Small World Underground").

Positions are built on the small test map (its regions: tests/underground/helpers.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from invariants import check
from scenario import (
    UG_TEST_MAP,
    act,
    begin_turn,
    finish,
    give,
    kinds,
    of,
    pinned,
    put,
    scored,
    targets,
    where,
)

from smallworld_tui.engine import IllegalAction
from smallworld_tui.engine.bitset import NOBODY
from smallworld_tui.engine.conquest import reach_mask
from smallworld_tui.engine.registry import RACES
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
    MOUNTAIN_LAIR,
    MUDPOOL,
    MUDPOOL_W,
    RIVER_END,
    RIVER_MID,
    RIVER_TOP,
    cost,
    mask,
    picked,
    ug,
)

# --- Cultists ------------------------------------------------------------------------------

def test_cultists_put_the_great_ancient_in_their_first_region():
    g = picked("cultists")
    army = g.armies[0]
    assert army.reserve == {"underground:great_ancient": 1}
    events = act(g, "conquer", MUDPOOL_W)
    assert where(g, "great_ancient") == mask(MUDPOOL_W) and not army.reserve
    assert of(events, "piece_placed")[0]["piece"] == "underground:great_ancient"
    act(g, "conquer", CRYSTAL)
    assert where(g, "great_ancient") == mask(MUDPOOL_W)
    check(g)


def test_the_great_ancient_makes_its_region_immune_to_other_players():
    g = ug()
    give(g, 0, "cultists", "stone", {MUDPOOL_W: 1})
    put(g, "great_ancient", MUDPOOL_W)
    ogres = give(g, 1, "ogres", "wise", {CRYSTAL: 6})
    begin_turn(g, 1)
    assert not reach_mask(g, ogres) >> MUDPOOL_W & 1
    with pytest.raises(IllegalAction, match="Great Ancient keeps you out"):
        act(g, "conquer", MUDPOOL_W)
    check(g)


def test_cultists_pay_one_less_next_to_the_great_ancient():
    g = ug()
    cultists = give(g, 0, "cultists", "stone", {MUDPOOL_W: 4, FOREST: 1})
    put(g, "great_ancient", MUDPOOL_W)
    give(g, 1, "ogres", "wise", {MOUNTAIN: 2})
    begin_turn(g, 0)
    assert cost(g, cultists, CRYSTAL) == 1  # next to the Great Ancient
    assert cost(g, cultists, MOUNTAIN) == 2 + 1 + 2 - 1  # marker, two Ogres
    assert cost(g, cultists, MUDPOOL) == 2  # next to the forest only
    check(g)


def test_regions_a_place_makes_adjacent_to_the_great_ancient_are_next_to_it():
    g = ug()
    cultists = give(g, 0, "cultists", "stone", {CRYSTAL: 4, MUDPOOL_W: 1})
    put(g, "great_ancient", CRYSTAL)
    pipe = "underground:great_brass_pipe"  # crystals are adjacent to crystals
    if pipe in g.hidden:
        g.hidden.remove(pipe)
    g.reveal_item(pipe, CRYSTAL)
    begin_turn(g, 0)
    assert cost(g, cultists, CRYSTAL_E) == 1 and cost(g, cultists, MOUNTAIN) == 2
    act(g, "ancient", MUDPOOL_W)  # not a crystal: the Pipe no longer links it
    assert cost(g, cultists, CRYSTAL_E) == 2 and cost(g, cultists, FOREST_LAIR) == 1
    check(g)


def test_no_great_ancient_discount_against_gnomes():
    g = ug()
    cultists = give(g, 0, "cultists", "stone", {MUDPOOL_W: 4})
    put(g, "great_ancient", MUDPOOL_W)
    give(g, 1, "gnomes", "wise", {CRYSTAL: 1})
    begin_turn(g, 0)
    assert cost(g, cultists, CRYSTAL) == 3
    check(g)


def test_the_great_ancient_moves_at_the_start_of_a_later_turn_only():
    g = picked("cultists")
    act(g, "conquer", MUDPOOL_W)
    act(g, "conquer", CRYSTAL)
    assert "ancient" not in kinds(g)  # not on the turn they were picked
    finish(g, MUDPOOL_W)
    begin_turn(g, 0)
    assert targets(g, "ancient") == {CRYSTAL}
    act(g, "ancient", CRYSTAL)
    assert where(g, "great_ancient") == mask(CRYSTAL)
    assert "ancient" not in kinds(g)  # once per turn
    assert "decline" in kinds(g)  # moving it is not expanding
    act(g, "conquer", MOUNTAIN)
    check(g)


def test_the_great_ancient_does_not_move_once_the_conquests_began():
    g = ug()
    give(g, 0, "cultists", "stone", {MUDPOOL_W: 4, CRYSTAL: 1})
    put(g, "great_ancient", MUDPOOL_W)
    begin_turn(g, 0)
    act(g, "conquer", MOUNTAIN)
    assert "ancient" not in kinds(g)
    with pytest.raises(IllegalAction, match="before conquering"):
        act(g, "ancient", CRYSTAL)
    check(g)


def test_the_great_ancient_follows_its_tokens_when_its_region_is_abandoned():
    g = ug()
    cultists = give(g, 0, "cultists", "stone", {MUDPOOL_W: 4, CRYSTAL: 1})
    put(g, "great_ancient", MUDPOOL_W)
    begin_turn(g, 0)
    act(g, "abandon", MUDPOOL_W)
    assert cultists.reserve == {"underground:great_ancient": 1} and not where(g, "great_ancient")
    act(g, "conquer", MOUNTAIN)
    assert where(g, "great_ancient") == mask(MOUNTAIN)
    check(g)


def test_a_great_ancient_left_off_the_map_is_placed_at_redeployment():
    g = ug()
    cultists = give(g, 0, "cultists", "stone", {MUDPOOL_W: 4, CRYSTAL: 1})
    put(g, "great_ancient", MUDPOOL_W)
    begin_turn(g, 0)
    act(g, "abandon", MUDPOOL_W)
    act(g, "end_conquest")
    act(g, "deploy", CRYSTAL, cultists.hand)
    assert kinds(g) == {"ancient"} and targets(g, "ancient") == {CRYSTAL}
    with pytest.raises(IllegalAction, match="place the Great Ancient"):
        act(g, "end_redeploy")
    act(g, "ancient", CRYSTAL)
    act(g, "end_redeploy")
    assert where(g, "great_ancient") == mask(CRYSTAL)
    check(g)


def test_the_great_ancient_leaves_the_map_when_the_cultists_decline():
    g = ug()
    cultists = give(g, 0, "cultists", "stone", {MUDPOOL_W: 4})
    put(g, "great_ancient", MUDPOOL_W)
    begin_turn(g, 0)
    act(g, "decline")
    assert not where(g, "great_ancient") and not cultists.reserve
    check(g)


# --- Flames --------------------------------------------------------------------------------

def test_flames_put_the_volcano_on_the_only_volcano_chasm_when_picked():
    g = picked("flames")
    assert where(g, "volcano") == mask(CHASM_VOLCANO)
    assert "volcano" not in kinds(g)
    check(g)


def two_volcano_map(tmp_path: Path) -> str:
    text = Path(UG_TEST_MAP).read_text().replace("C1   14  chasm", "C1   14  chasm  volcano")
    path = tmp_path / "two-volcanoes.map"
    path.write_text(text)
    return str(path)


def test_flames_choose_among_several_volcano_chasms(tmp_path):
    g = picked("flames", map_name=two_volcano_map(tmp_path))
    assert not where(g, "volcano")
    assert targets(g, "volcano") == {CHASM_VOLCANO, CHASM}
    act(g, "volcano", CHASM)
    assert where(g, "volcano") == mask(CHASM) and "volcano" not in kinds(g)
    with pytest.raises(IllegalAction, match="already on the map"):
        act(g, "volcano", CHASM_VOLCANO)
    check(g)


def test_regions_next_to_the_volcano_cost_as_if_empty():
    g = ug(monsters=True)
    flames = give(g, 0, "flames", "stone", {MUDPOOL_W: 5})
    put(g, "volcano", CHASM_VOLCANO)
    give(g, 1, "ogres", "wise", {CRYSTAL: 3})
    begin_turn(g, 0)
    assert cost(g, flames, CRYSTAL) == 2  # three Ogres ignored
    assert cost(g, flames, MINE_LAIR) == 2  # two Monsters ignored
    assert cost(g, flames, MOUNTAIN) == 3  # not next to the volcano: 2 + marker
    events = act(g, "conquer", CRYSTAL)
    assert of(events, "conquered")[0]["lost"] == 1  # the defender still loses a token
    check(g)


def test_a_chain_of_flames_regions_carries_the_volcano_but_markers_still_count():
    g = ug()
    flames = give(g, 0, "flames", "stone", {CRYSTAL: 4, MUDPOOL_W: 2})
    put(g, "volcano", CHASM_VOLCANO)
    give(g, 1, "ogres", "wise", {MOUNTAIN: 2, FOREST_LAIR: 2})
    begin_turn(g, 0)
    assert cost(g, flames, MOUNTAIN) == 2 + 1  # as if empty, but the marker stays
    assert cost(g, flames, FOREST_LAIR) == 2  # next to the chain crystal - mudpool
    check(g)


def test_no_volcano_help_against_gnomes_and_none_after_decline():
    g = ug()
    flames = give(g, 0, "flames", "stone", {MUDPOOL_W: 5})
    put(g, "volcano", CHASM_VOLCANO)
    give(g, 1, "gnomes", "wise", {CRYSTAL: 2})
    begin_turn(g, 0)
    assert cost(g, flames, CRYSTAL) == 4
    act(g, "decline")
    assert not where(g, "volcano")
    check(g)


# --- Iron Dwarves --------------------------------------------------------------------------

def test_iron_dwarves_get_a_silver_hammer_per_mine_at_redeployment():
    g = ug()
    dwarves = give(g, 0, "iron_dwarves", "stone", {MINE: 3, FOREST: 1})
    begin_turn(g, 0)
    act(g, "conquer", MUDPOOL)
    events = act(g, "end_conquest")
    assert dwarves.reserve == {"underground:silver_hammer": 1}
    assert of(events, "pieces_gained")[0]["count"] == 1
    check(g)


def test_silver_hammers_are_capped_by_the_seven_in_the_box():
    g = ug()
    dwarves = give(g, 0, "iron_dwarves", "stone", {MINE: 1, MINE_LAIR: 1})
    dwarves.reserve["underground:silver_hammer"] = 6
    begin_turn(g, 0)
    act(g, "end_conquest")
    assert dwarves.reserve == {"underground:silver_hammer": 7}
    check(g)


def test_silver_hammers_pay_all_but_one_token_of_each_conquest():
    g = ug()
    dwarves = give(g, 0, "iron_dwarves", "stone", {MINE: 4})
    dwarves.reserve["underground:silver_hammer"] = 3
    give(g, 1, "ogres", "wise", {FOREST: 2})
    begin_turn(g, 0)
    assert dwarves.hand == 3
    assert cost(g, dwarves, FOREST) == 1  # 4 tokens: 3 hammers and 1 Dwarf
    events = act(g, "conquer", FOREST)
    (c,) = of(events, "conquered")
    assert c["tokens"] == 1 and c["cost"] == 4
    assert cost(g, dwarves, MUDPOOL) == 2  # the hammers are spent for this turn
    act(g, "conquer", MUDPOOL)
    finish(g)
    assert dwarves.reserve == {"underground:silver_hammer": 3 + 1}  # back, plus one mine
    begin_turn(g, 0)
    assert cost(g, dwarves, MINE_LAIR) == 1
    check(g)


def test_silver_hammers_leave_one_real_dwarf_per_conquest():
    g = ug()
    dwarves = give(g, 0, "iron_dwarves", "stone", {MINE: 3})
    dwarves.reserve["underground:silver_hammer"] = 5
    begin_turn(g, 0)
    assert cost(g, dwarves, FOREST) == 1 and cost(g, dwarves, RIVER_MID) == 1
    act(g, "conquer", FOREST)  # 2 tokens: 1 hammer, 1 Dwarf
    assert cost(g, dwarves, MUDPOOL) == 1
    act(g, "conquer", MUDPOOL)
    assert g.turn.extra["underground:iron_dwarves"] == 2
    check(g)


def test_silver_hammers_count_for_the_final_die():
    g = ug(dice=[1])
    dwarves = give(g, 0, "iron_dwarves", "stone", {MINE: 2})
    dwarves.reserve["underground:silver_hammer"] = 1
    give(g, 1, "ogres", "wise", {FOREST: 2})
    begin_turn(g, 0)
    assert cost(g, dwarves, FOREST) == 3  # 4 less a hammer; 1 in hand: 2 short
    events = act(g, "final", FOREST)
    assert of(events, "die_rolled")[0]["short"] == 2
    assert not of(events, "conquered")
    check(g)


def test_silver_hammers_never_help_against_gnomes():
    g = ug()
    dwarves = give(g, 0, "iron_dwarves", "stone", {MINE: 4})
    dwarves.reserve["underground:silver_hammer"] = 3
    give(g, 1, "gnomes", "wise", {FOREST: 1})
    begin_turn(g, 0)
    assert cost(g, dwarves, FOREST) == 3 and cost(g, dwarves, MUDPOOL) == 1
    check(g)


def test_iron_dwarves_lose_their_hammers_in_decline():
    g = ug()
    dwarves = give(g, 0, "iron_dwarves", "stone", {MINE: 4})
    dwarves.reserve["underground:silver_hammer"] = 3
    begin_turn(g, 0)
    act(g, "decline")
    assert dwarves.reserve == {}
    check(g)


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


# --- Lizardmen -----------------------------------------------------------------------------

def test_lizardmen_pass_through_empty_rivers_to_the_other_bank():
    g = ug()
    lizards = give(g, 0, "lizardmen", "stone", {MOUNTAIN: 5})
    begin_turn(g, 0)
    reach = reach_mask(g, lizards)
    assert reach & mask(MINE, FOREST, CRYSTAL_E) == mask(MINE, FOREST, CRYSTAL_E)
    assert not reach & mask(MUDPOOL, MOUNTAIN_LAIR)  # two regions beyond the river
    events = act(g, "conquer", MINE)
    assert of(events, "conquered")[0]["cost"] == 2  # no river to pay for
    assert g.region_army[RIVER_MID] == NOBODY
    check(g)


def test_an_occupied_river_never_blocks_the_lizardmen():
    g = ug()
    lizards = give(g, 0, "lizardmen", "stone", {MOUNTAIN: 5})
    give(g, 1, "kraken", "wise", {RIVER_MID: 1})
    begin_turn(g, 0)
    # through the Kraken's river to the far bank, and on along the river both ways
    assert reach_mask(g, lizards) & mask(MINE, FOREST, CRYSTAL_E) == mask(MINE, FOREST, CRYSTAL_E)
    events = act(g, "conquer", MINE)
    assert of(events, "conquered")[0]["cost"] == 2  # the river is passed, not conquered
    assert g.region_army[RIVER_MID] != lizards.id and g.region_tokens[RIVER_MID] == 1
    assert cost(g, lizards, RIVER_MID) == 1 + 1  # taking it stays possible, at its cost
    act(g, "conquer", RIVER_MID)
    events = finish(g, MOUNTAIN)
    assert [e["region"] for e in of(events, "abandoned")] == [RIVER_MID]
    check(g)


def test_lizardmen_pass_a_chain_of_held_rivers_but_no_immune_one():
    g = ug()
    lizards = give(g, 0, "lizardmen", "stone", {FOREST_LAIR: 5})
    give(g, 1, "kraken", "royal", {RIVER_END: 2, RIVER_TOP: 1}, declined=True)
    begin_turn(g, 0)
    beyond = mask(CRYSTAL_E, MINE, FOREST)  # past the held end, the empty middle, the held top
    assert reach_mask(g, lizards) & beyond == beyond
    put(g, "queen", RIVER_END)  # an immune river is untouched by their power: no way through
    assert not reach_mask(g, lizards) & beyond
    check(g)


def test_lizardmen_get_no_passage_to_gnomes():
    g = ug()
    lizards = give(g, 0, "lizardmen", "stone", {MOUNTAIN: 5})
    give(g, 1, "gnomes", "wise", {MINE: 1})
    begin_turn(g, 0)
    assert not reach_mask(g, lizards) >> MINE & 1
    assert reach_mask(g, lizards) >> FOREST & 1
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


# --- Shadow Mimes --------------------------------------------------------------------------

def test_shadow_mimes_may_swap_badges_with_another_visible_combo():
    g = pinned(["shadow_mimes", "ogres"], ["stone", "wise"], map_name=UG_TEST_MAP,
               game="underground")
    g.combos[1].coins = 2
    g.coins[1] -= 2
    act(g, "pick", 0)
    mimes = g.armies[0]
    assert mimes.hand == 7 + 4
    assert targets(g, "mime") == {0, 1, 2, 3, 4}  # the five others, not the new one
    wise = g.combos[0].power
    events = act(g, "mime", 0)
    assert mimes.power == wise and g.combos[0].power == "underground:stone"
    assert g.combos[0].coins == 2  # coins stay with their banner
    assert mimes.hand == 7 + 4  # Wise and Stone both give 4
    (swap,) = of(events, "badge_swapped")
    assert swap["given"] == "underground:stone" and swap["slot"] == 0
    assert "mime" not in kinds(g)
    check(g)


def test_shadow_mimes_take_the_token_number_of_the_badge_they_keep():
    g = pinned(["shadow_mimes"], ["stone", "shield", "tomb"], map_name=UG_TEST_MAP,
               game="underground")
    act(g, "pick", 0)
    mimes = g.armies[0]
    slot = next(k for k, c in enumerate(g.combos) if c.power == "underground:tomb")
    act(g, "mime", slot)
    assert mimes.hand == 7 + 5
    slot = next(k for k, c in enumerate(g.combos) if c.power == "underground:shield")
    g.turn.extra.clear()
    mimes.extra["underground:shadow_mimes"] = 5
    act(g, "mime", slot)
    assert mimes.hand == 7 + 3
    check(g)


def test_the_swapped_badge_is_the_races_power():
    g = pinned(["shadow_mimes"], ["stone", "mining"], map_name=UG_TEST_MAP, game="underground")
    act(g, "pick", 0)
    act(g, "mime", 0)
    act(g, "conquer", MINE_LAIR)
    events = finish(g)
    assert dict(of(events, "scored")[0]["breakdown"])["power:underground:mining"] == 1
    check(g)


def test_shadow_mimes_swap_only_right_after_picking():
    g = picked("shadow_mimes")
    act(g, "conquer", MUDPOOL_W)
    assert "mime" not in kinds(g)
    with pytest.raises(IllegalAction, match="right after they are picked"):
        act(g, "mime", 0)
    finish(g)
    begin_turn(g, 0)
    assert "mime" not in kinds(g)
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


# --- Spiderines ----------------------------------------------------------------------------

def test_spiderines_reach_every_region_bordering_a_chasm():
    g = ug()
    spiders = give(g, 0, "spiderines", "stone", {MUDPOOL_W: 5})
    begin_turn(g, 0)
    reach = reach_mask(g, spiders)
    assert reach & mask(MOUNTAIN_LAIR, CRYSTAL_E, MINE_LAIR) == mask(
        MOUNTAIN_LAIR, CRYSTAL_E, MINE_LAIR)
    assert not reach & mask(CHASM, CHASM_VOLCANO, MINE)
    act(g, "conquer", CRYSTAL_E)
    check(g)


def test_spiderines_may_enter_through_a_region_bordering_a_chasm():
    g = ug()
    spiders = give(g, 0, "spiderines", "stone", hand=5)
    assert RACES["underground:spiderines"].entry_mask(g, spiders) == mask(
        MINE_LAIR, CRYSTAL, MOUNTAIN_LAIR, CRYSTAL_E)
    begin_turn(g, 0)
    act(g, "conquer", CRYSTAL_E)
    check(g)


def test_spiderines_get_no_web_to_gnomes():
    g = ug()
    spiders = give(g, 0, "spiderines", "stone", {MUDPOOL_W: 5})
    give(g, 1, "gnomes", "wise", {CRYSTAL_E: 1})
    begin_turn(g, 0)
    assert not reach_mask(g, spiders) >> CRYSTAL_E & 1
    check(g)


def test_spiderines_around_separate_chasms_are_not_one_flock():
    g = ug()
    give(g, 0, "spiderines", "flocking", {CRYSTAL: 1, CRYSTAL_E: 1})
    begin_turn(g, 0)
    events = finish(g)
    assert "power:underground:flocking" not in dict(of(events, "scored")[0]["breakdown"])
    check(g)


# --- Will-o'-Wisps -------------------------------------------------------------------------

def test_wisps_roll_for_a_crystal_and_place_the_cost_less_the_roll():
    g = ug(dice=[2])
    wisps = give(g, 0, "will_o_wisps", "stone", {MOUNTAIN: 4})
    give(g, 1, "ogres", "wise", {CRYSTAL: 2})
    begin_turn(g, 0)
    assert targets(g, "wisp") == {CRYSTAL}  # a crystal within reach, 1 short at most 3
    events = act(g, "wisp", CRYSTAL)
    assert of(events, "die_rolled")[0]["value"] == 2
    (c,) = of(events, "conquered")
    assert c["tokens"] == 4 - 2 and c["via"] == "wisps"
    assert wisps.hand == 1
    check(g)


def test_wisps_roll_for_regions_next_to_a_crystal_they_hold():
    g = ug(dice=[0])
    give(g, 0, "will_o_wisps", "stone", {CRYSTAL: 4, MUDPOOL_W: 1})
    begin_turn(g, 0)
    assert targets(g, "wisp") == {MINE_LAIR, MOUNTAIN}
    events = act(g, "wisp", MOUNTAIN)  # 3 tokens, a 0: must still be taken
    assert of(events, "conquered")[0]["tokens"] == 3
    check(g)


def test_a_failed_wisp_roll_ends_the_conquests():
    g = ug(dice=[1])
    wisps = give(g, 0, "will_o_wisps", "stone", {MOUNTAIN: 2})
    give(g, 1, "ogres", "wise", {CRYSTAL: 2})
    begin_turn(g, 0)
    events = act(g, "wisp", CRYSTAL)  # 4 needed, 1 in hand, rolled 1
    assert not of(events, "conquered") and not of(events, "die_rolled")[0]["success"]
    assert kinds(g) == {"end_conquest"}
    with pytest.raises(IllegalAction, match="conquests are over"):
        act(g, "wisp", CRYSTAL)
    finish(g)
    assert wisps.mask == mask(MOUNTAIN)
    check(g)


def test_wisps_never_roll_against_gnomes_or_when_too_short():
    g = ug()
    give(g, 0, "will_o_wisps", "stone", {MOUNTAIN: 2})
    give(g, 1, "gnomes", "wise", {CRYSTAL: 1})
    begin_turn(g, 0)
    assert "wisp" not in kinds(g)
    with pytest.raises(IllegalAction, match="held by Gnomes"):
        act(g, "wisp", CRYSTAL)
    check(g)


def test_all_15_races_are_registered_with_their_tokens():
    from smallworld_tui.engine.tables import entries

    rows = entries("race", "underground")
    assert RACES.keys() >= {f"underground:{r}" for r in rows} and len(rows) == 15
    for race, row in rows.items():
        assert RACES[f"underground:{race}"].tokens == row["tokens"]
