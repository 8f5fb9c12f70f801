"""A Warcraft game without a map draws its board set from the seed: one face of each board,
the sizes the player count uses, the same set for the same seed, recorded by its faces so the
record replays; random games on drawn sets keep the invariants."""

from __future__ import annotations

import json

import pytest
from invariants import check
from scenario import NAMES

from smallworld_tui.bots.random_play import play_random_game
from smallworld_tui.engine import IllegalAction, Record, new_game
from smallworld_tui.engine.map_faces import board_rules
from smallworld_tui.engine.state import GameState

RULES = board_rules("warcraft")


def _faces(g: GameState) -> list[str]:
    return g.map_source.split("+")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_drawn_set_has_the_sizes_of_its_player_count(players: int) -> None:
    assert RULES is not None
    for seed in range(20):
        g = new_game(names=NAMES[:players], game="warcraft", seed=seed)
        faces = _faces(g)
        boards = [face.split("-")[0] for face in faces]
        assert len(set(boards)) == len(boards), "one face of each board, never both"
        sizes: dict[str, int] = {}
        for board in boards:
            sizes[board[0]] = sizes.get(board[0], 0) + 1
        assert sizes == dict(RULES.set_sizes(players))
        assert g.map.players == players and g.map.game == "warcraft"


def test_the_same_seed_draws_the_same_set_and_seeds_differ() -> None:
    drawn = {new_game(names=NAMES[:4], game="warcraft", seed=s).map_source for s in range(30)}
    again = {new_game(names=NAMES[:4], game="warcraft", seed=s).map_source for s in range(30)}
    assert drawn == again
    assert len(drawn) > 5, "different seeds draw different board sets"


def test_the_map_named_for_the_player_count_is_a_drawn_set() -> None:
    drawn = new_game(names=NAMES[:3], game="warcraft", seed=5)
    named = new_game(names=NAMES[:3], game="warcraft", seed=5, map_name="warcraft-3p")
    assert named.map_source == drawn.map_source
    chosen = new_game(names=NAMES[:3], game="warcraft", seed=99, map_name=drawn.map_source)
    assert chosen.map_source == drawn.map_source
    assert len(chosen.map.regions) == len(drawn.map.regions)


def test_two_players_may_choose_the_large_and_small_boards() -> None:
    for seed in range(10):
        g = new_game(names=NAMES[:2], game="warcraft", seed=seed,
                     options={"two_player_boards": "LS"})
        assert sorted(face[0] for face in _faces(g)) == ["L", "S"]
        plain = new_game(names=NAMES[:2], game="warcraft", seed=seed)
        assert sorted(face[0] for face in _faces(plain)) == ["L", "M"]


def test_a_set_for_another_player_count_is_refused() -> None:
    g = new_game(names=NAMES[:3], game="warcraft", seed=1)
    with pytest.raises(IllegalAction, match="for 3 players, not 4"):
        new_game(names=NAMES[:4], game="warcraft", seed=1, map_name=g.map_source)


@pytest.mark.parametrize("teams", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_on_drawn_sets_keep_invariants_and_replay(players: int,
                                                               teams: bool) -> None:
    def after(g: GameState, action: object) -> None:
        check(g)

    g, record = play_random_game(NAMES[:players], None, 11 + players, after, game="warcraft",
                                 options={"teams": teams})
    assert g.finished and g.winners and g.round == g.map.turns
    assert "+" in g.map_source
    replayed = Record.from_json(json.loads(json.dumps(record.to_json()))).replay()
    assert replayed.dumps() == g.dumps()
    assert GameState.from_json(json.loads(g.dumps())).dumps() == g.dumps()
