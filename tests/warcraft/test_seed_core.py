"""Small World of Warcraft's own rules, scenario by scenario, worked out by hand from the
rulebook (seed 000, unscrambled in ../shared/rules/warcraft.md §1–§5): set-up, picking a
combo, islands and entry regions, conquest costs, losses, the last conquest and its die,
redeployment, scoring and the faction bonus, later turns, decline, the end of the game.

The test islands (tests/maps/wc-test.map): island 0 — 0 farmland (entry, Murloc), 1 hill,
2 forest (entry), 3 mountain, 4 swamp (magic, L icon), 5 hill (entry), 6 lake, 7 farmland
(great cavern, Murloc); island 1 — 8 forest (entry), 9 swamp (Murloc), 10 farmland (M icon),
11 hill (entry), 12 mountain; island 2 — 13 farmland (entry), 14 forest (entry), 15 hill
(S icon), 16 swamp.  Borders: 0–1, 0–3, 0–5, 1–2, 1–3, 1–4, 2–4, 2–7, 3–4, 3–5, 3–6, 4–6,
4–7, 5–6, 6–7; 8–9, 8–10, 8–11, 9–10, 9–12, 10–11, 10–12, 11–12; 13–14, 13–15, 13–16,
14–15, 14–16, 15–16.
"""

from __future__ import annotations

import pytest
from invariants import check
from scenario import act, begin_turn, count, give, kinds, of, put, targets

from smallworld_tui.engine import IllegalAction, legal_actions, new_game, view
from smallworld_tui.engine.bitset import NOBODY
from smallworld_tui.engine.conquest import Costs
from smallworld_tui.engine.phase import Phase
from smallworld_tui.engine.tables import table
from warcraft.helpers import ENTRIES, breakdown, lines, play_out, set_coins, wc_game

TABLE = table("warcraft")
TABLE_TOKENS = {f"warcraft:{row['id']}": row["tokens"]
                for key in ("races", "powers") for row in TABLE[key]}


# --- set-up ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "sizes", "rounds"), [
    (2, "LM", 10), (3, "LMS", 10), (4, "LMMS", 9), (5, "LLMSS", 8)])
def test_setup_boards_and_rounds_by_player_count(players: int, sizes: str, rounds: int) -> None:
    """Seed 000, set-up: 5 players 2 L + 1 M + 2 S, 8 rounds; 4 players 1 L + 2 M + 1 S,
    9 rounds; 3 players one of each, 10 rounds; 2 players 1 L + 1 M, 10 rounds.  Each board
    is an island."""
    names = ["A", "B", "C", "D", "E"][:players]
    g = new_game(names, None, 7, game="warcraft")
    faces = g.map_source.split("+")
    assert "".join(sorted(f[0] for f in faces)) == sizes
    assert len(g.map.islands) == players and g.map.turns == rounds
    check(g)


def test_setup_gives_five_coins_each_and_shows_six_combos() -> None:
    """Five "1" coins per player; five banners in the column and the stack's top banner, each
    with a badge: six combos to choose from."""
    g = new_game(["A", "B", "C"], None, 3, game="warcraft")
    assert g.coins == [5, 5, 5]
    assert len(view(g, 0).combos) == 6
    assert len(targets(g, "pick")) == 6


def test_setup_puts_murlocs_mountains_and_one_face_down_marker_per_island() -> None:
    """A Murloc on each Murloc symbol, a Mountain on each mountain region, and as many
    face-down markers as players, one on each board's S/M/L region."""
    g = wc_game(murlocs=True, markers=True)
    assert {r for r, k in enumerate(g.neutral) if k == "warcraft:murloc"} == {0, 7, 9}
    assert all(g.region_tokens[r] == 1 for r in (0, 7, 9))
    assert {r for r in range(17) if count(g, "mountain", r)} == {3, 12}
    assert set(g.facedown) == {4, 10, 15} and len(g.hidden) == 12 - 3
    check(g)


# --- picking a combo -------------------------------------------------------------------------

