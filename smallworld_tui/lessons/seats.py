"""The computer players of a lesson: they play the lesson's moves, then their own."""

from __future__ import annotations

from smallworld_tui.engine import Action, Observation
from smallworld_tui.lessons.script import Lesson
from smallworld_tui.session import GameSession
from smallworld_tui.session.bot_seats import DEFAULT_PACE, BotSeats


class LessonSeats(BotSeats):
    """``BotSeats`` whose bots make the lesson's moves while it lasts (so it always plays the
    same way); once it is over, or if the game left it, each plays at its own level."""

    def __init__(self, session: GameSession, lesson: Lesson, pace: float = DEFAULT_PACE
                 ) -> None:
        super().__init__(session, pace)
        self.lesson = lesson

    def next_move(self, seat: int, observation: Observation, legal: list[Action]) -> Action:
        position = self.lesson.position(list(self.session.record.actions))
        move = self.lesson.next_move(position) if position is not None else None
        if move is not None and move in legal:
            return move
        return super().next_move(seat, observation, legal)
