"""Durable storage of the server's tables: one SQLite file, every change committed at once.

A table is its settings (a JSON object: players, map, seed, options, reserved names…), its
seats (name and proof of ownership), what claims each of its free reserved seats (the proof of
the host's code, or of the secret the seat had), whether it started, its result once finished,
and its actions, one row each, appended before anyone is shown their result.  A finished table,
or a game the host closed, is archived: kept whole, and taking no more moves.  Several processes
(the server, its table workers, the host's ``tables`` command) share the file; SQLite's WAL
lets them.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from smallworld_tui.engine import Action, RecordError

VERSION = 3
SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id INTEGER PRIMARY KEY AUTOINCREMENT,  -- never reused: a seat is proved per table id
    created TEXT NOT NULL DEFAULT (datetime('now')),
    settings TEXT NOT NULL,
    started INTEGER NOT NULL DEFAULT 0,
    result TEXT,
    archived TEXT,  -- when it finished or was closed: it takes no more moves
    closed TEXT  -- who closed it unfinished ("host")
);
CREATE TABLE IF NOT EXISTS seats (
    tbl INTEGER NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    proof TEXT NOT NULL,
    PRIMARY KEY (tbl, seat)
);
CREATE TABLE IF NOT EXISTS claims (  -- a free seat reserved for a name: what claims it
    tbl INTEGER NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    proof TEXT NOT NULL,
    PRIMARY KEY (tbl, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    tbl INTEGER NOT NULL REFERENCES tables(id),
    idx INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (tbl, idx)
);
"""
UPGRADE_FROM_2 = """
ALTER TABLE tables ADD COLUMN archived TEXT;
ALTER TABLE tables ADD COLUMN closed TEXT;
UPDATE tables SET archived = datetime('now') WHERE result IS NOT NULL;
"""
BUSY_MS = 10_000


class StoreError(Exception):
    """The file cannot be used as the server's store (named, with the reason)."""


@dataclass
class TableRow:
    id: int
    settings: dict[str, Any]
    started: bool
    result: dict[str, Any] | None
    seats: dict[int, tuple[str, str]] = field(default_factory=dict)  # seat -> (name, proof)
    claims: dict[int, str] = field(default_factory=dict)  # free reserved seat -> its claim
    archived: bool = False
    closed: str | None = None


