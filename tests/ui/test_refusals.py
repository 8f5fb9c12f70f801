"""Every refusal states its real reason, as the interface shows it: one test per kind of
refusal, each asserting that the message names the rule that forbids the move (the cases of
issue 10, played through the engine and worded by ``describe.refusal``)."""

from __future__ import annotations

import pytest
from invariants import check
from scenario import act, begin_turn, give, pair, plain, scenario

from smallworld_tui.compat import notifications
from smallworld_tui.engine import Action, GameState, IllegalAction, apply
from smallworld_tui.engine.game import legal_actions
from smallworld_tui.session import GameSession
from smallworld_tui.ui.app import SmallWorldApp
from smallworld_tui.ui.describe import refusal
from ui.driver import session, settle


def refused(g: GameState, kind: str, target: int = -1, count: int = 0) -> str:
    """The interface's words for the engine's refusal of an action (which must be refused)."""
    action = Action(kind, target, count)
    assert action not in legal_actions(g)
    with pytest.raises(IllegalAction) as info:
        apply(g, action)
    check(g)
    return refusal(info.value, g.map)


def test_a_diplomats_peace_is_named() -> None:
    """Attacking a player whose Diplomat named you as ally is refused because of the peace,
    not because of border regions."""
    g = scenario(players=2)
    a, b = pair(plain, plain)
    ben = give(g, 1, "ratmen", "diplomat", {b: 2})
    ben.extra["ally"] = 0
    give(g, 0, "orcs", "commando", {a: 3})
    begin_turn(g, 0)
    message = refused(g, "conquer", b)
    assert "Diplomat" in message and "border" not in message


def test_berserk_never_makes_a_final_roll() -> None:
    g = scenario(players=2)
    a, b = pair(plain, plain)
    give(g, 0, "orcs", "berserk", {a: 2})
    begin_turn(g, 0)
    assert g.armies[0].hand == 1
    message = refused(g, "final", b)
    assert "Berserk" in message and "more than" not in message


def test_a_second_berserk_roll_is_refused_by_berserk() -> None:
    g = scenario(players=2, dice=[2])
    a, _b = pair(plain, plain)
    give(g, 0, "orcs", "berserk", {a: 3})
    begin_turn(g, 0)
    act(g, "berserk_roll")
    message = refused(g, "berserk_roll")
    assert "Berserk die is already rolled" in message


def test_picking_during_the_ghoul_phase_names_the_ghouls() -> None:
    g = scenario(players=2)
    a, _b = pair(plain, plain)
    give(g, 0, "ghouls", "hill", {a: 3}, declined=True)
    begin_turn(g, 0)
    assert g.phase == "conquer" and g.armies[g.turn.acting].declined
    message = refused(g, "pick", 0)
    assert "Ghouls act first" in message and "no active race" not in message


@pytest.mark.parametrize("blocker", ["encampment", "diplomat"])
def test_a_sorcerers_swap_names_what_blocks_it(blocker: str) -> None:
    """Sorcery on a lone token guarded by an Encampment (it defends like a token) or on a
    Diplomat's ally."""
    g = scenario(players=2)
    a, b = pair(plain, plain)
    if blocker == "encampment":
        give(g, 1, "ratmen", "bivouacking", {b: 1})
        g.pieces.add("base:encampment", b)
        g.armies[-1].reserve["base:encampment"] -= 1
    else:
        ben = give(g, 1, "ratmen", "diplomat", {b: 1})
        ben.extra["ally"] = 0
    give(g, 0, "sorcerers", "hill", {a: 3})
    begin_turn(g, 0)
    message = refused(g, "sorcery", b)
    assert ("Encampment" if blocker == "encampment" else "Diplomat") in message
    assert "not possible now" not in message


def test_the_dragon_on_a_hole_names_the_hole() -> None:
    g = scenario(players=2)
    a, b = pair(plain, plain)
    give(g, 1, "halflings", "hill", {b: 2})
    g.pieces.add("base:hole", b)
    give(g, 0, "orcs", "dragon_master", {a: 3})
    begin_turn(g, 0)
    message = refused(g, "dragon", b)
    assert "Hole-in-the-Ground" in message and "immune" in message


def test_naming_a_player_you_attacked_as_ally() -> None:
    g = scenario(players=3, map_name="base-3p")
    a, b = next((r.id, n) for r in g.map.regions if not r.water and not r.mountain
                for n in sorted(r.neighbors) if not g.map.regions[n].water
                and not g.map.regions[n].mountain)
    give(g, 1, "ratmen", "hill", {b: 1})
    give(g, 0, "orcs", "diplomat", {a: 6})
    begin_turn(g, 0)
    act(g, "conquer", b)
    act(g, "end_conquest")
    act(g, "deploy", a, g.armies[g.turn.acting].hand)
    act(g, "end_redeploy")
    assert g.phase == "end"  # Cai may still be named
    message = refused(g, "ally", 1)
    assert "attacked that player" in message


def test_a_seventh_fortress_is_refused_by_the_fortress_count() -> None:
    g = scenario(players=2)
    held = [r.id for r in g.map.regions if not r.water and not r.mountain][:7]
    give(g, 0, "orcs", "fortified", {r: 1 for r in held})
    for region in held[:-1]:
        g.pieces.add("base:fortress", region)
    assert g.pieces.free("base:fortress") == 0
    a = held[-1]
    begin_turn(g, 0)
    act(g, "end_conquest")
    message = refused(g, "fortify", a)
    assert "Fortresses are on the map" in message


def test_a_second_hero_in_one_region() -> None:
    g = scenario(players=2)
    a, b = pair(plain, plain)
    give(g, 0, "orcs", "heroic", {a: 3, b: 3})
    begin_turn(g, 0)
    act(g, "end_conquest")
    act(g, "hero", a)
    message = refused(g, "hero", a)
    assert "already has a Hero" in message


@pytest.mark.parametrize(("held", "defended", "kind", "reason"), [
    (2, 6, "final", "more than 3 short"),  # 1 in hand against 8
    (1, 0, "conquer", "at least 1 token"),  # nothing in hand
])
def test_conquests_without_enough_tokens(held: int, defended: int, kind: str,
                                         reason: str) -> None:
    g = scenario(players=2)
    a, b = pair(plain, plain)
    if defended:
        give(g, 1, "ratmen", "merchant", {b: defended})
    give(g, 0, "orcs", "hill", {a: held})
    begin_turn(g, 0)
    assert g.armies[g.turn.acting].hand == held - 1
    assert reason in refused(g, kind, b)


async def test_the_game_screen_shows_the_engines_reason() -> None:
    """Through the interface: Enter on a region out of reach gives the engine's reason."""
    s = session(races=["dwarves"], powers=["merchant"])
    app = SmallWorldApp(s)
    async with app.run_test(size=(100, 35)) as pilot:
        await pilot.press("0")
        await settle(pilot)
        await pilot.press("0")  # region 0: the sea
        await settle(pilot)
        assert any("Seafaring" in n.message for n in notifications(app))
        assert isinstance(s, GameSession) and len(s.record.actions) == 1
