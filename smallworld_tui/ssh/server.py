"""The SSH game server: the door (logins), the lobby's tables, and who sits where.

Players join with ``ssh -p PORT NAME@HOST``: the SSH user name is the player's name.  The
shared password, or a key bound to the name (``--authorized-keys``), only opens the door; a seat
belongs to whoever took it, and taking it back from another connection needs proof (``proofs``).
Logins are limited and logged (``guard``), and so is what each connection may cost before
and after it logs in (``pending``, ``bounds``).  Each connection gets a lobby (``lobby``) and, at a
table, the table host's game screen (``visitor``, ``table_host``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import asyncssh

from smallworld_tui.compat import ssh_unsent_bytes
from smallworld_tui.i18n import _
from smallworld_tui.ssh.bounds import Bounds, Input
from smallworld_tui.ssh.driver import clamp_size
from smallworld_tui.ssh.guard import Guard
from smallworld_tui.ssh.keys import KeyBook
from smallworld_tui.ssh.names import looks_like, name_problem, same_name, shown_name
from smallworld_tui.ssh.pending import Pending, PendingLogins
from smallworld_tui.ssh.proofs import key_proof, new_secret, proves
from smallworld_tui.ssh.tables import CodeNeeded, SeatRefused, Table, Tables
from smallworld_tui.ssh.visitor import RemoteEnd, Visitor

if TYPE_CHECKING:
    from smallworld_tui.ssh.hosts import HostPool

log = logging.getLogger(__name__)

ARRIVALS = 2


@dataclass
class Door:
    """What opens the door: the shared password, and/or keys bound to names."""

    password: str | None = None
    keys: KeyBook | None = None

    def __post_init__(self) -> None:
        if self.password == "":
            raise ValueError("an empty password would let anyone in")
        if self.password is None and self.keys is None:
            raise ValueError("a password or authorized keys are required")

    def password_opens(self, name: str, password: str) -> bool:
        """Whether ``password`` logs ``name`` in; never under a name bound to keys."""
        if self.password is None or (self.keys is not None and self.keys.reserves(name)):
            return False
        return secrets.compare_digest(password.encode(), self.password.encode())


@dataclass
class GameServer:
    tables: Tables
    hosts: HostPool
    door: Door
    guard: Guard = field(default_factory=Guard)
    bounds: Bounds = field(default_factory=Bounds)
    visitors: list[Visitor] = field(default_factory=list)
    occupants: dict[tuple[int, int], Visitor] = field(default_factory=dict)
    # lobbies drawing their first screen at once: a burst of logins waits its turn, so that
    # the first see their lobby soon rather than all of them late
    arrivals: asyncio.Semaphore = field(default_factory=lambda: asyncio.Semaphore(ARRIVALS))
    pending: PendingLogins = field(init=False)  # connections not logged in yet

    def __post_init__(self) -> None:
        self.pending = PendingLogins(self.bounds.max_unauthenticated,
                                     self.bounds.max_unauthenticated_per_address)

    # --- arriving -----------------------------------------------------------------------
    async def welcome(self, end: RemoteEnd, name: str) -> None:
        """A logged-in player: their lobby and tables until they leave."""
        problem = self.name_refusal(name)
        if problem is not None:
            end.write(_("Your name cannot be used ({problem}). Connect with the name you "
                        "want to play under: {hint}").format(
                problem=problem, hint=end.join_hint).encode() + b"\r\n")
            end.close()
            return
        name = self.shown(name)
        by_key = self.door.keys is not None and self.door.keys.reserves(name)
        visitor = Visitor(self, end, name, by_key)
        self.visitors.append(visitor)
        log.info("%r arrived from %s", name, end.address)
        try:
            await visitor.run()
        finally:
            self.visitors.remove(visitor)
            log.info("%r left", name)

    def name_refusal(self, name: str) -> str | None:
        """Why ``name`` cannot play here (translated), or None: the rules of names
        (``names``), or another player's name here that it looks like.  A name that the rules
        refuse but that is already seated (stored before they applied) plays on."""
        problem = name_problem(name)
        if problem is not None:
            return None if self._stored_before(name) else problem
        other = looks_like(name, self.known_names())
        if other is not None:
            return _("it looks like {other}, another player's name here").format(other=other)
        return None

    def shown(self, name: str) -> str:
        """``name`` as shown and stored (as it was stored, for a name of before the rules)."""
        return name if self._stored_before(name) else shown_name(name)

    def _stored_before(self, name: str) -> bool:
        return name_problem(name) is not None and any(
            same_name(name, known) for known in self.known_names())

    def known_names(self) -> Iterator[str]:
        """The names this server knows: seated or reserved at its tables, connected now, or
        bound to keys."""
        for table in self.tables.by_id.values():
            yield from table.settings.names
            yield from (seat.name for seat in table.seats if seat is not None)
        yield from (visitor.name for visitor in self.visitors)
        if self.door.keys is not None:
            yield from self.door.keys.names.values()

    @staticmethod
    def join_hint(visitor: Visitor) -> str:
        return _("Others join with: {command}").format(command=visitor.end.join_hint)

    async def stop(self, timeout: float = 5.0) -> None:
        """Tell every player the server stops, and wait (a while) until they are gone."""
        for visitor in list(self.visitors):
            visitor.drop(_("The server is stopping; your game is saved."))
        deadline = asyncio.get_running_loop().time() + timeout
        while self.visitors and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.05)

    # --- seats --------------------------------------------------------------------------
    def owns(self, visitor: Visitor, table: Table, seat: int) -> bool:
        """Whether ``seat`` at ``table`` is the visitor's, checked now against the store: the
        key holder's seat, or one whose proof this connection proved (a seat given up and
        taken again has a new proof, which the old one never proves)."""
        stored = self.tables.store.seat(table.id, seat)
        if stored is None:
            return False
        proof = stored[1]
        return visitor.proven.get((table.id, seat)) == proof or (
            visitor.by_key and proves(proof, key_holder=visitor.name))

    async def check_secret(self, visitor: Visitor, table: Table, seat: int,
                           secret: str) -> bool:
        """Whether ``secret`` is the seat's (the visitor has then proved it; ``_proves``)."""
        stored = self.tables.store.seat(table.id, seat)
        if stored is None:  # nobody sits there any more: nothing to guess
            return False
        if not await self._proves(visitor, table.id, seat, stored[1], secret, "seat secret"):
            return False
        visitor.proven[(table.id, seat)] = stored[1]
        return True

    async def _proves(self, visitor: Visitor, table: int, seat: int, proof: str, typed: str,
                      what: str) -> bool:
        """Whether ``typed`` (a seat's secret or code) proves ``proof``.  A failure counts
        against the visitor's address, name and the seat (``guard``), and a connection that
        fails too often is closed; ``SeatRefused`` while the name or the seat may try none."""
        guard = self.guard
        stopped = guard.secrets_shut(visitor.name, table, seat)
        if not stopped and proves(proof, secret=typed):
            return True
        if not stopped:
            await guard.failed(visitor.address, what, visitor.name, (table, seat))
        visitor.secret_failures += 1
        if (visitor.secret_failures >= guard.limits.failures_per_connection
                or guard.shut_out(visitor.address)):
            visitor.drop(_("Too many wrong secrets."))
        if stopped:
            raise SeatRefused(_("Too many wrong secrets were typed lately for this seat or "
                                "under your name; try again later."))
        return False

    async def take_seat(self, visitor: Visitor, table: Table,
                        code: str | None = None) -> tuple[int, str | None]:
        """Seat the visitor; returns the seat and its new secret (None for a key holder).  A
        seat reserved for the visitor's name takes the code the host was given for it (its
        claim), unless the visitor holds the name's key; ``CodeNeeded`` asks for it."""
        seat = table.free_seat_for(visitor.name)
        if seat is not None and table.settings.names and not visitor.by_key:
            claim = table.claims.get(seat)
            if claim is None:
                raise SeatRefused(_("Seat {n} at table {id} waits for a code from the host: "
                                    "ask them for it.").format(n=seat + 1, id=table.id))
            if code is None:
                raise CodeNeeded(_("Seat {n} at table {id} is kept for {name}: type the code "
                                   "the host gave you for it (or the seat's secret, if you "
                                   "gave it up).").format(n=seat + 1, id=table.id,
                                                          name=visitor.name))
            if not await self._proves(visitor, table.id, seat, claim, code, "seat code"):
                raise SeatRefused(_("That is not the code of this seat."))
        if visitor.by_key:
            secret, proof = None, key_proof(visitor.name)
        else:
            secret, proof = new_secret()
        try:
            seat = self.tables.take_seat(table, visitor.name, proof)
        except OSError as exc:
            raise SeatRefused(_("The seat could not be saved ({error}); try again.").format(
                error=exc)) from None
        visitor.proven[(table.id, seat)] = proof
        return seat, secret

    def leave(self, visitor: Visitor, table: Table, seat: int) -> None:
        """Give the visitor's seat up; no connection's proof of it holds any more."""
        if self.owns(visitor, table, seat):
            with contextlib.suppress(OSError):
                self.tables.leave(table, seat)
            if table.seats[seat] is None:
                for other in self.visitors:
                    other.proven.pop((table.id, seat), None)

    def occupy(self, visitor: Visitor, table: int, seat: int) -> None:
        """The visitor plays ``seat`` now; a connection that played it before is closed."""
        before = self.occupants.get((table, seat))
        if before is not None and before is not visitor:
            log.info("%r took over seat %d at table %s from %s", visitor.name, seat + 1, table,
                     before.address)
            before.drop(_("Your seat at table {id} was taken over by a new connection of "
                          "yours.").format(id=table))
        self.occupants[(table, seat)] = visitor

    def vacate(self, visitor: Visitor, table: int, seat: int) -> None:
        if self.occupants.get((table, seat)) is visitor:
            del self.occupants[(table, seat)]

    # --- SSH ----------------------------------------------------------------------------
    async def handle_ssh(self, process: asyncssh.SSHServerProcess[bytes]) -> None:
        if process.get_terminal_type() is None:
            process.stdout.write(b"smallworld-tui needs an interactive terminal: "
                                 b"connect with ssh -t\r\n")
            process.exit(1)
            return
        keeper = process.get_extra_info("connection").get_owner()
        if keeper.playing:  # each terminal counts against the caps as a connection
            process.stdout.write(_("One terminal per connection: connect again for another "
                                   "one.").encode() + b"\r\n")
            process.exit(1)
            return
        keeper.playing = True
        try:
            await self.welcome(_SSHEnd(process, self.bounds.max_output),
                               process.get_extra_info("username") or "")
        finally:
            keeper.playing = False


