"""The 5 Artifacts and 7 Legendary Places of Small World of Warcraft: each item's rule, its
edge cases and our rulings (warcraft.md §4, §8, §11; docs/rulings.md, "Small World
of Warcraft", "Artifacts and legendary places").

Positions are built on the test islands (tests/maps/wc-test.map): island 0 is 0 farmland
(entry), 1 hill, 2 forest (entry), 3 mountain, 4 swamp+magic (marker), 5 hill (entry), 6 the
lake, 7 farmland+cavern; island 1 is 8 forest (entry), 9 swamp, 10 farmland (marker), 11 hill
(entry), 12 mountain; island 2 is 13 farmland (entry), 14 forest (entry), 15 hill (marker),
16 swamp.  Mountains stand on 3 and 12; Murlocs are cleared unless a test asks for them.
Places are revealed on marker regions (they never move); artifacts anywhere.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest
from invariants import check
from scenario import NAMES, act, begin_turn, give, kinds, of, targets

from smallworld_tui.engine import Action, GameState, IllegalAction, apply, legal_actions, ruleset
from smallworld_tui.engine import new_game as engine_new_game
from smallworld_tui.engine.bitset import NEUTRAL
from smallworld_tui.engine.conquest import Costs
from smallworld_tui.engine.phase import Phase
from smallworld_tui.engine.registry import ITEMS
from smallworld_tui.engine.state import Army
from smallworld_tui.engine.tables import entries
from warcraft.helpers import breakdown, play_out, wc_game

AEGIS, ASHES, HAMMER = "aegis_of_aggramar", "ashes_of_alar", "doomhammer"
FROST, HEART = "frostmourne", "heart_of_azeroth"
BATTLEGROUND, PORTAL, KARAZHAN = "battleground", "dark_portal", "karazhan"
CHAPEL, STONE, HEALER, WELL = ("lights_hope_chapel", "meeting_stone", "spirit_healer",
                               "well_of_eternity")
MURLOC = "warcraft:murloc"


def q(item: str) -> str:
    return f"warcraft:{item}"


def reveal(g: GameState, item: str, region: int) -> None:
    """Turn ``item`` face up in ``region`` (out of the box), as when a race enters there."""
    g.hidden.remove(q(item))
    g.reveal_item(q(item), region)
    g.events.clear()


def cost(g: GameState, army: Army, region: int) -> int:
    return Costs(g, army).of(region)


def set_coins(g: GameState, seat: int, coins: int) -> None:
    """Give ``seat`` exactly ``coins``, through the bank (coins stay conserved)."""
    if coins < g.coins[seat]:
        g.pay(seat, g.coins[seat] - coins)
    else:
        g.gain(seat, coins - g.coins[seat])


def refused(g: GameState, kind: str, target: int = -1) -> str:
    with pytest.raises(IllegalAction) as caught:
        act(g, kind, target)
    return str(caught.value)


def to_end(g: GameState) -> list:
    """End the turn's conquests and redeployments, up to the end-of-turn choices."""
    events = []
    if g.phase == Phase.CONQUER:
        events += act(g, "end_conquest")
    while g.phase in (Phase.REDEPLOY, Phase.DEFENDER):
        army = g.armies[g.turn.acting]
        if army.hand and army.mask:
            events += act(g, "deploy", min(r for r in range(17) if army.mask >> r & 1),
                          army.hand)
        events += act(g, "end_redeploy")
    return events


def test_every_artifact_and_place_is_registered_with_its_data_row() -> None:
    items = ruleset("warcraft").items
    assert len(items) == 12
    assert sum(ITEMS[i].kind == "artifact" for i in items) == 5
    assert sum(ITEMS[i].kind == "place" for i in items) == 7
    assert all(ITEMS[i].movable == (ITEMS[i].kind == "artifact" or i == q(WELL))
               for i in items)
    assert all(ITEMS[i].row["id"] == i.partition(":")[2] for i in items)


# --- items in general ----------------------------------------------------------------------------

def test_conquering_the_region_passes_the_item_on_for_use_at_once() -> None:
    g = wc_game()
    give(g, 1, "humans", "farming", {9: 3}, hand=3)
    reveal(g, FROST, 9)
    give(g, 0, "trolls", "herbalist", {8: 1}, hand=8)
    begin_turn(g, 0)
    assert "frostmourne" not in kinds(g)
    act(g, "conquer", 9)
    assert g.items[q(FROST)] == 9 and "frostmourne" in kinds(g)
    check(g)


