"""The 20 special powers of Small World of Warcraft: each power's rule, its edge cases and our
rulings (warcraft.md §7, §11; docs/rulings.md, "Small World of Warcraft",
"Special powers").

Positions are built on the test islands (tests/warcraft/helpers.py):
island 0: 0 Farmland (entry, Murloc), 1 Hill, 2 Forest (entry), 3 Mountain, 4 Swamp (Magic,
marker), 5 Hill (entry), 6 Lake, 7 Farmland (Great Cavern, Murloc); island 1: 8 Forest
(entry), 9 Swamp (Murloc), 10 Farmland (marker), 11 Hill (entry), 12 Mountain; island 2:
13 Farmland (entry), 14 Forest (entry), 15 Hill (marker), 16 Swamp.  The races used have no
rule touching what a test looks at (costs, losses or the power's own scoring line).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from invariants import check
from scenario import act, begin_turn, count, give, kinds, of, put, targets

from smallworld_tui.bots.random_play import play_random_game
from smallworld_tui.engine import Action, Event, GameState, IllegalAction, Record, legal_actions
from smallworld_tui.engine.bitset import NEUTRAL, NOBODY
from smallworld_tui.engine.conquest import Costs
from smallworld_tui.engine.content.warcraft.powers import ALL, NOWHERE
from smallworld_tui.engine.phase import PLACING, Phase
from smallworld_tui.engine.registry import POWERS
from smallworld_tui.engine.state import Army
from smallworld_tui.engine.tables import entries
from warcraft.helpers import WC_TEST_MAP, breakdown, wc_game

GAME = "warcraft"
PIECE_ACTIONS = ("beast", "place_champion", "fort")


def line(events: list[Event], seat: int, power: str) -> int:
    """The coins ``power`` gave ``seat`` in its scoring."""
    return breakdown(events, seat).get(f"power:warcraft:{power}", 0)


def cost(g: GameState, army: Army, region: int) -> int:
    return Costs(g, army).of(region)


def settle(g: GameState, homes: dict[int, int] | None = None) -> list[Event]:
    """End the conquests; every army placing (the player's, then the defenders') puts its
    hand in its region of ``homes`` (by army id; else its lowest region) and its pieces in
    the first region offered; end the turn."""
    events = []
    if g.phase == Phase.CONQUER:
        events += act(g, "end_conquest")
    while g.phase in PLACING:
        army = g.armies[g.turn.acting]
        if army.hand and army.mask:
            home = (homes or {}).get(army.id, min(t for t in range(17) if army.mask >> t & 1))
            events += act(g, "deploy", home, army.hand)
        pieces = [a for a in legal_actions(g) if a.kind in PIECE_ACTIONS]
        events += act(g, pieces[0].kind, pieces[0].target) if pieces else act(g, "end_redeploy")
    if g.phase == Phase.END:
        events += act(g, "end_turn")
    return events


def reinforce(g: GameState, army: Army, tokens: int) -> None:
    """Give ``army`` ``tokens`` more in hand, from the tray."""
    g.tray[army.race] -= tokens
    army.hand += tokens


def turn(g: GameState, seat: int, *regions: int) -> list[Event]:
    """``seat`` conquers ``regions`` in order and ends its turn (``settle``)."""
    events = begin_turn(g, seat)
    for r in regions:
        events += act(g, "conquer", r)
    check(g)
    events += settle(g)
    check(g)
    return events


def paid(events: list[Event], power: str) -> list[tuple[int, int, int]]:
    """(payer, payee, coins) of the payments ``power`` caused."""
    return [(e["payer"], e.seat, e["coins"]) for e in of(events, "coins_paid")
            if e["reason"] == f"warcraft:{power}"]


def refused(g: GameState, kind: str, target: int = -1, count_: int = 0) -> str:
    with pytest.raises(IllegalAction) as caught:
        act(g, kind, target, count_)
    return str(caught.value)


def test_every_power_of_the_table_has_its_class() -> None:
    assert sorted(cls.id for cls in ALL) == sorted(entries("power", GAME))
    for cls in ALL:
        assert type(POWERS[f"{GAME}:{cls.id}"]) is cls


@pytest.mark.parametrize("power", sorted(entries("power", GAME)))
def test_works_in_decline_comes_from_the_data_table(power: str) -> None:
    assert POWERS[f"{GAME}:{power}"].works_in_decline is (
        entries("power", GAME)[power]["works_in_decline"])


# --- coins at the end of the turn ----------------------------------------------------------

@pytest.mark.parametrize(("power", "regions", "coins"), [
    ("farming", {0: 1, 10: 1, 8: 1}, 2),
    ("herbalist", {1: 1, 5: 1, 8: 1}, 2),
    ("mining", {7: 1, 2: 1}, 1),  # Great Cavern: a symbol on Farmland 7
    ("mountaineer", {3: 1, 12: 1, 1: 1}, 2),
    ("ranger", {2: 1, 8: 1, 1: 1}, 2),
    ("swamp_walker", {4: 1, 9: 1, 1: 1}, 2),
    ("fishing", {3: 1, 5: 1, 1: 1, 14: 1}, 2),  # 3 and 5 border the Lake
    ("explorer", {1: 1, 2: 1, 13: 1, 14: 1}, 2),  # islands 0 and 2
])
def test_region_bonuses(power: str, regions: dict[int, int], coins: int) -> None:
    g = wc_game()
    give(g, 0, "ethereals", power, regions)
    assert line(turn(g, 0), 0, power) == coins
    assert g.coins[0] == 5 + len(regions) + coins


def test_region_bonuses_stop_in_decline() -> None:
    g = wc_game()
    give(g, 0, "ethereals", "farming", {0: 1, 10: 1}, declined=True)
    give(g, 0, "kobolds", "ranger", {2: 1})
    events = turn(g, 0)
    assert line(events, 0, "farming") == 0 and line(events, 0, "ranger") == 1


def test_archaeologist_counts_artifacts_and_places_held() -> None:
    g = wc_game()
    give(g, 0, "ethereals", "archaeologist", {1: 1, 2: 1, 3: 1})
    give(g, 1, "kobolds", "farming", {8: 1})
    for item, region in (("ashes_of_alar", 1), ("dark_portal", 2), ("meeting_stone", 8)):
        g.hidden.remove(f"{GAME}:{item}")
        g.items[f"{GAME}:{item}"] = region
    check(g)
    assert line(turn(g, 0), 0, "archaeologist") == 2


def test_battlemaster_pays_for_non_empty_regions_only() -> None:
    g = wc_game(murlocs=True)
    give(g, 0, "ethereals", "battlemaster", {5: 1}, hand=9)
    give(g, 1, "kobolds", "farming", {1: 1})
    events = turn(g, 0, 0, 3, 1)  # a Murloc, an empty Mountain, a Kobold
    assert line(events, 0, "battlemaster") == 2


# --- costs ---------------------------------------------------------------------------------

def test_blacksmith_takes_one_token_off_every_conquest_but_not_below_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    g = wc_game()
    smiths = give(g, 0, "ethereals", "blacksmith", {3: 1}, hand=6)
    give(g, 1, "kobolds", "farming", {1: 3})
    assert [cost(g, smiths, r) for r in (0, 1, 8)] == [1, 2 + 3 - 1, 2 + 1 - 1]
    monkeypatch.setitem(POWERS["warcraft:blacksmith"].row, "discount", 9)
    assert [cost(g, smiths, r) for r in (0, 1, 8)] == [1, 1, 1]


def test_sailor_lands_anywhere_without_travel_cost() -> None:
    g = wc_game()
    sailors = give(g, 0, "ethereals", "sailor", {5: 1}, hand=6)
    assert cost(g, sailors, 8) == 2 and cost(g, sailors, 14) == 2
    g = wc_game()
    newcomers = give(g, 1, "kobolds", "sailor", hand=6)
    begin_turn(g, 1)
    assert {cost(g, newcomers, r) for r in targets(g, "conquer")} == {2}


# --- Enraged and Marsh-dweller: coins when regions change hands ----------------------------

def test_enraged_earns_one_coin_per_defending_token_from_two_on() -> None:
    g = wc_game()
    give(g, 0, "ethereals", "enraged", {5: 1}, hand=9)
    give(g, 1, "kobolds", "farming", {3: 3, 1: 1})
    events = turn(g, 0, 3, 1)  # three Kobolds, then a lone one
    assert paid(events, "enraged") == [(-1, 0, 3)]
    check(g)


def test_enraged_counts_beasts_among_the_defenders() -> None:
    g = wc_game()
    give(g, 0, "ethereals", "enraged", {5: 1}, hand=9)
    give(g, 1, "kobolds", "beastmaster", {3: 1})
    put(g, "beast", 3)
    assert paid(turn(g, 0, 3), "enraged") == [(-1, 0, 2)]


def test_marsh_dweller_takes_a_toll_on_its_swamps_even_in_decline() -> None:
    g = wc_game()
    give(g, 0, "ethereals", "farming", {1: 1}, hand=8)
    give(g, 1, "kobolds", "marsh_dweller", {4: 1, 2: 1})
    events = turn(g, 0, 4, 2)  # the Swamp pays, the Forest does not
    assert paid(events, "marsh_dweller") == [(0, 1, 1)]
    assert g.coins[1] == 5 + 1
    g2 = wc_game()
    give(g2, 0, "ethereals", "farming", {13: 1}, hand=8)
    declined = give(g2, 1, "kobolds", "marsh_dweller", {16: 1}, declined=True)
    assert declined.badge  # the badge stays with the declined race
    events = turn(g2, 0, 16)  # its last region: the race leaves the map, the toll is paid
    assert not declined.alive and of(events, "race_removed")
    assert paid(events, "marsh_dweller") == [(0, 1, 1)]


def test_marsh_dweller_toll_from_a_player_without_coins_is_nothing() -> None:
    g = wc_game()
    give(g, 0, "ethereals", "farming", {1: 1}, hand=8)
    give(g, 1, "kobolds", "marsh_dweller", {4: 1})
    g.pay(0, 5)
    assert paid(turn(g, 0, 4), "marsh_dweller") == []
    check(g)


# --- Champion ------------------------------------------------------------------------------

def champion_game() -> tuple[GameState, Army, Army]:
    """Seat 0's Champions hold 5 (2 tokens, 3 in hand); seat 1's Kobolds hold 3 with 4
    tokens, and 0 and 1 with 1 each."""
    g = wc_game()
    champions = give(g, 0, "ethereals", "champion", {5: 2}, hand=3)
    kobolds = give(g, 1, "kobolds", "farming", {3: 4, 0: 1, 1: 1})
    return g, champions, kobolds


def test_champion_takes_an_adjacent_region_for_nothing_and_holds_it_alone() -> None:
    g, champions, _ = champion_game()
    begin_turn(g, 0)
    hand = champions.hand
    assert targets(g, "champion") == {0, 3}  # next to 5; not the distant entry regions
    events = act(g, "champion", 3)
    conquered = of(events, "conquered")[0]
    assert conquered["via"] == "champion" and conquered["tokens"] == 0
    assert conquered["lost"] == 1 and conquered["returned"] == 3
    assert champions.hand == hand and champions.mask >> 3 & 1
    assert g.region_tokens[3] == 0 and count(g, "champion", 3) == 1
    check(g)
    assert "champion" not in kinds(g)
    assert "once per turn" in refused(g, "champion", 0)
    settle(g, {champions.id: 5})
    assert g.region_tokens[3] == 0 and champions.mask >> 3 & 1  # held by the Champion alone
    check(g)


def test_the_champion_conquers_only_with_a_race_token_in_hand() -> None:
    """Seed 000: whatever the race or power, a new conquest needs at least 1 race token in
    hand; the Champion's free conquest is one (none of its tokens enters)."""
    g = wc_game()
    champions = give(g, 0, "ethereals", "champion", {5: 1})
    give(g, 1, "kobolds", "farming", {3: 4})
    begin_turn(g, 0)
    assert champions.hand == 0 and "champion" not in kinds(g)
    assert "at least 1 token in hand" in refused(g, "champion", 3)
    reinforce(g, champions, 1)
    assert targets(g, "champion") == {0, 3}
    act(g, "champion", 3)
    assert champions.hand == 1 and count(g, "champion", 3) == 1
    check(g)


