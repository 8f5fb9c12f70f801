"""Small judgements every level shares: how likely a region is to fall, where tokens defend
best, what a region is worth to a race, and a fast way to play a turn (for completing plans
and for play-outs).

Everything here reads an imagined game's data (armies, regions, tokens) and asks the engine
for the rest (``conquest_costs`` and ``entry_costs`` for every cost, ``score_breakdown``,
``legal_actions``), so it holds for every race, power, item and game the engine has.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from smallworld_tui.engine import (
    Action,
    Army,
    GameState,
    Phase,
    conquest_costs,
    entry_costs,
    score_breakdown,
    view,
)

#: action kinds of the core turn flow; any other kind is a race's, power's or item's own
DEPLOY, END_REDEPLOY, END_CONQUEST, CONQUER, FINAL = (
    "deploy", "end_redeploy", "end_conquest", "conquer", "final")
TAKES = (CONQUER, FINAL)


def takeable(cost: int, spare: float) -> float:
    """The chance that an attacker with ``spare`` tokens to spend takes a region costing
    ``cost`` if it tries (with the reinforcement die when a little short)."""
    short = cost - spare
    if short <= -2:
        return 1.0
    if short <= 0:
        return 0.8
    if short <= 1:
        return 0.45
    if short <= 2:
        return 0.25
    if short <= 3:
        return 0.1
    return 0.0


def spare_tokens(g: GameState, army: Army) -> int:
    """Tokens ``army`` can spend on conquests: its hand while it conquers, else what it will
    have once it readies (all but one per region)."""
    if g.phase == Phase.CONQUER and g.turn.acting == army.id:
        return army.hand
    return army.hand + g.tokens_on_board(army) - army.mask.bit_count()


def side_mask(g: GameState, side: Iterable[int]) -> int:
    mask = 0
    for s in side:
        mask |= g.seat_mask(s)
    return mask


class Newcomer(NamedTuple):
    """A combo a player with no active race may take next: its race, power and tokens."""

    race: str
    power: str
    tokens: int


#: an attacker of a region: (tokens its conquest costs, tokens to spend, how likely it comes)
Attacker = tuple[int, float, float]


def newcomers(g: GameState, combos: int = 4) -> tuple[Newcomer, ...]:
    """The cheapest ``combos`` combos of the market that may be taken: what a player with no
    active race is expected to take."""
    shown = [c for c in view(g, -1).combos if c.power][:combos]
    return tuple(Newcomer(c.race, c.power, c.tokens) for c in shown)


def fresh_tokens(arrivals: Sequence[Newcomer]) -> float:
    """Tokens a new combo brings, on average over ``arrivals``."""
    return sum(c.tokens for c in arrivals) / len(arrivals) if arrivals else 0.0


def threats(g: GameState, side: frozenset[int], arrivals: Sequence[Newcomer]
            ) -> dict[int, list[Attacker]]:
    """For each region of ``side`` that an opponent could attack on its next turn, its
    attackers.  An opponent with an active race attacks with its spare tokens at the costs
    the engine asks of it; one without takes one of ``arrivals`` (each as likely) and enters
    the map where and at the cost the engine asks of that combo."""
    ours = side_mask(g, side)
    out: dict[int, list[Attacker]] = {}
    if not ours:
        return out
    for seat in range(g.players):
        if seat in side:
            continue
        army = g.active_army(seat)
        if army is not None:
            spare = spare_tokens(g, army)
            for r, cost in conquest_costs(g, army, ours):
                out.setdefault(r, []).append((cost, spare, 1.0))
            continue
        share = 1.0 / len(arrivals) if arrivals else 0.0
        for combo in arrivals:
            for r, cost in entry_costs(g, seat, combo.race, combo.power, ours):
                out.setdefault(r, []).append((cost, combo.tokens, share))
    return out


def risk(attackers: Sequence[Attacker], extra: int = 0, attention: float = 0.5) -> float:
    """The chance a region falls next turn, its defence raised by ``extra`` tokens."""
    total = 0.0
    for cost, spare, share in attackers:
        total += share * takeable(cost + extra, spare)
    return min(1.0, attention * total)


def allocate(g: GameState, army: Army, attackers: dict[int, list[Attacker]],
             tokens: int) -> list[tuple[int, int]]:
    """Where ``tokens`` tokens of ``army`` defend best: (region, count) pairs, the largest
    first.  Each token goes where it lowers the risk of losing a region most; where nothing
    is threatened, to regions facing the most regions not ours."""
    regions = [r for r in range(len(g.region_army)) if army.mask >> r & 1]
    if not regions or tokens <= 0:
        return []
    neighbors = g.map.neighbor_masks
    own = g.seat_mask(army.seat)
    open_sides = {r: (neighbors[r] & ~own).bit_count() + (g.map.border_mask >> r & 1)
                  for r in regions}
    added = dict.fromkeys(regions, 0)
    for _ in range(tokens):
        def gain(r: int) -> tuple[float, float]:
            here = attackers.get(r, ())
            drop = risk(here, added[r]) - risk(here, added[r] + 1) if here else 0.0
            spread = open_sides[r] / (g.region_tokens[r] + added[r] + 1)
            return drop, spread

        best = max(regions, key=gain)
        added[best] += 1
    return sorted(((r, n) for r, n in added.items() if n), key=lambda x: (-x[1], x[0]))


def income(g: GameState, seat: int) -> int:
    """Coins ``seat`` would score if its turn ended now."""
    return sum(x[1] for x in score_breakdown(g, seat))


def region_bonus(g: GameState, army: Army) -> list[int]:
    """Coins per turn each region not held by ``army`` would add to its seat's score beyond
    the region itself (Humans on Farmland, a Mine for Dwarves, an item…), by asking the
    engine's scoring with the region added (the game is left as it was)."""
    base = income(g, army.seat)
    out = [0] * len(g.region_army)
    mask = army.mask
    for r in range(len(out)):
        if mask >> r & 1 or g.closed_mask >> r & 1:
            continue
        holder = g.region_army[r]
        army.mask = mask | 1 << r
        g.region_army[r] = army.id
        out[r] = income(g, army.seat) - base - 1
        g.region_army[r] = holder
    army.mask = mask
    return out


