"""The shortcuts of the rules' dispatch match the general path all through random games of
every game: the hooks said to be live (``GameState.live_hooks``) include every hook the rules
in play fill in, so that skipping the others (the tolls other players ask, the choices of
the turn, telling a turn's choice from a conquest) changes nothing, and they are those a
fresh copy of the game works out (nothing stale as items move, armies decline or leave).
"""

from __future__ import annotations

import pytest
from random_games import GAMES, play

from smallworld_tui.bots.random_play import play_random_game
from smallworld_tui.engine import Action, GameState
from smallworld_tui.engine.content.traits import Content
from smallworld_tui.engine.game import (
    _is_turn_action,
    _offered,
    _offers,
    _turn_actions,
    legal_actions,
    provider,
)
from smallworld_tui.engine.hooks import hooks_used
from smallworld_tui.engine.phase import CONQUER, END
from smallworld_tui.engine.registry import ruleset
from smallworld_tui.engine.state import OFF_MAP, Army


def filled_in_play(g: GameState) -> frozenset[str]:
    """The hot hooks the rules of the armies on the map fill in now (the general path)."""
    out: frozenset[str] = frozenset()
    for army in g.armies:
        if army.alive:
            out |= hooks_used([rule.qid for rule in g.rules_of(army)])
    return out


@pytest.mark.parametrize(("game", "map_name", "options"), GAMES)
def test_the_live_hooks_hold_every_hook_filled_in_and_none_is_stale(
        game: str, map_name: str | None, options: dict[str, bool] | None) -> None:
    idle_seen = live_seen = 0

    def check(g: GameState, _: Action) -> None:
        nonlocal idle_seen, live_seen
        live = g.live_hooks()
        assert filled_in_play(g) <= live <= g.rules.hooks_used
        assert live == g.clone().live_hooks()  # worked out anew: the same
        for hook in g.rules.hooks_used - live:
            assert g.armies_filling(hook) == []
        idle_seen += len(g.rules.hooks_used - live)
        live_seen += len(live & g.rules.item_hooks.keys())

    for end in play(game, map_name, options, check):
        assert GameState.from_json(end.to_json()).live_hooks() == end.live_hooks()
    if ruleset(game).item_hooks:  # hooks only items fill were idle, and live, in these games
        assert idle_seen and live_seen


@pytest.mark.parametrize(("game", "map_name", "options"), GAMES)
def test_skipped_hooks_offer_nothing_while_conquering(
        game: str, map_name: str | None, options: dict[str, bool] | None) -> None:
    content = 0

    def check(g: GameState, _: Action) -> None:
        nonlocal content
        if g.phase != CONQUER:
            return
        army = g.armies[g.turn.acting]
        live = g.live_hooks()
        if "turn_actions" not in live:
            assert _turn_actions(g) == []
        if "offered_actions" not in live:
            assert _offered(g, army) == []
        turn = _turn_actions(g)
        for action in legal_actions(g):  # how ``apply`` tells a turn's choice
            assert _is_turn_action(g, action) == (action in turn)
            content += action in turn

    play(game, map_name, options, check)
    if game == "underground":
        assert content  # choices of the turn were offered while conquering


def every_rule(g: GameState) -> list[tuple[Content, Army]]:
    """Every rule that may offer a choice now, in the order ``provider`` asks them (the
    general path: lists of every rule of every army concerned)."""
    seat_rules = [(t, army) for army in g.armies_of(g.seat) for t in g.rules_of(army)]
    if g.phase == END:
        return seat_rules
    acting = g.armies[g.turn.acting]
    out = [(t, acting) for t in g.rules_of(acting)]
    out += [pair for pair in seat_rules if pair[1] is not acting]
    if g.phase == CONQUER:
        out += [(t, other) for other in g.armies
                if other.alive and other.seat != acting.seat for t in g.hooks(other).offer]
    return out


@pytest.mark.parametrize(("game", "map_name", "options"), GAMES)
def test_the_provider_of_a_choice_is_the_first_rule_knowing_it(
        game: str, map_name: str | None, options: dict[str, bool] | None) -> None:
    provided = 0

    def check(g: GameState, _: Action) -> None:
        nonlocal provided
        if g.finished:
            return
        rules = every_rule(g)
        for action in legal_actions(g):
            able = [pair for pair in rules if action.kind in pair[0].actions]
            if not able:  # a choice of the core
                continue
            offering = [pair for pair in able if action in _offers(g, *pair)]
            assert provider(g, action) == (offering or able)[0]
            provided += 1

    play(game, map_name, options, check)
    assert provided


@pytest.mark.parametrize("options", [None, {"teams": True}])
def test_the_live_hooks_follow_items_put_into_and_out_of_play(
        options: dict[str, bool] | None) -> None:
    moved = 0
    for g in play("warcraft", None, options, lambda g, _: None):
        items = g.items
        for qid in list(items):
            for region in (OFF_MAP, 0):  # out of play, then onto the map
                before = g.live_hooks()
                items[qid] = region
                assert g.live_hooks() == g.clone().live_hooks()
                assert filled_in_play(g) <= g.live_hooks()
                moved += g.live_hooks() != before
    assert moved  # some moves put a hook only items fill in or out of play


@pytest.mark.parametrize("options", [None, {"teams": True}])
def test_the_regions_no_rule_may_help_to_take_are_those_every_rule_asked_gives(
        options: dict[str, bool] | None) -> None:
    """``GameState.unaided`` skips its sieve while nothing in play fills the hook in (in
    Warcraft only the Aegis of Aggramar does): the same regions as every other player's
    rules asked one by one, through Warcraft games where the Aegis comes into play."""
    seen = 0

    def check(g: GameState, _: Action) -> None:
        nonlocal seen
        for army in g.armies:
            if not army.alive:
                continue
            every = 0
            for other in g.armies:
                if other.alive and other.mask and other.seat != army.seat:
                    for t in g.rules_of(other):
                        every |= t.unaided_mask(g, other, army)
            assert g.unaided(army) == every
            seen += bool(every)

    for seed in range(17):
        play_random_game(["Amy", "Ben", "Cai", "Dee"], None, seed, check, game="warcraft",
                         options=options)
    assert seen  # the Aegis kept regions from help in these games
