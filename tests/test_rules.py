"""Core rules of the base game (rules reference base.md §2-§9, §15), checked on built positions.

Regions are chosen on the 2-player map by their attributes (border, water, adjacency, ...);
ids equal the reference transcription's ids.
"""

from __future__ import annotations

import re

import pytest
from invariants import check
from scenario import (
    LAND,
    M,
    act,
    anyr,
    begin_turn,
    count,
    finish,
    give,
    kinds,
    land,
    lost_tribe,
    of,
    pair,
    pinned,
    plain,
    put,
    q,
    scenario,
    scored,
    targets,
    where,
)

from smallworld_tui.engine import IllegalAction, legal_actions, winners
from smallworld_tui.engine.bitset import NEUTRAL, NOBODY
from smallworld_tui.engine.board import load_map
from smallworld_tui.engine.registry import POWERS, RACES

# --- setup and picking -------------------------------------------------------------------

def test_six_combos_visible_costing_zero_to_five():
    g = scenario(2)
    assert len(g.combos) == 6
    assert g.phase == "pick"
    assert targets(g, "pick") == set(range(6))
    assert g.coins == [5, 5]
    check(g)


def test_lost_tribes_set_up_on_their_regions():
    g = scenario(2)
    tribes = {r.id for r in M.regions if r.lost_tribe}
    assert {r for r, a in enumerate(g.region_army) if a == NEUTRAL} == tribes
    assert all(g.region_tokens[r] == 1 for r in tribes)


def test_pick_places_one_coin_on_each_combo_above():
    g = scenario(2)
    before = [c.race for c in g.combos]
    events = act(g, "pick", 3)
    assert g.coins[0] == 2
    assert [c.coins for c in g.combos[:3]] == [1, 1, 1]
    assert [c.race for c in g.combos[:3]] == before[:3]
    (picked,) = of(events, "picked")
    assert picked["paid"] == 3 and picked["collected"] == 0
    check(g)


def test_pick_collects_coins_lying_on_the_combo():
    g = scenario(2)
    g.coins[1] -= 3  # coins a previous player left on combo 2
    g.combos[2].coins += 3
    events = act(g, "pick", 2)
    assert g.coins[0] == 5 - 2 + 3
    assert of(events, "picked")[0]["collected"] == 3
    check(g)


def test_cannot_pay_a_pick_with_the_coins_on_the_combo_itself():
    g = scenario(2)
    g.coins[0] = 0
    g.coins[1] -= 2
    g.combos[1].coins = 2
    assert targets(g, "pick") == {0}
    with pytest.raises(IllegalAction, match="costs 1 coins; you have 0"):
        act(g, "pick", 1)


def test_cannot_pick_beyond_your_coins():
    g = scenario(2)
    g.coins[0] = 2
    g.coins[1] += 3
    assert targets(g, "pick") == {0, 1, 2}
    with pytest.raises(IllegalAction, match="costs 3 coins; you have 2"):
        act(g, "pick", 3)


@pytest.mark.parametrize("race,power", [("ratmen", "merchant"), ("dwarves", "underworld"),
                                        ("sorcerers", "fortified"), ("humans", "seafaring")])
def test_tokens_taken_are_banner_plus_badge(race, power):
    g = pinned([race], [power])
    events = act(g, "pick", 0)
    army = g.armies[-1]
    assert army.hand == RACES[q(race)].tokens + POWERS[q(power)].tokens
    assert of(events, "picked")[0]["tokens"] == army.hand
    assert g.tray[q(race)] == RACES[q(race)].max_tokens - army.hand
    check(g)


def test_column_refills_from_the_stack_tops_and_slides_coins_up():
    g = scenario(2)
    g.coins[1] -= 1
    g.combos[4].coins = 1
    old = [(c.race, c.power) for c in g.combos]
    top = (g.race_stack[0], g.power_stack[0])
    stack_len = len(g.race_stack)
    act(g, "pick", 2)
    now = [(c.race, c.power) for c in g.combos]
    assert now == old[:2] + old[3:] + [top]
    assert g.combos[3].coins == 1  # the coin on old combo 4 moved up with it
    assert len(g.race_stack) == stack_len - 1
    check(g)