def test_a_declined_race_gets_nothing_from_its_items() -> None:
    g = wc_game()
    give(g, 0, "humans", "farming", {10: 1, 9: 1}, declined=True)
    reveal(g, PORTAL, 10)
    reveal(g, FROST, 9)
    give(g, 0, "trolls", "herbalist", {8: 1}, hand=5)
    begin_turn(g, 0)
    assert "frostmourne" not in kinds(g)
    lines = breakdown(play_out(g), 0)
    assert "place:warcraft:dark_portal" not in lines
    check(g)


def test_an_item_adds_no_defence_and_alone_leaves_its_region_empty() -> None:
    g = wc_game()
    reveal(g, FROST, 9)
    trolls = give(g, 0, "trolls", "herbalist", {8: 1}, hand=5)
    begin_turn(g, 0)
    assert cost(g, trolls, 9) == 2
    act(g, "conquer", 9)
    assert not g.turn.nonempty and g.items[q(FROST)] == 9
    check(g)


def test_an_artifact_left_in_an_abandoned_region_stays_there_for_nobody() -> None:
    g = wc_game()
    trolls = give(g, 0, "trolls", "herbalist", {8: 1, 9: 2})
    reveal(g, FROST, 9)
    begin_turn(g, 0)
    act(g, "abandon", 9)
    assert g.items[q(FROST)] == 9 and not g.items_of(trolls)
    assert "frostmourne" not in kinds(g)
    check(g)


# --- Aegis of Aggramar ---------------------------------------------------------------------------

def aegis_game(coins: int = 5) -> GameState:
    """Seat 1's Humans hold the Aegis in 10; seat 0's Trolls next to it, to attack."""
    g = wc_game()
    give(g, 1, "humans", "farming", {10: 2, 11: 1})
    reveal(g, AEGIS, 10)
    give(g, 0, "trolls", "herbalist", {8: 1}, hand=8)
    set_coins(g, 0, coins)
    begin_turn(g, 0)
    return g


def test_the_aegis_region_cannot_be_attacked_before_the_toll_is_paid() -> None:
    g = aegis_game()
    assert 10 not in targets(g, "conquer") and 10 not in targets(g, "final")
    assert "lies under Aegis of Aggramar: pay its owner's toll" in refused(g, "conquer", 10)
    assert targets(g, "aegis_toll") == {10}
    events = act(g, "aegis_toll", 10)
    paid = of(events, "coins_paid")
    assert [(e.seat, e["payer"], e["coins"]) for e in paid] == [(1, 0, 2)]
    assert g.coins[:2] == [3, 7]
    assert "aegis_toll" not in kinds(g) and "decline" not in kinds(g)
    act(g, "conquer", 10)
    assert g.region_seat(10) == 0 and g.items[q(AEGIS)] == 10
    check(g)


def test_the_toll_buys_the_right_for_the_rest_of_the_turn_only() -> None:
    g = aegis_game()
    act(g, "aegis_toll", 10)
    act(g, "conquer", 9)
    assert 10 in targets(g, "conquer")
    assert "already paid the toll" in refused(g, "aegis_toll", 10)
    play_out(g)
    begin_turn(g, 0)
    assert 10 not in targets(g, "conquer") and targets(g, "aegis_toll") == {10}
    check(g)


def test_without_the_coins_for_the_toll_the_aegis_region_is_out_of_bounds() -> None:
    g = aegis_game(coins=1)
    assert "aegis_toll" not in kinds(g)
    assert "toll of Aegis of Aggramar is 2 coins; you have 1" in refused(g, "aegis_toll", 10)
    assert "Aegis of Aggramar" in refused(g, "conquer", 10)
    assert g.coins[0] == 1
    check(g)


def test_the_toll_is_offered_wherever_the_aegis_lies_and_a_raid_may_follow() -> None:
    """Paying lifts the immunity to powers too: a Gnome air raid, which reaches any island,
    may then name the Aegis region however far it lies."""
    g = wc_game()
    give(g, 1, "humans", "farming", {15: 2})
    reveal(g, AEGIS, 15)
    give(g, 0, "gnomes", "herbalist", {8: 1}, hand=8)
    begin_turn(g, 0)
    assert 15 not in targets(g, "air_raid")
    assert targets(g, "aegis_toll") == {15}
    assert "its toll is for that region" in refused(g, "aegis_toll", 14)
    act(g, "aegis_toll", 15)
    assert 15 in targets(g, "air_raid")
    g.dice = [2]
    act(g, "air_raid", 15)
    act(g, "conquer", 15)  # 2 + 2 Humans - 2 rolled, no travel cost
    assert g.region_seat(15) == 0 and g.items[q(AEGIS)] == 15
    check(g)


