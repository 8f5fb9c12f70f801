"""The host's side of `serve`: the password kept off the command line, unusable files named
in one line, and the sockets' folder (a killed server's cleaned, another user's never used)."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import sys
import tempfile
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path

import asyncssh
import pytest
from click.testing import CliRunner

from smallworld_tui.cli import main
from smallworld_tui.ssh.run_folder import RunFolderError, StoreInUse, claim, sockets_folder

START_SECONDS = 60.0


@pytest.fixture
def short_tmp(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A temporary folder of its own, with a short path (a Unix socket's must be short)."""
    folder = Path(tempfile.mkdtemp(prefix="sw-"))
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    yield folder
    for path in sorted(folder.rglob("*"), reverse=True):  # the tests change modes and owners
        if path.is_dir() and not path.is_symlink():
            path.rmdir()
        else:
            path.unlink()
    folder.rmdir()


@asynccontextmanager
async def serving(data: Path, tmp: Path, *args: str,
                  env: dict[str, str] | None = None) -> AsyncIterator[tuple[int, str]]:
    """`smallworld-tui serve` in a process of its own: its port and what it printed until
    it listened; stopped (SIGTERM) afterwards unless it was killed."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "smallworld_tui", "--lang", "en", "serve", "--port", "0", *args,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
        env={**os.environ, "SMALLWORLD_TUI_DATA": str(data), "TMPDIR": str(tmp),
             **(env or {})})
    assert process.stdout is not None
    printed = ""
    try:
        while "Press Ctrl+C" not in printed:
            line = await asyncio.wait_for(process.stdout.readline(), START_SECONDS)
            assert line, f"serve ended before it listened:\n{printed}"
            printed += line.decode()
        port = int(printed.split("ssh -p ")[1].split()[0])
        yield port, printed
    finally:
        if process.returncode is None:
            process.send_signal(signal.SIGTERM)
        await asyncio.wait_for(process.wait(), START_SECONDS)


async def logs_in(port: int, password: str) -> bool:
    try:
        async with asyncssh.connect("127.0.0.1", port, username="Amy", password=password,
                                    known_hosts=None, agent_path=None, config=[],
                                    client_keys=None):
            return True
    except asyncssh.PermissionDenied:
        return False


async def test_the_password_comes_from_a_file_or_the_environment_unprinted(
        tmp_path: Path, short_tmp: Path) -> None:
    secret = tmp_path / "password"
    secret.write_text("from-a-file pw\nsecond line\n")
    secret.chmod(0o600)
    async with (serving(tmp_path / "a", short_tmp, "--password-file", str(secret))
                as (by_file, printed_file),
                serving(tmp_path / "b", short_tmp, env={"SMALLWORLD_TUI_PASSWORD": "from-env"})
                as (by_env, printed_env)):
        assert await logs_in(by_file, "from-a-file pw")
        assert not await logs_in(by_file, "second line")
        assert await logs_in(by_env, "from-env")
        assert not await logs_in(by_env, "wrong")
    assert "from-a-file" not in printed_file and f"the one in {secret}" in printed_file
    assert "from-env" not in printed_env and "the one in SMALLWORLD_TUI_PASSWORD" in printed_env
    assert "Warning" not in printed_file + printed_env


def serve(tmp_path: Path, *args: str, data: Path | None = None) -> tuple[int, str]:
    """`serve` run to its first error (its port is taken): exit code, output."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        result = CliRunner().invoke(
            main, ["--lang", "en", "serve", "--port", str(taken.getsockname()[1]), *args],
            env={"SMALLWORLD_TUI_DATA": str(data or tmp_path / "data")})
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        result.exception
    return result.exit_code, result.output


def test_a_password_on_the_command_line_works_with_a_warning(tmp_path: Path) -> None:
    code, output = serve(tmp_path, "--password", "typed")
    assert "Warning: other users of this machine can read --password (ps)" in output
    assert "cannot listen on 127.0.0.1" in output  # it went on: only the port failed
    code, output = serve(tmp_path, "--password", "typed", "--password-file", "x")
    assert code == 2 and "give the password one way" in output