def test_no_champion_once_the_conquests_spent_every_token() -> None:
    g = wc_game()
    champions = give(g, 0, "ethereals", "champion", {5: 1}, hand=3)
    give(g, 1, "kobolds", "farming", {3: 4, 0: 1})
    begin_turn(g, 0)
    act(g, "conquer", 0)  # a lone Kobold: all 3 tokens in hand
    assert champions.hand == 0
    assert "champion" not in kinds(g)
    assert "at least 1 token in hand" in refused(g, "champion", 3)
    check(g)


def test_champion_refuses_regions_not_next_to_the_race() -> None:
    g, _, _ = champion_game()
    begin_turn(g, 0)
    assert "only takes a region next to your regions" in refused(g, "champion", 8)
    assert "neither next to your regions" in refused(g, "champion", 12)


def test_a_race_with_no_region_has_no_champion_conquest() -> None:
    g = wc_game()
    give(g, 0, "ethereals", "champion", hand=8)
    begin_turn(g, 0)
    assert "champion" not in kinds(g)


def test_champion_defends_as_one_token() -> None:
    g, champions, kobolds = champion_game()
    begin_turn(g, 0)
    act(g, "champion", 3)
    settle(g, {champions.id: 5})
    assert cost(g, kobolds, 3) == 2 + 1 + 1  # empty + its Mountain + the Champion alone


