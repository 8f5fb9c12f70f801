"""Going into decline: when a race may, and flipping it, trimming its tokens, respecting the
one-declined-race limit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from smallworld_tui.engine.bitset import bits
from smallworld_tui.engine.conquest import retire

if TYPE_CHECKING:
    from smallworld_tui.engine.state import Army, GameState


def may_decline(g: GameState, army: Army) -> bool:
    """The active race may go into decline: start of its turn, before it acted."""
    return (not army.declined and not g.turn.expanded and g.turn.acting == army.id
            and army.picked_turn != g.turn_number)


def go_into_decline(g: GameState, army: Army) -> None:
    """Put ``army`` into decline.

    Its rules react first (``on_decline``); pieces that do not survive a decline leave its
    regions and its reserve; one token stays per region (or as many as the race keeps; every
    token stays if one of its rules says so — Ghouls, a Tomb lent by a place it holds); the
    badge is discarded unless the power works in decline or keeps the race outside the
    decline limit (Spirit), in which case no older declined race is removed either.
    """
    rules = g.rules_of(army)
    for t in rules:
        t.on_decline(g, army)
    for kind in g.pieces.kinds.values():
        if not kind.survives_decline:
            g.pieces.remove_all(kind.id, army.mask)
            army.reserve.pop(kind.id, None)
    if not any(t.keeps_tokens_on_decline for t in rules):
        kept = army.race_trait.tokens_kept()
        for r in bits(army.mask):
            spare = max(0, g.region_tokens[r] - kept)
            g.tray[army.race] += spare
            g.region_tokens[r] -= spare
        g.tray[army.race] += army.hand
        army.hand = 0
    power = army.power_trait
    outside_limit = power.outside_decline_limit
    if not (outside_limit or power.works_in_decline):
        g.market.discard_power(g, army.power)
        army.badge = False
    army.declined = True
    g.turn.declined = True
    removed = ""
    if not outside_limit:
        for old in g.armies_of(army.seat):
            if old is not army and old.declined and not old.has("outside_decline_limit"):
                removed = old.race
                retire(g, old)
    g.emit("declined", army.seat, race=army.race, power=army.power, removed=removed)
    if army.mask == 0 and army.hand == 0:
        retire(g, army)
