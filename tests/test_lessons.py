"""The lessons (``smallworld_tui/lessons``) play through with the current rules: each step's
moves are legal when their turn comes, made by the learner or by the computer players as the
step says, and its words fill in (every number from the engine) in English and Japanese.  A
rules change that breaks a lesson fails here, naming the lesson and the step."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from smallworld_tui.engine import ANYTIME, Action
from smallworld_tui.i18n import set_language
from smallworld_tui.lessons import LESSON_IDS, Lesson, LessonError, load_lesson
from smallworld_tui.lessons.script import LANGUAGES, Position, parse_move, read_lesson
from smallworld_tui.session import GameSession
from smallworld_tui.ui.lesson_words import fill

PLACEHOLDER = re.compile(r"\{[^{}]*\}")


@pytest.fixture
def language() -> Iterator[None]:
    yield
    set_language(None)


def play_step(lesson: Lesson, session: GameSession, index: int) -> None:
    """Make the moves of step ``index``, checking that each is legal when its turn comes
    and that they are all the learner's or all the computer players'."""
    step = lesson.steps[index]
    learners = set()
    for move in step.moves:
        where = f"lesson {lesson.id}, step {step.number}, {move}"
        if move.kind in ANYTIME:  # a choice at any moment: the seat it names makes it
            assert move in session.view(move.target).anytime, f"{where}: not offered"
            learners.add(move.target == lesson.learner)
        else:
            exc = session.refusal(move)
            assert exc is None, f"{where}: refused by the game: {exc}"
            learners.add(session.actor == lesson.learner)
        session.apply(move)
    assert len(learners) == 1, (f"lesson {lesson.id}, step {step.number}: the learner and "
                                f"the computer players both move in one step")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("id_", LESSON_IDS)
def test_each_lesson_plays_through_with_its_words(id_: str, lang: str, language: None) -> None:
    set_language(lang)
    lesson = load_lesson(id_)
    session = GameSession(lesson.record(lang))
    for index, step in enumerate(lesson.steps):
        position = lesson.position(session.record.actions)
        assert position == Position(index, len(session.record.actions)), \
            f"lesson {id_}: the moves before step {step.number} do not lead to it"
        view = session.view(lesson.learner)
        assert fill(step.text(lang), lesson, step, view, lang)
        assert fill(step.refusal(lang), lesson, step, view, lang)
        play_step(lesson, session, index)
    position = lesson.position(session.record.actions)
    assert position is not None and lesson.over(position)
    assert fill(lesson.end[lang], lesson, None, session.view(lesson.learner), lang)


@pytest.mark.parametrize("id_", LESSON_IDS)
def test_numbers_typed_in_the_words_are_the_steps_own(id_: str) -> None:
    """A number written out in a step's words (a region to type, tokens to place) is one of
    its moves' numbers; every other number is a placeholder filled from the game."""
    lesson = load_lesson(id_)
    for step in lesson.steps:
        own = {str(n) for move in step.moves for n in (move.target, move.count)} | {"0", "1"}
        for lang in LANGUAGES:
            for text in (step.text(lang), step.refusal(lang)):
                typed = set(re.findall(r"\d+", PLACEHOLDER.sub("", text))) - own
                assert not typed, f"lesson {id_}, step {step.number} ({lang}): {typed} typed"


def test_a_steps_tokens_go_in_any_order_and_any_number_at_a_time() -> None:
    """Base step 7 asks for 4 tokens on region 14 and 3 on region 9: one at a time, all at
    once, 9 before 14, all lead on to step 8; a token more on 14 is not the lesson's."""
    lesson = load_lesson("base")
    before = [m for step in lesson.steps[:6] for m in step.moves]
    assert lesson.position(before) == Position(6, 6)
    ways = ([Action("deploy", 9, 1), Action("deploy", 14, 4), Action("deploy", 9, 2)],
            [Action("deploy", 14, 1)] * 4 + [Action("deploy", 9, 3)],
            [Action("deploy", 14, 4), Action("deploy", 9, 3)])
    for way in ways:
        assert lesson.position(before + way) == Position(7, 6 + len(way))
    half = lesson.position([*before, Action("deploy", 14, 2)])
    assert half == Position(6, 6, 0, {14: 2})
    assert not lesson.expects(half, Action("deploy", 14, 3))
    assert not lesson.expects(half, Action("end_redeploy"))
    assert lesson.expects(half, Action("deploy", 9, 3))
    assert lesson.position([*before, Action("deploy", 14, 5)]) is None


