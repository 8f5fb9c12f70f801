"""How good a game is for one side (a seat and its team partners).

The value of a seat is its coins plus the income its position promises over the scorings it
has left: what it would score now (asked of the engine), its active race growing by its spare
tokens, its declined race wearing away, and the option of declining later for a new combo.
A side's value is its seats' values (a team's counts its poorest player as much as their sum,
since a team scores its poorest player's coins), less the regions opponents may take from it
on their next turns, less the (mean) value of its opponents.  The numbers that shape it are
``Weights``; ``bench/bots.py`` measures what they are worth.
"""

from __future__ import annotations

from dataclasses import dataclass

from smallworld_tui.bots.tactics import Newcomer, fresh_tokens, income, risk, threats
from smallworld_tui.engine import GameState, Phase


@dataclass(frozen=True)
class Weights:
    """The numbers of the evaluation (measured on games between ``normal`` bots)."""

    region_cost: float = 3.2  # spare tokens a race spends per region it gains in a turn
    fresh_cost: float = 2.3  # tokens per region on a new combo's first turn
    losses: float = 1.0  # regions (and tokens) an active race loses per round to attacks
    declined_keep: float = 0.66  # share of a declined race's regions still held a round later
    attrition: float = 0.9  # weight of a turn's income one turn further on (uncertainty)
    fresh_bonus: float = 1.0  # coins per turn a new combo's power adds
    exposure: float = 1.5  # coins a region that may fall next turn is expected to cost
    opponents: float = 1.0  # weight of the opponents' mean value


#: The weights ``hard`` plays by, found by self-play between ``normal`` bots (2-player games on
#: ``base-2p``, seeds 500000 upward, seats rotated; docs/bots.md has the table): a new combo's
#: first turn is cheaper (``fresh_cost`` 2.3 -> 1.61) and a declined race wears away more
#: slowly (``declined_keep`` 0.66 -> 0.85).  ``normal`` with them beat ``normal`` with the
#: defaults in 461/800 games (57.6%) where the defaults against themselves won 393/800 (49.1%);
#: ``hard`` with them won 246/400 bench games against ``normal``, 243/400 with the defaults.
TUNED = Weights(fresh_cost=1.61, declined_keep=0.85)

#: The weights ``hard`` plays by in games of more than two players (measured in 4-player games
#: against three ``normal``, seeds 600000 and 700000 upward; docs/bots.md): a region that may
#: fall on the opponents' next turns costs less (``exposure`` 1.5 -> 1.05; likely because the
#: risks summed over three opponents overstate what it loses; ``hard`` with it won 168/400 such
#: games where it won 157/400 with the defaults), and a declined race wears away more slowly
#: (``declined_keep`` 0.66 -> 0.85, as in ``TUNED``; with it 178/400 on seeds 700000–700199
#: and 710000–710199, where ``exposure`` 1.05 alone won 162/400).
TUNED_MANY = Weights(exposure=1.05, declined_keep=0.85)


def scorings_left(g: GameState, seat: int) -> int:
    """How many more times ``seat`` will score (this turn's included if still to come)."""
    if g.finished:
        return 0
    left = g.map.turns - g.round
    if seat > g.seat or (seat == g.seat and g.phase != Phase.END):
        left += 1
    return left


def turn_underway(g: GameState) -> bool:
    """Whether the player whose turn it is has acted in it (conquered, declined, or is past
    conquering); at the very start of a turn its conquests are still to come."""
    turn = g.turn
    return (bool(turn.conquered) or turn.expanded or turn.declined
            or g.phase in (Phase.REDEPLOY, Phase.DEFENDER, Phase.END))


def steady_income(g: GameState, seat: int) -> int:
    """What ``seat`` would score at the end of a later turn in which it conquered nothing
    (no one-off bonus): the engine's scoring asked as if the turn were another."""
    number, turn = g.turn_number, g.turn
    g.turn_number, g.turn = number + 1_000_000, type(turn)()
    try:
        return income(g, seat)
    finally:
        g.turn_number, g.turn = number, turn


