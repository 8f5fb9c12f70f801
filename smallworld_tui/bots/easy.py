"""The ``easy`` level: a random move among the sensible ones.

Sensible: one of the three cheapest combos; any conquest (a race's, power's or item's own
moves included) while one is possible, else a last roll of the die, never giving regions up;
decline only when the active race has few spare tokens left and turns remain; every token
placed before redeployment ends, in random regions.
"""

from __future__ import annotations

from smallworld_tui.bots.base import Bot, Decision
from smallworld_tui.bots.tactics import (
    END_CONQUEST,
    END_REDEPLOY,
    FINAL,
    fresh_tokens,
    newcomers,
    worn_out,
)
from smallworld_tui.engine import Action, Phase

CHEAPEST_COMBOS = 3
NOT_A_CONQUEST = ("decline", "abandon", END_CONQUEST, FINAL)


class EasyBot(Bot):
    """Random among sensible moves; see the module docstring."""

    level = "easy"

    def decide(self, decision: Decision) -> Action:
        legal = list(decision.legal)
        phase = decision.observation["phase"]
        if phase == Phase.PICK:
            options = sorted(legal, key=lambda a: a.target)[:CHEAPEST_COMBOS]
        elif phase == Phase.CONQUER:
            options = self.conquests(decision, legal)
        elif phase in (Phase.REDEPLOY, Phase.DEFENDER):
            options = [a for a in legal if a.kind != END_REDEPLOY] or legal
        else:
            options = legal
        return options[decision.rng.randrange(len(options))]

    def conquests(self, decision: Decision, legal: list[Action]) -> list[Action]:
        g = decision.world()
        if worn_out(g, legal, fresh_tokens(newcomers(g))):
            return [Action("decline")]
        takes = [a for a in legal if a.kind not in NOT_A_CONQUEST]
        if takes:
            return takes
        finals = [a for a in legal if a.kind == FINAL]
        return finals or [Action(END_CONQUEST)]
