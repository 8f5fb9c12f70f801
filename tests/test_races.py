"""The 14 races of the base game: each racial rule and its edge cases (base.md §11, §13).

Positions are built on the 2-player map (3-player where a third seat matters); regions are
chosen by their attributes, ids equal the reference transcription's ids.
"""

from __future__ import annotations

import pytest
from invariants import check
from scenario import (
    LAND,
    M,
    act,
    anyr,
    begin_turn,
    clear,
    far_from,
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
    scenario,
    scored,
    targets,
    where,
)

from smallworld_tui.engine import IllegalAction, ruleset
from smallworld_tui.engine.bitset import NOBODY
from smallworld_tui.engine.board import load_map
from smallworld_tui.engine.registry import RACES


def cost_of(events) -> int:
    (c,) = of(events, "conquered")
    return c["cost"]


# --- Amazons ------------------------------------------------------------------------------

def test_amazons_pick_gets_four_extra_tokens():
    g = pinned(["amazons"], ["commando"])
    events = act(g, "pick", 0)
    assert g.armies[-1].hand == 6 + 4 + 4
    assert of(events, "tokens_gained")[0]["count"] == 4
    assert g.tray["base:amazons"] == 15 - 14
    check(g)


def test_amazons_get_four_extra_when_troops_are_readied():
    a = land(anyr)[0]
    g = scenario(2, clear_tribes=True)
    army = give(g, 0, "amazons", "commando", {a: 3})
    events = begin_turn(g, 0)
    assert army.hand == 2 + 4
    assert of(events, "tokens_gained")[0]["count"] == 4
    assert g.tray["base:amazons"] == 15 - 3 - 4
    check(g)


def test_amazons_give_back_four_at_redeployment():
    a, b = pair(anyr, plain)
    g = scenario(2, clear_tribes=True)
    army = give(g, 0, "amazons", "alchemist", {a: 3})
    begin_turn(g, 0)
    act(g, "conquer", b)
    events = act(g, "end_conquest")
    assert of(events, "tokens_returned")[0]["count"] == 4
    assert army.hand == 1  # 6 - 2 spent, +1 lifted from b, -4 extra
    act(g, "deploy", b, 1)
    act(g, "end_redeploy")
    assert g.tokens_on_board(army) == 3
    assert g.tray["base:amazons"] == 15 - 3
    check(g)


def test_amazons_short_of_four_must_abandon_regions():
    home = next(r.id for r in LAND
                if sum(plain(M.regions[n]) and not M.regions[n].water for n in r.neighbors) >= 2)
    d, e = [n for n in sorted(M.regions[home].neighbors)
            if plain(M.regions[n]) and not M.regions[n].water][:2]
    b, c = far_from(home, d, e)[:2]
    g = scenario(2, clear_tribes=True)
    army = give(g, 0, "amazons", "alchemist", {home: 1, b: 1, c: 1})
    begin_turn(g, 0)
    assert army.hand == 4
    act(g, "conquer", d)
    act(g, "conquer", e)
    act(g, "end_conquest")  # 2 can come off (d and e keep one each): 2 still owed
    assert army.hand == 0
    assert kinds(g) == {"abandon"}
    assert targets(g, "abandon") == {home, b, c, d, e}
    with pytest.raises(IllegalAction, match="4 extra Amazons must leave"):
        act(g, "end_redeploy")
    act(g, "abandon", b)
    assert "end_redeploy" not in kinds(g)
    act(g, "abandon", c)
    assert kinds(g) == {"end_redeploy"}
    act(g, "end_redeploy")
    assert army.mask.bit_count() == 3 and g.tokens_on_board(army) == 3
    assert g.region_army[b] == NOBODY and g.region_army[c] == NOBODY
    assert g.tray["base:amazons"] == 15 - 3
    check(g)


def test_amazons_going_into_decline_put_the_extra_back():
    a, b = pair(anyr, anyr)
    g = scenario(2, clear_tribes=True)
    army = give(g, 0, "amazons", "commando", {a: 3, b: 1})
    begin_turn(g, 0)
    assert army.hand == 6
    act(g, "decline")
    assert army.hand == 0 and g.region_tokens[a] == 1 and g.region_tokens[b] == 1
    assert g.tray["base:amazons"] == 15 - 2
    check(g)