def test_after_the_toll_powers_and_items_help_against_the_aegis_region() -> None:
    """The toll lifts the immunity to all powers: Frostmourne's discount, the Doomhammer and
    the Meeting Stone's waived travel cost all act on the Aegis region once it is paid."""
    g = wc_game()
    give(g, 1, "humans", "farming", {13: 1, 16: 1})
    reveal(g, AEGIS, 13)
    trolls = give(g, 0, "trolls", "herbalist", {9: 1, 10: 1, 8: 1}, hand=8)
    reveal(g, STONE, 10)
    reveal(g, FROST, 9)
    reveal(g, HAMMER, 8)
    begin_turn(g, 0)
    assert 13 not in targets(g, "doomhammer")
    act(g, "aegis_toll", 13)
    assert cost(g, trolls, 13) == 2 + 1 - 1  # a Human, the Trolls' discount, no travel cost
    act(g, "frostmourne")
    assert cost(g, trolls, 13) == 1 and cost(g, trolls, 14) == 1
    assert {13, 14} <= targets(g, "doomhammer")
    act(g, "doomhammer", 13)
    assert g.region_seat(13) == 0
    check(g)


def test_the_owner_puts_the_aegis_in_one_of_its_regions_at_the_end_of_its_turn() -> None:
    g = wc_game()
    humans = give(g, 1, "humans", "farming", {10: 2, 11: 1, 12: 1}, hand=0)
    reveal(g, AEGIS, 10)
    give(g, 0, "trolls", "herbalist", {8: 1}, hand=8)
    begin_turn(g, 1)
    assert "placed at the end of your turn" in refused(g, "aegis", 11)
    to_end(g)
    assert g.phase == Phase.END and targets(g, "aegis") == {11, 12}
    assert "already lies in" in refused(g, "aegis", 10)
    events = act(g, "aegis", 11)
    assert g.items[q(AEGIS)] == 11 and of(events, "item_moved")
    assert g.seat == 2  # nothing left to choose: the turn passed
    begin_turn(g, 0)
    assert 10 in targets(g, "conquer") and 11 not in targets(g, "conquer")
    assert humans.mask >> 11 & 1
    check(g)


def test_a_declined_owner_gets_no_protection() -> None:
    g = wc_game()
    give(g, 1, "humans", "farming", {10: 1}, declined=True)
    reveal(g, AEGIS, 10)
    give(g, 0, "trolls", "herbalist", {8: 1}, hand=8)
    begin_turn(g, 0)
    assert 10 in targets(g, "conquer") and "aegis_toll" not in kinds(g)


def test_the_toll_is_paid_while_conquering() -> None:
    g = aegis_game()
    act(g, "end_conquest")
    assert g.phase == Phase.REDEPLOY
    assert "toll of Aegis of Aggramar is paid while you conquer" in refused(
        g, "aegis_toll", 10)


def test_the_owner_never_pays_its_own_toll() -> None:
    g = wc_game()
    give(g, 0, "humans", "farming", {10: 1}, declined=True)
    give(g, 0, "trolls", "herbalist", {11: 1, 12: 1}, hand=6)
    reveal(g, AEGIS, 11)
    begin_turn(g, 0)
    assert 10 in targets(g, "conquer")
    assert "Aegis of Aggramar is yours" in refused(g, "aegis_toll", 11)


# --- Ashes of Al'ar ------------------------------------------------------------------------------

def test_the_ashes_take_any_region_of_any_island_as_if_adjacent() -> None:
    g = wc_game()
    trolls = give(g, 0, "trolls", "herbalist", {1: 1, 2: 1}, hand=8)
    reveal(g, ASHES, 2)
    begin_turn(g, 0)
    assert 15 not in targets(g, "conquer") and cost(g, trolls, 13) == 3
    act(g, "ashes")
    assert 15 in targets(g, "conquer") and 10 in targets(g, "conquer")
    assert cost(g, trolls, 13) == 2  # an entry region, as if adjacent: no travel cost
    act(g, "conquer", 15)
    assert g.items[q(ASHES)] == 15 and trolls.hand == 6
    assert 16 in targets(g, "conquer") and 10 not in targets(g, "conquer")
    assert "was already used this turn" in refused(g, "ashes")
    check(g)


def test_the_ashes_never_reach_water_nor_waive_a_waived_travel_cost() -> None:
    g = wc_game()
    trolls = give(g, 0, "trolls", "herbalist", {15: 1, 4: 1}, hand=8)
    reveal(g, ASHES, 15)
    reveal(g, STONE, 4)
    begin_turn(g, 0)
    act(g, "ashes")
    assert 6 not in targets(g, "conquer")
    assert cost(g, trolls, 8) == 2  # the Meeting Stone waives it already: not below 2
    check(g)


