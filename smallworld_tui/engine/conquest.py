"""Conquest mechanics shared by the turn flow and by content.

Where an army may attack (``reach_mask``), what a region costs (``Costs``: the one place
that composes every cost from terrain, pieces, defenders, the rules, traits and items; the
hot paths compose the same for one region, ``conquest_price``, or over a reach, ``_base``),
and what happens when a region changes hands (``take_region``) or a race leaves the map
(``retire``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from smallworld_tui.engine import actions
from smallworld_tui.engine.bitset import NEUTRAL, NOBODY, bits
from smallworld_tui.engine.events import QUIET
from smallworld_tui.engine.registry import POWERS, RACES
from smallworld_tui.i18n import N_

if TYPE_CHECKING:
    from smallworld_tui.engine.actions import Action
    from smallworld_tui.engine.content.traits import Content, CostChange, Reason
    from smallworld_tui.engine.hooks import Hooks
    from smallworld_tui.engine.state import Army, GameState


def reach_mask(g: GameState, army: Army, *, shields: bool = True) -> int:
    """Regions ``army`` may try to conquer now (cost aside).

    A race with no region must enter where the rules let it (border regions) unless a trait
    lets it enter elsewhere; later conquests must touch a held region (or a region a trait
    reaches).  Closed regions (chasms), water without a trait allowing it, regions other
    players' pieces make immune and regions a trait shields from this army are out (unless
    not ``shields``: what it would reach once a toll is paid).
    """
    return _reach(g, army, g.hooks(army), shields)


def _reach(g: GameState, army: Army, hooks: Hooks, shields: bool) -> int:
    """``reach_mask``, the army's hooks known; while the army's conquest choices are listed
    (``GameState.listing_reach``), worked out once and remembered for the rules asking it
    again (Vampire, Sorcerers…): nothing changes while choices are listed but for a rule
    moving an item for a while (the Bag), which changes the items' version."""
    listed = g.listing_reach
    if (listed is not None and shields and listed[0] is army
            and listed[1] == g.items.version):
        return listed[2]  # type: ignore[no-any-return]
    mask = army.mask
    rules = g.rules
    if mask:
        reach = g.map.adjacent(mask) | g.open_regions
        if hooks.reach:
            reach |= helped_mask(g, army, hooks)
    else:
        reach = rules.entry_mask(g)
        if hooks.entry:
            reach |= helped_mask(g, army, hooks)
    reach &= ~(mask | g.closed_mask)
    if not hooks.enters_water:
        reach &= ~g.water_mask
    if g.pieces.immune_any & reach:
        reach &= ~g.immune_mask(army.seat, reach)
    if shields and "shielded_mask" in rules.hooks_used:  # ``shielded``, without its call
        for other in g.fillers_near("shielded_mask", reach, army.seat):
            reach &= ~_shield(g, other, army)
    if listed is not None and shields and listed[0] is army:
        listed[1] = g.items.version
        listed[2] = reach
    return reach


def helped_mask(g: GameState, army: Army, hooks: Hooks) -> int:
    """Regions the army's own rules (its ``hooks``) let it attack beyond the game's rules
    (where a race with no region enters, ``entry_mask``; else ``reach_mask``), never regions
    no rule may help to take (``GameState.unaided``).  They count as adjacent: no travel
    cost."""
    helped = 0
    if army.mask == 0:
        for t in hooks.entry:
            helped |= t.entry_mask(g, army)
    else:
        for t in hooks.reach:
            helped |= t.reach_mask(g, army)
    return helped & ~g.unaided(army) if helped else 0


def shielded(g: GameState, army: Army, mask: int) -> int:
    """The regions of ``mask`` that other players' rules keep ``army`` out of (Diplomat):
    only the armies that may shield and hold a region of ``mask`` are asked
    (``GameState.fillers_near``): no other army's rules shield.  In most games none may."""
    out = 0
    for other in g.fillers_near("shielded_mask", mask, army.seat):
        out |= _shield(g, other, army)
    return out & mask


def _shield(g: GameState, other: Army, army: Army) -> int:
    """The regions ``other``'s rules keep ``army`` out of (``shielded``)."""
    out = 0
    for t in g.hooks(other).shield:
        out |= t.shielded_mask(g, other, army)
    return out


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
                    named = "power" if t.kind in ("race", "power") else "item"
                    return t.shield_reason, {**params, named: t.qid, "seat": other.seat}
    if army.mask == 0:
        return g.rules.entry_refusal, {}
    return g.rules.reach_refusal, params


