"""Where games are saved: the user data directory (platformdirs), one JSON record per game.

``SMALLWORLD_TUI_DATA`` overrides the directory (tests, portable installs).
"""

from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from smallworld_tui.engine import Record, RecordError, load_record

APP_NAME = "smallworld-tui"


def data_dir() -> Path:
    override = os.environ.get("SMALLWORLD_TUI_DATA")
    path = Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME))
    path.mkdir(parents=True, exist_ok=True)
    return path


def saves_dir() -> Path:
    path = data_dir() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path


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


def list_saves() -> list[SaveInfo]:
    """Saved games, newest first; files that do not load (unreadable, foreign, or with an
    illegal action) are listed with their error."""
    out = []
    for path in saves_dir().glob("*.json"):
        modified = path.stat().st_mtime
        try:
            record: Record = load_record(path)
            record.replay(str(path))
        except RecordError as exc:
            out.append(SaveInfo(path, path.stem, modified, [], 0, exc.reason))
            continue
        out.append(SaveInfo(path, path.stem, modified, record.players, len(record.actions)))
    return sorted(out, key=lambda s: s.modified, reverse=True)