def test_with_option_paid_the_ashes_cost_the_travel_cost_for_a_region_not_bordered() -> None:
    g = wc_game(ashes_travel_cost="paid")
    trolls = give(g, 0, "trolls", "herbalist", {1: 1, 2: 1}, hand=8)
    reveal(g, ASHES, 2)
    begin_turn(g, 0)
    assert cost(g, trolls, 13) == 3 and cost(g, trolls, 3) == 3  # ready or not
    act(g, "ashes")
    assert cost(g, trolls, 13) == 3 and cost(g, trolls, 15) == 3  # 2 + the travel cost
    assert cost(g, trolls, 3) == 3  # bordered: Mountain, no travel cost
    act(g, "conquer", 15)
    assert trolls.hand == 5 and g.items[q(ASHES)] == 15
    assert cost(g, trolls, 8) == 3  # used: the game's own travel cost only
    check(g)


def test_with_option_paid_a_rule_waiving_travel_still_waives_it_for_the_ashes() -> None:
    g = wc_game(ashes_travel_cost="paid")
    trolls = give(g, 0, "trolls", "sailor", {1: 1, 2: 1}, hand=8)
    reveal(g, ASHES, 2)
    begin_turn(g, 0)
    act(g, "ashes")
    assert cost(g, trolls, 15) == 2 and cost(g, trolls, 13) == 2
    check(g)


# --- Doomhammer ----------------------------------------------------------------------------------

def test_the_doomhammer_takes_a_region_with_one_token_for_two_coins_to_the_bank() -> None:
    g = wc_game()
    trolls = give(g, 0, "trolls", "herbalist", {10: 1}, hand=4)
    reveal(g, HAMMER, 10)
    humans = give(g, 1, "humans", "farming", {12: 4})
    begin_turn(g, 0)
    assert 12 in targets(g, "doomhammer")
    events = act(g, "doomhammer", 12)
    conquest = of(events, "conquered")[0]
    assert conquest["via"] == "doomhammer" and conquest["tokens"] == 1
    assert conquest["lost"] == 1 and humans.hand == 3
    assert g.region_tokens[12] == 1 and trolls.hand == 3
    assert g.items[q(HAMMER)] == 12
    paid = of(events, "coins_paid")[0]
    assert (paid.seat, paid["payer"], paid["coins"]) == (-1, 0, 2)
    assert g.coins[0] == 3 and g.to_bank == 2
    assert "doomhammer" not in kinds(g)
    assert "Doomhammer was already used this turn" in refused(g, "doomhammer", 11)
    check(g)


def test_the_doomhammer_pays_its_previous_owner() -> None:
    g = wc_game()
    g.hidden.remove(q(HAMMER))
    g.facedown[10] = q(HAMMER)
    give(g, 1, "humans", "farming", {11: 1}, hand=4)
    give(g, 0, "trolls", "herbalist", {8: 1}, hand=8)
    give(g, 2, "orcs", "mining", {12: 1}, hand=6)

    def hammer(seat: int, region: int) -> tuple[int, int]:
        paid = of(act(g, "doomhammer", region), "coins_paid")
        assert len(paid) == 1 and paid[0]["payer"] == seat
        return paid[0].seat, paid[0]["coins"]

    begin_turn(g, 1)
    act(g, "conquer", 10)  # the Humans find it: its first owner
    assert g.item_data[q(HAMMER)] == {"owner": 1, "previous": -1}
    play_out(g)
    begin_turn(g, 0)
    act(g, "conquer", 10)
    assert hammer(0, 9) == (1, 2)  # to the Humans' player
    play_out(g)
    begin_turn(g, 2)
    act(g, "conquer", 9)  # the hammer changes hands by conquest
    assert hammer(2, 10) == (0, 2)
    check(g)


def test_a_hammer_that_came_without_a_conquest_counts_at_its_holders_redeployment() -> None:
    """A theft (the Ethereals) moves the hammer into a race's region: its new holder is
    seen when it redeploys, so the next holder pays that player."""
    g = wc_game()
    give(g, 1, "humans", "farming", {11: 1})
    reveal(g, HAMMER, 11)
    g.item_data[q(HAMMER)] = {"owner": 1, "previous": -1}
    give(g, 0, "trolls", "herbalist", {10: 1, 9: 1}, hand=2)
    g.move_item(q(HAMMER), 9)  # as a theft would
    begin_turn(g, 0)
    act(g, "end_conquest")
    assert g.item_data[q(HAMMER)] == {"owner": 0, "previous": 1}
    play_out(g)
    give(g, 2, "orcs", "mining", {8: 4}, hand=4)
    begin_turn(g, 2)
    act(g, "conquer", 9)
    paid = of(act(g, "doomhammer", 10), "coins_paid")
    assert [(e.seat, e["payer"]) for e in paid] == [(0, 2)]
    check(g)