def test_declined_amazons_are_ordinary_tokens():
    a, b = pair(anyr, anyr)
    g = scenario(2, clear_tribes=True)
    give(g, 0, "amazons", "commando", {a: 1}, declined=True)
    give(g, 0, "ratmen", "merchant", {b: 1})
    events = begin_turn(g, 0)
    assert not of(events, "tokens_gained")
    assert g.tray["base:amazons"] == 15 - 1
    check(g)


# --- Dwarves ----------------------------------------------------------------------------------

def test_dwarves_score_one_per_mine():
    mine, other = pair(lambda r: r.mine, lambda r: not r.mine)
    g = scenario(2, clear_tribes=True)
    give(g, 0, "dwarves", "commando", {mine: 1, other: 1})
    begin_turn(g, 0)
    events = finish(g)
    assert scored(events, 0) == 2 + 1
    (s,) = of(events, "scored")
    assert ["race:base:dwarves", 1] in s["breakdown"]


def test_declined_dwarves_still_score_their_mines():
    mine = land(lambda r: r.mine)[0]
    other = far_from(mine)[0]
    g = scenario(2, clear_tribes=True)
    give(g, 0, "dwarves", "commando", {mine: 1}, declined=True)
    give(g, 0, "ratmen", "pillaging", {other: 1})
    begin_turn(g, 0)
    events = finish(g)
    assert scored(events, 0) == 1 + 1 + 1


def test_dwarves_mines_count_on_the_decline_turn():
    mine, other = pair(lambda r: r.mine, lambda r: not r.mine)
    g = scenario(2, clear_tribes=True)
    give(g, 0, "dwarves", "hill", {mine: 2, other: 1})
    begin_turn(g, 0)
    events = act(g, "decline")
    assert scored(events, 0) == 2 + 1  # regions + mine, no power bonus


# --- Elves ------------------------------------------------------------------------------------

def _elves_attacked(declined=False, tokens=3):
    me, t = pair(lambda r: r.border, plain)
    other = far_from(me, t)[0]
    g = scenario(2, clear_tribes=True)
    regions = {t: tokens} if declined else {t: tokens, other: 1}
    elves = give(g, 1, "elves", "hill", regions, declined=declined)
    attacker = give(g, 0, "ratmen", "merchant", {me: 1}, hand=7)
    begin_turn(g, 0)
    return g, elves, attacker, t, other


def test_elves_lose_no_token_when_conquered():
    g, elves, _, t, other = _elves_attacked()
    events = act(g, "conquer", t)
    (c,) = of(events, "conquered")
    assert c["cost"] == 5 and c["lost"] == 0 and c["returned"] == 3
    assert elves.hand == 3 and g.tray["base:elves"] == 11 - 4
    finish(g)
    assert (g.phase, g.actor) == ("defender", 1)
    act(g, "deploy", other, 3)
    assert g.region_tokens[other] == 4
    act(g, "end_redeploy")
    check(g)


def test_declined_elves_lose_their_token():
    g, elves, _, t, _ = _elves_attacked(declined=True, tokens=1)
    events = act(g, "conquer", t)
    assert of(events, "conquered")[0]["lost"] == 1
    assert not elves.alive and g.tray["base:elves"] == 11
    check(g)


def test_elves_lose_the_token_to_a_sorcerer_swap():
    me, t = pair(anyr, anyr)
    other = far_from(me, t)[0]
    g = scenario(2, clear_tribes=True)
    elves = give(g, 1, "elves", "hill", {t: 1, other: 1})
    give(g, 0, "sorcerers", "merchant", {me: 1})
    begin_turn(g, 0)
    events = act(g, "sorcery", t)
    assert of(events, "conquered")[0]["lost"] == 1
    assert elves.hand == 0 and g.tray["base:elves"] == 11 - 1
    check(g)


def test_elves_lose_no_token_to_a_dragon_conquest():
    me, t = pair(lambda r: r.border, plain)
    other = far_from(me, t)[0]
    g = scenario(2, clear_tribes=True)
    elves = give(g, 1, "elves", "hill", {t: 3, other: 1})
    give(g, 0, "ratmen", "dragon_master", {me: 1}, hand=1)
    begin_turn(g, 0)
    events = act(g, "dragon", t)
    assert of(events, "conquered")[0]["lost"] == 0 and elves.hand == 3
    check(g)


# --- Ghouls -------------------------------------------------------------------------------