def test_a_champion_taken_hostage_costs_a_ransom_and_no_token() -> None:
    g, champions, kobolds = champion_game()
    begin_turn(g, 0)
    act(g, "champion", 3)
    settle(g, {champions.id: 3})  # 4 tokens join the Champion (1 stays in 5)
    reinforce(g, kobolds, 6)
    coins = list(g.coins)
    begin_turn(g, 1)
    events = act(g, "conquer", 3)  # 2 + Mountain + Champion + 4 tokens = 8
    conquered = of(events, "conquered")[0]
    assert conquered["cost"] == 8 and conquered["lost"] == 0 and conquered["returned"] == 4
    assert champions.reserve == {"warcraft:champion": 1} and champions.hand == 4
    assert paid(events, "champion") == [(0, 1, 1)]
    assert g.coins[0] == coins[0] - 1 and g.coins[1] == coins[1] + 1
    check(g)
    act(g, "end_conquest")
    act(g, "deploy", 3, kobolds.hand)
    act(g, "end_redeploy")
    assert g.phase == Phase.DEFENDER and g.actor == 0
    act(g, "deploy", 5, 4)
    assert "place your Champion first" in refused(g, "end_redeploy")
    assert targets(g, "place_champion") == {5}
    act(g, "place_champion", 5)
    act(g, "end_redeploy")
    check(g)
    begin_turn(g, 0)
    assert "champion" in kinds(g)  # usable again on the owner's next turn


def test_a_champion_alone_is_taken_for_no_loss_and_a_broke_owner_pays_no_ransom() -> None:
    g, champions, kobolds = champion_game()
    begin_turn(g, 0)
    act(g, "champion", 3)
    settle(g, {champions.id: 5})
    g.pay(0, g.coins[0])
    reinforce(g, kobolds, 6)
    begin_turn(g, 1)
    events = act(g, "conquer", 3)
    conquered = of(events, "conquered")[0]
    assert conquered["lost"] == 0 and conquered["returned"] == 0
    assert paid(events, "champion") == [] and champions.reserve
    assert g.turn.defenders == [champions.id]
    check(g)


def test_the_champion_leaving_a_region_it_held_alone_abandons_it() -> None:
    g, champions, _ = champion_game()
    put(g, "champion", 5)
    g.region_tokens[5] = 0
    champions.hand += 2
    check(g)
    begin_turn(g, 0)
    events = act(g, "champion", 0)
    assert [e["region"] for e in of(events, "abandoned")] == [5]
    assert champions.mask == 1 << 0 and count(g, "champion", 0) == 1
    check(g)


