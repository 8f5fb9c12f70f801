"""The rules engine: pure, deterministic given a seed, serialisable.

A game is ``new_game(...)`` (of one game: base, Underground, …), then ``apply(state,
action)`` for each action taken from ``legal_actions(state)``.  ``view(state, seat)`` is what
one seat may see; ``state.clone()`` is a cheap independent copy; ``observe(state, seat)`` is what
a seat knows, as data, and ``imagine(observation, seed)`` a whole game consistent with it (for
computer players, which must never read the real state); ``score_breakdown(state, seat)`` is
what a seat would score if its turn ended now and ``conquest_costs(state, army)`` what an army
would pay for each region it may attack.  ``moves(state)`` is the legal actions with what they
cost (tokens per region, the die's shortfall, coins), worked out once per position: pass them
to ``view(state, seat, moves)`` to share them between views.  This package never imports
textual, rich or click.
"""

from smallworld_tui.engine.actions import ANYTIME, PARAMS, Action
from smallworld_tui.engine.conquest import conquest_costs
from smallworld_tui.engine.errors import EngineError, IllegalAction, RecordError
from smallworld_tui.engine.events import Event
from smallworld_tui.engine.explain import why_illegal
from smallworld_tui.engine.game import apply, legal_actions, new_game, score_breakdown, winners
from smallworld_tui.engine.moves import Moves, moves
from smallworld_tui.engine.observe import Observation, imagine, observe
from smallworld_tui.engine.phase import PLACING, Phase
from smallworld_tui.engine.record import Record, load_record, save_record
from smallworld_tui.engine.state import Army, GameState
from smallworld_tui.engine.view import SPECTATOR, PlayerView, view

__all__ = [
    "ANYTIME", "PARAMS", "PLACING", "SPECTATOR", "Action", "Army", "EngineError", "Event",
    "GameState",
    "IllegalAction", "Moves", "Observation", "Phase", "PlayerView", "Record", "RecordError",
    "apply", "conquest_costs", "imagine", "legal_actions", "load_record", "moves", "new_game",
    "observe", "save_record", "score_breakdown", "view", "why_illegal", "winners",
]
