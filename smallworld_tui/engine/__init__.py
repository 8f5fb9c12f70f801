"""The rules engine: pure, deterministic given a seed, serialisable.

A game is ``new_game(...)`` (of one game: base, Underground, …), then ``apply(state, action)``
for each action taken from ``legal_actions(state)``.  ``view(state, seat)`` is what one seat
may see; ``state.clone()`` is a cheap independent copy; ``observe(state, seat)`` is what a seat
knows, as data, and ``imagine(observation, seed)`` a whole game consistent with it (for
computer players, which must never read the real state); ``score_breakdown(state, seat)`` is
what a seat would score if its turn ended now and ``conquest_costs(state, army)`` what an army
would pay for each region it may attack (``entry_costs(state, seat, race, power)``: what a
combo that seat took now would pay to enter the map).  ``moves(state)`` is the legal actions
with what they cost (tokens per region, the die's shortfall, coins), worked out once per
position: pass them to ``view(state, seat, moves)`` to share them between views.  Every game is
one package of ``engine/content`` that the registry finds when the engine is imported
(``games()``; a game defined elsewhere joins with ``register_game``).  This package never
imports textual, rich or click.

These names are the engine's public API: the interface, the session, the computer players, the
SSH server and the benchmarks import them from here, never from a module of the engine
(``tests/test_boundaries.py``).
"""

from smallworld_tui.engine.action_keys import ActionKeys
from smallworld_tui.engine.actions import ANYTIME, PARAMS, Action
from smallworld_tui.engine.board import (
    EMPTY,
    Map,
    MapError,
    Region,
    board_rules,
    list_faces,
    list_maps,
    load_face,
    load_map,
    load_map_file,
    map_for_players,
    selections,
    set_problems,
)
from smallworld_tui.engine.conquest import conquest_costs
from smallworld_tui.engine.content.traits import Content, Power, Race, kinds
from smallworld_tui.engine.errors import EngineError, IllegalAction, RecordError, split_feature
from smallworld_tui.engine.events import Event
from smallworld_tui.engine.explain import illegal, why_illegal
from smallworld_tui.engine.game import (
    apply,
    entry_costs,
    legal_actions,
    new_game,
    score_breakdown,
    winners,
)
from smallworld_tui.engine.market import ComboView
from smallworld_tui.engine.moves import Moves, moves
from smallworld_tui.engine.observe import Observation, imagine, observe
from smallworld_tui.engine.phase import PLACING, Phase
from smallworld_tui.engine.record import Record, load_record, save_record, write_json_atomic
from smallworld_tui.engine.registry import (
    Game,
    action_owner,
    definition,
    discover,
    games,
    register_game,
    ruleset,
    unregister_game,
)
from smallworld_tui.engine.ruleset import Ruleset
from smallworld_tui.engine.state import Army, GameState
from smallworld_tui.engine.summary import summary
from smallworld_tui.engine.tables import Kind, entries, entry, qualify, split_id, table
from smallworld_tui.engine.view import SPECTATOR, ArmyView, PlayerView, RegionView, view

__all__ = [
    "ANYTIME", "EMPTY", "PARAMS", "PLACING", "SPECTATOR", "Action", "ActionKeys", "Army",
    "ArmyView", "ComboView", "Content", "EngineError", "Event", "Game", "GameState",
    "IllegalAction", "Kind", "Map", "MapError", "Moves", "Observation", "Phase", "PlayerView",
    "Power", "Race", "Record", "RecordError", "Region", "RegionView", "Ruleset", "action_owner",
    "apply", "board_rules", "conquest_costs", "definition", "entries", "entry", "entry_costs",
    "games",
    "illegal", "imagine", "kinds", "legal_actions", "list_faces", "list_maps", "load_face",
    "load_map", "load_map_file", "load_record", "map_for_players", "moves", "new_game",
    "observe", "qualify", "register_game", "ruleset", "save_record", "score_breakdown",
    "selections", "set_problems", "split_feature", "split_id", "summary", "table",
    "unregister_game", "view", "why_illegal", "winners", "write_json_atomic",
]

discover()