def test_a_lower_combo_costs_a_coin_on_each_combo_above_and_collects_its_coins() -> None:
    """Combo k costs k coins, one dropped on each combo above it; whoever later takes a combo
    with coins on it takes them, paying their own price.  The column closes up and shows six
    again; the player receives banner + badge tokens."""
    g = new_game(["A", "B", "C"], None, 5, game="warcraft")
    third = g.combos[2]
    act(g, "pick", 2)
    army = g.armies[0]
    assert g.coins[0] == 5 - 2 and [c.coins for c in g.combos[:2]] == [1, 1]
    assert army.race == third.race and army.hand == (
        TABLE_TOKENS[third.race] + TABLE_TOKENS[third.power])
    assert len(g.combos) == 6
    play_out(g)
    second = g.combos[1]
    act(g, "pick", 1)
    assert g.armies[1].race == second.race
    assert g.coins[1] == 5 - 1 + 1  # paid 1 onto the top combo, collected the coin on its own
    assert g.combos[0].coins == 2
    check(g)



def test_a_player_may_not_take_a_combo_they_cannot_pay_for() -> None:
    g = new_game(["A", "B", "C"], None, 5, game="warcraft")
    set_coins(g, 0, 1)
    assert targets(g, "pick") == {0, 1}
    with pytest.raises(IllegalAction, match="costs 2 coins"):
        act(g, "pick", 2)


# --- islands: entry regions and the travel cost ----------------------------------------------

def test_a_first_conquest_lands_on_an_entry_region_of_any_island_for_three() -> None:
    """A new race starts on any island, on an entry region, crossing the sea: 2 + 1 travel.
    Next to it, another entry region costs no travel; a non-entry region of another island is
    out of reach."""
    g = wc_game()
    elves = give(g, 0, "blood_elves", "farming", hand=6)
    begin_turn(g, 0)
    assert targets(g, "conquer") == ENTRIES and set(view(g, 0).costs.values()) == {3}
    act(g, "conquer", 13)
    assert g.region_tokens[13] == 3 and elves.hand == 3
    costs = view(g, 0).costs
    assert costs[14] == 2 and costs[15] == 2 and costs[8] == 3
    assert 9 not in costs and 1 not in costs
    check(g)


def test_the_rulebooks_murloc_farmland_landing_costs_four() -> None:
    """Landing on a Farmland entry region held by a Murloc takes 4 tokens: 2, +1 travel,
    +1 for the Murloc, which is lost."""
    g = wc_game(murlocs=True)
    give(g, 0, "blood_elves", "farming", hand=4)
    begin_turn(g, 0)
    assert view(g, 0).costs[0] == 4
    event = of(act(g, "conquer", 0), "conquered")[0]
    assert (event["tokens"], event["lost"], event["defender_race"]) == (4, 1, "warcraft:murloc")
    assert g.tray["warcraft:murloc"] == 15 - 2
    check(g)


def test_a_first_conquest_elsewhere_than_an_entry_region_is_refused() -> None:
    g = wc_game()
    give(g, 0, "blood_elves", "farming", hand=6)
    begin_turn(g, 0)
    with pytest.raises(IllegalAction, match="entry region"):
        act(g, "conquer", 15)


def test_later_conquests_reach_neighbours_and_any_entry_region() -> None:
    """From region 5 a race reaches its neighbours (0, 3; the lake is water) and every entry
    region of every island; an entry region next to its own pays no travel, the others 1."""
    g = wc_game()
    give(g, 0, "blood_elves", "farming", {5: 1}, hand=9)
    begin_turn(g, 0)
    costs = view(g, 0).costs
    assert set(costs) == {0, 3} | ENTRIES - {5}
    assert (costs[0], costs[3]) == (2, 3)  # an entry region next to 5; the Mountain
    assert all(costs[r] == 3 for r in (2, 8, 11, 13, 14))
    with pytest.raises(IllegalAction, match="neither next to your regions nor an entry"):
        act(g, "conquer", 10)


def test_the_travel_cost_counts_only_the_active_races_own_regions() -> None:
    """Travel is waived for an entry region next to a region of *the same race*: the
    player's declined race next to it does not help."""
    g = wc_game()
    elves = give(g, 0, "blood_elves", "farming", {13: 1}, hand=9)
    give(g, 0, "humans", "mining", {9: 1}, declined=True)
    assert Costs(g, elves).of(8) == 3 and Costs(g, elves).of(11) == 3