# --- first conquest -------------------------------------------------------------------------

def test_first_conquest_only_on_border_regions():
    g = pinned(["ratmen"], ["merchant"])
    act(g, "pick", 0)
    assert targets(g, "conquer") == set(land(lambda r: r.border))


def test_shore_of_an_edge_sea_is_a_border_region():
    shore = next(r.id for r in LAND if r.border and not r.at_board_edge)
    assert any(M.regions[n].terrain == "sea" for n in M.regions[shore].neighbors)
    g = pinned(["ratmen"], ["merchant"])
    act(g, "pick", 0)
    act(g, "conquer", shore)
    assert g.region_army[shore] == g.armies[-1].id


def test_lake_shore_is_not_a_border_region():
    lake = next(r.id for r in M.regions if r.terrain == "lake")
    shores = land(lambda r: lake in r.neighbors and not r.at_board_edge
                  and not any(M.regions[n].terrain == "sea" for n in r.neighbors))
    assert shores
    g = pinned(["ratmen"], ["merchant"])
    act(g, "pick", 0)
    for r in shores:
        assert r not in targets(g, "conquer")
        with pytest.raises(IllegalAction, match="first conquest must be in a border region"):
            act(g, "conquer", r)


def test_seas_and_lake_cannot_be_conquered_without_seafaring():
    g = pinned(["ratmen"], ["merchant"])
    act(g, "pick", 0)
    water = [r.id for r in M.regions if r.water]
    assert not targets(g, "conquer") & set(water)
    with pytest.raises(IllegalAction, match="only Seafaring"):
        act(g, "conquer", water[0])


def test_later_conquests_must_be_adjacent():
    a = land(lambda r: r.border)[0]
    far = land(lambda r: r.border and r.id != a and r.id not in M.regions[a].neighbors)[0]
    g = scenario(2, clear_tribes=True)
    give(g, 0, "ratmen", "merchant", {a: 1}, hand=5)
    begin_turn(g, 0)
    assert targets(g, "conquer") == set(n for n in M.regions[a].neighbors
                                        if not M.regions[n].water)
    with pytest.raises(IllegalAction, match="not adjacent"):
        act(g, "conquer", far)


# --- conquest cost --------------------------------------------------------------------------

def test_empty_region_costs_two():
    g = pinned(["ratmen"], ["merchant"])
    act(g, "pick", 0)
    r = land(lambda r: r.border and not r.mountain)[0]
    events = act(g, "conquer", r)
    assert of(events, "conquered")[0]["cost"] == 2
    assert g.armies[-1].hand == 8
    assert g.region_tokens[r] == 2


def test_lost_tribe_adds_one_and_is_discarded():
    g = pinned(["ratmen"], ["merchant"])
    act(g, "pick", 0)
    r = land(lambda r: r.border and not r.mountain)[0]
    lost_tribe(g, r)
    events = act(g, "conquer", r)
    (c,) = of(events, "conquered")
    assert c["cost"] == 3 and c["defender_seat"] == NEUTRAL and c["lost"] == 1
    assert g.region_tokens[r] == 3
    check(g)


def test_cost_formula_adds_mountain_lair_fortress_encampments_tokens():
    mtn, me = pair(lambda r: r.mountain, lambda r: not r.mountain)
    g = scenario(2, clear_tribes=True)
    give(g, 1, "humans", "alchemist", {mtn: 2})
    give(g, 0, "ratmen", "merchant", {me: 1}, hand=8)
    put(g, "troll_lair", mtn)
    put(g, "fortress", mtn)
    put(g, "encampment", mtn, 2)
    begin_turn(g, 0)
    # 2 + 1 mountain + 1 lair + 1 fortress + 2 encampments + 2 tokens = 9
    assert mtn not in targets(g, "conquer") and mtn in targets(g, "final")
    with pytest.raises(IllegalAction, match="costs 9 tokens; you have 8"):
        act(g, "conquer", mtn)
    g.armies[1].hand += 1
    g.tray["base:ratmen"] -= 1
    events = act(g, "conquer", mtn)
    assert of(events, "conquered")[0]["cost"] == 9
    assert where(g, "troll_lair") == 0 and where(g, "fortress") == 0
    assert count(g, "encampment", mtn) == 0
    check(g)


