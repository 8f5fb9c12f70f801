"""The ``normal`` level: plans its turn with the evaluation of ``evaluate.py``.

It takes the combo whose first turn (the conquests it allows, played greedily) leaves the
best position; at the start of a turn it weighs declining against going on; each conquest is
chosen by what it leads to once the turn is completed greedily (the die's odds weighed for a
last conquest, Dragon, Sorcery, Berserk and any other race's, power's or item's move tried the
same way); tokens go where they lower the risk of losing regions; pieces and end-of-turn
choices (Heroes, Fortresses, a Diplomat's ally, a Stout decline) are kept when they improve the
evaluation.  It searches nothing beyond its own turn.
"""

from __future__ import annotations

from collections.abc import Callable

from smallworld_tui.bots.base import Bot, Decision
from smallworld_tui.bots.evaluate import Evaluator, Weights
from smallworld_tui.bots.tactics import (
    DEPLOY,
    END_CONQUEST,
    END_REDEPLOY,
    best_final,
    cheapest_conquest,
    defend,
    newcomers,
    quick_move,
    region_bonus,
)
from smallworld_tui.bots.worlds import Policy, outcomes, play_until_scored, turn_scored
from smallworld_tui.engine import Action, GameState, Phase, apply, legal_actions

SKIPPED_IN_CONQUEST = ("abandon",)  # never worth it for this level's plans
DECLINE = Action("decline")

Judge = Callable[[GameState], float]


def _go_on() -> None:
    """A planner's ``interrupt`` that never stops it."""


