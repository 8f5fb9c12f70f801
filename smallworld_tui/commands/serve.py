"""`smallworld-tui serve`: host tables that players join over SSH (and, with --web, a browser)."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import importlib.util
import ipaddress
import logging
import signal
from pathlib import Path
from typing import TYPE_CHECKING

import click

from smallworld_tui.commands.game_choice import (
    game_option,
    game_options,
    map_players,
    one_line,
    option_values,
    resolve_game,
    teams_option,
)
from smallworld_tui.commands.server_files import (
    PASSWORD_VARIABLE,
    given_password,
    store_path,
    usable,
)
from smallworld_tui.engine import IllegalAction, MapError
from smallworld_tui.i18n import _
from smallworld_tui.names import game_name
from smallworld_tui.saves import data_dir
from smallworld_tui.ssh.bounds import Bounds
from smallworld_tui.ssh.guard import Limits
from smallworld_tui.ssh.tables import TableLimits, Tables, TableSettings, new_table

if TYPE_CHECKING:
    import asyncssh

    from smallworld_tui.ssh.keys import KeyBook

TABLE_LIMITS = TableLimits()
BOUNDS = Bounds()  # the defaults of what one connection may cost
LIMITS = Limits()  # the defaults of the door's limits


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _check_web(password: str | None, authorized_keys: Path | None) -> None:
    """Browsers log in with a password, in textual-serve's browser terminal."""
    if password is None and authorized_keys is not None:
        raise click.UsageError(_("--web needs --password: browsers log in with a password"))
    if importlib.util.find_spec("textual_serve") is None:
        raise click.ClickException(_("--web needs {modules}: pip install "
                                     "'smallworld-tui[web]'").format(modules="textual-serve"))


def _players(players: int | None, map_name: str | None, names: list[str], bots: int) -> int:
    """The first table's player count, from whichever option says it (``names`` are the
    people's seats, ``bots`` the computer players')."""
    if names and players is not None and players != len(names) + bots:
        raise click.UsageError(_("--names must give exactly {n} names").format(
            n=players - bots))
    if players is not None:
        return players
    if names:
        return len(names) + bots
    if map_name:
        return map_players(map_name)
    return 2


def _reserved(names: str | None) -> list[str]:
    """The names of ``--names``, as shown (``UsageError`` for one that cannot be a name, or
    two that look alike)."""
    from smallworld_tui.ssh.names import NameRefused, looks_like, same_name, shown_name

    reserved: list[str] = []
    for typed in (n.strip() for n in names.split(",")) if names else ():
        try:
            name = shown_name(typed)
        except NameRefused as exc:
            raise click.UsageError(_("--names: {name!r} cannot be a name: {problem}").format(
                name=typed, problem=exc)) from None
        if any(same_name(name, other) for other in reserved):
            raise click.UsageError(_("--names: {name!r} is given twice").format(name=name))
        alike = looks_like(name, reserved)
        if alike is not None:
            raise click.UsageError(_("--names: {name!r} looks like {other!r}").format(
                name=name, other=alike))
        reserved.append(name)
    return reserved


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=2222, show_default=True, type=click.IntRange(0, 65535))
@click.option("--players", type=click.IntRange(2, 5),
              help="Open a table for this many players (with --map, --game, --names, --seed).")
@click.option("--map", "map_name", help="Map of that table (default: the one for the count).")
@click.option("--names", help="Reserve that table's seats, in order, e.g. Amy,Ben.")
@game_option
@teams_option
@click.option("--option", "option_items", multiple=True, metavar="NAME=VALUE",
              help="A game option of that table, e.g. teams=yes (repeatable).")
@click.option("--seed", type=int, help="Seed of that table's game (default: random).")
@click.option("--bots", metavar="LEVEL,...",
              help="Computer players in that table's last seats, e.g. hard,normal (levels: "
                   "random, easy, normal, hard); --names then names the other seats.")