def test_the_doomhammer_needs_the_coins_and_takes_as_few_tokens_as_the_race_may() -> None:
    g = wc_game()
    tauren = give(g, 0, "tauren", "herbalist", {10: 2}, hand=3)
    reveal(g, HAMMER, 10)
    set_coins(g, 0, 1)
    begin_turn(g, 0)
    assert "doomhammer" not in kinds(g)
    assert "Doomhammer asks 2 coins for its previous owner; you have 1" in refused(
        g, "doomhammer", 11)
    set_coins(g, 0, 2)
    hand = tauren.hand
    act(g, "doomhammer", 11)
    assert g.region_tokens[11] == 2 and tauren.hand == hand - 2 and g.coins[0] == 0
    check(g)


# --- Frostmourne ---------------------------------------------------------------------------------

def test_frostmourne_takes_two_tokens_off_one_conquest_at_least_one() -> None:
    g = wc_game()
    trolls = give(g, 0, "orcs", "herbalist", {8: 1}, hand=8)
    reveal(g, FROST, 8)
    give(g, 1, "humans", "farming", {10: 3})
    begin_turn(g, 0)
    assert cost(g, trolls, 10) == 5 and cost(g, trolls, 9) == 2
    act(g, "frostmourne")
    assert cost(g, trolls, 10) == 3 and cost(g, trolls, 9) == 1
    assert "is ready: it goes with your next conquest" in refused(g, "frostmourne")
    act(g, "conquer", 10)
    assert trolls.hand == 5 and g.items[q(FROST)] == 10
    assert cost(g, trolls, 9) == 2
    check(g)


def test_frostmourne_stays_put_when_the_die_fails() -> None:
    g = wc_game()
    trolls = give(g, 0, "orcs", "herbalist", {8: 1}, hand=2)
    reveal(g, FROST, 8)
    give(g, 1, "humans", "farming", {10: 5})
    g.dice = [0]
    begin_turn(g, 0)
    act(g, "frostmourne")
    assert cost(g, trolls, 10) == 5
    act(g, "final", 10)
    assert g.items[q(FROST)] == 8 and g.region_army[10] == 1
    check(g)


# --- Heart of Azeroth ----------------------------------------------------------------------------

def test_the_heart_takes_a_coin_from_each_neighbouring_opponent_when_placed() -> None:
    g = wc_game(players=3)
    give(g, 0, "trolls", "herbalist", {10: 2, 13: 1})
    reveal(g, HEART, 13)
    give(g, 1, "humans", "farming", {9: 1})
    give(g, 1, "gnomes", "ranger", {8: 1}, declined=True)
    give(g, 2, "dwarves", "fishing", {12: 1}, declined=True)  # only a declined neighbour
    give(g, 2, "orcs", "mining", {16: 1})
    begin_turn(g, 0)
    to_end(g)
    assert targets(g, "heart") == {10, 13}
    events = act(g, "heart", 10)
    paid = of(events, "coins_paid")
    assert [(e.seat, e["payer"], e["coins"]) for e in paid] == [(0, 1, 1)]
    assert g.items[q(HEART)] == 10 and g.seat == 1  # placed once: the turn passed
    check(g)


def test_a_broke_neighbour_pays_nothing_for_the_heart() -> None:
    g = wc_game()
    give(g, 0, "trolls", "herbalist", {10: 2})
    reveal(g, HEART, 10)
    give(g, 1, "humans", "farming", {9: 1})
    set_coins(g, 1, 0)
    begin_turn(g, 0)
    to_end(g)
    assert not of(act(g, "heart", 10), "coins_paid") and g.coins[1] == 0
    check(g)


def test_the_heart_pays_where_it_lies_and_only_at_the_end_of_the_turn() -> None:
    g = wc_game()
    give(g, 0, "trolls", "herbalist", {10: 2})
    reveal(g, HEART, 10)
    give(g, 1, "humans", "farming", {9: 1, 11: 1})
    begin_turn(g, 0)
    assert "placed at the end of your turn" in refused(g, "heart", 10)
    to_end(g)
    act(g, "heart", 10)
    assert g.coins[:2] == [5 + 1 + 1, 4]  # region 10 scored 1; the Humans paid 1 once
    check(g)


# --- Battleground --------------------------------------------------------------------------------