def _water_reason(g: GameState) -> Reason:
    """Who may conquer water regions in this game, as a refusal."""
    for kind, ids, known in (("power", g.rules.powers, POWERS), ("race", g.rules.races, RACES)):
        allowed = [i for i in ids if known[i].enters_water]
        if len(allowed) == 1 and kind == "power":
            return N_("only {power} races may conquer {region}"), {"power": allowed[0]}
        if len(allowed) == 1:
            return N_("only the {race} may conquer {region}"), {"race": allowed[0]}
    return N_("{region} is water: no race may conquer it"), {}


class Costs:
    """The conquest costs of one army now, the one place a region's cost is composed: the
    terrain's base cost, the pieces on the region and the tokens defending it, plus the cost
    changes of the rules and of the army's traits and items, plus the travel cost to a
    distant island, less a pending die roll, never below the minimum; then the army's
    conquest aid pays for it: Silver Hammers all but the tokens a region of the race keeps
    (one for most races), never where no rule may help; Beasts, race tokens
    (``Content.aid_is_tokens``), all of it, anywhere."""

    __slots__ = ("aid", "army", "barred", "changes", "g", "kept", "minimum", "roll", "travel",
                 "travel_cost", "unaided")

    def __init__(self, g: GameState, army: Army, hooks: Hooks | None = None) -> None:
        """``hooks``: the army's (``GameState.hooks``), when the caller has them already."""
        if hooks is None:
            hooks = g.hooks(army)
        rules = g.rules
        ruled = rules.own_hooks
        changes = _cost_changes(g, army, hooks)
        aid = 0
        for t in hooks.aid:
            aid += t.conquest_aid(g, army)
        unaided = g.unaided(army) if changes or aid or hooks.no_travel_cost else 0
        if unaided:
            changes = [(m & ~unaided if d < 0 else m, d) for m, d in changes]
        self.g = g
        self.army = army
        self.changes = changes
        self.minimum = hooks.minimum
        self.roll = _pending_roll(g, army)
        self.aid = aid
        self.unaided = unaided
        # what the aid leaves to the hand, and where it may not pay
        if hooks.token_aid:
            self.kept = self.barred = 0
        else:
            self.kept, self.barred = hooks.kept, unaided
        self.travel = _travel(g, army, hooks, unaided) if "travel_mask" in ruled else 0
        self.travel_cost = rules.travel_cost

    def each(self, regions: int, *, as_if_adjacent: bool = False,
             aided: bool = True) -> list[tuple[int, int]]:
        """(region, tokens needed to conquer it) for the regions of the mask ``regions``
        (from hand, unless not ``aided``; ``as_if_adjacent``: no travel cost)."""
        g, minimum, roll = self.g, self.minimum, self.roll
        base = self.base(regions, as_if_adjacent=as_if_adjacent)
        pieces, tokens = g.pieces.defence, g.region_tokens
        out = [(r, cost if (cost := base[r] + pieces[r] + tokens[r] - roll) > minimum
                else minimum) for r in bits(regions)]
        if aided and self.aid:
            after_aid = self.after_aid
            out = [(r, after_aid(r, cost)) for r, cost in out]
        return out

    def at_most(self, regions: int, most: int, *, as_if_adjacent: bool = False) -> int:
        """The regions of the mask ``regions`` whose conquest costs at most ``most`` tokens
        from hand (``each``), as a mask: unless an aid pays part, without ``each``'s list (a
        cost is at most ``most`` when the minimum is and the region's own, less a pending
        roll, is)."""
        out = 0
        if self.aid:
            for r, cost in self.each(regions, as_if_adjacent=as_if_adjacent):
                if cost <= most:
                    out |= 1 << r
            return out
        if self.minimum > most:
            return 0
        g, top = self.g, most + self.roll
        base = self.base(regions, as_if_adjacent=as_if_adjacent)
        pieces, tokens = g.pieces.defence, g.region_tokens
        for r in bits(regions):
            if base[r] + pieces[r] + tokens[r] <= top:
                out |= 1 << r
        return out

    def base(self, regions: int, *, as_if_adjacent: bool = False) -> Sequence[int]:
        """By region, for the regions of the mask ``regions`` (no other is to be read), the
        terrain cost (``GameState.base_cost``) plus what the cost changes and the travel cost
        (unless ``as_if_adjacent``) add to it: worked out once for all of them (``_plus``)."""
        travel = 0 if as_if_adjacent else self.travel & regions
        return _plus(self.g, self.changes, travel, regions)

    def after_aid(self, region: int, cost: int) -> int:
        """Tokens from hand for a conquest of ``region`` that costs ``cost`` before the aid."""
        kept = self.kept
        if cost > kept and not self.barred >> region & 1:
            return cost - min(self.aid, cost - kept)
        return cost

    def of(self, region: int, *, as_if_adjacent: bool = False, aided: bool = True) -> int:
        """Tokens needed to conquer ``region`` (see ``each``), without ``each``'s list."""
        added = (self.travel_cost if not as_if_adjacent and self.travel >> region & 1 else 0)
        for mask, delta in self.changes:
            if mask >> region & 1:
                added += delta
        cost = _one_cost(self.g, region, added, self.roll, self.minimum)
        return self.after_aid(region, cost) if aided and self.aid else cost

    def use_aid(self, region: int, full: int, paid: int) -> None:
        """Tell the army's aid that it paid ``full - paid`` of the conquest of ``region``."""
        used = full - paid
        for t in self.g.hooks(self.army).aid:
            share = min(used, t.conquest_aid(self.g, self.army))
            t.on_aid_used(self.g, self.army, region, share)
            used -= share