def test_ghouls_keep_all_tokens_in_decline():
    a, b = pair(anyr, anyr)
    g = scenario(2, clear_tribes=True)
    ghouls = give(g, 0, "ghouls", "hill", {a: 3, b: 2})
    begin_turn(g, 0)
    events = act(g, "decline")
    assert ghouls.declined and g.region_tokens[a] == 3 and g.region_tokens[b] == 2
    assert ghouls.hand == 0 and g.tray["base:ghouls"] == 10 - 5
    assert scored(events, 0) == 2
    check(g)


def test_declined_ghouls_conquer_first_then_the_active_race():
    a, b = pair(anyr, plain)
    c = far_from(a, b)[0]
    g = scenario(2, clear_tribes=True)
    ghouls = give(g, 0, "ghouls", "hill", {a: 4}, declined=True)
    ratmen = give(g, 0, "ratmen", "merchant", {c: 3})
    begin_turn(g, 0)
    assert g.turn.acting == ghouls.id and g.phase == "conquer"
    assert ghouls.hand == 3
    assert "decline" not in kinds(g)
    act(g, "conquer", b)
    assert g.region_army[b] == ghouls.id
    act(g, "end_conquest")
    assert g.phase == "redeploy" and g.turn.acting == ghouls.id
    act(g, "deploy", a, ghouls.hand)
    act(g, "end_redeploy")
    assert g.phase == "conquer" and g.turn.acting == ratmen.id
    assert ratmen.hand == 2
    assert "decline" in kinds(g)  # the Ghoul phase does not count as the active race acting
    check(g)


def test_declined_ghouls_may_attack_own_active_race():
    a, b = pair(anyr, plain)
    g = scenario(2, clear_tribes=True)
    give(g, 0, "ghouls", "hill", {a: 5}, declined=True)
    ratmen = give(g, 0, "ratmen", "merchant", {b: 2})
    begin_turn(g, 0)
    assert b in targets(g, "conquer")
    events = act(g, "conquer", b)  # 2 + 2 tokens
    (c,) = of(events, "conquered")
    assert c["cost"] == 4 and c["defender_seat"] == 0 and not c["defender_declined"]
    assert ratmen.mask == 0 and ratmen.hand == 1
    assert 0 not in g.turn.attacked
    finish(g)
    assert g.turn.acting == ratmen.id and ratmen.hand == 1
    assert targets(g, "conquer") | targets(g, "final") <= set(land(lambda r: r.border))
    check(g)


def test_declined_ghouls_do_not_use_their_old_power():
    a, b = pair(anyr, lambda r: r.terrain == "hill")
    c = far_from(a, b)[0]
    g = scenario(2, clear_tribes=True)
    give(g, 0, "ghouls", "hill", {a: 3, b: 1}, declined=True)
    give(g, 0, "ratmen", "commando", {c: 1})
    begin_turn(g, 0)
    finish(g)  # the Ghoul phase
    events = finish(g)  # the active race
    assert scored(events, 0) == 2 + 1  # no Hill bonus for the declined Ghouls


def test_a_declined_ghoul_region_taken_loses_every_token():
    """Seed 004: a region defended by a declined race sends all its tokens to the tray
    (seed 001 agrees), Ghouls included: nothing is left to redeploy."""
    me, t = pair(lambda r: r.border, plain)
    other = far_from(me, t)[0]
    g = scenario(2, clear_tribes=True)
    ghouls = give(g, 1, "ghouls", "hill", {t: 3, other: 1}, declined=True)
    give(g, 0, "ratmen", "merchant", {me: 1}, hand=7)
    tray = g.tray["base:ghouls"]
    begin_turn(g, 0)
    events = act(g, "conquer", t)
    conquered = of(events, "conquered")[0]
    assert (conquered["lost"], conquered["returned"]) == (3, 0) and ghouls.hand == 0
    assert g.tray["base:ghouls"] == tray + 3
    finish(g)
    assert g.phase != "defender" and g.region_tokens[other] == 1
    check(g)


def test_declined_ghouls_may_attack_own_halfling_holes():
    a, b = pair(anyr, plain)
    g = scenario(2, clear_tribes=True)
    give(g, 0, "ghouls", "hill", {a: 4}, declined=True)
    give(g, 0, "halflings", "merchant", {b: 1})
    put(g, "hole", b)
    begin_turn(g, 0)
    assert b in targets(g, "conquer")


