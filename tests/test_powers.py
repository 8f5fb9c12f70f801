"""The 20 special powers of the base game: each power and its edge cases (base.md §12, §13).

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
    count,
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

from smallworld_tui.engine import IllegalAction, winners
from smallworld_tui.engine.board import load_map

SEAS = [r.id for r in M.regions if r.terrain == "sea"]
LAKE = next(r.id for r in M.regions if r.terrain == "lake")


def land_neighbors(r: int, pred=plain) -> list[int]:
    return [n for n in sorted(M.regions[r].neighbors)
            if not M.regions[n].water and pred(M.regions[n])]


def breakdown(events, seat: int) -> dict[str, int]:
    s = next(e for e in events if e.kind == "scored" and e.seat == seat)
    return dict(s["breakdown"])


def conquered(events):
    (c,) = of(events, "conquered")
    return c


# --- Alchemist ---------------------------------------------------------------------------------

def test_alchemist_two_coins_while_active():
    a = land(anyr)[0]
    g = scenario(2, clear_tribes=True)
    give(g, 0, "ratmen", "alchemist", {a: 1})
    begin_turn(g, 0)
    events = finish(g)
    assert scored(events, 0) == 1 + 2
    assert breakdown(events, 0)["power:base:alchemist"] == 2


def test_alchemist_paid_even_with_no_region_held():
    g = scenario(2, clear_tribes=True)
    give(g, 0, "ratmen", "alchemist", {})
    begin_turn(g, 0)
    assert scored(finish(g), 0) == 2


def test_alchemist_not_in_decline():
    a, b = pair(anyr, anyr)
    g = scenario(2, clear_tribes=True)
    give(g, 0, "ratmen", "alchemist", {a: 2, b: 1})
    begin_turn(g, 0)
    assert scored(act(g, "decline"), 0) == 2
    c = far_from(a, b)[0]
    give(g, 0, "humans", "commando", {c: 1})
    begin_turn(g, 0)
    assert scored(finish(g), 0) == 3


# --- Berserk ------------------------------------------------------------------------------------

def _berserk(dice, hand, target_tokens=2):
    me, t = pair(lambda r: r.border, plain)
    g = scenario(2, clear_tribes=True, dice=dice)
    if target_tokens:
        give(g, 1, "humans", "hill", {t: target_tokens})
    army = give(g, 0, "ratmen", "berserk", {me: 1}, hand=hand)
    begin_turn(g, 0)
    return g, army, me, t


def test_berserk_roll_then_pay_cost_minus_roll():
    g, army, _me, t = _berserk([2], 3)  # t costs 4
    assert t not in targets(g, "conquer")  # 4 > 3 in hand, and no final die
    events = act(g, "berserk_roll")
    assert of(events, "die_rolled")[0]["value"] == 2
    assert t in targets(g, "conquer")
    c = conquered(act(g, "conquer", t))
    assert c["via"] == "rolled" and c["tokens"] == 2
    assert army.hand == 1 and g.region_tokens[t] == 2
    check(g)


def test_berserk_pays_at_least_one():
    g, army, _me, t = _berserk([3], 3, target_tokens=0)  # empty: 2 - 3
    act(g, "berserk_roll")
    act(g, "conquer", t)
    assert army.hand == 2 and g.region_tokens[t] == 1


def test_berserk_has_no_final_die_roll():
    g, _army, _me, _t = _berserk([], 1)
    assert "final" not in kinds(g)
    assert "berserk_roll" in kinds(g)


def test_berserk_after_roll_only_conquest_or_stop():
    g, _army, _me, _t = _berserk([0], 1)
    act(g, "berserk_roll")
    assert kinds(g) == {"end_conquest"}  # nothing affordable: the attempt failed
    assert "decline" not in kinds(g) and "abandon" not in kinds(g)


def test_berserk_may_roll_before_every_conquest():
    g, army, _me, t = _berserk([1, 1], 6, target_tokens=0)
    act(g, "berserk_roll")
    assert "berserk_roll" not in kinds(g)
    act(g, "conquer", t)
    assert "berserk_roll" in kinds(g)
    act(g, "berserk_roll")
    assert army.hand == 5


def test_berserk_needs_a_token_to_roll():
    g, _army, _me, _t = _berserk([], 0)
    assert "berserk_roll" not in kinds(g)


# --- Bivouacking ------------------------------------------------------------------------------

def test_bivouacking_places_encampments_at_redeploy_several_per_region():
    a, b = pair(anyr, anyr)
    g = scenario(2, clear_tribes=True)
    army = give(g, 0, "ratmen", "bivouacking", {a: 1, b: 1})
    begin_turn(g, 0)
    act(g, "end_conquest")
    assert targets(g, "encamp") == {a, b}
    for _ in range(3):
        act(g, "encamp", a)
    act(g, "encamp", b)
    assert count(g, "encampment", a) == 3 and count(g, "encampment", b) == 1
    assert army.reserve["base:encampment"] == 1
    act(g, "encamp", b)
    assert "encamp" not in kinds(g)
    act(g, "end_redeploy")
    check(g)


def test_encampments_add_defence():
    t, me = pair(plain, anyr)
    g = scenario(2, clear_tribes=True)
    give(g, 1, "humans", "bivouacking", {t: 1})
    put(g, "encampment", t, 2)
    give(g, 0, "ratmen", "merchant", {me: 1}, hand=4)
    begin_turn(g, 0)
    with pytest.raises(IllegalAction, match="costs 5 tokens"):
        act(g, "conquer", t)


def test_encampments_lifted_and_moved_each_redeployment():
    a, b = pair(anyr, anyr)
    g = scenario(2, clear_tribes=True)
    army = give(g, 0, "ratmen", "bivouacking", {a: 1, b: 1})
    put(g, "encampment", a, 5)
    army.reserve["base:encampment"] = 0
    begin_turn(g, 0)
    act(g, "end_conquest")
    assert count(g, "encampment", a) == 0 and army.reserve["base:encampment"] == 5
    act(g, "encamp", b)
    act(g, "end_redeploy")
    assert count(g, "encampment", b) == 1 and army.reserve["base:encampment"] == 4
    check(g)


def test_encampments_never_lost_when_conquered():
    t, me = pair(plain, lambda r: r.border)
    other = far_from(t, me)[0]
    g = scenario(2, clear_tribes=True)
    biv = give(g, 1, "humans", "bivouacking", {t: 1, other: 1})
    put(g, "encampment", t, 2)
    biv.reserve["base:encampment"] = 3
    give(g, 0, "ratmen", "merchant", {me: 1}, hand=5)
    begin_turn(g, 0)
    act(g, "conquer", t)  # 2 + 1 token + 2 camps
    assert count(g, "encampment", t) == 0 and biv.reserve["base:encampment"] == 5
    finish(g)
    assert (g.phase, g.actor) == ("defender", 1)  # no token to place, but camps
    assert targets(g, "encamp") == {other}
    act(g, "encamp", other)
    act(g, "end_redeploy")
    assert count(g, "encampment", other) == 1
    check(g)


def test_encampments_come_back_when_their_region_is_abandoned():
    a, b = pair(anyr, anyr)
    g = scenario(2, clear_tribes=True)
    army = give(g, 0, "ratmen", "bivouacking", {a: 2, b: 2})
    put(g, "encampment", a, 3)
    army.reserve["base:encampment"] = 2
    begin_turn(g, 0)
    act(g, "abandon", a)
    assert count(g, "encampment", a) == 0 and army.reserve["base:encampment"] == 5
    check(g)


def test_encampments_removed_on_decline():
    a, b = pair(anyr, anyr)
    g = scenario(2, clear_tribes=True)
    army = give(g, 0, "ratmen", "bivouacking", {a: 1, b: 1})
    put(g, "encampment", a, 3)
    army.reserve["base:encampment"] = 2
    begin_turn(g, 0)
    act(g, "decline")
    assert g.pieces.total("base:encampment") == 0 and "base:encampment" not in army.reserve
    check(g)


def test_encampments_do_not_count_for_the_tie_break():
    a, b = pair(anyr, anyr)
    g = scenario(2, clear_tribes=True)
    give(g, 0, "ratmen", "bivouacking", {a: 2})
    put(g, "encampment", a, 5)
    give(g, 1, "humans", "merchant", {b: 2})
    g.coins = [7, 7]
    assert winners(g) == [0, 1]


def test_bivouacking_pick_gets_five_encampments():
    g = pinned(["ratmen"], ["bivouacking"])
    act(g, "pick", 0)
    assert g.armies[-1].reserve["base:encampment"] == 5


# --- Commando and the other discounts ------------------------------------------------------

def test_commando_pays_one_less_anywhere():
    t, me = pair(plain, anyr)
    g = scenario(2, clear_tribes=True)
    give(g, 1, "humans", "hill", {t: 2})
    give(g, 0, "ratmen", "commando", {me: 1}, hand=4)
    begin_turn(g, 0)
    assert conquered(act(g, "conquer", t))["cost"] == 3


def test_commando_minimum_one_token():
    me, t = pair(anyr, plain)
    g = scenario(2, clear_tribes=True)
    give(g, 0, "tritons", "commando", {me: 1}, hand=2)
    begin_turn(g, 0)
    assert conquered(act(g, "conquer", t))["cost"] == 1


def test_commando_stacks_with_tritons_on_the_coast():
    t = land(lambda r: r.coastal and plain(r))[0]
    me = land_neighbors(t, anyr)[0]
    g = scenario(2, clear_tribes=True)
    give(g, 1, "humans", "hill", {t: 2})  # 4 - 1 (Tritons) - 1 (Commando)
    give(g, 0, "tritons", "commando", {me: 1}, hand=4)
    begin_turn(g, 0)
    assert conquered(act(g, "conquer", t))["cost"] == 2


def test_mounted_pays_one_less_on_hill_and_farmland_only():
    home = next(r.id for r in LAND
                if {M.regions[n].terrain for n in r.neighbors} >= {"hill", "forest"}
                or {M.regions[n].terrain for n in r.neighbors} >= {"farmland", "forest"})
    cheap = next(n for n in land_neighbors(home) if M.regions[n].terrain in ("hill", "farmland"))
    forest = next(n for n in land_neighbors(home) if M.regions[n].terrain == "forest")
    g = scenario(2, clear_tribes=True)
    give(g, 0, "ratmen", "mounted", {home: 1}, hand=6)
    begin_turn(g, 0)
    assert conquered(act(g, "conquer", cheap))["cost"] == 1
    assert conquered(act(g, "conquer", forest))["cost"] == 2


# --- Diplomat ---------------------------------------------------------------------------------

def _diplomat(players=2):
    me, ally_home = pair(anyr, plain)
    g = scenario(players, clear_tribes=True)
    dip = give(g, 0, "ratmen", "diplomat", {me: 1}, hand=4)
    other = give(g, 1, "humans", "hill", {ally_home: 1}, hand=6)
    return g, dip, other, me, ally_home


def test_diplomat_names_an_ally_who_cannot_attack_until_next_turn():
    g, dip, _other, me, _home = _diplomat()
    begin_turn(g, 0)
    finish(g)
    assert g.phase == "end" and targets(g, "ally") == {1}
    events = act(g, "ally", 1)
    assert of(events, "ally_named")[0]["ally"] == 1
    assert g.seat == 1
    assert me not in targets(g, "conquer") | targets(g, "final")
    with pytest.raises(IllegalAction, match="Diplomat"):
        act(g, "conquer", me)
    finish(g)
    assert g.seat == 0 and "ally" not in dip.extra  # the Diplomat's next turn: it ends
    finish(g)
    act(g, "end_turn")  # no ally named this time
    assert g.seat == 1 and me in targets(g, "conquer") | targets(g, "final")


def test_diplomat_cannot_name_a_player_attacked_this_turn():
    g, _dip, other, me, home = _diplomat()
    other.hand = 0
    g.tray["base:humans"] += 6
    extra = far_from(me, home)[0]
    g.region_army[extra] = other.id
    g.region_tokens[extra] = 1
    other.mask |= 1 << extra
    g.tray["base:humans"] -= 1
    begin_turn(g, 0)
    act(g, "conquer", home)
    finish(g)
    assert g.phase != "end"  # nobody left to name in a 2-player game
    check(g)


def test_diplomat_may_name_a_player_whose_declined_race_was_attacked():
    g, _dip, _other, me, home = _diplomat()
    t = next(n for n in land_neighbors(me) if n != home)
    give(g, 1, "elves", "swamp", {t: 1}, declined=True)
    begin_turn(g, 0)
    act(g, "conquer", t)
    finish(g)
    assert targets(g, "ally") == {1}


def test_diplomat_sorcery_counts_as_an_attack():
    me, t = pair(anyr, anyr)
    g = scenario(2, clear_tribes=True)
    give(g, 1, "humans", "hill", {t: 1, far_from(me, t)[0]: 1})
    give(g, 0, "sorcerers", "diplomat", {me: 1})
    begin_turn(g, 0)
    act(g, "sorcery", t)
    finish(g)
    assert g.phase != "end" and g.seat == 1


def test_diplomat_protects_only_the_active_race():
    g, _dip, _other, me, home = _diplomat()
    t = next(n for n in land_neighbors(home) if n != me)
    give(g, 0, "elves", "swamp", {t: 1}, declined=True)
    begin_turn(g, 0)
    finish(g)
    act(g, "ally", 1)
    assert t in targets(g, "conquer")


def test_diplomat_does_not_stop_declined_ghouls():
    me, gh = pair(anyr, anyr)
    g = scenario(2, clear_tribes=True)
    give(g, 0, "ratmen", "diplomat", {me: 1})
    give(g, 1, "ghouls", "hill", {gh: 5}, declined=True)
    give(g, 1, "humans", "hill", {far_from(me, gh)[0]: 1})
    begin_turn(g, 0)
    finish(g)
    act(g, "ally", 1)
    assert g.turn.acting == g.region_army[gh]  # seat 1's Ghoul phase
    assert me in targets(g, "conquer")


def test_diplomat_third_player_may_still_attack():
    m3 = load_map("base-3p")
    me = next(r.id for r in m3.regions if not r.water
              and sum(not m3.regions[n].water for n in r.neighbors) >= 2)
    h1, h2 = [n for n in sorted(m3.regions[me].neighbors) if not m3.regions[n].water][:2]
    g = scenario(3, clear_tribes=True)
    give(g, 0, "ratmen", "diplomat", {me: 1})
    give(g, 1, "humans", "hill", {h1: 1}, hand=5)
    give(g, 2, "elves", "hill", {h2: 1}, hand=5)
    begin_turn(g, 0)
    finish(g)
    assert targets(g, "ally") == {1, 2}
    act(g, "ally", 1)
    assert me not in targets(g, "conquer")
    begin_turn(g, 2)
    assert me in targets(g, "conquer")


# --- Dragon Master --------------------------------------------------------------------------

def test_dragon_conquers_for_one_token_whatever_the_defence():
    mtn, me = pair(lambda r: r.mountain, anyr)
    g = scenario(2, clear_tribes=True)
    give(g, 1, "humans", "bivouacking", {mtn: 3})
    put(g, "fortress", mtn)
    put(g, "troll_lair", mtn)
    put(g, "encampment", mtn, 2)
    army = give(g, 0, "ratmen", "dragon_master", {me: 1}, hand=1)
    begin_turn(g, 0)
    c = conquered(act(g, "dragon", mtn))
    assert c["via"] == "dragon" and c["tokens"] == 1 and c["lost"] == 1
    assert army.hand == 0 and where(g, "dragon") == 1 << mtn
    check(g)


def test_dragon_once_per_turn():
    me = land(lambda r: len(land_neighbors(r.id)) >= 2)[0]
    a, b = land_neighbors(me)[:2]
    g = scenario(2, clear_tribes=True)
    give(g, 0, "ratmen", "dragon_master", {me: 1}, hand=3)
    begin_turn(g, 0)
    act(g, "dragon", a)
    assert "dragon" not in kinds(g)
    assert b in targets(g, "conquer")


def test_dragon_makes_its_region_immune_and_moves_on_a_later_turn():
    a, b = pair(anyr, plain)
    c = next(n for n in land_neighbors(a) + land_neighbors(b) if n not in (a, b))
    enemy_home = far_from(a, b, c)[0]
    g = scenario(2, clear_tribes=True)
    army = give(g, 0, "ratmen", "dragon_master", {a: 1}, hand=3)
    begin_turn(g, 0)
    act(g, "dragon", b)
    finish(g)
    assert where(g, "dragon") == 1 << b
    give(g, 1, "humans", "flying", {enemy_home: 1}, hand=9)
    begin_turn(g, 1)
    assert b not in targets(g, "conquer") and a in targets(g, "conquer")
    begin_turn(g, 0)
    act(g, "dragon", c)
    assert where(g, "dragon") == 1 << c
    assert army.mask >> b & 1
    check(g)


def test_dragon_cannot_target_water_or_immune_regions():
    sea = SEAS[0]
    me = land_neighbors(sea, anyr)[0]
    hero = next(n for n in land_neighbors(me, anyr))
    g = scenario(2, clear_tribes=True)
    give(g, 1, "humans", "heroic", {hero: 1})
    put(g, "hero", hero)
    give(g, 0, "ratmen", "dragon_master", {me: 1}, hand=2)
    begin_turn(g, 0)
    assert sea not in targets(g, "dragon") and hero not in targets(g, "dragon")


def test_dragon_needs_a_token_in_hand():
    a = land(anyr)[0]
    g = scenario(2, clear_tribes=True)
    give(g, 0, "ratmen", "dragon_master", {a: 1})
    begin_turn(g, 0)
    assert "dragon" not in kinds(g)


def test_dragon_removed_on_decline():
    a, b = pair(anyr, anyr)
    g = scenario(2, clear_tribes=True)
    give(g, 0, "ratmen", "dragon_master", {a: 1, b: 2})
    put(g, "dragon", b)
    begin_turn(g, 0)
    act(g, "decline")
    assert where(g, "dragon") == 0


def test_dragon_conquest_of_a_non_empty_region_counts_for_pillaging():
    # Dragon Master and Pillaging cannot share a race: use Orcs (same non-empty count)
    a, b = pair(anyr, plain)
    g = scenario(2, clear_tribes=True)
    lost_tribe(g, b)
    give(g, 0, "orcs", "dragon_master", {a: 1}, hand=1)
    begin_turn(g, 0)
    act(g, "dragon", b)
    assert breakdown(finish(g), 0)["race:base:orcs"] == 1


# --- Flying -------------------------------------------------------------------------------------

def test_flying_conquers_any_land_region():
    a = land(lambda r: r.border)[0]
    f = next(r for r in far_from(a) if plain(M.regions[r]))
    g = scenario(2, clear_tribes=True)
    give(g, 0, "ratmen", "flying", {a: 1}, hand=4)
    begin_turn(g, 0)
    assert targets(g, "conquer") == set(land(anyr)) - {a}
    act(g, "conquer", f)
    assert g.region_army[f] == g.armies[-1].id


def test_flying_first_conquest_still_needs_a_border_region():
    g = pinned(["ratmen"], ["flying"])
    act(g, "pick", 0)
    assert targets(g, "conquer") == set(land(lambda r: r.border))


def test_flying_option_lets_the_first_conquest_be_anywhere():
    g = pinned(["ratmen"], ["flying"], options={"flying_enters_anywhere": True})
    act(g, "pick", 0)
    assert targets(g, "conquer") == set(land(anyr))


def test_flying_cannot_take_water():
    a = land(anyr)[0]
    g = scenario(2, clear_tribes=True)
    give(g, 0, "ratmen", "flying", {a: 1}, hand=4)
    begin_turn(g, 0)
    water = {r.id for r in M.regions if r.water}
    assert not water & (targets(g, "conquer") | targets(g, "final"))


# --- Terrain bonuses and Merchant --------------------------------------------------------------

@pytest.mark.parametrize("power,terrain", [("forest", "forest"), ("hill", "hill"),
                                           ("swamp", "swamp")])
def test_terrain_powers_one_coin_per_region_of_their_terrain(power, terrain):
    a, b = pair(lambda r: r.terrain == terrain, lambda r: r.terrain != terrain)
    g = scenario(2, clear_tribes=True)
    give(g, 0, "ratmen", power, {a: 1, b: 1})
    begin_turn(g, 0)
    events = finish(g)
    assert scored(events, 0) == 2 + 1
    assert breakdown(events, 0)[f"power:base:{power}"] == 1


def test_merchant_one_coin_per_region_of_the_active_race_only():
    a, b = pair(anyr, anyr)
    c = far_from(a, b)[0]
    g = scenario(2, clear_tribes=True)
    give(g, 0, "elves", "hill", {c: 1}, declined=True)
    give(g, 0, "ratmen", "merchant", {a: 1, b: 1})
    begin_turn(g, 0)
    events = finish(g)
    assert scored(events, 0) == 3 + 2


# --- Fortified --------------------------------------------------------------------------------

def test_fortified_one_fortress_per_turn_at_redeploy():
    a, b = pair(anyr, anyr)
    g = scenario(2, clear_tribes=True)
    give(g, 0, "ratmen", "fortified", {a: 1, b: 1})
    begin_turn(g, 0)
    assert "fortify" not in kinds(g)
    act(g, "end_conquest")
    assert targets(g, "fortify") == {a, b}
    events = act(g, "fortify", a)
    assert of(events, "piece_placed")[0]["piece"] == "base:fortress"
    assert "fortify" not in kinds(g)
    events = act(g, "end_redeploy")
    assert scored(events, 0) == 2 + 1
    begin_turn(g, 0)
    act(g, "end_conquest")
    assert targets(g, "fortify") == {b}  # one Fortress per region


def test_fortified_at_most_six_on_the_map():
    regions = land(anyr)[:7]
    g = scenario(2, clear_tribes=True)
    give(g, 0, "ratmen", "fortified", dict.fromkeys(regions, 1))
    for r in regions[:6]:
        put(g, "fortress", r)
    begin_turn(g, 0)
    act(g, "end_conquest")
    assert "fortify" not in kinds(g)


def test_fortress_keeps_defence_but_no_coins_in_decline():
    a, b = pair(plain, anyr)
    g = scenario(2, clear_tribes=True)
    give(g, 0, "ratmen", "fortified", {a: 1})
    put(g, "fortress", a)
    begin_turn(g, 0)
    assert scored(act(g, "decline"), 0) == 1
    assert where(g, "fortress") == 1 << a
    give(g, 1, "humans", "hill", {b: 1}, hand=3)
    begin_turn(g, 1)
    with pytest.raises(IllegalAction, match="costs 4 tokens"):  # 2 + token + Fortress
        act(g, "conquer", a)


def test_fortress_removed_when_conquered():
    a, b = pair(plain, anyr)
    g = scenario(2, clear_tribes=True)
    give(g, 0, "ratmen", "fortified", {a: 1})
    put(g, "fortress", a)
    give(g, 1, "humans", "hill", {b: 1}, hand=4)
    begin_turn(g, 1)
    act(g, "conquer", a)
    assert where(g, "fortress") == 0


def test_defender_cannot_fortify_during_its_end_of_turn_redeploy():
    t, me = pair(plain, lambda r: r.border)
    other = far_from(t, me)[0]
    g = scenario(2, clear_tribes=True)
    give(g, 1, "humans", "fortified", {t: 3, other: 1})
    give(g, 0, "ratmen", "merchant", {me: 1}, hand=6)
    begin_turn(g, 0)
    act(g, "conquer", t)
    finish(g)
    assert g.phase == "defender" and "fortify" not in kinds(g)


# --- Heroic -----------------------------------------------------------------------------------

def test_heroes_go_in_two_different_regions_before_redeploy_ends():
    a, b = pair(anyr, anyr)
    g = scenario(2, clear_tribes=True)
    give(g, 0, "ratmen", "heroic", {a: 1, b: 1})
    begin_turn(g, 0)
    act(g, "end_conquest")
    with pytest.raises(IllegalAction, match="Heroes"):
        act(g, "end_redeploy")
    act(g, "hero", a)
    assert targets(g, "hero") == {b}
    act(g, "hero", b)
    assert "hero" not in kinds(g)
    act(g, "end_redeploy")
    assert where(g, "hero") == (1 << a) | (1 << b)
    check(g)


def test_one_hero_when_holding_one_region():
    a = land(anyr)[0]
    g = scenario(2, clear_tribes=True)
    give(g, 0, "ratmen", "heroic", {a: 2})
    begin_turn(g, 0)
    act(g, "end_conquest")
    act(g, "deploy", a, 1)
    act(g, "hero", a)
    act(g, "end_redeploy")
    assert where(g, "hero") == 1 << a


def test_heroes_make_regions_immune_and_move_each_turn():
    a, b = pair(anyr, anyr)
    c = next(n for n in land_neighbors(a, anyr) if n != b)
    enemy = next(r for r in land_neighbors(a, anyr) + land_neighbors(b, anyr)
                 if r not in (a, b, c))
    g = scenario(2, clear_tribes=True)
    give(g, 0, "ratmen", "heroic", {a: 1, b: 1, c: 1})
    put(g, "hero", a)
    put(g, "hero", b)
    give(g, 1, "humans", "flying", {enemy: 1}, hand=9)
    begin_turn(g, 1)
    assert {a, b}.isdisjoint(targets(g, "conquer")) and c in targets(g, "conquer")
    begin_turn(g, 0)
    act(g, "end_conquest")
    assert where(g, "hero") == 0  # lifted to be placed again
    act(g, "hero", c)
    act(g, "hero", a)
    act(g, "end_redeploy")
    assert where(g, "hero") == (1 << a) | (1 << c)


def test_heroes_removed_on_decline():
    a, b = pair(anyr, anyr)
    g = scenario(2, clear_tribes=True)
    give(g, 0, "ratmen", "heroic", {a: 1, b: 1})
    put(g, "hero", a)
    put(g, "hero", b)
    begin_turn(g, 0)
    act(g, "decline")
    assert where(g, "hero") == 0


# --- Pillaging --------------------------------------------------------------------------------

def test_pillaging_one_coin_per_non_empty_region_conquered():
    home = next(r.id for r in LAND if len(land_neighbors(r.id)) >= 3)
    t1, t2, t3 = land_neighbors(home)[:3]
    g = scenario(2, clear_tribes=True)
    lost_tribe(g, t1)
    give(g, 1, "humans", "hill", {t2: 1, far_from(home, t2)[0]: 1})
    give(g, 0, "ratmen", "pillaging", {home: 1}, hand=10)
    begin_turn(g, 0)
    for t in (t1, t2, t3):  # t3 is empty
        act(g, "conquer", t)
    events = finish(g)
    assert breakdown(events, 0)["power:base:pillaging"] == 2
    assert scored(events, 0) == 4 + 2


# --- Seafaring --------------------------------------------------------------------------------

def test_seafaring_first_conquest_may_be_an_edge_sea_not_the_lake():
    g = pinned(["ratmen"], ["seafaring"])
    act(g, "pick", 0)
    t = targets(g, "conquer")
    assert set(SEAS) <= t and LAKE not in t
    events = act(g, "conquer", SEAS[0])
    assert conquered(events)["cost"] == 2
    assert g.region_army[SEAS[0]] == g.armies[-1].id


def test_seafaring_conquers_the_lake_from_its_shore():
    shore = land_neighbors(LAKE, anyr)[0]
    g = scenario(2, clear_tribes=True)
    give(g, 0, "ratmen", "seafaring", {shore: 1}, hand=2)
    begin_turn(g, 0)
    act(g, "conquer", LAKE)
    events = finish(g)
    assert scored(events, 0) == 2
    check(g)


def test_declined_seafarers_keep_and_score_water():
    sea = SEAS[0]
    shore = land_neighbors(sea, anyr)[0]
    g = scenario(2, clear_tribes=True)
    sailors = give(g, 0, "ratmen", "seafaring", {sea: 1, shore: 1})
    begin_turn(g, 0)
    events = act(g, "decline")
    assert sailors.declined and g.region_army[sea] == sailors.id
    assert scored(events, 0) == 2
    check(g)


def test_declined_seafarers_water_only_attackable_by_seafaring():
    sea = SEAS[0]
    shore = land_neighbors(sea, anyr)[0]
    g = scenario(2, clear_tribes=True)
    give(g, 0, "ratmen", "seafaring", {sea: 1}, declined=True)
    give(g, 1, "humans", "flying", {shore: 1}, hand=5)
    begin_turn(g, 1)
    assert sea not in targets(g, "conquer") | targets(g, "final")
    # the discarded Seafaring badge came back with another race
    g2 = scenario(2, clear_tribes=True)
    give(g2, 0, "ratmen", "seafaring", {sea: 1}, declined=True)
    give(g2, 1, "humans", "seafaring", {shore: 1}, hand=5)
    begin_turn(g2, 1)
    assert sea in targets(g2, "conquer")
    assert conquered(act(g2, "conquer", sea))["cost"] == 3
    check(g2)


# --- Spirit -------------------------------------------------------------------------------------

def test_spirit_decline_keeps_the_older_declined_race():
    a, b = pair(anyr, anyr)
    g = scenario(2, clear_tribes=True)
    old = give(g, 0, "elves", "hill", {b: 1}, declined=True)
    spirit = give(g, 0, "ratmen", "spirit", {a: 2})
    begin_turn(g, 0)
    events = act(g, "decline")
    assert old.alive and spirit.declined and spirit.badge
    assert of(events, "declined")[0]["removed"] == ""
    assert scored(events, 0) == 2
    check(g)


def test_later_decline_never_removes_the_spirit_race():
    a, b = pair(anyr, anyr)
    c = far_from(a, b)[0]
    g = scenario(2, clear_tribes=True)
    spirit = give(g, 0, "ratmen", "spirit", {a: 1}, declined=True)
    old = give(g, 0, "elves", "hill", {b: 1}, declined=True)
    give(g, 0, "humans", "commando", {c: 2})
    begin_turn(g, 0)
    events = act(g, "decline")
    assert spirit.alive and not old.alive
    assert scored(events, 0) == 2
    check(g)


def test_declined_spirit_race_gets_no_race_bonus():
    magic = land(lambda r: r.magic)[0]
    other = far_from(magic)[0]
    g = scenario(2, clear_tribes=True)
    give(g, 0, "wizards", "spirit", {magic: 1}, declined=True)
    give(g, 0, "ratmen", "commando", {other: 1})
    begin_turn(g, 0)
    assert scored(finish(g), 0) == 2  # no Magic bonus in decline


def test_declined_spirit_elves_lose_a_token_when_conquered():
    t, me = pair(plain, lambda r: r.border)
    g = scenario(2, clear_tribes=True)
    elves = give(g, 1, "elves", "spirit", {t: 1}, declined=True)
    give(g, 0, "ratmen", "merchant", {me: 1}, hand=3)
    begin_turn(g, 0)
    assert conquered(act(g, "conquer", t))["lost"] == 1
    assert not elves.alive and "base:spirit" in g.power_discard
    check(g)


# --- Stout ----------------------------------------------------------------------------------

def test_stout_declines_at_the_end_of_an_expanding_turn_after_scoring():
    a, b = pair(anyr, plain)
    c = far_from(a, b)[0]
    g = scenario(2, clear_tribes=True)
    old = give(g, 0, "elves", "hill", {c: 1}, declined=True)
    stout = give(g, 0, "ratmen", "stout", {a: 3}, hand=2)
    begin_turn(g, 0)
    act(g, "conquer", b)
    events = finish(g)
    assert scored(events, 0) == 3 and g.phase == "end"
    assert kinds(g) == {"decline", "end_turn"}
    events = act(g, "decline")
    assert stout.declined and not old.alive
    assert not of(events, "scored")  # nothing scored twice
    assert g.region_tokens[a] == 1 and g.region_tokens[b] == 1
    assert g.seat == 1
    begin_turn(g, 0)
    assert g.phase == "pick"
    check(g)


def test_stout_may_also_end_the_turn_without_declining():
    a = land(anyr)[0]
    g = scenario(2, clear_tribes=True)
    stout = give(g, 0, "ratmen", "stout", {a: 1})
    begin_turn(g, 0)
    finish(g)
    act(g, "end_turn")
    assert not stout.declined and g.seat == 1


def test_stout_may_still_decline_at_the_start_of_a_turn():
    a = land(anyr)[0]
    g = scenario(2, clear_tribes=True)
    give(g, 0, "ratmen", "stout", {a: 1})
    begin_turn(g, 0)
    assert "decline" in kinds(g)


# --- Underworld ---------------------------------------------------------------------------------

def test_underworld_caverns_are_adjacent_and_one_cheaper():
    caverns = land(lambda r: r.cavern)
    src = caverns[0]
    far = next(c for c in caverns if c not in M.regions[src].neighbors and c != src)
    g = scenario(2, clear_tribes=True)
    give(g, 0, "ratmen", "underworld", {src: 1}, hand=3)
    begin_turn(g, 0)
    assert set(caverns) - {src} <= targets(g, "conquer")
    expected = 2 + (1 if M.regions[far].mountain else 0) - 1
    assert conquered(act(g, "conquer", far))["cost"] == expected


def test_underworld_no_waiver_for_the_first_conquest():
    inner = land(lambda r: r.cavern and not r.border)
    assert inner
    g = pinned(["ratmen"], ["underworld"])
    act(g, "pick", 0)
    assert not set(inner) & targets(g, "conquer")


def test_underworld_adjacency_does_not_widen_the_giants_discount():
    mtn_cavern = land(lambda r: r.cavern and r.mountain)[0]
    far = next(c for c in land(lambda r: r.cavern and not r.mountain)
               if c not in M.regions[mtn_cavern].neighbors)
    g = scenario(2, clear_tribes=True)
    lost_tribe(g, far)
    give(g, 0, "giants", "underworld", {mtn_cavern: 1}, hand=4)
    begin_turn(g, 0)
    assert conquered(act(g, "conquer", far))["cost"] == 3 - 1  # Underworld only


# --- Wealthy ------------------------------------------------------------------------------------

def test_wealthy_seven_coins_once_at_the_end_of_the_pick_turn():
    g = pinned(["ratmen"], ["wealthy"])
    act(g, "pick", 0)
    r = land(lambda r: r.border and plain(r))[0]
    act(g, "conquer", r)
    events = finish(g)
    assert scored(events, 0) == 1 + 7
    begin_turn(g, 0)
    assert scored(finish(g), 0) == 1
