"""The ``hard`` level: searches its turn.

``normal`` judges each move by what follows if the rest of the turn is played greedily;
``hard`` takes ``normal``'s best few moves and plays each of them out to the end of its turn
the way ``normal`` would play every later move of it (which combo, then each conquest
weighed against all the others, Dragon, Sorcery and the like included, a last roll of the die
weighed by its odds, redeployment), and keeps the move whose turn ends best.  So it picks a
combo by the whole first turn it allows, declines only when that beats its best turn, and
orders its conquests by what the whole turn makes of them.  ``Budget.work`` scales the number
of moves searched; a ``Budget.seconds`` cap stops the search early (the moves are tried in
``normal``'s order, so the best of those tried is kept).
"""

from __future__ import annotations

import time

from smallworld_tui.bots.base import Bot, Decision
from smallworld_tui.bots.evaluate import Weights
from smallworld_tui.bots.normal import Planner
from smallworld_tui.bots.tactics import quick_move
from smallworld_tui.engine import Action, GameState, Phase

CANDIDATES = 4  # normal's best moves searched at Budget.work == 1
SEARCHED = (Phase.PICK, Phase.CONQUER)


class HardBot(Bot):
    """Searches its turn; see the module docstring."""

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
        deadline = (time.perf_counter() + self.budget.seconds
                    if self.budget.seconds is not None else None)

        def others(h: GameState, moves: list[Action]) -> Action:
            return quick_move(h, moves, planner.fresh)

        best, best_value = candidates[0], float("-inf")
        for action in candidates:
            value = planner.expected(g, action, lambda h: planner.turn_value(h, others))
            if value > best_value:
                best, best_value = action, value
            if deadline is not None and time.perf_counter() > deadline:
                break
        return best