# --- conquest costs --------------------------------------------------------------------------

def test_a_region_costs_two_plus_one_per_mountain_wall_fort_and_defender() -> None:
    """2 tokens, +1 per Mountain, Wisp Wall and Fort there, +1 per token defending it, +1
    travel for an entry region the race does not border."""
    g = wc_game()
    elves = give(g, 0, "blood_elves", "farming", {5: 1}, hand=9)
    give(g, 1, "humans", "mining", {3: 2, 2: 1})
    put(g, "fort", 3)
    put(g, "wisp_wall", 3)
    put(g, "wisp_wall", 2)
    costs = Costs(g, elves)
    assert costs.of(3) == 2 + 1 + 1 + 1 + 2
    assert costs.of(2) == 2 + 1 + 1 + 1  # wall, defender, travel


def test_a_conquest_needs_a_token_in_hand() -> None:
    """Whatever the race or power, a new conquest needs at least one race token in hand."""
    g = wc_game()
    give(g, 0, "blood_elves", "blacksmith", {5: 1})
    begin_turn(g, 0)
    assert not targets(g, "conquer") and not targets(g, "final")


def test_water_is_no_target_but_the_naga_take_it_for_two_and_it_scores_one() -> None:
    g = wc_game()
    give(g, 0, "blood_elves", "farming", {5: 1}, hand=5)
    begin_turn(g, 0)
    assert 6 not in targets(g, "conquer") | targets(g, "final")
    g = wc_game()
    give(g, 0, "naga", "farming", {5: 1}, hand=5)
    begin_turn(g, 0)
    assert view(g, 0).costs[6] == 2
    act(g, "conquer", 6)
    assert breakdown(play_out(g), 0)["regions:warcraft:naga"] == 2


def test_conquests_go_on_while_the_tokens_last() -> None:
    g = wc_game()
    elves = give(g, 0, "blood_elves", "farming", {8: 1}, hand=6)
    begin_turn(g, 0)
    for r in (9, 10, 11):
        act(g, "conquer", r)
    assert elves.hand == 0 and elves.mask == sum(1 << r for r in (8, 9, 10, 11))
    assert not targets(g, "conquer") and g.phase == Phase.CONQUER


# --- losses and withdrawal -------------------------------------------------------------------

def test_the_defender_loses_one_token_and_places_the_rest_after_the_attackers_turn() -> None:
    """The previous holder takes back every token, discards 1 to the tray and places the rest
    at the very end of the attacker's turn, in any of its regions — here on another island."""
    g = wc_game()
    humans = give(g, 1, "humans", "mining", {8: 3, 13: 1})
    give(g, 0, "trolls", "farming", {10: 1}, hand=8)
    begin_turn(g, 0)
    tray = g.tray[humans.race]
    event = of(act(g, "conquer", 8), "conquered")[0]
    assert (event["lost"], event["returned"]) == (1, 2)
    assert humans.hand == 2 and g.tray[humans.race] == tray + 1
    act(g, "end_conquest")
    act(g, "deploy", 8, g.armies[g.turn.acting].hand)
    act(g, "end_redeploy")
    assert g.phase == Phase.DEFENDER and g.actor == 1
    act(g, "deploy", 13, 2)
    assert g.region_tokens[13] == 3
    act(g, "end_redeploy")
    assert g.seat == 1 and g.actor == 1
    check(g)


def test_a_region_defended_by_one_token_loses_it() -> None:
    g = wc_game()
    humans = give(g, 1, "humans", "mining", {9: 1, 13: 2})
    give(g, 0, "blood_elves", "farming", {10: 1}, hand=8)
    begin_turn(g, 0)
    event = of(act(g, "conquer", 9), "conquered")[0]
    assert (event["lost"], event["returned"]) == (1, 0) and humans.hand == 0


