"""Names of games, races, powers, relics, places, artifacts, pieces, factions, terrains and
symbols in the interface language."""

from __future__ import annotations

from smallworld_tui.engine import Kind, entries, entry, table
from smallworld_tui.i18n import current_language

__all__ = ["Kind", "display_name", "entries", "entry", "game_name", "table"]


def display_name(kind: Kind, id_: str, lang: str | None = None, game: str = "base") -> str:
    """The name of a row of the data table in `lang` (default: the current one); `id_` may be
    qualified ("underground:gnomes")."""
    row = entry(kind, id_, game)
    name: str = row.get(f"name_{lang or current_language()}", row["name_en"])
    return name


def game_name(game: str, lang: str | None = None) -> str:
    """The name of a game ("Small World Underground") in `lang` (default: the current one)."""
    data = table(game)
    name: str = data.get(f"name_{lang or current_language()}", data["name_en"])
    return name
