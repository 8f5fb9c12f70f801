"""Rules the content of several games shares: coins passing between players, groups of
regions, costs as if regions were empty, a lone enemy token to replace and why it may not
be (Sorcery, Vampire), and why a rule may not help against a protected region (Gnomes)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from smallworld_tui.engine.bitset import bits
from smallworld_tui.engine.conquest import reach_mask, why_unreachable
from smallworld_tui.engine.tables import entries
from smallworld_tui.i18n import N_

if TYPE_CHECKING:
    from smallworld_tui.engine.board import Map
    from smallworld_tui.engine.content.traits import Content, CostChange, Reason
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
    while left:  # bits taken out by ``^``: each is known to be set (one big-int step)
        todo = left & -left
        left ^= todo
        count += 1
        while todo:
            r = todo.bit_length() - 1
            todo ^= 1 << r
            near = neighbors[r] & left
            if near:
                left ^= near
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


def as_if_empty(g: GameState, regions: int) -> tuple[CostChange, ...]:
    """The cost changes making each region of ``regions`` cost as if it were empty, its
    tokens off, other defences still counting (the Volcano, Stinky Troll's Socks): one
    change per number of tokens, first met first (plain loops: no generator)."""
    by_tokens: dict[int, int] = {}
    tokens = g.region_tokens
    for r in bits(regions):
        n = tokens[r]
        if n:
            by_tokens[n] = by_tokens.get(n, 0) | 1 << r
    changes = []
    for n, mask in by_tokens.items():
        changes.append((mask, -n))
    return tuple(changes)


def lone_enemy_token(g: GameState, army: Army, region: int) -> Army | None:
    """The active enemy army whose single token, with no piece defending like a token,
    holds ``region`` (Sorcery's and Vampire's targets), else None."""
    other = g.region_army[region]
    if other < 0 or g.region_tokens[region] != 1:
        return None
    enemy = g.armies[other]
    if enemy.declined or enemy.seat == army.seat or g.pieces.as_tokens(region):
        return None
    return enemy


def lone_enemies(g: GameState, army: Army, mask: int) -> list[tuple[int, Army]]:
    """(region, enemy) for each region of ``mask`` ``lone_enemy_token`` names an enemy of,
    ascending (the regions holding one race token sifted first: a swap is listed at every
    action)."""
    tokens, holders = g.region_tokens, g.region_army
    out = []
    for r in bits(mask):
        if tokens[r] == 1 and holders[r] >= 0:
            enemy = lone_enemy_token(g, army, r)
            if enemy is not None:
                out.append((r, enemy))
    return out


def why_no_swap(g: GameState, army: Army, region: int, rule: Content, mark: str,
                supply: int | None = None) -> Reason:
    """Why a token swap (Sorcery, Vampire) on ``region`` is refused; ``supply``: the tokens
    the swap may place (by default those left in the box)."""
    if not 0 <= region < len(g.map.regions):
        return N_("there is no region {number}"), {"number": region}
    if g.turn.roll >= 0:
        return N_("a die was rolled for your next conquest: conquer first"), {}
    if (g.tray[army.race] if supply is None else supply) <= 0:
        return N_("no {race} token is left in the box"), {"race": army.race}
    if not reach_mask(g, army) >> region & 1:
        return why_unreachable(g, army, region)
    other = g.region_army[region]
    if other >= 0 and g.pieces.as_tokens(region) and g.region_tokens[region] == 1:
        piece = next(k for k, _ in g.pieces.on(region) if g.pieces.kinds[k].as_token)
        return (N_("the {piece} in {region} defends like a token: the token is not alone"),
                {"piece": piece, "region": region})
    enemy = lone_enemy_token(g, army, region)
    if enemy is None:
        return (N_("{power} only replaces a single active enemy token"),
                {"power": rule.qid})
    return (N_("{power} was already used against that player this turn"), {"power": rule.qid})
