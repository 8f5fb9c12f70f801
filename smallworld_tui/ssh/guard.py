"""The door's limits: logged-in connections in total and per address, logins per address
(each starts a lobby: ``logins_per_address`` in ``login_window`` seconds), and failed logins.

Every wrong password, web login, seat secret or seat code counts against the address it came
from (a key that does not open the door is only logged: an SSH agent offers every key it
holds); a wrong secret or code also counts against the name it was typed under and the seat it
was meant for.  Each failure is logged with the address and answered only after a delay that
doubles with the recent failures; past ``failures_per_address`` in ``window`` seconds the
address is shut out, past ``failures_per_name`` the name may try no secret, past
``failures_per_seat`` nobody may try the seat's, until the failures age out.  A success erases
nothing: logging in between guesses does not make more guesses.  One connection gets
``failures_per_connection`` tries, then it is closed.

The name and seat limits stand above twice the address limit, so that one address is shut out
long before it could stop a player's name or seat: keeping a player from their seat takes an
attack from several addresses at once (secrets are too long to guess at any of these rates).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import defaultdict, deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from smallworld_tui.i18n import _
from smallworld_tui.ssh.names import name_key

log = logging.getLogger(__name__)

# what failures count against: ("address", address), ("name", key), ("seat", table, seat);
# and ("login", address): its recent logins
Counted = tuple[str | int, ...]


@dataclass(frozen=True)
class Limits:
    max_connections: int = 100
    max_per_address: int = 10
    failures_per_connection: int = 3
    failures_per_address: int = 10
    failures_per_name: int = 25  # wrong secrets and codes under one name, from anywhere
    failures_per_seat: int = 25  # wrong secrets and codes for one seat, from anywhere
    window: float = 600.0  # seconds a failure counts
    logins_per_address: int = 20  # logins from one address in ``login_window`` seconds
    login_window: float = 60.0
    first_delay: float = 0.5  # seconds, doubled with each recent failure of the address
    max_delay: float = 8.0


@dataclass
class Guard:
    limits: Limits = field(default_factory=Limits)
    clock: Callable[[], float] = time.monotonic
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep
    connections: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    _events: dict[Counted, deque[float]] = field(default_factory=lambda: defaultdict(deque))

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
        if self._recent(("login", address), limits.login_window) >= limits.logins_per_address:
            return _("too many logins from your address in the last minute; wait a moment")
        return None

    def admit(self, address: str) -> str | None:
        """Count a new logged-in connection from ``address``; the reason to refuse it
        (translated) if it must be refused, in which case it is not counted."""
        reason = self.refusal(address)
        if reason is None:
            self.connections[address] += 1
            self._events[("login", address)].append(self.clock())
        else:
            log.warning("refused a connection from %s: %s", address, reason)
        return reason

    def left(self, address: str) -> None:
        self.connections[address] -= 1
        if self.connections[address] <= 0:
            del self.connections[address]

    # --- failed logins ------------------------------------------------------------------
    def shut_out(self, address: str) -> bool:
        return self._recent(("address", address)) >= self.limits.failures_per_address

    def secrets_shut(self, name: str, table: int, seat: int) -> bool:
        """Whether no secret may be tried now under ``name`` or for that seat."""
        return (self._recent(("name", name_key(name))) >= self.limits.failures_per_name
                or self._recent(("seat", table, seat)) >= self.limits.failures_per_seat)

    async def failed(self, address: str, what: str, name: str,
                     seat: tuple[int, int] | None = None) -> None:
        """Log a failed login (``what``: "password", "seat secret"…; ``seat``: (table, seat)
        for a secret or a code, which then counts against the name and the seat too) and wait
        the growing delay before the caller answers."""
        counted: list[Counted] = [("address", address)]
        if seat is not None:
            counted += [("name", name_key(name)), ("seat", *seat)]
        now = self.clock()
        for who in counted:
            self._events[who].append(now)
        recent = max(self._recent(who) for who in counted)
        log.warning("failed login from %s as %.80r: wrong %s (%d recent failures)", address,
                    name, what, self._recent(counted[0]))
        delay = min(self.limits.first_delay * 2 ** (recent - 1), self.limits.max_delay)
        await self.sleep(delay)

    def _recent(self, who: Counted, window: float | None = None) -> int:
        """How many of ``who``'s events (failures, or logins) are younger than ``window``
        seconds (``limits.window``); older ones are forgotten."""
        failures = self._events.get(who)
        if not failures:
            return 0
        horizon = self.clock() - (self.limits.window if window is None else window)
        while failures and failures[0] < horizon:
            failures.popleft()
        if not failures:
            del self._events[who]
        return len(failures)
