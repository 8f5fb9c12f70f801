"""`smallworld-tui tables`: the host lists, closes and exports tables, with `serve` running
(through its control socket) or not (holding the store's lock); a closed game keeps every
move."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from remote.client import Player
from remote.servers import PASSWORD, Host
from remote.test_bot_tables import human_turn
from remote.test_ssh import seated, until
from smallworld_tui.cli import main
from smallworld_tui.engine import Action, load_record
from smallworld_tui.session import GameSession
from smallworld_tui.ssh.control import close_in_server
from smallworld_tui.ssh.store import Journal, Store
from smallworld_tui.ssh.tables import Tables, new_table, stored_game


def tables_command(store: Path, *args: str) -> Result:
    return CliRunner().invoke(main, ["--lang", "en", "tables", *args, "--db", str(store)])


async def test_the_host_closes_a_game_being_played_and_every_move_is_kept(
        host: Host, tmp_path: Path) -> None:
    (amy, _), (ben, _) = await seated(host, "Amy", "Ben")
    cai = await Player.join(host.port, "Cai", PASSWORD)
    await cai.open_table()
    await cai.choose("Watch")
    await cai.wait_for("you are watching")
    amy.send("0")
    await until(lambda: host.store.actions(1) == [Action("pick", 0)], "Amy's pick")
    closed = await asyncio.to_thread(tables_command, host.store.path, "close", "1")
    assert closed.exit_code == 0, closed.output
    assert "Table 1 closed; its game is kept" in closed.output
    for player in (amy, ben, cai):  # back in the lobby, told why, not a traceback
        await player.wait_for("in the lobby", "The host closed table 1; its game is kept.",
                              "closed by the host")
    row = host.store.table(1)
    assert row.archived and row.closed == "host"
    assert host.store.actions(1) == [Action("pick", 0)]
    assert host.hosting is not None and host.hosting.hosts.local is not None
    assert 1 not in host.hosting.hosts.local.sessions
    await amy.open_table()
    menu = await amy.wait_for("Watch")
    assert "Play your seat" not in menu  # watched, never played again
    listing = tables_command(host.store.path, "list", "--all")
    assert "closed by the host after 1 move" in listing.output, listing.output
    assert "No table is waiting" in tables_command(host.store.path, "list").output
    exported = tables_command(host.store.path, "export", "1", str(tmp_path / "game.json"))
    assert exported.exit_code == 0, exported.output
    record = load_record(tmp_path / "game.json")
    assert record.players == ["Amy", "Ben"] and record.actions == [Action("pick", 0)]
    for player in (amy, ben, cai):
        await player.close()


def test_with_no_server_running_the_command_closes_tables_itself(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    tables = Tables(store)
    waiting = tables.open(new_table(2, names=["Amy", "Ben"]))
    playing = tables.open(new_table(2, seed=3))
    for name in ("Amy", "Ben"):
        tables.take_seat(playing, name, "p")
    Journal(store, playing.id).append(0, Action("pick", 1))
    listing = tables_command(store.path, "list")
    assert listing.exit_code == 0
    assert "waiting for 2 more  ((Amy), (Ben))" in listing.output
    assert "being played: 1 move  (Amy, Ben)" in listing.output
    closed = tables_command(store.path, "close", str(waiting.id), str(playing.id), "9")
    assert closed.exit_code == 1
    assert f"Table {waiting.id} closed; it had not started." in closed.output
    assert f"Table {playing.id} closed; its game is kept" in closed.output
    assert "There is no table 9 waiting or being played." in closed.output
    assert [row.id for row in store.tables()] == [playing.id]
    assert store.table(playing.id).closed == "host" and store.actions(playing.id)
    again = tables_command(store.path, "close", str(playing.id))
    assert again.exit_code == 1 and f"Table {playing.id} is already over." in again.output
    store.close()


def test_the_command_names_a_missing_store_and_a_table_with_no_game(tmp_path: Path) -> None:
    missing = tables_command(tmp_path / "none.sqlite3", "list")
    assert missing.exit_code == 1
    assert f"there is no server store at {tmp_path / 'none.sqlite3'}" in missing.output
    assert not (tmp_path / "none.sqlite3").exists()
    store = Store(tmp_path / "s.sqlite3")
    Tables(store).open(new_table(2))
    unplayed = tables_command(store.path, "export", "1", str(tmp_path / "x.json"))
    assert unplayed.exit_code == 1 and "table 1 has not started" in unplayed.output
    store.close()


async def test_a_game_closed_in_a_worker_stops_its_computer_players_at_once(
        tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    host = Host(tmp_path, workers=1)
    table = host.tables.open(new_table(2, seed=4, bots=["random"]))
    host.tables.take_seat(table, "Amy", "p")
    _row, record = stored_game(host.store, table.id)
    human_turn(GameSession(record, journal=Journal(host.store, table.id)))
    await host.start()  # the worker loads the game: its computer player is to move
    try:
        assert close_in_server(host.server, table.id) == {"table": table.id,
                                                          "started": True}
        moves = len(host.store.actions(table.id))
        await asyncio.sleep(2.0)  # more than a computer player's pace
        assert len(host.store.actions(table.id)) == moves
        assert "was not played" not in capfd.readouterr().err  # it did not even try
    finally:
        await host.stop()
        host.store.close()


async def test_the_host_gives_a_reserved_seat_a_new_code_and_the_lost_one_stops_working(
        host: Host) -> None:
    from remote.test_seat_trust import claim

    reserved = host.server.tables.open(new_table(2, seed=3, names=["Amy", "Ben"]))  # table 2
    (_, _, lost), _ = host.server.tables.issue_codes()
    renewed = await asyncio.to_thread(tables_command, host.store.path, "code",
                                      str(reserved.id), "1")
    assert renewed.exit_code == 0, renewed.output
    code = renewed.output.split("code ")[-1].strip()
    assert f"Table {reserved.id}, seat 1 (Amy): code " in renewed.output and code != lost
    amy = await Player.join(host.port, "Amy", PASSWORD)
    await claim(amy, lost)
    await amy.wait_for("That is not the code of this seat")
    await claim(amy, code)
    await amy.wait_for("This seat is yours")
    await amy.close()


def test_new_codes_only_for_free_seats_reserved_for_a_name(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    tables = Tables(store)
    reserved = tables.open(new_table(2, names=["Amy", "Ben"]))
    tables.take_seat(reserved, "Ben", "p")
    free = tables.open(new_table(2, seed=3))
    store.close()
    given = tables_command(store.path, "code", str(reserved.id), "1")  # no server: here
    assert given.exit_code == 0, given.output
    assert "seat 1 (Amy): code " in given.output
    assert Store(store.path).tables(reserved.id)[0].claims.keys() == {0}
    for args, why in (((reserved.id, 2), "Seat 2 at table 1 is taken."),
                      ((free.id, 1), "Seat 1 at table 2 is not reserved for a name."),
                      ((9, 1), "There is no table 9 waiting for players.")):
        refused = tables_command(store.path, "code", *map(str, args))
        assert refused.exit_code == 1 and why in refused.output, refused.output
