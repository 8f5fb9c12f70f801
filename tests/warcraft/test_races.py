"""The 16 races of Small World of Warcraft: each racial rule, its edge cases and our rulings
(warcraft.md §6, §11; docs/rulings.md, "Small World of Warcraft", "Races").

Positions are built on the test islands (tests/maps/wc-test.map): island 0 — 0 farmland
(entry, Murloc), 1 hill, 2 forest (entry), 3 mountain, 4 swamp (magic, marker), 5 hill
(entry), 6 lake, 7 farmland (great cavern, Murloc); island 1 — 8 forest (entry), 9 swamp
(Murloc), 10 farmland (marker), 11 hill (entry), 12 mountain; island 2 — 13 farmland
(entry), 14 forest (entry), 15 hill (marker), 16 swamp.  The powers paired with a race have
no rule touching what a test looks at, unless the test is about that pairing.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from invariants import check
from scenario import NAMES, act, begin_turn, count, empty, give, kinds, of, put, targets

from smallworld_tui.engine import GameState, IllegalAction, imagine, legal_actions, new_game
from smallworld_tui.engine import apply as apply_action
from smallworld_tui.engine.bitset import NEUTRAL, NOBODY, bits
from smallworld_tui.engine.conquest import Costs, reach_mask
from smallworld_tui.engine.content.warcraft.powers import NOWHERE
from smallworld_tui.engine.content.warcraft.races import ALL, artifacts
from smallworld_tui.engine.observe import observe
from smallworld_tui.engine.phase import Phase
from smallworld_tui.engine.registry import POWERS, RACES
from smallworld_tui.engine.state import Army
from warcraft.helpers import (
    WC_TEST_MAP,
    breakdown,
    play_out,
    set_coins,
    to_end,
    wc_game,
    with_setup,
)

FROSTMOURNE, DOOMHAMMER = "warcraft:frostmourne", "warcraft:doomhammer"
DARK_PORTAL = "warcraft:dark_portal"
OBJECTIVE, BOMB, HARMONY = "warcraft:objective", "warcraft:bomb", "warcraft:harmony"
GOBLINS = "warcraft:goblins"


def cost(g: GameState, army: Army, region: int) -> int:
    return Costs(g, army).of(region)


def lay(g: GameState, item: str, region: int) -> None:
    """Put a marker face up in ``region``, from the box."""
    g.hidden.remove(item)
    g.move_item(item, region)


def picked(race: str, power: str = "farming") -> GameState:
    """Seat 0 of three has just taken ``race`` (top combo) on the test islands."""
    g = new_game(NAMES[:3], str(WC_TEST_MAP), 0, races=[race], powers=[power],
                 game="warcraft")
    for r, army in enumerate(g.region_army):
        if army == NEUTRAL:
            empty(g, r)
    g.hidden += g.facedown.values()
    g.facedown.clear()
    act(g, "pick", 0)
    return g


def discounted(monkeypatch: pytest.MonkeyPatch, tokens: int) -> str:
    """Blacksmith, taking ``tokens`` off every conquest."""
    monkeypatch.setitem(POWERS["warcraft:blacksmith"].row, "discount", tokens)
    return "blacksmith"


# --- Blood Elves ---------------------------------------------------------------------------

def test_blood_elves_score_a_coin_per_magic_region() -> None:
    g = wc_game()
    give(g, 0, "blood_elves", "farming", {4: 2, 1: 1})
    begin_turn(g, 0)
    assert breakdown(play_out(g), 0)["race:warcraft:blood_elves"] == 1
    check(g)


def test_declined_blood_elves_score_nothing_for_magic() -> None:
    g = wc_game()
    give(g, 0, "blood_elves", "farming", {4: 1}, declined=True)
    give(g, 0, "orcs", "herbalist", {8: 2})
    begin_turn(g, 0)
    assert "race:warcraft:blood_elves" not in breakdown(play_out(g), 0)
    check(g)


# --- Draenei -------------------------------------------------------------------------------

def test_draenei_keep_the_first_token_they_lose_in_each_opponent_turn() -> None:
    g = wc_game()
    draenei = give(g, 0, "draenei", "farming", {8: 3, 10: 2, 11: 2})
    give(g, 1, "orcs", "herbalist", {9: 1}, hand=10)
    begin_turn(g, 1)
    first = act(g, "conquer", 8)
    assert of(first, "conquered")[0]["lost"] == 0 and of(first, "conquered")[0]["returned"] == 3
    assert of(first, "token_saved")[0]["count"] == 1
    second = act(g, "conquer", 10)
    assert of(second, "conquered")[0]["lost"] == 1 and not of(second, "token_saved")
    play_out(g)
    assert g.tokens_on_board(draenei) == 2 + 3 + 1  # region 11 and both returned hands
    give(g, 2, "tauren", "mining", {12: 2}, hand=8)
    begin_turn(g, 2)
    assert of(act(g, "conquer", 11), "token_saved")  # a new opponent turn: kept again
    check(g)


def test_declined_draenei_keep_nothing() -> None:
    g = wc_game()
    give(g, 0, "draenei", "farming", {8: 2}, declined=True)
    give(g, 1, "orcs", "herbalist", {9: 1}, hand=10)
    begin_turn(g, 1)
    events = act(g, "conquer", 8)
    assert of(events, "conquered")[0]["lost"] == 2 and not of(events, "token_saved")
    check(g)


# --- Dwarves -------------------------------------------------------------------------------

def test_dwarves_take_mountains_for_two_tokens_fewer() -> None:
    g = wc_game()
    dwarves = give(g, 0, "dwarves", "farming", {1: 2}, hand=8)
    assert cost(g, dwarves, 3) == 1  # 2 + its Mountain - 2
    assert cost(g, dwarves, 4) == 2
    give(g, 1, "orcs", "herbalist", {3: 2})
    assert cost(g, dwarves, 3) == 3  # 2 + Mountain + 2 Orcs - 2
    check(g)


# --- Ethereals -----------------------------------------------------------------------------

def test_ethereals_steal_an_artifact_lying_next_to_them() -> None:
    g = wc_game()
    ethereals = give(g, 0, "ethereals", "farming", {1: 2, 2: 1}, hand=7)
    give(g, 1, "humans", "herbalist", {4: 2})
    lay(g, FROSTMOURNE, 4)  # a Human region next to theirs
    lay(g, DOOMHAMMER, 13)  # on another island
    lay(g, DARK_PORTAL, 7)  # a place, next to region 2: never stolen
    begin_turn(g, 0)
    frostmourne = artifacts().index(FROSTMOURNE)
    assert {(a.target, a.count) for a in legal_actions(g) if a.kind == "steal"} == {
        (frostmourne, 1), (frostmourne, 2)}
    events = act(g, "steal", frostmourne, 2)
    assert g.items[FROSTMOURNE] == 2 and ethereals.mask >> 2 & 1
    assert of(events, "artifact_stolen")[0].data == {"item": FROSTMOURNE, "source": 4,
                                                      "region": 2}
    assert not {"steal", "place_discount"} & kinds(g)
    with pytest.raises(IllegalAction, match="Ethereals use their rule once per turn"):
        act(g, "steal", frostmourne, 1)
    check(g)


def test_ethereals_steal_only_what_lies_next_to_them_into_their_own_regions() -> None:
    g = wc_game()
    give(g, 0, "ethereals", "farming", {1: 2}, hand=8)
    lay(g, DOOMHAMMER, 13)
    lay(g, FROSTMOURNE, 3)  # an empty Mountain region next to theirs
    begin_turn(g, 0)
    with pytest.raises(IllegalAction, match="does not lie next to one of your regions"):
        act(g, "steal", artifacts().index(DOOMHAMMER), 1)
    with pytest.raises(IllegalAction, match="in one of your own regions"):
        act(g, "steal", artifacts().index(FROSTMOURNE), 5)
    act(g, "steal", artifacts().index(FROSTMOURNE), 1)
    assert g.items[FROSTMOURNE] == 1
    check(g)


def test_ethereals_ready_their_discount_on_a_legendary_place_instead() -> None:
    g = wc_game()
    ethereals = give(g, 0, "ethereals", "farming", {1: 2}, hand=8)
    give(g, 1, "humans", "herbalist", {4: 2})
    lay(g, DARK_PORTAL, 4)
    lay(g, FROSTMOURNE, 3)
    begin_turn(g, 0)
    assert cost(g, ethereals, 4) == 4
    events = act(g, "place_discount")
    assert of(events, "discount_readied")
    assert cost(g, ethereals, 4) == 2 and cost(g, ethereals, 3) == 3  # places only
    assert "steal" not in kinds(g)  # one or the other
    with pytest.raises(IllegalAction, match="discount is ready"):
        act(g, "place_discount")
    act(g, "conquer", 4)
    assert ethereals.hand == 9 - 2
    with pytest.raises(IllegalAction, match="once per turn"):
        act(g, "place_discount")
    check(g)


def test_the_ethereals_discount_goes_with_their_next_conquest_whatever_it_takes() -> None:
    g = wc_game()
    ethereals = give(g, 0, "ethereals", "farming", {1: 2}, hand=8)
    lay(g, DARK_PORTAL, 4)
    begin_turn(g, 0)
    act(g, "place_discount")
    act(g, "conquer", 3)  # no place there: the discount is spent all the same
    assert cost(g, ethereals, 4) == 2 and "place_discount" not in kinds(g)
    check(g)


def test_no_ethereal_discount_offered_without_a_place_in_reach() -> None:
    g = wc_game()
    give(g, 0, "ethereals", "farming", {1: 2}, hand=8)
    lay(g, DARK_PORTAL, 15)  # neither next to them nor an entry region
    begin_turn(g, 0)
    assert "place_discount" not in kinds(g)
    with pytest.raises(IllegalAction, match="no region holding a face-up Legendary Place"):
        act(g, "place_discount")


# --- Forsaken ------------------------------------------------------------------------------

def forsaken_after_three_kills(hand: int = 12) -> tuple[GameState, Army]:
    """The Forsaken took a Murloc, an active Human region and a declined Orc region: each
    lost one token."""
    g = wc_game(murlocs=True)
    forsaken = give(g, 0, "forsaken", "farming", {10: 2}, hand=hand)
    give(g, 1, "humans", "herbalist", {11: 2})
    give(g, 2, "orcs", "mining", {12: 1}, declined=True)
    begin_turn(g, 0)
    for r in (9, 11, 12):
        act(g, "conquer", r)
    assert g.turn.lost[forsaken.id] == 3
    act(g, "end_conquest")
    return g, forsaken


def test_forsaken_buy_a_token_for_a_coin_per_token_their_conquests_destroyed() -> None:
    g, forsaken = forsaken_after_three_kills()
    assert targets(g, "recruit") == {1, 2, 3}
    coins, hand, tray = g.coins[0], forsaken.hand, g.tray[forsaken.race]
    events = act(g, "recruit", 2)
    assert of(events, "tokens_bought")[0].data == {"race": forsaken.race, "count": 2,
                                                    "coins": 2}
    assert g.coins[0] == coins - 2 and forsaken.hand == hand + 2
    assert g.tray[forsaken.race] == tray - 2
    assert targets(g, "recruit") == {1}
    check(g)


def test_forsaken_buy_no_more_than_their_coins_and_the_tray_allow() -> None:
    g, _ = forsaken_after_three_kills(hand=17)  # one token left in the tray
    assert targets(g, "recruit") == {1}
    with pytest.raises(IllegalAction, match="at most 1 tokens"):
        act(g, "recruit", 2)
    g, _ = forsaken_after_three_kills()
    set_coins(g, 0, 2)
    assert targets(g, "recruit") == {1, 2}


def test_forsaken_raise_nothing_from_empty_regions_nor_while_conquering() -> None:
    g = wc_game()
    give(g, 0, "forsaken", "farming", {10: 2}, hand=6)
    begin_turn(g, 0)
    act(g, "conquer", 11)
    with pytest.raises(IllegalAction, match="when they redeploy"):
        act(g, "recruit", 1)
    act(g, "end_conquest")
    assert "recruit" not in kinds(g)
    with pytest.raises(IllegalAction, match="may raise no token"):
        act(g, "recruit", 1)
    check(g)


# --- Gnomes --------------------------------------------------------------------------------

def test_gnomes_air_raid_any_region_treated_as_adjacent_for_the_roll_less() -> None:
    g = wc_game()
    gnomes = give(g, 0, "gnomes", "farming", {13: 2}, hand=8)
    give(g, 1, "orcs", "herbalist", {10: 3})
    begin_turn(g, 0)
    assert not reach_mask(g, gnomes) >> 10 & 1 and 10 in targets(g, "air_raid")
    g.dice = [2]
    events = act(g, "air_raid", 10)
    assert of(events, "air_raid")[0].data == {"race": gnomes.race, "region": 10, "value": 2}
    assert cost(g, gnomes, 10) == 2 + 3 - 2 and cost(g, gnomes, 14) == 2
    act(g, "conquer", 10)
    assert gnomes.hand == 9 - 3 and "air_raid" not in kinds(g)
    with pytest.raises(IllegalAction, match="once per turn"):
        act(g, "air_raid", 14)
    check(g)


def test_an_air_raid_on_a_distant_entry_region_pays_no_travel_cost() -> None:
    g = wc_game()
    gnomes = give(g, 0, "gnomes", "farming", {13: 2}, hand=8)
    begin_turn(g, 0)
    assert cost(g, gnomes, 8) == 3  # landing from the sea
    g.dice = [0]
    act(g, "air_raid", 8)
    assert cost(g, gnomes, 8) == 2
    check(g)


def test_an_air_raid_may_be_the_gnomes_first_conquest() -> None:
    g = wc_game()
    gnomes = give(g, 0, "gnomes", "farming", hand=10)
    begin_turn(g, 0)
    assert 1 not in targets(g, "conquer")  # not an entry region
    g.dice = [1]
    act(g, "air_raid", 1)
    assert cost(g, gnomes, 1) == 1
    act(g, "conquer", 1)
    assert gnomes.mask == 1 << 1
    check(g)


def test_an_air_raid_that_is_the_final_conquest_rolls_twice() -> None:
    g = wc_game()
    gnomes = give(g, 0, "gnomes", "farming", {13: 1}, hand=2)
    give(g, 1, "orcs", "herbalist", {10: 4})
    begin_turn(g, 0)
    g.dice = [1, 3]
    act(g, "air_raid", 10)  # 6 - 1 = 5 with 2 in hand: 3 short
    assert 10 in targets(g, "final") and 10 not in targets(g, "conquer")
    events = act(g, "final", 10)
    assert of(events, "die_rolled")[0]["value"] == 3 and gnomes.mask >> 10 & 1
    check(g)


def test_the_air_raid_lapses_once_the_gnomes_conquer_elsewhere() -> None:
    g = wc_game()
    gnomes = give(g, 0, "gnomes", "farming", {13: 2}, hand=8)
    begin_turn(g, 0)
    g.dice = [3]
    act(g, "air_raid", 10)
    act(g, "conquer", 14)
    assert not reach_mask(g, gnomes) >> 10 & 1 and "air_raid" not in kinds(g)
    check(g)


def test_no_air_raid_on_water_nor_beyond_the_best_rolls() -> None:
    g = wc_game()
    give(g, 0, "gnomes", "farming", {5: 2}, hand=1)
    give(g, 1, "tauren", "herbalist", {1: 8})
    begin_turn(g, 0)
    raids = targets(g, "air_raid")
    assert 6 not in raids and 1 not in raids and 3 in raids
    with pytest.raises(IllegalAction, match="water"):
        act(g, "air_raid", 6)
    with pytest.raises(IllegalAction, match="even the best rolls"):
        act(g, "air_raid", 1)
    check(g)


# --- Goblins -------------------------------------------------------------------------------

def stack(g: GameState, *top: int) -> None:
    """Order the bomb pile so that its top bombs are ``top`` (first drawn first)."""
    pile = g.item_data[GOBLINS]["pile"]
    for depth, value in enumerate(top, start=1):
        k = next(i for i in range(len(pile) - depth, -1, -1) if pile[i] == value)
        pile[k], pile[-depth] = pile[-depth], pile[k]


def live_bomb(g: GameState, region: int) -> None:
    """An exploding bomb from the pile lies in ``region``, to turn up next Goblin turn."""
    data = g.item_data[GOBLINS]
    data["pile"].remove(1)
    data["placed"].append([region, 1])
    put(g, "bomb", region)
    check(g)


def test_the_bomb_pile_is_shuffled_once_when_the_goblins_are_first_taken() -> None:
    g = picked("goblins")
    data = g.item_data[GOBLINS]
    assert sorted(data["pile"]) == [0] * 6 + [1] * 6
    assert data["placed"] == [] and data["seen"] == [0, 0]
    before = list(data["pile"])
    RACES[GOBLINS].on_picked(g, g.armies[0])  # Goblins taken again later: the same pile
    assert g.item_data[GOBLINS] is data and data["pile"] == before
    piles = {tuple(picked("goblins").item_data[GOBLINS]["pile"])}
    for seed in range(1, 6):
        g = new_game(NAMES[:3], str(WC_TEST_MAP), seed, races=["goblins"], game="warcraft")
        act(g, "pick", 0)
        piles.add(tuple(g.item_data[GOBLINS]["pile"]))
    assert len(piles) > 1


def goblin_neighbours() -> tuple[GameState, Army, Army]:
    """Goblins in 8 and 10; the Humans' active race in 9 and 11; a declined race in 12."""
    g = wc_game()
    goblins = with_setup(g, 0, "goblins", "farming", {8: 2, 10: 2}, hand=4)
    humans = give(g, 1, "humans", "herbalist", {9: 1, 11: 3})
    give(g, 2, "naga", "mining", {12: 1}, declined=True)
    return g, goblins, humans


