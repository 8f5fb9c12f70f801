"""Random games on every legal Warcraft board set (2–5 players, the 2-player Large + Small set
included), with and without teams: invariants after every action, exact replay, JSON round
trips.  The suite plays a sample of the sets; ``-m fuzz`` plays every set, with more seeds."""

from __future__ import annotations

import json

import pytest
from invariants import check
from scenario import NAMES

from smallworld_tui.bots.random_play import play_random_game
from smallworld_tui.engine import Record, legal_actions
from smallworld_tui.engine.board import Face, board_rules, board_set_source, list_faces
from smallworld_tui.engine.map_faces import selections
from smallworld_tui.engine.state import GameState

RULES = board_rules("warcraft")
assert RULES is not None
CATALOGUE = [Face(*name.split("-")) for name in list_faces("warcraft")]
#: (players, the 2-player Large + Small option, faces) of every legal set
SETS = [(players, alternative, board_set_source([f.name for f in chosen]))
        for players in (2, 3, 4, 5) for alternative in (False, True)
        if alternative is False or players == 2
        for chosen in selections(RULES, players, CATALOGUE, alternative)]
SAMPLE = SETS[::29]  # every player count and both 2-player sets: see the test below


def play_checked(players: int, alternative: bool, source: str, seed: int, teams: bool) -> None:
    count = 0

    def after(g: GameState, action: object) -> None:
        nonlocal count
        count += 1
        check(g)
        if count % 23 == 0:
            text = g.dumps()
            again = GameState.from_json(json.loads(text))
            assert again.dumps() == text
            assert legal_actions(again) == legal_actions(g)

    options: dict[str, object] = {"teams": teams}
    if alternative:
        options["two_player_boards"] = "".join(RULES.set_sizes(2, alternative=True))
    g, record = play_random_game(NAMES[:players], source, seed, after, game="warcraft",
                                 options=options)
    assert g.map_source == source and g.finished and g.winners
    assert g.round == g.map.turns
    replayed = Record.from_json(json.loads(json.dumps(record.to_json()))).replay()
    assert replayed.dumps() == g.dumps()


def test_the_sets_are_every_legal_set_and_the_sample_covers_each_kind() -> None:
    assert len(SETS) == len(set(SETS)) == 16 + 16 + 64 + 64 + 64
    assert {(p, a) for p, a, _ in SAMPLE} == {(p, a) for p, a, _ in SETS}


@pytest.mark.parametrize("teams", [False, True], ids=["solo", "teams"])
@pytest.mark.parametrize(("players", "alternative", "source"), SAMPLE,
                         ids=[s for _, _, s in SAMPLE])
def test_random_games_on_a_sample_of_the_sets(players: int, alternative: bool, source: str,
                                              teams: bool) -> None:
    play_checked(players, alternative, source, len(source) + players, teams)


@pytest.mark.fuzz
@pytest.mark.parametrize("teams", [False, True], ids=["solo", "teams"])
@pytest.mark.parametrize(("players", "alternative", "source"), SETS,
                         ids=[f"{p}p-{s}" for p, _, s in SETS])
def test_random_games_on_every_set(players: int, alternative: bool, source: str,
                                   teams: bool) -> None:
    for seed in range(3):
        play_checked(players, alternative, source, seed, teams)
