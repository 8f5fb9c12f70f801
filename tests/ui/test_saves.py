"""Autosave, save and load by name, and unreadable saves that are reported, never overwritten."""

from __future__ import annotations

import errno
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from smallworld_tui.bots.random_play import play_random_game
from smallworld_tui.cli import main
from smallworld_tui.compat import notifications
from smallworld_tui.engine import Action, Record
from smallworld_tui.saves import list_saves, path_for, saves_dir
from smallworld_tui.session import GameSession
from smallworld_tui.ui.app import SmallWorldApp
from smallworld_tui.ui.screens.game import GameScreen
from smallworld_tui.ui.screens.new_game import NewGameScreen
from smallworld_tui.ui.screens.save_dialogs import LoadDialog, SaveDialog
from smallworld_tui.ui.widgets.save_list import SaveList, save_prompt
from ui.driver import act, dismiss_modals, game_screen, session, settle, text_of

SIZE = (100, 35)
GARBAGE = b"{ this is not a save"


def corrupt_save(name: str = "broken") -> Path:
    saves_dir().mkdir(parents=True, exist_ok=True)
    path = saves_dir() / f"{name}.json"
    path.write_bytes(GARBAGE)
    return path


def notices(app: SmallWorldApp) -> str:
    return " | ".join(n.message for n in notifications(app))


async def test_new_game_screen_starts_an_autosaved_game() -> None:
    app = SmallWorldApp(seed=7)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, NewGameScreen)
        await pilot.click("#player-count")
        await pilot.press("down", "enter")  # 3 players
        await settle(pilot)
        name = app.screen.query_one("#name-2")
        assert name.display
        assert str(app.screen.query_one("#map").value) == "base-3p"
        await pilot.click("#start")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.view.names == ["Amy", "Ben", "Cai"] and screen.session.record.seed == 7
        await act(pilot, Action("pick", 0))
        saved = json.loads(screen.session.path.read_text())
        assert saved["actions"] == [{"do": "pick", "slot": 0}]
        assert screen.session.path.parent == saves_dir()


async def test_new_game_screen_reports_a_bad_setup() -> None:
    app = SmallWorldApp(seed=7)
    async with app.run_test(size=SIZE) as pilot:
        app.screen.query_one("#name-1").value = "Amy"
        await pilot.click("#start")
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        assert "different" in text_of(app.screen.query_one("#new-error"))


async def test_save_by_name_then_load_it() -> None:
    s = session()
    app = SmallWorldApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await act(pilot, Action("pick", 2))
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, SaveDialog)
        app.screen.query_one("#save-name").value = "friday night"
        await pilot.press("enter")
        await settle(pilot)
        path = path_for("friday night")
        assert path.exists() and s.path == path
        assert f"Saved to {path};" in notices(app)  # the full path
        await act(pilot, Action("end_conquest"))  # saved again after every action
        assert len(json.loads(path.read_text())["actions"]) == 2
        await pilot.press("ctrl+o")
        await settle(pilot)
        assert isinstance(app.screen, LoadDialog)
        saves = app.screen.query_one(SaveList)
        assert [x.name for x in saves.saves] == ["friday-night"]
        await pilot.press("enter")
        await dismiss_modals(pilot)
        loaded = game_screen(app)
        assert loaded.session is not s and loaded.session.record.actions == s.record.actions


async def test_an_unreadable_save_is_greyed_reported_and_never_overwritten() -> None:
    broken = corrupt_save()
    app = SmallWorldApp(seed=1)
    async with app.run_test(size=SIZE) as pilot:
        saves = app.screen.query_one(SaveList)
        assert saves.saves[0].error and saves.get_option_at_index(0).disabled
        app.open_save(broken)
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        assert "not valid JSON" in notices(app)
    s = session()
    app = SmallWorldApp(s)
    async with app.run_test(size=SIZE) as pilot:
        game_screen(app).saving.save_as("broken")
        await settle(pilot)
        assert "not a saved game" in notices(app)
    assert broken.read_bytes() == GARBAGE and s.path is None


