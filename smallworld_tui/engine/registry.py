"""Registry of every race, power and item the engine knows, by qualified id (``game:id``).

Each game's content modules list their classes; ``register`` makes one instance per class,
gives it its data table row and declares its action kinds.  ``GAMES[game]`` lists a game's
content ids in the data table's order.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from smallworld_tui.data import Kind, entries, entry
from smallworld_tui.engine.actions import declare
from smallworld_tui.engine.content.base import powers as base_powers
from smallworld_tui.engine.content.base import races as base_races
from smallworld_tui.engine.content.traits import Content, Item, Power, Race, Trait
from smallworld_tui.engine.content.underground import items as underground_items
from smallworld_tui.engine.content.underground import powers as underground_powers
from smallworld_tui.engine.content.underground import races as underground_races
from smallworld_tui.engine.content.warcraft import items as warcraft_items
from smallworld_tui.engine.content.warcraft import powers as warcraft_powers
from smallworld_tui.engine.content.warcraft import races as warcraft_races

RACES: dict[str, Race] = {}
POWERS: dict[str, Power] = {}
ITEMS: dict[str, Item] = {}  # relics, places, artifacts


@dataclass
class GameContent:
    """The ids of one game's content, in its data table's order."""

    races: list[str] = field(default_factory=list)
    powers: list[str] = field(default_factory=list)
    items: list[str] = field(default_factory=list)


GAMES: dict[str, GameContent] = {}


def instantiate(game: str, cls: type[Content]) -> Content:
    """One instance of ``cls`` as content of ``game``, with its data table row."""
    item = cls()
    kind: Kind = cls.kind  # type: ignore[assignment]
    item.game = game
    item.qid = f"{game}:{cls.id}"
    item.row = entry(kind, cls.id, game)
    item.tokens = item.row.get("tokens", 0)
    item.max_tokens = item.row.get("max_tokens", 0)
    return item


def register(game: str, classes: list[type[Content]]) -> None:
    """Instantiate and register ``classes`` as content of ``game``."""
    content = GAMES.setdefault(game, GameContent())
    for cls in classes:
        item = instantiate(game, cls)
        declare(cls.actions, item.qid)
        if isinstance(item, Race):
            RACES[item.qid] = item
        elif isinstance(item, Power):
            POWERS[item.qid] = item
        elif isinstance(item, Item):
            ITEMS[item.qid] = item
        else:
            raise TypeError(f"{cls.__name__} is neither a race, a power nor an item")
    kind: Kind
    for kind, ids, known in (("race", content.races, RACES), ("power", content.powers, POWERS)):
        ids[:] = [f"{game}:{i}" for i in entries(kind, game) if f"{game}:{i}" in known]
    content.items = [f"{game}:{i}" for kind in ("relic", "place", "artifact")
                     for i in entries(kind, game) if f"{game}:{i}" in ITEMS]


register("base", [*base_races.ALL, *base_powers.ALL])
register("underground", [*underground_races.ALL, *underground_powers.ALL,
                         *underground_items.ALL])
register("warcraft", [*warcraft_races.ALL, *warcraft_powers.ALL, *warcraft_items.ALL])

__all__ = ["GAMES", "ITEMS", "POWERS", "RACES", "Content", "Item", "Power", "Race", "Trait",
           "instantiate", "register"]
