"""The rules of Small World Underground that belong to no race, power or item: the set-up
(Monsters, Black Mountain markers, the face-down pile), lairs revealing their item, rivers,
chasms, and the mixing set-up on the base game's maps (underground.md §2, §4, §9, §11).

Positions are built on the small test map (its regions: tests/underground/helpers.py).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from invariants import check
from scenario import UG_TEST_MAP, act, begin_turn, count, finish, give, of, scenario, targets

from smallworld_tui.bots.random_play import play_random_game
from smallworld_tui.engine import IllegalAction, Record, ruleset, view
from smallworld_tui.engine.bitset import NEUTRAL, NOBODY, bits
from smallworld_tui.engine.conquest import Costs
from smallworld_tui.engine.content.underground.rules import LOST_TRIBE, MONSTER, apart
from smallworld_tui.engine.registry import ITEMS, POWERS, RACES
from smallworld_tui.engine.state import GameState
from smallworld_tui.engine.tables import entries
from underground.helpers import (
    CHASM,
    CHASM_VOLCANO,
    CRYSTAL,
    CRYSTAL_E,
    FOREST_LAIR,
    MINE,
    MINE_LAIR,
    MOUNTAIN,
    MOUNTAIN_LAIR,
    RIVER_END,
    RIVER_MID,
    RIVER_TOP,
    ug,
)

LAIRS = {MINE_LAIR, MOUNTAIN_LAIR, FOREST_LAIR}
PER_LAIR = entries("piece", "underground")["monster"]["per_region"]
MONSTERS = entries("piece", "underground")["monster"]["count"]


# --- set-up ------------------------------------------------------------------------------------

def test_two_monsters_on_every_lair_and_a_marker_on_every_black_mountain():
    g = ug(monsters=True)
    assert {r for r in range(15) if g.neutral[r] == MONSTER} == LAIRS
    assert all(g.region_tokens[r] == PER_LAIR == 2 for r in LAIRS)
    assert g.tray[MONSTER] == MONSTERS - 3 * PER_LAIR
    assert set(bits(g.pieces.mask("underground:black_mountain"))) == {MOUNTAIN, MOUNTAIN_LAIR}
    assert g.tray[LOST_TRIBE] == entries("piece", "base")["lost_tribe"]["count"]
    check(g)


@pytest.mark.parametrize("seed", range(5))
def test_the_face_down_pile_has_one_item_per_lair_the_rest_unseen(seed):
    g = ug(monsters=True, seed=seed)
    assert len(g.hidden) == len(LAIRS) == len(set(g.hidden))
    assert set(g.hidden) <= set(ruleset("underground").items) and not g.items
    seen = view(g, 0)
    assert seen.hidden_items == 3 and not any(r.items for r in seen.regions)
    check(g)


def test_the_pile_is_shuffled():
    piles = {tuple(ug(monsters=True, seed=seed).hidden) for seed in range(8)}
    assert len(piles) > 1


def test_a_lair_costs_two_plus_its_monsters_and_markers():
    g = ug(monsters=True)
    drow = give(g, 0, "drow", "stone", {MINE: 1, CRYSTAL: 1}, hand=7)
    costs = Costs(g, drow)
    assert costs.of(MINE_LAIR) == 2 + 2 and costs.of(MOUNTAIN_LAIR) == 2 + 1 + 2
    check(g)


def test_taking_a_lair_turns_the_top_item_face_up_there():
    g = ug(monsters=True)
    drow = give(g, 0, "drow", "stone", {CRYSTAL: 1}, hand=8)
    top, rest = g.hidden[0], g.hidden[1:]
    begin_turn(g, 0)
    events = act(g, "conquer", MINE_LAIR)
    (found,) = of(events, "item_revealed")
    assert (found.seat, found["item"], found["region"]) == (0, top, MINE_LAIR)
    assert g.items[top] == MINE_LAIR and g.hidden == rest
    (taken,) = of(events, "conquered")
    assert taken["defender_seat"] == NEUTRAL and taken["lost"] == 2
    assert g.tray[MONSTER] == MONSTERS - 2 * PER_LAIR and g.neutral[MINE_LAIR] == ""
    assert drow.mask >> MINE_LAIR & 1
    check(g)


def test_a_lair_taken_with_an_empty_pile_reveals_nothing():
    g = ug(monsters=True)
    give(g, 0, "drow", "stone", {CRYSTAL: 1}, hand=8)
    g.hidden = []
    begin_turn(g, 0)
    assert not of(act(g, "conquer", MINE_LAIR), "item_revealed")
    check(g)


def test_an_empty_region_reveals_nothing():
    g = ug()
    give(g, 0, "drow", "stone", {CRYSTAL: 1}, hand=8)
    pile = list(g.hidden)
    begin_turn(g, 0)
    assert not of(act(g, "conquer", MINE_LAIR), "item_revealed") and g.hidden == pile
    check(g)


# --- rivers ------------------------------------------------------------------------------------

def test_a_river_costs_one_token_plus_its_occupants():
    g = ug()
    drow = give(g, 0, "drow", "stone", {MOUNTAIN: 1}, hand=5)
    assert Costs(g, drow).of(RIVER_MID) == 1
    give(g, 1, "kraken", "mining", {RIVER_TOP: 2})
    assert Costs(g, drow).of(RIVER_TOP) == 1 + 2
    check(g)


def test_only_the_river_ends_are_a_first_conquest():
    g = ug()
    give(g, 0, "drow", "stone", {}, hand=6)
    begin_turn(g, 0)
    first = targets(g, "conquer")
    assert {RIVER_TOP, RIVER_END} <= first and RIVER_MID not in first
    assert first == {1, 2, 3, 4, 5, 9, 10, 11, 12, 13}  # the board edge, chasms aside
    with pytest.raises(IllegalAction, match="first conquest must be in a border region"):
        act(g, "conquer", RIVER_MID)
    check(g)


def test_regions_on_opposite_banks_touch_only_through_the_river():
    g = ug()
    give(g, 0, "drow", "stone", {MOUNTAIN: 1}, hand=6)
    begin_turn(g, 0)
    assert MINE not in targets(g, "conquer") and RIVER_MID in targets(g, "conquer")
    act(g, "conquer", RIVER_MID)
    assert MINE in targets(g, "conquer")
    check(g)


def test_rivers_are_emptied_at_redeployment_onto_land():
    g = ug()
    drow = give(g, 0, "drow", "stone", {MOUNTAIN: 1}, hand=6)
    begin_turn(g, 0)
    act(g, "conquer", RIVER_MID)
    act(g, "conquer", MINE)
    events = act(g, "end_conquest")
    assert [e["region"] for e in of(events, "abandoned")] == [RIVER_MID]
    assert g.region_army[RIVER_MID] == NOBODY and drow.mask == (1 << MOUNTAIN | 1 << MINE)
    assert drow.hand == 6 - 1 - 2 + 1 + 1  # the river's token and the mine's spare one
    (score,) = of(finish(g), "scored")
    assert dict(score["breakdown"])["regions:underground:drow"] == 2  # no coin for the river
    check(g)


def test_a_race_on_rivers_only_keeps_its_tokens_and_enters_again():
    g = ug()
    drow = give(g, 0, "drow", "stone", {}, hand=6)
    begin_turn(g, 0)
    act(g, "conquer", RIVER_TOP)
    act(g, "end_conquest")
    assert drow.mask == 0 and drow.hand == 6
    events = act(g, "end_redeploy")
    assert of(events, "scored")[0]["coins"] == 0
    begin_turn(g, 0)
    assert drow.hand == 6 and targets(g, "conquer") == {1, 2, 3, 4, 5, 9, 10, 11, 12, 13}
    check(g)


def test_a_river_may_not_be_kept_at_the_end_of_a_turn():
    g = ug()
    give(g, 0, "drow", "stone", {MOUNTAIN: 1}, hand=3)
    begin_turn(g, 0)
    act(g, "conquer", RIVER_MID)
    finish(g)
    assert g.region_army[RIVER_MID] == NOBODY
    check(g)


# --- chasms ------------------------------------------------------------------------------------

def test_chasms_are_never_entered_but_still_border():
    g = ug()
    give(g, 0, "drow", "stone", {MINE_LAIR: 1, CRYSTAL: 1}, hand=7)
    begin_turn(g, 0)
    assert CHASM_VOLCANO not in targets(g, "conquer") | targets(g, "final")
    with pytest.raises(IllegalAction, match="can never be entered"):
        act(g, "conquer", CHASM_VOLCANO)
    assert g.map.neighbor_masks[MINE_LAIR] >> CHASM_VOLCANO & 1  # a chasm still borders
    assert g.map.neighbor_masks[CHASM] == (1 << MOUNTAIN_LAIR | 1 << CRYSTAL_E)
    check(g)


# --- the mixing set-up on the base game's maps ---------------------------------------------------

BASE_MAPS = [(2, "base-2p"), (3, "base-3p"), (4, "base-4p"), (5, "base-5p")]


@pytest.mark.parametrize(("players", "map_name"), BASE_MAPS)
@pytest.mark.parametrize("seed", range(4))
def test_surface_maps_get_one_lair_more_than_players_never_side_by_side(players, map_name,
                                                                         seed):
    g = scenario(players, map_name, seed=seed, game="underground")
    tribes = set(bits(g.map.symbol_mask("lost_tribe")))
    lairs = {r for r in range(len(g.map.regions)) if g.neutral[r] == MONSTER}
    assert len(lairs) == players + 1 and lairs <= tribes
    assert all(not g.map.neighbor_masks[r] >> s & 1 for r in lairs for s in lairs)
    assert all(g.region_tokens[r] == PER_LAIR for r in lairs)
    for r in tribes - lairs:
        assert g.neutral[r] == LOST_TRIBE and g.region_tokens[r] == 1
    assert g.tray[MONSTER] == MONSTERS - PER_LAIR * (players + 1)
    assert len(g.hidden) == players + 1 and not g.items
    mountains = g.map.terrain_mask("mountain")
    assert g.pieces.mask("underground:black_mountain") == mountains
    check(g)


def test_surface_lairs_depend_on_the_seed():
    layouts = {tuple(r for r, kind in enumerate(scenario(2, "base-2p", seed=s,
                                                         game="underground").neutral)
                     if kind == MONSTER) for s in range(8)}
    assert len(layouts) > 1


@pytest.mark.parametrize(("kind", "found"), [(MONSTER, 1), (LOST_TRIBE, 0)])
def test_a_surface_lair_reveals_and_a_lost_tribe_does_not(kind, found):
    g = scenario(2, "base-2p", game="underground")
    region = next(r for r in range(len(g.map.regions)) if g.neutral[r] == kind)
    near = next(n for n in bits(g.map.neighbor_masks[region])
                if g.region_army[n] == NOBODY and not g.map.regions[n].water)
    drow = give(g, 0, "drow", "stone", {near: 1}, hand=8)
    defenders = g.region_tokens[region]
    assert Costs(g, drow).of(region) == (
        2 + defenders + count(g, "black_mountain", region))
    begin_turn(g, 0)
    assert len(of(act(g, "conquer", region), "item_revealed")) == found
    check(g)


def test_apart_takes_as_many_as_the_map_allows():
    g = scenario(2, "base-2p", game="underground")
    tribes = bits(g.map.symbol_mask("lost_tribe"))
    chosen = apart(g, tribes, len(tribes))
    assert 0 < len(chosen) < len(tribes) and set(chosen) <= set(tribes)
    assert all(not g.map.neighbor_masks[r] >> s & 1 for r in chosen for s in chosen)


# --- whole games -------------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "map_name"), [(2, UG_TEST_MAP), *BASE_MAPS])
@pytest.mark.parametrize("seed", range(3))
def test_random_underground_games_keep_the_invariants(players, map_name, seed):
    g, record = play_random_game(["Amy", "Ben", "Cai", "Dee", "Eli"][:players], map_name, seed,
                                 lambda g, _a: check(g), game="underground")
    assert g.finished
    replayed = Record.from_json(json.loads(json.dumps(record.to_json()))).replay()
    assert replayed.dumps() == g.dumps()
    again = GameState.from_json(json.loads(g.dumps()))
    assert again.dumps() == g.dumps()


def test_the_record_format_documents_every_underground_action() -> None:
    doc = (Path(__file__).parents[2] / "docs" / "record-format.md").read_text(encoding="utf-8")
    content = ruleset("underground")
    for qid in (*content.races, *content.powers, *content.items):
        rule = RACES.get(qid) or POWERS.get(qid) or ITEMS[qid]
        for kind, params in rule.actions.items():
            assert f"`{kind}`" in doc, f"{qid}: action {kind} not in docs/record-format.md"
            for param in params:
                assert f"`{param}`" in doc
