"""The faction bonus: +1 per enemy-faction race defeated this turn, and its hooks."""

from __future__ import annotations

import pytest
from invariants import check
from scenario import act, begin_turn, give

from smallworld_tui.engine import GameState
from smallworld_tui.engine.content.warcraft.factions import (
    enemy,
    faction,
    regions_taken_from,
)
from smallworld_tui.engine.tables import entries
from warcraft.helpers import breakdown, play_out, wc_game


def conquer(g: GameState, seat: int, *regions: int) -> dict[str, int]:
    """``seat`` takes ``regions`` in order, ends its turn; its scoring lines."""
    begin_turn(g, seat)
    for r in regions:
        act(g, "conquer", r)
    check(g)
    lines = breakdown(play_out(g), seat)
    check(g)
    return lines


def test_factions_come_from_the_data_table() -> None:
    assert faction("warcraft:blood_elves") == "horde" and faction("warcraft:humans") == (
        "alliance") and faction("warcraft:naga") == "neutral"
    assert enemy("horde") == "alliance" and enemy("alliance") == "horde"
    assert enemy("neutral") == ""


def test_rulebook_example_one_coin_per_enemy_race_however_many_regions() -> None:
    """Horde Blood Elves land on an entry region of the Dwarves and take two regions of the
    Humans next to it: 2 faction coins (the Dwarves, the Humans)."""
    g = wc_game()
    give(g, 0, "blood_elves", "farming", hand=10)
    give(g, 1, "dwarves", "herbalist", {8: 1})
    give(g, 2, "humans", "mining", {9: 1, 10: 1})
    assert conquer(g, 0, 8, 9, 10)["faction:warcraft:horde"] == 2


def test_a_players_active_and_declined_races_are_two_races() -> None:
    g = wc_game()
    give(g, 0, "trolls", "farming", {8: 1}, hand=10)
    give(g, 1, "humans", "mining", {9: 1})
    give(g, 1, "dwarves", "herbalist", {10: 1}, declined=True)
    assert conquer(g, 0, 9, 10)["faction:warcraft:horde"] == 2


def test_neutral_races_and_murlocs_give_no_bonus() -> None:
    g = wc_game(murlocs=True)
    give(g, 0, "trolls", "farming", {8: 1}, hand=10)
    give(g, 1, "ethereals", "mining", {10: 1})
    assert g.neutral[9] == "warcraft:murloc"
    lines = conquer(g, 0, 9, 10)
    assert not any(label.startswith("faction:") for label in lines)


def test_a_neutral_race_earns_no_bonus() -> None:
    g = wc_game()
    give(g, 0, "ethereals", "farming", {8: 1}, hand=9)
    give(g, 1, "humans", "mining", {9: 1})
    give(g, 2, "orcs", "herbalist", {10: 1})
    lines = conquer(g, 0, 9, 10)
    assert not any(label.startswith("faction:") for label in lines)


def test_a_race_of_ones_own_faction_gives_no_bonus() -> None:
    g = wc_game()
    give(g, 0, "humans", "farming", {8: 1}, hand=9)
    give(g, 1, "dwarves", "mining", {9: 1})
    lines = conquer(g, 0, 9)
    assert not any(label.startswith("faction:") for label in lines)


def test_ones_own_declined_enemy_race_counts() -> None:
    """Ruling: the rule counts every enemy-faction race you took a region from."""
    g = wc_game()
    give(g, 0, "trolls", "farming", {8: 1}, hand=9)
    give(g, 0, "humans", "mining", {9: 1}, declined=True)
    assert conquer(g, 0, 9)["faction:warcraft:horde"] == 1


def test_the_bonus_counts_this_turn_only() -> None:
    g = wc_game()
    give(g, 0, "trolls", "farming", {8: 1}, hand=9)
    give(g, 1, "humans", "mining", {9: 1, 12: 1})
    assert conquer(g, 0, 9)["faction:warcraft:horde"] == 1
    lines = conquer(g, 0)
    assert "faction:warcraft:horde" not in lines


def test_the_bonus_is_the_data_tables_number(monkeypatch: pytest.MonkeyPatch) -> None:
    g = wc_game()
    monkeypatch.setitem(g.rules.table["rules"], "faction_bonus", 3)
    give(g, 0, "trolls", "farming", {8: 1}, hand=9)
    give(g, 1, "humans", "mining", {9: 1})
    assert conquer(g, 0, 9)["faction:warcraft:horde"] == 3


def test_content_may_change_the_side_and_the_coins_per_enemy_race() -> None:
    """The Battleground: a Neutral holder fights for the Horde; twice per enemy race."""
    g = wc_game()
    give(g, 0, "ethereals", "farming", {8: 1}, hand=9)
    g.hidden.remove("warcraft:battleground")
    g.move_item("warcraft:battleground", 8)
    give(g, 1, "humans", "mining", {9: 1, 10: 1})
    give(g, 2, "dwarves", "herbalist", {11: 1})
    begin_turn(g, 0)
    act(g, "side_with", list(entries("faction", "warcraft")).index("horde"))
    for r in (9, 10, 11):
        act(g, "conquer", r)
    assert breakdown(play_out(g), 0)["faction:warcraft:horde"] == 2 + 1


def test_regions_taken_from_a_faction_for_content_scoring_regions() -> None:
    g = wc_game()
    give(g, 0, "trolls", "farming", {8: 1}, hand=10)
    give(g, 1, "humans", "mining", {9: 1, 10: 1})
    give(g, 2, "ethereals", "herbalist", {11: 1})
    begin_turn(g, 0)
    for r in (9, 10, 11):
        act(g, "conquer", r)
    assert regions_taken_from(g, "alliance") == 2 and regions_taken_from(g, "neutral") == 1
    assert regions_taken_from(g, "horde") == 0
