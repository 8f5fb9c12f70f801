"""Warcraft content together: how races, powers, artifacts and places act on each other
(warcraft.md §6–§8, §11; docs/rulings.md, "Small World of Warcraft").

The shared mechanisms under test: an attack by any rule (``conquest.attack``: the Pandaren's
Harmony), what a conquest costs a region (``loss_on_defeat``: a Beast, the Champion, a rule
keeping every token) before the tokens a race saves (``save_tokens``: the Draenei), tokens
discarded by a rule that is no conquest (``conquest.discard``) and the race withdrawing from
a region left too few tokens (``conquest.withdraw``: nothing, or a lone Tauren), and the
regions no rule may help to take (``GameState.unaided``: the Aegis of Aggramar).

Test islands (tests/maps/wc-test.map): island 0 — 0 Farmland (entry), 1 Hill, 2 Forest
(entry), 3 Mountain, 4 Swamp (Magic, marker), 5 Hill (entry), 6 Lake, 7 Farmland (Great
Cavern); island 1 — 8 Forest (entry), 9 Swamp, 10 Farmland (marker), 11 Hill (entry),
12 Mountain; island 2 — 13 Farmland (entry), 14 Forest (entry), 15 Hill (marker), 16 Swamp.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from invariants import check
from scenario import act, begin_turn, count, give, kinds, of, put, targets

from smallworld_tui.engine import Event, GameState, IllegalAction, legal_actions
from smallworld_tui.engine.bitset import NOBODY
from smallworld_tui.engine.conquest import Costs, redeploy_room, too_few
from smallworld_tui.engine.content.warcraft.powers import NOWHERE
from smallworld_tui.engine.content.warcraft.races import artifacts
from smallworld_tui.engine.phase import PLACING
from smallworld_tui.engine.registry import RACES
from smallworld_tui.engine.state import Army
from warcraft.helpers import breakdown, map_with, play_out, wc_game

GAME = "warcraft"
AEGIS = f"{GAME}:aegis_of_aggramar"
BEAST = f"{GAME}:beast"
CHAMPION = f"{GAME}:champion"
HARMONY = f"{GAME}:harmony"
GOBLINS = f"{GAME}:goblins"


def q(id_: str) -> str:
    return f"{GAME}:{id_}"


def lay(g: GameState, item: str, region: int) -> None:
    """Put an artifact or place face up in ``region``, out of the box."""
    g.hidden.remove(q(item))
    g.move_item(q(item), region)


def refused(g: GameState, kind: str, target: int = -1, count_: int = 0) -> str:
    with pytest.raises(IllegalAction) as caught:
        act(g, kind, target, count_)
    return str(caught.value)


def paid(events: list[Event], reason: str) -> list[tuple[int, int, int]]:
    """(payer, payee, coins) of the payments a rule caused."""
    return [(e["payer"], e.seat, e["coins"]) for e in of(events, "coins_paid")
            if e["reason"] == q(reason)]


def reinforce(g: GameState, army: Army, tokens: int) -> None:
    g.tray[army.race] -= tokens
    army.hand += tokens


def set_coins(g: GameState, seat: int, coins: int) -> None:
    if coins < g.coins[seat]:
        g.pay(seat, g.coins[seat] - coins)
    else:
        g.gain(seat, coins - g.coins[seat])


# --- Harmony: any attack pays ----------------------------------------------------------------

def harmony_game() -> tuple[GameState, Army, Army]:
    """Seat 0 (holding the Pandaren's Harmony) has an Intimidating race in 1; seat 1's
    Pandaren hold 3 (2 tokens) and 13 (1 token)."""
    g = wc_game()
    bullies = give(g, 0, "ethereals", "intimidating", {1: 1}, hand=5)
    pandaren = give(g, 1, "pandaren", "farming", {3: 2, 13: 1})
    pandaren.extra[HARMONY] = 1 << 0
    return g, bullies, pandaren


def test_harmony_is_paid_before_intimidating_moves_a_pandaren_token_once_a_turn() -> None:
    g, _, _ = harmony_game()
    begin_turn(g, 0)
    before = list(g.coins)
    events = act(g, "intimidate", 3, 13)
    assert paid(events, "pandaren") == [(0, 1, 2)]
    assert events.index(of(events, "coins_paid")[0]) < events.index(
        of(events, "token_moved")[0])
    assert g.coins[0] == before[0] - 2 and g.coins[1] == before[1] + 2
    events = act(g, "intimidate", 3, 13)
    assert not paid(events, "pandaren") and g.coins[0] == before[0] - 2
    check(g)


def test_a_broke_harmony_holder_may_not_intimidate_the_pandaren() -> None:
    g, _, _ = harmony_game()
    set_coins(g, 0, 1)
    begin_turn(g, 0)
    assert 3 not in targets(g, "intimidate")
    assert "you hold their Harmony" in refused(g, "intimidate", 3, 13)


def test_a_portal_moving_pandaren_tokens_is_an_attack_too(tmp_path: Path) -> None:
    board = map_with(tmp_path, ("b2  10  farmland  board_m", "b2  10  farmland  board_m magic"))
    g = wc_game(map_name=board)
    give(g, 0, "ethereals", "portal_mage", {1: 1}, hand=5)
    pandaren = give(g, 1, "pandaren", "farming", {4: 2})
    pandaren.extra[HARMONY] = 1 << 0
    begin_turn(g, 0)
    events = act(g, "portal", 4, 10)
    assert paid(events, "pandaren") == [(0, 1, 2)] and 1 in g.turn.attacked
    assert pandaren.mask == 1 << 10
    check(g)


# --- the order of loss rules -----------------------------------------------------------------

def test_a_beast_pays_the_loss_before_the_draenei_spend_their_save() -> None:
    g = wc_game()
    draenei = give(g, 0, "draenei", "beastmaster", {5: 2, 1: 1})
    put(g, "beast", 5)
    kobolds = give(g, 1, "kobolds", "farming", {0: 1}, hand=10)
    begin_turn(g, 1)
    events = act(g, "conquer", 5)  # 2 + 2 tokens + the Beast
    conquered = of(events, "conquered")[0]
    assert (conquered["lost"], conquered["returned"]) == (0, 2)
    assert [e["piece"] for e in of(events, "piece_removed")] == [BEAST]
    assert not of(events, "token_saved")
    assert g.turn.lost[kobolds.id] == 1  # the Beast: a race token lost
    events = act(g, "conquer", 1)  # a lone Draenei token: now the save is spent
    conquered = of(events, "conquered")[0]
    assert (conquered["lost"], conquered["returned"]) == (0, 1)
    assert [e["count"] for e in of(events, "token_saved")] == [1]
    assert draenei.hand == 3
    check(g)


def test_the_chapel_spares_the_draenei_without_spending_their_save() -> None:
    g = wc_game()
    draenei = give(g, 0, "draenei", "farming", {10: 2, 9: 1})
    lay(g, "lights_hope_chapel", 10)
    give(g, 1, "trolls", "herbalist", {8: 1}, hand=10)
    begin_turn(g, 1)
    events = act(g, "conquer", 9)
    assert of(events, "conquered")[0]["lost"] == 0 and not of(events, "token_saved")
    assert q("draenei") not in g.turn.extra and draenei.hand == 1
    check(g)


def test_the_chapel_spares_the_champion_its_ransom() -> None:
    """No token would be lost: the Champion is not taken hostage, and goes back to hand."""
    g = wc_game()
    champions = give(g, 0, "ethereals", "champion", {5: 2, 3: 2})
    put(g, "champion", 3)
    lay(g, "lights_hope_chapel", 5)
    give(g, 1, "kobolds", "farming", {0: 1}, hand=10)
    begin_turn(g, 1)
    coins = list(g.coins)
    events = act(g, "conquer", 3)
    assert of(events, "conquered")[0]["lost"] == 0 and not paid(events, "champion")
    assert g.coins == coins and champions.reserve == {CHAMPION: 1} and champions.hand == 2
    check(g)


# --- Tauren: never a lone token --------------------------------------------------------------

def tauren_game() -> tuple[GameState, Army, Army]:
    """Seat 0's Intimidating race holds 1; seat 1's Tauren hold 3 and 13 with 2 tokens."""
    g = wc_game()
    bullies = give(g, 0, "ethereals", "intimidating", {1: 1}, hand=5)
    tauren = give(g, 1, "tauren", "farming", {3: 2, 13: 2})
    return g, bullies, tauren


def test_intimidating_a_two_token_tauren_region_withdraws_the_lone_token() -> None:
    g, _, tauren = tauren_game()
    begin_turn(g, 0)
    events = act(g, "intimidate", 3, 13)
    assert g.region_army[3] == NOBODY and g.region_tokens[13] == 3 and tauren.hand == 1
    assert tauren.mask == 1 << 13 and not of(events, "conquered")
    assert not g.turn.beaten  # no region taken: no faction bonus
    check(g)
    events = play_out(g)  # the Tauren put the token back in their region
    assert [(e.seat, e["region"], e["count"]) for e in of(events, "deployed")][-1] == (1, 13, 1)
    check(g)


def test_a_tauren_token_discarded_by_intimidation_leaves_its_partner_in_hand() -> None:
    g, bullies, tauren = tauren_game()
    g.region_tokens[3] += 1
    g.tray[tauren.race] -= 1
    begin_turn(g, 0)
    act(g, "intimidate", 3, 13)  # 3 tokens: 2 stay
    assert g.region_tokens[3] == 2 and tauren.hand == 0
    check(g)
    tauren.mask &= ~(1 << 13)
    g.region_army[13], g.tray[tauren.race] = NOBODY, g.tray[tauren.race] + 3
    g.region_tokens[13] = 0
    act(g, "intimidate", 3, NOWHERE)  # no other region: discarded, the last one withdraws
    assert g.region_army[3] == NOBODY and tauren.hand == 1 and tauren.alive
    assert g.turn.lost[bullies.id] == 1
    check(g)


def test_the_tauren_champion_may_hold_a_region_alone_and_a_token_joins_it() -> None:
    g = wc_game()
    tauren = give(g, 0, "tauren", "champion", {5: 2}, hand=3)
    begin_turn(g, 0)
    act(g, "champion", 3)
    assert g.region_tokens[3] == 0 and count(g, "champion", 3) == 1
    act(g, "end_conquest")
    act(g, "deploy", 3, 1)  # one Tauren token with the Champion: not alone
    act(g, "deploy", 5, tauren.hand)
    act(g, "end_redeploy")
    check(g)
    begin_turn(g, 0)
    events = act(g, "champion", 0)  # the Champion moves on: the lone token leaves 3
    assert [e["region"] for e in of(events, "abandoned")] == [3]
    assert not tauren.mask >> 3 & 1 and g.region_tokens[3] == 0
    check(g)


def test_two_beasts_may_hold_a_tauren_region_but_one_may_not() -> None:
    """Beasts are Tauren tokens like the others: two of them take and hold a region; a lone
    Beast is a lone Tauren token."""
    g = wc_game()
    tauren = give(g, 0, "tauren", "beastmaster", {5: 2, 1: 2}, hand=4)
    begin_turn(g, 0)
    assert tauren.reserve == {BEAST: 2}
    costs = Costs(g, tauren)
    assert costs.of(4) == 0 and costs.of(3) == 1 and costs.of(3, aided=False) == 3
    act(g, "conquer", 4)
    assert g.region_tokens[4] == 0 and count(g, "beast", 4) == 2
    check(g)
    act(g, "end_conquest")
    assert redeploy_room(g, tauren) == ({4: 2}, 4 + 2 - 2)
    act(g, "beast", 4)
    assert too_few(g, tauren, 4) and targets(g, "beast") == {1, 4, 5}
    act(g, "deploy", 4, 1)
    act(g, "beast", 5)
    act(g, "deploy", 5, tauren.hand)
    act(g, "end_redeploy")
    assert (g.region_tokens[4], count(g, "beast", 4)) == (1, 1)
    check(g)


def beasts_alone_in(region: int, beasts: int = 2) -> tuple[GameState, Army]:
    """Seat 1's Beastmasters hold 5 (1 token) and ``region``, where only Beasts stand."""
    g = wc_game()
    army = give(g, 1, "ethereals", "beastmaster", {5: 1, region: 1})
    g.region_tokens[region] = 0
    g.tray["warcraft:ethereals"] += 1
    put(g, "beast", region, beasts)
    check(g)
    return g, army


def test_beasts_alone_defend_their_region_one_pays_the_loss_and_the_forsaken_count_it(
) -> None:
    g, beasts = beasts_alone_in(3)
    forsaken = give(g, 0, "forsaken", "farming", {0: 1}, hand=8)
    begin_turn(g, 0)
    events = act(g, "conquer", 3)  # 2 + the Mountain + 2 Beasts
    conquered = of(events, "conquered")[0]
    assert conquered["cost"] == 5 and (conquered["lost"], conquered["returned"]) == (0, 0)
    assert [e["piece"] for e in of(events, "piece_removed")] == [BEAST]
    assert beasts.reserve == {BEAST: 1} and g.turn.lost[forsaken.id] == 1
    act(g, "end_conquest")
    act(g, "deploy", 3, forsaken.hand)
    act(g, "end_redeploy")
    assert g.phase in PLACING and g.turn.acting == beasts.id  # the Beast is placed again
    assert targets(g, "beast") == {5}
    act(g, "beast", 5)
    act(g, "end_redeploy")
    check(g)


def test_an_opponents_champion_takes_a_region_beasts_hold_alone() -> None:
    g, beasts = beasts_alone_in(3, beasts=1)
    give(g, 0, "dwarves", "champion", {0: 1}, hand=2)
    begin_turn(g, 0)
    events = act(g, "champion", 3)
    assert of(events, "conquered")[0]["defender_seat"] == 1
    assert [e["piece"] for e in of(events, "piece_removed")] == [BEAST]
    assert beasts.mask == 1 << 5 and not beasts.reserve
    check(g)


def test_a_beast_intimidated_out_of_a_region_it_held_alone_leaves_it_empty() -> None:
    g, beasts = beasts_alone_in(3, beasts=1)
    give(g, 0, "orcs", "intimidating", {1: 2}, hand=4)
    begin_turn(g, 0)
    assert 3 in {a.target for a in legal_actions(g) if a.kind == "intimidate"}
    act(g, "intimidate", 3, 5)
    assert g.region_army[3] == NOBODY and beasts.mask == 1 << 5 and count(g, "beast", 5) == 1
    check(g)


def test_the_doomhammers_single_token_may_be_a_beast() -> None:
    g = wc_game()
    beasts = give(g, 0, "ethereals", "beastmaster", {5: 1, 1: 1})
    lay(g, "doomhammer", 5)
    give(g, 1, "kobolds", "farming", {3: 3})
    begin_turn(g, 0)
    assert beasts.hand == 0 and beasts.reserve == {BEAST: 2}
    act(g, "doomhammer", 3)
    assert g.region_army[3] == beasts.id and count(g, "beast", 3) == 1
    assert g.region_tokens[3] == 0 and beasts.reserve == {BEAST: 1}
    check(g)


def test_the_doomhammer_lands_two_tauren_tokens() -> None:
    g = wc_game()
    tauren = give(g, 0, "tauren", "herbalist", {10: 2}, hand=3)
    lay(g, "doomhammer", 10)
    begin_turn(g, 0)
    act(g, "doomhammer", 11)
    assert g.region_tokens[11] == 2 and tauren.hand == 1
    check(g)


# --- the Aegis keeps every rule out, unless its toll is paid ----------------------------------

def aegis_game(race: str, power: str, regions: dict[int, int]) -> tuple[GameState, Army]:
    """Seat 1's Humans hold 3 (the Aegis, toll paid by nobody yet) and 4; seat 0 has
    ``race``/``power`` in ``regions`` with 6 in hand, and its turn begins."""
    g = wc_game()
    give(g, 1, "humans", "mining", {3: 1, 4: 1})
    lay(g, "aegis_of_aggramar", 3)
    army = give(g, 0, race, power, regions, hand=6)
    if race == "goblins":
        RACES[GOBLINS].on_picked(g, army)
    return g, army


RULES_ON_THE_AEGIS = [
    ("ethereals", "champion", "champion", 3, 0),
    ("ethereals", "intimidating", "intimidate", 3, 4),
    ("gnomes", "farming", "air_raid", 3, 0),
]


@pytest.mark.parametrize(("race", "power", "kind", "target", "to"), RULES_ON_THE_AEGIS)
def test_no_rule_may_act_on_the_aegis_region_before_its_toll(
        race: str, power: str, kind: str, target: int, to: int) -> None:
    g, _ = aegis_game(race, power, {0: 2})
    begin_turn(g, 0)
    assert target not in targets(g, kind)
    assert "lies under Aegis of Aggramar" in refused(g, kind, target, to)


def test_the_champion_takes_the_aegis_region_once_the_toll_is_paid() -> None:
    """Seed 000: unless the opponent pays the owner 2 coins, the region is unaffected by all
    powers and cannot be attacked — paying lifts both."""
    g, champions = aegis_game("ethereals", "champion", {0: 2})
    begin_turn(g, 0)
    act(g, "aegis_toll", 3)
    events = act(g, "champion", 3)
    assert of(events, "conquered")[0]["via"] == "champion"
    assert champions.mask >> 3 & 1 and g.items[AEGIS] == 3
    check(g)


def test_the_intimidating_race_moves_tokens_out_of_the_aegis_region_once_paid() -> None:
    g, _ = aegis_game("ethereals", "intimidating", {0: 2})
    g.region_tokens[3] = 2
    g.tray["warcraft:humans"] -= 1
    begin_turn(g, 0)
    assert not any(a.kind == "intimidate" and a.target == 3 for a in legal_actions(g))
    act(g, "aegis_toll", 3)
    act(g, "intimidate", 3, 4)
    assert g.region_tokens[3] == 1 and g.region_tokens[4] == 2
    check(g)


def test_no_portal_into_the_aegis_region_before_its_toll_and_one_after(tmp_path: Path) -> None:
    board = map_with(tmp_path, ("a3   3  mountain", "a3   3  mountain  magic"))
    g = wc_game(map_name=board)
    give(g, 1, "humans", "farming", {3: 1})
    lay(g, "aegis_of_aggramar", 3)
    mages = give(g, 0, "ethereals", "portal_mage", {4: 1}, hand=6)
    begin_turn(g, 0)
    assert "portal" not in kinds(g)
    assert "lies under Aegis of Aggramar" in refused(g, "portal", 3, 4)
    act(g, "aegis_toll", 3)
    act(g, "portal", 3, 4)
    assert mages.mask == 1 << 3 and g.items[AEGIS] == 4  # the artifact moved with the portal
    check(g)


def test_the_ethereals_steal_no_artifact_from_the_aegis_region_and_move_it_as_an_item() -> None:
    g, _ = aegis_game("ethereals", "farming", {1: 2})
    lay(g, "frostmourne", 4)
    begin_turn(g, 0)
    frost, aegis = artifacts().index(q("frostmourne")), artifacts().index(AEGIS)
    assert {(a.target, a.count) for a in legal_actions(g) if a.kind == "steal"} == {(frost, 1)}
    assert "lies under Aegis of Aggramar" in refused(g, "steal", aegis, 1)
    act(g, "steal", frost, 1)
    assert g.items[q("frostmourne")] == 1 and list(g.items) == sorted(g.items)
    check(g)


def test_the_ethereals_may_steal_the_aegis_itself_once_its_toll_is_paid() -> None:
    g, ethereals = aegis_game("ethereals", "farming", {1: 2})
    begin_turn(g, 0)
    act(g, "aegis_toll", 3)
    act(g, "steal", artifacts().index(AEGIS), 1)
    assert g.items[AEGIS] == 1 and ethereals.mask >> 1 & 1
    check(g)


def test_a_bomb_on_a_region_put_under_the_aegis_goes_back_on_the_pile() -> None:
    g, _ = aegis_game("goblins", "farming", {0: 2, 5: 1})
    data = g.item_data[GOBLINS]
    data["pile"].remove(1)
    data["placed"].append([4, 1])
    g.move_item(AEGIS, 4)  # placed by its owner since the bomb was laid
    put(g, "bomb", 4)
    check(g)
    events = begin_turn(g, 0)
    assert [e["region"] for e in of(events, "bomb_returned")] == [4]
    assert not of(events, "bomb_revealed") and g.region_tokens[4] == 1
    assert data["pile"][-1] == 1
    check(g)


def test_a_bomb_laid_on_the_aegis_region_after_its_toll_goes_back_on_the_pile() -> None:
    """The toll lifts the immunity for the payer's turn: the bomb may be laid, but the
    region is immune again when it would go off."""
    g, goblins = aegis_game("goblins", "farming", {0: 2, 5: 1})
    begin_turn(g, 0)
    act(g, "aegis_toll", 3)
    act(g, "end_conquest")
    act(g, "deploy", 0, goblins.hand)
    act(g, "end_redeploy")
    assert 3 in targets(g, "bomb")  # the end of the turn that paid
    act(g, "bomb", 3)
    assert g.seat == 1  # nothing left to choose: the turn passed
    events = begin_turn(g, 0)
    assert [e["region"] for e in of(events, "bomb_returned")] == [3]
    assert g.region_tokens[3] == 1 and goblins.alive
    check(g)


def test_a_bomb_on_a_region_a_watch_tower_guards_since_goes_back_on_the_pile() -> None:
    g = wc_game()
    RACES[GOBLINS].on_picked(g, give(g, 0, "goblins", "farming", {8: 2}))
    give(g, 1, "humans", "defensive", {10: 1})
    data = g.item_data[GOBLINS]
    data["pile"].remove(1)
    data["placed"].append([10, 1])
    put(g, "bomb", 10)
    put(g, "watch_tower", 10)
    events = begin_turn(g, 0)
    assert [e["region"] for e in of(events, "bomb_returned")] == [10]
    assert g.region_tokens[10] == 1
    check(g)


# --- tokens removed outside a conquest -------------------------------------------------------

def test_intimidated_discards_count_for_the_forsaken() -> None:
    g = wc_game(murlocs=True)
    forsaken = give(g, 0, "forsaken", "intimidating", {1: 1}, hand=5)
    give(g, 2, "orcs", "ranger", {2: 2}, declined=True)
    begin_turn(g, 0)
    act(g, "intimidate", 0, NOWHERE)  # a Murloc
    act(g, "intimidate", 2, NOWHERE)  # a declined Orc with nowhere to go
    assert g.turn.lost[forsaken.id] == 2
    act(g, "end_conquest")
    assert {a.target for a in legal_actions(g) if a.kind == "recruit"} == {1, 2}
    check(g)


def test_the_draenei_keep_their_first_intimidated_discard() -> None:
    g = wc_game()
    bullies = give(g, 0, "ethereals", "intimidating", {1: 1}, hand=5)
    draenei = give(g, 1, "draenei", "farming", {3: 2})
    begin_turn(g, 0)
    events = act(g, "intimidate", 3, NOWHERE)
    assert [e["count"] for e in of(events, "token_saved")] == [1]
    assert g.region_tokens[3] == 1 and draenei.hand == 1 and not g.turn.lost.get(bullies.id)
    act(g, "intimidate", 3, NOWHERE)  # the second loss is for good: the region empties
    assert g.turn.lost[bullies.id] == 1 and g.region_army[3] == NOBODY
    assert draenei.hand == 1 and draenei.alive
    check(g)


def test_marsh_dweller_takes_its_toll_when_intimidation_empties_a_swamp() -> None:
    g = wc_game()
    give(g, 0, "ethereals", "intimidating", {1: 1}, hand=5)
    give(g, 1, "kobolds", "marsh_dweller", {4: 1, 3: 2})
    begin_turn(g, 0)
    events = act(g, "intimidate", 4, 3)
    assert paid(events, "marsh_dweller") == [(0, 1, 1)] and g.region_army[4] == NOBODY
    check(g)


# --- more pairs --------------------------------------------------------------------------------

def test_kobolds_pay_no_travel_cost_for_a_great_cavern_that_is_an_entry_region(
        tmp_path: Path) -> None:
    board = map_with(tmp_path, ("a7   7  farmland  great_cavern murloc",
                                "a7   7  farmland  great_cavern entry murloc"))
    g = wc_game(map_name=board)
    kobolds = give(g, 0, "kobolds", "farming", hand=6)
    orcs = give(g, 1, "orcs", "mining", hand=6)
    assert Costs(g, kobolds).of(7) == 2 and Costs(g, orcs).of(7) == 3
    g = wc_game(map_name=board)
    kobolds = give(g, 0, "kobolds", "farming", {11: 2})
    orcs = give(g, 1, "orcs", "mining", {12: 2})
    assert Costs(g, kobolds).of(7) == 2 and Costs(g, orcs).of(7) == 3
    check(g)


def test_a_portal_leaves_a_legendary_place_where_it_lies(tmp_path: Path) -> None:
    """Only artifacts go through: the Well of Eternity stays even on a Magic region."""
    board = map_with(tmp_path, ("b2  10  farmland  board_m", "b2  10  farmland  board_m magic"))
    g = wc_game(map_name=board)
    give(g, 0, "ethereals", "portal_mage", {4: 1}, hand=5)
    g.hidden.remove(q("well_of_eternity"))
    g.move_item(q("well_of_eternity"), 10)
    lay(g, "frostmourne", 4)
    begin_turn(g, 0)
    act(g, "portal", 4, 10)
    assert g.items[q("well_of_eternity")] == 10 and g.items[q("frostmourne")] == 10


def test_orcs_on_the_battleground_score_both_bonuses() -> None:
    g = wc_game()
    give(g, 0, "orcs", "farming", {8: 1}, hand=10)
    lay(g, "battleground", 8)
    give(g, 1, "humans", "herbalist", {9: 1, 10: 1})
    begin_turn(g, 0)
    act(g, "conquer", 9)
    act(g, "conquer", 10)
    lines = breakdown(play_out(g), 0)
    assert lines[f"faction:{GAME}:horde"] == 2 and lines[f"race:{GAME}:orcs"] == 2


def test_a_region_the_champion_holds_alone_is_not_empty() -> None:
    """Battlemaster and the Trolls count it: the Champion defends as a token."""
    g = wc_game()
    give(g, 0, "ethereals", "champion", {5: 2, 3: 0})
    put(g, "champion", 3)
    trolls = give(g, 1, "trolls", "battlemaster", {0: 1}, hand=8)
    check(g)
    assert Costs(g, trolls).of(3) == 2 + 1 + 1 - 1  # Mountain, Champion, Trolls
    begin_turn(g, 1)
    events = act(g, "conquer", 3)
    assert g.turn.nonempty[trolls.id] == 1 and paid(events, "champion") == [(0, 1, 1)]
    events = act(g, "end_conquest")
    while g.phase in PLACING:
        army = g.armies[g.turn.acting]
        if army.hand:
            events += act(g, "deploy", min(r for r in range(17) if army.mask >> r & 1),
                          army.hand)
        placing = [a for a in legal_actions(g) if a.kind == "place_champion"]
        events += act(g, "place_champion", placing[0].target) if placing else act(
            g, "end_redeploy")
    assert breakdown(events, 1)[f"power:{GAME}:battlemaster"] == 1
    check(g)


def test_the_well_counts_the_naga_around_it_not_on_it() -> None:
    g = wc_game()
    give(g, 0, "naga", "archaeologist", {6: 2, 3: 1, 5: 1})
    g.hidden.remove(q("well_of_eternity"))
    g.move_item(q("well_of_eternity"), 6)
    begin_turn(g, 0)
    lines = breakdown(play_out(g), 0)
    assert lines[f"place:{GAME}:well_of_eternity"] == 2
    assert lines[f"power:{GAME}:archaeologist"] == 1  # the Well lies in a Naga region