def test_goblins_lay_bombs_next_to_opponents_active_races_at_the_end_of_their_turn() -> None:
    g, _, _ = goblin_neighbours()
    begin_turn(g, 0)
    with pytest.raises(IllegalAction, match="at the end of their turn"):
        act(g, "bomb", 9)
    to_end(g)
    assert targets(g, "bomb") == {9, 11}
    pile = len(g.item_data[GOBLINS]["pile"])
    events = act(g, "bomb", 9)
    assert of(events, "piece_placed")[0].data == {"piece": BOMB, "region": 9}
    assert count(g, "bomb", 9) == 1 and len(g.item_data[GOBLINS]["pile"]) == pile - 1
    assert targets(g, "bomb") == {11}
    with pytest.raises(IllegalAction, match="a bomb already lies"):
        act(g, "bomb", 9)
    act(g, "end_turn")
    check(g)


def test_no_bomb_on_water_nor_on_declined_or_own_regions() -> None:
    g = wc_game()
    with_setup(g, 0, "goblins", "farming", {5: 2, 3: 2}, hand=4)
    give(g, 0, "orcs", "herbalist", {0: 1}, declined=True)
    give(g, 1, "naga", "mining", {6: 1})
    give(g, 2, "humans", "ranger", {1: 1, 4: 1})
    begin_turn(g, 0)
    to_end(g)
    assert targets(g, "bomb") == {1, 4}
    with pytest.raises(IllegalAction, match="water"):
        act(g, "bomb", 6)