# --- Giants ---------------------------------------------------------------------------------

def test_giants_pay_one_less_next_to_a_mountain_they_hold():
    mtn, t = pair(lambda r: r.mountain, plain)
    g = scenario(2, clear_tribes=True)
    give(g, 0, "giants", "alchemist", {mtn: 1}, hand=4)
    begin_turn(g, 0)
    assert cost_of(act(g, "conquer", t)) == 1


def test_giants_no_discount_away_from_their_mountains():
    a, t = pair(lambda r: not r.mountain and not any(M.regions[n].mountain for n in r.neighbors),
                lambda r: plain(r) and not any(M.regions[n].mountain for n in r.neighbors))
    g = scenario(2, clear_tribes=True)
    give(g, 0, "giants", "alchemist", {a: 1}, hand=4)
    begin_turn(g, 0)
    assert cost_of(act(g, "conquer", t)) == 2


def test_giants_discount_from_a_mountain_taken_this_turn():
    # x next to mountain m; y next to m but not to x
    x, m, y = next((x.id, m, y) for x in LAND if plain(x) for m in sorted(x.neighbors)
                   if M.regions[m].mountain for y in sorted(M.regions[m].neighbors)
                   if y != x.id and y not in x.neighbors and plain(M.regions[y])
                   and not M.regions[y].water)
    g = scenario(2, clear_tribes=True)
    give(g, 0, "giants", "alchemist", {x: 1}, hand=5)
    begin_turn(g, 0)
    assert cost_of(act(g, "conquer", m)) == 3
    assert cost_of(act(g, "conquer", y)) == 1


def test_giants_discount_not_widened_by_flying():
    mtn = land(lambda r: r.mountain)[0]
    f = next(r for r in far_from(mtn) if plain(M.regions[r]))
    g = scenario(2, clear_tribes=True)
    give(g, 0, "giants", "flying", {mtn: 1}, hand=4)
    begin_turn(g, 0)
    assert f in targets(g, "conquer")
    assert cost_of(act(g, "conquer", f)) == 2


# --- Halflings -------------------------------------------------------------------------------

def test_halflings_first_conquest_anywhere_on_land():
    g = pinned(["halflings"], ["alchemist"])
    act(g, "pick", 0)
    assert targets(g, "conquer") == set(land(anyr))
    inner = land(lambda r: not r.border and plain(r))[0]
    act(g, "conquer", inner)
    assert g.region_army[inner] == g.armies[-1].id


def test_halflings_holes_in_the_first_two_conquests_only():
    g = pinned(["halflings"], ["alchemist"])
    act(g, "pick", 0)
    a, b = pair(plain, plain)
    c = next(n for n in sorted(M.regions[b].neighbors | M.regions[a].neighbors)
             if n not in (a, b) and not M.regions[n].water and plain(M.regions[n]))
    e1 = act(g, "conquer", a)
    e2 = act(g, "conquer", b)
    e3 = act(g, "conquer", c)
    assert [p["piece"] for p in of(e1 + e2 + e3, "piece_placed")] == ["base:hole", "base:hole"]
    assert where(g, "hole") == (1 << a) | (1 << b)
    check(g)


def test_halfling_holes_are_immune_to_enemy_conquest():
    h, me = pair(anyr, lambda r: r.border)
    g = scenario(2, clear_tribes=True)
    give(g, 1, "halflings", "alchemist", {h: 1})
    put(g, "hole", h)
    give(g, 0, "ratmen", "merchant", {me: 1}, hand=9)
    begin_turn(g, 0)
    assert h not in targets(g, "conquer") | targets(g, "final")
    with pytest.raises(IllegalAction, match="immune"):
        act(g, "conquer", h)


def test_halfling_holes_are_immune_to_dragon_and_sorcery():
    h, me = pair(anyr, anyr)
    other = far_from(h, me)[0]
    for power, kind in (("dragon_master", "dragon"), ("alchemist", "sorcery")):
        g = scenario(2, clear_tribes=True)
        give(g, 1, "halflings", "hill", {h: 1, other: 1})
        put(g, "hole", h)
        give(g, 0, "sorcerers", power, {me: 1}, hand=3)
        begin_turn(g, 0)
        assert h not in targets(g, kind), kind
        clear(g, "hole")
        assert h in targets(g, kind), kind  # only the Hole protected it


