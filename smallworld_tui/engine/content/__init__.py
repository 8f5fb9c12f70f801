"""Registry of every race and power the engine knows, by id."""

from __future__ import annotations

from smallworld_tui.data import entry
from smallworld_tui.engine.content.base import powers as base_powers
from smallworld_tui.engine.content.base import races as base_races
from smallworld_tui.engine.content.traits import Power, Race, Trait

RACES: dict[str, Race] = {}
POWERS: dict[str, Power] = {}


def _register(game: str, classes: list[type[Trait]]) -> None:
    for cls in classes:
        trait = cls()
        row = entry("race" if cls.kind == "race" else "power", cls.id, game)
        trait.tokens = row["tokens"]
        trait.max_tokens = row.get("max_tokens", 0)
        if isinstance(trait, Race):
            RACES[cls.id] = trait
        elif isinstance(trait, Power):
            POWERS[cls.id] = trait


_register("base", base_races.ALL)
_register("base", base_powers.ALL)

__all__ = ["POWERS", "RACES", "Power", "Race", "Trait"]