class Evaluator:
    """Values games for ``side``; ``arrivals`` are the combos a player with no active race is
    expected to take (the market's cheapest)."""

    def __init__(self, side: frozenset[int], arrivals: tuple[Newcomer, ...],
                 weights: Weights | None = None) -> None:
        self.side = side
        self.arrivals = arrivals
        self.fresh_tokens = fresh_tokens(arrivals)
        self.w = weights or Weights()
        self._fresh_sums: list[float] = [0.0]
        self._futures: dict[tuple[int, float | None, int, int, int, float, int], float] = {}

    def value(self, g: GameState) -> float:
        values = [self.seat_value(g, s) for s in self.side]
        # a team scores its poorest player's coins: half the weight on keeping that one up
        ours = (sum(values) + len(values) * min(values)) / 2
        others = [self.seat_value(g, s) for s in range(g.players) if s not in self.side]
        mean = sum(others) / len(others) if others else 0.0
        return ours - self.w.exposure * self.exposure(g) - self.w.opponents * mean

    def exposure(self, g: GameState) -> float:
        """Regions of the side expected to fall on the opponents' next turns."""
        if scorings_left(g, min(self.side)) <= 1:
            return 0.0
        return sum(risk(a) for a in threats(g, self.side, self.arrivals).values())

    def seat_value(self, g: GameState, seat: int) -> float:
        left = scorings_left(g, seat)
        coins = g.coins[seat]
        if left == 0:
            return float(coins)
        current = seat == g.seat
        mid_turn = current and g.phase != Phase.END and turn_underway(g)
        first = float(income(g, seat)) if mid_turn else None
        active = None
        declined = 0
        for army in g.armies:
            if army.alive and army.seat == seat:
                if army.declined:
                    declined += army.mask.bit_count()
                else:
                    active = army
        if active is None:
            return coins + self._fresh_future(left, first, declined, int(mid_turn))
        regions = active.mask.bit_count()
        tokens = active.hand + g.tokens_on_board(active)
        # one-off bonuses (of the turn being played) do not come again
        steady = steady_income(g, seat) if current else first if first is not None else \
            income(g, seat)
        bonus = steady - regions - declined
        return coins + self._active_future(left, first, regions, tokens, declined, bonus,
                                           decline_from=1 if mid_turn else 0)

    def _race(self, regions: float, tokens: float, turns: int, *, fresh: bool = False,
              grow_first: bool = True) -> list[float]:
        """Regions an active race holds at each of its next ``turns`` scorings: it grows by
        its spare tokens, and loses regions and tokens to attacks between its turns."""
        w, out = self.w, []
        n, t = regions, tokens
        for k in range(turns):
            if k or grow_first:
                cost = w.fresh_cost if fresh and k == 0 else w.region_cost
                n = min(t, n + max(0.0, t - n) / cost)
            out.append(n)
            n, t = max(0.0, n - w.losses), max(0.0, t - w.losses)
        return out

    def _fresh_sum(self, turns: int) -> float:
        """The weighted income of a new combo over its first ``turns`` scorings."""
        while len(self._fresh_sums) <= turns:
            self._extend_fresh()
        return self._fresh_sums[turns]

    def _extend_fresh(self) -> None:
        size = 2 * len(self._fresh_sums) + 8
        incomes = self._race(0.0, self.fresh_tokens, size, fresh=True)
        sums, total, weight = [0.0], 0.0, 1.0
        for regions in incomes:
            total += weight * (regions + self.w.fresh_bonus)
            weight *= self.w.attrition
            sums.append(total)
        self._fresh_sums = sums

    def _fresh_future(self, left: int, first: float | None, declined: int,
                      fresh_at: int) -> float:
        """A seat without an active race: its declined regions wear away, a new combo comes
        at scoring ``fresh_at``."""
        w = self.w
        start = 0 if first is None else 1
        total = first or 0.0
        total += declined * _weighted(w.attrition * w.declined_keep, start, left)
        return total + w.attrition ** fresh_at * self._fresh_sum(left - fresh_at)

    def _active_future(self, left: int, first: float | None, regions: int, tokens: int,
                       declined: int, bonus: float, decline_from: int) -> float:
        """The best of going on with the active race to the end, or declining it at one of
        the coming turns (scoring what it holds instead of conquering) and taking a new combo
        the turn after.  A pure function of its arguments, so it is worked out once for
        each (a search values the same seats in thousands of positions)."""
        key = (left, first, regions, tokens, declined, bonus, decline_from)
        known = self._futures.get(key)
        if known is None:
            known = self._futures[key] = self._work_out_future(*key)
        return known

    def _work_out_future(self, left: int, first: float | None, regions: int, tokens: int,
                         declined: int, bonus: float, decline_from: int) -> float:
        w = self.w
        gamma, keep = w.attrition, w.declined_keep
        held = self._race(float(regions), float(tokens), left, grow_first=first is None)
        best, going = float("-inf"), 0.0  # going: weighted income of the turns before declining
        weight = 1.0
        for j in range(left + 1):
            if j >= decline_from and j < left:
                flipped = max(0.0, held[j - 1] - w.losses) if j else float(regions)
                declining = (going + weight * flipped * _weighted(gamma * keep, 0, left - j)
                             + weight * gamma * self._fresh_sum(left - j - 1))
                best = max(best, declining)
            if j == left:
                break
            gained = first if j == 0 and first is not None else (
                held[j] + bonus + declined * keep ** j)
            going += weight * gained
            weight *= gamma
        return max(best, going)


def _weighted(ratio: float, start: int, stop: int) -> float:
    """The sum of ``ratio ** k`` for k in [start, stop)."""
    if stop <= start:
        return 0.0
    if ratio == 1.0:
        return float(stop - start)
    return (ratio ** start - ratio ** stop) / (1.0 - ratio)