def test_bombs_turn_up_at_the_start_of_the_next_goblin_turn() -> None:
    g, _, humans = goblin_neighbours()
    begin_turn(g, 0)
    to_end(g)
    stack(g, 1, 0)
    act(g, "bomb", 9)  # exploding
    act(g, "bomb", 11)  # a dud
    play_out(g)  # the Humans' turn: 3 tokens in 9, 1 in 11
    events = begin_turn(g, 0)
    revealed = {e["region"]: e for e in of(events, "bomb_revealed")}
    assert not revealed[11]["exploding"] and g.region_army[11] == humans.id
    blast = revealed[9]
    assert blast["exploding"] and (blast["lost"], blast["returned"]) == (1, 2)
    assert blast["defender_seat"] == 1 and blast["defender_race"] == humans.race
    assert g.region_army[9] == NOBODY and humans.hand == 2
    assert not g.pieces.mask(BOMB) and g.item_data[GOBLINS]["seen"] == [1, 1]
    assert humans.id in g.turn.defenders  # they redeploy at the end of the Goblins' turn
    events = play_out(g)
    assert breakdown(events, 0)["faction:warcraft:horde"] == 1  # the explosion was their conquest
    assert [(e.seat, e["count"]) for e in of(events, "deployed")][-1] == (1, 2)
    check(g)


