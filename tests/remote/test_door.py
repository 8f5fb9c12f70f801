"""The door's parts on their own: names, keys bound to names, seat proofs, login limits, and the
server's private files."""

from __future__ import annotations

import logging
import stat
import subprocess
import sys
from pathlib import Path

import asyncssh
import pytest

from smallworld_tui.ssh.files import (
    kept_password,
    load_host_key,
    private_database,
    private_folder,
)
from smallworld_tui.ssh.guard import Guard, Limits
from smallworld_tui.ssh.keys import KeyBook, KeyFileError, read_key_book
from smallworld_tui.ssh.names import name_problem
from smallworld_tui.ssh.proofs import key_proof, new_secret, proves
from smallworld_tui.ssh.server import Door
from smallworld_tui.ssh.store import Store


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.parametrize("name", ["Amy", "Ben Okafor", "[/]", "[bold]x", "山田", "Zoë", "Łukasz",
                                  "アミ", "עמי", "กี่"])
def test_names_of_every_script_are_accepted(name: str) -> None:
    assert name_problem(name) is None


@pytest.mark.parametrize(("name", "why"), [
    ("", "empty"), ("   ", "empty"), (" Amy", "spaces"), ("Amy\n", "spaces"),
    ("A\x1b[2Jmy", "character 2, U+001B: invisible or control"),
    ("Amy\u202e", "character 4, U+202E RIGHT-TO-LEFT OVERRIDE: invisible or control"),
    ("x" * 21, "more than 20 characters"), ("山" * 11, "more than 20 columns"),
    ("😀 Eli", "U+1F600 GRINNING FACE: symbols and emoji"), ("Ben  Okafor", "two spaces"),
    ("amy\u3164", "character 4, U+3164 HANGUL FILLER: invisible"),
    ("\u2800", "U+2800 BRAILLE PATTERN BLANK"), ("a\u200bmy", "U+200B ZERO WIDTH SPACE"),
    ("a" + "\u200b" * 5000, "more than 20 characters"), ("Ａ\u00a0b", "compatibility form"),
    ("\u0301amy", "starts with a combining mark"), ("a" + "\u0301" * 5, "more than 3 marks"),
])
def test_unusable_names_are_refused_with_a_reason(name: str, why: str) -> None:
    problem = name_problem(name)
    assert problem is not None and why in problem


def key_line(key: asyncssh.SSHKey, name: str) -> str:
    return f"{key.export_public_key().decode().split()[0]} " \
           f"{key.export_public_key().decode().split()[1]} {name}\n"


def test_keys_are_bound_to_the_names_in_their_comments(tmp_path: Path) -> None:
    amy, ben = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    path = tmp_path / "keys"
    path.write_text("# players\n\n" + key_line(amy, "Amy") + key_line(ben, "Ben Okafor"))
    book = read_key_book(path)
    assert book.admits("amy", amy) and book.admits("Ben Okafor", ben)
    assert not book.admits("Ben Okafor", amy) and not book.admits("Cai", amy)
    assert book.reserves("AMY") and not book.reserves("Cai")


@pytest.mark.parametrize(("line", "why"), [
    ('from="10.0.0.1" ssh-ed25519 AAAA Amy', "options"),
    ("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIL", "comment"),
    ("ssh-ed25519 AAAAnotakey Amy", "not a public key"),
    ("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIL Amy\x07", "cannot be used"),
])
def test_a_bad_keys_file_names_its_line(tmp_path: Path, line: str, why: str) -> None:
    path = tmp_path / "keys"
    path.write_text("# ok\n" + line + "\n")
    with pytest.raises(KeyFileError) as caught:
        read_key_book(path)
    assert "line 2" in str(caught.value) and why in str(caught.value)


def test_one_key_cannot_carry_two_names(tmp_path: Path) -> None:
    amy = asyncssh.generate_private_key("ssh-ed25519")
    path = tmp_path / "keys"
    path.write_text(key_line(amy, "Amy") + key_line(amy, "Ben"))
    with pytest.raises(KeyFileError, match="line 2: this key is already the key of 'Amy'"):
        read_key_book(path)


def test_the_password_never_opens_a_name_bound_to_keys(tmp_path: Path) -> None:
    amy = asyncssh.generate_private_key("ssh-ed25519")
    path = tmp_path / "keys"
    path.write_text(key_line(amy, "Amy"))
    door = Door("pw", read_key_book(path))
    assert door.password_opens("Ben", "pw") and not door.password_opens("Ben", "pW")
    assert not door.password_opens("amy", "pw")


@pytest.mark.parametrize(("password", "keys"), [("", None), (None, None), ("", KeyBook())])
def test_the_door_needs_a_password_or_keys_and_never_an_empty_one(
        password: str | None, keys: KeyBook | None) -> None:
    with pytest.raises(ValueError, match=r"required|anyone"):
        Door(password, keys)


def test_a_seat_secret_proves_only_its_seat() -> None:
    secret, proof = new_secret()
    other, _ = new_secret()
    assert proves(proof, secret=secret) and proves(proof, secret=secret.upper().replace("-", " "))
    assert not proves(proof, secret=other) and not proves(proof, secret="")
    assert not proves(proof, key_holder="Amy")
    assert secret not in proof
    assert proves(key_proof("Amy"), key_holder="amy")
    assert not proves(key_proof("Amy"), key_holder="Ben")
    assert not proves(key_proof("Amy"), secret="amy")


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def test_failures_shut_an_address_out_until_they_age(caplog: pytest.LogCaptureFixture
                                                           ) -> None:
    clock = Clock()
    guard = Guard(Limits(failures_per_address=3, window=60, first_delay=0.001, max_delay=0.002),
                  clock=clock)
    with caplog.at_level(logging.WARNING):
        for _ in range(3):
            await guard.failed("10.0.0.9", "password", "Amy")
    assert guard.shut_out("10.0.0.9") and not guard.shut_out("10.0.0.8")
    assert "failed logins" in (guard.admit("10.0.0.9") or "")
    assert guard.admit("10.0.0.8") is None
    assert caplog.text.count("failed login from 10.0.0.9 as 'Amy': wrong password") == 3
    clock.now += 61
    assert not guard.shut_out("10.0.0.9")


