"""`smallworld-tui serve`: host a game that players join over SSH."""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import ipaddress
import logging
import os
import signal
from pathlib import Path
from typing import TYPE_CHECKING

import click

from smallworld_tui.commands.game_choice import game_option, one_line, resolve_game
from smallworld_tui.commands.relay import PASSWORD_ENV
from smallworld_tui.engine import RecordError
from smallworld_tui.engine.board import MapError, load_map
from smallworld_tui.i18n import _, current_language
from smallworld_tui.saves import data_dir

if TYPE_CHECKING:
    from aiohttp.web import AppRunner


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _check_web(password: str | None, authorized_keys: Path | None) -> None:
    """Browsers log in by password, through the relay, which needs textual-serve and pyte."""
    if password is None and authorized_keys is not None:
        raise click.UsageError(_("--web needs --password: browsers log in with a password"))
    missing = [m for m in ("textual_serve", "pyte") if importlib.util.find_spec(m) is None]
    if missing:
        raise click.ClickException(_("--web needs {modules}: pip install "
                                     "'smallworld-tui[web]'").format(modules=", ".join(missing)))


async def _serve_web(host: str, ssh_port: int, web_port: int,
                     password: str | None) -> tuple[AppRunner, int]:
    """Start the web page of ``--web``: its runner (to clean up) and its port."""
    from smallworld_tui.ssh.web import relay_command, start_web

    if password is not None and _is_loopback(host):
        os.environ[PASSWORD_ENV] = password  # local browsers only: no need to ask for it
    try:
        return await start_web(relay_command(host, ssh_port, current_language()), host, web_port)
    except OSError as exc:
        raise click.ClickException(_("cannot serve the web page on port {port}: {error}").format(
            port=web_port, error=exc)) from None


def _check_setup(players: int, map_name: str | None, game: str) -> None:
    """The game the server will start must be one the engine accepts (checked now, not
    when the last player joins)."""
    from smallworld_tui.engine import IllegalAction, new_game

    try:
        new_game([str(seat) for seat in range(players)], map_name, 0, game=game)
    except IllegalAction as exc:
        raise click.UsageError(str(exc)) from None
    except MapError as exc:
        raise click.ClickException(one_line(exc)) from None


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=2222, show_default=True, type=click.IntRange(0, 65535))
@click.option("--players", default=2, show_default=True, type=click.IntRange(2, 5))
@click.option("--map", "map_name", help="Map name or file (default: the one for the count).")
@game_option
@click.option("--names", help="Assign the seats in order, e.g. Amy,Ben (default: first come).")
@click.option("--seed", type=int, help="Seed of the game (default: random).")
@click.option("--password", help="Password players need (default: a generated one).")
@click.option("--authorized-keys", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="OpenSSH authorized_keys file of the players' public keys.")
@click.option("--new", "fresh", is_flag=True, help="Start a new game even if one is unfinished.")
@click.option("--db", type=click.Path(dir_okay=False, path_type=Path),
              help="SQLite file of the server's games (default: in the user data directory).")
@click.option("--web", is_flag=True, help="Also let players join from a browser.")
@click.option("--web-port", default=8080, show_default=True, type=click.IntRange(0, 65535),
              help="Port of the web page (with --web).")
def command(host: str, port: int, players: int, map_name: str | None, game: str | None,
            names: str | None,
            seed: int | None, password: str | None, authorized_keys: Path | None, fresh: bool,
            db: Path | None, web: bool, web_port: int) -> None:
    """Host a game: players join with `ssh -p PORT NAME@HOST`.

    With --web, players can also join from a browser at http://HOST:WEB_PORT.
    """
    from smallworld_tui.ssh.app import make_app
    from smallworld_tui.ssh.server import (
        GameServer,
        generate_password,
        load_host_key,
        quiet_textual_stdio,
        start_server,
    )
    from smallworld_tui.ssh.store import Store

    if not _is_loopback(host) and password is None and authorized_keys is None:
        raise click.UsageError(_("listening on {host} (not loopback) needs --password or "
                                 "--authorized-keys").format(host=host))
    seats = [n.strip() for n in names.split(",")] if names else []
    if seats and len(seats) != players:
        raise click.UsageError(_("--names must give exactly {n} names").format(n=players))
    if map_name:
        try:
            if load_map(map_name).players != players:
                raise click.UsageError(_("map {map} is not for {n} players").format(
                    map=map_name, n=players))
        except MapError as exc:
            raise click.ClickException(str(exc)) from None
    game = resolve_game(game, map_name)
    _check_setup(players, map_name, game)
    if web:
        _check_web(password, authorized_keys)
    if password is None and authorized_keys is None:
        password = generate_password()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    try:
        folder = data_dir()
    except OSError as exc:
        raise click.ClickException(_("cannot use the data folder: {error}").format(
            error=exc)) from None
    store = Store(db or folder / "server.sqlite3")
    server = GameServer(store=store, players=players, app_factory=make_app,
                        map_name=map_name, seed=seed, names=seats, game=game)
    try:
        resumed = not fresh and server.resume()
    except RecordError as exc:
        raise click.ClickException(str(exc)) from None
    key = load_host_key(folder / "ssh_host_ed25519_key")
    quiet_textual_stdio()

    async def run() -> None:
        stop = asyncio.current_task()
        assert stop is not None
        with contextlib.suppress(NotImplementedError):  # no Unix signals on this platform
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.cancel)
        acceptor = await start_server(server, host, port, key, password, authorized_keys)
        bound = acceptor.sockets[0].getsockname()[1]
        runner, web_bound = await _serve_web(host, bound, web_port, password) if web else (None, 0)
        if resumed:
            click.echo(_("Resuming game {id} ({names}).").format(
                id=server.game_id, names=", ".join(server.names)))
        else:
            click.echo(_("Waiting for {n} players.").format(n=players))
        click.echo(_("Join with:  ssh -p {port} <your name>@{host}").format(port=bound,
                                                                            host=host))
        if password:
            click.echo(_("Password:   {password}").format(password=password))
        if runner is not None:
            address = f"[{host}]" if ":" in host else host
            click.echo(_("Browsers:   http://{address}:{port}").format(address=address,
                                                                    port=web_bound))
        click.echo(_("Press Ctrl+C to stop; the game is saved after every move."))
        try:
            await acceptor.wait_closed()
        finally:
            if runner is not None:
                await runner.cleanup()

    try:
        asyncio.run(run())
    except (KeyboardInterrupt, asyncio.CancelledError):
        click.echo(_("Server stopped."))
    finally:
        store.close()