def test_a_bomb_whose_region_was_emptied_goes_back_on_the_pile_unseen() -> None:
    g, _, _ = goblin_neighbours()
    begin_turn(g, 0)
    to_end(g)
    stack(g, 1)
    act(g, "bomb", 9)
    act(g, "end_turn")
    begin_turn(g, 1)
    pile = len(g.item_data[GOBLINS]["pile"])
    events = act(g, "abandon", 9)
    assert of(events, "bomb_returned")[0]["region"] == 9 and not count(g, "bomb", 9)
    data = g.item_data[GOBLINS]
    assert len(data["pile"]) == pile + 1 and data["pile"][-1] == 1 and data["seen"] == [0, 0]
    play_out(g)
    events = begin_turn(g, 0)
    assert not of(events, "bomb_returned") and not of(events, "bomb_revealed")
    check(g)


def test_a_bomb_still_blows_up_a_race_that_declined_since() -> None:
    g, _, _ = goblin_neighbours()
    begin_turn(g, 0)
    to_end(g)
    stack(g, 1)
    act(g, "bomb", 11)
    act(g, "end_turn")
    begin_turn(g, 1)
    act(g, "decline")
    events = begin_turn(g, 0)
    blast = of(events, "bomb_revealed")[0]
    assert blast["exploding"] and blast["defender_declined"] and g.region_army[11] == NOBODY
    check(g)


def test_an_exploding_bomb_spares_the_draenei_their_first_token() -> None:
    g = wc_game()
    with_setup(g, 0, "goblins", "farming", {8: 2}, hand=4)
    draenei = give(g, 1, "draenei", "herbalist", {9: 1})
    live_bomb(g, 9)
    events = begin_turn(g, 0)
    assert of(events, "token_saved") and draenei.hand == 1 and draenei.mask == 0
    check(g)