def _travel(g: GameState, army: Army, hooks: Hooks, unaided: int | None,
            within: int = -1) -> int:
    """The regions (of the mask ``within``) that cost ``army`` (its ``hooks``) the travel
    cost (``Costs.travel``): the rules' ``travel_mask`` less the regions a rule of the army
    reaches, which count as adjacent, and, where a rule of the army waives the travel cost
    (``no_travel_cost``), less all but the ``unaided`` regions (``GameState.unaided``, asked
    here if None): neither help applies where no rule may help.  The rules' regions are
    remembered for the army's regions (``Army.travelled``, kept while the mask is the same
    object: a listing and the conquest priced after it ask for the same)."""
    known = army.travelled
    if known[0] is not army.mask:
        known = army.travelled = (army.mask, g.rules.travel_mask(g, army))
    travel = known[1] & within
    if travel:
        if hooks.reach if army.mask else hooks.entry:
            travel &= ~helped_mask(g, army, hooks)
        if hooks.no_travel_cost:
            travel &= g.unaided(army) if unaided is None else unaided
    return travel


def _plus(g: GameState, changes: Sequence[CostChange], travel: int, regions: int
          ) -> Sequence[int]:
    """Each region's terrain cost (``GameState.base_cost``) plus, for the regions of the mask
    ``regions``, what the ``changes`` add to it, and the travel cost for those of the mask
    ``travel`` (``Costs.base``): only the regions of ``regions`` are to be read, the terrain
    cost itself if nothing is added.  The travel cost falls on regions reached from anywhere
    (``GameState.open_regions``, ``Ruleset.travel_mask``: Warcraft's entry regions) that
    the army does not border: the costs start from the travel cost on all of them but those
    of ``regions`` where it is not due (``_far_costs``, remembered for the game)."""
    if travel:
        near = g.open_regions & regions & ~travel
        out: Sequence[int] = g.far_costs.get(near) or _far_costs(g, near)
        if not changes:
            return out
        out = [*out]
    elif not changes:
        return g.base_cost
    else:
        out = [*g.base_cost]
    for mask, delta in changes:
        for r in bits(mask & regions):
            out[r] += delta
    return out


#: how many ``_far_costs`` a game keeps before it starts afresh (a few for each army's regions
#: near the open regions)
FAR_KEPT = 64


def _far_costs(g: GameState, near: int) -> Sequence[int]:
    """Each region's terrain cost plus the travel cost on the regions reached from anywhere
    (``GameState.open_regions``) but those of the mask ``near`` (among them), remembered for
    the game (``GameState.far_costs``)."""
    cost = g.rules.travel_cost
    known = g.far_costs
    if near:  # the costs from anywhere, less the travel cost where it is not due
        out = [*(known.get(0) or _far_costs(g, 0))]
        for r in bits(near):
            out[r] -= cost
    else:
        out = [*g.base_cost]
        for r in bits(g.open_regions):
            out[r] += cost
    if len(known) >= FAR_KEPT:
        known.clear()
    kept = known[near] = tuple(out)  # read by listings, never changed
    return kept


def _one_cost(g: GameState, region: int, added: int, roll: int, minimum: int) -> int:
    """A region's cost from its terrain cost plus what is ``added`` to it (``Costs.base``),
    the pieces and the tokens on it, less a pending ``roll``, at least ``minimum``."""
    cost = (g.base_cost[region] + added + g.pieces.defence[region] + g.region_tokens[region]
            - roll)
    return cost if cost > minimum else minimum


