"""The worked examples of the rulebook, rebuilt as positions on the 2-player map.

The examples come from the Japanese translation of the rulebook (seeds/004), whose figures
follow one Skeleton/Merchant race through its first turn, then a later Triton/Hill race.
Our regions stand in for the ones drawn in the figures: a Hill on the board edge, a
Farmland next to it held by Elves, a Mountain next to the Farmland.
"""

from __future__ import annotations

from invariants import check
from scenario import (
    LAND,
    NAMES,
    M,
    act,
    begin_turn,
    empty,
    give,
    lost_tribe,
    of,
    put,
    scenario,
    scored,
    targets,
)

from smallworld_tui.engine import new_game
from smallworld_tui.engine.bitset import NEUTRAL, NOBODY

# a border Hill, a Farmland next to it, a Mountain next to the Farmland
HILL, FARM, MOUNTAIN = next(
    (h.id, f, x) for h in LAND if h.terrain == "hill" and h.border
    for f in sorted(h.neighbors) if M.regions[f].terrain == "farmland"
    for x in sorted(M.regions[f].neighbors) if M.regions[x].mountain and x != h.id)
ELF_REFUGE = next(r.id for r in LAND if r.id not in (HILL, FARM, MOUNTAIN)
                  and not {HILL, FARM, MOUNTAIN} & r.neighbors)

COLUMN_RACES = ["humans", "ratmen", "skeletons", "elves", "tritons", "trolls"]
COLUMN_POWERS = ["alchemist", "commando", "merchant", "swamp", "hill", "forest"]


def column_game(dice=None):
    g = new_game(NAMES[:2], None, 0, None, races=COLUMN_RACES, powers=COLUMN_POWERS,
                 dice=dice)
    for r, army in enumerate(g.region_army):
        if army == NEUTRAL:
            empty(g, r)
    return g


def skeletons_first_turn(upto: str):
    """Seat 0 picks Skeletons/Merchant (3rd combo) and plays the figures' first turn."""
    g = column_game(dice=[2])
    act(g, "pick", 2)
    skel = g.armies[-1]
    if upto == "pick":
        return g, skel, None
    lost_tribe(g, HILL)
    elves = give(g, 1, "elves", "swamp", {FARM: 1, ELF_REFUGE: 1})
    act(g, "conquer", HILL)
    act(g, "conquer", FARM)
    if upto == "conquests":
        return g, skel, elves
    act(g, "final", MOUNTAIN)
    return g, skel, elves


def test_example_paying_for_the_third_combo():
    # Taking the 3rd combo costs 2: one coin on each of the two combos above it.
    g = column_game()
    act(g, "pick", 2)
    assert g.coins[0] == 5 - 2
    assert [c.coins for c in g.combos[:2]] == [1, 1]
    check(g)


def test_example_refilling_the_column():
    # The combos below the gap slide up one place; the stack tops become the new last combo.
    g = column_game()
    top = (g.race_stack[0], g.power_stack[0])
    act(g, "pick", 2)
    assert [(c.race, c.power) for c in g.combos] == [
        ("base:humans", "base:alchemist"), ("base:ratmen", "base:commando"),
        ("base:elves", "base:swamp"), ("base:tritons", "base:hill"), ("base:trolls", "base:forest"),
        top]


def test_example_skeletons_with_merchant_take_eight_tokens():
    # Skeletons (6) with a Merchant badge (2): 2 + 6 = 8 tokens.
    _g, skel, _ = skeletons_first_turn("pick")
    assert (skel.race, skel.power, skel.hand) == ("base:skeletons", "base:merchant", 8)


def test_example_region_with_a_lost_tribe_costs_three():
    # A region by the sea holding one Lost Tribe: 2 + 1 = 3 tokens.
    shore = next(r.id for r in LAND if r.border and not r.mountain
                 and any(M.regions[n].terrain == "sea" for n in r.neighbors))
    g = column_game()
    lost_tribe(g, shore)
    act(g, "pick", 0)
    events = act(g, "conquer", shore)
    assert of(events, "conquered")[0]["cost"] == 3
    assert g.region_tokens[shore] == 3 and g.tray["base:humans"] == 10 - (5 + 4)
    check(g)


def test_example_skeletons_take_the_hill_then_the_elves_farmland():
    # After the Hill, the next conquest must touch it: the Elves' Farmland next door, 2 + 1.
    g, skel, elves = skeletons_first_turn("conquests")
    assert M.regions[HILL].terrain == "hill" and M.regions[FARM].terrain == "farmland"
    assert g.region_army[HILL] == g.region_army[FARM] == skel.id
    assert g.region_tokens[HILL] == 3 and g.region_tokens[FARM] == 3
    assert skel.hand == 2
    assert elves.hand == 1  # Elves lose no token, the one there goes back to hand
    check(g)


