"""Words for the game options of every game, and the options a game was set up with.

The options themselves (names, defaults, allowed values) come from each game's data table
(``Ruleset.default_options`` and ``option_values``); only their words are here.
"""

from __future__ import annotations

from typing import Any

from smallworld_tui.engine.games import ruleset
from smallworld_tui.i18n import N_, _

#: each option's label, as a checkbox (a yes/no option) or beside its choices
OPTION_WORDS: dict[str, str] = {
    "flying_enters_anywhere": N_("Flying races may enter anywhere"),
    "fisher_pairs_share_a_river": N_("Fisher counts pairs along one river"),
    "teams": N_("Teams (Battle for Azeroth)"),
    "two_player_boards": N_("Boards for 2 players"),
    "garrison_forts": N_("Garrison forts"),
    "ashes_travel_cost": N_("Ashes of Al'ar: travel cost"),
}

#: the words of an option's allowed values
VALUE_WORDS: dict[str, str] = {
    "LM": N_("large and medium"),
    "LS": N_("large and small"),
    "per_region": N_("one in each region"),
    "one_per_turn": N_("one per turn"),
    "waived": N_("waived"),
    "paid": N_("paid"),
}


def option_label(name: str) -> str:
    return _(OPTION_WORDS[name])


def value_label(value: Any) -> str:
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return _(VALUE_WORDS[value]) if isinstance(value, str) else str(value)


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
