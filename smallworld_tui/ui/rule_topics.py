"""Which rules topics explain what the player is looking at (the "Rule of this" key), and which
game's topics the rules browser and the palette show first.

Only presentation: the topics named after what is shown (a combo's race and power, a
region's holder, pieces, terrain and symbols, the phase), never a judgement of the rules.
"""

from __future__ import annotations

from smallworld_tui.engine import ComboView, PlayerView, qualify
from smallworld_tui.reference import list_topics
from smallworld_tui.session import GameSession
from smallworld_tui.ui.palette import race_colour, region_symbols

# phase -> the general topic about it (shared by every game)
PHASE_TOPICS = {"pick": "combos", "conquer": "conquest", "redeploy": "redeploy",
                "defender": "redeploy", "end": "turn", "over": "end"}


def played_game(session: GameSession | None) -> str:
    """The game being played (the base game when there is none yet): its rules topics come
    first in the rules browser and the palette, and the ids of its content are its own."""
    return session.record.game if session is not None else "base"


def _known(ids: list[str]) -> list[str]:
    """The ids that are topics, once each, in order."""
    topics = {topic.id for topic in list_topics()}
    return [id_ for index, id_ in enumerate(ids) if id_ in topics and id_ not in ids[:index]]


def combo_topics(combo: ComboView, game: str, teams: bool = False) -> list[str]:
    """A combo's race, then its power; its faction when the race has one; in a team game,
    how the team market works."""
    ids = [qualify(game, combo.race), qualify(game, combo.power)]
    if race_colour(qualify(game, combo.race)):
        ids.append(qualify(game, "factions"))
    if teams:
        ids.append(qualify(game, "team_combos"))
    return _known(ids)


def region_topics(view: PlayerView, region: int, game: str) -> list[str]:
    """What is on a region: its items first (a relic or a place lying there is what the
    player points at, rather than a race they know), its holder's race and power (or its
    neutral defenders), its pieces, its terrain and symbols when a rule hangs on them; the
    game's map topic for a symbol or water."""
    state, info = view.regions[region], view.map.regions[region]
    board = view.map.game
    ids: list[str] = list(state.items)
    army = view.army(state.army) if state.army >= 0 else None
    if state.neutral:
        ids.append(state.race)
    elif army is not None:
        ids += [army.race, army.power]
        if race_colour(army.race):
            ids.append(qualify(game, "factions"))
    ids += [piece for piece, _ in state.pieces]
    symbols = region_symbols(info, board, in_game=False)
    ids += [qualify(board, info.terrain), *(qualify(board, s) for s in symbols)]
    if symbols or info.water:
        ids.append(qualify(board, "map"))
    return _known([qualify(game, id_) for id_ in ids])


def phase_topics(view: PlayerView) -> list[str]:
    """The general topic of the current phase; in a team game, the team rules."""
    ids = [PHASE_TOPICS.get("over" if view.finished else view.phase, "turn")]
    if view.teams:
        ids.append(qualify(view.game, "teams"))
    return _known(ids)
