"""The data tables of names and numbers (races, powers, pieces, terrains, rule constants).

One table per game, a JSON file its definition names (``engine/content/<game>/table.json``),
read by the engine, the rules reference and the interface alike, so a number is never typed
twice.  The registry (``engine.registry``) says which games have a table.  Content is named by
a qualified id ``game:id`` (``underground:gnomes``); a bare id belongs to the game given.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from importlib.resources.abc import Traversable
from typing import Any, Literal, ParamSpec, TypeVar

Kind = Literal["race", "power", "relic", "place", "artifact", "piece", "terrain", "symbol",
               "faction"]

# kind -> section of the table (races and powers are lists of rows, the rest maps by id)
_SECTIONS: dict[Kind, str] = {
    "race": "races",
    "power": "powers",
    "relic": "relics",
    "place": "places",
    "artifact": "artifacts",
    "piece": "pieces",
    "terrain": "terrains",
    "symbol": "symbols",
    "faction": "factions",
}

_FILES: dict[str, Traversable] = {}  # game -> its table's file
_LOADED: dict[str, dict[str, Any]] = {}
_FORGET: list[Callable[[], None]] = []  # caches of what the tables say

P = ParamSpec("P")
R = TypeVar("R")


def use_table(game: str, file: Traversable) -> None:
    """Read ``game``'s table from ``file`` from now on (the registry's part)."""
    _FILES[game] = file
    _changed()


def drop_table(game: str) -> None:
    """Forget ``game``'s table (the registry's part, when a game is unregistered)."""
    _FILES.pop(game, None)
    _LOADED.pop(game, None)
    _changed()


def _changed() -> None:
    for forget in _FORGET:
        forget()


def per_tables(function: Callable[P, R]) -> Callable[P, R]:
    """``functools.cache`` of something worked out from the tables, forgotten whenever the
    games change."""
    cached = cache(function)
    _FORGET.append(cached.cache_clear)
    return cached  # type: ignore[return-value]


def split_id(id_: str, game: str = "base") -> tuple[str, str]:
    """``("underground", "gnomes")`` for ``"underground:gnomes"``; a bare id is of ``game``."""
    prefix, colon, rest = id_.partition(":")
    return (prefix, rest) if colon else (game, id_)


def qualify(game: str, id_: str) -> str:
    """The qualified id of ``id_`` in ``game`` (unchanged if already qualified)."""
    return id_ if ":" in id_ else f"{game}:{id_}"


def table(game: str = "base") -> dict[str, Any]:
    """The parsed data table of ``game`` (KeyError naming the known games if it has none)."""
    loaded = _LOADED.get(game)
    if loaded is None:
        if game not in _FILES:
            raise KeyError(f"no game {game!r} (known: {', '.join(_FILES)})")
        loaded = _LOADED[game] = json.loads(_FILES[game].read_text("utf-8"))
    return loaded


def entries(kind: Kind, game: str = "base") -> dict[str, dict[str, Any]]:
    """Every row of one kind in one game, by bare id, in the table's order (none: empty)."""
    section = table(game).get(_SECTIONS[kind], {})
    if isinstance(section, list):
        return {row["id"]: row for row in section}
    return dict(section)


def entry(kind: Kind, id_: str, game: str = "base") -> dict[str, Any]:
    """One row of the table; ``id_`` may be qualified (KeyError if there is none)."""
    game, bare = split_id(id_, game)
    rows = entries(kind, game)
    if bare not in rows:
        raise KeyError(f"no {kind} {bare!r} in the {game} data table")
    return rows[bare]
