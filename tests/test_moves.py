"""The moves of a position and what they cost, worked out once (``engine.moves``) and shown in
every view of it: the tokens a conquest costs, the tokens a last conquest lacks (what the
reinforcement die must make up, rulebook: the last conquest of a turn with too few tokens) and
the coins a choice costs."""

from __future__ import annotations

import random

from invariants import check
from scenario import act, begin_turn, give, of, pair, plain, scenario

from smallworld_tui.engine import Action, apply, legal_actions, moves, new_game, view
from smallworld_tui.engine.conquest import Costs


def test_a_last_conquests_shortfall_is_what_the_die_must_make_up() -> None:
    g = scenario(players=2, dice=[3], clear_tribes=True)
    a, b = pair(plain, plain)
    orcs = give(g, 0, "orcs", "alchemist", {a: 1}, hand=1)
    give(g, 1, "ratmen", "merchant", {b: 2})
    begin_turn(g, 0)
    cost = Costs(g, orcs).of(b)  # 2 for the region + 2 tokens defending it
    for seat in (0, 1, -1):  # what it costs, and lacks, is no secret
        seen = view(g, seat)
        assert seen.costs[b] == cost and seen.shortfalls[b] == cost - orcs.hand == 3
    assert Action("final", b) in view(g, 0).legal
    assert a not in view(g, 0).shortfalls  # nothing is short where nothing is attacked
    rolled = of(act(g, "final", b), "die_rolled")[0]
    assert rolled["short"] == 3 and rolled["success"]
    check(g)


def test_regions_paid_in_full_have_no_shortfall() -> None:
    g = scenario(players=2, clear_tribes=True)
    a, _b = pair(plain, plain)
    orcs = give(g, 0, "orcs", "alchemist", {a: 1}, hand=6)
    begin_turn(g, 0)
    seen = view(g, 0)
    assert seen.costs and not seen.shortfalls
    assert all(cost <= orcs.hand for cost in seen.costs.values())


def test_views_sharing_the_moves_of_their_position_are_the_views_of_it() -> None:
    """A view given the moves worked out once for the position (as the session gives them to
    every seat) is the view worked out alone, for every seat, through a whole game."""
    g = new_game(["Amy", "Ben", "Cai"], "base-3p", seed=4)
    chooser = random.Random(4)
    while not g.finished:
        known = moves(g)
        assert list(known.legal) == legal_actions(g)
        for seat in (-1, 0, 1, 2):
            assert view(g, seat, known) == view(g, seat)
        apply(g, chooser.choice(known.legal))


def test_working_out_the_moves_changes_nothing_and_rolls_no_die() -> None:
    g = scenario(players=2, dice=[1])
    a, _b = pair(plain, plain)
    give(g, 0, "orcs", "berserk", {a: 3})
    begin_turn(g, 0)
    before = g.dumps()
    known = moves(g)
    assert Action("berserk_roll") in known.legal
    assert Action("berserk_roll") not in known.prices  # a die's outcome, no price
    assert g.dumps() == before
