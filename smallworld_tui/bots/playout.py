"""A fast policy for every seat, to play imagined games forward (``hard``'s play-outs).

It plays like a plain human: the combo with the most tokens for the coins, the cheapest
conquests then a last roll of the die, tokens where they defend, decline once the active race
has too few spare tokens to conquer much while turns remain.  It is a model of the other
players, good enough to see how they would answer a move, and fast (no look-ahead).
"""

from __future__ import annotations

from smallworld_tui.bots.evaluate import scorings_left
from smallworld_tui.bots.tactics import quick_move
from smallworld_tui.engine import Action, GameState, Phase, view

TOKEN_WORTH = 1.5  # coins a token of a new combo is worth when choosing one
DECLINE_SHARE = 0.33  # decline when spare tokens fall below this share of a new combo's


class Playout:
    """The policy, for games whose market brings ``fresh_tokens`` per new combo."""

    def __init__(self, fresh_tokens: float) -> None:
        self.fresh = fresh_tokens

    def __call__(self, g: GameState, legal: list[Action]) -> Action:
        phase = g.phase
        if phase == Phase.PICK:
            return self.pick(g, legal)
        if phase == Phase.CONQUER and self.should_decline(g, legal):
            return Action("decline")
        return quick_move(g, legal, self.fresh)

    def pick(self, g: GameState, legal: list[Action]) -> Action:
        combos = view(g, -1).combos

        def worth(a: Action) -> float:
            c = combos[a.target]
            return TOKEN_WORTH * c.tokens + c.coins - a.target

        return max(legal, key=lambda a: (worth(a), -a.target))

    def should_decline(self, g: GameState, legal: list[Action]) -> bool:
        if Action("decline") not in legal:
            return False
        army = g.armies[g.turn.acting]
        return (scorings_left(g, g.seat) >= 2 and army.mask
                and army.hand < DECLINE_SHARE * self.fresh) is True
