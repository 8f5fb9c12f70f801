"""The ``hard`` level: searches beyond its own turn.

``normal`` judges each move by what follows if the rest of its own turn is played greedily,
and guesses what opponents will take from it.  ``hard`` takes ``normal``'s best few moves and
plays each of them out in a few imagined games (``engine.imagine``: what it cannot see drawn
at random; the same games for every move, so that they are compared on equal terms): its own
turn completed the way ``normal`` completes a plan, then every opponent's turn played the quick
way (the cheapest combo, the cheapest conquests, tokens where they defend), up to its own next
turn.  It keeps the move whose play-outs end best on average.  So a combo, a decline or a
conquest is judged by the attacks it actually draws, not by a guess.  ``Budget.work`` scales
the number of moves and games searched; a ``Budget.seconds`` cap stops the search early (the
moves are tried in ``normal``'s order, so the best of those tried is kept).
"""

from __future__ import annotations

import time

from smallworld_tui.bots.base import Bot, Decision
from smallworld_tui.bots.evaluate import Weights
from smallworld_tui.bots.normal import Planner
from smallworld_tui.bots.tactics import quick_move
from smallworld_tui.engine import Action, GameState, Phase, apply, legal_actions

CANDIDATES = 3  # normal's best moves searched at Budget.work == 1
WORLDS = 2  # imagined games each is played out in
SEARCHED = (Phase.PICK, Phase.CONQUER)


class HardBot(Bot):
    """Searches to its next turn; see the module docstring."""

    level = "hard"
    weights: Weights | None = None

    def decide(self, decision: Decision) -> Action:
        g = decision.world()
        planner = Planner(g, decision.side, self.weights)
        legal = list(decision.legal)
        if g.phase not in SEARCHED:
            return planner.choose(g, legal)
        ranked = planner.rank(g, legal)
        wanted = max(2, round(CANDIDATES * self.budget.work))
        candidates = [a for _, a in ranked[:wanted]]
        if len(candidates) == 1:
            return candidates[0]
        worlds = max(1, round(WORLDS * self.budget.work))
        deadline = (time.perf_counter() + self.budget.seconds
                    if self.budget.seconds is not None else None)
        best, best_value = candidates[0], float("-inf")
        for action in candidates:
            value = sum(self.play_out(planner, decision.world(k).clone(), action)
                        for k in range(worlds)) / worlds
            if value > best_value:
                best, best_value = action, value
            if deadline is not None and time.perf_counter() > deadline:
                break
        return best

    @staticmethod
    def play_out(planner: Planner, g: GameState, action: Action) -> float:
        """The value of ``g`` after ``action``, the rest of the seat's turn and the other
        seats' turns up to the seat's next one (the die drawn from ``g``'s generator)."""
        seat = planner.seat

        def quick(h: GameState, moves: list[Action]) -> Action:
            return quick_move(h, moves, planner.fresh)

        apply(g, action, checked=True)
        g = planner.finish_turn(g, quick)
        while not g.finished and g.seat == seat:  # the seat's end-of-turn choices
            apply(g, quick(g, legal_actions(g)), checked=True)
        while not g.finished and g.seat != seat:
            apply(g, quick(g, legal_actions(g)), checked=True)
        return planner.value(g)
