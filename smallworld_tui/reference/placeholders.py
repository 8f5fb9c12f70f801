"""The values a topic text may insert (``{sorcerers.max_tokens}``, ``{rule.max_shortfall}``...).

Every name and number in the texts comes from the data table, so the reference and the engine
never disagree:

- ``{<race, power or piece id>}``: its name; ``{<id>.<field>}``: a field of its row
  (``tokens``, ``max_tokens``, ``count``, ``name_en``, ``name_ja``, ...).
- ``{terrain.<id>}``, ``{symbol.<id>}``: a terrain's or symbol's name.
- ``{rule.<field>}``: the ``rules`` and ``setup`` numbers, ``column_size``, ``max_combo_cost``.
- ``{die}``: the die faces; ``{turns_by_players}``: the number of rounds on each map.
"""

from __future__ import annotations

from functools import cache
from types import SimpleNamespace
from typing import Any

from smallworld_tui.i18n import translations
from smallworld_tui.names import Kind, display_name, entries, table

_BY_ID: tuple[Kind, ...] = ("race", "power", "piece")  # {sorcerers}
_BY_KIND: tuple[Kind, ...] = ("terrain", "symbol")  # {terrain.forest}


class Row(SimpleNamespace):
    """A row of the data table inside a text: shows as its name, its fields are attributes."""

    name: str

    def __format__(self, spec: str) -> str:
        return format(self.name, spec)


def row(kind: Kind, id_: str, lang: str) -> Row:
    """The row of a race, power, piece, terrain or symbol, named in `lang`."""
    fields = entries(kind)[id_]
    plain = {key: value for key, value in fields.items() if isinstance(value, int | str)}
    return Row(**plain, name=display_name(kind, id_, lang))


@cache
def context(lang: str) -> dict[str, Any]:
    """Everything a text of language `lang` may insert, by placeholder name."""
    data = table()
    values: dict[str, Any] = {id_: row(kind, id_, lang) for kind in _BY_ID for id_ in entries(kind)}
    for kind in _BY_KIND:
        values[kind] = SimpleNamespace(**{id_: row(kind, id_, lang) for id_ in entries(kind)})
    visible = data["setup"]["visible_combos"]
    values["rule"] = SimpleNamespace(
        **data["rules"], **data["setup"], column_size=visible - 1, max_combo_cost=visible - 1
    )
    values["die"] = ", ".join(str(face) for face in data["die_faces"])
    _ = translations(lang).gettext
    values["turns_by_players"] = " / ".join(
        _("{players} players: {turns} rounds").format(players=players, turns=info["turns"])
        for players, info in data["maps"].items()
    )
    return values