def conquest_price(g: GameState, army: Army, region: int) -> tuple[int, int, Costs | None]:
    """What a conquest of ``region`` by ``army`` costs now (``Costs.of``): the tokens from
    hand, the cost before any aid, and the ``Costs`` to tell of the aid used
    (``Costs.use_aid``) when an aid pays part (else None).  Composed for ``region`` alone:
    only the cost changes over it are added (asked only of an army with cost changes), the
    travel cost asked about it alone (``_travel``) and only if it is reached from anywhere
    (``GameState.open_regions``: no travel cost is due elsewhere, ``Ruleset.travel_mask``),
    ``GameState.unaided`` only where it may matter (a cut over the region, an aid to pay;
    ``_travel`` asks it where the travel cost is waived), and a ``Costs`` only when an aid
    pays."""
    hooks = g.hooks(army)
    rules = g.rules
    added = cut = 0
    if hooks.costs or "cost_changes" in rules.own_hooks:
        for mask, delta in _cost_changes(g, army, hooks):
            if mask >> region & 1:
                if delta < 0:
                    cut += delta
                else:
                    added += delta
    aid = 0
    for t in hooks.aid:
        aid += t.conquest_aid(g, army)
    if g.open_regions >> region & 1 and _travel(g, army, hooks, None, 1 << region):
        added += rules.travel_cost
    unaided = g.unaided(army) >> region & 1 if cut or aid else 0
    if not unaided:
        added += cut
    full = _one_cost(g, region, added, _pending_roll(g, army), hooks.minimum)
    if not aid or (unaided and not hooks.token_aid):
        return full, full, None
    kept = 0 if hooks.token_aid else hooks.kept
    if full <= kept:
        return full, full, None
    cost = full - min(aid, full - kept)
    return cost, full, Costs(g, army, hooks) if cost < full else None


def _cost_changes(g: GameState, army: Army, hooks: Hooks) -> list[CostChange]:
    """The cost changes of the rules and of the army's rules (its ``hooks``), as given."""
    rules = g.rules
    changes: list[CostChange] = (
        [*rules.cost_changes(g, army)] if "cost_changes" in rules.own_hooks else [])
    for t in hooks.costs:
        changes += t.cost_changes(g, army)
    return changes


def _base(g: GameState, army: Army, hooks: Hooks, within: int) -> Sequence[int]:
    """``Costs.base(within)`` of the army whose hooks are ``hooks``, aid aside, composed
    over ``within`` alone: ``GameState.unaided`` asked only if a cut touches ``within`` or
    the travel cost, waived, is due there, the regions the army's rules reach only if the
    travel cost is due in ``within``."""
    rules = g.rules
    changes = _cost_changes(g, army, hooks)
    unaided = None
    for mask, delta in changes:
        if delta < 0 and mask & within:  # cut where no rule may help: not at all
            unaided = g.unaided(army)
            if unaided:
                changes = [(m & ~unaided if d < 0 else m, d) for m, d in changes]
            break
    travel = _travel(g, army, hooks, unaided, within) if "travel_mask" in rules.own_hooks else 0
    return _plus(g, changes, travel, within)


def _pending_roll(g: GameState, army: Army) -> int:
    """What a die rolled for the army's next conquest takes off its costs (``Costs``)."""
    roll = g.turn.roll
    return roll if roll > 0 and g.turn.acting == army.id else 0


def in_hand(g: GameState, army: Army) -> int:
    """The race tokens ``army`` holds to conquer with: its hand, and the race tokens its rules
    keep as pieces (Beasts, ``Content.aid_is_tokens``)."""
    hooks = g.hooks(army)
    if not hooks.token_aid:
        return army.hand
    return army.hand + sum(t.conquest_aid(g, army) for t in hooks.token_aid)


def hand_refusal(held: int, tokens: int = 1) -> Reason | None:
    """Why a conquest that needs ``tokens`` in hand may not start with ``held`` there, if it
    may not."""
    if held >= tokens:
        return None
    if tokens == 1:
        return N_("you need at least 1 token in hand to conquer"), {}
    return N_("you need at least {tokens} tokens in hand to conquer"), {"tokens": tokens}


def shortfall(army: Army, cost: int) -> int:
    """Tokens ``army`` lacks in hand for a conquest that costs ``cost`` (``Costs``): what the
    reinforcement die must make up in a last conquest (0 if the hand pays it all)."""
    return max(0, cost - army.hand)


def conquest_costs(g: GameState, army: Army, within: int = -1) -> list[tuple[int, int]]:
    """(region, cost) for every region ``army`` may attack now (the engine's hottest loop),
    or only those of the mask ``within``."""
    hooks = g.hooks(army)
    reach = _reach(g, army, hooks, True) & within
    return Costs(g, army, hooks).each(reach) if reach else []