def test_going_into_decline_comes_after_the_bombs_turned_up() -> None:
    g, goblins, _ = goblin_neighbours()
    begin_turn(g, 0)
    to_end(g)
    act(g, "bomb", 9)
    act(g, "bomb", 11)
    events = begin_turn(g, 0)
    assert len(of(events, "bomb_revealed")) == 2
    act(g, "decline")
    assert goblins.declined and not g.pieces.mask(BOMB)
    assert not g.item_data[GOBLINS]["placed"]
    check(g)


def test_nobody_sees_which_bombs_explode_and_imagined_games_reshuffle_them() -> None:
    g, _, _ = goblin_neighbours()
    begin_turn(g, 0)
    to_end(g)
    act(g, "bomb", 9)
    act(g, "bomb", 11)
    truth = g.item_data[GOBLINS]
    for seat in (0, 1, -1):
        seen = observe(g, seat)["item_data"][GOBLINS]
        assert seen == {"pile": [-1] * 10, "placed": [[9, -1], [11, -1]], "seen": [0, 0]}
    assert truth["placed"][0][1] in (0, 1)  # the real state is untouched
    layouts = set()
    for seed in range(12):
        world = imagine(observe(g, 1), seed)
        check(world)
        data = world.item_data[GOBLINS]
        assert [r for r, _ in data["placed"]] == [9, 11]
        layouts.add((tuple(data["pile"]), tuple(v for _, v in data["placed"])))
    assert len(layouts) > 1


# --- Humans --------------------------------------------------------------------------------

def test_humans_place_their_two_objectives_on_regions_no_alliance_race_holds() -> None:
    g = wc_game()
    humans = with_setup(g, 0, "humans", "farming", {8: 2}, hand=3)
    give(g, 1, "dwarves", "herbalist", {10: 1})
    give(g, 2, "orcs", "mining", {11: 1})
    assert humans.reserve == {OBJECTIVE: 2}
    begin_turn(g, 0)
    with pytest.raises(IllegalAction, match="at the end of their turn"):
        act(g, "objective", 11)
    to_end(g)
    assert targets(g, "objective") == set(range(17)) - {6, 8, 10}
    act(g, "objective", 11)
    act(g, "objective", 12)
    assert g.pieces.mask(OBJECTIVE) == 1 << 11 | 1 << 12 and humans.reserve[OBJECTIVE] == 0
    assert g.phase == Phase.CONQUER and g.seat == 1  # nothing left to choose: next turn
    check(g)


def test_humans_may_pick_up_an_objective_to_move_it() -> None:
    g = wc_game()
    humans = with_setup(g, 0, "humans", "farming", {8: 2}, hand=3)
    put(g, "objective", 11)
    put(g, "objective", 12)
    humans.reserve[OBJECTIVE] = 0
    begin_turn(g, 0)
    to_end(g)
    assert targets(g, "recall_objective") == {11, 12} and "objective" not in kinds(g)
    with pytest.raises(IllegalAction, match="pick one up first"):
        act(g, "objective", 9)
    act(g, "recall_objective", 12)
    act(g, "objective", 9)
    assert targets(g, "recall_objective") == {11}  # the moved one stays this turn
    with pytest.raises(IllegalAction, match="placed this turn"):
        act(g, "recall_objective", 9)
    check(g)


def objectives_on_11() -> tuple[GameState, Army]:
    g = wc_game()
    humans = with_setup(g, 0, "humans", "farming", {8: 2}, hand=3)
    put(g, "objective", 11)
    humans.reserve[OBJECTIVE] = 1
    return g, humans


def test_a_non_horde_conqueror_of_an_objective_earns_coins_and_so_do_the_humans() -> None:
    g, humans = objectives_on_11()
    give(g, 1, "naga", "herbalist", {10: 2}, hand=5)
    begin_turn(g, 1)
    before = list(g.coins)
    events = act(g, "conquer", 11)
    assert g.coins[1] == before[1] + 2 and g.coins[0] == before[0] + 2
    assert of(events, "objective_reached")[0].data == {"region": 11, "by": 1}
    assert not count(g, "objective", 11) and humans.reserve[OBJECTIVE] == 2
    check(g)


def test_the_humans_reaching_their_own_objective_earn_once() -> None:
    g, humans = objectives_on_11()
    begin_turn(g, 0)
    coins = g.coins[0]
    act(g, "conquer", 11)
    assert g.coins[0] == coins + 2 and humans.reserve[OBJECTIVE] == 2
    check(g)


def test_a_horde_conqueror_earns_nothing_and_the_objective_stays() -> None:
    g, humans = objectives_on_11()
    give(g, 1, "orcs", "herbalist", {10: 2}, hand=5)
    begin_turn(g, 1)
    before = list(g.coins)
    events = act(g, "conquer", 11)
    assert g.coins == before and not of(events, "objective_reached")
    assert count(g, "objective", 11) == 1 and humans.reserve[OBJECTIVE] == 1
    check(g)


def test_the_objectives_leave_the_map_when_the_humans_decline() -> None:
    g, humans = objectives_on_11()
    begin_turn(g, 0)
    events = act(g, "decline")
    assert not g.pieces.mask(OBJECTIVE) and OBJECTIVE not in humans.reserve
    assert of(events, "piece_removed")[0].data == {"piece": OBJECTIVE, "region": 11}
    check(g)


# --- Kobolds -------------------------------------------------------------------------------