def test_a_declining_champion_race_loses_the_champion_and_a_region_it_held_alone() -> None:
    g, champions, _ = champion_game()
    champions.mask |= 1 << 2
    g.region_army[2] = champions.id
    put(g, "champion", 2)
    check(g)
    begin_turn(g, 0)
    events = act(g, "decline")
    assert [e["region"] for e in of(events, "abandoned")] == [2]
    assert not g.pieces.mask("warcraft:champion") and not champions.reserve
    assert champions.mask == 1 << 5
    check(g)


def test_an_abandoned_champion_is_placed_again_at_redeployment() -> None:
    g, champions, _ = champion_game()
    put(g, "champion", 5)
    begin_turn(g, 0)
    act(g, "abandon", 5)
    assert champions.reserve == {"warcraft:champion": 1}
    act(g, "conquer", 0)
    act(g, "end_conquest")
    act(g, "deploy", 0, champions.hand)
    assert "place your Champion first" in refused(g, "end_redeploy")
    act(g, "place_champion", 0)
    act(g, "end_redeploy")
    check(g)


# --- Beastmaster ---------------------------------------------------------------------------

BEAST = "warcraft:beast"


def beast_game() -> tuple[GameState, Army, Army]:
    """Seat 0's Beastmasters hold the Hills 5 (2 tokens) and 1 (1 token), and the Mountain 3
    (1 token), with 2 in hand; seat 1's Kobolds hold 0 (2 tokens) and 2 (1 token)."""
    g = wc_game()
    beasts = give(g, 0, "ethereals", "beastmaster", {5: 2, 1: 1, 3: 1}, hand=2)
    kobolds = give(g, 1, "kobolds", "farming", {0: 2, 2: 1})
    return g, beasts, kobolds


def test_beasts_come_one_per_hill_at_the_start_of_the_turn_and_old_ones_leave() -> None:
    g, beasts, _ = beast_game()
    put(g, "beast", 5)
    beasts.reserve[BEAST] = 1
    events = begin_turn(g, 0)
    assert [e["region"] for e in of(events, "piece_removed")] == [5]
    assert [e["count"] for e in of(events, "pieces_gained")] == [2]
    assert beasts.reserve == {BEAST: 2} and not g.pieces.mask(BEAST)
    assert beasts.hand == 3  # the race's own tokens only
    check(g)


def test_no_more_beasts_than_the_box_holds(monkeypatch: pytest.MonkeyPatch) -> None:
    g, beasts, _ = beast_game()
    monkeypatch.setitem(POWERS["warcraft:beastmaster"].row, "beasts_per_hill", 3)
    begin_turn(g, 0)
    assert beasts.reserve == {BEAST: 5}
    check(g)


def test_beasts_pay_first_and_may_pay_a_whole_conquest() -> None:
    """Seed 000: Beasts are treated as race tokens in every situation, used for conquests."""
    g, beasts, _ = beast_game()
    begin_turn(g, 0)
    assert cost(g, beasts, 4) == 0 and Costs(g, beasts).of(4, aided=False) == 2
    act(g, "conquer", 4)  # an empty Swamp: the 2 Beasts take it alone
    assert g.region_tokens[4] == 0 and count(g, "beast", 4) == 2
    assert beasts.hand == 3 and not beasts.reserve
    events = act(g, "conquer", 2)  # a lone Kobold: 3 tokens from hand
    assert of(events, "conquered")[0]["cost"] == 3 and beasts.hand == 0
    check(g)


def test_a_conquest_may_start_with_beasts_alone_in_hand() -> None:
    """A Beast in hand is the race token a conquest needs, the last one with the die too."""
    g, beasts, _ = beast_game()
    g.region_tokens[5] = 1
    beasts.hand = 0
    g.tray["warcraft:ethereals"] += 3
    begin_turn(g, 0)
    assert beasts.hand == 0 and beasts.reserve == {BEAST: 2}
    assert 4 in targets(g, "conquer")
    assert 0 in targets(g, "final")  # 2 Kobolds: 4, the Beasts pay 2, 2 short
    act(g, "conquer", 4)
    assert count(g, "beast", 4) == 2 and "final" not in kinds(g)
    check(g)


def redeploying_after_beasts_took_4() -> tuple[GameState, Army]:
    """``beast_game``'s Beastmasters took the Swamp 4 with their 2 Beasts alone and now
    redeploy."""
    g, beasts, _ = beast_game()
    begin_turn(g, 0)
    act(g, "conquer", 4)
    act(g, "end_conquest")
    return g, beasts


def test_beasts_are_redeployed_like_race_tokens_in_any_region() -> None:
    g, beasts = redeploying_after_beasts_took_4()
    assert beasts.reserve == {BEAST: 2} and not g.pieces.mask(BEAST)
    assert g.region_tokens[4] == 0  # left short until a token or a Beast goes there
    assert targets(g, "beast") == {1, 3, 4, 5}
    act(g, "beast", 3)
    act(g, "beast", 3)
    assert "1 of your tokens must go to your regions left short: at most 2 may go to" in (
        refused(g, "deploy", 5, 3))
    assert "place your Beasts first" not in refused(g, "end_redeploy")
    act(g, "deploy", 5, 2)
    assert targets(g, "deploy") == {4}
    act(g, "deploy", 4, 1)
    act(g, "end_redeploy")
    assert count(g, "beast", 3) == 2 and g.region_tokens[4] == 1
    check(g)