def test_the_battleground_pays_the_faction_bonus_twice_per_enemy_race() -> None:
    g = wc_game()
    give(g, 0, "trolls", "herbalist", {10: 1}, hand=10)
    reveal(g, BATTLEGROUND, 10)
    give(g, 1, "humans", "farming", {9: 1, 11: 1})
    give(g, 2, "dwarves", "mining", {8: 1})
    begin_turn(g, 0)
    for r in (9, 11, 8):
        act(g, "conquer", r)
    assert breakdown(play_out(g), 0)["faction:warcraft:horde"] == 2 + 1
    check(g)


def test_a_neutral_race_on_the_battleground_sides_with_a_faction_for_the_turn() -> None:
    g = wc_game()
    naga = give(g, 0, "naga", "herbalist", {10: 1}, hand=10)
    reveal(g, BATTLEGROUND, 10)
    give(g, 1, "humans", "farming", {9: 1, 11: 1})
    begin_turn(g, 0)
    sides = list(entries("faction", "warcraft"))
    assert {sides[t] for t in targets(g, "side_with")} == {"alliance", "horde"}
    events = act(g, "side_with", sides.index("horde"))
    assert of(events, "side_chosen")[0]["faction"] == "horde"
    assert "side_with" not in kinds(g) and "decline" in kinds(g)
    assert "already sides with a faction" in refused(g, "side_with", sides.index("alliance"))
    act(g, "conquer", 9)
    act(g, "conquer", 11)
    assert breakdown(play_out(g), 0)["faction:warcraft:horde"] == 2
    begin_turn(g, 0)
    assert targets(g, "side_with") and naga.mask >> 10 & 1
    lines = breakdown(play_out(g), 0)
    assert not any(label.startswith("faction:") for label in lines)
    check(g)


def test_a_neutral_race_may_side_with_a_faction_while_redeploying() -> None:
    g = wc_game()
    give(g, 0, "naga", "herbalist", {10: 1}, hand=3)
    reveal(g, BATTLEGROUND, 10)
    give(g, 1, "orcs", "farming", {9: 1})
    begin_turn(g, 0)
    act(g, "conquer", 9)
    act(g, "end_conquest")
    alliance = list(entries("faction", "warcraft")).index("alliance")
    assert alliance in targets(g, "side_with")
    act(g, "side_with", alliance)
    assert breakdown(play_out(g), 0)["faction:warcraft:alliance"] == 1


def test_the_side_is_chosen_before_scoring() -> None:
    g = wc_game()
    give(g, 0, "naga", "herbalist", {10: 1})
    reveal(g, HEART, 10)
    g.hidden.remove(q(BATTLEGROUND))
    g.items[q(BATTLEGROUND)] = 10  # with the Heart, so that the turn stops after scoring
    begin_turn(g, 0)
    to_end(g)
    assert g.phase == Phase.END and "side_with" not in kinds(g)
    assert "sides with a faction while it conquers or redeploys" in refused(g, "side_with", 1)


def test_only_a_neutral_race_sides_with_a_faction() -> None:
    g = wc_game()
    give(g, 0, "trolls", "herbalist", {10: 1}, hand=3)
    reveal(g, BATTLEGROUND, 10)
    begin_turn(g, 0)
    assert "side_with" not in kinds(g)
    assert "only a Neutral race sides with a faction on Battleground" in refused(
        g, "side_with", 0)


# --- Dark Portal, Karazhan -----------------------------------------------------------------------

def test_the_dark_portal_pays_two_coins_to_its_active_holder() -> None:
    g = wc_game()
    give(g, 0, "trolls", "herbalist", {10: 1, 11: 1})
    reveal(g, PORTAL, 10)
    begin_turn(g, 0)
    assert breakdown(play_out(g), 0)["place:warcraft:dark_portal"] == 2


def test_karazhan_counts_the_other_regions_of_its_terrain() -> None:
    g = wc_game()
    give(g, 0, "trolls", "herbalist", {10: 1, 13: 1, 0: 1, 8: 1})
    reveal(g, KARAZHAN, 10)
    give(g, 0, "humans", "farming", {7: 1}, declined=True)  # a farmland of another race
    begin_turn(g, 0)
    assert breakdown(play_out(g), 0)["place:warcraft:karazhan"] == 2


def test_karazhan_counts_terrain_not_symbols() -> None:
    """Ruling: Magic is a symbol; Karazhan on a Magic swamp counts swamps."""
    g = wc_game()
    give(g, 0, "trolls", "herbalist", {4: 1, 9: 1, 16: 1, 1: 1})
    reveal(g, KARAZHAN, 4)
    begin_turn(g, 0)
    assert breakdown(play_out(g), 0)["place:warcraft:karazhan"] == 2


# --- Light's Hope Chapel -------------------------------------------------------------------------

