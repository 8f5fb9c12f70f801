"""Set-up: Murlocs, Mountains, face-down markers revealed on first entry, game options."""

from __future__ import annotations

import pytest
from invariants import check
from scenario import NAMES, act, begin_turn, give, of

from smallworld_tui.engine import GameState, IllegalAction, new_game, observe, view
from smallworld_tui.engine.bitset import NEUTRAL, bits
from smallworld_tui.engine.content.warcraft.markers import reveal_marker
from smallworld_tui.engine.tables import entries
from warcraft.helpers import MARKERS, MOUNTAINS, MURLOCS, WC_TEST_MAP, play_out, wc_game

MURLOC = "warcraft:murloc"
ALL_MARKERS = {f"warcraft:{i}" for kind in ("artifact", "place")
               for i in entries(kind, "warcraft")}


def test_a_murloc_on_every_murloc_symbol_and_a_mountain_on_every_mountain() -> None:
    g = wc_game(murlocs=True)
    assert {r for r, a in enumerate(g.region_army) if a == NEUTRAL} == MURLOCS
    assert all(g.neutral[r] == MURLOC and g.region_tokens[r] == 1 for r in MURLOCS)
    assert g.tray[MURLOC] == entries("piece", "warcraft")["murloc"]["count"] - len(MURLOCS)
    assert set(bits(g.pieces.mask("warcraft:mountain"))) == MOUNTAINS
    assert all(g.pieces.count("warcraft:mountain", r) == 1 for r in MOUNTAINS)
    check(g)


def test_one_face_down_marker_on_each_boards_marker_region_the_rest_in_the_box() -> None:
    g = wc_game(markers=True)
    assert set(g.facedown) == MARKERS
    laid = list(g.facedown.values())
    assert len(set(laid)) == len(MARKERS) and not g.items
    assert set(laid) | set(g.hidden) == ALL_MARKERS and len(g.hidden) == 12 - len(MARKERS)
    check(g)


def test_the_markers_are_drawn_at_random_from_all_twelve() -> None:
    drawn: set[str] = set()
    layouts = set()
    for seed in range(40):
        g = wc_game(seed=seed, markers=True)
        drawn |= set(g.facedown.values())
        layouts.add(tuple(sorted(g.facedown.items())))
    assert drawn == ALL_MARKERS and len(layouts) > 30


def test_nobody_sees_which_markers_lie_face_down_or_in_the_box() -> None:
    g = wc_game(markers=True)
    seen = view(g, 0)
    assert {r.id for r in seen.regions if r.face_down} == MARKERS
    assert not any(r.items for r in seen.regions) and seen.hidden_items == len(g.hidden)
    known = observe(g, 0)
    assert known["facedown"] == sorted(MARKERS) and known["hidden"] == len(g.hidden)
    assert not any(i in str(known) for i in ALL_MARKERS)


def face_down(g: GameState, region: int, item: str) -> None:
    """Make ``item`` the face-down marker of ``region`` (swapped with the box)."""
    old = g.facedown[region]
    if old != item:
        g.hidden[g.hidden.index(item)] = old
        g.facedown[region] = item


def revealed(events: list) -> list[tuple[int, str, int]]:
    return [(e.seat, e["item"], e["region"]) for e in of(events, "item_revealed")]


def test_the_first_race_to_enter_a_marker_region_turns_the_marker_up() -> None:
    g = wc_game(markers=True)
    item = "warcraft:dark_portal"
    face_down(g, 4, item)
    give(g, 1, "trolls", "farming", {1: 1}, hand=6)
    begin_turn(g, 1)
    events = act(g, "conquer", 4)
    assert revealed(events) == [(1, item, 4)]
    assert g.items[item] == 4 and 4 not in g.facedown
    check(g)
    play_out(g)
    give(g, 2, "humans", "herbalist", {2: 1}, hand=6)
    begin_turn(g, 2)
    events = act(g, "conquer", 4)
    assert not revealed(events) and g.items[item] == 4
    check(g)


def test_a_marker_under_a_murloc_waits_for_a_race() -> None:
    g = wc_game(markers=True)
    item = "warcraft:frostmourne"
    face_down(g, 10, item)
    g.place_neutral(MURLOC, 10, 1)  # as if the board showed a Murloc there
    give(g, 0, "trolls", "farming", {8: 1}, hand=6)
    assert not revealed(begin_turn(g, 0)) and g.facedown[10] == item
    events = act(g, "conquer", 10)
    assert revealed(events) == [(0, item, 10)] and 10 not in g.facedown
    check(g)


def test_content_moving_tokens_in_reveals_the_marker_too() -> None:
    g = wc_game(markers=True)
    item = "warcraft:karazhan"
    face_down(g, 15, item)
    reveal_marker(g, 15)
    first = revealed(g.events)
    g.events.clear()
    reveal_marker(g, 15)
    assert first == [(-1, item, 15)] and not g.events and 15 not in g.facedown
    assert g.items[item] == 15


def test_game_options_defaults_and_allowed_values() -> None:
    g = wc_game()
    assert g.options == {"teams": False, "two_player_boards": "LM",
                         "garrison_forts": "per_region", "ashes_travel_cost": "waived"}
    chosen = wc_game(teams=True, garrison_forts="one_per_turn").options
    assert chosen["teams"] is True and chosen["garrison_forts"] == "one_per_turn"
    with pytest.raises(IllegalAction, match="garrison_forts must be one of per_region, "
                                            "one_per_turn, not every_turn"):
        wc_game(garrison_forts="every_turn")
    with pytest.raises(IllegalAction, match="two_player_boards must be one of LM, LS"):
        wc_game(two_player_boards="SS")
    with pytest.raises(IllegalAction, match="teams has the wrong kind of value"):
        wc_game(teams="yes")


def test_a_warcraft_game_needs_a_warcraft_map() -> None:
    with pytest.raises(IllegalAction, match="base-3p is a map of the base game, not of "
                                            "warcraft"):
        new_game(NAMES[:3], "base-3p", game="warcraft")
    assert new_game(NAMES[:3], str(WC_TEST_MAP), game="warcraft").map.name == "wc-test"
