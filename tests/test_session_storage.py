"""No move lost: a move is stored before it is played, or not played at all, and the game goes
on once it can be stored."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from smallworld_tui.engine import Action, IllegalAction, Record, legal_actions
from smallworld_tui.session import GameSession
from smallworld_tui.session.game_session import StorageError


class FlakyJournal:
    """A journal on a disk that is full until ``room`` is set."""

    def __init__(self) -> None:
        self.room = False
        self.rows: list[tuple[int, Action]] = []

    def append(self, index: int, action: Action) -> None:
        if not self.room:
            raise OSError(28, "No space left on device")
        self.rows.append((index, action))

    def truncate(self, length: int) -> None:
        if not self.room:
            raise OSError(28, "No space left on device")
        self.rows = [(i, a) for i, a in self.rows if i < length]


def new_session(journal: FlakyJournal) -> GameSession:
    return GameSession(Record(players=["Amy", "Ben"], map="base-2p", seed=3), journal=journal)


def test_a_move_that_cannot_be_stored_is_refused_and_can_be_made_again() -> None:
    journal = FlakyJournal()
    session = new_session(journal)
    before, log = session.state.dumps(), list(session.log)
    with pytest.raises(StorageError) as refused:
        session.apply(Action("pick", 0), seat=0)
    assert isinstance(refused.value, IllegalAction)
    assert "No space left on device" in refused.value.render()
    assert "not played" in refused.value.render()
    assert session.state.dumps() == before and session.log == log
    assert session.record.actions == []
    journal.room = True
    session.apply(Action("pick", 0), seat=0)
    assert journal.rows == [(0, Action("pick", 0))]
    assert session.record.actions == [Action("pick", 0)]


def test_an_undo_that_cannot_be_stored_is_refused() -> None:
    journal = FlakyJournal()
    journal.room = True
    session = new_session(journal)
    session.apply(Action("pick", 0), seat=0)
    target = next(a for a in session.view(0).legal if a.kind == "conquer")
    session.apply(target, seat=0)
    after = session.state.dumps()
    journal.room = False
    with pytest.raises(StorageError):
        session.undo(seat=0)
    assert session.state.dumps() == after and len(journal.rows) == 2
    with pytest.raises(IllegalAction, match="not your turn"):
        session.undo(seat=1)  # another seat never takes a move back
    journal.room = True
    session.undo(seat=0)
    assert len(journal.rows) == 1 and len(session.record.actions) == 1


def test_a_save_file_that_cannot_be_written_refuses_the_move(tmp_path: Path) -> None:
    (tmp_path / "not-a-folder").write_text("")
    session = GameSession(Record(players=["Amy", "Ben"], map="base-2p", seed=3),
                          path=tmp_path / "not-a-folder" / "game.json")
    before = session.state.dumps()
    with pytest.raises(StorageError):
        session.apply(Action("pick", 0))
    assert session.state.dumps() == before


def test_a_game_on_a_custom_map_saved_by_play_loads_from_any_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    maps, saves, elsewhere = (tmp_path / d for d in ("maps", "saves", "elsewhere"))
    for folder in (maps, saves, elsewhere):
        folder.mkdir()
    shipped = Path(__file__).parents[1] / "maps" / "underground-2p.map"
    (maps / "mine.map").write_text(shipped.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.chdir(maps)
    session = GameSession.new(["Amy", "Ben"], "mine.map", 4, path=saves / "game.json",
                              game="underground")
    for _ in range(5):
        session.apply(legal_actions(session.state)[0])
    monkeypatch.chdir(elsewhere)
    again = GameSession.load(saves / "game.json")
    assert again.record.map == "../maps/mine.map" and again.record.game == "underground"
    mine, loaded = (json.loads(one.state.dumps()) for one in (session, again))
    assert loaded.pop("map") == str(maps / "mine.map") and mine.pop("map") == "mine.map"
    assert loaded == mine