def test_the_chapels_race_loses_no_token_even_for_the_chapels_own_region() -> None:
    g = wc_game()
    humans = give(g, 1, "humans", "farming", {10: 2, 9: 3})
    reveal(g, CHAPEL, 10)
    give(g, 0, "trolls", "herbalist", {8: 1}, hand=10)
    begin_turn(g, 0)
    first = of(act(g, "conquer", 9), "conquered")[0]
    second = of(act(g, "conquer", 10), "conquered")[0]
    assert (first["lost"], first["returned"]) == (0, 3)
    assert (second["lost"], second["returned"]) == (0, 2)
    assert humans.hand == 5 and humans.mask == 0
    check(g)


def test_the_chapel_does_not_spare_a_declined_race_or_another_race() -> None:
    g = wc_game()
    give(g, 1, "humans", "farming", {10: 1, 9: 1}, declined=True)
    reveal(g, CHAPEL, 10)
    give(g, 1, "orcs", "mining", {12: 3})
    give(g, 0, "trolls", "herbalist", {8: 1}, hand=10)
    begin_turn(g, 0)
    assert of(act(g, "conquer", 9), "conquered")[0]["lost"] == 1
    assert of(act(g, "conquer", 12), "conquered")[0]["lost"] == 1
    check(g)


# --- Meeting Stone, Spirit Healer ----------------------------------------------------------------

def test_the_meeting_stone_waives_the_travel_cost() -> None:
    g = wc_game()
    trolls = give(g, 0, "trolls", "herbalist", {10: 1}, hand=6)
    assert cost(g, trolls, 13) == 3
    reveal(g, STONE, 10)
    assert cost(g, trolls, 13) == 2 and cost(g, trolls, 2) == 2
    begin_turn(g, 0)
    act(g, "conquer", 13)
    assert trolls.hand == 4
    check(g)


def test_the_spirit_healer_gives_a_token_from_the_tray_at_redeployment() -> None:
    g = wc_game()
    trolls = give(g, 0, "trolls", "herbalist", {10: 1}, hand=2)
    reveal(g, HEALER, 10)
    begin_turn(g, 0)
    events = act(g, "end_conquest")
    gained = of(events, "tokens_gained")
    assert [(e["count"], e["reason"]) for e in gained] == [(1, q(HEALER))]
    assert trolls.hand == 3
    check(g)


def test_the_spirit_healer_gives_nothing_from_an_empty_tray() -> None:
    g = wc_game()
    trolls = give(g, 0, "trolls", "herbalist", {10: 1}, hand=2)
    reveal(g, HEALER, 10)
    trolls.hand += g.tray["warcraft:trolls"]
    g.tray["warcraft:trolls"] = 0
    begin_turn(g, 0)
    assert not of(act(g, "end_conquest"), "tokens_gained")
    check(g)


# --- Well of Eternity ----------------------------------------------------------------------------

def test_the_well_moves_to_the_lake_of_its_island_when_it_turns_up() -> None:
    g = wc_game()
    g.hidden.remove(q(WELL))
    g.facedown[4] = q(WELL)
    give(g, 0, "trolls", "herbalist", {1: 1}, hand=6)
    begin_turn(g, 0)
    events = act(g, "conquer", 4)
    assert g.items[q(WELL)] == 6
    assert [(e.seat, e["region"]) for e in of(events, "item_relocated")] == [(0, 6)]
    check(g)


def test_on_an_island_without_water_the_well_gives_way_to_another_place() -> None:
    g = wc_game()
    g.hidden = [q(FROST), q(WELL), q(HEART), q(PORTAL), q(KARAZHAN)]
    g.facedown[10] = q(WELL)
    g.hidden.remove(q(WELL))
    give(g, 0, "trolls", "herbalist", {8: 1}, hand=6)
    begin_turn(g, 0)
    events = act(g, "conquer", 10)
    assert [e["item"] for e in of(events, "item_revealed")] == [q(WELL), q(PORTAL)]
    assert of(events, "item_boxed")[0]["region"] == 10
    assert g.items == {q(PORTAL): 10}
    assert g.hidden == [q(FROST), q(HEART), q(KARAZHAN), q(WELL)]
    assert breakdown(play_out(g), 0)["place:warcraft:dark_portal"] == 2
    check(g)


def test_with_no_place_left_in_the_box_nothing_replaces_the_well() -> None:
    g = wc_game()
    g.hidden = [q(FROST)]
    g.facedown[15] = q(WELL)
    give(g, 0, "trolls", "herbalist", {13: 1}, hand=6)
    begin_turn(g, 0)
    act(g, "conquer", 15)
    assert not g.items and g.hidden == [q(FROST), q(WELL)]
    check(g)


