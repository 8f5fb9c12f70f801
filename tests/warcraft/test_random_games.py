"""Random Warcraft games, with and without teams: invariants after every action, records
replay exactly, states survive JSON."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from invariants import check
from scenario import NAMES

from smallworld_tui.bots.random_play import play_random_game
from smallworld_tui.engine import Record, legal_actions
from smallworld_tui.engine.state import GameState


@pytest.mark.parametrize("teams", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", range(3))
def test_random_games_keep_invariants_and_replay(wc_map: Callable[[int], str], players: int,
                                                 teams: bool, seed: int) -> None:
    count = 0

    def after(g: GameState, action: object) -> None:
        nonlocal count
        count += 1
        check(g)
        if count % 13 == 0:
            text = g.dumps()
            again = GameState.from_json(json.loads(text))
            assert again.dumps() == text
            assert legal_actions(again) == legal_actions(g)

    g, record = play_random_game(NAMES[:players], wc_map(players), seed, after,
                                 game="warcraft", options={"teams": teams})
    assert g.finished and g.winners and g.round == g.map.turns
    replayed = Record.from_json(json.loads(json.dumps(record.to_json()))).replay()
    assert replayed.dumps() == g.dumps()
