"""A running game server, put together: tables from the store, their hosts, the SSH door and,
when asked, the web page.  ``serve``, the tests and the benchmark all start one this way."""

from __future__ import annotations

import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import asyncssh

from smallworld_tui.compat import (
    accept_any_printable_ssh_user_name,
    dismiss_only_the_top_screen,
    keep_process_stdio,
    palette_search_outliving_the_palette,
    share_parsed_css,
)
from smallworld_tui.ssh.bounds import Bounds
from smallworld_tui.ssh.guard import Guard, Limits
from smallworld_tui.ssh.hosts import HostPool
from smallworld_tui.ssh.server import Door, GameServer, start_ssh
from smallworld_tui.ssh.store import Store
from smallworld_tui.ssh.tables import Tables

if TYPE_CHECKING:  # the web page's packages come with the [web] extra only
    from aiohttp import web


@dataclass(frozen=True)
class WebSettings:
    port: int = 8080
    origins: tuple[str, ...] = ()  # other origins the page may be used from (a TLS proxy)
    hosts: tuple[str, ...] = ()  # names the page is served under (besides localhost)


@dataclass
class Hosting:
    server: GameServer
    acceptor: asyncssh.SSHAcceptor
    hosts: HostPool
    folder: Path
    web: web.AppRunner | None = None
    web_port: int = 0

    @property
    def port(self) -> int:
        port: int = self.acceptor.sockets[0].getsockname()[1]
        return port

    async def close(self) -> None:
        """Stop: every player is told, every table host ends; the store stays open."""
        self.acceptor.close()
        await self.server.stop()
        if self.web is not None:
            await self.web.cleanup()
        await self.acceptor.wait_closed()
        await self.hosts.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


def prepare_process() -> None:
    """Once per process that runs the server's Apps."""
    keep_process_stdio()
    dismiss_only_the_top_screen()
    palette_search_outliving_the_palette()
    accept_any_printable_ssh_user_name()
    share_parsed_css()


async def host_games(store: Store, tables: Tables, door: Door, host: str, port: int,
                     host_key: asyncssh.SSHKey, *, workers: int = 0,
                     lobbies_apart: bool = True, limits: Limits | None = None,
                     bounds: Bounds | None = None,
                     web_settings: WebSettings | None = None) -> Hosting:
    """Start serving ``tables`` (already restored from ``store``) on ``host:port``, and the
    web page on ``host`` when ``web_settings`` are given (``OSError`` if a port is taken).
    ``workers`` and ``lobbies_apart`` say where the screens run (``hosts``); ``limits``
    and ``bounds`` what a connection may do and cost."""
    prepare_process()
    folder = Path(tempfile.mkdtemp(prefix="smallworld-tui-"))  # 0700: only we reach the tables
    hosts = HostPool(store, tables, workers, folder, lobbies_apart=lobbies_apart)
    server: GameServer | None = None
    try:
        await hosts.start()
        server = GameServer(tables, hosts, door, Guard(limits or Limits()), bounds or Bounds())
        acceptor = await start_ssh(server, host, port, host_key)
    except BaseException:
        if server is not None:
            await server.stop()
        await hosts.stop()
        shutil.rmtree(folder, ignore_errors=True)
        raise
    hosting = Hosting(server, acceptor, hosts, folder)
    if web_settings is not None:
        from smallworld_tui.ssh.web import WebDoor, start_web

        try:
            door_page = WebDoor(server, web_settings.hosts, web_settings.origins)
            hosting.web, hosting.web_port = await start_web(door_page, host, web_settings.port)
        except BaseException:
            await hosting.close()
            raise
    return hosting
