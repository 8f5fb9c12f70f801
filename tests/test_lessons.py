"""The lessons (``smallworld_tui/lessons``) play through with the current rules: each step's
moves are legal when their turn comes, made by the learner or by the computer players as the
step says, and its words fill in (every number from the engine) in English and Japanese.  A
rules change that breaks a lesson fails here, naming the lesson and the step."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from smallworld_tui.engine import ANYTIME
from smallworld_tui.i18n import set_language
from smallworld_tui.lessons import LESSON_IDS, Lesson, load_lesson
from smallworld_tui.lessons.script import LANGUAGES, Position
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
