"""A conquered region holding several declined tokens loses all of them (seed 000: the
Tauren and Intimidating can stack declined tokens in one region; when it is conquered every
declined token there is discarded; warcraft.md §3.4; docs/rulings.md, "Small World of
Warcraft", "Board, set-up and the game's own rules").

Positions are built on the test islands (tests/maps/wc-test.map): island 1 is 8 forest
(entry), 9 swamp, 10 farmland, 11 hill (entry), 12 mountain (with its Mountain token); 8
borders 9, 10 and 11, and 12 borders 9, 10 and 11.  Murlocs are cleared.
"""

from __future__ import annotations

from invariants import check
from scenario import act, begin_turn, give, of, targets

from smallworld_tui.engine.bitset import NOBODY
from smallworld_tui.engine.phase import Phase
from smallworld_tui.engine.registry import RACES
from warcraft.helpers import play_out, wc_game

TAUREN = "warcraft:tauren"


def test_a_declined_tauren_region_loses_both_tokens_and_strengthens_no_other() -> None:
    g = wc_game()
    tauren = give(g, 1, "tauren", "farming", {9: 2, 12: 2}, declined=True)
    give(g, 0, "orcs", "herbalist", {8: 1}, hand=10)
    tray = g.tray[TAUREN]
    begin_turn(g, 0)
    events = act(g, "conquer", 9)  # 2 + 2 declined tokens
    conquered = of(events, "conquered")[0]
    assert conquered["cost"] == 4 and conquered["defender_declined"]
    assert (conquered["lost"], conquered["returned"]) == (2, 0)
    assert g.tray[TAUREN] == tray + 2 and tauren.hand == 0
    assert tauren.id not in g.turn.defenders
    events = play_out(g)
    assert all(e.seat == 0 for e in of(events, "deployed"))
    assert g.region_tokens[12] == 2  # the other declined region is no stronger
    check(g)


def test_an_active_tauren_region_still_loses_one_token_but_a_declined_one_all() -> None:
    g = wc_game()
    active = give(g, 1, "tauren", "farming", {9: 3, 11: 2})
    declined = give(g, 1, "humans", "herbalist", {10: 1, 12: 1}, declined=True)
    g.region_tokens[12] = 3  # stacked by Intimidating, say
    g.tray["warcraft:humans"] -= 2
    give(g, 0, "forsaken", "mining", {8: 1}, hand=14)
    begin_turn(g, 0)
    first = of(act(g, "conquer", 9), "conquered")[0]
    assert (first["lost"], first["returned"]) == (1, 2) and active.hand == 2
    second = of(act(g, "conquer", 12), "conquered")[0]  # 2 + Mountain + 3 tokens
    assert second["cost"] == 6 and (second["lost"], second["returned"]) == (3, 0)
    assert declined.hand == 0 and declined.mask == 1 << 10
    check(g)


def test_an_intimidated_stack_of_declined_tokens_is_lost_whole() -> None:
    """The rulebook's own example: Intimidating moves declined tokens together; the region
    they stack in then loses them all when conquered."""
    g = wc_game()
    declined = give(g, 1, "humans", "herbalist", {9: 1, 10: 1, 11: 1}, declined=True)
    bullies = give(g, 0, "forsaken", "intimidating", {8: 2}, hand=10)
    begin_turn(g, 0)
    act(g, "intimidate", 9, 10)
    act(g, "intimidate", 11, 10)
    assert g.region_tokens[10] == 3 and declined.mask == 1 << 10
    tray = g.tray["warcraft:humans"]
    events = act(g, "conquer", 10)
    conquered = of(events, "conquered")[0]
    assert (conquered["lost"], conquered["returned"]) == (3, 0)
    assert g.tray["warcraft:humans"] == tray + 3
    assert not declined.alive and of(events, "race_removed")  # its last region
    assert g.region_army[10] == bullies.id
    check(g)


def test_conquering_your_own_declined_stack_loses_it_all() -> None:
    g = wc_game()
    tauren = give(g, 0, "tauren", "farming", {9: 2, 12: 2}, declined=True)
    give(g, 0, "orcs", "herbalist", {8: 1}, hand=8)
    begin_turn(g, 0)
    assert 9 in targets(g, "conquer")
    conquered = of(act(g, "conquer", 9), "conquered")[0]
    assert (conquered["lost"], conquered["returned"]) == (2, 0) and tauren.hand == 0
    check(g)


def test_the_forsaken_count_every_declined_token_their_conquest_discarded() -> None:
    g = wc_game()
    give(g, 1, "tauren", "farming", {9: 2, 12: 2}, declined=True)
    forsaken = give(g, 0, "forsaken", "herbalist", {8: 1}, hand=10)
    begin_turn(g, 0)
    act(g, "conquer", 9)
    assert g.turn.lost[forsaken.id] == 2
    act(g, "end_conquest")
    assert targets(g, "recruit") == {1, 2}
    check(g)


def test_lights_hope_chapel_spares_no_declined_token() -> None:
    g = wc_game()
    give(g, 1, "tauren", "farming", {10: 2, 9: 2}, declined=True)
    g.hidden.remove("warcraft:lights_hope_chapel")
    g.move_item("warcraft:lights_hope_chapel", 10)
    give(g, 0, "orcs", "herbalist", {8: 1}, hand=10)
    begin_turn(g, 0)
    conquered = of(act(g, "conquer", 10), "conquered")[0]
    assert (conquered["lost"], conquered["returned"]) == (2, 0)
    check(g)


def test_an_exploding_bomb_on_a_declined_stack_loses_it_all() -> None:
    """An explosion counts as a successful conquest (seed 000), so a race that declined
    since loses every token there."""
    g = wc_game()
    goblins = give(g, 0, "goblins", "farming", {8: 2}, hand=4)
    RACES[goblins.race].on_picked(g, goblins)
    tauren = give(g, 1, "tauren", "herbalist", {9: 2, 12: 2}, declined=True)
    data = g.item_data["warcraft:goblins"]
    data["pile"].remove(1)
    data["placed"].append([9, 1])
    g.pieces.add("warcraft:bomb", 9)
    events = begin_turn(g, 0)
    blast = of(events, "bomb_revealed")[0]
    assert blast["exploding"] and (blast["lost"], blast["returned"]) == (2, 0)
    assert g.region_army[9] == NOBODY and tauren.hand == 0
    assert g.phase == Phase.CONQUER
    check(g)

