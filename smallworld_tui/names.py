"""Names of races, powers, pieces, terrains and symbols in the interface language."""

from __future__ import annotations

from smallworld_tui.data import Kind, entries, entry, table
from smallworld_tui.i18n import current_language

__all__ = ["Kind", "display_name", "entries", "entry", "table"]


def display_name(kind: Kind, id_: str, lang: str | None = None, game: str = "base") -> str:
    """The name of a race, power, piece, terrain or symbol in `lang` (default: the current one)."""
    row = entry(kind, id_, game)
    name: str = row.get(f"name_{lang or current_language()}", row["name_en"])
    return name