def well_at_the_lake(g: GameState) -> None:
    g.hidden.remove(q(WELL))
    g.items[q(WELL)] = 6  # neighbours: 3, 4, 5, 7


def well_coins(g: GameState, seat: int) -> int:
    begin_turn(g, seat)
    return breakdown(play_out(g), seat).get("place:warcraft:well_of_eternity", 0)


def test_the_well_pays_the_player_whose_race_holds_most_regions_around_it() -> None:
    g = wc_game()
    well_at_the_lake(g)
    give(g, 0, "trolls", "herbalist", {3: 1, 4: 1})
    give(g, 1, "humans", "farming", {5: 1, 13: 1})
    assert well_coins(g, 0) == 2 and well_coins(g, 1) == 0
    check(g)


def test_a_declined_race_earns_the_well_too() -> None:
    g = wc_game()
    well_at_the_lake(g)
    give(g, 0, "trolls", "herbalist", {3: 1, 13: 1})
    give(g, 1, "humans", "farming", {4: 1, 5: 1}, declined=True)
    give(g, 1, "orcs", "mining", {7: 1})
    assert well_coins(g, 1) == 2 and well_coins(g, 0) == 0


def test_a_tie_at_the_well_pays_nobody_and_murlocs_count_as_a_race() -> None:
    g = wc_game()
    well_at_the_lake(g)
    give(g, 0, "trolls", "herbalist", {3: 1, 4: 1})
    give(g, 1, "humans", "farming", {5: 1, 7: 1})
    assert well_coins(g, 0) == 0 and well_coins(g, 1) == 0
    g = wc_game()
    well_at_the_lake(g)
    give(g, 0, "trolls", "herbalist", {3: 1, 4: 1})
    g.place_neutral(MURLOC, 5, 1)
    g.place_neutral(MURLOC, 7, 1)
    assert g.region_army[5] == NEUTRAL and well_coins(g, 0) == 0
    check(g)


# --- whole games ---------------------------------------------------------------------------------

def play_with_markers(board: str, players: int, seed: int, markers: list[str],
                      teams: bool) -> GameState:
    """A random Warcraft game whose face-down markers are ``markers``; invariants checked
    after every action, JSON round trips now and then."""
    g = engine_new_game(NAMES[:players], board, seed, {"teams": teams}, game="warcraft")
    pile = [m for m in (*g.facedown.values(), *g.hidden) if m not in markers]
    for region, marker in zip(sorted(g.facedown), markers, strict=True):
        g.facedown[region] = marker
    g.hidden = pile
    check(g)
    chooser = random.Random(seed)
    while not g.finished:
        choices = legal_actions(g)
        apply(g, choices[chooser.randrange(len(choices))], checked=True)
        check(g)
        if len(g.items) and chooser.random() < 0.05:  # the items' state survives JSON
            again = GameState.from_json(json.loads(g.dumps()))
            assert again.dumps() == g.dumps() and legal_actions(again) == legal_actions(g)
    return g


@pytest.mark.parametrize("group", range(4))
@pytest.mark.parametrize(("players", "teams"), [(2, False), (3, True), (5, False)])
def test_random_games_with_every_marker_keep_the_invariants(
        wc_map: Callable[[int], str], group: int, players: int, teams: bool) -> None:
    markers = sorted(ruleset("warcraft").items)[3 * group:3 * group + 3]
    turn = players % 3  # which island gets which marker (the Well of Eternity: with a lake)
    markers = markers[turn:] + markers[:turn]
    g = play_with_markers(wc_map(players), players, group, markers, teams)
    assert g.finished and g.items
    assert set(g.items) | set(g.hidden) | set(g.facedown.values()) == set(
        ruleset("warcraft").items)


def test_random_games_use_the_items_actions(wc_map: Callable[[int], str]) -> None:
    """Across a few random games each artifact's and the Battleground's choices come up."""
    seen: set[str] = set()
    for seed in range(6):
        g = engine_new_game(NAMES[:3], wc_map(3), seed, game="warcraft")
        g.hidden += g.facedown.values()
        g.facedown = {}
        chooser = random.Random(seed)
        for qid, region in zip((AEGIS, HEART, BATTLEGROUND), (4, 10, 15), strict=True):
            g.hidden.remove(q(qid))
            g.items[q(qid)] = region
        while not g.finished:
            choices = legal_actions(g)
            seen |= {a.kind for a in choices}
            action: Action = choices[chooser.randrange(len(choices))]
            apply(g, action, checked=True)
        check(g)
    assert {"aegis", "aegis_toll", "heart", "side_with"} <= seen
