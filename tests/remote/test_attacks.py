"""Attacks on the SSH server that must fail, over loopback as a stranger would make them."""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
from pathlib import Path

import asyncssh
import pytest
from click.testing import CliRunner

from remote.client import ENTER, Player
from remote.servers import PASSWORD, Host, two_player_table
from remote.test_ssh import coins, game, seated, until
from smallworld_tui.cli import main
from smallworld_tui.engine import Action
from smallworld_tui.ssh.driver import RESTORE
from smallworld_tui.ssh.keys import read_key_book
from smallworld_tui.ssh.tables import new_table


async def test_a_second_connection_under_a_players_name_cannot_take_the_seat(
        host: Host, caplog: pytest.LogCaptureFixture) -> None:
    (amy, _), (ben, _) = await seated(host, "Amy", "Ben")
    thief = await Player.join(host.port, "amy", PASSWORD)  # another case is the same name
    await thief.open_table()
    await thief.choose("Play your seat")
    for guess in ("amy", "password", "aaaa-bbbb-cccc"):
        await thief.wait_for("Type the secret")
        thief.send(guess + ENTER)
        if guess != "aaaa-bbbb-cccc":
            await thief.wait_for("not the secret")
            await thief.open_table()
            await thief.wait_gone("not the secret")
            await thief.choose("Play your seat")
    await thief.ended()  # three wrong secrets: the connection is closed
    assert b"Too many wrong secrets" in thief.raw
    assert "failed login from 127.0.0.1 as 'amy': wrong seat secret" in caplog.text
    amy.send("0")  # Amy still has her seat, her coins and her controls
    await until(lambda: game(host).record.actions == [Action("pick", 0)], "Amy's pick")
    assert "5¢" in amy.text()
    await amy.close()
    await ben.close()


async def test_a_seat_is_taken_back_with_its_secret_and_the_old_terminal_left_usable(
        host: Host) -> None:
    (amy, secret), (ben, _) = await seated(host, "Amy", "Ben")
    assert secret is not None
    amy.send("0")
    await until(lambda: game(host).record.actions == [Action("pick", 0)], "Amy's pick")
    again = await Player.join(host.port, "Amy", PASSWORD)  # her laptop, say
    await again.open_table()
    await again.choose("Play your seat")
    await again.wait_for("Type the secret")
    again.send(secret.upper().replace("-", " ") + ENTER)  # typed loosely: still hers
    screen = await again.wait_for("Round 1", "in hand")
    assert coins(screen, "Amy") == "5"
    await amy.ended()  # the old connection is closed, its terminal restored, and told why
    tail = bytes(amy.raw[-400:])
    assert RESTORE.encode() in tail and b"taken over by a new connection" in tail
    again.send("L")  # to the lobby and back: no secret asked again in this connection
    await again.wait_for("in the lobby", "seat 1")
    await again.open_table()
    await again.choose("Play your seat")
    await again.wait_for("Round 1", "in hand")
    await again.close()
    await ben.close()


def key_file(tmp_path: Path, **keys: asyncssh.SSHKey) -> Path:
    path = tmp_path / "players.keys"
    path.write_text("".join(f"{' '.join(k.export_public_key().decode().split()[:2])} {name}\n"
                            for name, k in keys.items()))
    return path


async def test_a_key_logs_in_only_under_its_own_name(tmp_path: Path) -> None:
    amy_key, ben_key = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    book = read_key_book(key_file(tmp_path, Amy=amy_key, Ben=ben_key))
    host = Host(tmp_path, password=PASSWORD, keys=book)
    await host.start(two_player_table())
    try:
        with pytest.raises(asyncssh.PermissionDenied):  # Amy's key under Ben's name
            await Player.join(host.port, "Ben", key=amy_key)
        with pytest.raises(asyncssh.PermissionDenied):  # the password under a key's name
            await Player.join(host.port, "Amy", PASSWORD)
        amy = await Player.join(host.port, "amy", key=amy_key)
        assert await amy.take_seat() is None  # her key holds the seat: no secret
        ben = await Player.join(host.port, "Ben", key=ben_key)
        await ben.take_seat()
        await amy.wait_for("Round 1")
        await amy.close()
        again = await Player.join(host.port, "Amy", key=amy_key)
        await again.open_table()
        await again.choose("Play your seat")  # no secret asked: the key proves it
        await again.wait_for("Round 1", "5¢")
        cai = await Player.join(host.port, "Cai", PASSWORD)  # a stranger with the password
        await cai.open_table()
        await cai.wait_for("Watch")
        assert "Play your seat" not in cai.text()
        for p in (again, ben, cai):
            await p.close()
    finally:
        await host.stop()
        host.store.close()


