"""Conquest mechanics shared by the turn flow and by content.

Where an army may attack (``reach_mask``), what a region costs (``Costs``: the one place
that composes a cost from terrain, pieces, defenders, the rules, traits and items), and what
happens when a region changes hands (``take_region``) or a race leaves the map (``retire``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from smallworld_tui.engine.bitset import NEUTRAL, NOBODY, bits
from smallworld_tui.i18n import N_

if TYPE_CHECKING:
    from smallworld_tui.engine.content.traits import CostChange, Reason
    from smallworld_tui.engine.state import Army, GameState


def reach_mask(g: GameState, army: Army) -> int:
    """Regions ``army`` may try to conquer now (cost aside).

    A race with no region must enter where the rules let it (border regions) unless a trait
    lets it enter elsewhere; later conquests must touch a held region (or a region a trait
    reaches).  Closed regions (chasms), water without a trait allowing it, regions other
    players' pieces make immune and regions a trait shields from this army are out.
    """
    hooks = g.hooks(army)
    helped = 0
    if army.mask == 0:
        reach = g.rules.entry_mask(g)
        for t in hooks.entry:
            helped |= t.entry_mask(g, army)
    else:
        reach = g.rules.open_mask(g)
        neighbors = g.map.neighbor_masks
        for r in bits(army.mask):
            reach |= neighbors[r]
        for t in hooks.reach:
            helped |= t.reach_mask(g, army)
    if helped:
        reach |= helped & ~g.unaided(army)
    reach &= ~army.mask
    reach &= ~g.closed_mask
    if g.water_mask and not hooks.enters_water:
        reach &= ~g.water_mask
    reach &= ~g.immune_mask(army.seat)
    if "shielded_mask" in g.rules.hooks_used:
        for other in g.armies:
            if other.alive and other.seat != army.seat and other.mask & reach:
                for t in g.hooks(other).shield:
                    reach &= ~t.shielded_mask(g, other, army)
    return reach


def why_unreachable(g: GameState, army: Army, region: int) -> Reason:
    """Why ``region`` is out of the army's reach (``reach_mask`` excludes it)."""
    params: dict[str, object] = {"region": region}
    bit = 1 << region
    if army.mask & bit:
        return N_("you already hold {region}"), params
    if g.closed_mask & bit:
        return N_("{region} can never be entered"), params
    if g.water_mask & bit and not g.hooks(army).enters_water:
        template, extra = _water_reason(g)
        return template, {**params, **extra}
    if g.immune_mask(army.seat) & bit:
        kind = next(k for k, _ in g.pieces.on(region) if g.pieces.kinds[k].immune)
        return N_("{region} is immune: its {piece} keeps you out"), {**params, "piece": kind}
    for other in g.armies:
        if other.alive and other.seat != army.seat and other.mask & bit:
            for t in g.hooks(other).shield:
                if t.shielded_mask(g, other, army) & bit:
                    return t.shield_reason, {**params, "power": t.qid, "seat": other.seat}
    if army.mask == 0:
        return N_("your first conquest must be in a border region"), {}
    return N_("{region} is not adjacent to your regions"), params


def _water_reason(g: GameState) -> Reason:
    """Who may conquer water regions in this game, as a refusal."""
    from smallworld_tui.engine.content import POWERS, RACES

    for kind, ids, known in (("power", g.rules.powers, POWERS), ("race", g.rules.races, RACES)):
        allowed = [i for i in ids if known[i].enters_water]
        if len(allowed) == 1 and kind == "power":
            return N_("only {power} races may conquer {region}"), {"power": allowed[0]}
        if len(allowed) == 1:
            return N_("only the {race} may conquer {region}"), {"race": allowed[0]}
    return N_("{region} is water: no race may conquer it"), {}


def defence(g: GameState, region: int, *, as_if_empty: bool = False) -> int:
    """What ``region`` costs before any change: its terrain's base cost, the pieces on it
    and, unless ``as_if_empty``, the tokens defending it."""
    cost = g.base_cost[region] + g.pieces.defence[region]
    return cost if as_if_empty else cost + g.region_tokens[region]


