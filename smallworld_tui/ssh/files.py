"""The server's own files: private (0600, in a 0700 folder) from their first byte.

The host key, the kept password and the SQLite store (with its WAL) hold secrets: the store
holds every table's seed, from which dice and hidden coins can be worked out.
"""

from __future__ import annotations

import errno
import logging
import os
import secrets
import string
import sys
from pathlib import Path

import asyncssh

log = logging.getLogger(__name__)

PASSWORD_LENGTH = 12


def private_folder(path: Path, ours: bool = False) -> None:
    """Create ``path`` (and missing parents) for this user only.  An existing folder is made
    private when it is ``ours`` (the user data folder), else only reported if others may
    look into it."""
    if not path.exists():
        path.mkdir(mode=0o700, parents=True)
    elif not path.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(path))
    elif path.stat().st_mode & 0o077:
        if ours:
            path.chmod(0o700)
            log.warning("%s was open to others; it is now private (0700)", path)
        else:
            log.warning("%s is open to other users (the files in it are private)", path)


def make_private(path: Path) -> None:
    """Restrict an existing file to this user (files written by an older version)."""
    if path.exists() and path.stat().st_mode & 0o077:
        path.chmod(0o600)
        log.warning("%s was readable by others; it is now private (0600)", path)


def write_private(path: Path, data: bytes) -> None:
    """Create ``path`` with mode 0600 and write ``data``; refuses to replace a file."""
    private_folder(path.parent)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0),
                 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())


def load_host_key(path: Path) -> asyncssh.SSHKey:
    """The server's host key, generated (ed25519) and kept on first use."""
    if path.exists():
        make_private(path)
        return asyncssh.read_private_key(path)
    key = asyncssh.generate_private_key("ssh-ed25519")
    write_private(path, key.export_private_key())
    return key


def generate_password(length: int = PASSWORD_LENGTH) -> str:
    alphabet = string.ascii_letters + string.digits
    return "".join(secrets.choice(alphabet) for _ in range(length))


def kept_password(path: Path, renew: bool = False) -> str:
    """The generated password kept in ``path`` (so a restart keeps it); a new one when there is
    none or ``renew``."""
    if path.exists() and not renew:
        make_private(path)
        password = path.read_text(encoding="utf-8").strip()
        if password:
            return password
    password = generate_password()
    path.unlink(missing_ok=True)
    write_private(path, password.encode() + b"\n")
    return password


def private_database(path: Path) -> None:
    """Create the SQLite file 0600 before SQLite opens it: SQLite gives its WAL and shared
    memory files the database file's permissions.  Its folder is created private, or
    reported once if others may look into it."""
    if path.exists():
        private_folder(path.parent)
        for companion in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
            make_private(companion)
    else:
        write_private(path, b"")  # creates the folder


def private_umask() -> None:
    """Whatever else this process creates is private too."""
    if sys.platform != "win32":
        os.umask(0o077)
