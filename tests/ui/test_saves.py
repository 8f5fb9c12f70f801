"""Autosave, save and load by name, and unreadable saves that are reported, never overwritten."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from smallworld_tui.cli import main
from smallworld_tui.compat import notifications
from smallworld_tui.engine import Action
from smallworld_tui.saves import list_saves, path_for, saves_dir
from smallworld_tui.session import GameSession
from smallworld_tui.ui.app import SmallWorldApp
from smallworld_tui.ui.screens.game import GameScreen
from smallworld_tui.ui.screens.new_game import NewGameScreen
from smallworld_tui.ui.screens.save_dialogs import LoadDialog, SaveDialog
from smallworld_tui.ui.widgets.save_list import SaveList
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
        assert "Saved as friday-night" in notices(app)
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
        game_screen(app).save_as("broken")
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
