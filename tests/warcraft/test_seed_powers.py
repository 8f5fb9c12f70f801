"""The 20 special powers of Small World of Warcraft, one scenario per rule, worked out by
hand from the rulebook (seed 000, "特殊パワー"; ../shared/rules/warcraft.md §7) with the
edge cases its text implies.  Powers act for their own race, while it is active, unless the
text says otherwise (Garrison's forts, Marsh-dweller).  Map: see test_seed_core.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from invariants import check
from scenario import act, begin_turn, count, give, kinds, of, put, targets

from smallworld_tui.engine import IllegalAction, legal_actions
from smallworld_tui.engine.bitset import NOBODY
from smallworld_tui.engine.conquest import Costs
from smallworld_tui.engine.content.warcraft.powers import NOWHERE
from warcraft.helpers import lay, lines, map_with, play_out, set_coins, wc_game, with_setup

BEAST = "warcraft:beast"


@pytest.mark.parametrize(("power", "coins"), [
    ("farming", 1), ("herbalist", 2), ("mining", 1), ("mountaineer", 1), ("ranger", 1),
    ("swamp_walker", 1), ("fishing", 4)])
def test_region_powers_pay_a_coin_per_region_of_their_kind(power: str, coins: int) -> None:
    """Hills 1 and 5, Forest 2, Mountain 3, Swamp 4, Farmland 7 (a Great Cavern); next to
    the lake: 3, 4, 5 and 7.  Nothing once the race declines."""
    g = wc_game()
    trolls = give(g, 0, "trolls", power, {1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 7: 1})
    begin_turn(g, 0)
    assert lines(play_out(g), 0) == {f"power:warcraft:{power}": coins}
    begin_turn(g, 0)
    events = act(g, "decline")
    assert trolls.declined and lines(events, 0) == {}


def test_explorer_scores_a_coin_per_island_held() -> None:
    g = wc_game()
    give(g, 0, "trolls", "explorer", {1: 1, 2: 1, 8: 1, 16: 1})
    begin_turn(g, 0)
    assert lines(play_out(g), 0) == {"power:warcraft:explorer": 3}


def test_archaeologist_scores_each_artifact_and_legendary_place_held() -> None:
    g = wc_game()
    give(g, 0, "trolls", "archaeologist", {8: 1, 10: 1, 13: 1})
    lay(g, "warcraft:frostmourne", 10)
    lay(g, "warcraft:meeting_stone", 8)
    lay(g, "warcraft:doomhammer", 5)  # not theirs
    begin_turn(g, 0)
    assert lines(play_out(g), 0) == {"power:warcraft:archaeologist": 2}


def test_battlemaster_scores_each_non_empty_region_conquered() -> None:
    """A Murloc's region and a race's region are not empty; a region with only a Mountain
    is."""
    g = wc_game(murlocs=True)
    give(g, 0, "blood_elves", "battlemaster", {8: 1}, hand=9)
    give(g, 1, "naga", "mining", {10: 1})
    begin_turn(g, 0)
    for r in (9, 10, 12):
        act(g, "conquer", r)
    assert lines(play_out(g), 0) == {"power:warcraft:battlemaster": 2}


def test_blacksmith_takes_a_token_off_every_conquest_never_below_one() -> None:
    g = wc_game(murlocs=True)
    smiths = give(g, 0, "blood_elves", "blacksmith", {5: 1}, hand=6)
    costs = Costs(g, smiths)
    assert (costs.of(0), costs.of(3), costs.of(8)) == (2, 2, 2)  # Murloc; Mountain; landing
    fresh = wc_game()
    assert Costs(fresh, give(fresh, 0, "blood_elves", "blacksmith", {13: 1}, hand=6)).of(14) == 1


# --- Beastmaster -----------------------------------------------------------------------------

def test_beasts_one_per_hill_are_race_tokens_that_conquer_and_defend() -> None:
    """At the start of its turn the race discards its Beasts, then takes one per Hill held;
    they conquer like race tokens (here a whole conquest, nothing else in hand)."""
    g = wc_game()
    beasts = give(g, 0, "blood_elves", "beastmaster", {11: 1, 15: 1})
    begin_turn(g, 0)
    assert beasts.reserve[BEAST] == 2 and beasts.hand == 0
    assert 10 in targets(g, "conquer")
    act(g, "conquer", 10)
    assert count(g, "beast", 10) == 2 and beasts.mask >> 10 & 1
    check(g)


def test_a_beast_pays_the_loss_of_its_region() -> None:
    g = wc_game()
    beasts = give(g, 0, "blood_elves", "beastmaster", {11: 2, 15: 1})
    put(g, "beast", 11)
    orcs = give(g, 1, "orcs", "mining", {10: 1}, hand=8)
    assert Costs(g, orcs).of(11) == 2 + 2 + 1
    begin_turn(g, 1)
    event = of(act(g, "conquer", 11), "conquered")[0]
    assert (event["lost"], event["returned"]) == (0, 2) and beasts.hand == 2
    assert not count(g, "beast", 11) and g.tray[beasts.race] == 10 - 3


def test_a_tie_counts_the_beasts_on_the_board_as_race_tokens() -> None:
    """Seed 000: Beasts are race tokens in every situation, and a tie goes to the player
    with the most race tokens on the board."""
    g = wc_game()
    give(g, 0, "blood_elves", "beastmaster", {11: 1, 15: 1})
    put(g, "beast", 11)
    give(g, 1, "orcs", "mining", {8: 2})
    for seat in range(3):
        set_coins(g, seat, 30)
    assert g.rules.winners(g) == [0]


# --- Champion --------------------------------------------------------------------------------

def test_the_champion_takes_a_neighbour_for_nothing_and_is_ransomed_when_taken() -> None:
    """Once a turn, a region next to the race whatever defends it, at no cost; the
    Champion stays there and defends as a token.  Taken by an opponent, it is a hostage
    instead of a lost token: its owner pays 1 coin and places it again."""
    g = wc_game()
    champions = give(g, 0, "blood_elves", "champion", {5: 1}, hand=2)
    kobolds = give(g, 1, "kobolds", "mining", {3: 3, 11: 1})
    put(g, "fort", 3)
    begin_turn(g, 0)
    assert targets(g, "champion") == {0, 3}  # next to 5 only, no distant entry region
    event = of(act(g, "champion", 3), "conquered")[0]
    assert (event["tokens"], event["lost"], event["returned"]) == (0, 1, 2)
    assert count(g, "champion", 3) == 1 and not count(g, "fort", 3) and kobolds.hand == 2
    assert "champion" not in kinds(g)
    act(g, "end_conquest")
    act(g, "deploy", 3, 1)
    act(g, "deploy", 5, champions.hand)
    act(g, "end_redeploy")
    act(g, "deploy", 11, 2)  # the Kobolds' hand, elsewhere
    act(g, "end_redeploy")
    orcs = give(g, 2, "orcs", "herbalist", {0: 1}, hand=8)
    assert Costs(g, orcs).of(3) == 2 + 1 + 1 + 1  # Mountain, the Champion, a token
    begin_turn(g, 2)
    coins = list(g.coins)
    event = of(act(g, "conquer", 3), "conquered")[0]
    assert (event["lost"], event["returned"]) == (0, 1)
    assert g.coins[0] == coins[0] - 1 and g.coins[2] == coins[2] + 1
    assert champions.reserve["warcraft:champion"] == 1
    check(g)


# --- Defensive -------------------------------------------------------------------------------

def test_a_watch_tower_guards_a_farmland_whose_neighbours_the_race_commands() -> None:
    """Farmland 10 borders 8, 9, 11, 12: the race holds 8 and 11, the Humans only 9 — a
    tower goes up and nobody else may attack 10.  Farmland 13 borders none of theirs.  The
    seed may be read as one tower a turn; ruling 118: one on each such Farmland."""
    g = wc_game()
    give(g, 0, "blood_elves", "defensive", {8: 1, 10: 1, 11: 1, 13: 1})
    give(g, 1, "humans", "mining", {9: 1}, hand=8)
    begin_turn(g, 0)
    events = play_out(g)
    assert [e["region"] for e in of(events, "piece_placed")] == [10]
    assert 10 not in targets(g, "conquer") and 8 in targets(g, "conquer")
    with pytest.raises(IllegalAction, match="Watch Tower"):
        act(g, "conquer", 10)


# --- Enraged ---------------------------------------------------------------------------------

def test_enraged_earn_a_coin_per_defending_token_from_two_tokens_on() -> None:
    g = wc_game()
    give(g, 0, "blood_elves", "enraged", {8: 1}, hand=9)
    give(g, 1, "humans", "mining", {10: 3, 11: 1})
    begin_turn(g, 0)
    coins = g.coins[0]
    act(g, "conquer", 10)
    assert g.coins[0] == coins + 3
    act(g, "conquer", 11)
    assert g.coins[0] == coins + 3


# --- Garrison --------------------------------------------------------------------------------

def test_garrison_forts_in_each_region_defend_outlive_decline_and_fall_with_it() -> None:
    """The seed's sentence reads as a Fort in each region or in one a turn; ruling 120 and
    the default of option ``garrison_forts``: in each region held, at the end of the turn."""
    g = wc_game()
    garrison = give(g, 0, "blood_elves", "garrison", {8: 2, 10: 1})
    begin_turn(g, 0)
    play_out(g)
    assert count(g, "fort", 8) == 1 and count(g, "fort", 10) == 1
    begin_turn(g, 0)
    act(g, "decline")
    assert garrison.declined and count(g, "fort", 8) == 1
    orcs = give(g, 1, "orcs", "mining", {11: 1}, hand=8)
    assert Costs(g, orcs).of(8) == 2 + 1 + 1
    begin_turn(g, 1)
    act(g, "conquer", 8)
    assert not count(g, "fort", 8) and count(g, "fort", 10) == 1
    check(g)


# --- Intimidating ----------------------------------------------------------------------------

def test_intimidating_moves_three_tokens_walls_first_murlocs_discarded() -> None:
    """Three times a turn, before the last conquest: a token of an opponent's region next
    to the race goes to another region of its own race (none: discarded); a Wisp Wall or
    Fort goes first and takes a use; a Murloc is always discarded.  Who picks the region the
    token goes to is not said: ruling 121, the intimidating player."""
    g = wc_game(murlocs=True)
    give(g, 0, "blood_elves", "intimidating", {10: 1}, hand=4)
    humans = give(g, 1, "humans", "mining", {8: 2, 13: 1})
    dwarves = give(g, 2, "dwarves", "herbalist", {11: 1})
    put(g, "wisp_wall", 11)
    begin_turn(g, 0)
    offered = {(a.target, a.count) for a in legal_actions(g) if a.kind == "intimidate"}
    assert offered == {(8, 13), (9, NOWHERE), (11, NOWHERE)}
    act(g, "intimidate", 8, 13)
    assert (g.region_tokens[8], g.region_tokens[13]) == (1, 2)
    act(g, "intimidate", 11, NOWHERE)
    assert not count(g, "wisp_wall", 11) and g.region_tokens[11] == 1
    act(g, "intimidate", 9, NOWHERE)
    assert g.region_army[9] == NOBODY
    assert "intimidate" not in kinds(g)
    assert humans.mask == 1 << 8 | 1 << 13 and dwarves.mask == 1 << 11
    check(g)


def test_intimidating_comes_before_the_last_conquest() -> None:
    g = wc_game()
    give(g, 0, "blood_elves", "intimidating", {10: 1}, hand=1)
    give(g, 1, "humans", "mining", {8: 2, 13: 1})
    begin_turn(g, 0)
    g.dice = [0]
    act(g, "final", 11)
    assert "intimidate" not in kinds(g)


# --- Marsh-dweller ---------------------------------------------------------------------------

def test_marsh_dwellers_swamps_cost_their_conqueror_a_coin_even_in_decline() -> None:
    g = wc_game()
    give(g, 0, "humans", "marsh_dweller", {9: 1, 16: 1, 10: 1})
    orcs = give(g, 1, "orcs", "mining", {8: 1, 14: 1}, hand=9)
    begin_turn(g, 1)
    coins = list(g.coins)
    act(g, "conquer", 9)
    assert (g.coins[0], g.coins[1]) == (coins[0] + 1, coins[1] - 1)
    act(g, "conquer", 10)  # not a swamp
    assert g.coins[1] == coins[1] - 1
    play_out(g)
    begin_turn(g, 0)
    act(g, "decline")
    begin_turn(g, 1)
    coins = list(g.coins)
    assert 16 in targets(g, "conquer") and orcs.alive
    act(g, "conquer", 16)
    assert (g.coins[0], g.coins[1]) == (coins[0] + 1, coins[1] - 1)


# --- Portal Mage -----------------------------------------------------------------------------

@pytest.fixture
def two_magic(tmp_path: Path) -> str:
    """The test islands with Magic on region 10 too."""
    return map_with(tmp_path, ("b2  10  farmland  board_m", "b2  10  farmland  board_m magic"))


def test_portal_mage_swaps_all_tokens_of_two_magic_regions_twice_a_turn(two_magic: str) -> None:
    """Everything on two Magic regions changes places but the Mountains and the legendary
    places; twice a turn, before the last conquest."""
    g = wc_game(map_name=two_magic)
    mages = give(g, 0, "blood_elves", "portal_mage", {4: 3, 1: 1}, hand=2)
    kobolds = give(g, 1, "kobolds", "mining", {10: 2, 11: 1})
    put(g, "fort", 10)
    lay(g, "warcraft:dark_portal", 4)
    lay(g, "warcraft:frostmourne", 10)
    begin_turn(g, 0)
    act(g, "portal", 4, 10)
    assert mages.mask == 1 << 1 | 1 << 10 and kobolds.mask == 1 << 4 | 1 << 11
    assert count(g, "fort", 4) == 1 and not count(g, "fort", 10)
    assert g.items["warcraft:frostmourne"] == 4 and g.items["warcraft:dark_portal"] == 4
    act(g, "portal", 4, 10)
    assert "portal" not in kinds(g)
    check(g)


# --- Sailor ----------------------------------------------------------------------------------

def test_sailors_pay_no_travel_cost() -> None:
    g = wc_game()
    sailors = give(g, 0, "blood_elves", "sailor", hand=6)
    assert Costs(g, sailors).of(13) == 2 and Costs(g, sailors).of(0) == 2
    begin_turn(g, 0)
    act(g, "conquer", 13)
    assert Costs(g, sailors).of(8) == 2 and Costs(g, sailors).of(15) == 2


def test_a_portal_carries_bombs_and_military_objectives_with_the_tokens(two_magic: str) -> None:
    """Seed 000: "2つの魔法の地域にあるすべてのトークン(山岳地帯と伝説の地トークンを除く)を交換" —
    every token of the two regions changes places but the Mountains and the legendary places:
    a bomb and a Military Objective go along with the race they lie with, and the bomb still
    turns up under that race at the Goblins' next turn."""
    g = wc_game(map_name=two_magic)
    with_setup(g, 2, "goblins", "ranger", {9: 1}, hand=2)
    bombs = g.item_data["warcraft:goblins"]
    bombs["pile"].remove(1)
    bombs["placed"].append([10, 1])
    put(g, "bomb", 10)
    put(g, "objective", 10)
    mages = give(g, 0, "blood_elves", "portal_mage", {4: 2, 1: 1}, hand=2)
    kobolds = give(g, 1, "kobolds", "mining", {10: 2, 11: 1})
    check(g)
    begin_turn(g, 0)
    act(g, "portal", 4, 10)
    assert kobolds.mask >> 4 & 1 and mages.mask >> 10 & 1
    assert (count(g, "bomb", 4), count(g, "objective", 4)) == (1, 1)
    assert not count(g, "bomb", 10) and not count(g, "objective", 10)
    check(g)
    play_out(g)
    blast = of(play_out(g), "bomb_revealed")[0]  # the Kobolds' turn, then the Goblins'
    assert blast["region"] == 4 and blast["defender_seat"] == 1
    check(g)