def test_the_computer_players_play_the_steps_moves() -> None:
    """The next move of a computer player's step is the lesson's; tokens still to place go
    all at once; none once the lesson is over."""
    lesson = load_lesson("base")
    moves = [m for step in lesson.steps for m in step.moves]
    ben = moves.index(Action("pick", 0))
    assert lesson.next_move(lesson.position(moves[:ben])) == Action("pick", 0)
    redeploy = moves.index(Action("deploy", 9, 4))
    start = lesson.position([*moves[:redeploy], Action("deploy", 9, 1)])
    assert lesson.next_move(start) == Action("deploy", 9, 3)
    over = lesson.position(moves)
    assert over is not None and lesson.over(over) and lesson.next_move(over) is None
    assert lesson.expects(over, Action("decline"))


def test_a_move_the_lesson_does_not_make_leaves_it() -> None:
    lesson = load_lesson("base")
    assert lesson.position([Action("pick", 0)]) is None
    assert not lesson.expects(Position(), Action("pick", 0))
    assert lesson.expects(Position(), Action("pick", 1))


def test_choices_at_any_moment_are_no_steps_unless_asked_for() -> None:
    """The team lesson's second step asks to show one's coins; hiding them again later is
    let through and leaves the lesson where it was."""
    lesson = load_lesson("teams")
    assert lesson.position([Action("show_coins", 0)]) == Position(1, 1)
    assert lesson.position([Action("show_coins", 0), Action("pick", 1),
                            Action("hide_coins", 0)]) == Position(2, 2)


def test_a_lesson_set_up_otherwise_does_not_fit() -> None:
    lesson = load_lesson("base")
    record = lesson.record("ja")
    assert lesson.fits(record)
    record.seed += 1
    assert not lesson.fits(record)


LESSON = {
    "lesson": {"title": {"en": "{game}", "ja": "{game}"}},
    "record": {"game": "base", "map": "base-2p", "players": {"en": ["Amy", "Ben"],
                                                             "ja": ["あなた", "ベン"]},
               "bots": {"1": "easy"}},
    "step": [{"moves": ["pick 0"], "en": "Press **{target}**.", "ja": "**{target}**を押す。"}],
    "end": {"en": "Done.", "ja": "終わり。"},
}


@pytest.mark.parametrize(("change", "error"), [
    ({"step": [{"moves": ["pick"], "en": "a", "ja": "b"}]}, "step 1: bad moves ('pick' takes 1"),
    ({"step": [{"moves": ["fly 3"], "en": "a", "ja": "b"}]}, "step 1: bad moves (unknown move"),
    ({"step": [{"moves": [], "en": "a", "ja": "b"}]}, "step 1: no moves"),
    ({"step": [{"moves": ["pick 0"], "en": "a"}]}, "step 1: needs its words in en and ja"),
    ({"end": {"en": "a"}}, ": [end]: needs its words in en and ja"),
    ({"record": {"game": "base", "map": "base-9p", "players": {"en": ["A", "B"],
                                                               "ja": ["A", "B"]}}},
     ": bad [record]"),
    ({"record": {"game": "base", "map": "base-2p", "players": ["A", "B"]}},
     ": [record] needs players.en and players.ja"),
    ({"lesson": {"title": {"en": "a", "ja": "b"}, "learner": 1}},
     ": the learner must be a seat no computer player plays"),
])
def test_a_bad_lesson_file_is_refused_naming_where(change: dict[str, object],
                                                    error: str) -> None:
    where = "lesson mine" + ("" if error.startswith(":") else ", ")
    with pytest.raises(LessonError, match=re.escape(where + error)):
        read_lesson("mine", {**LESSON, **change})


def test_a_placeholder_without_a_value_names_the_lesson_and_step(language: None) -> None:
    lesson = read_lesson("mine", LESSON)
    session = GameSession(lesson.record("en"))
    view = session.view(0)
    step = lesson.steps[0]
    assert fill(step.text("en"), lesson, step, view, "en") == "Press **0**."
    with pytest.raises(LessonError, match=r"lesson mine, step 1: \{cost:7\} has no value"):
        fill("{cost:7}", lesson, step, view, "en")
    with pytest.raises(LessonError, match="lesson mine, step 1: cannot fill in 'nothing'"):
        fill("{nothing}", lesson, step, view, "en")


def test_moves_are_written_as_in_a_record() -> None:
    assert parse_move("deploy 6 3") == Action("deploy", 6, 3)
    assert parse_move("end_turn") == Action("end_turn")
    with pytest.raises(ValueError, match="'deploy' takes 2 number"):
        parse_move("deploy 6")
