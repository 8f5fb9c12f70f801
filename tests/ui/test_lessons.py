"""The lessons on screen (issue 26): a move the lesson does not expect is refused in its words
and never applied; the learner leaves and comes back to the same step; at the end the game
goes on freely among the saved games; every step's words fit the smallest terminal; the
lessons start from the command line and from the new-game screen."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from textual.pilot import Pilot
from textual.widgets import Button, Select

from smallworld_tui.cli import main
from smallworld_tui.compat import notifications
from smallworld_tui.engine import Action
from smallworld_tui.i18n import current_language, set_language
from smallworld_tui.lessons import LESSON_IDS, Lesson, load_lesson
from smallworld_tui.lessons.store import finish, lesson_path, lessons_dir, open_lesson
from smallworld_tui.saves import list_saves, saves_dir
from smallworld_tui.session import GameSession
from smallworld_tui.ui.app import SmallWorldApp
from smallworld_tui.ui.lesson_words import fill
from smallworld_tui.ui.screens.lesson import LessonScreen
from smallworld_tui.ui.screens.new_game import lesson_choices
from smallworld_tui.ui.widgets.lesson_panel import LessonPanel
from ui.driver import act, game_screen, settle

SMALL = (80, 24)


@pytest.fixture
def language() -> Iterator[Callable[[str], None]]:
    yield set_language
    set_language(None)


def moves_of(lesson: Lesson, steps: int) -> list[Action]:
    return [move for step in lesson.steps[:steps] for move in step.moves]


def left_at(lesson: Lesson, steps: int) -> None:
    """A lesson left in progress with its first ``steps`` steps done (its file written)."""
    session, _notice = open_lesson(lesson, current_language())
    for move in moves_of(lesson, steps):
        session.apply(move)


async def until(pilot: Pilot[None], done: Callable[[], bool], what: str) -> None:
    """Let the app run (the computer players play at once) until ``done``."""
    for _ in range(400):
        await settle(pilot)
        if done():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"timed out waiting for {what}")


def panel_words(app: SmallWorldApp) -> tuple[str, str]:
    return game_screen(app).query_one(LessonPanel).shown


def step_words(lesson: Lesson, session: GameSession, index: int, lang: str = "en") -> str:
    """The words of step ``index`` as the lesson fills them in, at the step's start."""
    step = lesson.steps[index]
    return fill(step.text(lang), lesson, step, session.view(lesson.learner), lang)


async def test_a_move_the_lesson_does_not_expect_is_refused_in_its_words() -> None:
    """The first step asks for the second combo: the top one is refused with the step's own
    words and nothing is played; an illegal conquest is refused with the game's reason and
    the lesson's words; the expected move goes through."""
    lesson = load_lesson("base")
    app = SmallWorldApp(lesson="base", bot_pace=0)
    async with app.run_test(size=SMALL, notifications=True) as pilot:
        await settle(pilot)
        session = game_screen(app).session
        assert isinstance(game_screen(app), LessonScreen)
        assert panel_words(app)[1] == step_words(lesson, session, 0)
        await pilot.press("0")
        await settle(pilot)
        assert session.record.actions == []
        words = [n.message for n in notifications(app)]
        assert words == ["In this lesson take Hill Ratmen: press 1. Its price goes on the "
                         "combo above it."]
        await pilot.press("1")
        await settle(pilot)
        assert session.record.actions == [Action("pick", 1)]
        app.clear_notifications()
        await pilot.press("9")  # Farmland 9: not at the board's edge
        await settle(pilot)
        [refused] = [n.message for n in notifications(app)]
        assert refused.splitlines() == ["your first conquest must be in a border region",
                                        "Start at the edge with Hill 4: type 4."]
        assert session.record.actions == [Action("pick", 1)]


async def test_leaving_and_coming_back_goes_on_from_the_same_step() -> None:
    """Three steps done, the learner quits; the same command goes on at step 4, whose words
    the panel shows; ``--restart`` starts again (the old file is kept until a move)."""
    lesson = load_lesson("base")
    app = SmallWorldApp(lesson="base", bot_pace=0)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        for move in moves_of(lesson, 3):
            await act(pilot, move)
        await app.action_quit()
    assert lesson_path("base").exists()
    assert not saves_dir().exists()  # a lesson is not among the saved games
    again = SmallWorldApp(lesson="base", bot_pace=0)
    async with again.run_test(size=SMALL) as pilot:
        await settle(pilot)
        session = game_screen(again).session
        assert session.record.actions == moves_of(lesson, 3)
        title, words = panel_words(again)
        assert title == "Lesson · step 4 of 23"
        assert words == step_words(lesson, session, 3)
        assert words.startswith("Type **14** to conquer the Hill: it costs 3 tokens — 2, "
                                "plus 1 for the Lost Tribe.")
    fresh = SmallWorldApp(lesson="base", restart=True, bot_pace=0)
    async with fresh.run_test(size=SMALL) as pilot:
        await settle(pilot)
        assert game_screen(fresh).session.record.actions == []
        assert panel_words(fresh)[0] == "Lesson · step 1 of 23"