def test_the_last_beast_may_have_to_hold_a_region_alone() -> None:
    g, beasts = redeploying_after_beasts_took_4()
    act(g, "deploy", 5, beasts.hand)
    act(g, "beast", 3)
    assert targets(g, "beast") == {4}  # the last Beast must fill the Swamp
    assert "short of tokens need your Beasts" in refused(g, "beast", 1)
    act(g, "beast", 4)
    act(g, "end_redeploy")
    assert g.region_tokens[4] == 0 and count(g, "beast", 4) == 1 and beasts.mask >> 4 & 1
    check(g)


def test_a_region_the_discarded_beasts_held_alone_is_left_before_the_hills_are_counted(
) -> None:
    """At the start of the turn every Beast is discarded first, then one comes per Hill
    held: a Hill a Beast held alone is no longer held; the race may still decline."""
    g = wc_game()
    beasts = give(g, 0, "ethereals", "beastmaster", {5: 1, 1: 1})
    g.region_tokens[1] = 0
    g.tray["warcraft:ethereals"] += 1
    put(g, "beast", 1)
    check(g)
    events = begin_turn(g, 0)
    assert [e["region"] for e in of(events, "abandoned")] == [1]
    assert beasts.mask == 1 << 5 and beasts.reserve == {BEAST: 1}
    act(g, "decline")
    assert not beasts.reserve and not g.pieces.mask(BEAST) and beasts.mask == 1 << 5
    check(g)


def test_a_tauren_token_left_alone_by_its_discarded_beast_goes_back_to_hand() -> None:
    g = wc_game()
    tauren = give(g, 0, "tauren", "beastmaster", {5: 2, 1: 1})
    put(g, "beast", 1)  # 1 Tauren and 1 Beast: two race tokens
    check(g)
    events = begin_turn(g, 0)
    assert [e["region"] for e in of(events, "abandoned")] == [1]
    assert tauren.mask == 1 << 5 and tauren.hand == 1 and tauren.reserve == {BEAST: 1}
    check(g)


def test_a_beast_defends_and_pays_the_loss_of_its_region() -> None:
    g, beasts, kobolds = beast_game()
    g.region_tokens[3] = 2
    g.tray["warcraft:ethereals"] -= 1
    put(g, "beast", 3, 2)
    reinforce(g, kobolds, 8)
    assert cost(g, kobolds, 3) == 2 + 1 + 2 + 2  # Mountain, 2 tokens, 2 Beasts
    begin_turn(g, 1)
    events = act(g, "conquer", 3)
    conquered = of(events, "conquered")[0]
    assert conquered["lost"] == 0 and conquered["returned"] == 2
    assert [e["region"] for e in of(events, "piece_removed")] == [3]
    assert beasts.reserve == {BEAST: 1} and beasts.hand == 2 + 2
    check(g)
    settle(g)
    assert sum(g.pieces.count(BEAST, r) for r in range(17)) == 1  # placed again
    check(g)


def test_a_beast_is_spared_when_lights_hope_chapel_spares_the_race_any_loss() -> None:
    g, beasts, kobolds = beast_game()
    g.hidden.remove("warcraft:lights_hope_chapel")
    g.items["warcraft:lights_hope_chapel"] = 5
    put(g, "beast", 3)
    reinforce(g, kobolds, 8)
    begin_turn(g, 1)
    events = act(g, "conquer", 3)
    assert of(events, "conquered")[0]["lost"] == 0 and not of(events, "piece_removed")
    assert beasts.reserve == {BEAST: 1}
    check(g)


def test_beasts_leave_when_the_race_declines() -> None:
    g, beasts, _ = beast_game()
    begin_turn(g, 0)
    act(g, "decline")
    assert not beasts.reserve and not g.pieces.mask(BEAST)
    check(g)


# --- Defensive -----------------------------------------------------------------------------

TOWER = "warcraft:watch_tower"


def test_a_watch_tower_guards_each_farmland_whose_neighbours_the_race_commands() -> None:
    g = wc_game()
    give(g, 0, "ethereals", "defensive", {13: 1, 14: 1, 10: 1, 8: 1})
    kobolds = give(g, 1, "kobolds", "farming", {11: 1, 16: 1}, hand=6)
    events = turn(g, 0)
    # 13: 14 is the race's, 16 the Kobolds' (1 to 1 is no majority); 10: 8 against 11
    assert not of(events, "piece_placed")
    g.region_army[16], g.region_tokens[16] = NOBODY, 0
    kobolds.mask &= ~(1 << 16)
    g.tray["warcraft:kobolds"] += 1
    events = turn(g, 0)
    assert [e["region"] for e in of(events, "piece_placed")] == [13]
    begin_turn(g, 1)
    assert 13 not in targets(g, "conquer")
    assert "immune: its Watch Tower keeps you out" in refused(g, "conquer", 13)
    check(g)


def test_murlocs_count_as_one_race_for_the_watch_towers() -> None:
    g = wc_game(murlocs=True)
    give(g, 0, "ethereals", "defensive", {10: 1, 8: 1, 11: 1})
    g.place_neutral("warcraft:murloc", 12, 1)
    assert not of(turn(g, 0), "piece_placed")  # 8 and 11 against the Murlocs of 9 and 12
    g.region_army[12], g.region_tokens[12], g.neutral[12] = NOBODY, 0, ""
    g.tray["warcraft:murloc"] += 1
    assert [e["region"] for e in of(turn(g, 0), "piece_placed")] == [10]
    check(g)


