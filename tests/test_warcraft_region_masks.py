"""The regions Intimidating may act on, read from masks (the pieces', the army's
neighbours) and asked of ``untouchable`` only where something may be removed or moved, are
those found region by region (something there to remove or move, no rule keeping the
race's powers out), after every action of random Warcraft games, with and without teams.
"""

from __future__ import annotations

from collections import Counter

import pytest

from smallworld_tui.bots.random_play import play_random_game
from smallworld_tui.engine import Action, GameState
from smallworld_tui.engine.bitset import bits
from smallworld_tui.engine.content.warcraft.powers import (
    BEAST,
    Intimidating,
    untouchable,
    uses_left,
)
from smallworld_tui.engine.state import Army

#: the powers on top of the stack: the games play Intimidating (these games next to regions
#: a rule keeps it out of too)
POWERS = ["warcraft:intimidating", "warcraft:portal_mage"]


def victims(g: GameState, army: Army, rule: Intimidating) -> tuple[int, int]:
    """The regions Intimidating may act on, region by region, and those among them it could
    but for a rule keeping the race's powers out."""
    if not uses_left(g, rule, army):
        return 0, 0
    near = g.map.adjacent(army.mask) & ~g.seat_mask(army.seat) & ~g.water_mask
    walled = rule._walled(g)
    out = 0
    for r in bits(near):
        if walled >> r & 1 or g.region_tokens[r] + g.pieces.race_tokens(r):
            out |= 1 << r
    kept_out = untouchable(g, army, out)
    return out & ~kept_out, kept_out


def lone_beast(g: GameState, army: Army, rule: Intimidating, every: int) -> bool:
    """On a copy of the game, the tokens of a region Intimidating may act on become a
    Beast alone (random games seldom leave one there): the region is still one to act on."""
    held = [r for r in bits(every) if g.region_tokens[r] and g.region_army[r] >= 0]
    if not held:
        return False
    copy = g.clone()
    copy.region_tokens[held[0]] = 0
    copy.pieces.add(BEAST, held[0])
    mine = copy.armies[army.id]
    assert rule._victims(copy, mine, rule._walled(copy)) == victims(copy, mine, rule)[0] == every
    return True


@pytest.mark.parametrize("options", [None, {"teams": True}])
def test_the_regions_read_from_masks_are_those_asked_region_by_region(
        options: dict[str, bool] | None) -> None:
    found: Counter[str] = Counter()  # the answers holding some region

    def check(g: GameState, _: Action) -> None:
        for army in g.armies:
            if not army.alive:
                continue
            for rule in g.rules_of(army):
                if isinstance(rule, Intimidating):
                    every, kept_out = victims(g, army, rule)
                    assert rule._victims(g, army, rule._walled(g)) == every
                    found["intimidating"] += bool(every)
                    found["kept out"] += bool(kept_out)
                    found["lone beast"] += lone_beast(g, army, rule, every)

    for seed in range(8):
        play_random_game(["Amy", "Ben", "Cai", "Dee"], None, seed, check, game="warcraft",
                         options=options, powers=POWERS)
    assert all(found[k] for k in ("intimidating", "kept out", "lone beast")), found