def conquest_choices(g: GameState, army: Army, hooks: Hooks, hand: int, most: int,
                     known: Sequence[tuple[int, int]] | None = None) -> list[Action]:
    """The conquests ``army`` (its ``hooks``: ``GameState.hooks``) may try now, regions
    ascending (``actions.conquests``): ``conquer`` each region it may attack whose cost
    (``conquest_costs``, unless ``known``) ``hand`` pays, else ``final`` if the cost is at
    most ``most``.  Unless an aid pays part of the costs, in one pass over its reach, what
    is added to the costs (``Costs.base``) worked out first, without a ``Costs`` where no
    aid may pay (``_base``, ``_travel``: over the reach alone)."""
    if known is not None:
        return actions.conquests(known, hand, most)
    reach = _reach(g, army, hooks, True)
    minimum = hooks.minimum
    if not reach or minimum > most:
        return []
    ruled = g.rules.own_hooks
    if reach >> actions.CACHED or hooks.aid:
        costs = Costs(g, army, hooks)
        if reach >> actions.CACHED or costs.aid:
            return actions.conquests(costs.each(reach), hand, most)
        base = costs.base(reach)
    elif hooks.costs or "cost_changes" in ruled:
        base = _base(g, army, hooks, reach)
    elif "travel_mask" in ruled and (travel := _travel(g, army, hooks, None, reach)):
        base = _plus(g, (), travel, reach)
    else:  # the regions' own costs (no travel cost is due in the reach)
        base = g.base_cost
    # a cost is the region's own (terrain and what is added to it, pieces, defenders) less a
    # pending roll, at least ``minimum`` (``Costs.each``): its own is compared with the
    # limits plus the roll
    defence, tokens = g.pieces.defence, g.region_tokens
    turn = g.turn  # ``_pending_roll``, without its call
    roll = turn.roll if turn.roll > 0 and turn.acting == army.id else 0
    top = most + roll
    finals = actions.FINALS
    if minimum > hand:  # the hand alone pays for no conquest
        return [finals[r] for r in bits(reach) if base[r] + defence[r] + tokens[r] <= top]
    paid, conquers = hand + roll, actions.CONQUERS
    return [conquers[r] if own <= paid else finals[r] for r in bits(reach)
            if (own := base[r] + defence[r] + tokens[r]) <= top]


class Ousted(NamedTuple):
    """Who defended a region that was just cleared (``oust``), and what it lost."""

    seat: int  # the defender's seat, NEUTRAL for neutral defenders, NOBODY if empty
    race: str  # the defender's race, or the kind of the neutral defenders ("" if empty)
    declined: bool
    lost: int  # tokens lost for good
    returned: int  # tokens back to the defender's hand
    army: Army | None  # the defending army, if a race defended
    #: the defender's player's armies whose rules react to a region lost, with those rules
    #: (``Hooks.lost``) as they are once the region is lost, before any army retired (a
    #: retired race's badge is gone, yet a power working in decline still reacts); none in
    #: a game without such rules
    reacting: tuple[tuple[Army, tuple[Content, ...]], ...] = ()


def attack(g: GameState, attacker: Army, victim: Army, region: int) -> None:
    """A rule of ``attacker`` is about to take ``region`` from ``victim`` or tokens out of it
    (a conquest, a bomb, a token moved or discarded): unless both are the same player's, it
    attacks ``victim``'s player (when ``victim`` is active, ``TurnState.attacked``) and the
    victim's rules ask the price of an attack (``on_attacked``)."""
    if victim.seat == attacker.seat:
        return
    if not victim.declined:
        g.turn.attacked.add(victim.seat)
    if "on_attacked" in g.rules.hooks_used:
        for t in g.hooks(victim).attacked:
            t.on_attacked(g, victim, region, attacker)


def saved(g: GameState, victim: Army, region: int, lost: int) -> int:
    """Of ``lost`` tokens ``victim`` is about to lose in ``region``, those its rules do not
    keep in hand (``save_tokens``)."""
    if "save_tokens" in g.rules.hooks_used:
        for t in g.hooks(victim).saves:
            lost = t.save_tokens(g, victim, region, lost) if lost else 0
    return lost