def test_halfling_holes_removed_on_decline():
    a, b = pair(anyr, anyr)
    g = scenario(2, clear_tribes=True)
    give(g, 0, "halflings", "alchemist", {a: 2, b: 1})
    put(g, "hole", a)
    put(g, "hole", b)
    begin_turn(g, 0)
    act(g, "decline")
    assert where(g, "hole") == 0
    check(g)


def test_halfling_hole_removed_on_abandon():
    a, b = pair(anyr, anyr)
    g = scenario(2, clear_tribes=True)
    give(g, 0, "halflings", "alchemist", {a: 2, b: 1})
    put(g, "hole", a)
    put(g, "hole", b)
    begin_turn(g, 0)
    act(g, "abandon", a)
    assert where(g, "hole") == 1 << b
    check(g)


def test_halfling_holes_not_placed_again_after_reentering():
    g = scenario(2, clear_tribes=True)
    army = give(g, 0, "halflings", "alchemist", {}, hand=6)
    army.extra["holes"] = 2
    begin_turn(g, 0)
    inner = land(lambda r: not r.border and plain(r))[0]
    events = act(g, "conquer", inner)
    assert not of(events, "piece_placed") and where(g, "hole") == 0


# --- Humans, Wizards, Ratmen ------------------------------------------------------------------

def test_humans_score_one_per_farmland():
    farm, other = pair(lambda r: r.terrain == "farmland", lambda r: r.terrain != "farmland")
    g = scenario(2, clear_tribes=True)
    give(g, 0, "humans", "commando", {farm: 1, other: 1})
    begin_turn(g, 0)
    assert scored(finish(g), 0) == 2 + 1


def test_declined_humans_get_no_farmland_bonus():
    farm = land(lambda r: r.terrain == "farmland")[0]
    other = far_from(farm)[0]
    g = scenario(2, clear_tribes=True)
    give(g, 0, "humans", "commando", {farm: 1}, declined=True)
    give(g, 0, "ratmen", "commando", {other: 1})
    begin_turn(g, 0)
    assert scored(finish(g), 0) == 2


def test_wizards_score_one_per_magic_source():
    magic, other = pair(lambda r: r.magic, lambda r: not r.magic)
    g = scenario(2, clear_tribes=True)
    give(g, 0, "wizards", "commando", {magic: 1, other: 1})
    begin_turn(g, 0)
    assert scored(finish(g), 0) == 2 + 1


def test_declined_wizards_get_no_magic_bonus():
    magic = land(lambda r: r.magic)[0]
    other = far_from(magic)[0]
    g = scenario(2, clear_tribes=True)
    give(g, 0, "wizards", "commando", {magic: 1}, declined=True)
    give(g, 0, "ratmen", "commando", {other: 1})
    begin_turn(g, 0)
    assert scored(finish(g), 0) == 2


def test_ratmen_have_eight_tokens_and_no_racial_bonus():
    g = pinned(["ratmen"], ["alchemist"])
    act(g, "pick", 0)
    assert g.armies[-1].hand == 8 + 4
    r = land(lambda r: r.border and plain(r))[0]
    act(g, "conquer", r)
    assert scored(finish(g), 0) == 1 + 2  # region + Alchemist


# --- Orcs ----------------------------------------------------------------------------------

def test_orcs_score_one_per_non_empty_region_conquered():
    home = next(r.id for r in LAND
                if sum(plain(M.regions[n]) and not M.regions[n].water for n in r.neighbors) >= 3)
    t1, t2, t3 = [n for n in sorted(M.regions[home].neighbors)
                  if plain(M.regions[n]) and not M.regions[n].water][:3]
    g = scenario(2, clear_tribes=True)
    lost_tribe(g, t1)
    give(g, 0, "elves", "hill", {t2: 1}, declined=True)  # own declined counts
    give(g, 0, "orcs", "commando", {home: 1}, hand=8)
    begin_turn(g, 0)
    for t in (t1, t2, t3):  # t3 is empty: no bonus
        act(g, "conquer", t)
    events = finish(g)
    (s,) = of(events, "scored")
    assert ["race:base:orcs", 2] in s["breakdown"]
    assert s["coins"] == 4 + 2


