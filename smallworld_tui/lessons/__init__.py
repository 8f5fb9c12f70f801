"""Guided first games (``smallworld-tui tutorial``): one lesson per game, as data.

Each lesson is a real game set up from a pinned record, with a script of steps: the
learner's moves with the words that ask for them, and the computer players' moves
(``script.py``, which also describes the files ``<id>.toml`` here).  ``store.py`` keeps a
lesson in progress in the user data folder; ``seats.py`` plays the computer players' part.
"""

from smallworld_tui.lessons.script import (
    LESSON_IDS,
    Lesson,
    LessonError,
    Position,
    Step,
    load_lesson,
)

__all__ = ["LESSON_IDS", "Lesson", "LessonError", "Position", "Step", "load_lesson"]
