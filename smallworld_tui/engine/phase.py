"""The phases of a turn (``GameState.phase``).

- ``conquer``: an army conquers (declined Ghouls first, then the active race).  Troops are
  readied when the phase starts; the active race may still go into decline until it acts.
- ``pick``: a player without an active race takes a combo.
- ``redeploy``: the army that conquered places its tokens (and its pieces).
- ``defender``: at the end of the turn, players who lost regions place their survivors
  (``actor`` is then the defender, not the player whose turn it is).
- ``end``: after scoring, the last choices of the turn; the turn ends with ``end_turn`` or
  once no choice is left.
- ``over``: the game has ended.
"""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    PICK = "pick"
    CONQUER = "conquer"
    REDEPLOY = "redeploy"
    DEFENDER = "defender"
    END = "end"
    OVER = "over"


#: the phases by module names, for the hot paths (an enum member looked up on its class
#: costs a descriptor call)
PICK, CONQUER, REDEPLOY, DEFENDER, END, OVER = (
    Phase.PICK, Phase.CONQUER, Phase.REDEPLOY, Phase.DEFENDER, Phase.END, Phase.OVER)

PLACING = (REDEPLOY, DEFENDER)  # phases in which tokens are placed from hand