def test_orcs_mountain_alone_is_not_non_empty():
    mtn, home = pair(lambda r: r.mountain, anyr)
    g = scenario(2, clear_tribes=True)
    give(g, 0, "orcs", "commando", {home: 1}, hand=5)
    begin_turn(g, 0)
    act(g, "conquer", mtn)
    assert scored(finish(g), 0) == 2


# --- Skeletons --------------------------------------------------------------------------------

def _skeleton_raid(tribes: int, empties: int, hand: int):
    home = next(r.id for r in LAND if sum(plain(M.regions[n]) and not M.regions[n].water
                                         for n in r.neighbors) >= tribes + empties)
    near = [n for n in sorted(M.regions[home].neighbors)
            if plain(M.regions[n]) and not M.regions[n].water]
    g = scenario(2, clear_tribes=True)
    for t in near[:tribes]:
        lost_tribe(g, t)
    army = give(g, 0, "skeletons", "commando", {home: 1}, hand=hand)
    begin_turn(g, 0)
    for t in near[:tribes + empties]:
        act(g, "conquer", t)
    return g, army


@pytest.mark.parametrize("tribes,gained", [(1, 0), (2, 1), (3, 1), (4, 2)])
def test_skeletons_one_token_per_two_non_empty_conquests(tribes, gained):
    g, army = _skeleton_raid(tribes, 1, 10)
    hand = army.hand
    lifted = sum(g.region_tokens[r] - 1 for r in range(len(M.regions)) if army.mask >> r & 1)
    events = act(g, "end_conquest")
    assert army.hand == hand + lifted + gained
    assert sum(e["count"] for e in of(events, "tokens_gained")) == gained
    finish(g)
    check(g)


def test_skeletons_gain_limited_by_the_tray():
    g, _army = _skeleton_raid(4, 0, 18)  # 20 in the box: 1 left in the tray
    assert g.tray["base:skeletons"] == 1
    act(g, "end_conquest")
    assert g.tray["base:skeletons"] == 0
    finish(g)
    check(g)


def test_skeletons_pick_two_plus_six():
    g = pinned(["skeletons"], ["merchant"])
    act(g, "pick", 0)
    assert g.armies[-1].hand == 8


# --- Sorcerers -----------------------------------------------------------------------------

def _sorcery_position(players=2, defender_regions=None, hand=0):
    me, t = pair(anyr, anyr)
    g = scenario(players, clear_tribes=True)
    enemy = give(g, 1, "humans", "hill", defender_regions or {t: 1})
    sorc = give(g, 0, "sorcerers", "merchant", {me: 1}, hand=hand)
    begin_turn(g, 0)
    return g, sorc, enemy, me, t


def test_sorcery_swaps_a_lone_active_enemy_token_without_tokens_in_hand():
    g, sorc, enemy, _me, t = _sorcery_position()
    assert sorc.hand == 0 and t in targets(g, "sorcery")
    events = act(g, "sorcery", t)
    (c,) = of(events, "conquered")
    assert c["via"] == "sorcery" and c["lost"] == 1 and c["defender_seat"] == 1
    assert g.region_army[t] == sorc.id and g.region_tokens[t] == 1
    assert g.tray["base:sorcerers"] == 18 - 2 and g.tray["base:humans"] == 10
    assert sorc.hand == 0 and enemy.mask == 0 and enemy.hand == 0
    assert 1 in g.turn.attacked
    check(g)


def test_sorcery_once_per_opponent_per_turn():
    me = land(lambda r: sum(not M.regions[n].water for n in r.neighbors) >= 2)[0]
    t1, t2 = [n for n in sorted(M.regions[me].neighbors) if not M.regions[n].water][:2]
    g = scenario(2, clear_tribes=True)
    give(g, 1, "humans", "hill", {t1: 1, t2: 1})
    give(g, 0, "sorcerers", "merchant", {me: 1})
    begin_turn(g, 0)
    assert targets(g, "sorcery") == {t1, t2}
    act(g, "sorcery", t1)
    assert "sorcery" not in kinds(g)


