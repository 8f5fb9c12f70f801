"""The data table of names and numbers (races, powers, pieces), shared with the rules reference."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any


@cache
def game_data(game: str = "base") -> dict[str, Any]:
    """The parsed ``smallworld_tui/data/<game>.json`` table."""
    text = resources.files("smallworld_tui.data").joinpath(f"{game}.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def entry(game: str, kind: str, id_: str) -> dict[str, Any]:
    """One race or power row of the table, by id."""
    for row in game_data(game)[kind]:
        if row["id"] == id_:
            return dict(row)
    raise KeyError(f"{kind} {id_!r} is not in the {game} data table")
