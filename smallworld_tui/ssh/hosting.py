"""A running game server, put together: tables from the store, their hosts, the SSH door,
the host's control socket and, when asked, the web page.  ``serve`` and the tests start one
this way."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import TYPE_CHECKING

import asyncssh

from smallworld_tui.compat import (
    accept_any_printable_ssh_user_name,
    dismiss_only_the_top_screen,
    keep_process_stdio,
    palette_search_outliving_the_palette,
    share_parsed_css,
)
from smallworld_tui.ssh.alike import skeleton
from smallworld_tui.ssh.bounds import Bounds
from smallworld_tui.ssh.control import serve_control
from smallworld_tui.ssh.guard import Guard, Limits
from smallworld_tui.ssh.hosts import HostPool
from smallworld_tui.ssh.run_folder import Claim, claim
from smallworld_tui.ssh.server import Door, GameServer, start_ssh
from smallworld_tui.ssh.store import Store
from smallworld_tui.ssh.tables import Tables

SWEEP_SECONDS = 60.0  # the longest between two looks for idle waiting tables

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
    claim: Claim  # the store's lock and the sockets' folder
    control: asyncio.Server
    sweeper: asyncio.Task[None]
    web: web.AppRunner | None = None
    web_port: int = 0

    @property
    def port(self) -> int:
        port: int = self.acceptor.sockets[0].getsockname()[1]
        return port

    async def close(self) -> None:
        """Stop: every player is told, every table host ends, the store's lock goes; the
        store stays open."""
        self.acceptor.close()
        self.control.close()
        self.sweeper.cancel()
        await self.server.stop()
        if self.web is not None:
            await self.web.cleanup()
        await self.acceptor.wait_closed()
        await self.hosts.stop()
        self.claim.release()


def prepare_process() -> None:
    """Once per process that runs the server's Apps."""
    keep_process_stdio()
    dismiss_only_the_top_screen()
    palette_search_outliving_the_palette()
    accept_any_printable_ssh_user_name()
    share_parsed_css()


async def keep_tables(tables: Tables) -> None:
    """Close the waiting tables left idle (``Tables.expire``), looking every while."""
    every = min(tables.limits.idle_seconds / 4, SWEEP_SECONDS)
    while True:
        await asyncio.sleep(every)
        tables.expire()


async def host_games(store: Store, tables: Tables, door: Door, host: str, port: int,
                     host_key: asyncssh.SSHKey, *, workers: int = 0,
                     lobbies_apart: bool = True, limits: Limits | None = None,
                     bounds: Bounds | None = None,
                     web_settings: WebSettings | None = None,
                     claimed: Claim | None = None) -> Hosting:
    """Start serving ``tables`` (already restored from ``store``) on ``host:port``, and the
    web page on ``host`` when ``web_settings`` are given (``OSError`` if a port is taken).
    ``workers`` and ``lobbies_apart`` say where the screens run (``hosts``); ``limits``
    and ``bounds`` what a connection may do and cost.  The store's lock is ``claimed``
    already, or taken here (``RunFolderError``); it goes when the server stops."""
    prepare_process()
    skeleton("")  # Unicode's confusables are read now rather than at the first login
    run = claimed or claim(store.path, "serve")
    hosts = HostPool(store, tables, workers, run.folder, lobbies_apart=lobbies_apart)
    server: GameServer | None = None
    control: asyncio.Server | None = None
    try:
        await hosts.start()
        server = GameServer(tables, hosts, door, Guard(limits or Limits()), bounds or Bounds())
        control = await serve_control(server, run.control)
        acceptor = await start_ssh(server, host, port, host_key)
    except BaseException:
        if control is not None:
            control.close()
        if server is not None:
            await server.stop()
        await hosts.stop()
        run.release()
        raise
    hosting = Hosting(server, acceptor, hosts, run, control,
                      asyncio.create_task(keep_tables(tables)))
    if web_settings is not None:
        from smallworld_tui.ssh.web import WebDoor, start_web

        try:
            door_page = WebDoor(server, web_settings.hosts, web_settings.origins)
            hosting.web, hosting.web_port = await start_web(door_page, host, web_settings.port)
        except BaseException:
            await hosting.close()
            raise
    return hosting