@click.option("--new", "fresh", is_flag=True,
              help="Open that table even if an unfinished one is set up the same way.")
@click.option("--password", envvar=PASSWORD_VARIABLE, show_envvar=True,
              help="Password players need (default: a generated one, kept). Other users of "
                   "this machine can read a command line: prefer --password-file or "
                   f"{PASSWORD_VARIABLE}.")
@click.option("--password-file", type=click.Path(dir_okay=False, path_type=Path),
              help="Read the password from the first line of this file.")
@click.option("--new-password", is_flag=True, help="Generate a new password and keep it.")
@click.option("--authorized-keys", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Players' public keys, each with the player's name as its comment.")
@click.option("--db", type=click.Path(dir_okay=False, path_type=Path),
              help="SQLite file of the server's tables (default: in the user data folder).")
@click.option("--workers", default=0, show_default=True, type=click.IntRange(0, 64),
              help="Processes that run the tables' screens (0: this one).")
@click.option("--max-connections", default=100, show_default=True, type=click.IntRange(1))
@click.option("--max-per-address", default=10, show_default=True, type=click.IntRange(1))
@click.option("--max-logins-per-minute", default=LIMITS.logins_per_address, show_default=True,
              type=click.IntRange(1), help="Logins from one address in a minute (each starts "
              "a lobby).")
@click.option("--max-tables", default=TABLE_LIMITS.max_tables, show_default=True,
              type=click.IntRange(1), help="Unfinished tables players may have in all.")
@click.option("--max-waiting-tables", default=TABLE_LIMITS.max_waiting, show_default=True,
              type=click.IntRange(1), help="Tables waiting for players at once.")
@click.option("--max-tables-per-player", default=TABLE_LIMITS.per_player, show_default=True,
              type=click.IntRange(1), help="Unfinished tables one player may sit at.")
@click.option("--idle-table-minutes", default=TABLE_LIMITS.idle_seconds / 60,
              show_default=True, type=click.FloatRange(0, min_open=True),
              help="A waiting table where no seat is taken or given up for this long closes.")
@click.option("--archived-tables-shown", default=TABLE_LIMITS.archived_shown,
              show_default=True, type=click.IntRange(0),
              help="Finished or closed tables the lobby lists, the newest (all are kept).")
@click.option("--max-unauthenticated", default=BOUNDS.max_unauthenticated, show_default=True,
              type=click.IntRange(1), help="Connections not logged in yet, in all.")
@click.option("--max-unauthenticated-per-address", show_default=True, type=click.IntRange(1),
              default=BOUNDS.max_unauthenticated_per_address)
@click.option("--login-timeout", default=BOUNDS.login_seconds, show_default=True,
              type=click.FloatRange(1), help="Seconds a connection has to log in.")
@click.option("--keys-per-second", default=BOUNDS.keys_per_second, show_default=True,
              type=click.FloatRange(1), help="Keys a connection may send; the others are "
              "dropped.")
@click.option("--output-rate", default=BOUNDS.output_rate // 1024, show_default=True,
              type=click.IntRange(1), help="KiB a second a terminal is sent before its keys "
              "wait.")
@click.option("--max-output", default=BOUNDS.max_output // 1024, show_default=True,
              type=click.IntRange(16), help="KiB a client may leave unread before it is cut "
              "off.")
@click.option("--web", is_flag=True, help="Also let players join from a browser.")
@click.option("--web-port", default=8080, show_default=True, type=click.IntRange(0, 65535),
              help="Port of the web page (with --web).")
@click.option("--web-origin", multiple=True,
              help="Another origin the web page may be opened from, e.g. https://games.example "
                   "behind a TLS proxy (with --web; repeatable).")
@click.option("--web-host", multiple=True, metavar="NAME",
              help="A name the web page is served under, e.g. games.example (with --web; "
                   "repeatable; localhost and addresses always are).")
def command(host: str, port: int, players: int | None, map_name: str | None, names: str | None,
            game: str | None, teams: bool, option_items: tuple[str, ...], seed: int | None,
            bots: str | None, fresh: bool, password: str | None, password_file: Path | None,
            new_password: bool, authorized_keys: Path | None, db: Path | None, workers: int,
            max_connections: int, max_per_address: int, max_logins_per_minute: int,
            max_tables: int,
            max_waiting_tables: int, max_tables_per_player: int, idle_table_minutes: float,
            archived_tables_shown: int, max_unauthenticated: int,
            max_unauthenticated_per_address: int, login_timeout: float,
            keys_per_second: float, output_rate: int, max_output: int, web: bool,
            web_port: int, web_origin: tuple[str, ...], web_host: tuple[str, ...]) -> None:
    """Host Small World tables: players join with `ssh -p PORT NAME@HOST`, see the tables in
    a lobby, open a table, take a seat, come back to it or watch.

    With --players, --map, --names, --seed, --game or --option, one table is opened at once.
    With --web, players can also join from a browser at http://HOST:WEB_PORT.
    """
    from smallworld_tui.ssh.files import (
        kept_password,
        private_database,
        private_folder,
        private_umask,
    )
    from smallworld_tui.ssh.keys import KeyFileError, read_key_book
    from smallworld_tui.ssh.run_folder import RunFolderError, claim
    from smallworld_tui.ssh.server import Door
    from smallworld_tui.ssh.store import Store, StoreError

    password, password_source = given_password(password, password_file)
    if password == "":
        raise click.UsageError(_("--password must not be empty"))
    if new_password and password is not None:
        raise click.UsageError(_("--new-password replaces the generated password; it cannot "
                                 "go with --password"))
    if not _is_loopback(host) and password is None and authorized_keys is None:
        raise click.UsageError(_("listening on {host} (not loopback) needs --password or "
                                 "--authorized-keys").format(host=host))
    if web:
        _check_web(password, authorized_keys)
    seats = _reserved(names)
    levels = [level.strip() for level in bots.split(",")] if bots else []
    table_wanted = any(v is not None for v in (players, map_name, names, seed, game, bots)) or \
        bool(option_items) or teams
    game = resolve_game(game, map_name)
    options = {**option_values(game, option_items), **game_options(teams, game)}
    count = _players(players, map_name, seats, len(levels))
    settings = None
    if table_wanted:
        try:
            settings = new_table(count, map_name, seed, options, seats, game, levels)
        except IllegalAction as exc:
            raise click.UsageError(exc.render(_)) from None
        except MapError as exc:
            raise click.ClickException(one_line(exc)) from None

    private_umask()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    logging.getLogger("asyncssh").setLevel(logging.WARNING)  # ours says who came and failed
    try:
        keys = read_key_book(authorized_keys) if authorized_keys else None
    except KeyFileError as exc:
        raise click.ClickException(str(exc)) from None
    with usable():
        folder = data_dir()
        private_folder(folder, ours=True)
        if password is None and keys is None:
            password, password_source = kept_password(folder / "ssh_password",
                                                       renew=new_password), None
        db_path = store_path(db)
        private_database(db_path)
        key = _host_key(folder / "ssh_host_ed25519_key")
    door = Door(password, keys)
    with contextlib.ExitStack() as held:
        try:
            run_folder = claim(db_path, "serve")
            held.callback(run_folder.release)
            store = Store(db_path)
        except (RunFolderError, StoreError) as exc:
            raise click.ClickException(str(exc)) from None
        held.callback(store.close)
        tables = Tables(store, TableLimits(
            max_tables=max_tables, max_waiting=max_waiting_tables,
            per_player=max_tables_per_player, idle_seconds=idle_table_minutes * 60,
            archived_shown=archived_tables_shown))
        tables.restore()
        if settings is not None:
            _first_table(tables, settings, fresh)
        _hand_out_codes(tables, keys)

        async def run() -> None:
            from smallworld_tui.ssh.hosting import WebSettings, host_games

            stop = asyncio.current_task()
            assert stop is not None
            with contextlib.suppress(NotImplementedError):  # no Unix signals on this platform
                asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.cancel)
            limits = Limits(max_connections=max_connections, max_per_address=max_per_address,
                            logins_per_address=max_logins_per_minute)
            bounds = dataclasses.replace(
                BOUNDS, max_unauthenticated=max_unauthenticated,
                max_unauthenticated_per_address=max_unauthenticated_per_address,
                login_seconds=login_timeout, keys_per_second=keys_per_second,
                output_rate=output_rate * 1024, max_output=max_output * 1024)
            try:
                hosting = await host_games(
                    store, tables, door, host, port, key, workers=workers, limits=limits,
                    bounds=bounds,
                    web_settings=WebSettings(web_port, web_origin, web_host) if web else None,
                    claimed=run_folder)
            except OSError as exc:
                raise click.ClickException(_("cannot listen on {host}: {error}").format(
                    host=host, error=exc)) from None
            try:
                waiting = sum(not t.started for t in tables.listing())
                playing = sum(t.started and not t.archived for t in tables.listing())
                click.echo(_("Tables: {waiting} waiting for players, {playing} being played.")
                           .format(waiting=waiting, playing=playing))
                click.echo(_("Join with:  ssh -p {port} <your name>@{host}").format(
                    port=hosting.port, host=host))
                if password and password_source:
                    click.echo(_("Password:   the one in {source}").format(
                        source=password_source))
                elif password:
                    click.echo(_("Password:   {password}").format(password=password))
                if hosting.web is not None:
                    address = f"[{host}]" if ":" in host else host
                    click.echo(_("Browsers:   http://{address}:{port}").format(
                        address=address, port=hosting.web_port))
                click.echo(_("Press Ctrl+C to stop; every move is saved as it is made."))
                await hosting.acceptor.wait_closed()
            finally:
                await hosting.close()

        try:
            asyncio.run(run())
        except (KeyboardInterrupt, asyncio.CancelledError):
            click.echo(_("Server stopped."))


