"""Where a lesson in progress is kept, and its game once the lesson is over.

A lesson's game is saved after every move, like any game, in ``lessons/<id>.json`` of the user
data folder (beside ``saves/``; ``SMALLWORLD_TUI_DATA`` overrides the folder): a record, so
leaving and coming back continues from the same step (the step is worked out from the moves).
Once the lesson is over its game goes on as an ordinary game, in a new save of ``saves/``, and
the lesson file is removed, so the next time the lesson starts afresh.
"""

from __future__ import annotations

from pathlib import Path

from smallworld_tui.engine import RecordError
from smallworld_tui.i18n import _
from smallworld_tui.lessons.script import LESSON_IDS, Lesson, load_lesson
from smallworld_tui.saves import data_dir, new_autosave_path
from smallworld_tui.session import GameSession


def lessons_dir() -> Path:
    """The folder of lessons in progress (it may not exist yet)."""
    return data_dir(create=False) / "lessons"


def lesson_path(id_: str) -> Path:
    return lessons_dir() / f"{id_}.json"


def lesson_of(session: GameSession) -> Lesson | None:
    """The lesson ``session`` is the game of (saved in the lessons folder), if any."""
    path = session.path
    if path is None or path.stem not in LESSON_IDS:
        return None
    try:
        inside = path.resolve().parent == lessons_dir().resolve()
    except OSError:
        return None
    return load_lesson(path.stem) if inside else None


def saved_game(lesson: Lesson) -> GameSession | None:
    """The game of ``lesson`` left in progress, if it can go on (set up by this lesson and
    still following it)."""
    try:
        session = GameSession.load(lesson_path(lesson.id))
    except RecordError:  # none, or one that cannot be read
        return None
    if not lesson.fits(session.record) or lesson.position(session.record.actions) is None:
        return None
    return session


def lesson_step(lesson: Lesson) -> int | None:
    """The step (from 1) ``lesson`` was left at, if it is in progress."""
    session = saved_game(lesson)
    if session is None:
        return None
    position = lesson.position(session.record.actions)
    return None if position is None else position.step + 1


def open_lesson(lesson: Lesson, lang: str, restart: bool = False) -> tuple[GameSession, str]:
    """The game of ``lesson``: the one left in progress, else a new one (also with
    ``restart``: the old file is replaced at the first move), and a sentence for the
    player ("" if there is nothing to say)."""
    path = lesson_path(lesson.id)
    if not restart:
        session = saved_game(lesson)
        if session is not None:
            return session, ""
        if _left(path):
            return GameSession(lesson.record(lang), path), _(
                "The lesson left in {file} cannot go on (the lesson has changed, or the file "
                "is damaged): it starts again, and the file is replaced at your first move."
            ).format(file=path)
    return GameSession(lesson.record(lang), path), ""


def _left(path: Path) -> bool:
    """Whether something was left at ``path`` (also when it cannot be looked at)."""
    try:
        return path.exists()
    except OSError:
        return True


def finish(session: GameSession) -> str:
    """The lesson is over: its game goes on in a new save of the saves folder and the lesson
    file is removed.  A sentence saying where the game goes on, or why it stays in the
    lesson file (a save that could not be written); "" if the game was saved elsewhere
    meanwhile (it goes on there)."""
    old = session.path
    if old is None or lesson_of(session) is None:
        return ""
    session.path = new_autosave_path(session.record.players)
    try:
        session.save()
    except OSError as exc:
        session.path = old
        return _("The game could not be moved to your saved games ({error}); it goes on in "
                 "{file}.").format(error=exc.strerror or exc, file=old)
    old.unlink(missing_ok=True)
    return _("The game goes on among your saved games, as {name}.").format(
        name=session.path.stem)
