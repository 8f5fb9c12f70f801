"""``GameState.position``: a hashable key that changes with everything play can change."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from smallworld_tui.bots.random_play import play_random_game
from smallworld_tui.engine.board import list_maps, load_map
from smallworld_tui.engine.rng import Rng
from smallworld_tui.engine.state import GameState

NAMES = ["Amy", "Ben", "Cai", "Dee", "Eli"]
#: the set-up a game keeps from start to end, and what is not the game's state
NOT_POSITION = {"rules", "map", "map_source", "names", "options", "events"}


def _mid_game(map_name: str = "base-4p", seed: int = 3) -> GameState:
    """A game a few rounds in, with armies, coins and a market."""
    def stop(g: GameState, _action: object) -> None:
        if g.round >= 3 and g.armies:
            raise _Stop(g.clone())

    try:
        play_random_game(NAMES[:4], map_name, seed, stop)
    except _Stop as found:
        return found.game
    raise AssertionError("the game ended before round 3")


class _Stop(Exception):
    def __init__(self, game: GameState) -> None:
        self.game = game


def _changed(value: Any) -> Any:
    """``value`` made different, whatever its type."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "x"
    if isinstance(value, list):
        return [*value, value[-1]] if value else [[]]
    if isinstance(value, set):
        return value | {999}
    if isinstance(value, dict):
        if not value:
            return {"zz": []}
        first = next(iter(value))
        return {**value, first: _changed(value[first])}
    if isinstance(value, Rng):
        return Rng(value.state + 1)
    raise AssertionError(f"no way to change a {type(value).__name__}")


def _fields(obj: object) -> list[str]:
    """The fields of a dataclass that hold state (not those derived from others)."""
    return [f.name for f in dataclasses.fields(obj)  # type: ignore[arg-type]
            if f.init and f.name not in NOT_POSITION]


@pytest.mark.parametrize("name", _fields(GameState))
def test_every_field_of_the_game_changes_the_position(name: str) -> None:
    g = _mid_game()
    h = g.clone()
    value = getattr(h, name)
    if name == "pieces":
        kind = next(iter(value.kinds))
        value.add(kind, 0)
    elif name in ("armies", "combos"):
        value.append(dataclasses.replace(value[0]))
    elif name == "turn":
        h.turn = dataclasses.replace(value, readied=not value.readied)
    else:
        setattr(h, name, _changed(value))
    assert h.position() != g.position()


@pytest.mark.parametrize("kind", ["armies", "combos", "turn"])
def test_every_field_of_an_army_combo_and_turn_changes_the_position(kind: str) -> None:
    g = _mid_game()
    for name in _fields(getattr(g, kind)[0] if kind != "turn" else g.turn):
        h = g.clone()
        part = getattr(h, kind)[0] if kind != "turn" else h.turn
        setattr(part, name, _changed(getattr(part, name)))
        assert h.position() != g.position(), f"{kind}.{name}"


@pytest.mark.parametrize("map_name", list_maps())
def test_equal_positions_are_equal_games(map_name: str) -> None:
    """Over a random game of every map, the states visited and their JSON copies: two
    states have the same position exactly when their canonical JSON is the same."""
    board = load_map(map_name)
    seen: dict[tuple[object, ...], str] = {}

    def after(g: GameState, _action: object) -> None:
        text = g.dumps()
        key = g.position()
        assert seen.setdefault(key, text) == text
        again = GameState.from_json(json.loads(text))
        assert again.position() == key
        assert hash(key) == hash(g.clone().position())

    play_random_game(NAMES[:board.players], map_name, 5, after, game=board.game)
    assert len(set(seen.values())) == len(seen)
