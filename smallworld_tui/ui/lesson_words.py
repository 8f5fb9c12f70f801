"""A lesson step's words with their numbers and names filled from the game, so that what a
lesson says always matches the engine.

A text may insert, besides everything the rules reference may (``{lost_tribe}``,
``{rule.empty_region_cost}``, ``{terrain.hill}``: ``reference/placeholders.py``):

- about the step's first move: ``{target}`` (its region, combo slot or seat number),
  ``{region}`` (the region's name, "Hill 14"), ``{cost}`` (the tokens its conquest costs,
  from the engine's cost function), ``{short}`` (the tokens a last conquest with the die
  lacks), ``{count}`` (the tokens it places), ``{combo}``, ``{price}`` and ``{tokens}`` (the
  combo of its slot: name, coins, tokens), ``{player}`` (the seat's name);
- the same of any other region, slot or seat: ``{region:9}``, ``{cost:9}``, ``{combo:2}``,
  ``{player:1}``;
- about the learner: ``{coins}``, ``{hand}`` (tokens in hand), ``{gained}`` (coins received
  this round), ``{round}`` and ``{turns}``.

The values are those of the moment the step begins (the end's words: of the moment the lesson
ends).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from smallworld_tui.engine import Action, PlayerView
from smallworld_tui.lessons import Lesson, LessonError, Step
from smallworld_tui.reference.placeholders import context
from smallworld_tui.ui.describe import combo_name, region_label


class Lookup:
    """A value by number: ``{cost}`` for the step's own region, ``{cost:9}`` for region 9."""

    def __init__(self, name: str, own: int, look: Callable[[int], object]) -> None:
        self.name = name
        self.own = own
        self.look = look

    def __format__(self, spec: str) -> str:
        number = int(spec) if spec else self.own
        try:
            return str(self.look(number))
        except (KeyError, IndexError):
            raise LessonError(f"{{{self.name}{':' + spec if spec else ''}}} has no value "
                              f"for {number} now") from None


def values(view: PlayerView, learner: int, move: Action | None) -> dict[str, Any]:
    """What a text may insert now (``view``: the learner's), besides the reference's."""
    own = move.target if move is not None else -1
    combos = {combo.slot: combo for combo in view.combos}
    army = view.army(view.acting) if view.actor == learner else view.active_army(learner)
    return {
        "target": own,
        "count": move.count if move is not None else 0,
        "region": Lookup("region", own, lambda r: region_label(view.map, r)),
        "cost": Lookup("cost", own, view.costs.__getitem__),
        "short": Lookup("short", own, view.shortfalls.__getitem__),
        "combo": Lookup("combo", own, lambda s: combo_name(combos[s].race, combos[s].power)),
        "price": Lookup("price", own, lambda s: combos[s].price),
        "tokens": Lookup("tokens", own, lambda s: combos[s].tokens),
        "player": Lookup("player", own, view.names.__getitem__),
        "coins": view.coins[learner],
        "hand": army.hand if army else 0,
        "gained": view.gains[view.round - 1][learner],
        "round": view.round,
        "turns": view.turns,
    }


def fill(text: str, lesson: Lesson, step: Step | None, view: PlayerView, lang: str) -> str:
    """``text`` of ``lesson`` (at ``step``, None for the end) with its values inserted;
    LessonError naming the lesson and the step if one cannot be."""
    where = f"lesson {lesson.id}, " + (f"step {step.number}" if step else "end")
    ours = values(view, lesson.learner, step.moves[0] if step else None)
    known = {**context(lang, lesson.game), **ours}
    try:
        return text.format_map(known)
    except LessonError as exc:
        raise LessonError(f"{where}: {exc}") from None
    except (KeyError, AttributeError, ValueError, IndexError) as exc:
        raise LessonError(f"{where}: cannot fill in {exc} ({lang})") from None


def title(lesson: Lesson, lang: str) -> str:
    """The lesson's title in ``lang`` (names from the data tables: ``{game}``,
    ``{team.name}``)."""
    return (lesson.title.get(lang) or lesson.title["en"]).format_map(context(lang, lesson.game))
