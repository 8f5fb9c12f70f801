"""Random-game property tests: invariants after every action, exact replay, serialisation."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from invariants import check

from smallworld_tui.bots.random_play import play_random_game
from smallworld_tui.engine import Record, legal_actions
from smallworld_tui.engine.board import list_maps, load_map
from smallworld_tui.engine.state import GameState

NAMES = ["Amy", "Ben", "Cai", "Dee", "Eli"]
# every shipped map: the random games below are a small fuzz sample of each (CI runs them);
# `-m fuzz` plays many more
MAPS = [(load_map(name).players, name) for name in list_maps()]


def _play_checked(players: int, map_name: str, seed: int, roundtrip_every: int = 0) -> None:
    game = load_map(map_name).game
    count = 0

    def after(g: GameState, action: object) -> None:
        nonlocal count
        count += 1
        check(g)
        if roundtrip_every and count % roundtrip_every == 0:
            text = g.dumps()
            again = GameState.from_json(json.loads(text))
            assert again.dumps() == text
            assert legal_actions(again) == legal_actions(g)

    g, record = play_random_game(NAMES[:players], map_name, seed, after, game=game)
    assert g.finished and g.winners
    assert g.round == g.map.turns
    replayed = Record.from_json(json.loads(json.dumps(record.to_json()))).replay()
    assert replayed.dumps() == g.dumps(), "replaying the record must give the same state"


@pytest.mark.parametrize(("players", "map_name"), MAPS)
@pytest.mark.parametrize("seed", range(12))
def test_random_games_keep_invariants(players: int, map_name: str, seed: int) -> None:
    _play_checked(players, map_name, seed, roundtrip_every=17)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**63), which=st.sampled_from(MAPS))
def test_any_seed_plays_to_the_end(seed: int, which: tuple[int, str]) -> None:
    _play_checked(which[0], which[1], seed)


def test_same_seed_same_game() -> None:
    a, ra = play_random_game(NAMES[:4], "base-4p", 7)
    b, rb = play_random_game(NAMES[:4], "base-4p", 7)
    assert ra.actions == rb.actions
    assert a.dumps() == b.dumps()


@pytest.mark.fuzz
@pytest.mark.parametrize(("players", "map_name"), MAPS)
def test_fuzz_many_games(players: int, map_name: str) -> None:
    for seed in range(1000, 1400):
        _play_checked(players, map_name, seed, roundtrip_every=5)