def test_play_load_names_the_file_the_action_and_the_reason(tmp_path: Path) -> None:
    broken = tmp_path / "bad.json"
    broken.write_bytes(GARBAGE)
    result = CliRunner().invoke(main, ["play", "--load", str(broken)])
    assert result.exit_code == 1
    assert str(broken) in result.output and "not valid JSON" in result.output
    assert broken.read_bytes() == GARBAGE
    record = GameSession.new(["Amy", "Ben"], seed=1).record.to_json()
    record["actions"] = [{"do": "pick", "slot": 0}, {"do": "conquer", "region": 0}]
    illegal = tmp_path / "illegal.json"
    illegal.write_text(json.dumps(record))
    before = illegal.read_bytes()
    result = CliRunner().invoke(main, ["play", "--load", str(illegal)])
    assert result.exit_code == 1
    assert f"{illegal}: action 1: illegal action conquer(region=0)" in result.output
    assert illegal.read_bytes() == before


def test_list_saves_sees_autosaves_and_broken_files() -> None:
    corrupt_save()
    kept = GameSession.new(["Amy", "Ben"], seed=1, path=path_for("kept"))
    assert not kept.path.exists()  # nothing is written before the first action
    kept.apply(Action("pick", 0))
    names = {s.name: s.error for s in list_saves()}
    assert names["kept"] == "" and names["broken"]


# --- saves that fail, odd folders, files from elsewhere ------------------------------------

async def test_no_autosave_before_the_first_action() -> None:
    app = SmallWorldApp(seed=7)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#start")
        await settle(pilot)
        screen = game_screen(app)
        assert screen.session.path is not None and not screen.session.path.exists()
        await act(pilot, Action("pick", 0))
        assert screen.session.path.exists()


async def test_a_move_that_cannot_be_saved_is_refused_and_saving_elsewhere_goes_on(
        tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("", encoding="utf-8")
    s = session()
    s.path = blocker / "game.json"  # its folder cannot be made: every save fails
    app = SmallWorldApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await act(pilot, Action("pick", 0))
        assert s.record.actions == [] and s.view(0).phase == "pick"  # not played
        assert "could not be saved" in notices(app) and "ctrl+s" in notices(app)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, SaveDialog)
        assert "The last save failed" in text_of(app.screen.query_one(".error"))
        elsewhere = tmp_path / "kept.json"
        app.screen.query_one("#save-name").value = str(elsewhere)
        await pilot.press("enter")
        await settle(pilot)
        assert s.path == elsewhere
        await act(pilot, Action("pick", 0))  # the same move, now stored
        assert s.record.actions == [Action("pick", 0)]
        assert len(json.loads(elsewhere.read_text())["actions"]) == 1


def first_conquest(screen: GameScreen) -> Action:
    return next(a for a in screen.view.legal if a.kind == "conquer")


async def test_a_move_refused_on_a_full_disk_can_be_made_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import smallworld_tui.session.game_session as game_session

    s = session()
    s.path = path_for("retried")
    real = game_session.write_json_atomic
    failures = [OSError(errno.ENOSPC, "No space left on device")]

    def flaky(path: Path, data: object) -> None:
        if failures:
            raise failures.pop()
        real(path, data)

    monkeypatch.setattr(game_session, "write_json_atomic", flaky)
    app = SmallWorldApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await act(pilot, Action("pick", 0))
        assert "No space left on device" in notices(app) and not s.path.exists()
        assert s.record.actions == []
        await act(pilot, Action("pick", 0))
        assert json.loads(s.path.read_text())["actions"] == [{"do": "pick", "slot": 0}]


