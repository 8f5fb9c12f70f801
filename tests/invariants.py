"""Invariants every reachable game state satisfies, for every ruleset (property tests)."""

from __future__ import annotations

from smallworld_tui.engine.bitset import NEUTRAL, NOBODY, bits
from smallworld_tui.engine.content import POWERS, RACES
from smallworld_tui.engine.state import GameState


def check(g: GameState) -> None:
    """Raise AssertionError naming the first broken invariant."""
    rules = g.rules
    alive = [a for a in g.armies if a.alive]
    # one race per region, regions and masks agree, every held region has a token
    seen = 0
    for a in alive:
        assert not (a.mask & seen), f"army {a.id} shares a region"
        seen |= a.mask
        for r in bits(a.mask):
            assert g.region_army[r] == a.id, f"region {r} mask/army mismatch"
            assert g.region_tokens[r] >= 1, f"region {r} held with no token"
        assert a.hand >= 0
        assert all(n >= 0 for n in a.reserve.values())
    for r, army in enumerate(g.region_army):
        if army == NOBODY:
            assert g.region_tokens[r] == 0, f"empty region {r} has tokens"
            assert g.neutral[r] == "", f"empty region {r} has a neutral kind"
        elif army == NEUTRAL:
            assert g.neutral[r] in rules.neutrals, f"region {r}: unknown neutral"
            assert g.region_tokens[r] >= 1
        else:
            assert g.armies[army].alive and g.armies[army].mask >> r & 1
    # tokens conserved per race and per neutral kind, never above the box count
    for race in rules.races:
        used = sum(g.tokens_on_board(a) + a.hand for a in alive if a.race == race)
        assert g.tray[race] >= 0, f"tray of {race} below zero"
        assert used + g.tray[race] == RACES[race].max_tokens, f"{race} tokens not conserved"
    for kind, piece in rules.neutrals.items():
        on_map = sum(t for r, t in enumerate(g.region_tokens) if g.neutral[r] == kind)
        assert g.tray[kind] >= 0 and on_map + g.tray[kind] == piece.count, (
            f"{kind} tokens not conserved")
    # coins conserved: starting coins + coins from the bank - coins paid to it = every coin
    # in hand or on a combo
    start = rules.starting_coins * g.players
    banked = sum(sum(row) for row in g.gains) - g.to_bank
    assert sum(g.coins) + sum(c.coins for c in g.combos) == start + banked
    assert all(c >= 0 for c in g.coins)
    # closed regions never held; water only by races whose rules allow it
    for r in bits(g.closed_mask):
        assert g.region_army[r] == NOBODY, f"closed region {r} entered"
    for r in bits(g.water_mask):
        army = g.region_army[r]
        assert army == NOBODY or (army >= 0 and any(
            t.enters_water for t in (g.armies[army].race_trait, g.armies[army].power_trait))
        ), f"water region {r} held without a rule allowing it"
    # at most one declined race per player besides those outside the limit; one active
    for seat in range(g.players):
        normal = [a for a in alive if a.seat == seat and a.declined
                  and not (a.badge and POWERS[a.power].outside_decline_limit)]
        assert len(normal) <= 1, f"seat {seat} has {len(normal)} declined races"
        assert sum(1 for a in alive if a.seat == seat and not a.declined) <= 1
    # pieces within the box, and only where their rules allow
    for kind, piece in g.pieces.kinds.items():
        assert g.pieces.total(kind) <= piece.count, f"too many {kind}"
        if piece.on_capture != "stay":
            assert not (g.pieces.mask(kind) & ~seen), f"{kind} on a region nobody holds"
    # every banner and badge is in exactly one place
    races = [c.race for c in g.combos] + g.race_stack + [a.race for a in alive]
    assert sorted(races) == sorted(rules.races), "race banners lost or duplicated"
    powers = ([c.power for c in g.combos] + g.power_stack + g.power_discard
              + [a.power for a in alive if a.badge])
    assert sorted(powers) == sorted(rules.powers), "power badges lost or duplicated"
    assert len(g.combos) <= rules.visible_combos
    # every item is in play face up, face down, or in the box — once
    placed = [*g.items, *g.hidden, *g.facedown.values()]
    assert len(placed) == len(set(placed)) and set(placed) <= set(rules.items)