class _SSHEnd:
    """An SSH session's channel as a ``RemoteEnd``; a client that leaves more than
    ``max_output`` bytes unread is cut off."""

    def __init__(self, process: asyncssh.SSHServerProcess[bytes], max_output: int) -> None:
        self.process = process
        self.max_output = max_output
        self.address = str((process.get_extra_info("peername") or ("?",))[0])
        width, height = process.get_terminal_size()[:2]
        self.size = clamp_size(width, height)
        host, port = (process.get_extra_info("sockname") or ("HOST", 0))[:2]
        self.join_hint = f"ssh -p {port} NAME@{host}"

    def write(self, data: bytes) -> None:
        with contextlib.suppress(OSError, asyncssh.Error):
            self.process.stdout.write(data)
        unsent = ssh_unsent_bytes(self.process)
        if unsent > self.max_output:
            log.warning("cut off %s: %d bytes of output it did not read", self.address, unsent)
            self.process.get_extra_info("connection").abort()

    async def read(self) -> Input | None:
        while True:
            try:
                data = await self.process.stdin.read(4096)
            except asyncssh.TerminalSizeChanged as exc:
                return (exc.width, exc.height)
            except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                continue
            except (asyncssh.Error, OSError):
                return None
            return data or None

    def close(self) -> None:
        with contextlib.suppress(OSError, asyncssh.Error):
            self.process.exit(0)


