"""The artifacts (5) and legendary places (7) of Small World of Warcraft, one scenario per
rule, worked out by hand from the rulebook (seed 000, "アーティファクトと伝説の地";
../shared/rules/warcraft.md §8) with the edge cases its text implies: turning up, being
conquered, decline, emptied regions.  Map: see test_seed_core.py.
"""

from __future__ import annotations

from invariants import check
from scenario import act, begin_turn, give, kinds, of, targets

from smallworld_tui.engine import GameState
from smallworld_tui.engine.bitset import NOBODY
from smallworld_tui.engine.conquest import Costs
from warcraft.helpers import breakdown, lay, lines, play_out, to_end, wc_game

W = "warcraft:"


def hidden_under(g: GameState, item: str, region: int) -> None:
    """Put marker ``item`` face down on ``region`` (from the box)."""
    g.hidden.remove(W + item)
    g.facedown[region] = W + item


# --- general ---------------------------------------------------------------------------------

def test_a_marker_turns_up_when_a_race_enters_and_serves_it_at_once() -> None:
    """Entering the region turns the marker face up for the rest of the game; the
    occupant uses it at once (Frostmourne in the same turn)."""
    g = wc_game()
    hidden_under(g, "frostmourne", 10)
    elves = give(g, 0, "blood_elves", "herbalist", {8: 1}, hand=6)
    begin_turn(g, 0)
    assert "frostmourne" not in kinds(g)
    events = act(g, "conquer", 10)
    assert of(events, "item_revealed")[0]["item"] == W + "frostmourne"
    assert 10 not in g.facedown and g.items[W + "frostmourne"] == 10
    act(g, "frostmourne")
    assert Costs(g, elves).of(12) == 1
    check(g)


def test_conquering_the_region_passes_the_artifact_and_an_emptied_region_keeps_it() -> None:
    g = wc_game()
    give(g, 1, "humans", "mining", {10: 2, 11: 1})
    lay(g, W + "frostmourne", 10)
    elves = give(g, 0, "blood_elves", "herbalist", {8: 1}, hand=8)
    begin_turn(g, 0)
    assert "frostmourne" not in kinds(g)
    act(g, "conquer", 10)
    assert "frostmourne" in kinds(g)
    play_out(g)
    play_out(g)  # the Humans
    begin_turn(g, 0)
    act(g, "abandon", 10)
    assert g.items[W + "frostmourne"] == 10 and g.region_army[10] == NOBODY
    assert "frostmourne" not in kinds(g) and elves.alive


def test_a_declined_race_gets_nothing_from_a_place_or_an_artifact() -> None:
    g = wc_game()
    give(g, 0, "blood_elves", "herbalist", {10: 1}, declined=True)
    lay(g, W + "dark_portal", 10)
    give(g, 0, "humans", "mining", {13: 1})
    begin_turn(g, 0)
    assert "place:warcraft:dark_portal" not in breakdown(play_out(g), 0)


# --- artifacts -------------------------------------------------------------------------------

def test_the_aegis_bars_attacks_and_powers_unless_the_owner_is_paid_two_coins() -> None:
    """At the end of the owner's turn the Aegis goes in one of the owner's regions; another
    player may neither attack it nor act on it with a power until paying the owner 2."""
    g = wc_game()
    give(g, 0, "humans", "mining", {10: 2, 11: 1})
    lay(g, W + "aegis_of_aggramar", 11)
    begin_turn(g, 0)
    to_end(g)
    assert targets(g, "aegis") == {10}
    act(g, "aegis", 10)
    assert g.items[W + "aegis_of_aggramar"] == 10
    give(g, 1, "trolls", "intimidating", {8: 1}, hand=8)
    assert g.seat == 1
    begin_turn(g, 1)
    assert 10 not in targets(g, "conquer") and 10 not in targets(g, "intimidate")
    coins = list(g.coins)
    act(g, "aegis_toll", 10)
    assert (g.coins[0], g.coins[1]) == (coins[0] + 2, coins[1] - 2)
    assert 10 in targets(g, "conquer") and 10 in targets(g, "intimidate")
    check(g)


