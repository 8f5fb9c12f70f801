"""The server's store: journals that never lose or overwrite a move, gaps reported, a full
disk refused cleanly."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from smallworld_tui.engine import Action, RecordError
from smallworld_tui.ssh.store import Journal, Store, StoreError


def test_the_store_journal_round_trips_and_reports_a_gap(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    table = store.create_table({"players": 2})
    other = store.create_table({"players": 2})
    journal = Journal(store, table)
    for index, action in enumerate([Action("pick", 0), Action("end_conquest"),
                                    Action("end_redeploy")]):
        journal.append(index, action)
    Journal(store, other).append(0, Action("pick", 1))
    assert store.actions(table)[1] == Action("end_conquest")
    journal.truncate(2)
    assert len(store.actions(table)) == 2
    journal.append(3, Action("end_redeploy"))  # index 2 never stored: a gap
    with pytest.raises(RecordError) as caught:
        store.actions(table)
    assert f"table {table}" in str(caught.value) and "action 2" in str(caught.value)
    assert "missing" in str(caught.value)
    assert store.actions(other) == [Action("pick", 1)]  # the other table is fine
    with pytest.raises(OSError, match="UNIQUE"):
        journal.append(1, Action("pick", 0))  # a row is never overwritten
    store.close()


def test_a_full_disk_in_sqlite_is_an_oserror_and_keeps_nothing(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    table = store.create_table({"players": 2})
    fill = sqlite3.connect(tmp_path / "s.sqlite3")
    pages = fill.execute("PRAGMA page_count").fetchone()[0]
    store._db.execute(f"PRAGMA max_page_count = {pages}")
    with pytest.raises(OSError, match="full"):
        for index in range(2000):
            Journal(store, table).append(index, Action("deploy", 1, 1))
    stored = len(store.actions(table))
    assert stored < 2000
    store._db.execute("PRAGMA max_page_count = 1000000")
    Journal(store, table).append(stored, Action("end_redeploy"))
    assert len(store.actions(table)) == stored + 1
    fill.close()
    store.close()


def test_an_older_store_is_left_alone_with_a_clear_refusal(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, setup TEXT)")
    db.execute("INSERT INTO games (setup) VALUES (?)", (json.dumps({"players": ["A"]}),))
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="older smallworld-tui"):
        Store(path)
    db = sqlite3.connect(path)
    assert db.execute("SELECT count(*) FROM games").fetchone() == (1,)
    db.close()


def test_a_store_of_the_previous_version_is_upgraded_its_finished_games_archived(
        tmp_path: Path) -> None:
    path = tmp_path / "v2.sqlite3"
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE tables (id INTEGER PRIMARY KEY AUTOINCREMENT,
            created TEXT NOT NULL DEFAULT (datetime('now')), settings TEXT NOT NULL,
            started INTEGER NOT NULL DEFAULT 0, result TEXT);
        CREATE TABLE seats (tbl INTEGER NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL,
            proof TEXT NOT NULL, PRIMARY KEY (tbl, seat));
        CREATE TABLE actions (tbl INTEGER NOT NULL, idx INTEGER NOT NULL,
            action TEXT NOT NULL, PRIMARY KEY (tbl, idx));
        INSERT INTO tables (settings, started, result) VALUES ('{}', 1, '{"winners": [0]}');
        INSERT INTO tables (settings, started) VALUES ('{}', 1);
        PRAGMA user_version = 2;""")
    db.close()
    store = Store(path)
    finished, playing = store.tables()
    assert finished.archived and finished.result == {"winners": [0]}
    assert not playing.archived and playing.closed is None
    assert [row.id for row in store.live_tables()] == [playing.id]
    Journal(store, playing.id).append(0, Action("pick", 0))
    with pytest.raises(OSError, match="over or closed"):
        Journal(store, finished.id).append(0, Action("pick", 0))
    store.close()
