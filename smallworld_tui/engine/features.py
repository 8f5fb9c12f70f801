"""Terrains and symbols across games: what a race of one game means on another game's map.

Content names the terrains and symbols of its own game ("mushroom_forest", "mine").  On a map
of the same game that is the map's own mask.  On a map of another game (the mixing rules of
Small World Underground), a name stands for its equivalents, which a game's data table
declares for the game it mixes with (``"mixes_with": "base"``; a terrain's or symbol's
``"equivalent": [{"terrain": "forest"}]``) and which work both ways.
"""

from __future__ import annotations

from smallworld_tui.engine.board import Map
from smallworld_tui.engine.registry import games
from smallworld_tui.engine.tables import per_tables, table

Feature = tuple[str, str, str]  # (game, "terrain" | "symbol", id)


@per_tables
def _equivalences() -> dict[Feature, frozenset[Feature]]:
    pairs: dict[Feature, set[Feature]] = {}
    for game in games():
        partner: str | None = table(game).get("mixes_with")
        if partner is None:
            continue
        for kind in ("terrain", "symbol"):
            for id_, row in table(game).get(f"{kind}s", {}).items():
                for other in row.get("equivalent", []):
                    ((other_kind, other_id),) = other.items()
                    a, b = (game, kind, id_), (partner, other_kind, other_id)
                    pairs.setdefault(a, set()).add(b)
                    pairs.setdefault(b, set()).add(a)
    return {k: frozenset(v) for k, v in pairs.items()}


def _own(board: Map, kind: str, name: str) -> int:
    return board.terrain_mask(name) if kind == "terrain" else board.symbol_mask(name)


def feature_mask(board: Map, kind: str, name: str, game: str) -> int:
    """Regions of ``board`` with terrain or symbol ``name`` as ``game`` names it."""
    if board.game == game:
        return _own(board, kind, name)
    mask = 0
    for other_game, other_kind, other_name in _equivalences().get((game, kind, name), ()):
        if other_game == board.game:
            mask |= _own(board, other_kind, other_name)
    return mask
