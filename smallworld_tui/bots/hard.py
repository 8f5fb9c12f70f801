"""The ``hard`` level: searches over imagined games.

For a pick, a conquest or an end-of-turn choice it takes ``normal``'s best few candidates and
tries each in several imagined games (the stacks, hidden coins and dice drawn afresh in each,
the same games for every candidate): the move, then play-outs (``playout.py``) for everyone
until its own next turn begins, then the evaluation.  The candidate with the best mean wins.
Redeployment is ``normal``'s.  ``Budget.work`` scales the number of imagined games; a
``Budget.seconds`` cap stops the search early (every candidate has then been tried in the
same games).
"""

from __future__ import annotations

import time

from smallworld_tui.bots.base import Bot, Decision
from smallworld_tui.bots.evaluate import Weights
from smallworld_tui.bots.normal import Planner
from smallworld_tui.bots.playout import Playout
from smallworld_tui.engine import Action, GameState, Phase, apply, legal_actions

CANDIDATES = 4  # normal's best moves searched
WORLDS = 8  # imagined games per decision at Budget.work == 1
THROUGH_NEXT_TURN = True  # play-outs go on through the seat's next turn (else stop before)
#: the decisions searched: phases, and "decline" for the start of a turn that may decline
SEARCHED: tuple[str, ...] = (Phase.PICK, Phase.CONQUER, Phase.END)


def play_round(g: GameState, seat: int, policy: Playout) -> None:
    """Play on until ``seat``'s next turn begins (or the game ends)."""
    target = g.turn_number + g.players if g.seat == seat else g.turn_number + (
        (seat - g.seat) % g.players)
    while not g.finished and g.turn_number < target:
        apply(g, policy(g, legal_actions(g)), checked=True)


class HardBot(Bot):
    """Searches; see the module docstring."""

    level = "hard"
    weights: Weights | None = None

    def decide(self, decision: Decision) -> Action:
        g = decision.world()
        planner = Planner(g, decision.side, self.weights)
        legal = list(decision.legal)
        searched = g.phase in SEARCHED or (
            "decline" in SEARCHED and g.phase == Phase.CONQUER and Action("decline") in legal)
        if not searched:
            return planner.choose(g, legal)
        ranked = planner.rank(g, legal)
        candidates = [a for _, a in ranked[:CANDIDATES]]
        if len(candidates) == 1:
            return candidates[0]
        return self.search(decision, planner, candidates)

    def search(self, decision: Decision, planner: Planner, candidates: list[Action]) -> Action:
        """The candidate whose play-outs end best on average."""
        policy = Playout(planner.fresh)
        seat = decision.seat
        worlds = max(1, round(WORLDS * self.budget.work))
        deadline = (time.perf_counter() + self.budget.seconds
                    if self.budget.seconds is not None else None)
        totals = [0.0] * len(candidates)
        for i in range(worlds):
            world = decision.world(i)
            for k, action in enumerate(candidates):
                g = world.clone()
                apply(g, action, checked=True)
                g = planner.finish_turn(g, policy)
                play_round(g, seat, policy)
                if THROUGH_NEXT_TURN and not g.finished:
                    g = planner.finish_turn(g, policy)
                totals[k] += planner.value(g)
            if deadline is not None and time.perf_counter() > deadline:
                break
        best = max(range(len(candidates)), key=lambda k: (totals[k], -k))
        return candidates[best]
