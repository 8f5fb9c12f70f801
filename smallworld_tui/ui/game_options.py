"""Short words for the game options of every game, and the options a game was set up with.

The options themselves (names, defaults, allowed values) come from each game's data table
(``Ruleset.default_options`` and ``option_values``), their words from its definition
(``engine.Game.option_words`` and ``value_words``).
"""

from __future__ import annotations

from typing import Any

from smallworld_tui.engine import definition, games, ruleset
from smallworld_tui.i18n import _


def option_label(name: str) -> str:
    """An option's short name (else the option's own name)."""
    words = next((definition(g).option_words[name] for g in games()
                  if name in definition(g).option_words), "")
    return _(words) if words else name


def value_label(value: Any) -> str:
    """The short words of an option's value: yes or no, else its game's words (else the
    value itself)."""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    words = next((definition(g).value_words[value] for g in games()
                  if isinstance(value, str) and value in definition(g).value_words), "")
    return _(words) if words else str(value)


def option_choices(game: str) -> dict[str, list[Any]]:
    """Each option of ``game`` and the values it may take, its default first."""
    rules = ruleset(game)
    choices = {}
    for name, default in rules.default_options.items():
        allowed = [True, False] if isinstance(default, bool) else rules.option_values[name]
        choices[name] = [default, *(v for v in allowed if v != default)]
    return choices


def chosen_options(game: str, options: dict[str, Any]) -> list[str]:
    """The options of a game that differ from their defaults, in words ("Garrison forts: one
    per turn")."""
    return [_("{option}: {value}").format(option=option_label(name),
                                          value=value_label(options[name]))
            for name, default in ruleset(game).default_options.items()
            if options.get(name, default) != default]