def acting_army(g: GameState) -> Army:
    return g.armies[g.turn.acting]


def cheapest_conquest(g: GameState, legal: list[Action], bonus: list[int] | None = None
                      ) -> Action | None:
    """The ordinary conquest that costs least (the most valuable among equals), if any."""
    options = [a for a in legal if a.kind == CONQUER]
    if not options:
        return None
    costs = dict(conquest_costs(g, acting_army(g)))
    seat = g.actor

    def key(a: Action) -> tuple[int, float]:
        r = a.target
        holder = g.region_seat(r)
        worth = (bonus[r] if bonus else 0) + (0.5 if holder >= 0 and holder != seat else 0)
        return costs.get(r, 99), -worth

    return min(options, key=key)


def best_final(g: GameState, legal: list[Action], bonus: list[int] | None = None
               ) -> tuple[Action, float] | None:
    """The last conquest with the reinforcement die most likely to succeed, and its odds."""
    finals = [a for a in legal if a.kind == FINAL]
    if not finals:
        return None
    army = acting_army(g)
    costs = dict(conquest_costs(g, army))
    faces = g.rules.die_faces

    def odds(a: Action) -> float:
        short = costs[a.target] - army.hand
        return sum(1 for f in faces if f >= short) / len(faces)

    best = max(finals, key=lambda a: (odds(a), bonus[a.target] if bonus else 0))
    return best, odds(best)


def defend(g: GameState, legal: list[Action], side: frozenset[int],
           arrivals: Sequence[Newcomer]) -> Action:
    """Place tokens where they defend best, then end the redeployment; when the rules ask for
    something else first (a piece to place, a region to give up), the first such choice."""
    army = acting_army(g)
    if army.hand and army.mask:
        for r, n in allocate(g, army, threats(g, side, arrivals), army.hand):
            action = Action(DEPLOY, r, n)
            if action in legal:
                return action
    end = Action(END_REDEPLOY)
    if end in legal:
        return end
    return next((a for a in legal if a.kind != DEPLOY), legal[0])


def quick_move(g: GameState, legal: list[Action], arrivals: Sequence[Newcomer]) -> Action:
    """A fast, plain move for whoever decides in ``g``: the first combo, the cheapest
    conquests and a last roll of the die, tokens where they defend, no other choice."""
    phase = g.phase
    if phase == Phase.CONQUER:
        move = cheapest_conquest(g, legal)
        if move is not None:
            return move
        final = best_final(g, legal)
        if final is not None:
            return final[0]
        return Action(END_CONQUEST) if Action(END_CONQUEST) in legal else legal[0]
    if phase in (Phase.REDEPLOY, Phase.DEFENDER):
        return defend(g, legal, frozenset({g.actor}), arrivals)
    if phase == Phase.END:
        return Action("end_turn") if Action("end_turn") in legal else legal[0]
    return legal[0]


def worn_out(g: GameState, legal: list[Action], fresh_tokens: float,
             share: float = 0.33) -> bool:
    """Whether declining is legal and the active race has fewer spare tokens than ``share``
    of a new combo's while at least two scorings remain (a plain player's reason to
    decline)."""
    if Action("decline") not in legal:
        return False
    army = g.armies[g.turn.acting]
    left = g.map.turns - g.round + 1
    return left >= 2 and bool(army.mask) and army.hand < share * fresh_tokens