async def test_at_the_end_the_game_goes_on_freely() -> None:
    """The last steps played: the panel says the lesson is over, the game goes on in a new
    save (the lesson file is gone, so the lesson would start afresh), a move the lesson never
    asked for is played, the panel gives its place back to the log, and Ben plays on his
    own."""
    lesson = load_lesson("base")
    left_at(lesson, len(lesson.steps) - 2)  # the learner's last step and Ben's to come
    app = SmallWorldApp(lesson="base", bot_pace=0)
    async with app.run_test(size=SMALL, notifications=True) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        session = screen.session
        for move in lesson.steps[-2].moves:
            await act(pilot, move)
        await until(pilot, lambda: screen.guide.done, "the end of the lesson")
        assert panel_words(app)[0] == "Lesson over"
        assert not lesson_path("base").exists()
        [save] = list_saves()
        assert save.path == session.path and save.actions == len(session.record.actions)
        await until(pilot, lambda: session.actor == 0, "Ben's free turn")
        played = len(session.record.actions)
        assert played > len(moves_of(lesson, len(lesson.steps)))  # Ben played on his own
        free = next(a for a in screen.view.legal if a.kind == "conquer")
        await act(pilot, free)
        assert session.record.actions[played] == free
        assert not screen.query_one(LessonPanel).display
        assert screen.query_one("#log").display


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("id_", LESSON_IDS)
async def test_every_steps_words_fit_the_smallest_terminal(
        id_: str, lang: str, language: Callable[[str], None]) -> None:
    """At 80×24, in English and in Japanese, the words of every step (and of the end) show
    whole beside the map, with no scrolling, when the step begins.  The computer players wait
    a minute a move unless hurried: hurried step by step (up to the end of their turn), they
    stop at the start of each of their steps."""
    language(lang)
    lesson = load_lesson(id_)
    app = SmallWorldApp(lesson=id_, bot_pace=60)
    async with app.run_test(size=SMALL) as pilot:
        screen = game_screen(app)
        session = screen.session

        def reached(start: int) -> bool:
            if len(session.record.actions) < start:
                screen.bot_control.hurry()
            return len(session.record.actions) >= start

        for index, step in enumerate([*lesson.steps, None]):
            start = len(moves_of(lesson, index))
            await until(pilot, lambda start=start: reached(start), f"step {index + 1}")
            assert len(session.record.actions) == start
            panel, side = screen.query_one(LessonPanel), screen.query_one("#side")
            assert panel.max_scroll_y == 0 and panel.region.bottom <= side.region.bottom, \
                f"lesson {id_} ({lang}), step {index + 1}: the words do not fit 80×24"
            if step is not None and session.actor == lesson.learner:
                for move in step.moves:
                    session.apply(move)


def test_the_command_line_starts_each_games_lesson(monkeypatch: pytest.MonkeyPatch) -> None:
    """``tutorial`` picks the lesson by ``--game`` (and ``--teams``); a game without a team
    game refuses ``--teams`` (exit status 2)."""
    opened: list[tuple[str, bool]] = []

    def run(app: SmallWorldApp) -> None:
        opened.append((app.lesson, app.restart))

    monkeypatch.setattr(SmallWorldApp, "run", run)
    runner = CliRunner()
    for args, lesson in (([], "base"), (["--game", "underground"], "underground"),
                         (["--game", "warcraft"], "warcraft"), (["--teams"], "teams"),
                         (["--game", "warcraft", "--teams", "--restart"], "teams")):
        result = runner.invoke(main, ["tutorial", *args])
        assert result.exit_code == 0, result.output
        assert opened[-1] == (lesson, "--restart" in args)
    result = runner.invoke(main, ["tutorial", "--game", "underground", "--teams"])
    assert result.exit_code == 2
    assert result.output.strip() == ("Error: --teams is Small World of Warcraft's team game; "
                                     "it takes no --game underground")


async def test_the_new_game_screen_starts_and_continues_a_lesson() -> None:
    """The new-game screen lists the lessons, a lesson in progress with its step; its button
    starts the chosen lesson, or continues it, and another starts it again."""
    lesson = load_lesson("warcraft")
    left_at(lesson, 2)
    app = SmallWorldApp(seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        choice = app.screen.query_one("#lesson-choice", Select)
        assert [label for label, _id in lesson_choices()] == [
            "Small World", "Small World Underground", "Small World of Warcraft (step 3 of 15)",
            "Battle for Azeroth (teams)"]
        assert str(app.screen.query_one("#lesson-start", Button).label) == "Start the lesson"
        choice.value = "warcraft"
        await settle(pilot)
        assert str(app.screen.query_one("#lesson-start", Button).label) == \
            "Continue the lesson"
        await pilot.click("#lesson-start")
        await settle(pilot)
        screen = game_screen(app)
        assert isinstance(screen, LessonScreen)
        assert screen.session.record.actions == moves_of(lesson, 2)
        assert screen.session.path == lessons_dir() / "warcraft.json"
    again = SmallWorldApp(seed=1)
    async with again.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        again.screen.query_one("#lesson-choice", Select).value = "warcraft"
        await settle(pilot)
        await pilot.click("#lesson-restart")
        await settle(pilot)
        assert game_screen(again).session.record.actions == []


def test_a_lesson_file_that_no_longer_fits_starts_again(tmp_path: Path) -> None:
    """A lesson file whose moves the lesson does not make (an older lesson) is not
    continued: the lesson starts again, saying so, and the file is replaced at the first
    move only."""
    lesson = load_lesson("base")
    lessons_dir().mkdir(parents=True)
    session = GameSession(lesson.record("en"), lesson_path("base"))
    session.apply(Action("pick", 0))  # not the lesson's move
    session, notice = open_lesson(lesson, "en")
    assert session.record.actions == []
    assert "cannot go on (the lesson has changed, or the file is damaged): it starts again" \
        in notice
    assert lesson_path("base").exists()


def test_a_lesson_saved_elsewhere_goes_on_there_at_its_end(tmp_path: Path) -> None:
    """Saved under a name meanwhile (Ctrl+S), the lesson's game stays in that file at the
    end: nothing is moved or removed."""
    lesson = load_lesson("base")
    session, _notice = open_lesson(lesson, "en")
    session.apply(Action("pick", 1))
    kept = tmp_path / "mine.json"
    session.save_as(kept)
    assert finish(session) == ""
    assert session.path == kept and kept.exists() and not saves_dir().exists()