class Costs:
    """The conquest costs of one army now: ``defence`` plus the cost changes of the rules
    and of the army's traits and items, less a pending die roll, never below the minimum."""

    __slots__ = ("changes", "g", "minimum", "roll", "travel", "travel_cost")

    def __init__(self, g: GameState, army: Army) -> None:
        hooks = g.hooks(army)
        changes: list[CostChange] = list(g.rules.cost_changes(g, army))
        for t in hooks.costs:
            changes += t.cost_changes(g, army)
        if changes:
            unaided = g.unaided(army)
            if unaided:
                changes = [(m & ~unaided if d < 0 else m, d) for m, d in changes]
        self.g = g
        self.changes = changes
        self.minimum = hooks.minimum
        self.roll = g.turn.roll if g.turn.roll > 0 and g.turn.acting == army.id else 0
        self.travel = 0 if hooks.no_travel_cost else g.rules.travel_mask(g, army)
        self.travel_cost = g.rules.travel_cost

    def of(self, region: int, *, as_if_empty: bool = False, as_if_adjacent: bool = False) -> int:
        """Tokens needed to conquer ``region`` (``as_if_adjacent``: no travel cost)."""
        cost = defence(self.g, region, as_if_empty=as_if_empty) - self.roll
        for mask, delta in self.changes:
            if mask >> region & 1:
                cost += delta
        if self.travel >> region & 1 and not as_if_adjacent:
            cost += self.travel_cost
        return cost if cost > self.minimum else self.minimum


def conquest_costs(g: GameState, army: Army) -> list[tuple[int, int]]:
    """(region, cost) for every region ``army`` may attack now (the engine's hottest loop:
    ``Costs.of`` inlined for the regions of ``reach_mask``)."""
    costs = Costs(g, army)
    base, tokens, pieces = g.base_cost, g.region_tokens, g.pieces.defence
    changes, minimum, roll = costs.changes, costs.minimum, costs.roll
    travel, travel_cost = costs.travel, costs.travel_cost
    out = []
    for r in bits(reach_mask(g, army)):
        cost = base[r] + tokens[r] + pieces[r] - roll
        for mask, delta in changes:
            if mask >> r & 1:
                cost += delta
        if travel >> r & 1:
            cost += travel_cost
        out.append((r, cost if cost > minimum else minimum))
    return out


def take_region(g: GameState, army: Army, region: int, used: int, via: str,
                cost: int | None = None, *, losses: int | None = None,
                from_tray: bool = False) -> None:
    """``army`` conquers ``region`` with ``used`` tokens (from its hand, or the tray).

    Neutral defenders are all lost.  A race defending loses ``losses`` tokens if given
    (Sorcery: all of them), else 1 unless its rules say otherwise (Elves), and takes the rest
    back into hand, to be redeployed at the end of this turn; the region's pieces react to the
    change (most leave, some stay, some go back to the old holder's reserve).
    """
    bit = 1 << region
    prev = g.region_army[region]
    defending = g.region_tokens[region]
    lost = returned = 0
    d_seat, d_race, d_declined = NOBODY, "", False
    defender = None
    neutral = ""
    if prev == NEUTRAL:
        neutral = g.neutral[region]
        d_seat, d_race, lost = NEUTRAL, neutral, defending
        g.tray[neutral] += defending
        g.neutral[region] = ""
    elif prev >= 0:
        defender = d = g.armies[prev]
        d_seat, d_race, d_declined = d.seat, d.race, d.declined
        if losses is None:
            lost = min(1, defending)
            for t in g.rules_of(d):
                lost = t.loss_on_defeat(g, d, region, lost)
        else:
            lost = min(losses, defending)
        returned = defending - lost
        g.tray[d.race] += lost
        d.hand += returned
        d.mask &= ~bit
        g.turn.beaten[d.id] = g.turn.beaten.get(d.id, 0) + 1
        if not d.declined and d.seat != army.seat:
            g.turn.attacked.add(d.seat)
    back = g.clear_pieces(region, defender)
    if defender is not None:
        if (returned or back) and prev not in g.turn.defenders:
            g.turn.defenders.append(prev)
        if defender.mask == 0 and defender.hand == 0 and defender.declined:
            retire(g, defender)
    g.region_army[region] = army.id
    g.region_tokens[region] = used
    if not from_tray:
        army.hand -= used
    army.mask |= bit
    turn = g.turn
    turn.conquered[army.id] = turn.conquered.get(army.id, 0) + 1
    if defending:
        turn.nonempty[army.id] = turn.nonempty.get(army.id, 0) + 1
    if not army.declined:
        turn.expanded = True
    g.rules.on_region_taken(g, army, region)
    if defender is not None:
        for other in g.armies_of(defender.seat):
            for t in g.rules_of(other):
                t.on_region_lost(g, other, region, army, defender)
    elif neutral:
        g.rules.on_neutral_taken(g, army, region, neutral)
    for t in g.rules_of(army):
        t.on_conquered(g, army, region)
    g.emit(
        "conquered", army.seat, race=army.race, power=army.power, region=region,
        tokens=used, cost=used if cost is None else cost, via=via, defender_seat=d_seat,
        defender_race=d_race, defender_declined=d_declined, lost=lost, returned=returned,
    )