def test_a_race_that_lost_every_region_keeps_its_hand_and_lands_again_next_turn() -> None:
    """All its regions gone, a race keeps the tokens it took back and re-enters on its next
    turn with a first conquest: an entry region, across the sea."""
    g = wc_game()
    humans = give(g, 1, "humans", "mining", {9: 5})
    give(g, 0, "blood_elves", "farming", {10: 1}, hand=9)
    begin_turn(g, 0)
    act(g, "conquer", 9)
    events = play_out(g)
    assert not [e for e in of(events, "deployed") if e.seat == 1]
    assert humans.mask == 0 and humans.hand == 4 and humans.alive
    assert g.seat == 1 and g.phase == Phase.CONQUER
    costs = view(g, 1).costs
    assert set(costs) == ENTRIES and costs[13] == 3 and costs[11] == 3
    act(g, "conquer", 13)
    check(g)


def test_a_player_may_conquer_their_own_declined_region_losing_its_tokens() -> None:
    g = wc_game()
    elves = give(g, 0, "blood_elves", "farming", {8: 1}, hand=6)
    humans = give(g, 0, "humans", "mining", {9: 1}, declined=True)
    begin_turn(g, 0)
    assert view(g, 0).costs[9] == 3
    act(g, "conquer", 9)
    assert g.region_army[9] == elves.id and not humans.alive
    check(g)


def test_a_mountain_stays_and_defends_the_new_holder() -> None:
    g = wc_game()
    give(g, 1, "humans", "mining", {3: 1, 8: 1})
    elves = give(g, 0, "blood_elves", "farming", {5: 1}, hand=9)
    begin_turn(g, 0)
    act(g, "conquer", 3)
    assert count(g, "mountain", 3) == 1 and g.region_army[3] == elves.id
    play_out(g)
    orcs = give(g, 2, "trolls", "mining", {0: 1}, hand=6)
    assert Costs(g, orcs).of(3) == 2 + 1 + g.region_tokens[3] - 1  # the Trolls' discount


# --- the last conquest and the reinforcement die ---------------------------------------------

def test_the_last_conquest_rolls_the_die_for_a_region_short_by_three_at_most() -> None:
    """With too few tokens left, name a region short by 3 or fewer, then roll: die + tokens
    in hand at least the cost takes it with every token left; conquests end either way."""
    g = wc_game()
    elves = give(g, 0, "blood_elves", "farming", {5: 1}, hand=1)
    give(g, 1, "humans", "mining", {0: 2})
    begin_turn(g, 0)
    assert not targets(g, "conquer")
    assert targets(g, "final") == {0, 3} | ENTRIES - {5}  # 0: 2 + 2 defenders, short by 3
    g.dice = [2]
    event = of(act(g, "final", 3), "die_rolled")[0]
    assert event["success"] and g.region_army[3] == elves.id and g.region_tokens[3] == 1
    assert g.phase == Phase.REDEPLOY and "conquer" not in kinds(g)
    check(g)


def test_a_failed_last_conquest_keeps_the_tokens_for_redeployment() -> None:
    g = wc_game()
    elves = give(g, 0, "blood_elves", "farming", {5: 1}, hand=1)
    begin_turn(g, 0)
    g.dice = [0]
    assert not of(act(g, "final", 3), "die_rolled")[0]["success"]
    assert g.region_army[3] == NOBODY and elves.hand == 1
    assert g.phase == Phase.REDEPLOY and "conquer" not in kinds(g)
    act(g, "deploy", 5, 1)
    act(g, "end_redeploy")
    check(g)


def test_no_last_conquest_for_a_region_short_by_four() -> None:
    g = wc_game()
    give(g, 0, "blood_elves", "farming", {5: 1}, hand=1)
    give(g, 1, "humans", "mining", {3: 2})
    begin_turn(g, 0)
    assert 3 not in targets(g, "final")  # 2 + Mountain + 2 defenders = 5: short by 4


# --- redeployment ----------------------------------------------------------------------------

def test_redeployment_moves_tokens_freely_but_leaves_one_in_every_region() -> None:
    g = wc_game()
    elves = give(g, 0, "blood_elves", "farming", {8: 4, 13: 1}, hand=2)
    begin_turn(g, 0)
    act(g, "conquer", 14)
    act(g, "end_conquest")
    assert [g.region_tokens[r] for r in (8, 13, 14)] == [1, 1, 1] and elves.hand == 4
    assert "end_redeploy" not in kinds(g)
    act(g, "deploy", 13, 4)  # most of them came from another island
    act(g, "end_redeploy")
    assert g.region_tokens[13] == 5
    check(g)


