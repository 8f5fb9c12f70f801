"""A recorded game watched again (``session.replay.Replay``): any position of the record, in any
order, exactly as the game stood there; turns and rounds found where they start; what each
viewer may see; a bad record refused with the action at fault."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from smallworld_tui.bots.random_play import play_random_game
from smallworld_tui.engine import SPECTATOR, Record, RecordError, load_record
from smallworld_tui.session.replay import Replay

EXAMPLE = Path(__file__).parents[1] / "docs" / "examples" / "two-turns.json"


@pytest.fixture(scope="module")
def warcraft() -> Record:
    """A whole five-player Warcraft game (the longest kind)."""
    _state, record = play_random_game(["Amy", "Ben", "Cai", "Dee", "Eli"], "warcraft-5p", 3,
                                      game="warcraft")
    return record


def test_every_position_is_the_game_as_it_stood_there_in_any_order(warcraft: Record) -> None:
    replay = Replay(warcraft, every=8)
    moves = len(warcraft.actions)
    expected = [warcraft.replay(upto=n).to_json() for n in range(moves + 1)]
    order = list(range(moves + 1))
    random.Random(1).shuffle(order)
    for n in [*order, moves, *reversed(range(moves))]:  # jumps, then a move back at a time
        replay.go(n)
        assert replay.position == n
        assert replay.state.to_json() == expected[n], n


def test_the_log_holds_the_events_of_the_moves_played(warcraft: Record) -> None:
    replay = Replay(warcraft)
    everything = []
    for n in range(1, len(warcraft.actions) + 1):
        replay.go(n)
        everything += replay.last_events
        assert replay.log == everything
    replay.go(0)
    assert replay.log == [] and replay.last_events == []


def test_going_outside_the_record_stops_at_its_ends() -> None:
    replay = Replay(load_record(EXAMPLE))
    replay.go(-3)
    assert replay.position == 0
    replay.go(99)
    assert replay.position == len(replay) == 20


def test_turns_start_where_the_next_player_begins_and_rounds_with_the_first_player() -> None:
    """The example: Amy's turn is its first 12 moves (her pick to her redeployment's end);
    then Ben's, during which Amy places her survivors; round 2 starts with Amy's next turn,
    after the record's last move."""
    replay = Replay(load_record(EXAMPLE))
    assert replay.turn(1) == 12  # from the start: Ben's turn
    replay.go(5)
    assert replay.turn(1) == 12 and replay.turn(-1) == 0
    replay.go(12)
    assert replay.turn(-1) == 0  # at a turn's start: the turn before
    assert replay.turn(1) == 20  # Amy's second turn
    assert replay.round(-1) == 0 and replay.round(1) == 20
    replay.go(20)
    assert replay.turn(1) == replay.round(1) == 20  # nothing after the last move
    assert replay.round(-1) == 0
    replay.go(12)
    state = replay.state
    assert state.actor == 1 and state.round == 1


def test_a_viewer_sees_its_own_coins_a_spectator_none_until_the_end() -> None:
    _state, record = play_random_game(["Amy", "Ben", "Cai"], "base-3p", 4)
    replay = Replay(record)
    replay.go(len(replay) - 1)
    assert replay.view(SPECTATOR).coins == [None, None, None]
    assert replay.view(1).coins[0] is None and replay.view(1).coins[2] is None
    assert replay.view(1).coins[1] is not None
    replay.go(len(replay))
    assert None not in replay.view(SPECTATOR).coins


def test_nobody_has_a_decision_to_take() -> None:
    replay = Replay(load_record(EXAMPLE))
    for n in range(len(replay) + 1):
        replay.go(n)
        seat = replay.state.actor
        shown = replay.view(seat)
        assert shown.actor == seat and shown.legal == [] and shown.anytime == []


def test_a_bad_record_is_refused_with_the_action_at_fault(tmp_path: Path) -> None:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["actions"].insert(3, {"do": "conquer", "region": 20})
    path = tmp_path / "illegal.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError) as caught:
        Replay(load_record(path), str(path))
    assert str(path) in str(caught.value) and "action 3" in str(caught.value)
    assert "Swamp 20 is not adjacent to your regions" in str(caught.value)