async def test_no_remote_player_saves_loads_or_screenshots_on_the_server(
        host: Host, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.chdir(home)
    before = set(tmp_path.rglob("*"))
    (amy, _), (ben, _) = await seated(host, "Amy", "Ben")
    watcher = await Player.join(host.port, "Eve", PASSWORD)
    await watcher.open_table()
    await watcher.choose("Watch")
    await watcher.wait_for("you are watching")
    for player in (amy, watcher):
        player.send("\x13")  # ctrl+s: no save dialog
        await asyncio.sleep(0.3)
        player.send("../../../tmp/x/pwned" + ENTER + "~/x.json" + ENTER)
        player.send("\x0f")  # ctrl+o: no load dialog
        await asyncio.sleep(0.3)
        assert "Save the game" not in player.text() and "Load a saved" not in player.text()
        assert str(tmp_path) not in player.text()
        player.send("\x10")  # the palette offers no screenshot
        player.send("screenshot")
        await player.wait_for("screenshot")
        await asyncio.sleep(0.5)
        assert "Save an SVG" not in player.text()
        player.send(ENTER + "\x1b")
        await asyncio.sleep(0.3)
    amy.send("\x1bOP")  # F1: the keys help names no save key
    keys = await amy.wait_for("Keys")
    assert "ctrl+s" not in keys and "ctrl+o" not in keys
    after = set(tmp_path.rglob("*")) - before
    assert not [p for p in after if "pwned" in p.name or p.suffix in (".json", ".svg")]
    assert not Path("/tmp/x/pwned").exists() and not (home / "x.json").exists()
    for p in (amy, ben, watcher):
        await p.close()


MARKUP_NAMES = ("[/]", "[bold]Cai", "[@click=app.quit]Q")


async def test_markup_in_names_is_shown_as_typed_everywhere(host: Host) -> None:
    bystander = await Player.join(host.port, "Amy", PASSWORD)
    await bystander.wait_for("in the lobby")
    players = []
    for name in MARKUP_NAMES:
        player = await Player.join(host.port, name, PASSWORD)
        await player.wait_for(f"Small World · {name} in the lobby")
        players.append(player)
    host.server.tables.open(new_table(3, seed=2))
    for player in players:
        await player.take_seat(row=1)
    # the lobby lives, and shows every name as typed
    await bystander.wait_for("[/], [bold]Cai, [@click=app.quit]Q", "round 1/10, [/] to play")
    first = players[0]
    screen = await first.wait_for("Round 1", "[bold]Cai", "[@click=app.quit]Q")
    assert "[/]" in screen
    await players[1].wait_for("Round 1")  # at the table, no longer in the lobby
    players[1].send("\t" + ENTER)  # a combo, not their turn: the toast names "[/]"
    await players[1].wait_for("It is [/]'s decision")
    first.send("0")
    await first.wait_for("[/] picked")  # the log
    for player in (*players, bystander):
        assert player.process.exit_status is None
        await player.close()


async def test_names_a_remote_user_may_not_play_under_are_refused_clearly(host: Host) -> None:
    for name, why in (("", "an empty name"), (" Amy", "spaces"), ("😀 Eli", "emoji")):
        async with asyncssh.connect("127.0.0.1", host.port, username=name, password=PASSWORD,
                                    known_hosts=None) as conn:
            process = await conn.create_process(term_type="xterm", encoding=None)
            said = (await process.stdout.read()).decode()
        assert why in said and "Connect with the name" in said, said
    other_script = await Player.join(host.port, "Łukasz アミ", PASSWORD)  # any script plays
    await other_script.wait_for("Łukasz アミ in the lobby")
    await other_script.close()


class Guesser(asyncssh.SSHClient):
    """A client that tries password after password on one connection."""

    guesses = 0

    def password_auth_requested(self) -> str:
        Guesser.guesses += 1
        return f"guess-{Guesser.guesses}"


async def test_fifty_wrong_passwords_shut_the_address_out(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    host = Host(tmp_path)
    await host.start()
    limits = host.limits
    reasons = []
    try:
        Guesser.guesses = 0
        while Guesser.guesses < 50 and len(reasons) < 50:
            before = Guesser.guesses
            try:
                conn, _client = await asyncssh.create_connection(
                    Guesser, "127.0.0.1", host.port, username="Amy", known_hosts=None,
                    preferred_auth="password", config=[], client_keys=None, agent_path=None)
                conn.close()
            except (asyncssh.DisconnectError, asyncssh.PermissionDenied) as exc:
                reasons.append(exc.reason)
            assert Guesser.guesses - before <= limits.failures_per_connection
        assert "too many failed logins" in reasons[0]  # three tries, then the door shuts
        assert "too many failed logins from your address; try again later" in reasons[-1]
        with pytest.raises(asyncssh.DisconnectError, match="failed logins from your address"):
            await Player.join(host.port, "Amy", PASSWORD)  # even the right password, now
        failures = caplog.text.count("failed login from 127.0.0.1 as 'Amy': wrong password")
        assert failures == limits.failures_per_address
    finally:
        await host.stop()
        host.store.close()


async def test_connections_are_capped_per_address_with_a_clear_reason(tmp_path: Path) -> None:
    from remote.servers import TEST_LIMITS
    from smallworld_tui.ssh.guard import Limits

    host = Host(tmp_path, limits=Limits(max_per_address=2, first_delay=TEST_LIMITS.first_delay))
    await host.start()
    try:
        one = await Player.join(host.port, "Amy", PASSWORD)
        two = await Player.join(host.port, "Ben", PASSWORD)
        with pytest.raises(asyncssh.DisconnectError, match="too many connections from your"):
            await Player.join(host.port, "Cai", PASSWORD)
        await one.close()
        await until(lambda: host.server.guard.connections.get("127.0.0.1", 0) < 2,
                    "Amy's connection counted out")
        three = await Player.join(host.port, "Cai", PASSWORD)
        await three.wait_for("in the lobby", "There is no table yet")
        host.server.tables.open(two_player_table())
        await three.wait_for("waiting for 2 more")
        await three.wait_gone("There is no table yet")
        await two.close()
        await three.close()
    finally:
        await host.stop()
        host.store.close()


def test_serve_refuses_an_empty_password_and_an_open_door(tmp_path: Path) -> None:
    env = {"SMALLWORLD_TUI_DATA": str(tmp_path)}
    runner = CliRunner()
    for args in (["--host", "0.0.0.0", "--password", ""], ["--password", ""],
                 ["--host", "0.0.0.0"]):
        result = runner.invoke(main, ["--lang", "en", "serve", "--port", "0", *args], env=env)
        assert result.exit_code == 2, result.output
    assert "must not be empty" in runner.invoke(
        main, ["--lang", "en", "serve", "--host", "0.0.0.0", "--password", ""], env=env).output
    assert not list(tmp_path.iterdir())  # refused before anything was created


async def test_a_full_disk_refuses_the_move_and_the_game_goes_on(
        host: Host, monkeypatch: pytest.MonkeyPatch) -> None:
    (amy, _), (ben, _) = await seated(host, "Amy", "Ben")
    store_append = host.store.append

    def disk_full(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(host.store, "append", disk_full)
    amy.send("0")
    await amy.wait_for("saved (No space left on", "played. Try again")  # (a notice folds)
    assert game(host).record.actions == []
    monkeypatch.setattr(host.store, "append", store_append)  # the disk has room again
    amy.send("0")
    await until(lambda: game(host).record.actions == [Action("pick", 0)], "the pick")
    before = game(host).state.dumps()
    for p in (amy, ben):
        await p.close()
    await host.stop()
    await host.start()
    assert game(host).state.dumps() == before


async def test_a_journal_with_a_gap_is_reported_and_the_other_tables_play(host: Host) -> None:
    (amy, _), (ben, _) = await seated(host, "Amy", "Ben")
    amy.send("0")
    await until(lambda: game(host).record.actions, "the pick")
    for p in (amy, ben):
        await p.close()
    await host.stop()
    db = sqlite3.connect(host.store.path)
    db.execute("UPDATE actions SET idx = 5 WHERE tbl = 1 AND idx = 0")
    db.commit()
    db.close()
    await host.start(two_player_table())
    cai = await Player.join(host.port, "Cai", PASSWORD)
    lobby = await cai.wait_for("cannot be played", "waiting for 2 more")
    assert lobby.index("cannot be played") < lobby.index("waiting for 2 more")
    await cai.open_table()
    await cai.wait_for("Table 1 cannot be played", "actions 0 to 4 are missing")
    await cai.take_seat(row=1)
    dee = await Player.join(host.port, "Dee", PASSWORD)
    await dee.take_seat(row=1)
    await dee.wait_for("Round 1", "Cai", "Dee")
    await cai.close()
    await dee.close()


def test_no_file_of_the_server_is_readable_by_others(tmp_path: Path) -> None:
    env = {"SMALLWORLD_TUI_DATA": str(tmp_path / "data")}
    result = CliRunner().invoke(main, ["--lang", "en", "serve", "--port", "1", "--password",
                                       "pw", "--host", "256.0.0.1"], env=env)
    assert result.exit_code != 0  # it stops at listening, after creating its files
    made = [tmp_path / "data", *(tmp_path / "data").iterdir()]
    assert {p.name for p in made} >= {"data", "server.sqlite3", "ssh_host_ed25519_key"}
    assert all(os.stat(p).st_mode & 0o077 == 0 for p in made), [
        (p.name, oct(os.stat(p).st_mode)) for p in made]


@pytest.fixture(autouse=True)
def _log_warnings(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING)

