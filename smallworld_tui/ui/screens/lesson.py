"""The game screen of a lesson: the game screen with the lesson's panel beside the map (in the
log's place on short terminals) and the lesson vetting the learner's moves."""

from __future__ import annotations

from smallworld_tui.lessons import Lesson
from smallworld_tui.session import GameSession
from smallworld_tui.session.bot_seats import BotSeats
from smallworld_tui.ui.controllers.lesson import LessonGuide
from smallworld_tui.ui.screens.game import GameScreen
from smallworld_tui.ui.screens.seating import Seating
from smallworld_tui.ui.widgets.lesson_panel import LessonPanel


class LessonScreen(GameScreen):
    """A lesson's game as its learner sees it (``guide``: the lesson on this screen)."""

    def __init__(self, session: GameSession, seating: Seating, lesson: Lesson, *,
                 greet: bool = False, bots: BotSeats | None = None) -> None:
        super().__init__(session, seating, greet=greet, bots=bots)
        self.guide = LessonGuide(self, session, lesson)
        self.sending.vet = self.guide.vet

    def on_mount(self) -> None:
        """(Before the game screen's own: its first drawing fills the panel.)"""
        self.add_class("-lesson")
        self.query_one("#side").mount(LessonPanel(id="lesson"), before="#combo-details")

    def redraw(self) -> None:
        super().redraw()
        self.guide.show()
