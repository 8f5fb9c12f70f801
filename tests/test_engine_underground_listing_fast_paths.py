"""The shortcuts of a conquest listing match the general path all through random games of
every game: the armies of one seat filling a hook in (``GameState.seat_armies_filling``,
asked for the choices of the player's turn) are those of ``armies_filling`` of that seat,
in the same order, nothing stale as armies join, decline, leave or swap their badge.
"""

from __future__ import annotations

import pytest
from random_games import GAMES, play

from smallworld_tui.engine import Action, GameState
from smallworld_tui.engine.explain import conquest_blocker
from smallworld_tui.engine.game import _turn_actions, legal_actions
from smallworld_tui.engine.hooks import HOT_HOOKS
from smallworld_tui.engine.phase import CONQUER


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


@pytest.mark.parametrize(("game", "map_name", "options"), GAMES)
def test_the_choices_of_the_turn_are_those_every_army_of_the_player_offers_and_listed(
        game: str, map_name: str | None, options: dict[str, bool] | None) -> None:
    offered = 0

    def check(g: GameState, _: Action) -> None:
        nonlocal offered
        if g.phase != CONQUER:
            return
        every: list[Action] = []  # the general path: every living army of the player asked
        for army in g.armies:
            if army.alive and army.seat == g.seat:
                for rule in g.rules_of(army):  # a rule filling nothing in offers nothing
                    every += rule.turn_actions(g, army)
        assert _turn_actions(g) == every
        if not conquest_blocker(g, g.armies[g.turn.acting]):  # the listing offers them
            listed = legal_actions(g)
            assert [a for a in listed if a in every] == every
        offered += len(every)

    play(game, map_name, options, check)
    if game == "underground":
        assert offered  # some turn's choice was offered in these games
