"""Which rules topics explain what the player is looking at (the "Rule of this" key), and which
game's topics the rules browser and the palette show first.

Only presentation: the topics named after what is shown (a combo's race and power, a
region's holder, pieces and terrain, the phase), never a judgement of the rules.
"""

from __future__ import annotations

from smallworld_tui.data import qualify
from smallworld_tui.engine import PlayerView
from smallworld_tui.engine.view import ComboView
from smallworld_tui.reference import list_topics
from smallworld_tui.session import GameSession

# phase -> the general topic about it (shared by every game)
PHASE_TOPICS = {"pick": "combos", "conquer": "conquest", "redeploy": "redeploy",
                "defender": "redeploy", "end": "turn", "over": "end"}


def played_game(session: GameSession | None) -> str:
    """The game being played (the base game when there is none yet): its rules topics come
    first in the rules browser and the palette, and the ids of its content are its own."""
    return session.record.variant if session is not None else "base"


def _known(ids: list[str]) -> list[str]:
    """The ids that are topics, once each, in order."""
    topics = {topic.id for topic in list_topics()}
    return [id_ for index, id_ in enumerate(ids) if id_ in topics and id_ not in ids[:index]]


def combo_topics(combo: ComboView, game: str) -> list[str]:
    """A combo's race, then its power."""
    return _known([qualify(game, combo.race), qualify(game, combo.power)])


def region_topics(view: PlayerView, region: int, game: str) -> list[str]:
    """What is on a region: its holder's race and power (or the Lost Tribe), its pieces,
    a mountain; the game's map topic for a symbol or water."""
    state, info = view.regions[region], view.map.regions[region]
    ids: list[str] = []
    army = view.army(state.army) if state.army >= 0 else None
    if state.lost_tribe:
        ids.append("lost_tribe")
    elif army is not None:
        ids += [army.race, army.power]
    pieces = {"troll_lair": state.lair, "fortress": state.fortress, "hero": state.hero,
              "hole": state.hole, "dragon": state.dragon, "encampment": bool(state.encampments),
              "mountain": info.mountain}
    ids += [piece for piece, on in pieces.items() if on]
    if info.mine or info.magic or info.cavern or info.water:
        ids.append("map")
    return _known([qualify(game, id_) for id_ in ids])


def phase_topics(view: PlayerView) -> list[str]:
    """The general topic of the current phase."""
    return _known([PHASE_TOPICS.get("over" if view.finished else view.phase, "turn")])
