"""Where a running server keeps its sockets, and the lock that says a store is in use.

One process at a time changes a store's tables: ``serve`` for as long as it runs, or the
host's ``tables`` command while no server runs.  It holds an exclusive lock (``flock``) on
``<store>.lock``, beside the store, and writes in it who it is and where its control socket
is; the lock goes with the process, however it ends.

A server's sockets (the bridges to its hosts, ``control.sock`` for the ``tables`` command) are
in a folder of the temporary folder named after the store, ``<tmp>/smallworld-tui-<uid>/<key>``
(a Unix socket's path must be short, which the store's folder may not be).  A server killed
with ``kill -9`` leaves that folder behind: the next one, once it holds the lock, empties it.
Neither folder is used unless it is a real folder (not a link), this user's, and closed to
others; nothing in it is followed through a link.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import logging
import os
import shutil
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

CONTROL = "control.sock"


class RunFolderError(Exception):
    """The store or its sockets' folder cannot be used (one line, naming the path)."""


class StoreInUse(RunFolderError):
    """Another process holds the store's lock; ``holder`` is what it wrote there."""

    def __init__(self, message: str, holder: dict[str, Any]) -> None:
        super().__init__(message)
        self.holder = holder


@dataclass
class Claim:
    """The store's lock, held, and the sockets' folder, emptied and ready."""

    store: Path
    folder: Path
    lock: int  # the lock file's descriptor

    @property
    def control(self) -> Path:
        return self.folder / CONTROL

    def release(self) -> None:
        """Remove the sockets' folder, then let the lock go (once)."""
        if self.lock >= 0:
            shutil.rmtree(self.folder, ignore_errors=True)
            os.close(self.lock)
            self.lock = -1


def lock_path(store: Path) -> Path:
    return store.with_name(store.name + ".lock")


def sockets_folder(store: Path) -> Path:
    """The folder of the sockets of a server of ``store`` (an existing file), named after
    the file itself: the same however the store is named."""
    info = store.stat()
    key = hashlib.sha256(f"{info.st_dev}:{info.st_ino}".encode()).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / f"smallworld-tui-{os.geteuid()}" / key


def claim(store: Path, what: str) -> Claim:
    """Take ``store``'s lock for ``what`` ("serve", "tables") and ready its sockets' folder,
    emptying what a killed server left there; ``StoreInUse`` if another process has it,
    ``RunFolderError`` if a folder is not safe to use."""
    lock = _lock(store, what)
    try:
        folder = sockets_folder(store)
        _private(folder.parent)
        _private(folder)
        _empty(folder)
        os.ftruncate(lock, 0)
        os.write(lock, json.dumps({"pid": os.getpid(), "what": what,
                                   "control": str(folder / CONTROL)}).encode())
    except OSError as exc:
        os.close(lock)
        raise RunFolderError(f"cannot use {exc.filename or store}: {exc.strerror or exc}") \
            from None
    except BaseException:
        os.close(lock)
        raise
    return Claim(store, folder, lock)


def holder(store: Path) -> dict[str, Any]:
    """What the process holding ``store``'s lock wrote there ({} if nothing yet)."""
    try:
        fd = os.open(lock_path(store), os.O_RDONLY | os.O_NOFOLLOW)
    except OSError:
        return {}
    with os.fdopen(fd, "rb") as file:
        try:
            data = json.loads(file.read(4096) or b"{}")
        except ValueError:
            return {}
    return data if isinstance(data, dict) else {}


def _lock(store: Path, what: str) -> int:
    path = lock_path(store)
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
    except OSError as exc:
        raise RunFolderError(f"cannot use {path}: {exc.strerror or exc}") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        other = holder(store)
        raise StoreInUse(f"{store} is in use by smallworld-tui {other.get('what', '?')} "
                         f"(process {other.get('pid', '?')}); it cannot also be used for "
                         f"{what}", other) from None
    return fd


def _private(folder: Path) -> None:
    """Create ``folder`` (0700) unless it exists; ``RunFolderError`` unless it is then a
    folder, not a link, of this user's, closed to others."""
    with contextlib.suppress(FileExistsError):
        folder.mkdir(mode=0o700)
    info = os.lstat(folder)
    problem = None
    if stat.S_ISLNK(info.st_mode):
        problem = "is a symbolic link"
    elif not stat.S_ISDIR(info.st_mode):
        problem = "is not a folder"
    elif info.st_uid != os.geteuid():
        problem = f"belongs to another user (uid {info.st_uid})"
    elif info.st_mode & 0o077:
        problem = f"is open to other users (mode {stat.S_IMODE(info.st_mode):o})"
    if problem is not None:
        raise RunFolderError(f"{folder} {problem}: it cannot hold the server's sockets; "
                             f"remove it, or set TMPDIR to another folder")


def _empty(folder: Path) -> None:
    """Remove what a server killed before it could clean up left in ``folder`` (never
    following a link)."""
    left = []
    for entry in os.scandir(folder):
        if entry.is_dir(follow_symlinks=False):
            shutil.rmtree(entry.path)
        else:
            os.unlink(entry.path)
        left.append(entry.name)
    if left:
        log.warning("removed what a stopped server left in %s: %s", folder,
                    ", ".join(sorted(left)))
