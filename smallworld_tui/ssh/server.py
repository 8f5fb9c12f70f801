"""The SSH game server: seats, spectators, authentication, persistence, one App per connection.

Players join with ``ssh -p PORT NAME@HOST``: the SSH user name is the seat name.  The first
``players`` names take the seats (or the names the host gave), later ones watch.  When every
seat is taken the game starts; every action is committed to SQLite before anyone sees it, so a
dropped connection or a restarted server resumes exactly where the game was.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import logging
import secrets
import string
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh

from smallworld_tui.engine import Record
from smallworld_tui.engine.games import ruleset
from smallworld_tui.session import GameSession
from smallworld_tui.ssh.driver import SSHDriver, clamp_size
from smallworld_tui.ssh.store import Journal, Store

log = logging.getLogger(__name__)

LOOPBACK = ("127.0.0.1", "::1", "localhost")
MAX_NAME = 24


def generate_password(length: int = 12) -> str:
    alphabet = string.ascii_letters + string.digits
    return "".join(secrets.choice(alphabet) for _ in range(length))


def load_host_key(path: Path) -> asyncssh.SSHKey:
    """The server's host key, generated (ed25519) and kept on first use."""
    if path.exists():
        return asyncssh.read_private_key(path)
    key = asyncssh.generate_private_key("ssh-ed25519")
    path.parent.mkdir(parents=True, exist_ok=True)
    key.write_private_key(path)
    path.chmod(0o600)
    return key


class ChannelTerminal:
    """One SSH connection seen as a terminal by ``SSHDriver``."""

    def __init__(self, process: asyncssh.SSHServerProcess[bytes]) -> None:
        self.process = process
        width, height = process.get_terminal_size()[:2]
        self.size = clamp_size(width, height)
        self.driver: SSHDriver | None = None
        self._decode = codecs.getincrementaldecoder("utf-8")(errors="replace").decode
        self.bytes_sent = 0

    def write(self, data: str) -> None:
        raw = data.encode("utf-8")
        self.bytes_sent += len(raw)
        with contextlib.suppress(OSError, asyncssh.Error, BrokenPipeError):
            self.process.stdout.write(raw)

    def attach(self, driver: SSHDriver | None) -> None:
        self.driver = driver

    def received(self, raw: bytes) -> None:
        if self.driver is not None:
            self.driver.feed(self._decode(raw))

    def resized(self, width: int, height: int) -> None:
        self.size = clamp_size(width, height)
        if self.driver is not None:
            self.driver.resize(*self.size)


@dataclass
class Connection:
    name: str
    seat: int  # -1: spectator
    terminal: ChannelTerminal
    app: Any = None


AppFactory = Callable[["GameServer", Connection], Any]