class Store:
    """The server's tables, in one SQLite file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        try:
            self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None,
                                       timeout=BUSY_MS / 1000)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._check_version()
        except sqlite3.Error as exc:
            raise StoreError(f"{path}: not usable as the server's store ({exc})") from None

    def _check_version(self) -> None:
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        names = {row[0] for row in self._db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        if version == 0 and names:
            raise StoreError(f"{self.path}: written by an older smallworld-tui (one game per "
                             f"file); it was left as it is: use another --db")
        if version > VERSION:
            raise StoreError(f"{self.path}: written by a newer smallworld-tui")
        self._db.executescript(SCHEMA)
        if version == 2:
            self._db.executescript(f"BEGIN IMMEDIATE; {UPGRADE_FROM_2} COMMIT;")
        self._db.execute(f"PRAGMA user_version = {VERSION}")

    def close(self) -> None:
        self._db.close()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One transaction; ``OSError`` if it could not be committed (nothing is then kept)."""
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    yield self._db
                    self._db.execute("COMMIT")
                finally:
                    if self._db.in_transaction:  # SQLite may have rolled back already
                        self._db.execute("ROLLBACK")
            except sqlite3.Error as exc:
                raise OSError(str(exc)) from None

    # --- tables and seats ---------------------------------------------------------------
    def create_table(self, settings: dict[str, Any]) -> int:
        with self._write() as db:
            cur = db.execute("INSERT INTO tables (settings) VALUES (?)", (json.dumps(settings),))
        assert cur.lastrowid is not None
        return cur.lastrowid

    def delete_table(self, table: int) -> None:
        """Forget a table that never started."""
        with self._write() as db:
            db.execute("DELETE FROM seats WHERE tbl = ?", (table,))
            db.execute("DELETE FROM claims WHERE tbl = ?", (table,))
            db.execute("DELETE FROM tables WHERE id = ? AND started = 0", (table,))

    def set_seat(self, table: int, seat: int, name: str, proof: str) -> None:
        """Seat ``name``; the seat's claim, if it had one, is used up."""
        with self._write() as db:
            db.execute("INSERT INTO seats (tbl, seat, name, proof) VALUES (?, ?, ?, ?)",
                       (table, seat, name, proof))
            db.execute("DELETE FROM claims WHERE tbl = ? AND seat = ?", (table, seat))

    def set_claim(self, table: int, seat: int, proof: str) -> None:
        """What claims a free reserved seat from now on (a code's or a secret's proof)."""
        with self._write() as db:
            db.execute("INSERT OR REPLACE INTO claims (tbl, seat, proof) VALUES (?, ?, ?)",
                       (table, seat, proof))

    def seat(self, table: int, seat: int) -> tuple[str, str] | None:
        """Who sits in ``seat`` at ``table`` now, as (name, proof)."""
        with self._lock:
            row = self._db.execute("SELECT name, proof FROM seats WHERE tbl = ? AND seat = ?",
                                   (table, seat)).fetchone()
        return None if row is None else (str(row[0]), str(row[1]))

    def clear_seat(self, table: int, seat: int, claim: str | None = None) -> None:
        """Free a seat (reserved for a name, ``claim`` is what claims it again)."""
        with self._write() as db:
            db.execute("DELETE FROM seats WHERE tbl = ? AND seat = ?", (table, seat))
            if claim is not None:
                db.execute("INSERT OR REPLACE INTO claims (tbl, seat, proof) VALUES (?, ?, ?)",
                           (table, seat, claim))

    def start(self, table: int) -> None:
        with self._write() as db:
            db.execute("UPDATE tables SET started = 1 WHERE id = ?", (table,))

    def finish(self, table: int, result: dict[str, Any]) -> None:
        """The game is over: its result is kept and the table archived."""
        with self._write() as db:
            db.execute("UPDATE tables SET result = ?, archived = coalesce(archived, "
                       "datetime('now')) WHERE id = ?", (json.dumps(result), table))

    def close_table(self, table: int, why: str) -> bool:
        """Archive a game that is being played, unfinished (``why``: who closed it); its
        moves are kept and it takes no more.  False if it is not being played."""
        with self._write() as db:
            cursor = db.execute("UPDATE tables SET archived = datetime('now'), closed = ? "
                                "WHERE id = ? AND started = 1 AND archived IS NULL",
                                (why, table))
        return cursor.rowcount == 1

    def tables(self, table: int | None = None) -> list[TableRow]:
        """Every table, oldest first (or only ``table``)."""
        return self._rows("WHERE id = ?", (table,)) if table is not None else self._rows()

    def live_tables(self) -> list[TableRow]:
        """The tables waiting for players or being played, oldest first."""
        return self._rows("WHERE archived IS NULL")

    def archived_tables(self, newest: int) -> list[TableRow]:
        """The ``newest`` archived tables (by number), oldest first."""
        return self._rows("WHERE id IN (SELECT id FROM tables WHERE archived IS NOT NULL "
                          "ORDER BY id DESC LIMIT ?)", (newest,))

    def _rows(self, where: str = "", args: tuple[int, ...] = ()) -> list[TableRow]:
        with self._lock:
            rows = {
                number: TableRow(number, json.loads(settings), bool(started),
                                 json.loads(result) if result else None,
                                 archived=archived is not None, closed=closed)
                for number, settings, started, result, archived, closed in self._db.execute(
                    f"SELECT id, settings, started, result, archived, closed FROM tables "
                    f"{where} ORDER BY id", args)
            }
            for number, seat, name, proof in self._db.execute(
                    f"SELECT tbl, seat, name, proof FROM seats WHERE tbl IN "
                    f"(SELECT id FROM tables {where})", args):
                rows[number].seats[seat] = (name, proof)
            for number, seat, proof in self._db.execute(
                    f"SELECT tbl, seat, proof FROM claims WHERE tbl IN "
                    f"(SELECT id FROM tables {where})", args):
                rows[number].claims[seat] = proof
        return list(rows.values())

    def action_counts(self) -> dict[int, int]:
        """How many moves each table's game has."""
        with self._lock:
            return dict(self._db.execute("SELECT tbl, count(*) FROM actions GROUP BY tbl"))

    def table(self, table: int) -> TableRow:
        rows = self.tables(table)
        if not rows:
            raise RecordError(f"{self.path} (table {table})", "no such table")
        return rows[0]

    # --- actions ------------------------------------------------------------------------
    def actions(self, table: int) -> list[Action]:
        """The table's actions in order; ``RecordError`` if one is missing or unreadable."""
        source = f"{self.path} (table {table})"
        with self._lock:
            rows = self._db.execute("SELECT idx, action FROM actions WHERE tbl = ? ORDER BY idx",
                                    (table,)).fetchall()
        actions = []
        for expected, (index, text) in enumerate(rows):
            if index != expected:
                raise RecordError(source, f"actions {expected} to {index - 1} are missing from "
                                          f"the journal", expected)
            try:
                actions.append(Action.from_json(json.loads(text)))
            except ValueError as exc:
                raise RecordError(source, str(exc), index) from None
        return actions

    def append(self, table: int, index: int, action: Action) -> None:
        """Store the table's next action (``OSError`` if the table is archived)."""
        with self._write() as db:
            _refuse_archived(db, table)
            db.execute("INSERT INTO actions (tbl, idx, action) VALUES (?, ?, ?)",
                       (table, index, json.dumps(action.to_json())))

    def truncate(self, table: int, length: int) -> None:
        """Forget the actions from ``length`` on (undo)."""
        with self._write() as db:
            _refuse_archived(db, table)
            db.execute("DELETE FROM actions WHERE tbl = ? AND idx >= ?", (table, length))


def _refuse_archived(db: sqlite3.Connection, table: int) -> None:
    """An archived table's moves never change, whichever process tries."""
    row = db.execute("SELECT archived FROM tables WHERE id = ?", (table,)).fetchone()
    if row is not None and row[0] is not None:
        raise OSError(f"table {table} is over or closed: its moves are kept as they are")


class Journal:
    """One table's actions, in the shape ``GameSession`` writes through."""

    def __init__(self, store: Store, table: int) -> None:
        self.store = store
        self.table = table

    def append(self, index: int, action: Action) -> None:
        self.store.append(self.table, index, action)

    def truncate(self, length: int) -> None:
        self.store.truncate(self.table, length)