class DoorKeeper(asyncssh.SSHServer):
    """One SSH connection's way in: capped connections (``pending`` until it logs in, then
    ``guard``'s caps), checked and limited logins, one terminal at a time."""

    def __init__(self, server: GameServer) -> None:
        self.server = server
        self.address = "?"
        self.pending: Pending | None = None
        self.counted = False
        self.playing = False
        self.failures = 0
        self.conn: asyncssh.SSHServerConnection | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        self.address = str((conn.get_extra_info("peername") or ("?",))[0])
        self.pending = self.server.pending.arrive(self.address, conn.abort)
        if self.pending is None:
            asyncio.get_running_loop().call_soon(conn.abort)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.pending is not None:
            self.server.pending.settled(self.pending)
        if self.counted:
            self.counted = False
            self.server.guard.left(self.address)

    def begin_auth(self, username: str) -> bool:
        refused = self.server.guard.refusal(self.address)
        if refused is not None:  # said now, before a password is asked for
            log.warning("refused a login from %s: %s", self.address, refused)
            assert self.conn is not None
            self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, refused)
        return True

    def auth_completed(self) -> None:
        assert self.conn is not None
        if self.pending is not None:
            self.server.pending.settled(self.pending)
        refused = self.server.guard.admit(self.address)
        if refused is None:
            self.counted = True
        else:  # taken meanwhile by connections that logged in at the same time
            self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, refused)

    def password_auth_supported(self) -> bool:
        return self.server.door.password is not None

    async def validate_password(self, username: str, password: str) -> bool:
        guard = self.server.guard
        if not guard.shut_out(self.address) and self.server.door.password_opens(username,
                                                                                password):
            return True  # which erases no failure: it would make more guesses
        self.failures += 1
        await guard.failed(self.address, "password", username)
        if self.failures >= guard.limits.failures_per_connection or guard.shut_out(
                self.address):
            assert self.conn is not None
            self.conn.disconnect(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE,
                                 _("too many failed logins"))
        return False

    def public_key_auth_supported(self) -> bool:
        return self.server.door.keys is not None

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        keys = self.server.door.keys
        if keys is not None and keys.admits(username, key):
            return True
        owner = keys.name_of(key) if keys is not None else None
        if owner is not None:
            log.warning("refused %s's key from %s under the name %r", owner, self.address,
                        username)
        return False


async def start_ssh(server: GameServer, host: str, port: int,
                    host_key: asyncssh.SSHKey) -> asyncssh.SSHAcceptor:
    """Listen for SSH connections."""
    return await asyncssh.create_server(
        lambda: DoorKeeper(server), host, port, server_host_keys=[host_key],
        process_factory=server.handle_ssh, encoding=None, line_editor=False,
        login_timeout=server.bounds.login_seconds, agent_forwarding=False)
