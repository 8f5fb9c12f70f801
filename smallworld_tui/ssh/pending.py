"""Connections that have not logged in yet, capped apart from the players' (like OpenSSH's
MaxStartups): at most ``per_address`` from one address and ``total`` in all.

A connection that never logs in (it sends nothing, or stops halfway) holds its place until the
login time runs out (``Bounds.login_seconds``), so a few addresses could otherwise keep every
new player out.  When all places are taken, a newcomer takes the place of the oldest waiting
connection of the address that holds the most, if that address holds more than the
newcomer's would: a handful of addresses cannot keep the others out, only many can.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field

log = logging.getLogger(__name__)


@dataclass(eq=False)
class Pending:
    """One connection not logged in yet, and how to close it."""

    address: str
    close: Callable[[], None]


@dataclass
class PendingLogins:
    total: int
    per_address: int
    _waiting: dict[str, list[Pending]] = field(default_factory=dict)  # oldest first

    @property
    def count(self) -> int:
        return sum(map(len, self._waiting.values()))

    def arrive(self, address: str, close: Callable[[], None]) -> Pending | None:
        """Count a new connection from ``address``; None if it must be refused (the caller
        then closes it)."""
        own = len(self._waiting.get(address, ()))
        if own >= self.per_address:
            log.warning("refused a connection from %s: %d of its connections are not logged "
                        "in yet", address, own)
            return None
        if self.count >= self.total:
            biggest = max(self._waiting.values(), key=len)
            if len(biggest) <= own + 1:
                log.warning("refused a connection from %s: %d connections are not logged in "
                            "yet", address, self.count)
                return None
            oldest = biggest[0]
            log.warning("closed a connection from %s that was not logged in yet, to let one "
                        "from %s log in", oldest.address, address)
            self.settled(oldest)
            oldest.close()
        pending = Pending(address, close)
        self._waiting.setdefault(address, []).append(pending)
        return pending

    def settled(self, pending: Pending) -> None:
        """The connection logged in, or left (its place is free; again, nothing)."""
        waiting = self._waiting.get(pending.address, [])
        if pending in waiting:
            waiting.remove(pending)
            if not waiting:
                del self._waiting[pending.address]