def test_a_watch_tower_leaves_a_farmland_that_no_longer_qualifies_and_on_decline() -> None:
    g = wc_game()
    defenders = give(g, 0, "ethereals", "defensive", {13: 1, 14: 1})
    give(g, 1, "kobolds", "farming", {8: 1}, hand=8)
    turn(g, 0)
    assert g.pieces.mask(TOWER) == 1 << 13
    turn(g, 1, 14, 16)  # the Kobolds land on 14, then take 16
    events = turn(g, 0)
    assert [e["region"] for e in of(events, "piece_removed")] == [13]
    assert not g.pieces.mask(TOWER) and defenders.mask == 1 << 13
    g2 = wc_game()
    give(g2, 0, "ethereals", "defensive", {13: 1, 14: 1})
    turn(g2, 0)
    begin_turn(g2, 0)
    act(g2, "decline")
    assert not g2.pieces.mask(TOWER)
    check(g2)


def test_with_too_few_towers_the_farmlands_get_them_in_map_order(
        monkeypatch: pytest.MonkeyPatch) -> None:
    g = wc_game()
    kind = g.pieces.kinds[TOWER]
    monkeypatch.setitem(g.pieces.kinds, TOWER, type(kind)(TOWER, 1, immune="others",
                                                        survives_decline=False))
    give(g, 0, "ethereals", "defensive", {0: 1, 1: 1, 13: 1, 14: 1})
    assert [e["region"] for e in of(turn(g, 0), "piece_placed")] == [0]
    check(g)


# --- Garrison ------------------------------------------------------------------------------

def test_garrison_puts_a_fort_in_every_region_held_at_the_end_of_the_turn() -> None:
    g = wc_game()
    garrison = give(g, 0, "ethereals", "garrison", {5: 2, 1: 1}, hand=3)
    kobolds = give(g, 1, "kobolds", "farming", {13: 1}, hand=8)
    events = turn(g, 0, 3)
    assert sorted(e["region"] for e in of(events, "piece_placed")) == [1, 3, 5]
    assert cost(g, kobolds, 0) == 2 + 1  # an entry region: no fort, the travel cost
    assert Costs(g, kobolds).of(1, as_if_adjacent=True) == 2 + 1 + g.region_tokens[1]
    assert not of(turn(g, 0), "piece_placed")  # one fort per region at most
    assert garrison.mask == 0b101010
    check(g)


def test_forts_stay_in_decline_and_leave_with_their_region() -> None:
    g = wc_game()
    garrison = give(g, 0, "ethereals", "garrison", {5: 2, 0: 1, 3: 1})
    give(g, 1, "kobolds", "farming", {13: 1}, hand=8)
    turn(g, 0)
    begin_turn(g, 0)
    act(g, "decline")
    assert garrison.badge and g.pieces.mask("warcraft:fort") == 0b101001
    turn(g, 1, 0)  # lands on 0: its fort leaves with it
    assert g.pieces.mask("warcraft:fort") == 0b101000
    check(g)
    g2 = wc_game()
    give(g2, 0, "ethereals", "garrison", {5: 2, 0: 1})
    turn(g2, 0)
    begin_turn(g2, 0)
    act(g2, "abandon", 0)
    assert g2.pieces.mask("warcraft:fort") == 1 << 5
    check(g2)


def test_with_too_few_forts_the_player_chooses(monkeypatch: pytest.MonkeyPatch) -> None:
    g = wc_game()
    kind = g.pieces.kinds["warcraft:fort"]
    monkeypatch.setitem(g.pieces.kinds, kind.id, type(kind)(kind.id, 1, defence=1))
    give(g, 0, "ethereals", "garrison", {5: 2, 1: 1})
    begin_turn(g, 0)
    act(g, "end_conquest")
    assert targets(g, "fort") == {1, 5}
    act(g, "deploy", 5, g.armies[0].hand)
    assert "build your Forts first" in refused(g, "end_redeploy")
    act(g, "fort", 1)
    assert "all 1 Forts are on the map" in refused(g, "fort", 5)
    act(g, "end_redeploy")
    check(g)


def test_garrison_one_fort_per_turn_with_the_game_option() -> None:
    g = wc_game(garrison_forts="one_per_turn")
    give(g, 0, "ethereals", "garrison", {5: 2, 1: 1})
    begin_turn(g, 0)
    act(g, "end_conquest")
    act(g, "deploy", 5, g.armies[0].hand)
    assert targets(g, "fort") == {1, 5}
    assert "build your Fort first" in refused(g, "end_redeploy")
    act(g, "fort", 5)
    assert "only one Fort may be built per turn" in refused(g, "fort", 1)
    act(g, "end_redeploy")
    assert g.pieces.mask("warcraft:fort") == 1 << 5
    check(g)


# --- Intimidating --------------------------------------------------------------------------

def bully_game(murlocs: bool = True) -> tuple[GameState, Army, Army, Army]:
    """Seat 0's Intimidating race holds 1 (next to 0, 2, 3, 4); seat 1's Kobolds hold 3 (3
    tokens), 4 (1) and 13 (1); seat 2's declined Orcs hold 2 (2); a Murloc holds 0."""
    g = wc_game(murlocs=murlocs)
    bullies = give(g, 0, "ethereals", "intimidating", {1: 1}, hand=5)
    kobolds = give(g, 1, "kobolds", "farming", {3: 3, 4: 1, 13: 1})
    orcs = give(g, 2, "orcs", "ranger", {2: 2}, declined=True)
    return g, bullies, kobolds, orcs