def test_the_ashes_take_a_region_of_any_island_as_if_adjacent_at_its_normal_cost() -> None:
    g = wc_game()
    elves = give(g, 0, "blood_elves", "herbalist", {13: 2}, hand=6)
    lay(g, W + "ashes_of_alar", 13)
    give(g, 1, "humans", "mining", {10: 2})
    begin_turn(g, 0)
    assert 10 not in targets(g, "conquer")
    act(g, "ashes")
    assert Costs(g, elves).of(10) == 4 and Costs(g, elves).of(12) == 3  # Mountain
    act(g, "conquer", 10)
    assert g.items[W + "ashes_of_alar"] == 10 and "ashes" not in kinds(g)
    check(g)


def test_the_doomhammer_takes_a_region_with_one_token_for_two_coins() -> None:
    """To the bank when nobody held it before; to the previous owner afterwards — a player,
    the last other one who held it (the seed's 直前の所有者; ruling 128)."""
    g = wc_game()
    elves = give(g, 0, "blood_elves", "herbalist", {8: 1}, hand=3)
    give(g, 1, "humans", "mining", {10: 4})
    hidden_under(g, "doomhammer", 11)
    begin_turn(g, 0)
    act(g, "conquer", 11)  # found: nobody held it before
    coins = g.coins[0]
    act(g, "doomhammer", 10)
    assert g.coins[0] == coins - 2 and g.region_army[10] == elves.id
    assert g.region_tokens[10] == 1 and g.items[W + "doomhammer"] == 10
    play_out(g)
    orcs = give(g, 2, "orcs", "ranger", {12: 1}, hand=8)
    begin_turn(g, 2)
    act(g, "conquer", 10)
    coins = list(g.coins)
    act(g, "doomhammer", 9)
    assert g.coins[2] == coins[2] - 2 and g.coins[0] == coins[0] + 2
    assert g.region_army[9] == orcs.id
    check(g)


def test_frostmourne_takes_two_off_one_conquest_a_turn_never_below_one() -> None:
    g = wc_game()
    elves = give(g, 0, "blood_elves", "herbalist", {8: 1}, hand=8)
    lay(g, W + "frostmourne", 8)
    give(g, 1, "humans", "mining", {10: 3})
    begin_turn(g, 0)
    act(g, "frostmourne")
    assert Costs(g, elves).of(10) == 3 and Costs(g, elves).of(11) == 1
    act(g, "conquer", 10)
    assert g.items[W + "frostmourne"] == 10 and "frostmourne" not in kinds(g)
    assert Costs(g, elves).of(11) == 2
    check(g)


def test_the_heart_makes_each_opponent_with_an_active_race_next_to_it_pay_a_coin() -> None:
    g = wc_game()
    give(g, 0, "blood_elves", "herbalist", {10: 2, 13: 1})
    lay(g, W + "heart_of_azeroth", 13)
    give(g, 1, "humans", "mining", {9: 1, 11: 1})
    give(g, 2, "orcs", "ranger", {12: 1}, declined=True)
    give(g, 2, "trolls", "ranger", {16: 1})
    begin_turn(g, 0)
    to_end(g)
    coins = list(g.coins)
    act(g, "heart", 10)
    assert g.coins == [coins[0] + 1, coins[1] - 1, coins[2]]  # a declined race pays nothing
    check(g)


# --- legendary places ------------------------------------------------------------------------

def test_the_battleground_pays_the_faction_bonus_twice_per_enemy_race() -> None:
    g = wc_game()
    give(g, 0, "trolls", "herbalist", {8: 1}, hand=9)
    lay(g, W + "battleground", 8)
    give(g, 1, "humans", "mining", {9: 1, 10: 1, 11: 1})
    give(g, 2, "dwarves", "ranger", {12: 1})
    begin_turn(g, 0)
    for r in (9, 10, 11, 12):
        act(g, "conquer", r)
    assert lines(play_out(g), 0)["faction:warcraft:horde"] == 2 + 1


def test_a_neutral_race_on_the_battleground_sides_with_a_faction_for_the_turn() -> None:
    g = wc_game()
    give(g, 0, "naga", "herbalist", {8: 1}, hand=9)
    lay(g, W + "battleground", 8)
    give(g, 1, "humans", "mining", {9: 1, 10: 1, 13: 1})
    give(g, 2, "trolls", "ranger", {16: 1})
    begin_turn(g, 0)
    act(g, "side_with", list(g.rules.table["factions"]).index("horde"))
    act(g, "conquer", 9)
    act(g, "conquer", 10)
    assert lines(play_out(g), 0)["faction:warcraft:horde"] == 2
    play_out(g)  # the Humans
    play_out(g)  # the Trolls
    act(g, "conquer", 13)  # Neutral again: no side chosen this turn
    assert not any(k.startswith("faction:") for k in lines(play_out(g), 0))


