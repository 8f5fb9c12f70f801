"""The team hook: a bot told its partners counts their regions as its own side's."""

from __future__ import annotations

from invariants import check
from scenario import begin_turn, give, scenario

from smallworld_tui.bots import LEVELS, make_bot
from smallworld_tui.engine import GameState, legal_actions, observe


def fork(g: GameState) -> tuple[int, int, int]:
    """A land region with two land neighbours of the same plain cost, not touching each
    other, none on the border."""
    m = g.map
    land = m.land_mask & ~m.border_mask
    plain = [r for r in range(len(m.regions))
             if land >> r & 1 and g.base_cost[r] == 2 and not g.pieces.defence[r]
             and not g.neutral[r]]
    for r in plain:
        near = [n for n in plain if m.neighbor_masks[r] >> n & 1]
        for a in near:
            for b in near:
                if a < b and not m.neighbor_masks[a] >> b & 1:
                    return r, a, b
    raise AssertionError("no such regions on this map")


def target(allies: set[int], level: str = "normal") -> int:
    g = scenario(players=3, clear_tribes=True)
    home, a, b = fork(g)
    give(g, 1, "ratmen", "spirit", {a: 1})  # two defenders alike: powers that score
    give(g, 2, "skeletons", "stout", {b: 1})  # nothing, one token each
    give(g, 0, "dwarves", "alchemist", {home: 1}, hand=3)  # enough for one attack only
    begin_turn(g, 0)
    check(g)
    attacks = [m for m in legal_actions(g) if m.kind == "conquer" and m.target in (a, b)]
    assert len(attacks) == 2
    move = make_bot(level, 1, allies=allies).choose(observe(g, 0), attacks)
    return {a: 1, b: 2}[move.target]


def test_a_bot_attacks_the_opponent_not_its_partner() -> None:
    for level in ("normal", "hard"):
        assert target({1}, level) == 2
        assert target({2}, level) == 1


def test_every_level_accepts_partners() -> None:
    for level in LEVELS:
        assert make_bot(level, allies=[1]).allies == frozenset({1})