def test_intimidating_moves_tokens_to_another_region_of_their_race() -> None:
    g, _, kobolds, _ = bully_game()
    begin_turn(g, 0)
    offered = {(a.target, a.count) for a in legal_actions(g) if a.kind == "intimidate"}
    assert offered == {(3, 4), (3, 13), (4, 3), (4, 13), (2, NOWHERE), (0, NOWHERE)}
    events = act(g, "intimidate", 3, 13)
    moved = of(events, "token_moved")[0]
    assert (moved["region"], moved["to"], moved["defender_seat"]) == (3, 13, 1)
    assert g.region_tokens[3] == 2 and g.region_tokens[13] == 2
    assert 1 in g.turn.attacked
    act(g, "intimidate", 4, 3)  # its last token: the region is left empty
    assert g.region_army[4] == NOBODY and kobolds.mask == 1 << 3 | 1 << 13
    assert g.region_tokens[3] == 3
    assert cost(g, g.armies[0], 4) == 2
    act(g, "intimidate", 0, NOWHERE)  # a Murloc is discarded
    assert g.region_army[0] == NOBODY and g.tray["warcraft:murloc"] == 15 - 2
    assert "intimidate" not in kinds(g)
    assert "at most 3 times per turn" in refused(g, "intimidate", 3, 13)
    check(g)


def test_intimidated_tokens_with_nowhere_to_go_are_discarded_and_a_race_may_retire() -> None:
    g, _, _, orcs = bully_game()
    begin_turn(g, 0)
    act(g, "intimidate", 2, NOWHERE)
    assert g.region_tokens[2] == 1 and g.tray["warcraft:orcs"] == 11 - 1
    events = act(g, "intimidate", 2, NOWHERE)
    assert not orcs.alive and of(events, "race_removed")
    assert g.region_army[2] == NOBODY
    check(g)


def test_intimidating_names_a_destination_only_when_there_is_one() -> None:
    g, _, _, _ = bully_game()
    begin_turn(g, 0)
    assert "another region of its own race" in refused(g, "intimidate", 3, NOWHERE)
    assert "another region of its own race" in refused(g, "intimidate", 3, 2)
    assert "name no second region" in refused(g, "intimidate", 2, 5)
    assert "an opponent's region next to yours" in refused(g, "intimidate", 13, 3)


def test_a_wall_or_fort_falls_first_and_costs_a_use() -> None:
    g, _, _, _ = bully_game()
    put(g, "fort", 3)
    put(g, "wisp_wall", 3)
    begin_turn(g, 0)
    assert {a.count for a in legal_actions(g) if a.kind == "intimidate" and a.target == 3} == {
        NOWHERE}
    events = act(g, "intimidate", 3, NOWHERE)
    assert [e["piece"] for e in of(events, "piece_removed")] == ["warcraft:wisp_wall"]
    act(g, "intimidate", 3, NOWHERE)
    assert not count(g, "fort", 3) and not count(g, "wisp_wall", 3)
    assert g.region_tokens[3] == 3
    act(g, "intimidate", 3, 4)
    assert g.region_tokens[3] == 2
    check(g)


def test_an_intimidated_beast_goes_first() -> None:
    g, _, kobolds, _ = bully_game()
    kobolds.power = "warcraft:beastmaster"
    g.power_stack.append("warcraft:farming")
    g.power_stack.remove("warcraft:beastmaster")
    put(g, "beast", 3)
    check(g)
    begin_turn(g, 0)
    events = act(g, "intimidate", 3, 4)
    assert of(events, "token_moved")[0]["piece"] == BEAST
    assert g.region_tokens[3] == 3 and count(g, "beast", 4) == 1
    check(g)


def test_intimidating_stops_at_the_final_conquest_and_spares_immune_regions() -> None:
    g, bullies, _, _ = bully_game()
    put(g, "watch_tower", 4)
    begin_turn(g, 0)
    assert 4 not in targets(g, "intimidate")
    assert "immune: its Watch Tower" in refused(g, "intimidate", 4, 3)
    bullies.hand = 1
    g.tray["warcraft:ethereals"] += 4
    g.dice[:0] = [0]
    act(g, "final", 0)  # a Murloc: 3 tokens, 2 short
    assert g.phase == Phase.REDEPLOY
    assert "before your final one" in refused(g, "intimidate", 3, 13)


def test_water_is_out_of_intimidating_reach() -> None:
    g = wc_game()
    give(g, 0, "ethereals", "intimidating", {3: 1}, hand=5)
    give(g, 1, "naga", "farming", {6: 2, 7: 1})
    begin_turn(g, 0)
    assert targets(g, "intimidate") == set()
    assert "water: Intimidating cannot reach it" in refused(g, "intimidate", 6, 7)
    check(g)


