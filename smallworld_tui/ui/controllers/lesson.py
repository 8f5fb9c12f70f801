"""A lesson on the game screen: its panel shows the words of the step under way, a move the
lesson does not expect is refused in its words (never applied), and once every step is done
the game goes on freely as an ordinary saved game (``lessons.store.finish``)."""

from __future__ import annotations

from typing import Any

from textual.screen import Screen

from smallworld_tui.engine import Action, view
from smallworld_tui.i18n import _, current_language
from smallworld_tui.lessons import Lesson, Position, Step
from smallworld_tui.lessons.store import finish
from smallworld_tui.reference.render import inline
from smallworld_tui.session import GameSession
from smallworld_tui.ui.describe import refusal
from smallworld_tui.ui.lesson_words import fill
from smallworld_tui.ui.widgets.lesson_panel import LessonPanel


class LessonGuide:
    """Guides the learner of ``lesson`` through ``session`` on ``screen``.  ``done``: the
    lesson is over and its game went on among the saved games; ``closed``: the learner made
    a move since, and the panel is gone."""

    def __init__(self, screen: Screen[Any], session: GameSession, lesson: Lesson) -> None:
        self.screen = screen
        self.session = session
        self.lesson = lesson
        self.done = False
        self.closed = False
        self._words: dict[tuple[int, int, str, str], str] = {}  # filled texts of a step start

    def position(self) -> Position | None:
        """Where the game stands in the lesson (None: it left the lesson)."""
        return self.lesson.position(self.session.record.actions)

    def vet(self, action: Action) -> str:
        """Words refusing ``action`` if the lesson does not expect it now (with the game's
        reason when the game would refuse it too; plain text, for a notice), else ""."""
        position = self.position()
        if position is None or self.lesson.expects(position, action):
            if position is None or self.lesson.over(position):
                self.close()
            return ""
        step = self.lesson.steps[position.step]
        words = inline(self._filled(step.refusal(current_language()), step, position)).plain
        exc = self.session.refusal(action)
        board = self.session.view(self.lesson.learner).map
        return f"{refusal(exc, board)}\n{words}" if exc is not None else words

    def show(self) -> None:
        """The panel for the game as it stands; the lesson's game goes on among the saved
        games once the lesson is over."""
        if self.closed:
            return
        position = self.position()
        lang = current_language()
        if position is None:
            title, words = _("Lesson"), _("This game has left the lesson: play on as you like.")
        elif self.lesson.over(position):
            if not self.done:
                self.done = True
                moved = finish(self.session)
                if moved:
                    self.screen.notify(moved, timeout=10, markup=False)
            title = _("Lesson over")
            words = self._filled(self.lesson.end.get(lang) or self.lesson.end["en"], None,
                                 position)
        else:
            step = self.lesson.steps[position.step]
            title = _("Lesson · step {n} of {total}").format(n=step.number,
                                                             total=len(self.lesson.steps))
            words = self._filled(step.text(lang), step, position)
        for panel in self.screen.query(LessonPanel):
            panel.show(title, words)

    def close(self) -> None:
        """The learner plays on freely: the lesson's panel gives its place back to the log."""
        if not self.closed:
            self.closed = True
            self.screen.remove_class("-lesson")
            for panel in self.screen.query(LessonPanel):
                panel.display = False

    def _filled(self, text: str, step: Step | None, position: Position) -> str:
        """``text`` of ``step`` (None: the end) filled with the values of the moment the
        step began (the lesson ended)."""
        key = (position.step, position.start, current_language(), text)
        if key not in self._words:
            state = self.session.record.replay(upto=position.start)
            self._words[key] = fill(text, self.lesson, step,
                                    view(state, self.lesson.learner), current_language())
        return self._words[key]