def empty_region(g: GameState, army: Army, region: int) -> int:
    """``army`` leaves ``region``: its tokens go to the army's hand (returned), the region's
    pieces react as to any change of holder."""
    tokens = g.region_tokens[region]
    army.hand += tokens
    g.region_tokens[region] = 0
    g.region_army[region] = NOBODY
    army.mask &= ~(1 << region)
    g.clear_pieces(region, army)
    return tokens


def retire(g: GameState, army: Army) -> None:
    """The race leaves the map for good: tokens to the tray, banner back to the market."""
    for r in bits(army.mask):
        g.tray[army.race] += g.region_tokens[r]
        g.region_tokens[r] = 0
        g.region_army[r] = NOBODY
        g.clear_pieces(r)
    g.tray[army.race] += army.hand
    army.hand = 0
    army.mask = 0
    army.reserve.clear()
    army.alive = False
    if army.badge:
        g.power_discard.append(army.power)
        army.badge = False
    g.rules.market.return_banner(g, army.race)
    g.emit("race_removed", army.seat, race=army.race)


def ready_troops(g: GameState, army: Army) -> None:
    """Take every token but one per region (or as many as the race keeps) back into hand,
    remembering the layout."""
    snapshot = []
    kept = g.hooks(army).kept
    for r in bits(army.mask):
        spare = g.region_tokens[r] - kept
        snapshot.append([r, g.region_tokens[r]])
        if spare > 0:
            g.region_tokens[r] = kept
            army.hand += spare
    g.turn.snapshot = snapshot
    g.turn.readied = True
    for t in g.rules_of(army):
        t.on_ready(g, army)
    g.emit("readied", army.seat, race=army.race, hand=army.hand)


def lift_for_redeploy(g: GameState, army: Army) -> None:
    """Start redeployment: regions that must be emptied (rivers) are left, every other
    region keeps one token and the rest go to hand; then traits act."""
    leaving = army.mask & g.leave_mask
    if leaving and not army.has("stays_in_rivers"):
        for r in bits(leaving):
            empty_region(g, army, r)
            g.emit("abandoned", army.seat, race=army.race, region=r)
    kept = g.hooks(army).kept
    for r in bits(army.mask):
        spare = g.region_tokens[r] - kept
        if spare > 0:
            g.region_tokens[r] = kept
            army.hand += spare
    for t in g.rules_of(army):
        t.on_redeploy_start(g, army)
    g.emit("redeploy_started", army.seat, race=army.race, hand=army.hand)
