"""The data tables of names and numbers (races, powers, pieces, terrains, rule constants).

One table per game (``base.json``, ``underground.json``, ``warcraft.json``), read by the engine,
the rules reference and the interface alike, so a number is never typed twice.  Content is named
by a qualified id ``game:id`` (``underground:gnomes``); a bare id belongs to the game given.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any, Literal

Kind = Literal["race", "power", "relic", "place", "artifact", "piece", "terrain", "symbol",
               "faction"]
GAMES: tuple[str, ...] = ("base", "underground", "warcraft")

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


def split_id(id_: str, game: str = "base") -> tuple[str, str]:
    """``("underground", "gnomes")`` for ``"underground:gnomes"``; a bare id is of ``game``."""
    prefix, colon, rest = id_.partition(":")
    return (prefix, rest) if colon else (game, id_)


def qualify(game: str, id_: str) -> str:
    """The qualified id of ``id_`` in ``game`` (unchanged if already qualified)."""
    return id_ if ":" in id_ else f"{game}:{id_}"


@cache
def table(game: str = "base") -> dict[str, Any]:
    """The parsed data table ``smallworld_tui/data/<game>.json``."""
    text = resources.files(__name__).joinpath(f"{game}.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def entries(kind: Kind, game: str = "base") -> dict[str, dict[str, Any]]:
    """Every row of one kind in one game, by bare id, in the table's order (none: empty)."""
    section = table(game).get(_SECTIONS[kind], {})
    if isinstance(section, list):
        return {row["id"]: row for row in section}
    return dict(section)


def entry(kind: Kind, id_: str, game: str = "base") -> dict[str, Any]:
    """One row of the table; ``id_`` may be qualified (KeyError if there is none)."""
    game, bare = split_id(id_, game)
    if game not in GAMES:
        raise KeyError(f"no game {game!r} (known: {', '.join(GAMES)})")
    rows = entries(kind, game)
    if bare not in rows:
        raise KeyError(f"no {kind} {bare!r} in the {game} data table")
    return rows[bare]
