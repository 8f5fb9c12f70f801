"""The data tables of names and numbers (races, powers, pieces, terrains, rule constants).

One table per game (``base.json``), read by the engine, the rules reference and the interface
alike, so a number is never typed twice.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any, Literal

Kind = Literal["race", "power", "piece", "terrain", "symbol"]

# kind -> section of the table (races and powers are lists of rows, the rest maps by id)
_SECTIONS: dict[Kind, str] = {
    "race": "races",
    "power": "powers",
    "piece": "pieces",
    "terrain": "terrains",
    "symbol": "symbols",
}


@cache
def table(game: str = "base") -> dict[str, Any]:
    """The parsed data table ``smallworld_tui/data/<game>.json``."""
    text = resources.files(__name__).joinpath(f"{game}.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def entries(kind: Kind, game: str = "base") -> dict[str, dict[str, Any]]:
    """Every row of one kind, by id, in the table's order."""
    section = table(game)[_SECTIONS[kind]]
    if isinstance(section, list):
        return {row["id"]: row for row in section}
    return dict(section)


def entry(kind: Kind, id_: str, game: str = "base") -> dict[str, Any]:
    """One row of the table (KeyError if there is none)."""
    rows = entries(kind, game)
    if id_ not in rows:
        raise KeyError(f"no {kind} {id_!r} in the {game} data table")
    return rows[id_]