def test_kobolds_attack_any_great_cavern_as_if_adjacent() -> None:
    g = wc_game()
    kobolds = give(g, 0, "kobolds", "farming", {13: 2}, hand=6)
    begin_turn(g, 0)
    assert 7 in targets(g, "conquer") and cost(g, kobolds, 7) == 2
    assert 4 not in targets(g, "conquer")
    check(g)


def test_kobolds_enter_the_map_through_a_great_cavern_for_no_travel_cost() -> None:
    g = wc_game(murlocs=True)
    kobolds = give(g, 0, "kobolds", "farming", hand=11)
    begin_turn(g, 0)
    assert 7 in targets(g, "conquer") and cost(g, kobolds, 7) == 3  # 2 and its Murloc
    assert cost(g, kobolds, 5) == 3  # an entry region still pays it
    act(g, "conquer", 7)
    check(g)


# --- Naga ----------------------------------------------------------------------------------

def test_naga_enter_on_a_lake_for_two_and_spread_to_the_shore() -> None:
    g = wc_game()
    naga = give(g, 0, "naga", "farming", hand=10)
    begin_turn(g, 0)
    assert 6 in targets(g, "conquer") and cost(g, naga, 6) == 2
    act(g, "conquer", 6)
    assert {3, 4, 5, 7} <= targets(g, "conquer")
    check(g)


def test_declined_naga_stay_on_the_water() -> None:
    g = wc_game()
    naga = give(g, 0, "naga", "farming", {6: 3, 5: 2})
    begin_turn(g, 0)
    act(g, "decline")
    assert naga.declined and g.region_army[6] == naga.id and g.region_tokens[6] == 1
    check(g)


def test_no_race_but_the_naga_takes_a_lake() -> None:
    g = wc_game()
    give(g, 0, "orcs", "farming", {5: 3}, hand=5)
    begin_turn(g, 0)
    with pytest.raises(IllegalAction, match="only the Naga may conquer"):
        act(g, "conquer", 6)


# --- Night Elves ---------------------------------------------------------------------------

def test_night_elves_take_forests_for_one_less_and_raise_a_wisp_wall() -> None:
    g = wc_game()
    elves = give(g, 0, "night_elves", "farming", {1: 2}, hand=7)
    begin_turn(g, 0)
    assert cost(g, elves, 2) == 1 and cost(g, elves, 4) == 2
    events = act(g, "conquer", 2)
    assert of(events, "piece_placed")[0].data == {"piece": "warcraft:wisp_wall", "region": 2}
    act(g, "conquer", 4)
    assert count(g, "wisp_wall", 2) == 1 and count(g, "wisp_wall", 4) == 0
    check(g)


def test_wisp_walls_defend_stay_in_decline_and_fall_with_their_region() -> None:
    g = wc_game()
    elves = give(g, 0, "night_elves", "farming", {8: 3, 11: 2})
    put(g, "wisp_wall", 8)
    begin_turn(g, 0)
    act(g, "decline")
    assert count(g, "wisp_wall", 8) == 1
    orcs = give(g, 1, "orcs", "herbalist", {10: 1}, hand=9)
    begin_turn(g, 1)
    assert cost(g, orcs, 8) == 2 + 1 + 1  # one declined Elf and the wall
    act(g, "conquer", 8)
    assert count(g, "wisp_wall", 8) == 0 and elves.mask == 1 << 11
    check(g)


def test_an_abandoned_forest_loses_its_wisp_wall_and_the_box_limits_them() -> None:
    g = wc_game()
    elves = give(g, 0, "night_elves", "farming", {8: 2, 11: 2}, hand=5)
    put(g, "wisp_wall", 8)
    begin_turn(g, 0)
    act(g, "abandon", 8)
    assert count(g, "wisp_wall", 8) == 0
    put(g, "wisp_wall", 11, g.pieces.free("warcraft:wisp_wall"))
    act(g, "conquer", 14)
    assert count(g, "wisp_wall", 14) == 0 and elves.mask >> 14 & 1
    check(g)


# --- Orcs ----------------------------------------------------------------------------------

def test_orcs_earn_a_coin_per_alliance_region_on_top_of_the_faction_bonus() -> None:
    g = wc_game()
    give(g, 0, "orcs", "farming", {11: 2}, hand=9)
    give(g, 1, "humans", "herbalist", {8: 1, 10: 1})
    give(g, 2, "naga", "mining", {12: 1})
    begin_turn(g, 0)
    for r in (8, 10, 12):
        act(g, "conquer", r)
    lines = breakdown(play_out(g), 0)
    assert lines["race:warcraft:orcs"] == 2 and lines["faction:warcraft:horde"] == 1
    check(g)


# --- Pandaren ------------------------------------------------------------------------------

def test_pandaren_give_harmony_to_players_they_did_not_attack(
        wc_map: Callable[[int], str]) -> None:
    g = wc_game(4, wc_map(4))
    pandaren = give(g, 0, "pandaren", "farming", {8: 2}, hand=8)
    give(g, 1, "humans", "herbalist", {10: 1})
    give(g, 2, "orcs", "mining", {14: 2})
    begin_turn(g, 0)
    act(g, "conquer", 10)
    events = play_out(g)
    # seat 1 was attacked; seat 2 was not; seat 3 has not taken a race yet
    assert of(events, "harmony_given")[0]["seats"] == [2, 3]
    assert pandaren.extra[HARMONY] == 0b1100
    events = begin_turn(g, 0)
    assert of(events, "harmony_returned") and HARMONY not in pandaren.extra
    check(g)


