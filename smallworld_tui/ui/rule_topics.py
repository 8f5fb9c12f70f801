"""Which rules topics explain what the player is looking at (the "Rule of this" key).

Only presentation: the topics named after what is shown (a combo's race and power, a
region's holder, pieces and terrain, the phase), never a judgement of the rules.
"""

from __future__ import annotations

from smallworld_tui.engine import PlayerView
from smallworld_tui.engine.view import ComboView
from smallworld_tui.reference import get_topic
from smallworld_tui.ui.palette import region_symbols

# phase -> the general topic about it
PHASE_TOPICS = {"pick": "combos", "conquer": "conquest", "redeploy": "redeploy",
                "defender": "redeploy", "end": "turn", "over": "end"}


def _known(ids: list[str]) -> list[str]:
    """The ids that are topics, once each, in order."""
    found = []
    for id_ in ids:
        try:
            topic = get_topic(id_).id
        except KeyError:
            continue
        if topic not in found:
            found.append(topic)
    return found


def combo_topics(combo: ComboView) -> list[str]:
    """A combo's race, then its power."""
    return _known([combo.race, combo.power])


def region_topics(view: PlayerView, region: int) -> list[str]:
    """What is on a region: its holder's race and power (or the Lost Tribe), its pieces,
    a mountain; the map topic for a symbol or water."""
    state, info = view.regions[region], view.map.regions[region]
    ids: list[str] = []
    army = view.army(state.army) if state.army >= 0 else None
    if state.neutral:
        ids.append(state.race)
    elif army is not None:
        ids += [army.race, army.power]
    ids += [piece for piece, _ in state.pieces]
    if region_symbols(info, view.map.game) or info.water:
        ids.append("map")
    return _known(ids)


def phase_topics(view: PlayerView) -> list[str]:
    """The general topic of the current phase."""
    return _known([PHASE_TOPICS.get("over" if view.finished else view.phase, "turn")])
