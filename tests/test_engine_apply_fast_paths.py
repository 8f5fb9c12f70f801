"""The shortcuts taken when a conquest or a redeployment is carried out match the general
path all through random games of every game: the regions the pieces remember as holding a
piece that does not stay when its region changes hands (``Pieces.moving``) are those where
such a piece lies, in the game and in its copies; whether the turn ends with a choice is
whether any last choice is offered.
"""

from __future__ import annotations

import pytest
from random_games import GAMES, play

from smallworld_tui.engine import Action, GameState
from smallworld_tui.engine.game import _end_actions, _ends_with_a_choice
from smallworld_tui.engine.pieces import Pieces


def moving(pieces: Pieces) -> int:
    """The regions holding a piece of a kind that leaves or goes back to its holder when
    the region changes hands, from the counts."""
    out = 0
    for kind, counts in pieces.counts.items():
        if pieces.kinds[kind].on_capture != "stay":
            out |= sum(1 << r for r, n in enumerate(counts) if n)
    return out


@pytest.mark.parametrize(("game", "map_name", "options"), GAMES)
def test_the_regions_with_pieces_that_move_are_those_where_they_lie(
        game: str, map_name: str | None, options: dict[str, bool] | None) -> None:
    seen = 0

    def check(g: GameState, _: Action) -> None:
        nonlocal seen
        assert g.pieces.moving == moving(g.pieces)
        assert g.pieces.clone().moving == g.pieces.moving
        seen |= g.pieces.moving

    for g in play(game, map_name, options, check):
        assert GameState.from_json(g.to_json()).pieces.moving == g.pieces.moving
    assert seen  # pieces that move were laid and taken in these games


@pytest.mark.parametrize(("game", "map_name", "options"), GAMES)
def test_a_turn_ends_with_a_choice_when_a_last_choice_is_offered(
        game: str, map_name: str | None, options: dict[str, bool] | None) -> None:
    offered = 0

    def check(g: GameState, _: Action) -> None:
        nonlocal offered
        if not g.finished:
            assert _ends_with_a_choice(g) == bool(_end_actions(g))
            offered += bool(_end_actions(g))

    play(game, map_name, options, check)
    assert offered  # some turns in these games end with a choice
