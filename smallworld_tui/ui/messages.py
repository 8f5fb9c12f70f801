"""What the screens ask of the app: they post these messages and the app (``SmallWorldApp``)
handles them, so no screen needs to know the app's class."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from textual.message import Message

from smallworld_tui.engine import Record

Tab = Literal["keys", "legend", "rules"]


class OpenSave(Message):
    """Continue the game saved in ``path``."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path


class WatchSave(Message):
    """Watch the game saved in ``path`` again (the replay viewer)."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path


class WatchGame(Message):
    """Watch the game of ``record`` again (the replay viewer)."""

    def __init__(self, record: Record) -> None:
        super().__init__()
        self.record = record


class OpenHelp(Message):
    """Open the help screen on ``tab`` (rules: ``topics`` first)."""

    def __init__(self, tab: Tab, topics: Sequence[str] = ()) -> None:
        super().__init__()
        self.tab = tab
        self.topics = topics


class StartLesson(Message):
    """Start the lesson ``lesson`` (an id of ``lessons.LESSON_IDS``), or go on with the one
    left in progress unless ``restart``."""

    def __init__(self, lesson: str, restart: bool = False) -> None:
        super().__init__()
        self.lesson = lesson
        self.restart = restart


class ShowNewGame(Message):
    """Go to the new-game screen."""


@dataclass
class GameSetup:
    """A new game as the new-game screen describes it."""

    names: list[str]
    map_name: str
    seed: int
    game: str = "base"
    options: dict[str, Any] = field(default_factory=dict)
    pass_screens: bool = True
    bots: dict[int, str] = field(default_factory=dict)  # computer players: seat -> level


class StartGame(Message):
    """Start a new game; a setup the engine refuses is reported back with ``error``."""

    def __init__(self, setup: GameSetup, error: Callable[[str], None]) -> None:
        super().__init__()
        self.setup = setup
        self.error = error