def test_mountain_marker_defends_whoever_holds_it():
    mtn, me = pair(lambda r: r.mountain, lambda r: not r.mountain)
    g = scenario(2, clear_tribes=True)
    give(g, 0, "ratmen", "merchant", {mtn: 1})
    give(g, 1, "humans", "alchemist", {me: 1}, hand=3)
    begin_turn(g, 1)
    with pytest.raises(IllegalAction, match="costs 4 tokens; you have 3"):
        act(g, "conquer", mtn)  # 2 + 1 mountain + 1 token


def test_need_at_least_one_token_in_hand():
    a, b = pair(anyr, anyr)
    g = scenario(2, clear_tribes=True)
    give(g, 0, "ratmen", "commando", {a: 1})
    begin_turn(g, 0)
    assert g.armies[-1].hand == 0
    assert "conquer" not in kinds(g) and "final" not in kinds(g)
    with pytest.raises(IllegalAction, match="at least 1 token"):
        act(g, "conquer", b)


def test_cannot_attack_own_active_region():
    a, b = pair(anyr, anyr)
    g = scenario(2, clear_tribes=True)
    give(g, 0, "ratmen", "merchant", {a: 1, b: 1}, hand=5)
    begin_turn(g, 0)
    assert b not in targets(g, "conquer")
    with pytest.raises(IllegalAction, match="already hold"):
        act(g, "conquer", b)


def test_may_attack_own_declined_race_losing_that_token():
    a, b = pair(anyr, lambda r: not r.mountain)
    g = scenario(2, clear_tribes=True)
    old = give(g, 0, "elves", "hill", {b: 1}, declined=True)
    new = give(g, 0, "ratmen", "merchant", {a: 1}, hand=3)
    begin_turn(g, 0)
    assert b in targets(g, "conquer")
    events = act(g, "conquer", b)
    (c,) = of(events, "conquered")
    assert c["cost"] == 3 and c["defender_seat"] == 0 and c["defender_declined"]
    assert not old.alive  # its last token gone: the race left the map
    assert g.region_army[b] == new.id
    assert "base:elves" in g.race_stack
    check(g)


# --- defenders ---------------------------------------------------------------------------

def test_defender_loses_one_token_and_redeploys_the_rest_at_turn_end():
    b, a = pair(lambda r: r.border, lambda r: not r.mountain)
    c = next(x.id for x in LAND if x.id not in (a, b) and x.id not in M.regions[b].neighbors)
    g = scenario(2, clear_tribes=True)
    defender = give(g, 1, "humans", "alchemist", {a: 3, c: 1})
    attacker = give(g, 0, "ratmen", "merchant", {b: 1}, hand=6)
    begin_turn(g, 0)
    events = act(g, "conquer", a)
    (ev,) = of(events, "conquered")
    assert ev["cost"] == 5 and ev["lost"] == 1 and ev["returned"] == 2
    assert defender.hand == 2
    assert g.tray["base:humans"] == 10 - 3
    act(g, "end_conquest")
    act(g, "deploy", a, attacker.hand)
    act(g, "end_redeploy")
    assert (g.phase, g.seat, g.actor) == ("defender", 0, 1)
    assert targets(g, "deploy") == {c}
    with pytest.raises(IllegalAction, match="2 token"):
        act(g, "end_redeploy")
    act(g, "deploy", c, 2)
    assert g.region_tokens[c] == 3 and defender.hand == 0
    events = act(g, "end_redeploy")
    assert scored(events, 0) == 2 + 2  # 2 regions + Merchant
    assert g.seat == 1 and g.phase == "conquer"
    check(g)