def test_a_harmony_holder_pays_the_pandaren_once_per_turn_to_attack_them() -> None:
    g = wc_game()
    pandaren = give(g, 0, "pandaren", "farming", {8: 1, 10: 1})
    pandaren.extra[HARMONY] = 1 << 1
    give(g, 1, "orcs", "herbalist", {11: 2}, hand=9)
    begin_turn(g, 1)
    before = list(g.coins)
    events = act(g, "conquer", 10)
    act(g, "conquer", 8)
    assert g.coins[0] == before[0] + 2 and g.coins[1] == before[1] - 2
    assert of(events, "coins_paid")[0].data == {"payer": 1, "coins": 2,
                                                 "reason": "warcraft:pandaren"}
    check(g)


def test_a_harmony_holder_without_the_coins_may_not_attack_the_pandaren() -> None:
    g = wc_game()
    pandaren = give(g, 0, "pandaren", "farming", {10: 1})
    pandaren.extra[HARMONY] = 1 << 1 | 1 << 2
    orcs = give(g, 1, "orcs", "herbalist", {11: 2}, hand=9)
    set_coins(g, 1, 1)
    begin_turn(g, 1)
    assert not reach_mask(g, orcs) >> 10 & 1
    with pytest.raises(IllegalAction, match="you hold their Harmony"):
        act(g, "conquer", 10)
    set_coins(g, 1, 2)
    assert 10 in targets(g, "conquer")
    pandaren.extra[HARMONY] = 1 << 2  # a player without Harmony pays nothing
    coins = g.coins[1]
    act(g, "conquer", 10)
    assert g.coins[1] == coins
    check(g)


def test_a_harmony_holder_pays_when_a_bomb_of_theirs_blows_up_a_pandaren_region() -> None:
    g = wc_game()
    with_setup(g, 0, "goblins", "farming", {8: 2}, hand=4)
    pandaren = give(g, 1, "pandaren", "herbalist", {9: 2, 10: 1})
    pandaren.extra[HARMONY] = 1 << 0
    live_bomb(g, 9)
    before = list(g.coins)
    begin_turn(g, 0)
    assert g.coins[0] == before[0] - 2 and g.coins[1] == before[1] + 2
    assert g.region_army[9] == NOBODY
    check(g)


# --- Tauren --------------------------------------------------------------------------------

def test_tauren_keep_two_tokens_a_region_when_readying_and_declining() -> None:
    g = wc_game()
    tauren = give(g, 0, "tauren", "farming", {8: 4, 10: 3}, hand=1)
    begin_turn(g, 0)
    assert g.region_tokens[8] == 2 and g.region_tokens[10] == 2 and tauren.hand == 4
    act(g, "decline")
    assert g.region_tokens[8] == 2 and g.region_tokens[10] == 2 and tauren.hand == 0
    check(g)


def test_a_tauren_conquest_costs_at_least_two(monkeypatch: pytest.MonkeyPatch) -> None:
    g = wc_game()
    cheap = discounted(monkeypatch, 3)
    tauren = give(g, 0, "tauren", cheap, {10: 2}, hand=4)
    assert cost(g, tauren, 11) == 2
    other = wc_game()
    assert cost(other, give(other, 0, "orcs", cheap, {10: 2}), 11) == 1
    begin_turn(g, 0)
    act(g, "conquer", 11)
    assert g.region_tokens[11] == 2
    check(g)


def test_tauren_try_the_die_only_with_two_tokens_in_hand() -> None:
    g = wc_game()
    give(g, 0, "tauren", "farming", {10: 2}, hand=1)
    give(g, 1, "orcs", "herbalist", {11: 1})
    begin_turn(g, 0)
    assert "final" not in kinds(g)
    with pytest.raises(IllegalAction, match="fewer than 2 tokens"):
        act(g, "final", 11)
    check(g)


def test_conquered_declined_tauren_lose_both_tokens_and_their_race_leaves() -> None:
    g = wc_game()
    tauren = give(g, 0, "tauren", "farming", {8: 2}, declined=True)
    give(g, 1, "orcs", "herbalist", {10: 1}, hand=10)
    begin_turn(g, 1)
    events = act(g, "conquer", 8)
    conquered = of(events, "conquered")[0]
    assert (conquered["lost"], conquered["returned"]) == (2, 0)
    assert not tauren.alive and of(events, "race_removed")
    assert g.tray[tauren.race] == RACES[tauren.race].max_tokens
    check(g)


def intimidated_tauren(regions: dict[int, int]) -> tuple[GameState, Army, Army]:
    """Seat 1's declined Tauren hold ``regions``; seat 0's Intimidating Orcs hold 8 (next to
    9, 10 and 11) and play."""
    g = wc_game()
    tauren = give(g, 1, "tauren", "farming", regions, declined=True)
    orcs = give(g, 0, "orcs", "intimidating", {8: 1}, hand=9)
    check(g)
    begin_turn(g, 0)
    return g, orcs, tauren


def test_a_lone_declined_tauren_token_goes_to_another_region_its_player_chooses() -> None:
    """Seed 000: a Tauren token never stands alone, whatever the reason — in decline too;
    their player puts it in another region they hold (at the end of the turn, ruling 114)."""
    g, orcs, tauren = intimidated_tauren({9: 2, 10: 2, 12: 2})
    events = act(g, "intimidate", 9, 10)
    assert g.region_army[9] == NOBODY and tauren.mask == 1 << 10 | 1 << 12
    assert g.region_tokens[10] == 3 and tauren.hand == 1
    assert not of(events, "conquered") and not g.turn.beaten
    check(g)
    act(g, "end_conquest")
    act(g, "deploy", 8, orcs.hand)
    act(g, "end_redeploy")
    assert g.phase == Phase.DEFENDER and g.actor == 1
    assert targets(g, "deploy") == {10, 12} and "end_redeploy" not in kinds(g)
    act(g, "deploy", 12, 1)
    act(g, "end_redeploy")
    assert (g.region_tokens[10], g.region_tokens[12], tauren.hand) == (3, 3, 0)
    check(g)


