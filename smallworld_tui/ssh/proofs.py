"""What proves that a seat is yours: a key of yours, or the seat's secret.

A name bound to keys (``--authorized-keys``) logs in only with one of its keys, never with a
password, so having logged in under that name proves it: such a seat's proof is
``key:<name>``.  Other seats get a secret, shown once to the player who takes the seat and
stored as ``secret:<salt>:<hash>``; secrets are generated (60 random bits), so a salted SHA-256
is enough to keep them out of the store.
"""

from __future__ import annotations

import hashlib
import secrets

from smallworld_tui.ssh.names import name_key

# no 0/o, 1/l/i: read aloud or copied by hand without doubt
SECRET_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
SECRET_GROUPS, SECRET_GROUP_LENGTH = 3, 4


def key_proof(name: str) -> str:
    """The proof of a seat taken by a key holder logged in as ``name``."""
    return f"key:{name_key(name)}"


def new_secret() -> tuple[str, str]:
    """A new seat secret, as shown to the player and as stored."""
    groups = ("".join(secrets.choice(SECRET_ALPHABET) for _ in range(SECRET_GROUP_LENGTH))
              for _ in range(SECRET_GROUPS))
    secret = "-".join(groups)
    salt = secrets.token_hex(8)
    return secret, f"secret:{salt}:{_digest(salt, secret)}"


def proves(proof: str, *, key_holder: str | None = None, secret: str | None = None) -> bool:
    """Whether a key holder logged in as ``key_holder``, or a typed ``secret``, proves
    ``proof``."""
    kind, _, rest = proof.partition(":")
    if kind == "key":
        # stored before names had one canonical form, ``rest`` is the name case folded
        return key_holder is not None and name_key(rest) == name_key(key_holder)
    if kind == "secret" and secret is not None:
        salt, _, digest = rest.partition(":")
        return secrets.compare_digest(digest, _digest(salt, secret))
    return False


def _digest(salt: str, secret: str) -> str:
    typed = "".join(ch for ch in secret.lower() if ch.isalnum())
    return hashlib.sha256(f"{salt}:{typed}".encode()).hexdigest()
