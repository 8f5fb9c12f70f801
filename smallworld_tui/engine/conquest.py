"""Conquest mechanics shared by the turn flow and by races and powers.

Where an army may attack (``reach_mask``), what a region costs (``conquest_cost``), and what
happens when a region changes hands (``take_region``) or a race leaves the map (``retire``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from smallworld_tui.data import table
from smallworld_tui.engine.bitset import LOST_TRIBE, NOBODY, bits

if TYPE_CHECKING:
    from smallworld_tui.engine.state import Army, GameState

VISIBLE_COMBOS: int = table()["setup"]["visible_combos"]
BASE_COST: int = table()["rules"]["empty_region_cost"]
MAX_SHORTFALL: int = table()["rules"]["max_shortfall"]  # the final conquest may be this short


def reach_mask(g: GameState, army: Army) -> int:
    """Regions ``army`` may try to conquer now (cost aside).

    A race with no region must enter through a border region (unless a trait lets it enter
    elsewhere); later conquests must touch a held region (or a region a trait reaches).  Water
    needs Seafaring; other players' immune regions and a Diplomat's protected race are out.
    """
    m = g.map
    traits = army.traits()
    if army.mask == 0:
        reach = m.border_mask
        for t in traits:
            reach |= t.entry_mask(g, army)
    else:
        reach = 0
        for r in bits(army.mask):
            reach |= m.neighbor_masks[r]
        for t in traits:
            reach |= t.reach_mask(g, army)
        reach &= ~army.mask
    if not any(t.enters_water for t in traits):
        reach &= m.land_mask
    reach &= ~g.immune_mask(army.seat)
    for other in g.armies:
        if other.alive and other.seat != army.seat and other.mask & reach:
            for t in other.traits():
                reach &= ~t.shielded_mask(g, other, army)
    return reach


def discount_masks(g: GameState, army: Army) -> list[int]:
    """One mask per discount the army's traits give (each means 1 token less there)."""
    return [d for t in army.traits() if (d := t.discount_mask(g, army))]


def defence(g: GameState, region: int) -> int:
    """The full cost of ``region`` before discounts: 2 + mountain + pieces + tokens there."""
    bit = 1 << region
    cost = BASE_COST + g.region_tokens[region] + g.encampments[region]
    if g.map.mountain_mask & bit:
        cost += 1
    if g.lairs & bit:
        cost += 1
    if g.fortresses & bit:
        cost += 1
    return cost


def conquest_costs(g: GameState, army: Army) -> list[tuple[int, int]]:
    """(region, cost) for every region ``army`` may attack now (``conquest_cost`` for each
    region of ``reach_mask``, computed in one pass: this is the hottest loop of the engine)."""
    discounts = discount_masks(g, army)
    tokens, camps = g.region_tokens, g.encampments
    pieces = (g.map.mountain_mask, g.lairs, g.fortresses)
    out = []
    for r in bits(reach_mask(g, army)):
        cost = BASE_COST + tokens[r] + camps[r]
        for m in pieces:
            cost += m >> r & 1
        for d in discounts:
            cost -= d >> r & 1
        out.append((r, cost if cost > 1 else 1))
    return out


def after_roll(cost: int, roll: int) -> int:
    """What a conquest costs after a Berserk roll (``roll`` < 0: no roll pending)."""
    return cost if roll < 0 else max(1, cost - roll)


def conquest_cost(g: GameState, region: int, discounts: list[int]) -> int:
    """Tokens needed to conquer ``region`` with the given discounts (never below 1)."""
    bit = 1 << region
    cost = defence(g, region)
    for d in discounts:
        if d & bit:
            cost -= 1
    return max(1, cost)