def test_a_lone_declined_tauren_token_with_no_other_region_leaves_the_map() -> None:
    g, orcs, tauren = intimidated_tauren({9: 2})
    events = act(g, "intimidate", 9, NOWHERE)  # one discarded, its partner may not stay
    assert g.region_army[9] == NOBODY and not tauren.alive and of(events, "race_removed")
    assert g.tray[tauren.race] == RACES[tauren.race].max_tokens
    assert g.turn.lost[orcs.id] == 1  # the discarded token; the other left with its race
    check(g)


def test_a_lone_declined_tauren_token_in_hand_is_lost_with_the_last_region() -> None:
    g, _, tauren = intimidated_tauren({10: 2, 12: 2})
    act(g, "intimidate", 10, 12)
    assert g.region_army[10] == NOBODY and tauren.hand == 1
    act(g, "conquer", 10)
    events = act(g, "conquer", 12)  # 2 + the Mountain + 3 declined tokens
    assert of(events, "conquered")[0]["lost"] == 3 and not tauren.alive
    assert g.tray[tauren.race] == RACES[tauren.race].max_tokens
    events = play_out(g)
    assert all(e.seat == 0 for e in of(events, "deployed"))
    check(g)


# --- Trolls --------------------------------------------------------------------------------

def test_trolls_pay_one_less_for_any_region_that_is_not_empty() -> None:
    g = wc_game(murlocs=True)
    trolls = give(g, 0, "trolls", "farming", {1: 2}, hand=8)
    give(g, 1, "humans", "herbalist", {4: 2})
    assert cost(g, trolls, 0) == 2 + 1 - 1  # a Murloc
    assert cost(g, trolls, 4) == 2 + 2 - 1
    assert cost(g, trolls, 3) == 3  # only a Mountain: empty
    assert cost(g, trolls, 2) == 2
    check(g)


# --- Worgen --------------------------------------------------------------------------------

def test_worgen_choose_their_form_before_anything_else() -> None:
    g = wc_game()
    give(g, 0, "worgen", "farming", {8: 2}, hand=3)
    begin_turn(g, 0)
    assert kinds(g) == {"decline", "human_form", "worgen_form"}
    with pytest.raises(IllegalAction, match="human or worgen form before they conquer"):
        act(g, "conquer", 10)
    with pytest.raises(IllegalAction, match="human or worgen form"):
        act(g, "end_conquest")
    check(g)


def test_worgen_in_human_form_gain_two_coins_at_once() -> None:
    g = wc_game()
    worgen = give(g, 0, "worgen", "farming", {8: 2}, hand=3)
    begin_turn(g, 0)
    coins = g.coins[0]
    events = act(g, "human_form")
    assert g.coins[0] == coins + 2
    assert of(events, "form_taken")[0].data == {"race": worgen.race, "form": "human_form",
                                                 "coins": 2}
    assert "conquer" in kinds(g) and cost(g, worgen, 10) == 2
    assert "decline" not in kinds(g)  # the form is the turn's first deed
    with pytest.raises(IllegalAction, match="already took their form"):
        act(g, "worgen_form")
    check(g)


def test_worgen_in_worgen_form_pay_a_coin_for_cheaper_conquests() -> None:
    g = wc_game()
    worgen = give(g, 0, "worgen", "farming", {8: 2}, hand=3)
    give(g, 1, "orcs", "herbalist", {9: 2})
    begin_turn(g, 0)
    coins = g.coins[0]
    act(g, "worgen_form")
    assert g.coins[0] == coins - 1
    assert cost(g, worgen, 10) == 1 and cost(g, worgen, 9) == 3 and cost(g, worgen, 13) == 2
    check(g)


def test_worgen_without_a_coin_take_human_form() -> None:
    g = wc_game()
    give(g, 0, "worgen", "farming", {8: 2}, hand=3)
    set_coins(g, 0, 0)
    begin_turn(g, 0)
    assert kinds(g) == {"decline", "human_form"}
    with pytest.raises(IllegalAction, match="worgen form costs 1 coins; you have 0"):
        act(g, "worgen_form")


def test_worgen_choose_a_form_on_the_turn_they_are_taken_too() -> None:
    g = picked("worgen")
    assert kinds(g) == {"human_form", "worgen_form"}
    act(g, "worgen_form")
    assert g.armies[0].hand >= 1 and "conquer" in kinds(g)
    check(g)


# --- every race in random games ------------------------------------------------------------

def lone_tauren(g: GameState) -> list[int]:
    """Regions of a Tauren army holding a single token."""
    return [r for a in g.armies if a.alive and a.race == "warcraft:tauren"
            for r in bits(a.mask) if g.region_tokens[r] < 2]


@pytest.mark.parametrize("race", [cls.id for cls in ALL])
def test_random_games_with_each_race_keep_the_invariants(wc_map: Callable[[int], str],
                                                         race: str) -> None:
    """Seat 0 takes ``race`` at once; then everyone plays at random."""
    g = new_game(NAMES[:3], wc_map(3), 7, races=[race], game="warcraft")
    act(g, "pick", 0)
    chooser = random.Random(race)
    while not g.finished:
        choices = legal_actions(g)
        action = choices[chooser.randrange(len(choices))]
        apply_action(g, action, checked=True)
        check(g)
        assert not lone_tauren(g), f"a lone Tauren token after {action}"
    assert g.armies[0].race == f"warcraft:{race}" and g.winners