def _first_table(tables: Tables, settings: TableSettings, fresh: bool) -> None:
    """Open the table the command line asks for, unless one set up the same way is
    unfinished (and not ``fresh``)."""
    same = None if fresh else tables.unfinished_like(settings)
    table = same or tables.open(settings)
    click.echo(_("Table {id}: {game}, {map}, {n} players{names}.").format(
        id=table.id, game=game_name(settings.game), map=settings.map, n=settings.players,
        names=" (" + ", ".join(settings.names) + ")" if settings.names else ""))


def _hand_out_codes(tables: Tables, keys: KeyBook | None) -> None:
    """Print a code for each free reserved seat nothing claims yet (a key claims its name's)."""
    try:
        codes = tables.issue_codes(keys.reserves if keys is not None else lambda _name: False)
    except OSError as exc:
        raise click.ClickException(_("cannot store the seats' codes: {error}").format(
            error=exc)) from None
    for table, seat, code in codes:
        click.echo(_("Table {id}, seat {n} ({name}): code {code}").format(
            id=table.id, n=seat + 1, name=table.settings.names[seat], code=code))
    if codes:
        click.echo(_("Give each of them their code: it takes their reserved seat once (the "
                     "codes are not shown again)."))


def _host_key(path: Path) -> asyncssh.SSHKey:
    """The server's host key (``OSError``, or a one-line error if it is no key)."""
    import asyncssh

    from smallworld_tui.ssh.files import load_host_key

    try:
        return load_host_key(path)
    except asyncssh.KeyImportError as exc:
        raise click.ClickException(_("cannot use {path}: {why}").format(
            path=path, why=exc)) from None