def oust(g: GameState, attacker: Army, region: int, *, loss: int = 1,
         losses: int | None = None, conquest: bool = True) -> Ousted:
    """Clear ``region`` of its defenders for ``attacker``, leaving it empty.

    Neutral defenders are all lost.  A race defending is attacked (``attack``), loses
    ``losses`` tokens if given (Sorcery: all of them), else, declined, every token there in
    a game whose rules say so (``Ruleset.declined_region_loses_all``), else ``loss`` as its
    own rules change it (none if a rule keeps every token, Elves; else ``loss_on_defeat``,
    where a Beast, a race token kept as a piece, may pay it), less the tokens its rules save
    (``save_tokens``), and takes the rest back into hand, to be redeployed at the end of
    this turn; a declined race with no region left retires (unless it conquers in decline
    and has tokens in hand).  The region's pieces react to the change (most leave, some
    stay, some go back to the old holder's reserve); the lost tokens (Beasts included) count
    for the attacker (``TurnState.lost``).  Not a ``conquest`` (a race withdrawing from a
    region another player's rule left it too few tokens in, ``withdraw``): the attack came
    first and the region counts as no region taken (``TurnState.beaten``).  Call
    ``after_oust`` once the region has its new occupant.
    """
    prev = g.region_army[region]
    defending = g.region_tokens[region]
    turn = g.turn
    if prev < 0:  # empty, or neutral defenders: all lost
        neutral = prev == NEUTRAL
        kind = g.neutral[region]
        if neutral:
            g.tray[kind] += defending
            g.neutral[region] = ""
            if defending:
                turn.lost[attacker.id] = turn.lost.get(attacker.id, 0) + defending
        g.region_army[region] = NOBODY
        g.region_tokens[region] = 0
        g.clear_pieces(region)
        return Ousted(NEUTRAL, kind, False, defending, 0, None) if neutral else _NOBODY
    d = g.armies[prev]
    if conquest:
        attack(g, attacker, d, region)
    spent = 0
    if losses is not None:
        lost = min(losses, defending)
    elif d.declined and g.rules.declined_region_loses_all:
        lost = defending
    else:
        defending_hooks = g.hooks(d)
        pieces = g.pieces.race_tokens(region)  # race tokens kept as pieces: Beasts
        if defending_hooks.keeps_tokens:
            lost = 0
        else:
            lost = min(loss, defending + pieces)
            for t in defending_hooks.defeat:
                lost = t.loss_on_defeat(g, d, region, lost)
        spent = pieces - g.pieces.race_tokens(region) if pieces else 0
    if lost and d.seat != attacker.seat:
        lost = saved(g, d, region, lost)
    returned = defending - lost
    g.tray[d.race] += lost
    d.hand += returned
    d.mask &= ~(1 << region)
    if conquest:
        turn.beaten[d.id] = turn.beaten.get(d.id, 0) + 1
    declined = d.declined
    if lost or spent:
        turn.lost[attacker.id] = turn.lost.get(attacker.id, 0) + lost + spent
    g.region_army[region] = NOBODY
    g.region_tokens[region] = 0
    back = g.clear_pieces(region, d)
    if (returned or back) and prev not in turn.defenders:
        turn.defenders.append(prev)
    reacting: tuple[tuple[Army, tuple[Content, ...]], ...] = ()
    if "on_region_lost" in g.rules.hooks_used:  # a loop: no generator built for no rule
        for a in g.armies_of(d.seat):
            if rules := g.hooks(a).lost:
                reacting += ((a, rules),)
    ousted = Ousted(d.seat, d.race, declined, lost, returned, d, reacting)
    if d.mask == 0 and d.declined and (d.hand == 0 or not d.has("acts_in_decline")):
        retire(g, d)
    return ousted


#: what ``oust`` finds in an empty region
_NOBODY = Ousted(NOBODY, "", False, 0, 0, None)


def after_oust(g: GameState, attacker: Army, region: int, ousted: Ousted) -> None:
    """The rules react to ``oust``: the defender's player's armies, even one that just
    retired, with the rules they had when the region was lost (``on_region_lost``), or the
    ruleset when neutral defenders were taken (a lair reveals its item)."""
    if ousted.army is not None:
        for other, rules in ousted.reacting:
            for t in rules:
                t.on_region_lost(g, other, region, attacker, ousted.army)
    elif ousted.seat == NEUTRAL and "on_neutral_taken" in g.rules.own_hooks:
        g.rules.on_neutral_taken(g, attacker, region, ousted.race)