def test_defenders_redeploy_in_seat_order_after_the_attacker():
    m3 = load_map("base-3p")
    # attacker (seat 1) holds x; seat 0 and seat 2 each hold a neighbour of x with 2 tokens
    x = next(r.id for r in m3.regions if not r.water
             and sum(not m3.regions[n].water for n in r.neighbors) >= 4)
    n0, n2 = [n for n in sorted(m3.regions[x].neighbors) if not m3.regions[n].water][:2]
    spare = [r.id for r in m3.regions if not r.water and r.id not in (x, n0, n2)
             and x not in r.neighbors]
    g = scenario(3, clear_tribes=True)
    give(g, 0, "humans", "alchemist", {n0: 2, spare[0]: 1})
    give(g, 2, "elves", "hill", {n2: 2, spare[1]: 1})
    give(g, 1, "ratmen", "merchant", {x: 1}, hand=10)
    begin_turn(g, 1)
    act(g, "conquer", n0)  # seat 0 attacked first
    act(g, "conquer", n2)
    finish(g)
    assert (g.phase, g.actor) == ("defender", 2)  # seat 2 comes right after seat 1
    finish(g)
    assert (g.phase, g.actor) == ("defender", 0)
    finish(g)
    assert g.seat == 2 and g.actor == 2
    check(g)


def test_wiped_out_defender_keeps_tokens_and_reenters_at_a_border():
    b, a = pair(lambda r: r.border, lambda r: not r.border)
    g = scenario(2, clear_tribes=True)
    defender = give(g, 1, "humans", "alchemist", {a: 3})
    give(g, 0, "ratmen", "merchant", {b: 1}, hand=6)
    begin_turn(g, 0)
    act(g, "conquer", a)
    events = finish(g)
    assert not any(e.kind == "scored" and e.seat == 1 for e in events)
    assert g.seat == 1 and g.phase == "conquer"  # no defender phase: nowhere to go
    assert defender.alive and defender.mask == 0 and defender.hand == 2
    assert targets(g, "conquer") | targets(g, "final") <= set(land(lambda r: r.border))
    check(g)


# --- final conquest -------------------------------------------------------------------------

def _final_position(dice, hand, target_tokens):
    me, t = pair(lambda r: r.border, lambda r: not r.mountain)
    g = scenario(2, clear_tribes=True, dice=dice)
    give(g, 1, "humans", "alchemist", {t: target_tokens})
    army = give(g, 0, "ratmen", "merchant", {me: 1}, hand=hand)
    begin_turn(g, 0)
    return g, army, me, t


def test_final_conquest_allowed_only_up_to_three_short():
    g, _army, _me, t = _final_position([], 1, 2)  # cost 4, short 3
    assert "final" in kinds(g)
    g, _army, _me, t = _final_position([], 1, 3)  # cost 5, short 4
    assert t not in targets(g, "final")
    with pytest.raises(IllegalAction, match="more than 3 short"):
        act(g, "final", t)


def test_final_conquest_not_offered_when_affordable():
    g, _army, _me, t = _final_position([], 4, 2)
    assert t in targets(g, "conquer") and t not in targets(g, "final")


def test_final_conquest_success_puts_all_tokens_there_and_ends_conquest():
    g, army, _me, t = _final_position([2], 2, 2)  # cost 4, 2 in hand, die 2
    events = act(g, "final", t)
    (die,) = of(events, "die_rolled")
    assert die["value"] == 2 and die["short"] == 2 and die["success"]
    (c,) = of(events, "conquered")
    assert c["via"] == "final" and c["cost"] == 4
    assert c["tokens"] == 2  # every token in hand went there
    assert g.region_army[t] == army.id
    assert army.hand == 1  # lifted again for redeployment: 1 stays in each region
    assert g.phase == "redeploy" and g.turn.conquest_over
    check(g)


def test_final_conquest_failure_ends_conquest_tokens_kept_for_redeploy():
    g, army, me, t = _final_position([1], 2, 2)
    events = act(g, "final", t)
    assert not of(events, "die_rolled")[0]["success"]
    assert g.region_army[t] != army.id
    assert g.phase == "redeploy" and army.hand == 2
    assert "conquer" not in kinds(g)
    act(g, "deploy", me, 2)
    act(g, "end_redeploy")
    assert g.region_tokens[me] == 3
    check(g)


def test_may_stop_without_rolling():
    g, army, _me, _t = _final_position([], 2, 2)
    act(g, "end_conquest")
    assert g.phase == "redeploy" and army.hand == 2