async def test_an_unusable_data_folder_still_lets_people_play(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("SMALLWORLD_TUI_DATA", str(blocker / "data"))
    app = SmallWorldApp(seed=3)
    async with app.run_test(size=SIZE) as pilot:
        assert "No saved games yet" in str(
            app.screen.query_one(SaveList).get_option_at_index(0).prompt)
        await pilot.click("#start")
        await settle(pilot)
        await act(pilot, Action("pick", 0))
        assert isinstance(app.screen, GameScreen) and "could not be saved" in notices(app)
        assert "ctrl+s saves the game elsewhere" in notices(app)


def test_broken_links_and_deeply_nested_files_are_listed_with_their_error() -> None:
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "gone.json").symlink_to(folder / "nowhere.json")
    (folder / "deep.json").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    GameSession(Record(players=["Amy", "Ben"], map="base-2p", seed=1,
                       actions=[Action("pick", 0)]), path=path_for("fine")).save()
    errors = {s.name: s.error for s in list_saves()}
    assert "No such file" in errors["gone"] and "nested too deeply" in errors["deep"]
    assert errors["fine"] == ""


async def test_the_list_says_when_there_are_no_saves_and_marks_finished_games() -> None:
    app = SmallWorldApp(seed=1)
    async with app.run_test(size=SIZE):
        prompt = str(app.screen.query_one(SaveList).get_option_at_index(0).prompt)
        assert "No saved games yet" in prompt and str(saves_dir()) in prompt
    _state, record = play_random_game(["Amy", "Ben"], "base-2p", 5)
    GameSession(record, path=path_for("done")).save()
    save = next(s for s in list_saves() if s.name == "done")
    assert save.finished and "(finished)" in save_prompt(save).plain


async def test_a_game_loaded_from_elsewhere_goes_on_in_a_new_save(tmp_path: Path) -> None:
    kept = tmp_path / "keep-me.json"
    GameSession(Record(players=["Amy", "Ben"], map="base-2p", seed=1,
                       actions=[Action("pick", 0)]), path=kept).save()
    before = kept.read_bytes()
    app = SmallWorldApp(seed=1)
    async with app.run_test(size=SIZE) as pilot:
        app.open_save(kept)
        await dismiss_modals(pilot)
        screen = game_screen(app)
        assert screen.session.path is not None and screen.session.path.parent == saves_dir()
        assert "left as it was" in notices(app)
        await act(pilot, first_conquest(screen))
        assert kept.read_bytes() == before
        assert len(json.loads(screen.session.path.read_text())["actions"]) == 2


async def test_save_as_never_makes_a_folder_and_says_why_not(tmp_path: Path) -> None:
    """A path into a folder that does not exist is refused (it was made without a word), and
    a path under a file says so (it said "File exists")."""
    a_file = tmp_path / "notes.txt"
    a_file.write_text("mine")
    s = session()
    app = SmallWorldApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await act(pilot, Action("pick", 2))
        saving = game_screen(app).saving
        saving.save_as(str(tmp_path / "typo" / "game.json"))
        await settle(pilot)
        assert f"there is no folder {tmp_path / 'typo'}" in notices(app)
        assert not (tmp_path / "typo").exists()
        saving.save_as(str(a_file / "game.json"))
        await settle(pilot)
        assert f"{a_file} is a file, not a folder" in notices(app)
        assert "File exists" not in notices(app) and a_file.read_text() == "mine"
        assert s.path != a_file / "game.json"


def test_quitting_says_where_the_game_is_saved(monkeypatch: pytest.MonkeyPatch) -> None:
    def play_a_move_and_quit(app: SmallWorldApp) -> None:
        assert app.session is not None
        app.session.apply(Action("pick", 0))

    monkeypatch.setattr(SmallWorldApp, "run", play_a_move_and_quit)
    result = CliRunner().invoke(main, ["play", "--players", "2", "--seed", "1"])
    assert result.exit_code == 0, result.output
    (path,) = list_saves()
    assert f"The game is saved in {path.path}" in result.output
    assert f"smallworld-tui play --load {path.path}" in result.output


async def test_the_help_says_where_the_game_is_saved() -> None:
    s = GameSession.new(["Amy", "Ben"], seed=1, path=saves_dir() / "ours.json")
    app = SmallWorldApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await act(pilot, Action("pick", 0))
        await pilot.press("f1")
        await settle(pilot)
        assert f"the game is saved after every move in {saves_dir() / 'ours.json'}" in (
            text_of(app.screen.query_one("#keys-scroll Static")))