def test_sorcery_once_against_each_opponent():
    m3 = load_map("base-3p")
    me = next(r.id for r in m3.regions if not r.water
              and sum(not m3.regions[n].water for n in r.neighbors) >= 2)
    t1, t2 = [n for n in sorted(m3.regions[me].neighbors) if not m3.regions[n].water][:2]
    g = scenario(3, clear_tribes=True)
    give(g, 1, "humans", "hill", {t1: 1})
    give(g, 2, "elves", "swamp", {t2: 1})
    give(g, 0, "sorcerers", "merchant", {me: 1})
    begin_turn(g, 0)
    act(g, "sorcery", t1)
    assert targets(g, "sorcery") == {t2}
    act(g, "sorcery", t2)
    assert "sorcery" not in kinds(g)
    check(g)


def test_no_sorcery_on_declined_lost_tribe_or_two_tokens():
    me = land(lambda r: sum(not M.regions[n].water for n in r.neighbors) >= 3)[0]
    t1, t2, t3 = [n for n in sorted(M.regions[me].neighbors) if not M.regions[n].water][:3]
    g = scenario(2, clear_tribes=True)
    give(g, 1, "elves", "hill", {t1: 1}, declined=True)
    lost_tribe(g, t2)
    give(g, 1, "humans", "swamp", {t3: 2})
    give(g, 0, "sorcerers", "merchant", {me: 1})
    begin_turn(g, 0)
    assert targets(g, "sorcery") == set()


def test_no_sorcery_against_an_encamped_token():
    g, _sorc, _enemy, _me, t = _sorcery_position()
    put(g, "encampment", t, 1)
    assert "sorcery" not in kinds(g)


def test_sorcery_ignores_mountain_lair_and_fortress_which_then_leave():
    mtn, me = pair(lambda r: r.mountain, anyr)
    g = scenario(2, clear_tribes=True)
    give(g, 1, "humans", "hill", {mtn: 1})
    put(g, "troll_lair", mtn)
    put(g, "fortress", mtn)
    give(g, 0, "sorcerers", "merchant", {me: 1})
    begin_turn(g, 0)
    assert mtn in targets(g, "sorcery")
    act(g, "sorcery", mtn)
    assert where(g, "troll_lair") == 0 and where(g, "fortress") == 0
    assert g.map.regions[mtn].mountain
    check(g)


def test_no_sorcery_against_immune_regions():
    for piece in ("hero", "dragon", "hole"):
        g, _sorc, _enemy, _me, t = _sorcery_position()
        put(g, piece, t)
        assert "sorcery" not in kinds(g), piece


def test_no_sorcery_after_the_final_die():
    me = land(lambda r: sum(not M.regions[n].water and plain(M.regions[n])
                            for n in r.neighbors) >= 2)[0]
    t, far = [n for n in sorted(M.regions[me].neighbors)
              if not M.regions[n].water and plain(M.regions[n])][:2]
    g = scenario(2, clear_tribes=True, dice=[0])
    give(g, 1, "humans", "hill", {t: 1})
    give(g, 0, "sorcerers", "merchant", {me: 1}, hand=1)
    begin_turn(g, 0)
    assert "sorcery" in kinds(g)
    act(g, "final", far)
    assert g.turn.conquest_over and "sorcery" not in kinds(g)


def test_no_sorcery_with_no_sorcerer_left_in_the_tray():
    g, _sorc, _enemy, _me, _t = _sorcery_position(hand=17)
    assert g.tray["base:sorcerers"] == 0
    assert "sorcery" not in kinds(g)


def test_flying_sorcerers_swap_anywhere():
    me = land(anyr)[0]
    t = far_from(me)[0]
    g = scenario(2, clear_tribes=True)
    give(g, 1, "humans", "hill", {t: 1})
    give(g, 0, "sorcerers", "flying", {me: 1})
    begin_turn(g, 0)
    assert t in targets(g, "sorcery")


def test_sorcerers_with_no_region_swap_only_on_a_border_region():
    edge = land(lambda r: r.border)[0]
    inner = land(lambda r: not r.border)[0]
    g = scenario(2, clear_tribes=True)
    give(g, 1, "humans", "hill", {edge: 1, inner: 1})
    give(g, 0, "sorcerers", "merchant", {})
    begin_turn(g, 0)
    assert targets(g, "sorcery") == {edge}


# --- Tritons -----------------------------------------------------------------------------------

def _borders(r, terrain: str) -> bool:
    return any(M.regions[n].terrain == terrain for n in r.neighbors)


