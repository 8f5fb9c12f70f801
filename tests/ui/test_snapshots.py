"""Screenshots of the main screens at the minimum size (80×24) and at 120×40, 160×50 and
200×60, where the map grows with the space.

A 5-player Warcraft team game at 80×24 too; the replay viewer at 80×24 and 120×40, in English
and Japanese.

Deterministic: fixed seeds, pinned stacks, a saves folder at a fixed (absent) path, no clock
on screen, steady cursors.  Update with
``pytest tests/ui/test_snapshots.py --snapshot-update``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from scenario import UG_TEST_MAP
from textual.pilot import Pilot
from textual.widgets import Select

from smallworld_tui.bots.random_play import play_random_game
from smallworld_tui.engine import Action, Record
from smallworld_tui.i18n import set_language
from smallworld_tui.lessons import load_lesson
from smallworld_tui.lessons.store import lesson_path
from smallworld_tui.session import GameSession
from smallworld_tui.session.replay import Replay
from smallworld_tui.ui.app import SmallWorldApp
from ui.driver import session

SIZES = [(80, 24), (120, 40), (160, 50), (200, 60)]
STACKS = {"races": ["trolls", "elves"], "powers": ["flying", "hill"]}

Compare = Callable[..., bool]


@pytest.fixture(autouse=True)
def _fixed_data_dir(monkeypatch: pytest.MonkeyPatch) -> None:
    """The saves folder is named on screen: the same (absent) one on every machine."""
    monkeypatch.setenv("SMALLWORLD_TUI_DATA", "/nonexistent/smallworld-tui")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_new_game_screen(snap_compare: Compare, size: tuple[int, int]) -> None:
    assert snap_compare(SmallWorldApp(seed=42), terminal_size=size)


def test_new_game_screen_with_a_bot_seat(snap_compare: Compare) -> None:
    async def three_players_one_a_hard_bot(pilot: Pilot[Any]) -> None:
        pilot.app.screen.query_one("#player-count", Select).value = 3
        await pilot.pause()
        pilot.app.screen.query_one("#kind-2", Select).value = "hard"
        await pilot.pause()

    assert snap_compare(SmallWorldApp(seed=42), terminal_size=(80, 24),
                        run_before=three_players_one_a_hard_bot)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_pick_phase(snap_compare: Compare, size: tuple[int, int]) -> None:
    assert snap_compare(SmallWorldApp(session(players=3, **STACKS)), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_conquering(snap_compare: Compare, size: tuple[int, int]) -> None:
    s = session(players=3, **STACKS)
    s.apply(Action("pick", 0))
    s.apply(next(a for a in s.view(0).legal if a.kind == "conquer"))

    async def past_the_pass_screen(pilot: Pilot[Any]) -> None:
        await pilot.press("enter")
        await pilot.pause()

    assert snap_compare(SmallWorldApp(s), terminal_size=size, run_before=past_the_pass_screen)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_end_screen(snap_compare: Compare, size: tuple[int, int]) -> None:
    _state, record = play_random_game(["Amy", "Ben"], "base-2p", 5)
    assert snap_compare(SmallWorldApp(GameSession(record)), terminal_size=size)


@pytest.fixture
def japanese() -> Iterator[None]:
    set_language("ja")
    yield
    set_language(None)


def test_conquering_in_japanese(snap_compare: Compare, japanese: None) -> None:
    """Japanese names, combos, log and keys at the minimum size (wide characters)."""
    s = GameSession(Record(players=["太郎", "花子", "次郎"], map="base-3p", seed=1,
                           options={"flying_enters_anywhere": False}, **STACKS))
    s.apply(Action("pick", 0))
    s.apply(next(a for a in s.view(0).legal if a.kind == "conquer"))

    async def past_the_pass_screen(pilot: Pilot[Any]) -> None:
        await pilot.press("enter")
        await pilot.pause()

    assert snap_compare(SmallWorldApp(s), terminal_size=(80, 24),
                        run_before=past_the_pass_screen)


@pytest.mark.parametrize("size", [(80, 24), (160, 50)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_underground_with_its_legend(snap_compare: Compare, size: tuple[int, int]) -> None:
    """Rivers, chasms, monsters, Black Mountains and a revealed place, with the legend."""
    s = GameSession(Record(players=["Amy", "Ben"], map=UG_TEST_MAP, seed=4, game="underground"))
    s.apply(Action("pick", 0))
    s.apply(Action("conquer", 1))

    async def show_the_legend(pilot: Pilot[Any]) -> None:
        await pilot.press("enter")  # past the pass screen
        await pilot.pause()
        if size[1] < 50:
            await pilot.press("g")
        await pilot.pause()

    assert snap_compare(SmallWorldApp(s), terminal_size=size, run_before=show_the_legend)


def test_warcraft_five_players_in_teams(snap_compare: Compare) -> None:
    """A board set of five islands drawn from the seed, with entry regions, the team panel and
    faction colours, at the minimum size."""
    s = GameSession(Record(players=["Amy", "Ben", "Cai", "Dee", "Eli"], map="warcraft-5p",
                           seed=3, options={"teams": True, "two_player_boards": "LM",
                                            "garrison_forts": "per_region"},
                           game="warcraft"))
    s.apply(Action("pick", 0))  # Worgen: a form to choose first
    s.apply(Action("human_form"))
    s.apply(next(a for a in s.view(0).legal if a.kind == "conquer"))

    async def past_the_pass_screen(pilot: Pilot[Any]) -> None:
        await pilot.press("enter")
        await pilot.pause()

    assert snap_compare(SmallWorldApp(s), terminal_size=(80, 24),
                        run_before=past_the_pass_screen)


@pytest.fixture(params=["en", "ja"])
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    set_language(request.param)
    yield request.param
    set_language(None)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_replay_viewer(snap_compare: Compare, size: tuple[int, int], lang: str) -> None:
    """A finished three-player game watched again as its first player, in round 3 (the
    regions of the last move lit, that player's coins only)."""
    names = ["太郎", "花子", "次郎"] if lang == "ja" else ["Amy", "Ben", "Cai"]
    _state, record = play_random_game(names, "base-3p", 6)

    async def into_round_three_as_the_first_player(pilot: Pilot[Any]) -> None:
        await pilot.press("right_curly_bracket", "right_curly_bracket", "full_stop",
                          "full_stop", "full_stop", "v")
        await pilot.pause()

    assert snap_compare(SmallWorldApp(replay=Replay(record)), terminal_size=size,
                        run_before=into_round_three_as_the_first_player)
@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_lesson(snap_compare: Compare, size: tuple[int, int], lang: str) -> None:
    """The base game's lesson at its fourth step ("Type 14 to conquer the Hill…"), its panel
    beside the map: in the log's place at 80×24, above it at 120×40."""
    lesson = load_lesson("base")
    record = lesson.record(lang)
    record.actions = [move for step in lesson.steps[:3] for move in step.moves]
    assert snap_compare(SmallWorldApp(GameSession(record, lesson_path("base"))),
                        terminal_size=size)