# --- abandoning -------------------------------------------------------------------------------

def test_abandon_before_first_conquest_returns_tokens_to_hand():
    a, b = pair(lambda r: r.border, anyr)
    g = scenario(2, clear_tribes=True)
    army = give(g, 0, "ratmen", "merchant", {a: 2, b: 3})
    begin_turn(g, 0)
    assert targets(g, "abandon") == {a, b}
    events = act(g, "abandon", b)
    assert of(events, "abandoned")[0]["region"] == b
    assert g.region_army[b] == NOBODY and army.hand == 1 + 3
    check(g)


def test_no_abandon_after_first_conquest():
    a, b = pair(lambda r: r.border, anyr)
    g = scenario(2, clear_tribes=True)
    give(g, 0, "ratmen", "merchant", {a: 2}, hand=3)
    begin_turn(g, 0)
    act(g, "conquer", b)
    assert "abandon" not in kinds(g)
    with pytest.raises(IllegalAction, match="before your first conquest"):
        act(g, "abandon", a)


def test_abandon_everything_then_first_conquest_rule_again():
    a = land(lambda r: not r.border)[0]
    g = scenario(2, clear_tribes=True)
    give(g, 0, "ratmen", "merchant", {a: 4})
    begin_turn(g, 0)
    act(g, "abandon", a)
    assert targets(g, "conquer") == set(land(lambda r: r.border))
    assert "decline" not in kinds(g)  # abandoning is acting


# --- decline ------------------------------------------------------------------------------

def test_decline_trims_to_one_token_per_region_and_ends_the_turn():
    a, b = pair(anyr, anyr)
    g = scenario(2, clear_tribes=True)
    army = give(g, 0, "ratmen", "merchant", {a: 3, b: 4})
    begin_turn(g, 0)
    assert army.hand == 5
    events = act(g, "decline")
    assert army.declined and not army.badge and army.hand == 0
    assert g.region_tokens[a] == 1 and g.region_tokens[b] == 1
    assert g.tray["base:ratmen"] == 13 - 2
    assert "base:merchant" in g.power_discard
    assert scored(events, 0) == 2  # 1 per region, no Merchant bonus
    assert of(events, "conquered") == []
    assert g.seat == 1
    check(g)


def test_decline_removes_older_declined_race_banner_to_stack_bottom():
    a, b = pair(anyr, anyr)
    g = scenario(2, clear_tribes=True)
    old = give(g, 0, "elves", "hill", {b: 1}, declined=True)
    give(g, 0, "ratmen", "merchant", {a: 3})
    begin_turn(g, 0)
    events = act(g, "decline")
    assert not old.alive and g.region_army[b] == NOBODY
    assert g.race_stack[-1] == "base:elves"
    assert of(events, "declined")[0]["removed"] == "base:elves"
    assert of(events, "race_removed")[0]["race"] == "base:elves"
    assert scored(events, 0) == 1
    check(g)


def test_decline_only_at_start_of_turn():
    a, b = pair(anyr, anyr)
    g = scenario(2, clear_tribes=True)
    give(g, 0, "ratmen", "merchant", {a: 3})
    begin_turn(g, 0)
    assert "decline" in kinds(g)
    act(g, "conquer", b)
    assert "decline" not in kinds(g)
    with pytest.raises(IllegalAction, match="start of your turn"):
        act(g, "decline")


def test_no_decline_on_the_turn_a_race_is_picked():
    g = pinned(["ratmen"], ["merchant"])
    act(g, "pick", 0)
    assert "decline" not in kinds(g)


def test_after_decline_next_turn_picks_a_new_combo_and_scores_both():
    a, b = pair(lambda r: r.border, anyr)
    g = pinned(["wizards"], ["commando"])
    give(g, 0, "ratmen", "merchant", {a: 3, b: 1})
    give(g, 1, "humans", "alchemist", {})
    begin_turn(g, 0)
    act(g, "decline")
    begin_turn(g, 0)
    assert g.phase == "pick"
    act(g, "pick", 0)
    r = next(x for x in sorted(targets(g, "conquer"))
             if x not in (a, b) and not M.regions[x].magic)
    act(g, "conquer", r)
    events = finish(g)
    assert scored(events, 0) == 2 + 1  # declined ratmen 2 regions, new wizards 1
    check(g)


