"""Where games are saved: the user data directory (platformdirs), one JSON record per game.

``SMALLWORLD_TUI_DATA`` overrides the directory (tests, portable installs).  Nothing here
creates the saves folder: the first save does (``record.write_json_atomic``), so a folder
that cannot be created shows up as a failed save, never as a crash at start.
"""

from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import platformdirs

from smallworld_tui.engine import Record, RecordError, load_record
from smallworld_tui.i18n import _

if TYPE_CHECKING:
    from smallworld_tui.session import GameSession

APP_NAME = "smallworld-tui"


def data_dir(create: bool = True) -> Path:
    """The user data directory (created unless ``create`` is False; OSError if it cannot
    be)."""
    override = os.environ.get("SMALLWORLD_TUI_DATA")
    path = Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME))
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path


def saves_dir() -> Path:
    """The folder of saved games (it may not exist yet)."""
    return data_dir(create=False) / "saves"


def in_saves_dir(path: Path) -> bool:
    """Whether ``path`` is a file of the saves folder."""
    try:
        return path.resolve().parent == saves_dir().resolve()
    except OSError:
        return False


def slug(name: str) -> str:
    """A file-name-safe version of a save name."""
    cleaned = re.sub(r"[^\w.-]+", "-", name.strip(), flags=re.UNICODE).strip("-.")
    return cleaned[:60] or "game"


def path_for(name: str) -> Path:
    """The save file for a save name (or a path given as is)."""
    if os.sep in name or name.endswith(".json"):
        return Path(name).expanduser()
    return saves_dir() / f"{slug(name)}.json"


def new_autosave_path(names: list[str]) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    base = saves_dir() / f"autosave-{stamp}-{slug('-'.join(names))}"
    path = base.with_suffix(".json")
    n = 2
    while path.exists():
        path = Path(f"{base}-{n}.json")
        n += 1
    return path


@dataclass(frozen=True)
class SaveInfo:
    """One file in the saves folder, readable or not (``error`` says why not)."""

    path: Path
    name: str
    modified: float
    players: list[str]
    actions: int
    error: str = ""
    finished: bool = False
    game: str = "base"


def list_saves() -> list[SaveInfo]:
    """Saved games, newest first; entries that do not load (unreadable, broken links,
    foreign files, illegal actions) are listed with their error.  An empty list if the
    folder does not exist yet; OSError if it cannot be read."""
    folder = saves_dir()
    if not folder.exists():
        return []
    out = []
    for path in folder.glob("*.json"):
        try:
            modified = path.stat().st_mtime
        except OSError as exc:
            out.append(SaveInfo(path, path.stem, 0.0, [], 0, exc.strerror or str(exc)))
            continue
        try:
            record: Record = load_record(path)
            state = record.replay(str(path))
        except RecordError as exc:
            out.append(SaveInfo(path, path.stem, modified, [], 0, exc.reason))
            continue
        out.append(SaveInfo(path, path.stem, modified, record.players, len(record.actions),
                            finished=state.finished, game=record.game))
    return sorted(out, key=lambda s: s.modified, reverse=True)


def continue_in_saves(session: GameSession) -> str:
    """Make a game loaded from outside the saves folder go on in a new save there, so the
    file it came from (a record one wants to keep) is never written.  Returns a sentence
    saying so, or "" when the game was already in the saves folder."""
    if session.path is None or in_saves_dir(session.path):
        return ""
    original = session.path
    session.path = new_autosave_path(session.record.players)
    return _("{file} is left as it was; this game goes on in a new save, {name}.").format(
        file=original, name=session.path.stem)