def take_region(g: GameState, army: Army, region: int, used: int, via: str,
                cost: int | None = None) -> None:
    """``army`` conquers ``region`` with ``used`` tokens from its hand.

    The defender loses one token (none for active Elves; all of them to Sorcery) and takes
    the rest back into hand, to be redeployed at the end of this turn; Encampments go back to
    their owner's reserve; the pieces of the old holder leave the region.
    """
    bit = 1 << region
    prev = g.region_army[region]
    defending = g.region_tokens[region]
    lost = returned = 0
    d_seat, d_race, d_declined = NOBODY, "", False
    if prev == LOST_TRIBE:
        d_seat, lost = LOST_TRIBE, defending
    elif prev >= 0:
        d = g.armies[prev]
        d_seat, d_race, d_declined = d.seat, d.race, d.declined
        if via == "sorcery" or not d.has("keeps_tokens_when_defeated"):
            lost = defending if via == "sorcery" else min(1, defending)
        returned = defending - lost
        g.tray[d.race] += lost
        d.hand += returned
        d.mask &= ~bit
        camps = g.encampments[region]
        if camps:
            d.extra["camps"] = d.extra.get("camps", 0) + camps
        if not d.declined and d.seat != army.seat:
            g.turn.attacked.add(d.seat)
        if (returned or camps) and prev not in g.turn.defenders:
            g.turn.defenders.append(prev)
        if d.mask == 0 and d.hand == 0 and d.declined:
            retire(g, d)
    g.clear_pieces(region)
    g.region_army[region] = army.id
    g.region_tokens[region] = used
    if via != "sorcery":
        army.hand -= used
    army.mask |= bit
    turn = g.turn
    turn.conquered[army.id] = turn.conquered.get(army.id, 0) + 1
    if defending:
        turn.nonempty[army.id] = turn.nonempty.get(army.id, 0) + 1
    if not army.declined:
        turn.expanded = True
    for t in army.traits():
        t.on_conquered(g, army, region)
    g.emit(
        "conquered", army.seat, race=army.race, power=army.power, region=region,
        tokens=used, cost=used if cost is None else cost, via=via, defender_seat=d_seat,
        defender_race=d_race, defender_declined=d_declined, lost=lost, returned=returned,
    )


def retire(g: GameState, army: Army) -> None:
    """The race leaves the map for good: tokens to the tray, banner back to the stack."""
    for r in bits(army.mask):
        g.tray[army.race] += g.region_tokens[r]
        g.region_tokens[r] = 0
        g.region_army[r] = NOBODY
        g.clear_pieces(r)
    g.tray[army.race] += army.hand
    army.hand = 0
    army.mask = 0
    army.alive = False
    if army.badge:
        g.power_discard.append(army.power)
        army.badge = False
    return_banner(g, army.race)
    g.emit("race_removed", army.seat, race=army.race)


def draw_power(g: GameState) -> str:
    """The top power badge, reshuffling the discarded badges when the stack is empty."""
    if not g.power_stack:
        g.power_stack = g.power_discard
        g.power_discard = []
        g.rng.shuffle(g.power_stack)
    return g.power_stack.pop(0)


def return_banner(g: GameState, race: str) -> None:
    """A banner back from the map fills an empty column slot, else goes under the stack."""
    from smallworld_tui.engine.state import Combo

    if len(g.combos) < VISIBLE_COMBOS and not g.race_stack:
        g.combos.append(Combo(race, draw_power(g)))
    else:
        g.race_stack.append(race)


def ready_troops(g: GameState, army: Army) -> None:
    """Take every token but one per region back into hand (remembering the layout)."""
    snapshot = []
    for r in bits(army.mask):
        spare = g.region_tokens[r] - 1
        snapshot.append([r, g.region_tokens[r]])
        if spare > 0:
            g.region_tokens[r] = 1
            army.hand += spare
    g.turn.snapshot = snapshot
    g.turn.readied = True
    for t in army.traits():
        t.on_ready(g, army)
    g.emit("readied", army.seat, race=army.race, hand=army.hand)


def lift_for_redeploy(g: GameState, army: Army) -> None:
    """Start redeployment: every token but one per region goes to hand, then traits act."""
    for r in bits(army.mask):
        spare = g.region_tokens[r] - 1
        if spare > 0:
            g.region_tokens[r] = 1
            army.hand += spare
    for t in army.traits():
        t.on_redeploy_start(g, army)
    g.emit("redeploy_started", army.seat, race=army.race, hand=army.hand)