@dataclass
class GameServer:
    """Hosts one game (resumed from the store when one is unfinished)."""

    store: Store
    players: int
    app_factory: AppFactory
    map_name: str | None = None
    seed: int | None = None
    names: list[str] = field(default_factory=list)  # seats the host assigned, if any
    options: dict[str, Any] = field(default_factory=dict)
    session: GameSession | None = None
    game_id: int | None = None
    connections: list[Connection] = field(default_factory=list)
    lobby_listeners: list[Callable[[], None]] = field(default_factory=list)

    def resume(self) -> bool:
        """Resume the latest unfinished game of the store; False if there is none."""
        game = self.store.latest_unfinished()
        if game is None:
            return False
        record = self.store.load(game)
        self.game_id = game
        self.names = list(record.players)
        self.players = len(record.players)
        self.session = GameSession(record, journal=Journal(self.store, game),
                                   source=f"game {game}")
        self.session.subscribe(self._on_change)
        return True

    # --- seats -------------------------------------------------------------------------
    def seat_for(self, name: str) -> int:
        """The seat of ``name``, taking a free one in the lobby; -1 for a spectator."""
        if name in self.names:
            return self.names.index(name)
        if self.session is None and len(self.names) < self.players:
            self.names.append(name)
            self._lobby_changed()
            if len(self.names) == self.players:
                self._start_game()
            return len(self.names) - 1
        return -1

    def waiting_for(self) -> int:
        return self.players - len(self.names) if self.session is None else 0

    def _start_game(self) -> None:
        seed = self.seed if self.seed is not None else secrets.randbits(31)
        rules = ruleset("base")
        record = Record(players=list(self.names),
                        map=self.map_name or rules.map_name(self.players), seed=seed,
                        options=rules.options(self.options))
        self.game_id = self.store.create(record)
        self.session = GameSession(record, journal=Journal(self.store, self.game_id))
        self.session.subscribe(self._on_change)
        log.info("game %s started: %s", self.game_id, ", ".join(self.names))
        self._lobby_changed()

    def _on_change(self, events: list[Any]) -> None:
        if (self.session is not None and self.session.state.finished
                and self.game_id is not None):
            self.store.finish(self.game_id)

    def _lobby_changed(self) -> None:
        for listener in list(self.lobby_listeners):
            listener()

    # --- connections -------------------------------------------------------------------
    async def handle(self, process: asyncssh.SSHServerProcess[bytes]) -> None:
        """One SSH session: run an App for it until the client leaves."""
        name = (process.get_extra_info("username") or "guest")[:MAX_NAME]
        if process.get_terminal_type() is None:
            process.stdout.write(b"smallworld-tui needs an interactive terminal: "
                                 b"connect with ssh -t\r\n")
            process.exit(1)
            return
        terminal = ChannelTerminal(process)
        for old in [c for c in self.connections if c.name == name]:
            await self._drop(old, b"\r\nThis seat was taken over by a new connection.\r\n")
        conn = Connection(name, self.seat_for(name), terminal)
        self.connections.append(conn)
        conn.app = self.app_factory(self, conn)
        conn.app.terminal = terminal
        app_task = asyncio.create_task(conn.app.run_async())
        reader = asyncio.create_task(self._read(process, terminal))
        try:
            await asyncio.wait({app_task, reader}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            if not app_task.done():
                conn.app.exit()
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(app_task, 5)
            reader.cancel()
            if conn in self.connections:
                self.connections.remove(conn)
            with contextlib.suppress(Exception):
                process.exit(0)
            log.info("%s left", name)

    async def _read(self, process: asyncssh.SSHServerProcess[bytes],
                    terminal: ChannelTerminal) -> None:
        while True:
            try:
                data = await process.stdin.read(4096)
            except asyncssh.TerminalSizeChanged as exc:
                terminal.resized(exc.width, exc.height)
                continue
            except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                continue
            except (asyncssh.Error, OSError):
                return
            if not data:
                return
            try:
                terminal.received(data)
            except Exception:  # garbage input must never take the server down
                log.exception("bad input from %s", process.get_extra_info("username"))

    async def _drop(self, conn: Connection, message: bytes) -> None:
        conn.terminal.write(message.decode())
        if conn.app is not None:
            conn.app.exit()
        with contextlib.suppress(Exception):
            conn.terminal.process.exit(0)
        if conn in self.connections:
            self.connections.remove(conn)


class _Auth(asyncssh.SSHServer):
    def __init__(self, password: str | None) -> None:
        self._password = password

    def begin_auth(self, username: str) -> bool:
        return True

    def password_auth_supported(self) -> bool:
        return self._password is not None

    def validate_password(self, username: str, password: str) -> bool:
        return self._password is not None and secrets.compare_digest(password, self._password)


async def start_server(server: GameServer, host: str, port: int, host_key: asyncssh.SSHKey,
                       password: str | None = None,
                       authorized_keys: Path | None = None) -> asyncssh.SSHAcceptor:
    """Listen for SSH connections; refuses to expose an unprotected server."""
    if password is None and authorized_keys is None:
        raise ValueError("a password or authorized keys are required")
    keys = asyncssh.read_authorized_keys(str(authorized_keys)) if authorized_keys else None
    return await asyncssh.create_server(
        lambda: _Auth(password), host, port, server_host_keys=[host_key],
        authorized_client_keys=keys, process_factory=server.handle, encoding=None,
        line_editor=False,
    )


def quiet_textual_stdio() -> None:
    """Several Apps share this process: stop each from redirecting the process-wide stdout
    and stderr (they would restore each other's streams out of order)."""
    import textual.app

    textual.app.redirect_stdout = contextlib.nullcontext  # type: ignore[assignment]
    textual.app.redirect_stderr = contextlib.nullcontext  # type: ignore[assignment]
