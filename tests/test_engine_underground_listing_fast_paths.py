"""The shortcuts of a conquest listing match the general path all through random games of
every game: the armies of one seat filling a hook in (``GameState.seat_armies_filling``,
asked for the choices of the player's turn) are those of ``armies_filling`` of that seat,
in the same order, nothing stale as armies join, decline, leave or swap their badge.
"""

from __future__ import annotations

import pytest
from random_games import GAMES, play

from smallworld_tui.engine import Action, GameState
from smallworld_tui.engine.hooks import HOT_HOOKS


@pytest.mark.parametrize(("game", "map_name", "options"), GAMES)
def test_a_seats_armies_filling_a_hook_are_those_of_all_armies_filling_it(
        game: str, map_name: str | None, options: dict[str, bool] | None) -> None:
    found = 0

    def check(g: GameState, _: Action) -> None:
        nonlocal found
        for hook in HOT_HOOKS:
            every = g.armies_filling(hook)
            for seat in range(g.players):
                mine = g.seat_armies_filling(hook, seat)
                assert mine == [a for a in every if a.seat == seat], (hook, seat)
                found += len(mine)

    play(game, map_name, options, check)
    assert found  # some army filled some hook in