# --- scoring and the faction bonus -----------------------------------------------------------

def test_each_region_of_the_active_and_the_declined_race_scores_a_coin() -> None:
    """1 coin per region of each race; the declined race's banner gives no bonus (declined
    Blood Elves on a Magic region)."""
    g = wc_game()
    give(g, 0, "blood_elves", "herbalist", {4: 1, 13: 1}, declined=True)
    give(g, 0, "humans", "mining", {8: 1, 10: 1, 11: 1})
    begin_turn(g, 0)
    events = play_out(g)
    assert breakdown(events, 0) == {"regions:warcraft:blood_elves": 2,
                                    "regions:warcraft:humans": 3}
    assert g.coins[0] == 5 + 5


def test_the_faction_bonus_counts_each_enemy_race_beaten_once() -> None:
    """Horde Forsaken take two regions of the Humans, one of the Dwarves, one of the Naga
    (Neutral) and a Murloc: +1 for the Humans, +1 for the Dwarves, nothing more."""
    g = wc_game(murlocs=True)
    give(g, 0, "forsaken", "intimidating", {8: 1}, hand=17)
    give(g, 1, "humans", "mining", {10: 1, 11: 1})
    give(g, 2, "dwarves", "herbalist", {12: 1})
    give(g, 2, "naga", "ranger", {13: 1}, declined=True)
    begin_turn(g, 0)
    for r in (9, 10, 11, 12, 13):
        act(g, "conquer", r)
    assert lines(play_out(g), 0) == {"faction:warcraft:horde": 2}


def test_a_players_active_and_declined_races_count_as_two_enemy_races() -> None:
    g = wc_game()
    give(g, 0, "humans", "intimidating", {8: 1}, hand=8)
    give(g, 1, "orcs", "mining", {10: 1})
    give(g, 1, "trolls", "herbalist", {11: 1}, declined=True)
    begin_turn(g, 0)
    act(g, "conquer", 10)
    act(g, "conquer", 11)
    assert lines(play_out(g), 0) == {"faction:warcraft:alliance": 2}


@pytest.mark.parametrize(("attacker", "defender"), [
    ("naga", "humans"), ("humans", "dwarves"), ("orcs", "naga")])
def test_no_faction_bonus_from_a_neutral_race_or_within_a_faction(attacker: str,
                                                                   defender: str) -> None:
    g = wc_game()
    give(g, 0, attacker, "intimidating", {8: 1}, hand=8)
    give(g, 1, defender, "mining", {10: 1})
    begin_turn(g, 0)
    act(g, "conquer", 10)
    assert not any(k.startswith("faction:") for k in lines(play_out(g), 0))


# --- later turns: ready troops, abandon ------------------------------------------------------

def test_ready_troops_leave_one_token_per_region() -> None:
    g = wc_game()
    elves = give(g, 0, "blood_elves", "farming", {8: 3, 13: 2})
    begin_turn(g, 0)
    assert (g.region_tokens[8], g.region_tokens[13], elves.hand) == (1, 1, 3)


def test_an_abandoned_region_scores_nothing() -> None:
    g = wc_game()
    give(g, 0, "blood_elves", "farming", {8: 3, 13: 2})
    begin_turn(g, 0)
    act(g, "abandon", 13)
    assert g.region_army[13] == NOBODY
    assert breakdown(play_out(g), 0) == {"regions:warcraft:blood_elves": 1}


def test_abandoning_every_region_means_landing_again_like_a_first_conquest() -> None:
    g = wc_game()
    give(g, 0, "blood_elves", "farming", {8: 3, 10: 2})
    begin_turn(g, 0)
    act(g, "abandon", 8)
    act(g, "abandon", 10)
    costs = view(g, 0).costs
    assert set(costs) == ENTRIES and costs[11] == 3  # no longer next to anything of theirs