def test_the_dark_portal_pays_two_at_the_end_of_the_turn() -> None:
    g = wc_game()
    give(g, 0, "blood_elves", "herbalist", {10: 1})
    lay(g, W + "dark_portal", 10)
    begin_turn(g, 0)
    assert lines(play_out(g), 0) == {"place:warcraft:dark_portal": 2}


def test_karazhan_pays_for_each_other_region_of_its_terrain() -> None:
    g = wc_game()
    give(g, 0, "blood_elves", "herbalist", {10: 1, 13: 1, 7: 1, 8: 1})
    lay(g, W + "karazhan", 10)
    begin_turn(g, 0)
    assert lines(play_out(g), 0) == {"place:warcraft:karazhan": 2}  # Farmlands 13 and 7


def test_the_chapels_race_loses_no_token_when_attacked_the_chapel_region_included() -> None:
    g = wc_game()
    humans = give(g, 1, "humans", "mining", {10: 2, 11: 1, 13: 1})
    lay(g, W + "lights_hope_chapel", 10)
    give(g, 0, "orcs", "herbalist", {8: 1}, hand=10)
    begin_turn(g, 0)
    first = of(act(g, "conquer", 11), "conquered")[0]
    second = of(act(g, "conquer", 10), "conquered")[0]
    assert (first["lost"], second["lost"], second["returned"]) == (0, 0, 2)
    assert humans.hand == 3
    check(g)


def test_the_meeting_stone_waives_the_travel_cost() -> None:
    g = wc_game()
    elves = give(g, 0, "blood_elves", "herbalist", {10: 1}, hand=6)
    lay(g, W + "meeting_stone", 10)
    assert Costs(g, elves).of(13) == 2 and Costs(g, elves).of(2) == 2


def test_the_spirit_healer_gives_an_active_race_a_token_at_redeployment() -> None:
    g = wc_game()
    elves = give(g, 0, "blood_elves", "herbalist", {10: 1}, hand=9)
    lay(g, W + "spirit_healer", 10)
    begin_turn(g, 0)
    act(g, "conquer", 11)
    assert elves.hand == 9 - 2 and g.tray[elves.race] == 0
    act(g, "end_conquest")
    assert elves.hand == 9 - 2 + 1  # lifted from 11: none left in the tray for the Healer
    g2 = wc_game()
    more = give(g2, 0, "blood_elves", "herbalist", {10: 1}, hand=4)
    lay(g2, W + "spirit_healer", 10)
    begin_turn(g2, 0)
    tray = g2.tray[more.race]
    act(g2, "end_conquest")
    assert more.hand == 4 + 1 and g2.tray[more.race] == tray - 1


def test_the_well_moves_to_water_and_pays_the_race_holding_most_regions_around_it() -> None:
    """Turned up, the Well moves to the lake of its island; at the end of a player's turn
    their race (active or declined) holding more regions next to it than any other race
    earns 2; a tie pays nobody."""
    g = wc_game()
    hidden_under(g, "well_of_eternity", 4)
    elves = give(g, 0, "blood_elves", "herbalist", {1: 1, 3: 1}, hand=6)
    give(g, 1, "humans", "mining", {7: 1}, declined=True)
    give(g, 1, "orcs", "ranger", {13: 1})
    begin_turn(g, 0)
    act(g, "conquer", 4)
    assert g.items[W + "well_of_eternity"] == 6 and elves.mask >> 4 & 1
    assert lines(play_out(g), 0)["place:warcraft:well_of_eternity"] == 2  # 3, 4 against 7
    assert g.seat == 1
    assert "place:warcraft:well_of_eternity" not in lines(play_out(g), 1)
    g.region_army[5], g.region_tokens[5] = g.region_army[7], 1  # the Humans take 5 as well
    g.armies[g.region_army[7]].mask |= 1 << 5
    g.tray["warcraft:humans"] -= 1
    begin_turn(g, 0)
    assert "place:warcraft:well_of_eternity" not in lines(play_out(g), 0)  # 2 against 2
