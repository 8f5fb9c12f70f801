"""``--authorized-keys``: the players' public keys, each bound to one player name.

The file uses the OpenSSH public key format, one key a line, and the key's comment is the name
it logs in as::

    # lines starting with # are comments
    ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIL... Amy
    ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ... Ben Okafor

A key logs in only under its own name (compared in its canonical form, ``names``); a name may
have several keys; one key may not carry two names, and two names may not look alike.  OpenSSH
options before the key type are refused rather than silently ignored.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import asyncssh

from smallworld_tui.ssh.names import NameRefused, looks_like, same_name, shown_name

KEY_TYPE_PREFIXES = ("ssh-", "ecdsa-", "sk-ssh-", "sk-ecdsa-", "rsa-", "x509v3-")


class KeyFileError(Exception):
    """A line of the keys file that cannot be used: file, line number and reason."""

    def __init__(self, path: Path, line: int, reason: str) -> None:
        super().__init__(f"{path}, line {line}: {reason}")


@dataclass
class KeyBook:
    """Which name each key fingerprint (SHA256) logs in as."""

    names: dict[str, str] = field(default_factory=dict)

    def name_of(self, key: asyncssh.SSHKey) -> str | None:
        return self.names.get(key.get_fingerprint("sha256"))

    def admits(self, name: str, key: asyncssh.SSHKey) -> bool:
        """Whether ``key`` logs in as ``name``."""
        owner = self.name_of(key)
        return owner is not None and same_name(owner, name)

    def reserves(self, name: str) -> bool:
        """Whether ``name`` belongs to a key holder (so no password logs in under it)."""
        return any(same_name(owner, name) for owner in self.names.values())


def read_key_book(path: Path) -> KeyBook:
    """Parse the keys file; ``KeyFileError`` names the first bad line."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise KeyFileError(path, 0, f"cannot read it: {exc}") from None
    book = KeyBook()
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split(None, 2)
        if not parts[0].startswith(KEY_TYPE_PREFIXES):
            raise KeyFileError(path, number, "options before the key are not supported; "
                                             "write: KEY-TYPE KEY NAME")
        if len(parts) < 3:
            raise KeyFileError(path, number, "the key has no comment: write the player's "
                                             "name after the key")
        try:
            name = shown_name(parts[2].strip())
        except NameRefused as exc:
            raise KeyFileError(path, number, f"the name {parts[2].strip()!r} cannot be used: "
                                             f"{exc}") from None
        alike = looks_like(name, book.names.values())
        if alike is not None:
            raise KeyFileError(path, number, f"the name {name!r} looks like {alike!r}, another "
                                             f"player's name")
        try:
            key = asyncssh.import_public_key(f"{parts[0]} {parts[1]}")
        except (asyncssh.KeyImportError, ValueError) as exc:
            raise KeyFileError(path, number, f"not a public key ({exc})") from None
        fingerprint = key.get_fingerprint("sha256")
        owner = book.names.get(fingerprint)
        if owner is not None and not same_name(owner, name):
            raise KeyFileError(path, number, f"this key is already the key of {owner!r}")
        book.names[fingerprint] = name
    return book