def test_wiped_out_active_race_may_just_score_its_declined_race():
    a = land(anyr)[0]
    g = scenario(2, clear_tribes=True)
    give(g, 0, "elves", "hill", {a: 1}, declined=True)
    give(g, 0, "ratmen", "merchant", {})
    begin_turn(g, 0)
    assert kinds(g) == {"decline", "end_conquest"}
    events = finish(g)
    assert scored(events, 0) == 1
    check(g)


def test_wiped_out_active_race_may_decline_scoring_nothing():
    a = land(anyr)[0]
    g = scenario(2, clear_tribes=True)
    old = give(g, 0, "elves", "hill", {a: 1}, declined=True)
    wiped = give(g, 0, "ratmen", "merchant", {})
    begin_turn(g, 0)
    events = act(g, "decline")
    assert not old.alive and not wiped.alive
    assert not any(e.kind == "scored" and e["coins"] for e in events)
    assert g.seat == 1
    begin_turn(g, 0)
    assert g.phase == "pick"
    check(g)


# --- redeployment ---------------------------------------------------------------------------

def test_redeploy_lifts_all_but_one_token_per_region():
    a, b = pair(anyr, plain)
    g = scenario(2, clear_tribes=True)
    army = give(g, 0, "ratmen", "merchant", {a: 4}, hand=2)
    begin_turn(g, 0)
    act(g, "conquer", b)
    events = act(g, "end_conquest")
    assert g.region_tokens[a] == 1 and g.region_tokens[b] == 1
    assert army.hand == 6 - 2
    assert of(events, "redeploy_started")[0]["hand"] == 4
    assert targets(g, "deploy") == {a, b}
    with pytest.raises(IllegalAction, match="still have 4 token"):
        act(g, "end_redeploy")
    with pytest.raises(IllegalAction, match="only place tokens in your own regions"):
        act(g, "deploy", next(x for x in land(anyr) if x not in (a, b)), 1)
    act(g, "deploy", a, 1)
    act(g, "deploy", b, 3)
    assert (g.region_tokens[a], g.region_tokens[b], army.hand) == (2, 4, 0)
    act(g, "end_redeploy")
    check(g)


# --- scoring ------------------------------------------------------------------------------

def test_score_one_per_region_of_every_own_race():
    a, b = pair(anyr, anyr)
    c = next(x for x in land(anyr) if x not in (a, b))
    g = scenario(2, clear_tribes=True)
    give(g, 0, "elves", "hill", {c: 1}, declined=True)
    give(g, 0, "ratmen", "commando", {a: 1, b: 1})
    begin_turn(g, 0)
    events = finish(g)
    assert scored(events, 0) == 3
    assert g.gains[0][0] == 3 and g.coins[0] == 8
    check(g)


# --- end of game ----------------------------------------------------------------------------

def test_game_ends_after_the_last_round():
    a, b = pair(anyr, anyr)
    g = scenario(2, clear_tribes=True)
    give(g, 0, "ratmen", "commando", {a: 1})
    give(g, 1, "humans", "alchemist", {b: 1})
    begin_turn(g, 0, round_=M.turns)
    finish(g)
    assert g.seat == 1 and g.phase == "conquer" and g.round == M.turns
    events = finish(g)
    assert g.phase == "over" and g.finished
    (over,) = of(events, "game_over")
    assert over["winners"] == g.winners == [1]  # humans: 1 region + alchemist
    assert legal_actions(g) == []


def test_map_turn_counts():
    assert [load_map(f"base-{n}p").turns for n in (2, 3, 4, 5)] == [10, 10, 9, 8]


def test_tie_broken_by_tokens_on_board():
    a, b = pair(anyr, anyr)
    g = scenario(2, clear_tribes=True)
    give(g, 0, "ratmen", "commando", {a: 3})
    give(g, 1, "humans", "alchemist", {b: 2}, hand=5)  # hand does not count
    g.coins = [9, 9]
    assert winners(g) == [0]


