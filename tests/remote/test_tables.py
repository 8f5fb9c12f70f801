"""The tables of a server: setting one up (of every game), seating, and how the lobby words
them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from smallworld_tui.cli import main
from smallworld_tui.engine import IllegalAction, games, ruleset
from smallworld_tui.engine.board import MapError
from smallworld_tui.ssh.lobby import table_state
from smallworld_tui.ssh.proofs import proves
from smallworld_tui.ssh.store import Store
from smallworld_tui.ssh.tables import SeatRefused, TableLimits, Tables, new_table
from smallworld_tui.ui.game_options import chosen_options, option_choices, option_label, value_label


@pytest.fixture
def tables(tmp_path: Path) -> Tables:
    return Tables(Store(tmp_path / "t.sqlite3"))


def test_new_tables_are_checked_by_the_engine() -> None:
    settings = new_table(3)
    assert (settings.map, settings.players, settings.game) == ("base-3p", 3, "base")
    with pytest.raises(IllegalAction):
        new_table(3, "base-2p")
    with pytest.raises(IllegalAction):
        new_table(2, names=["Amy"])
    with pytest.raises(IllegalAction):
        new_table(2, options={"nonsense": True})
    with pytest.raises(MapError):
        new_table(2, "/etc/passwd")


def test_tables_of_every_game_restore_with_their_game_and_teams(tables: Tables) -> None:
    underground = tables.open(new_table(3, game="underground"))
    drawn = new_table(4, game="warcraft", options={"teams": True})
    assert drawn.map == "warcraft-4p"  # a board set drawn from the table's seed
    assert drawn.teams == ["alliance", "horde", "alliance", "horde"]
    warcraft = tables.open(drawn)
    assert underground.settings.teams == [] and underground.settings.map == "underground-3p"
    with pytest.raises(IllegalAction):  # a value the data table does not allow
        new_table(2, game="warcraft", options={"garrison_forts": "anywhere"})
    restored = Tables(tables.store)
    restored.restore()
    assert restored.by_id[warcraft.id].settings == warcraft.settings
    assert restored.by_id[underground.id].settings.game == "underground"
    base = new_table(4, seed=drawn.seed)
    assert tables.unfinished_like(base) is None  # same count, another game: not "the same"
    assert tables.unfinished_like(new_table(4, game="warcraft", options={"teams": True})) \
        is warcraft


def test_every_option_of_every_game_has_words_and_a_changed_one_is_named() -> None:
    for game in games():
        for name, values in option_choices(game).items():
            assert option_label(name) and all(value_label(v) for v in values)
    assert chosen_options("warcraft", ruleset("warcraft").options({})) == []
    assert chosen_options("warcraft", ruleset("warcraft").options(
        {"teams": True, "garrison_forts": "one_per_turn"})) == [
        "Teams (Battle for Azeroth): yes", "Garrison forts: one per turn"]


def test_seats_go_first_come_and_the_last_one_starts_the_game(tables: Tables) -> None:
    table = tables.open(new_table(2))
    assert tables.take_seat(table, "Amy", "p1") == 0
    with pytest.raises(SeatRefused):
        tables.take_seat(table, "AMY", "p2")  # one seat per name, whatever its case
    assert not table.started and table_state(table) == "waiting for 1 more"
    assert tables.take_seat(table, "Ben", "p3") == 1
    assert table.started and table_state(table) == "playing"
    with pytest.raises(SeatRefused):
        tables.take_seat(table, "Cai", "p4")
    restored = Tables(tables.store)
    restored.restore()
    again = restored.by_id[table.id]
    assert again.started and [s.name for s in again.seats if s] == ["Amy", "Ben"]
    assert again.seats[0] is not None and again.seats[0].proof == "p1"


def test_reserved_seats_wait_for_their_names(tables: Tables) -> None:
    table = tables.open(new_table(2, names=["Amy", "Ben"]))
    assert table.free_seat_for("Cai") is None
    assert tables.take_seat(table, "ben", "p") == 1  # Ben's own seat, whatever comes first
    tables.leave(table, 1)
    assert table.id in tables.by_id  # a table of reserved seats stays open
    assert tables.unfinished_like(new_table(2, names=["Amy", "Ben"])) is table


def test_a_table_nobody_sits_at_closes_and_waiting_tables_are_capped(tables: Tables) -> None:
    table = tables.open(new_table(2))
    tables.take_seat(table, "Amy", "p")
    tables.leave(table, 0)
    assert table.id not in tables.by_id and tables.store.tables() == []
    with pytest.raises(SeatRefused):  # a menu opened before it closed offers nothing now
        tables.take_seat(table, "Ben", "p")
    assert tables.store.tables() == []
    for number in range(TableLimits().max_waiting):
        tables.open(new_table(2), opener=f"Player {number}")
    with pytest.raises(SeatRefused, match="already waiting"):
        tables.open(new_table(2), opener="Amy")


def test_the_lobby_words_how_a_game_stands(tables: Tables) -> None:
    table = tables.open(new_table(2))
    tables.take_seat(table, "Amy", "p")
    tables.take_seat(table, "Ben", "p")
    tables.hear({"table": table.id, "progress": {"round": 3, "turns": 10, "actor": 1}})
    assert table_state(table) == "round 3/10, Ben to play"
    tables.hear({"table": table.id, "result": {"names": ["Amy", "Ben"], "coins": [40, 41],
                                               "winners": [1]}})
    assert table_state(table) == "over: Ben won with 41 coins"
    tables.hear({"table": table.id, "damaged": "actions 2 to 4 are missing"})
    assert table_state(table).startswith("cannot be played")
    tables.hear({"table": 999, "damaged": "no such table"})  # news of no table: ignored


def test_a_table_whose_settings_cannot_be_read_is_marked_not_lost(tables: Tables) -> None:
    tables.store.create_table({"players": "two"})
    good = tables.open(new_table(2))
    restored = Tables(tables.store)
    restored.restore()
    assert set(restored.by_id) == {1, good.id}
    assert "bad settings" in (restored.by_id[1].damaged or "")
    assert restored.by_id[good.id].damaged is None


def test_serve_opens_a_table_of_any_game_with_its_options(tmp_path: Path) -> None:
    env = {"SMALLWORLD_TUI_DATA": str(tmp_path)}
    runner = CliRunner()
    serve = ["--lang", "en", "serve", "--port", "1", "--password", "pw", "--host", "256.0.0.1"]
    for wrong, why in ((["--option", "teams"], "NAME=VALUE"),
                       (["--option", "nonsense=1"], "NAME=VALUE"),
                       (["--option", "teams=maybe"], "yes or no"),
                       (["--option", "garrison_forts=anywhere"], "must be one of")):
        result = runner.invoke(main, [*serve, "--game", "warcraft", *wrong], env=env)
        assert result.exit_code == 2 and why in result.output, result.output
    result = runner.invoke(main, [*serve, "--game", "warcraft", "--players", "4", "--option",
                                  "teams=yes", "--option", "garrison_forts=one_per_turn"],
                           env=env)
    assert "Table 1: Small World of Warcraft, warcraft-4p, 4 players." in result.output
    store = Store(tmp_path / "server.sqlite3")
    tables = Tables(store)
    tables.restore()
    settings = tables.by_id[1].settings
    assert (settings.game, settings.options["teams"], settings.options["garrison_forts"]) == (
        "warcraft", True, "one_per_turn")
    store.close()


def test_serve_prints_a_code_for_each_reserved_seat_once(tmp_path: Path) -> None:
    env = {"SMALLWORLD_TUI_DATA": str(tmp_path)}
    runner = CliRunner()
    serve = ["--lang", "en", "serve", "--port", "1", "--password", "pw", "--host", "256.0.0.1"]
    for wrong, why in (("Amy,😀", "cannot be a name"), ("Amy,аmy", "looks like 'Amy'"),
                       ("Amy,AMY", "given twice")):
        result = runner.invoke(main, [*serve, "--names", wrong], env=env)
        assert result.exit_code == 2 and why in result.output, result.output
    result = runner.invoke(main, [*serve, "--names", "Ａmy,Ben"], env=env)
    assert "Table 1: Small World, base-2p, 2 players (Amy, Ben)." in result.output
    codes = re.findall(r"Table 1, seat (\d) \((\w+)\): code ([a-z2-9-]{14})", result.output)
    assert [(seat, name) for seat, name, _code in codes] == [("1", "Amy"), ("2", "Ben")]
    again = runner.invoke(main, [*serve, "--names", "Amy,Ben"], env=env)  # the same table
    assert "Table 1:" in again.output and "code" not in again.output  # its codes stand
    store = Store(tmp_path / "server.sqlite3")
    claims = store.table(1).claims
    assert [proves(claims[int(seat) - 1], secret=code) for seat, _name, code in codes] == [
        True, True]
    store.close()
