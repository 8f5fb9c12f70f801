"""Rules several Underground races and powers share: coins passing between players, groups of
regions, and why a rule may not help against a protected region (Gnomes)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from smallworld_tui.data import entries
from smallworld_tui.i18n import N_

if TYPE_CHECKING:
    from smallworld_tui.engine.board import Map
    from smallworld_tui.engine.content.traits import Content, Reason
    from smallworld_tui.engine.state import Army, GameState

BANK = -1


def pay_coins(g: GameState, payer: int, payee: int, coins: int, reason: str) -> int:
    """``payer`` (a seat, or BANK) gives ``payee`` up to ``coins``; a player pays only what
    he has.  Returns the coins paid and records a ``coins_paid`` event."""
    if payer == BANK:
        g.gain(payee, coins)
        paid = coins
    else:
        paid = g.pay(payer, coins, to=payee)
    if paid:
        g.emit("coins_paid", payee, payer=payer, coins=paid, reason=reason)
    return paid


def groups(g: GameState, mask: int) -> int:
    """How many groups of bordering regions ``mask`` forms (map adjacency only)."""
    neighbors = g.map.neighbor_masks
    left, count = mask, 0
    while left:
        todo = left & -left
        left &= ~todo
        count += 1
        while todo:
            r = todo.bit_length() - 1
            todo &= ~(1 << r)
            near = neighbors[r] & left
            left &= ~near
            todo |= near
    return count


def why_unaided(g: GameState, army: Army, region: int) -> Reason | None:
    """Why no rule may help ``army`` take ``region`` (Gnomes, the Aegis of Aggramar), if that
    is so."""
    bit = 1 << region
    if not g.unaided(army) & bit:
        return None
    for other in g.armies:
        if other.alive and other.seat != army.seat and other.mask & bit:
            for t in g.hooks(other).unaided:
                if not t.unaided_mask(g, other, army) & bit:
                    continue
                if t.kind in ("race", "power"):
                    return (N_("{region} is held by {race}: no race, power, relic or place "
                               "may help you take it"), {"region": region, "race": t.qid})
                return (N_("{region} lies under {item}: no race, power or item may help you "
                           "take it or touch it"), {"region": region, "item": t.qid})
    return None


def box_count(rule: Content, piece: str) -> int:
    """How many pieces of a kind the box of the rule's game holds (data table)."""
    return int(entries("piece", rule.game)[piece]["count"])


def river_like(board: Map) -> int:
    """River regions, and on a surface map their equivalent, Seas and Lakes (mixing rules)."""
    return board.kind_mask("river") | board.kind_mask("water")