def test_full_tie_is_a_shared_win():
    a, b = pair(anyr, anyr)
    g = scenario(2, clear_tribes=True)
    give(g, 0, "ratmen", "commando", {a: 2})
    give(g, 1, "humans", "alchemist", {b: 2})
    g.coins = [9, 9]
    assert winners(g) == [0, 1]
    g.coins = [9, 10]
    assert winners(g) == [1]


def test_the_bank_never_runs_dry():
    a = land(anyr)[0]
    g = scenario(2, clear_tribes=True)
    give(g, 0, "ratmen", "alchemist", {a: 1})
    g.coins[1] = 515 - 5  # every coin of the box is in hand
    assert g.bank() == 0
    begin_turn(g, 0)
    finish(g)
    assert g.coins[0] == 5 + 3 and g.bank() == -3


# --- banners and badges ------------------------------------------------------------------------

def test_badges_reshuffled_when_the_power_stack_runs_out():
    g = scenario(2)
    g.power_discard, g.power_stack = g.power_stack, []
    discarded = set(g.power_discard)
    act(g, "pick", 0)
    assert g.combos[-1].power in discarded
    assert g.power_discard == [] and len(g.power_stack) == len(discarded) - 1
    check(g)


def test_returning_banner_fills_an_empty_column_slot():
    m5 = load_map("base-5p")
    borders = [r.id for r in m5.regions if r.border and not r.water]
    g = scenario(5, clear_tribes=True)
    races = list(g.race_stack[:8])
    powers = [p for p in POWERS if p not in ("spirit",)]
    powers = [p for p in powers if p in g.power_stack][:8]
    k = 0
    for seat in range(1, 5):
        give(g, seat, races[k], powers[k], {borders[k]: 1}, declined=True)
        give(g, seat, races[k + 1], powers[k + 1], {borders[k + 1]: 2})
        k += 2
    assert g.race_stack == [] and len(g.combos) == 6
    begin_turn(g, 0)
    act(g, "pick", 0)
    assert len(g.combos) == 5
    victim = g.region_army[borders[0]]
    assert g.armies[victim].declined
    act(g, "conquer", borders[0])
    assert not g.armies[victim].alive
    assert len(g.combos) == 6 and g.combos[-1].race == races[0]
    assert g.combos[-1].coins == 0
    check(g)


def test_returning_banner_goes_under_the_stack_when_the_column_is_full():
    a, b = pair(anyr, anyr)
    g = scenario(2, clear_tribes=True)
    give(g, 1, "elves", "hill", {b: 1}, declined=True)
    give(g, 0, "ratmen", "merchant", {a: 1}, hand=5)
    begin_turn(g, 0)
    act(g, "conquer", b)
    assert g.race_stack[-1] == "base:elves" and len(g.combos) == 6
    assert "base:hill" in g.power_discard
    check(g)


# --- illegal actions ---------------------------------------------------------------------------

def test_illegal_conquest_message_names_cost_and_hand():
    a, b = pair(lambda r: not r.mountain, lambda r: not r.mountain)
    g = scenario(2, clear_tribes=True)
    give(g, 1, "humans", "alchemist", {b: 2})
    give(g, 0, "ratmen", "merchant", {a: 1}, hand=3)
    begin_turn(g, 0)
    with pytest.raises(IllegalAction) as err:
        act(g, "conquer", b)
    assert re.search(r"costs 4 tokens; you have 3$", str(err.value))
    assert str(b) in str(err.value)


def test_illegal_actions_in_the_wrong_phase():
    g = scenario(2)
    with pytest.raises(IllegalAction, match="not the time to conquer"):
        act(g, "conquer", 1)
    with pytest.raises(IllegalAction, match="no combo number 9"):
        act(g, "pick", 9)


def test_invalid_action_does_not_change_the_state():
    a, b = pair(anyr, anyr)
    g = scenario(2, clear_tribes=True)
    give(g, 0, "ratmen", "merchant", {a: 1}, hand=1)
    begin_turn(g, 0)
    before = g.dumps()
    with pytest.raises(IllegalAction):
        act(g, "conquer", b)
    assert g.dumps() == before
