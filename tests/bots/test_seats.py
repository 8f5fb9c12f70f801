"""Bots at a table (the session layer): they play their seats only, at a pace that can be
hurried, their moves are saved like anyone's, and undo never takes them back."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

import pytest

from smallworld_tui.engine import Action, IllegalAction, RecordError
from smallworld_tui.session import GameSession
from smallworld_tui.session.bot_seats import BotSeats, suggest


def human_turn(session: GameSession, seat: int) -> None:
    """``seat`` picks the first combo and conquers once (two undoable moves)."""
    assert session.actor == seat
    session.apply(Action("pick", 0), seat)
    conquest = next(a for a in session.observe(seat)[1] if a.kind == "conquer")
    session.apply(conquest, seat)


def finish_turn(session: GameSession, seat: int) -> None:
    while session.actor == seat:
        legal = session.observe(seat)[1]
        end = [a for a in legal if a.kind in ("end_conquest", "end_redeploy", "end_turn")]
        session.apply(end[0] if end else legal[-1], seat)


def test_bots_play_their_seats_and_stop_for_a_person(tmp_path: Path) -> None:
    session = GameSession.new(["Amy", "Bot"], None, 3, path=tmp_path / "g.json",
                              bots={1: "normal"})
    seats = BotSeats(session, pace=0)
    assert asyncio.run(seats.play()) == []  # Amy (a person) starts
    human_turn(session, 0)
    finish_turn(session, 0)
    played = asyncio.run(seats.play())
    assert played and session.actor == 0
    saved = json.loads((tmp_path / "g.json").read_text(encoding="utf-8"))
    assert saved["bots"] == {"1": "normal"}
    assert len(saved["actions"]) == len(session.record.actions)


def test_undo_never_goes_into_a_bots_turn() -> None:
    session = GameSession.new(["Bot", "Amy"], None, 5, bots={0: "normal"})
    asyncio.run(BotSeats(session, pace=0).play())
    assert session.actor == 1
    assert not session.can_undo()  # the bot's moves are beyond undo
    with pytest.raises(IllegalAction):
        session.undo()
    human_turn(session, 1)
    session.undo()
    session.undo()
    assert not session.can_undo() and session.actor == 1  # back to Amy's turn start only


def test_a_bots_moves_stay_beyond_undo_when_the_game_is_loaded(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    session = GameSession.new(["Amy", "Bot"], None, 6, path=path, bots={1: "easy"})
    human_turn(session, 0)
    finish_turn(session, 0)
    bot = BotSeats(session, pace=0).bots[1]
    observation, legal = session.observe(1)
    session.apply(bot.choose(observation, legal), 1)  # the bot's first move, then a save
    loaded = GameSession.load(path)
    assert loaded.actor == 1 and not loaded.can_undo()


def test_the_pace_spaces_moves_and_hurry_skips_it() -> None:
    session = GameSession.new(["Bot", "Amy"], None, 7, bots={0: "random"})
    seats = BotSeats(session, pace=0.05)

    async def paced() -> float:
        started = time.perf_counter()
        moves = await seats.play()
        return (time.perf_counter() - started) / len(moves)

    assert asyncio.run(paced()) >= 0.05
    finish_turn(session, 1)
    seats.pace = 60.0

    async def hurried() -> list[Action]:
        task = asyncio.create_task(seats.play())
        await asyncio.sleep(0)
        seats.hurry()
        return await asyncio.wait_for(task, 30)

    assert asyncio.run(hurried())
    assert session.actor == 1


def test_a_save_naming_an_unknown_level_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    GameSession.new(["Amy", "Bot"], None, 1, path=path).save()
    data = json.loads(path.read_text(encoding="utf-8"))
    data["bots"] = {"1": "grandmaster"}
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError, match="grandmaster"):
        GameSession.load(path)


def test_suggest_gives_a_legal_move_for_a_person_only_on_their_decision() -> None:
    session = GameSession.new(["Amy", "Ben"], None, 2)
    move = suggest(session, 0)
    assert move in session.observe(0)[1]
    assert suggest(session, 1) is None