# --- decline ---------------------------------------------------------------------------------

def test_going_into_decline_keeps_one_token_a_region_discards_the_badge_and_ends_the_turn() -> None:
    """Flip the banner, discard the badge, leave one token per region and return the rest;
    no conquest that turn; score the declined race's regions, no bonus from banner or badge."""
    g = wc_game()
    elves = give(g, 0, "blood_elves", "farming", {4: 3, 10: 2})
    begin_turn(g, 0)
    events = act(g, "decline")
    assert elves.declined and not elves.badge and "warcraft:farming" in g.power_discard
    assert (g.region_tokens[4], g.region_tokens[10], elves.hand) == (1, 1, 0)
    assert g.tray[elves.race] == 10 - 2
    assert breakdown(events, 0) == {"regions:warcraft:blood_elves": 2}
    assert g.seat == 1
    check(g)


def test_a_new_decline_removes_the_older_declined_race() -> None:
    g = wc_game()
    humans = give(g, 0, "humans", "mining", {9: 1}, declined=True)
    orcs = give(g, 0, "orcs", "farming", {8: 2})
    begin_turn(g, 0)
    events = act(g, "decline")
    assert of(events, "race_removed")[0]["race"] == humans.race and not humans.alive
    assert g.region_army[9] == NOBODY and g.race_stack[-1] == humans.race
    assert orcs.declined and breakdown(events, 0) == {"regions:warcraft:orcs": 1}


def test_after_decline_a_new_race_enters_like_a_first_race_and_both_score() -> None:
    g = wc_game()
    give(g, 0, "orcs", "farming", {8: 2, 10: 1})
    begin_turn(g, 0)
    act(g, "decline")
    begin_turn(g, 0)
    assert g.phase == Phase.PICK
    plain = {"warcraft:blood_elves", "warcraft:humans", "warcraft:trolls", "warcraft:dwarves"}
    slot = next(k for k, c in enumerate(g.combos) if c.race in plain)
    set_coins(g, 0, slot)
    act(g, "pick", slot)
    assert set(view(g, 0).costs) == ENTRIES
    act(g, "conquer", 13)
    scored = breakdown(play_out(g), 0)
    assert scored["regions:warcraft:orcs"] == 2 and sum(
        v for k, v in scored.items() if k.startswith("regions:")) == 3


def test_no_decline_on_the_turn_the_race_was_taken() -> None:
    g = new_game(["A", "B", "C"], None, 5, game="warcraft")
    act(g, "pick", 0)
    assert "decline" not in kinds(g)


def test_a_declined_race_whose_last_region_falls_leaves_and_its_banner_returns() -> None:
    g = wc_game()
    humans = give(g, 1, "humans", "mining", {9: 1}, declined=True)
    give(g, 0, "orcs", "farming", {8: 1}, hand=6)
    begin_turn(g, 0)
    events = act(g, "conquer", 9)
    assert of(events, "race_removed") and not humans.alive
    assert g.race_stack[-1] == humans.race


# --- end of the game -------------------------------------------------------------------------

def test_the_game_ends_after_everyone_played_the_last_round_and_the_richest_wins() -> None:
    g = wc_game()
    last = g.map.turns
    begin_turn(g, 2, last)
    act(g, "pick", 0)
    set_coins(g, 1, 30)
    play_out(g)
    assert g.phase == Phase.OVER and g.winners == [1]
    assert not legal_actions(g)


def test_a_tie_goes_to_the_most_race_tokens_on_the_board() -> None:
    """Tied on coins, the player with more race tokens on the board, active and declined
    together, wins; tokens in hand do not count."""
    g = wc_game()
    give(g, 0, "humans", "mining", {8: 4})
    give(g, 1, "orcs", "farming", {10: 2}, hand=5)
    give(g, 1, "naga", "herbalist", {13: 1, 14: 1}, declined=True)
    give(g, 2, "trolls", "ranger", {16: 1})
    for seat in range(3):
        set_coins(g, seat, 40)
    assert g.rules.winners(g) == [0, 1]
    g.region_tokens[8] = 3
    g.tray["warcraft:humans"] += 1
    assert g.rules.winners(g) == [1]
