"""The replay viewer: a recorded game stepped through a move, a turn or a round at a time, or
to its start and end, with the log, the map, the combos and the players following; seen as a
spectator or as one seat; opened from the command line, the saves list and the end of a game;
and read-only whatever is pressed or clicked."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from textual.pilot import Pilot

from smallworld_tui.bots.random_play import play_random_game
from smallworld_tui.cli import main
from smallworld_tui.compat import notifications
from smallworld_tui.engine import SPECTATOR, load_record, save_record
from smallworld_tui.saves import saves_dir
from smallworld_tui.session import GameSession
from smallworld_tui.session.replay import Replay
from smallworld_tui.ui.app import SmallWorldApp
from smallworld_tui.ui.screens.choice import ChoiceScreen
from smallworld_tui.ui.screens.end import EndScreen
from smallworld_tui.ui.screens.game import GameScreen
from smallworld_tui.ui.screens.help import HelpScreen
from smallworld_tui.ui.screens.new_game import NewGameScreen
from smallworld_tui.ui.screens.replay import ReplayScreen
from smallworld_tui.ui.widgets.combo_column import ComboColumn
from smallworld_tui.ui.widgets.log_panel import LogPanel
from smallworld_tui.ui.widgets.map_view import MapView
from ui.driver import settle
from ui.test_layout import shown
from ui.test_map_view import region_text

EXAMPLE = Path(__file__).parents[2] / "docs" / "examples" / "two-turns.json"
SIZE = (100, 35)
END = 20  # moves in the example
# every key the game screen acts on, and the mouse's: none may play a move here
GAME_KEYS = ["0", "1", "2", "5", "enter", "space", "e", "d", "x", "b", "p", "a", "plus", "u",
             "ctrl+z", "o", "s", "y", "t", "f", "c", "H", "q", "m", "n", "i", "ctrl+s",
             "ctrl+o", "tab", "enter", "escape"]


def viewer(record_path: Path = EXAMPLE) -> SmallWorldApp:
    """The app as ``smallworld-tui replay FILE`` opens it."""
    return SmallWorldApp(replay=Replay(load_record(record_path), str(record_path)))


def screen_of(app: SmallWorldApp) -> ReplayScreen:
    screen = app.screen
    assert isinstance(screen, ReplayScreen), screen
    return screen


def status(app: SmallWorldApp) -> str:
    return "\n".join(shown(screen_of(app).query_one("#status")))


def players(app: SmallWorldApp) -> list[str]:
    return shown(screen_of(app).query_one("#players"))


def last_sentence(app: SmallWorldApp) -> str:
    log = screen_of(app).query_one(LogPanel)
    return log.sentences[-1].plain if log.sentences else ""


async def press(pilot: Pilot[None], *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await settle(pilot)


async def test_a_move_forward_and_back_the_log_map_and_players_follow() -> None:
    app = viewer()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        map_view = screen_of(app).query_one(MapView)
        assert f"move 0 of {END}" in status(app) and "as a spectator" in status(app)
        assert "A" not in region_text(map_view, 1)
        assert not any("Commando" in line for line in players(app))
        await press(pilot, "full_stop")
        assert f"move 1 of {END}" in status(app)
        assert "Amy picked" in last_sentence(app)
        assert any("Amy" in line and "Commando" in line for line in players(app))
        await press(pilot, "full_stop")
        assert "Amy" in last_sentence(app) and "took" in last_sentence(app)
        assert "A" in region_text(map_view, 1)  # Amy's tokens, and lit: changed just now
        assert map_view.marks == {1: map_view.marks[1]} and map_view.marks[1].kind == "changed"
        await press(pilot, "comma")
        assert f"move 1 of {END}" in status(app)
        assert "A" not in region_text(map_view, 1)
        assert "Amy picked" in last_sentence(app)
        assert len(screen_of(app).query_one(LogPanel).sentences) == 1


async def test_a_turn_a_round_the_start_and_the_end() -> None:
    app = viewer()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "right_square_bracket")  # Ben's turn
        assert f"move 12 of {END}" in status(app) and "Ben is picking a combo" in status(app)
        assert any(line.lstrip("│ ").startswith("▶B Ben") for line in players(app))
        assert "Amy scored" in " ".join(t.plain for t in
                                        screen_of(app).query_one(LogPanel).sentences)
        await press(pilot, "right_square_bracket")
        assert f"move {END} of {END}" in status(app)  # Amy's second turn: round 2
        assert "Round 2/10" in str(screen_of(app).query_one("#players").border_title)
        await press(pilot, "left_square_bracket")
        assert f"move 12 of {END}" in status(app)
        await press(pilot, "left_curly_bracket")
        assert f"move 0 of {END}" in status(app)
        await press(pilot, "right_curly_bracket")
        assert f"move {END} of {END}" in status(app)
        await press(pilot, "home")  # with the map focused (it scrolls with Home and End)
        assert screen_of(app).query_one(MapView).has_focus
        assert f"move 0 of {END}" in status(app)
        await press(pilot, "comma")  # nothing before the start
        assert f"move 0 of {END}" in status(app)
        await press(pilot, "end")
        assert f"move {END} of {END}" in status(app)
        await press(pilot, "full_stop")
        assert f"move {END} of {END}" in status(app)


async def test_the_footer_offers_the_keys_that_lead_somewhere() -> None:
    app = viewer()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = screen_of(app)
        at_start = {b.binding.id for b in screen.active_bindings.values() if b.enabled}
        assert {"replay.next_move", "replay.next_turn", "replay.next_round", "replay.end",
                "replay.viewer"} <= at_start
        assert not {"replay.previous_move", "replay.start", "replay.close"} & at_start
        await press(pilot, "end")
        at_end = {b.binding.id for b in screen.active_bindings.values() if b.enabled}
        assert "replay.previous_round" in at_end and "replay.next_move" not in at_end


async def test_as_one_seat_its_own_coins_as_a_spectator_none_until_the_end(
        tmp_path: Path) -> None:
    final, record = play_random_game(["Amy", "Ben"], "base-2p", 5)
    path = tmp_path / "game.json"
    save_record(record, path)
    amy, ben = final.coins
    app = viewer(path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "end", "comma")  # the last move before the end
        before = screen_of(app).replay.view(0).coins
        assert all("?¢" in line for line in players(app) if "Amy" in line or "Ben" in line)
        await press(pilot, "v")
        assert "as Amy" in status(app)
        rows = players(app)
        assert any("Amy" in line and f" {before[0]}¢" in line for line in rows)
        assert any("Ben" in line and "?¢" in line for line in rows)
        await press(pilot, "v")
        assert "as Ben" in status(app)
        assert any("Amy" in line and "?¢" in line for line in players(app))
        await press(pilot, "v")
        assert "as a spectator" in status(app)
        await press(pilot, "end")  # the end shows everything, as the end screen does
        assert "Game over" in status(app)
        rows = players(app)
        assert any("Amy" in line and f" {amy}¢" in line for line in rows)
        assert any("Ben" in line and f" {ben}¢" in line for line in rows)


async def test_nothing_pressed_or_clicked_plays_a_move(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    shutil.copy(EXAMPLE, path)
    before = path.read_bytes()
    app = viewer(path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = screen_of(app)
        for position in (0, 1, 4, 12):  # Amy picks, conquers; Ben picks
            screen.go(position)
            await settle(pilot)
            for key in GAME_KEYS:
                await pilot.press(key)
                await settle(pilot)
                if isinstance(app.screen, HelpScreen):
                    app.pop_screen()
            await pilot.click(MapView, offset=(10, 5))
            await pilot.click(ComboColumn, offset=(3, 1))
            await settle(pilot)
            assert app.screen is screen and screen.replay.position == position
            assert not any(isinstance(s, GameScreen | ChoiceScreen) for s in app.screen_stack)
        assert app.session is None
        assert len(screen.replay.actions) == END
    assert path.read_bytes() == before
    assert not saves_dir().exists() or not any(saves_dir().iterdir())


async def test_the_help_lists_the_viewers_keys() -> None:
    app = viewer()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "question_mark")
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        words = [words for _key, words in help_screen.keys]
        assert "Watching a recorded game again" in help_screen.intro
        for expected in ("Next move", "Next turn", "Next round", "End", "View as",
                         "Move on the map: the line under it describes the region"):
            assert expected in words


async def test_the_saves_list_opens_a_save_in_the_viewer_and_back() -> None:
    saves_dir().mkdir(parents=True)
    save = saves_dir() / "two-turns.json"
    shutil.copy(EXAMPLE, save)
    before = save.read_bytes()
    app = SmallWorldApp(seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "ctrl+r")
        assert f"move 0 of {END}" in status(app)
        await press(pilot, "end", "escape")
        assert isinstance(app.screen, NewGameScreen)
        await pilot.click("#watch")
        await settle(pilot)
        assert isinstance(app.screen, ReplayScreen)
    assert save.read_bytes() == before


async def test_a_save_that_can_no_longer_be_read_is_reported_by_name() -> None:
    saves_dir().mkdir(parents=True)
    save = saves_dir() / "two-turns.json"
    shutil.copy(EXAMPLE, save)
    app = SmallWorldApp(seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        save.write_text('{"format": "smallworld-record/2", "actions": 3}', encoding="utf-8")
        await press(pilot, "ctrl+r")
        assert isinstance(app.screen, NewGameScreen)
        notice = " ".join(n.message for n in notifications(app))
        assert str(save) in notice


async def test_a_finished_game_is_watched_again_from_its_end_screen(tmp_path: Path) -> None:
    _final, record = play_random_game(["Amy", "Ben"], "base-2p", 5)
    path = tmp_path / "save.json"
    save_record(record, path)
    before = path.read_bytes()
    session = GameSession.load(path)
    app = SmallWorldApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, EndScreen)
        await press(pilot, "w")
        assert f"move 0 of {len(record.actions)}" in status(app)
        await press(pilot, *GAME_KEYS[:-1], "end")
        assert "Game over" in status(app)
        await press(pilot, "escape")
        assert isinstance(app.screen, EndScreen)
    assert path.read_bytes() == before and len(session.record.actions) == len(record.actions)


def test_the_command_opens_the_viewer(monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[SmallWorldApp] = []

    def run(app: SmallWorldApp, *args: Any, **kwargs: Any) -> None:
        opened.append(app)

    monkeypatch.setattr(SmallWorldApp, "run", run)
    result = CliRunner().invoke(main, ["replay", str(EXAMPLE)])
    assert result.exit_code == 0, result.output
    (app,) = opened
    first = app.first_screen()
    assert isinstance(first, ReplayScreen) and not first.closable
    assert first.replay.record.players == ["Amy", "Ben"] and len(first.replay) == END
    assert first.replay.position == 0 and first.viewer == SPECTATOR