class Planner:
    """Plans the turn of the seat deciding in ``g`` (an imagined game) for ``side``."""

    def __init__(self, g: GameState, side: frozenset[int], weights: Weights | None = None
                 ) -> None:
        self.seat = g.actor
        self.side = side
        self.arrivals = newcomers(g)
        self.evaluator = Evaluator(side, self.arrivals, weights)
        self._bonus: dict[tuple[str, str], list[int]] = {}
        self._after: dict[tuple[object, ...], float] = {}
        self._turns: dict[tuple[object, ...], float] = {}
        self.interrupt: Callable[[], None] = _go_on  # before each move played ahead; may raise

    def value(self, g: GameState) -> float:
        return self.evaluator.value(g)

    def choose(self, g: GameState, legal: list[Action]) -> Action:
        if g.phase in (Phase.REDEPLOY, Phase.DEFENDER):
            return self.redeploy(g, legal)
        return self.rank(g, legal)[0][1]

    def rank(self, g: GameState, legal: list[Action]) -> list[tuple[float, Action]]:
        """The choices of a pick, conquest or end-of-turn decision, best first, with their
        values."""
        if g.phase == Phase.CONQUER:
            candidates = [a for a in legal if a.kind not in SKIPPED_IN_CONQUEST]
            scored = [(self.after_turn(g, a) if a.kind == "decline"
                       else self.expected(g, a, self.after_conquests), i, a)
                      for i, a in enumerate(candidates)]
        else:
            judge = self.after_conquests if g.phase == Phase.PICK else self.value
            scored = [(self.expected(g, a, judge), i, a) for i, a in enumerate(legal)]
        scored.sort(key=lambda x: (-x[0], x[1]))
        return [(v, a) for v, _, a in scored]

    def expected(self, g: GameState, action: Action, judge: Judge) -> float:
        """What ``judge`` makes of the games after ``action``, weighed by their chances."""
        return sum(p * judge(h) for p, h in outcomes(g, action))

    def bonus(self, g: GameState) -> list[int]:
        """``region_bonus`` of the army conquering in ``g`` (kept per race and power)."""
        army = g.armies[g.turn.acting]
        key = (army.race, army.power)
        found = self._bonus.get(key)
        if found is None:
            found = self._bonus[key] = region_bonus(g, army)
        return found

    # --- conquest ------------------------------------------------------------------------
    def conquering(self, g: GameState) -> bool:
        return g.phase == Phase.CONQUER and g.actor == self.seat

    def greedy_step(self, g: GameState, legal: list[Action], now: float
                    ) -> tuple[Action, GameState | None, float]:
        """The next move of a greedy plan from ``g`` (valued ``now`` if the conquests stopped):
        the first choice the rules ask for before any conquest (with the game after it), else
        the cheapest conquest if it improves the evaluation (with the game after it and its
        value), else a last roll of the die if its odds pay (valued by expectation), else the
        end of the conquests."""
        if Action(END_CONQUEST) not in legal:  # the rules ask a choice first (the Volcano)
            first = next(a for a in legal if a != DECLINE)
            trial = g.clone()
            apply(trial, first, checked=True, quiet=True)
            return first, trial, self.stopped(trial)
        bonus = self.bonus(g)
        move = cheapest_conquest(g, legal, bonus)
        if move is not None:
            trial = g.clone()
            apply(trial, move, checked=True, quiet=True)
            then = self.stopped(trial)
            if then >= now:
                return move, trial, then
        final = best_final(g, legal, bonus)
        if final is not None:
            rolled = self.expected(g, final[0], self.value)
            if rolled > now:
                return final[0], None, rolled
        return Action(END_CONQUEST), None, now

    def after_conquests(self, g: GameState, now: float | None = None) -> float:
        """The value of ``g`` once the seat has gone on conquering greedily (``now``: its
        value if the conquests stopped, when known).  A search meets a position by many
        paths (two conquests in either order, the rest of a plan ranked again after its
        first move), so each position's value is worked out once."""
        key = g.position()
        known = self._after.get(key)
        if known is None:
            if now is None:
                now = self.stopped(g)
            if self.conquering(g):
                _, after, then = self.greedy_step(g, legal_actions(g), now)
                now = then if after is None else self.after_conquests(after, then)
            known = self._after[key] = now
        return known

    def stopped(self, g: GameState) -> float:
        """The value of ending the conquests now (a game still in them is ended on a copy)."""
        if self.conquering(g):
            g = g.clone()
            apply(g, Action(END_CONQUEST), checked=True, quiet=True)
        return self.value(g)

    def after_turn(self, g: GameState, action: Action) -> float:
        """The value once ``action`` is taken and the turn is played to its scoring."""
        def judge(h: GameState) -> float:
            play_until_scored(h, self.seat, lambda s, legal: quick_move(s, legal, self.arrivals))
            return self.value(h)

        return self.expected(g, action, judge)

    def finish_turn(self, g: GameState, others: Policy) -> GameState:
        """The game once the seat's turn in ``g`` is played on to its scoring the quick way:
        the combo whose greedy first turn is best, declining if that beats going on,
        greedy conquests (the die drawn from the game's generator), redeployment by
        ``redeploy``; ``others`` decides for the other seats (defenders).  ``g`` may be
        changed too."""
        now = self.stopped(g) if self.conquering(g) else 0.0
        while not turn_scored(g, self.seat):
            legal = legal_actions(g)
            if g.actor != self.seat:
                move = others(g, legal)
            elif g.phase == Phase.PICK:
                move = max(legal, key=lambda a: self.expected(g, a, self.after_conquests))
            elif self.conquering(g):
                if DECLINE in legal and self.after_turn(g, DECLINE) > self.after_conquests(g):
                    move = DECLINE
                else:
                    move, after, now = self.greedy_step(g, legal, now)
                    if after is not None:
                        g = after
                        continue
            elif g.phase in (Phase.REDEPLOY, Phase.DEFENDER):
                move = self.redeploy(g, legal)
            else:
                move = others(g, legal)
            apply(g, move, checked=True, quiet=True)
            if self.conquering(g):
                now = self.stopped(g)
        return g

    def turn_value(self, g: GameState, others: Policy, weighed: bool = True) -> float:
        """The expected value at the end of the seat's turn in ``g`` when the seat goes on
        with this planner's choices; ``others`` decides for the other seats (defenders).  The
        first die roll is weighed over the die's faces, later ones drawn from ``g``'s
        generator (weighing each roll of a turn that rolls before every conquest, as Berserk
        does, would take exponential time).  ``g`` may be changed.  Plans that start apart
        often meet (two conquests in either order), so each position's value is worked out
        once."""
        key = (g.position(), weighed, others)
        known = self._turns.get(key)
        if known is None:
            known = self._turns[key] = self._play_turn(g, others, weighed)
        return known

    def _play_turn(self, g: GameState, others: Policy, weighed: bool) -> float:
        if turn_scored(g, self.seat):
            return self.value(g)
        self.interrupt()
        legal = legal_actions(g)
        if g.actor != self.seat:
            move = others(g, legal)
        elif g.phase in (Phase.REDEPLOY, Phase.DEFENDER):
            move = self.redeploy(g, legal)
        else:
            move = self.rank(g, legal)[0][1]
        if not weighed:
            apply(g, move, checked=True, quiet=True)
            return self.turn_value(g, others, weighed=False)
        results = outcomes(g, move)
        if len(results) > 1:
            return sum(p * self.turn_value(h, others, weighed=False) for p, h in results)
        return self.turn_value(results[0][1], others)

    # --- redeployment ----------------------------------------------------------------------
    def redeploy(self, g: GameState, legal: list[Action]) -> Action:
        others = [a for a in legal if a.kind not in (DEPLOY, END_REDEPLOY)]
        if others:
            forced = not any(a.kind in (DEPLOY, END_REDEPLOY) for a in legal)
            gain, _, choice = max((self.expected(g, a, self.value), -i, a)
                                  for i, a in enumerate(others))
            if forced or gain > self.value(g):
                return choice
        return defend(g, legal, self.side, self.arrivals)


class NormalBot(Bot):
    """Plans its own turn; see the module docstring."""

    level = "normal"
    weights: Weights | None = None

    def decide(self, decision: Decision) -> Action:
        g = decision.world()
        return Planner(g, decision.side, self.weights).choose(g, list(decision.legal))