def test_example_final_conquest_of_the_mountain():
    # 2 tokens left, the Mountain costs 3 (2 + Mountain): the die shows 2, 2 + 2 = 4 >= 3.
    g, skel, _ = skeletons_first_turn("conquests")
    assert MOUNTAIN in targets(g, "final")
    events = act(g, "final", MOUNTAIN)
    (die,) = of(events, "die_rolled")
    assert (die["value"], die["short"], die["success"]) == (2, 1, True)
    assert of(events, "conquered")[0]["tokens"] == 2
    assert g.region_army[MOUNTAIN] == skel.id
    assert g.phase == "redeploy"
    check(g)


def test_example_redeployment_with_a_new_skeleton():
    # Two non-empty regions taken (the Lost Tribe and the Elves): one new Skeleton. One token
    # moves from the Farmland to the Mountain, and the new one goes there too.
    g, skel, _elves = skeletons_first_turn("all")
    assert skel.hand == 2 + 2 + 1 + 1  # lifted from Hill, Farmland, Mountain, + the new one
    act(g, "deploy", HILL, 2)
    act(g, "deploy", FARM, 1)
    act(g, "deploy", MOUNTAIN, 3)
    assert [g.region_tokens[r] for r in (HILL, FARM, MOUNTAIN)] == [3, 2, 4]
    assert g.tokens_on_board(skel) == 8 + 1
    events = act(g, "end_redeploy")
    assert (g.phase, g.actor) == ("defender", 1)
    act(g, "deploy", ELF_REFUGE, 1)
    events = act(g, "end_redeploy")
    # Scoring: 3 regions + 3 from Merchant = 6 coins.
    assert scored(events, 0) == 6
    assert g.coins[0] == 5 - 2 + 6
    check(g)


def test_example_triton_hill_and_declined_skeletons_score_six():
    # A later turn: the declined Skeletons score 1 per region but no Merchant bonus; the
    # Tritons on a Hill get their Hill bonus.
    hill, other = next((h.id, n) for h in LAND if h.terrain == "hill" for n in sorted(h.neighbors)
                       if not M.regions[n].water and M.regions[n].terrain != "hill")
    skel_regions = [r.id for r in LAND if r.id not in (hill, other)
                    and r.terrain != "hill"][:3]
    g = scenario(2, clear_tribes=True)
    give(g, 0, "skeletons", "merchant", dict.fromkeys(skel_regions, 1), declined=True)
    give(g, 0, "tritons", "hill", {hill: 1, other: 1})
    begin_turn(g, 0)
    act(g, "end_conquest")
    events = act(g, "end_redeploy")
    (s,) = of(events, "scored")
    assert dict(s["breakdown"]) == {"regions:base:skeletons": 3, "regions:base:tritons": 2,
                                    "power:base:hill": 1}
    assert s["coins"] == 6
    check(g)


def test_example_tritons_decline_and_the_skeletons_leave():
    # Putting the Tritons in decline removes the older declined Skeletons: their tokens go
    # back to the tray and their banner under the banner stack.
    skel_regions = [r.id for r in LAND][:3]
    triton_regions = [r.id for r in LAND][3:5]
    g = scenario(2, clear_tribes=True)
    skel = give(g, 0, "skeletons", "merchant", dict.fromkeys(skel_regions, 1), declined=True)
    tritons = give(g, 0, "tritons", "hill", dict.fromkeys(triton_regions, 2))
    begin_turn(g, 0)
    events = act(g, "decline")
    assert not skel.alive and tritons.declined
    assert all(g.region_army[r] == NOBODY for r in skel_regions)
    assert g.tray["base:skeletons"] == 20
    assert g.race_stack[-1] == "base:skeletons"
    assert scored(events, 0) == 2
    check(g)


def test_example_declined_troll_on_a_mountain():
    # Rules reference §13.4: a declined Troll with its Lair on a Mountain costs
    # 2 + 1 (token) + 1 (Lair) + 1 (Mountain) = 5.
    mtn, me = next((r.id, n) for r in LAND if r.mountain for n in sorted(r.neighbors)
                   if not M.regions[n].water)
    g = scenario(2, clear_tribes=True)
    give(g, 1, "trolls", "hill", {mtn: 1}, declined=True)
    put(g, "troll_lair", mtn)
    attacker = give(g, 0, "ratmen", "merchant", {me: 1}, hand=5)
    begin_turn(g, 0)
    events = act(g, "conquer", mtn)
    assert of(events, "conquered")[0]["cost"] == 5 and attacker.hand == 0
    check(g)