@pytest.mark.parametrize("target_ok,cost", [
    (lambda r: r.coastal and plain(r) and _borders(r, "sea"), 1),
    (lambda r: r.coastal and plain(r) and _borders(r, "lake"), 1),
    (lambda r: not r.coastal and plain(r), 2),
], ids=["sea-shore", "lake-shore", "inland"])
def test_tritons_pay_one_less_on_sea_and_lake_shores(target_ok, cost):
    me, t = pair(anyr, target_ok)
    g = scenario(2, clear_tribes=True)
    give(g, 0, "tritons", "alchemist", {me: 1}, hand=4)
    begin_turn(g, 0)
    assert cost_of(act(g, "conquer", t)) == cost


def test_seafaring_tritons_pay_full_price_for_water():
    sea = next(r.id for r in M.regions if r.terrain == "sea")
    shore = next(n for n in sorted(M.regions[sea].neighbors) if not M.regions[n].water)
    g = scenario(2, clear_tribes=True)
    give(g, 0, "tritons", "seafaring", {shore: 1}, hand=4)
    begin_turn(g, 0)
    assert cost_of(act(g, "conquer", sea)) == 2


# --- Trolls --------------------------------------------------------------------------------

def test_trolls_put_a_lair_in_every_region_they_conquer():
    g = pinned(["trolls"], ["alchemist"])
    act(g, "pick", 0)
    a, b = pair(lambda r: r.border and plain(r), plain)
    events = act(g, "conquer", a) + act(g, "conquer", b)
    assert [(p["piece"], p["region"]) for p in of(events, "piece_placed")] == [
        ("base:troll_lair", a), ("base:troll_lair", b)]
    assert where(g, "troll_lair") == (1 << a) | (1 << b)


def test_troll_lair_adds_one_defence():
    t, me = pair(plain, anyr)
    g = scenario(2, clear_tribes=True)
    give(g, 1, "trolls", "hill", {t: 1})
    put(g, "troll_lair", t)
    give(g, 0, "ratmen", "merchant", {me: 1}, hand=4)
    begin_turn(g, 0)
    assert cost_of(act(g, "conquer", t)) == 4  # 2 + 1 token + 1 lair
    assert where(g, "troll_lair") == 0


def test_troll_lairs_stay_in_decline():
    a, b = pair(anyr, anyr)
    g = scenario(2, clear_tribes=True)
    give(g, 0, "trolls", "hill", {a: 3, b: 1})
    put(g, "troll_lair", a)
    put(g, "troll_lair", b)
    begin_turn(g, 0)
    act(g, "decline")
    assert where(g, "troll_lair") == (1 << a) | (1 << b)
    check(g)


def test_declined_troll_on_a_mountain_costs_five():
    # base.md §13.4: 2 + 1 token + 1 Lair + 1 Mountain = 5
    mtn, me = pair(lambda r: r.mountain, anyr)
    g = scenario(2, clear_tribes=True)
    give(g, 1, "trolls", "hill", {mtn: 1}, declined=True)
    put(g, "troll_lair", mtn)
    give(g, 0, "ratmen", "merchant", {me: 1}, hand=4)
    begin_turn(g, 0)
    assert mtn not in targets(g, "conquer") and mtn in targets(g, "final")
    g.armies[-1].hand += 1
    g.tray["base:ratmen"] -= 1
    assert cost_of(act(g, "conquer", mtn)) == 5
    assert where(g, "troll_lair") == 0
    check(g)


def test_troll_lair_removed_on_abandon():
    a, b = pair(anyr, anyr)
    g = scenario(2, clear_tribes=True)
    give(g, 0, "trolls", "hill", {a: 2, b: 1})
    put(g, "troll_lair", a)
    put(g, "troll_lair", b)
    begin_turn(g, 0)
    act(g, "abandon", a)
    assert where(g, "troll_lair") == 1 << b


def test_race_table_token_counts():
    assert {r.removeprefix("base:"): RACES[r].tokens for r in ruleset("base").races} == {
        "amazons": 6, "dwarves": 3, "elves": 6, "ghouls": 5, "giants": 6, "halflings": 6,
        "humans": 5, "orcs": 5, "ratmen": 8, "skeletons": 6, "sorcerers": 5, "tritons": 6,
        "trolls": 5, "wizards": 5}
    assert RACES["base:skeletons"].max_tokens == 20 and RACES["base:sorcerers"].max_tokens == 18
    assert len(ruleset("base").powers) == 20