def test_unusable_files_are_named_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "a file").write_text("")
    (tmp_path / "empty").write_text("\n")
    (tmp_path / "latin-1").write_bytes(b"caf\xe9\n")
    (tmp_path / "keyed").mkdir()
    (tmp_path / "keyed" / "ssh_host_ed25519_key").write_text("not a key\n")
    cases = [
        ([], tmp_path / "a file", "a file: it is not a folder"),
        ([], tmp_path / "a file" / "data", "a file/data: a part of that path is not a folder"),
        (["--db", str(tmp_path / "a file" / "s.sqlite3")], None,
         "a file: it is not a folder"),
        (["--password-file", str(tmp_path / "absent")], None, "absent: No such file"),
        (["--password-file", str(tmp_path / "empty")], None, "empty holds no password"),
        (["--password-file", str(tmp_path / "latin-1")], None, "latin-1: it is not UTF-8"),
        (["--password", "pw"], tmp_path / "keyed", "ssh_host_ed25519_key: "),
    ]
    for args, data, why in cases:
        code, output = serve(tmp_path, *args, data=data)
        lines = [line for line in output.splitlines() if not line.startswith("Warning")]
        assert code != 0 and len(lines) == 1 and lines[0].startswith("Error:"), output
        assert why in lines[0], (why, output)


async def test_a_folder_left_by_a_killed_server_is_cleaned_at_the_next_start(
        tmp_path: Path, short_tmp: Path) -> None:
    async with serving(tmp_path, short_tmp, "--password", "pw"):
        stale = sockets_folder(tmp_path / "server.sqlite3")
        assert (stale / "control.sock").exists()
        served = [p for p in short_tmp.rglob("*") if p.is_socket()]
        lock = json.loads((tmp_path / "server.sqlite3.lock").read_text())
        os.kill(lock["pid"], signal.SIGKILL)
        await asyncio.sleep(0.5)
    assert served and all(p.exists() for p in served)  # a kill -9 leaves them behind
    (stale / "left-over").write_text("")
    async with serving(tmp_path, short_tmp, "--password", "pw") as (port, _printed):
        assert not (stale / "left-over").exists()
        assert await logs_in(port, "pw")
    assert [p.name for p in short_tmp.iterdir()] == [f"smallworld-tui-{os.geteuid()}"]
    assert not any(short_tmp.rglob("*/*"))  # a server that stops leaves nothing


def test_only_one_process_uses_a_store_at_a_time(tmp_path: Path, short_tmp: Path) -> None:
    store = tmp_path / "s.sqlite3"
    store.write_bytes(b"")
    first = claim(store, "serve")
    with pytest.raises(StoreInUse, match=f"in use by smallworld-tui serve \\(process "
                                         f"{os.getpid()}\\)"):
        claim(store, "tables")
    first.release()
    claim(store, "tables").release()


def test_the_sockets_folder_is_used_only_if_ours_private_and_no_link(
        tmp_path: Path, short_tmp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = tmp_path / "s.sqlite3"
    store.write_bytes(b"")
    folder = sockets_folder(store)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "precious").write_text("keep")
    folder.parent.symlink_to(elsewhere)
    with pytest.raises(RunFolderError, match=f"{folder.parent} is a symbolic link"):
        claim(store, "serve")
    folder.parent.unlink()
    folder.parent.mkdir(mode=0o755)
    folder.parent.chmod(0o755)
    with pytest.raises(RunFolderError, match="is open to other users \\(mode 755\\)"):
        claim(store, "serve")
    folder.parent.chmod(0o700)
    folder.symlink_to(elsewhere)
    with pytest.raises(RunFolderError, match=f"{folder} is a symbolic link"):
        claim(store, "serve")
    folder.unlink()
    folder.mkdir(mode=0o700)
    (folder / "tables-0.sock").write_text("")
    (folder / "link").symlink_to(elsewhere / "precious")
    claim(store, "serve").release()  # emptied, never through the link
    assert (elsewhere / "precious").read_text() == "keep" and not folder.exists()
    real_uid = os.geteuid()
    monkeypatch.setattr(os, "geteuid", lambda: real_uid + 1)
    with pytest.raises(RunFolderError, match=f"belongs to another user \\(uid {real_uid}\\)"):
        claim(store, "serve")