# --- Portal Mage ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def magic_map(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The test islands with Magic on 10 (a marker region) and on the Mountain 12 too."""
    text = Path(WC_TEST_MAP).read_text(encoding="utf-8")
    text = text.replace("b2  10  farmland  board_m", "b2  10  farmland  board_m magic")
    text = text.replace("b4  12  mountain", "b4  12  mountain  magic")
    path = tmp_path_factory.mktemp("wc-magic") / "wc-magic.map"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_portal_mage_swaps_everything_but_mountains_and_places(magic_map: str) -> None:
    g = wc_game(map_name=magic_map)
    mages = give(g, 0, "ethereals", "portal_mage", {4: 3, 1: 1}, hand=2)
    kobolds = give(g, 1, "kobolds", "farming", {12: 2, 11: 1})
    put(g, "fort", 12)
    for item, region in (("ashes_of_alar", 4), ("dark_portal", 4), ("meeting_stone", 12)):
        g.hidden.remove(f"{GAME}:{item}")
        g.items[f"{GAME}:{item}"] = region
    check(g)
    begin_turn(g, 0)
    assert {(a.target, a.count) for a in legal_actions(g) if a.kind == "portal"} == {
        (4, 12), (4, 10), (10, 12)}
    events = act(g, "portal", 4, 12)
    assert of(events, "regions_swapped")[0]["to"] == 12
    assert mages.mask == 1 << 1 | 1 << 12 and kobolds.mask == 1 << 4 | 1 << 11
    assert (g.region_tokens[4], g.region_tokens[12]) == (2, 1)  # 2 of the 3 are in hand
    assert count(g, "fort", 4) == 1 and count(g, "mountain", 12) == 1
    assert g.items["warcraft:ashes_of_alar"] == 12 and g.items["warcraft:dark_portal"] == 4
    assert g.items["warcraft:meeting_stone"] == 12
    assert not of(events, "conquered") and not g.turn.beaten
    check(g)


def test_portal_mage_acts_twice_a_turn(magic_map: str) -> None:
    g = wc_game(map_name=magic_map)
    give(g, 0, "ethereals", "portal_mage", {4: 1}, hand=2)
    begin_turn(g, 0)
    act(g, "portal", 4, 10)
    act(g, "portal", 10, 12)
    assert g.armies[0].mask == 1 << 12
    assert "at most 2 times per turn" in refused(g, "portal", 4, 12)
    check(g)


def test_portal_refusals_name_the_rule(magic_map: str) -> None:
    g = wc_game(map_name=magic_map)
    give(g, 0, "ethereals", "portal_mage", {4: 1}, hand=2)
    give(g, 1, "kobolds", "defensive", {12: 1})
    put(g, "watch_tower", 12)
    begin_turn(g, 0)
    assert {(a.target, a.count) for a in legal_actions(g) if a.kind == "portal"} == {(4, 10)}
    assert "immune: its Watch Tower" in refused(g, "portal", 4, 12)
    assert "not a Magic region" in refused(g, "portal", 4, 5)
    assert "lower-numbered region first" in refused(g, "portal", 10, 4)
    g.region_army[4], g.region_tokens[4] = NOBODY, 0
    g.armies[0].mask = 0
    g.tray["warcraft:ethereals"] += 1
    assert "nothing to swap" in refused(g, "portal", 4, 10)


def test_a_race_portalled_onto_a_face_down_marker_turns_it_up(magic_map: str) -> None:
    g = wc_game(map_name=magic_map, markers=True)
    item = g.facedown[10]
    give(g, 0, "ethereals", "portal_mage", {12: 2}, hand=2)
    begin_turn(g, 0)
    events = act(g, "portal", 10, 12)
    assert [e["item"] for e in of(events, "item_revealed")] == [item]
    assert g.items[item] == 10 and 10 not in g.facedown
    check(g)


def test_murlocs_portalled_onto_a_face_down_marker_leave_it_face_down(magic_map: str) -> None:
    g = wc_game(map_name=magic_map, markers=True)
    give(g, 0, "ethereals", "portal_mage", {11: 2}, hand=2)
    g.place_neutral("warcraft:murloc", 12, 1)
    begin_turn(g, 0)
    events = act(g, "portal", 10, 12)
    assert g.region_army[10] == NEUTRAL and 10 in g.facedown
    assert not of(events, "item_revealed")
    check(g)


# --- random games ----------------------------------------------------------------------------

def test_random_games_play_every_power_and_its_actions(magic_map: str) -> None:
    """Random 3-player games on the test islands (with more Magic), each starting with a
    different part of the power stack: the invariants hold after every action, every power
    is played, their own actions are used, and the games replay exactly."""
    played: set[str] = set()
    used: Counter[str] = Counter()
    powers = [f"{GAME}:{cls.id}" for cls in ALL]

    def after(g: GameState, action: object) -> None:
        used[getattr(action, "kind", "")] += 1
        check(g)

    for seed in range(40):
        pinned = powers[seed * 5 % 20:] + powers[:seed * 5 % 20]
        forts = "one_per_turn" if seed % 2 else "per_region"
        g, record = play_random_game(["Amy", "Ben", "Cai"], magic_map, seed, after,
                                     game=GAME, options={"garrison_forts": forts},
                                     powers=pinned)
        assert g.finished
        played |= {a.power for a in g.armies}
        if seed % 8 == 0:
            again = Record.from_json(record.to_json()).replay()
            assert again.dumps() == g.dumps()
    assert played == set(powers)
    own = {"champion", "place_champion", "beast", "fort", "intimidate", "portal"}
    assert {k for k in own if used[k]} == own


@pytest.mark.parametrize("kind", ["intimidate", "portal"])
def test_two_region_actions_read_and_write_both_regions(kind: str) -> None:
    action = Action(kind, 3, NOWHERE)
    assert action.to_json() == {"do": kind, "region": 3, "to": NOWHERE}
    assert Action.from_json(action.to_json()) == action