def take_region(g: GameState, army: Army, region: int, used: int, via: str,
                cost: int | None = None, *, losses: int | None = None,
                from_tray: bool = False) -> None:
    """``army`` conquers ``region`` with ``used`` tokens (from its hand, or the tray): its
    defenders are ousted (``oust``: ``losses`` if given, else 1 as the army's rules change
    it, ``loss_dealt``), then the rules react.  Against a region no rule may help to take
    (``GameState.unaided``), the rules that help conquests (``helps_conquest``) stay out."""
    bit = 1 << region
    defending = g.region_tokens[region] or g.pieces.as_tokens(region)  # the Champion alone
    loss = 1
    prev = g.region_army[region]
    hooks = g.hooks(army)
    aided = not hooks.helps or not g.unaided(army) >> region & 1
    if losses is None and prev >= 0:
        for t in hooks.dealt:
            if aided or not t.helps_conquest:
                loss = t.loss_dealt(g, army, region, g.armies[prev], loss)
    ousted = oust(g, army, region, loss=loss, losses=losses)
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
    if "on_region_taken" in g.rules.own_hooks:
        g.rules.on_region_taken(g, army, region)
    if ousted.reacting or ousted.seat == NEUTRAL:  # else ``after_oust`` has nothing to do
        after_oust(g, army, region, ousted)
    if g.items:  # its rules now: an item just taken among them
        hooks = g.hooks(army)
    for t in hooks.conquered:
        if aided or not t.helps_conquest:
            t.on_conquered(g, army, region)
    if "on_any_conquest" in g.rules.hooks_used and _watched(g, region):
        for other in g.armies_filling("on_any_conquest"):
            if other.alive:
                for t in g.hooks(other).watch:
                    t.on_any_conquest(g, other, region, army)
    if g.events is not QUIET:  # the event's fields are gathered only when recorded
        g.emit(
            "conquered", army.seat, race=army.race, power=army.power, declined=army.declined,
            region=region, tokens=used, cost=used if cost is None else cost, via=via,
            defender_seat=ousted.seat, defender_race=ousted.race,
            defender_declined=ousted.declined, lost=ousted.lost, returned=ousted.returned,
        )


def _watched(g: GameState, region: int) -> bool:
    """Whether a rule watching conquests (``on_any_conquest``) may react to a conquest of
    ``region``: unless each reacts only where a piece of its kind lies
    (``Ruleset.watched_pieces``) and none lies there, when none is told of it (no sieve of
    the armies, no rules asked: most conquests in a game with the Humans)."""
    kinds = g.rules.watched_pieces
    if kinds is None:
        return True
    masks, lying = g.pieces.masks, 0
    for kind in kinds:  # a loop: no generator for a kind or two
        lying |= masks[kind]
    return bool(lying >> region & 1)


def discard(g: GameState, attacker: Army, region: int, tokens: int = 1) -> int:
    """A rule of ``attacker`` that is no conquest (Intimidating) discards ``tokens`` of the
    defenders of ``region`` (race tokens or neutral defenders): a race's rules may keep some
    in hand instead (``save_tokens``: they are redeployed at the end of the turn); the lost
    tokens count for the attacker (``TurnState.lost``).  Call ``attack`` first and
    ``withdraw`` after.  Returns the tokens lost."""
    tokens = min(tokens, g.region_tokens[region])
    g.region_tokens[region] -= tokens
    holder = g.region_army[region]
    if holder == NEUTRAL:
        lost = tokens
        g.tray[g.neutral[region]] += lost
        if not g.region_tokens[region]:
            g.region_army[region] = NOBODY
            g.neutral[region] = ""
            emptied(g, region)
    else:
        victim = g.armies[holder]
        lost = saved(g, victim, region, tokens) if victim.seat != attacker.seat else tokens
        g.tray[victim.race] += lost
        if tokens > lost:
            victim.hand += tokens - lost
            if holder not in g.turn.defenders:
                g.turn.defenders.append(holder)
    if lost:
        g.turn.lost[attacker.id] = g.turn.lost.get(attacker.id, 0) + lost
    return lost


def shortage(g: GameState, army: Army, region: int) -> int:
    """How many tokens ``region`` of ``army`` lacks to be held: all a region of the race
    keeps (``tokens_kept``: the Tauren's 2, in decline too) if nothing stands there, else
    what its race tokens (Beasts included), with the pieces standing as tokens (the
    Champion), lack of it.  A piece standing as a token that is no race token may hold a
    region alone."""
    return _lack(g, region, _kept(g, army))


def _kept(g: GameState, army: Army) -> int:
    """The tokens a region of ``army`` keeps (``shortage``)."""
    # a declined race's rules are off, but its tokens still never stand fewer (the Tauren)
    return max(g.hooks(army).kept, army.race_trait.tokens_kept())


def _lack(g: GameState, region: int, kept: int) -> int:
    """``shortage`` of ``region``, its army keeping ``kept`` tokens in a region."""
    pieces = g.pieces
    tokens = g.region_tokens[region]
    standing = tokens + pieces.as_tokens(region)
    if not standing:
        return kept
    if standing < kept and tokens + pieces.race_tokens(region):
        return kept - standing
    return 0


def too_few(g: GameState, army: Army, region: int) -> bool:
    """Whether ``army`` can no longer hold ``region`` (``shortage``)."""
    return shortage(g, army, region) > 0


