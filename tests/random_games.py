"""Random games of every game for the tests that check a fast path against the general one
after every action."""

from __future__ import annotations

from collections.abc import Callable

from smallworld_tui.bots.random_play import play_random_game
from smallworld_tui.engine import Action, GameState

#: (game, map, options) of a 4-player game of each game (Warcraft draws its board set)
GAMES = [("base", "base-4p", None), ("underground", "underground-4p", None),
         ("warcraft", None, None), ("warcraft", None, {"teams": True})]


def play(game: str, map_name: str | None, options: dict[str, bool] | None,
         check: Callable[[GameState, Action], None]) -> list[GameState]:
    """Six random games of ``game``, ``check`` called after every action; their ends."""
    return [play_random_game(["Amy", "Ben", "Cai", "Dee"], map_name, seed, check, game=game,
                             options=options)[0] for seed in range(6)]
