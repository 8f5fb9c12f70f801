"""What one remote player may open: unfinished tables per player and in all, waiting tables
closed when idle, finished games archived (kept, listed, watched, never changed again)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from remote.client import ENTER, Player
from remote.servers import PASSWORD, Host, two_player_table
from smallworld_tui.bots.random_play import play_random_game
from smallworld_tui.engine import Action
from smallworld_tui.ssh.store import Journal, Store
from smallworld_tui.ssh.table_host import TableHost
from smallworld_tui.ssh.tables import SeatRefused, TableLimits, Tables, new_table


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def tables(tmp_path: Path, clock: Clock) -> Tables:
    return Tables(Store(tmp_path / "t.sqlite3"), TableLimits(per_player=2, max_tables=5),
                  clock)


def bot_table(tables: Tables, name: str) -> int:
    """``name`` opens a table with a computer player and sits at it: it starts at once."""
    table = tables.open(new_table(2, bots=["easy"]), opener=name)
    tables.take_seat(table, name, "p")
    assert table.started
    return table.id


def test_a_player_opening_tables_with_bots_is_capped_however_they_start(
        tables: Tables) -> None:
    first, _second = bot_table(tables, "Amy"), bot_table(tables, "Amy")
    with pytest.raises(SeatRefused, match="already have 2 unfinished tables"):
        tables.open(new_table(2, bots=["easy"]), opener="AMY")  # whatever the case
    waiting = tables.open(new_table(2), opener="Ben")
    with pytest.raises(SeatRefused, match="already have 2"):
        tables.take_seat(waiting, "Amy", "p")  # joining counts as much as opening
    tables.hear({"table": first, "result": {"names": ["Amy", "Bot 2 (easy)"],
                                            "coins": [30, 20], "winners": [0]}})
    tables.take_seat(waiting, "Amy", "p")  # a finished game no longer counts
    host = tables.open(new_table(2, names=["Amy", "Cai"]))  # the host's: not limited
    tables.take_seat(host, "Amy", "p")  # and the seat the host reserved for her is hers


def test_a_table_opened_and_left_empty_still_counts_for_its_opener(tables: Tables) -> None:
    tables.open(new_table(2, bots=["easy"]), opener="Amy")  # she never sat down
    bot_table(tables, "Amy")
    with pytest.raises(SeatRefused, match="already have 2"):
        tables.open(new_table(2, bots=["easy"]), opener="Amy")


def test_unfinished_tables_are_capped_in_all_whatever_the_names(tables: Tables) -> None:
    for name in ("Amy", "Ben", "Cai", "Dee", "Eve"):
        bot_table(tables, name)
    with pytest.raises(SeatRefused, match="already has 5 unfinished tables"):
        tables.open(new_table(2, bots=["easy"]), opener="Fay")


def test_a_waiting_table_where_no_seat_changes_closes(tables: Tables, clock: Clock) -> None:
    idle = tables.open(new_table(2), opener="Amy")
    tables.take_seat(idle, "Amy", "p")
    busy = tables.open(new_table(3), opener="Ben")
    reserved = tables.open(new_table(2, names=["Cai", "Dee"]))
    started = bot_table(tables, "Eve")
    clock.now += 20 * 60
    tables.take_seat(busy, "Ben", "p")  # a seat taken: busy starts idling afresh
    clock.now += 10 * 60
    assert tables.expire() == [idle.id]
    assert set(tables.by_id) == {busy.id, reserved.id, started}
    assert [row.id for row in tables.store.tables()] == [busy.id, reserved.id, started]
    clock.now += 30 * 60
    assert tables.expire() == [busy.id]  # never the host's reserved table, nor a game


def finished_table(tables: Tables, seed: int) -> int:
    """A stored two-player table whose game was played to its end."""
    table = tables.open(new_table(2, "base-2p", seed=seed))
    tables.take_seat(table, "Amy", "p")
    tables.take_seat(table, "Ben", "p")
    _state, record = play_random_game(["Amy", "Ben"], "base-2p", seed)
    journal = Journal(tables.store, table.id)
    for index, action in enumerate(record.actions):
        journal.append(index, action)
    return table.id


def test_a_finished_game_is_archived_and_never_changed_again(tables: Tables) -> None:
    table = finished_table(tables, 5)
    news: list[dict[str, object]] = []
    host = TableHost(tables.store, news.append)
    session = host.session(table)
    assert session is not None and session.view(0).finished
    assert table not in host.sessions  # the host forgot it; a later visit watches a copy
    row = tables.store.table(table)
    assert row.archived and row.result is not None and row.closed is None
    moves = len(tables.store.actions(table))
    with pytest.raises(OSError, match="over or closed"):
        Journal(tables.store, table).append(moves, Action("end_turn"))
    with pytest.raises(OSError, match="over or closed"):
        Journal(tables.store, table).truncate(0)
    assert len(tables.store.actions(table)) == moves


async def test_finished_tables_are_archived_and_the_lobby_lists_the_newest(
        tmp_path: Path) -> None:
    host = Host(tmp_path, table_limits=TableLimits(archived_shown=1))
    for seed in (3, 5):
        finished_table(host.tables, seed)
    await host.start()  # each game is found over: archived
    try:
        assert [row.archived for row in host.store.tables()] == [True, True]
        assert sorted(host.tables.by_id) == [2]  # the newest only
        amy = await Player.join(host.port, "Amy", PASSWORD)
        lobby = await amy.wait_for("over:")
        assert re.search(r"\b2\s+Small World\s+base-2p\s+Amy, Ben\s+over: \w+ won", lobby)
        assert not re.search(r"^\W*1\s", lobby, re.MULTILINE)
        await amy.open_table()
        await amy.choose("Watch the game again")  # an archived game: the replay viewer
        await amy.wait_for("Watching again: move 0 of")
        await amy.close()
    finally:
        await host.stop()
        host.store.close()


async def test_a_hostile_player_opening_bot_tables_past_the_cap_is_told(
        tmp_path: Path) -> None:
    host = Host(tmp_path, table_limits=TableLimits(per_player=1))
    await host.start()
    try:
        amy = await Player.join(host.port, "Amy", PASSWORD)
        await amy.wait_for("in the lobby")
        await amy.open_bot_table()
        await amy.wait_for("This seat is yours")
        amy.send(ENTER)
        await amy.wait_for("Round 1", "Bot 2")
        amy.send("L")
        await amy.wait_gone("Round 1")  # (the lobby's title may linger under the game's)
        await amy.wait_for("in the lobby")
        await amy.open_bot_table()
        await amy.wait_for("You already have 1 unfinished table, the most one player may")
        assert len(host.tables.by_id) == 1
        await amy.close()
    finally:
        await host.stop()
        host.store.close()


async def test_an_idle_waiting_table_closes_and_whoever_waits_is_told(tmp_path: Path) -> None:
    # idle long enough for Amy to log in and sit on a loaded machine before it closes
    host = Host(tmp_path, table_limits=TableLimits(idle_seconds=4.0))
    await host.start(two_player_table(), new_table(2, names=["Cai", "Dee"]))
    try:
        amy = await Player.join(host.port, "Amy", PASSWORD)
        await amy.take_seat()
        await amy.wait_for("Table 1 was closed.", timeout=20)
        assert [row.id for row in host.store.tables()] == [2]  # the host's table stays
        await amy.close()
    finally:
        await host.stop()
        host.store.close()