def redeploy_room(g: GameState, army: Army) -> tuple[dict[int, int], int]:
    """While ``army`` places its tokens and the race tokens it keeps as pieces (Beasts, lifted
    at redeployment: ``Content.aid_is_tokens``): what each region short of tokens still
    lacks (``shortage``), and how many of those in hand are spare beyond that.  A region may
    take what it lacks and the spare, so that every region can still be filled.  What a
    region keeps is asked once for all of them."""
    needs = {}
    kept = _kept(g, army)  # the same for every region: asked once
    for r in bits(army.mask):
        lack = _lack(g, r, kept)
        if lack:
            needs[r] = lack
    pieces = sum(army.reserve.get(k, 0) for k in g.pieces.race_kinds)
    return needs, army.hand + pieces - sum(needs.values())


def withdraw(g: GameState, attacker: Army, region: int) -> None:
    """After a rule of ``attacker`` that is no conquest moved or discarded tokens of
    ``region``: a race left too few there (``too_few``), active or declined, takes the rest
    back into hand, to be redeployed in its other regions at the end of the turn (a
    declined race with none left leaves the map), and the region is empty — lost to
    ``attacker``'s rule, as after ``oust`` (no region taken for the faction bonus)."""
    holder = g.holder(region)
    if holder is not None and too_few(g, holder, region):
        after_oust(g, attacker, region, oust(g, attacker, region, losses=0, conquest=False))
        emptied(g, region)


def emptied(g: GameState, region: int) -> None:
    """``region`` was just left empty other than by a conquest (where a new holder enters at
    once): the rules of every army watching regions learn it (``on_region_emptied``)."""
    if "on_region_emptied" in g.rules.hooks_used:
        for army in g.armies_filling("on_region_emptied"):
            if army.alive:
                for t in g.hooks(army).emptied:
                    t.on_region_emptied(g, army, region)


def empty_region(g: GameState, army: Army, region: int) -> int:
    """``army`` leaves ``region``: its tokens go to the army's hand (returned), the region's
    pieces react as to any change of holder."""
    tokens = g.region_tokens[region]
    army.hand += tokens
    g.region_tokens[region] = 0
    g.region_army[region] = NOBODY
    army.mask &= ~(1 << region)
    g.clear_pieces(region, army)
    emptied(g, region)
    return tokens


def retire(g: GameState, army: Army) -> None:
    """The race leaves the map for good: tokens to the tray, banner back to the market."""
    regions, army.mask = army.mask, 0
    for r in bits(regions):
        g.tray[army.race] += g.region_tokens[r]
        g.region_tokens[r] = 0
        g.region_army[r] = NOBODY
        g.clear_pieces(r, army)
        emptied(g, r)
    g.tray[army.race] += army.hand
    army.hand = 0
    army.reserve.clear()
    army.alive = False
    if army.badge:
        g.market.discard_power(g, army.power)
        army.badge = False
    g.market.return_banner(g, army.race)
    g.emit("race_removed", army.seat, race=army.race)


def ready_troops(g: GameState, army: Army) -> None:
    """Take every token but one per region (or as many as the race keeps) back into hand,
    remembering the layout."""
    snapshot = []
    hooks = g.hooks(army)
    kept, tokens = hooks.kept, g.region_tokens
    for r in bits(army.mask):
        spare = tokens[r] - kept
        snapshot.append([r, tokens[r]])
        if spare > 0:
            tokens[r] = kept
            army.hand += spare
    g.turn.snapshot = snapshot
    g.turn.readied = True
    for t in hooks.ready:
        t.on_ready(g, army)
    if g.events is not QUIET:
        g.emit("readied", army.seat, race=army.race, hand=army.hand)


def lift_for_redeploy(g: GameState, army: Army) -> None:
    """Start redeployment: regions that must be emptied (rivers) are left, every other
    region keeps one token and the rest go to hand; then traits act."""
    leaving = army.mask & g.leave_mask
    if leaving:
        stayers = g.rules.river_stayers  # neither its race nor its power: no trait asked
        if not ((army.race in stayers or army.power in stayers)
                and army.has("stays_in_rivers")):
            for r in bits(leaving):
                empty_region(g, army, r)
                if g.events is not QUIET:
                    g.emit("abandoned", army.seat, race=army.race, region=r)
    hooks = g.hooks(army)
    kept, tokens = hooks.kept, g.region_tokens
    for r in bits(army.mask):
        spare = tokens[r] - kept
        if spare > 0:
            tokens[r] = kept
            army.hand += spare
    for t in hooks.redeploy_start:
        t.on_redeploy_start(g, army)
    if g.events is not QUIET:
        g.emit("redeploy_started", army.seat, race=army.race, hand=army.hand)
