"""Going into decline: flip the race, trim its tokens, respect the one-declined-race limit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from smallworld_tui.engine.bitset import bits
from smallworld_tui.engine.conquest import retire

if TYPE_CHECKING:
    from smallworld_tui.engine.state import Army, GameState


def go_into_decline(g: GameState, army: Army) -> None:
    """Put ``army`` into decline.

    Pieces tied to the active race leave (each trait's ``on_decline``); one token stays per
    region (Ghouls keep all); the badge is discarded unless it keeps the race outside the
    decline limit (Spirit), in which case no older declined race is removed either.
    """
    for t in army.traits():
        t.on_decline(g, army)
    if not army.race_trait.acts_in_decline:
        for r in bits(army.mask):
            g.tray[army.race] += g.region_tokens[r] - 1
            g.region_tokens[r] = 1
        g.tray[army.race] += army.hand
        army.hand = 0
    outside_limit = army.power_trait.outside_decline_limit
    if not outside_limit:
        g.power_discard.append(army.power)
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
