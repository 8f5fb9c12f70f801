"""Invariants every reachable game state satisfies (used by the property tests)."""

from __future__ import annotations

from smallworld_tui.engine.bitset import LOST_TRIBE, NOBODY, bits
from smallworld_tui.engine.content import POWERS, RACES
from smallworld_tui.engine.state import GameState

PIECE_LIMITS = {"lairs": 10, "fortresses": 6, "holes": 2, "heroes": 2, "dragon": 1}


def check(g: GameState, start_coins: int = 5) -> None:
    """Raise AssertionError naming the first broken invariant."""
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
    for r, army in enumerate(g.region_army):
        if army == NOBODY:
            assert g.region_tokens[r] == 0, f"empty region {r} has tokens"
        elif army == LOST_TRIBE:
            assert g.region_tokens[r] == 1
        else:
            assert g.armies[army].alive and g.armies[army].mask >> r & 1
    assert sum(1 for x in g.region_army if x == LOST_TRIBE) <= 18
    # tokens conserved per race and never above the box count
    for race, trait in RACES.items():
        used = sum(g.tokens_on_board(a) + a.hand for a in alive if a.race == race)
        assert g.tray[race] >= 0, f"tray of {race} below zero"
        assert used + g.tray[race] == trait.max_tokens, f"{race} tokens not conserved"
    # coins conserved: starting coins + everything scored = hands + coins on combos
    scored = sum(sum(row) for row in g.gains)
    assert sum(g.coins) + sum(c.coins for c in g.combos) == start_coins * g.players + scored
    assert all(c >= 0 for c in g.coins)
    # water only with Seafaring
    for r in bits(g.map.water_mask):
        army = g.region_army[r]
        assert army == NOBODY or (army >= 0 and g.armies[army].power == "seafaring"), (
            f"water region {r} held without Seafaring")
    # at most one declined race per player besides Spirit races
    for seat in range(g.players):
        normal = [a for a in alive if a.seat == seat and a.declined
                  and not (a.badge and POWERS[a.power].outside_decline_limit)]
        assert len(normal) <= 1, f"seat {seat} has {len(normal)} declined races"
        assert sum(1 for a in alive if a.seat == seat and not a.declined) <= 1
    # pieces within the box
    for name, limit in PIECE_LIMITS.items():
        assert getattr(g, name).bit_count() <= limit, f"too many {name}"
    assert sum(g.encampments) <= 5
    for name in ("lairs", "fortresses", "holes", "heroes", "dragon"):
        assert not (getattr(g, name) & ~seen), f"{name} on a region nobody holds"
    # every banner and badge is in exactly one place
    races = [c.race for c in g.combos] + g.race_stack + [a.race for a in alive]
    assert sorted(races) == sorted(RACES), "race banners lost or duplicated"
    powers = ([c.power for c in g.combos] + g.power_stack + g.power_discard
              + [a.power for a in alive if a.badge])
    assert sorted(powers) == sorted(POWERS), "power badges lost or duplicated"
    assert len(g.combos) <= 6
