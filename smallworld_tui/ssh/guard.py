"""The door's limits: logged-in connections in total and per address, and failed logins.

Every wrong password, web login or seat secret counts against the address it came from (a
key that does not open the door is only logged: an SSH agent offers every key it holds):
each failure is logged with the address and answered only after a delay that doubles with the
address's recent failures; past ``failures_per_address`` in ``window`` seconds the address is
shut out until its failures age out.  One connection gets ``failures_per_connection`` tries,
then it is closed.  A success forgives the address its failures.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import defaultdict, deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from smallworld_tui.i18n import _

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Limits:
    max_connections: int = 100
    max_per_address: int = 10
    failures_per_connection: int = 3
    failures_per_address: int = 10
    window: float = 600.0  # seconds a failure counts
    first_delay: float = 0.5  # seconds, doubled with each recent failure of the address
    max_delay: float = 8.0


@dataclass
class Guard:
    limits: Limits = field(default_factory=Limits)
    clock: Callable[[], float] = time.monotonic
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep
    connections: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    _failures: dict[str, deque[float]] = field(default_factory=lambda: defaultdict(deque))

    # --- connections --------------------------------------------------------------------
    def refusal(self, address: str) -> str | None:
        """The reason (translated) a login from ``address`` would be refused now, if any."""
        limits = self.limits
        if self.shut_out(address):
            return _("too many failed logins from your address; try again later")
        if sum(self.connections.values()) >= limits.max_connections:
            return _("the server is full; try again later")
        if self.connections.get(address, 0) >= limits.max_per_address:
            return _("too many connections from your address")
        return None

    def admit(self, address: str) -> str | None:
        """Count a new logged-in connection from ``address``; the reason to refuse it
        (translated) if it must be refused, in which case it is not counted."""
        reason = self.refusal(address)
        if reason is None:
            self.connections[address] += 1
        else:
            log.warning("refused a connection from %s: %s", address, reason)
        return reason

    def left(self, address: str) -> None:
        self.connections[address] -= 1
        if self.connections[address] <= 0:
            del self.connections[address]

    # --- failed logins ------------------------------------------------------------------
    def shut_out(self, address: str) -> bool:
        return self._recent(address) >= self.limits.failures_per_address

    async def failed(self, address: str, what: str, name: str) -> None:
        """Log a failed login (``what``: "password", "key", "seat secret"…) and wait the
        address's growing delay before the caller answers."""
        failures = self._failures[address]
        failures.append(self.clock())
        recent = self._recent(address)
        log.warning("failed login from %s as %r: wrong %s (%d recent failures)", address,
                    name, what, recent)
        delay = min(self.limits.first_delay * 2 ** (recent - 1), self.limits.max_delay)
        await self.sleep(delay)

    def succeeded(self, address: str) -> None:
        self._failures.pop(address, None)

    def _recent(self, address: str) -> int:
        failures = self._failures.get(address)
        if not failures:
            return 0
        horizon = self.clock() - self.limits.window
        while failures and failures[0] < horizon:
            failures.popleft()
        if not failures:
            del self._failures[address]
        return len(failures)
