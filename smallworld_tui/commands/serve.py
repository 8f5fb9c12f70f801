"""`smallworld-tui serve`: host a game that players join over SSH."""

from __future__ import annotations

import asyncio
import ipaddress
import logging
from pathlib import Path

import click

from smallworld_tui.engine import RecordError
from smallworld_tui.engine.board import MapError, load_map
from smallworld_tui.i18n import _
from smallworld_tui.saves import data_dir


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=2222, show_default=True, type=click.IntRange(0, 65535))
@click.option("--players", default=2, show_default=True, type=click.IntRange(2, 5))
@click.option("--map", "map_name", help="Map name or file (default: the one for the count).")
@click.option("--names", help="Assign the seats in order, e.g. Amy,Ben (default: first come).")
@click.option("--seed", type=int, help="Seed of the game (default: random).")
@click.option("--password", help="Password players need (default: a generated one).")
@click.option("--authorized-keys", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="OpenSSH authorized_keys file of the players' public keys.")
@click.option("--new", "fresh", is_flag=True, help="Start a new game even if one is unfinished.")
@click.option("--db", type=click.Path(dir_okay=False, path_type=Path),
              help="SQLite file of the server's games (default: in the user data directory).")
def command(host: str, port: int, players: int, map_name: str | None, names: str | None,
            seed: int | None, password: str | None, authorized_keys: Path | None, fresh: bool,
            db: Path | None) -> None:
    """Host a game: players join with `ssh -p PORT NAME@HOST`."""
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
    if password is None and authorized_keys is None:
        password = generate_password()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    store = Store(db or data_dir() / "server.sqlite3")
    server = GameServer(store=store, players=players, app_factory=make_app,
                        map_name=map_name, seed=seed, names=seats)
    try:
        resumed = not fresh and server.resume()
    except RecordError as exc:
        raise click.ClickException(str(exc)) from None
    key = load_host_key(data_dir() / "ssh_host_ed25519_key")
    quiet_textual_stdio()

    async def run() -> None:
        acceptor = await start_server(server, host, port, key, password, authorized_keys)
        bound = acceptor.sockets[0].getsockname()[1]
        if resumed:
            click.echo(_("Resuming game {id} ({names}).").format(
                id=server.game_id, names=", ".join(server.names)))
        else:
            click.echo(_("Waiting for {n} players.").format(n=players))
        click.echo(_("Join with:  ssh -p {port} <your name>@{host}").format(port=bound,
                                                                            host=host))
        if password:
            click.echo(_("Password:   {password}").format(password=password))
        click.echo(_("Press Ctrl+C to stop; the game is saved after every move."))
        await acceptor.wait_closed()

    try:
        asyncio.run(run())
    except KeyboardInterrupt:
        click.echo(_("Server stopped."))
    finally:
        store.close()
