"""Durable game storage for the SSH server: SQLite, one row per action, committed at once.

A game's setup is stored when it is created and each action is appended (and committed) before
anyone is shown its result, so stopping the server at any moment loses nothing.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from pathlib import Path

from smallworld_tui.engine import Action, Record, RecordError

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    created TEXT NOT NULL DEFAULT (datetime('now')),
    setup TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS actions (
    game INTEGER NOT NULL REFERENCES games(id),
    idx INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game, idx)
);
"""


class Store:
    """The server's games, in one SQLite file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.executescript(SCHEMA)
        self._lock = threading.Lock()

    def close(self) -> None:
        self._db.close()

    def create(self, record: Record) -> int:
        """Store a new game's setup (its actions must be empty); returns its id."""
        setup = {k: v for k, v in record.to_json().items() if k != "actions"}
        with self._lock:
            cur = self._db.execute("INSERT INTO games (setup) VALUES (?)", (json.dumps(setup),))
            assert cur.lastrowid is not None
            return cur.lastrowid

    def append(self, game: int, index: int, action: Action) -> None:
        with self._lock:
            self._db.execute("INSERT INTO actions (game, idx, action) VALUES (?, ?, ?)",
                             (game, index, json.dumps(action.to_json())))

    def truncate(self, game: int, length: int) -> None:
        """Forget the actions from ``length`` on (undo)."""
        with self._lock:
            self._db.execute("DELETE FROM actions WHERE game = ? AND idx >= ?", (game, length))

    def finish(self, game: int) -> None:
        with self._lock:
            self._db.execute("UPDATE games SET finished = 1 WHERE id = ?", (game,))

    def latest_unfinished(self) -> int | None:
        row = self._db.execute(
            "SELECT id FROM games WHERE finished = 0 ORDER BY id DESC LIMIT 1").fetchone()
        return None if row is None else int(row[0])

    def load(self, game: int) -> Record:
        """The game's record (setup + actions in order); ``RecordError`` if damaged."""
        source = f"{self.path} (game {game})"
        row = self._db.execute("SELECT setup FROM games WHERE id = ?", (game,)).fetchone()
        if row is None:
            raise RecordError(source, "no such game")
        data = json.loads(row[0])
        data["actions"] = [json.loads(a) for (a,) in self._db.execute(
            "SELECT action FROM actions WHERE game = ? ORDER BY idx", (game,))]
        return Record.from_json(data, source)


class Journal:
    """One game's slice of the store, in the shape ``GameSession`` writes through."""

    def __init__(self, store: Store, game: int) -> None:
        self.store = store
        self.game = game

    def append(self, index: int, action: Action) -> None:
        self.store.append(self.game, index, action)

    def truncate(self, length: int) -> None:
        self.store.truncate(self.game, length)