async def test_delays_grow_with_recent_failures() -> None:
    slept: list[float] = []

    async def no_wait(seconds: float) -> None:
        slept.append(seconds)

    guard = Guard(Limits(first_delay=0.5, max_delay=4), sleep=no_wait)
    for _ in range(6):
        await guard.failed("10.0.0.9", "password", "Amy")
    assert slept == [0.5, 1, 2, 4, 4, 4]


async def test_wrong_secrets_count_against_the_name_and_the_seat_from_every_address() -> None:
    clock = Clock()
    guard = Guard(Limits(failures_per_name=4, failures_per_seat=3, window=60,
                         first_delay=0.001, max_delay=0.002), clock=clock)
    for address in ("10.0.0.1", "10.0.0.2", "10.0.0.3"):  # one guess each, seat 1 of table 7
        await guard.failed(address, "seat secret", "Amy", (7, 0))
    assert guard.secrets_shut("Ben", 7, 0)  # nobody may guess that seat's secret now
    assert not guard.secrets_shut("Ben", 7, 1) and not guard.secrets_shut("Amy", 8, 0)
    await guard.failed("10.0.0.4", "seat secret", "ＡＭＹ", (8, 0))  # Amy's name, another seat
    assert guard.secrets_shut("amy", 9, 0)  # the name may try no secret now, anywhere
    await guard.failed("10.0.0.5", "password", "Cai")  # a password counts for its address only
    assert not guard.secrets_shut("Cai", 9, 0)
    assert not any(guard.shut_out(f"10.0.0.{n}") for n in range(1, 6))
    clock.now += 61
    assert not guard.secrets_shut("Amy", 7, 0)


def test_connections_are_capped_in_total_and_per_address() -> None:
    guard = Guard(Limits(max_connections=3, max_per_address=2))
    assert guard.admit("a") is None and guard.admit("a") is None
    assert "from your address" in (guard.admit("a") or "")
    assert guard.admit("b") is None
    assert "full" in (guard.admit("c") or "")
    guard.left("a")
    assert guard.admit("c") is None


def test_server_files_are_private_from_their_first_byte(tmp_path: Path) -> None:
    folder = tmp_path / "data" / "server"
    key = load_host_key(folder / "host_key")
    assert mode(folder) == 0o700 and mode(folder / "host_key") == 0o600
    assert load_host_key(folder / "host_key").export_public_key() == key.export_public_key()
    password = kept_password(folder / "password")
    assert mode(folder / "password") == 0o600 and len(password) >= 12
    assert kept_password(folder / "password") == password  # kept across restarts
    assert kept_password(folder / "password", renew=True) != password
    db = folder / "games.sqlite3"
    private_database(db)
    store = Store(db)
    store.create_table({"players": 2})
    assert {p.name: mode(p) for p in folder.glob("games.sqlite3*")} == {
        "games.sqlite3": 0o600, "games.sqlite3-wal": 0o600, "games.sqlite3-shm": 0o600}
    store.close()


@pytest.mark.parametrize("existing", [False, True])
def test_a_database_in_a_folder_open_to_others_is_reported_once(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, existing: bool) -> None:
    tmp_path.chmod(0o755)  # a folder the host chose with --db: left as it is
    db = tmp_path / "games.sqlite3"
    if existing:
        private_database(db)
        caplog.clear()
    with caplog.at_level(logging.WARNING):
        private_database(db)
    assert [r.getMessage() for r in caplog.records] == [
        f"{tmp_path} is open to other users (the files in it are private)"]
    assert mode(tmp_path) == 0o755 and mode(db) == 0o600


def test_loose_files_of_older_versions_are_made_private(tmp_path: Path) -> None:
    (tmp_path / "host_key").write_bytes(
        asyncssh.generate_private_key("ssh-ed25519").export_private_key())
    (tmp_path / "host_key").chmod(0o644)
    tmp_path.chmod(0o755)
    private_folder(tmp_path, ours=True)
    load_host_key(tmp_path / "host_key")
    assert mode(tmp_path) == 0o700 and mode(tmp_path / "host_key") == 0o600


def test_the_server_starts_without_the_web_extra() -> None:
    """`pip install .` has no aiohttp (it comes with [web]): serving over SSH must not need it."""
    code = ("import sys\n"
            "sys.modules['aiohttp'] = sys.modules['textual_serve'] = None  # not installed\n"
            "import smallworld_tui.ssh.hosting, smallworld_tui.ssh.server\n"
            "from smallworld_tui.ssh.hosting import WebSettings, host_games\n"
            "try:\n"
            "    import smallworld_tui.ssh.web\n"
            "except ImportError:\n"
            "    print('web needs the extra')\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "web needs the extra\n"


def test_logins_from_one_address_are_limited_by_the_minute() -> None:
    clock = Clock()
    guard = Guard(Limits(logins_per_address=3, login_window=60), clock=clock)
    for _ in range(3):
        assert guard.admit("10.0.0.1") is None
        guard.left("10.0.0.1")  # gone at once: reconnecting again and again
    assert "too many logins from your address" in str(guard.admit("10.0.0.1"))
    assert guard.admit("10.0.0.2") is None  # another address is not concerned
    clock.now += 61
    assert guard.admit("10.0.0.1") is None
