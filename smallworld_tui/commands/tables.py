"""`smallworld-tui tables`: the host lists the tables of the server's store, closes some,
gives a reserved seat a new code, or exports a game as a record, whether `serve` runs or not.

Listing and exporting only read the store (SQLite lets them while the server writes).  Closing
and new codes change it: while `serve` runs, the command asks the server (its control socket,
found through the store's lock), so that its memory, its table hosts and its players learn of
it; otherwise the command holds the store's lock while it changes the store itself.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from smallworld_tui.commands.server_files import store_path, usable
from smallworld_tui.engine import IllegalAction, MapError, RecordError, save_record
from smallworld_tui.i18n import _, ngettext
from smallworld_tui.names import game_name
from smallworld_tui.ssh.control import ask, close_table, renew_code
from smallworld_tui.ssh.run_folder import RunFolderError, StoreInUse, claim
from smallworld_tui.ssh.store import Store, StoreError, TableRow
from smallworld_tui.ssh.tables import SeatRefused, Table, Tables, stored_game

F = TypeVar("F", bound=Callable[..., Any])


def db_option(command: F) -> F:
    return click.option(
        "--db", type=click.Path(dir_okay=False, path_type=Path),
        help="The server's SQLite file (default: the one in the user data folder).")(command)


@click.group(name="tables")
def command() -> None:
    """The server's tables: list them, close some, give a reserved seat a new code, export a
    game as a record (while `serve` runs or not)."""


@command.command(name="list")
@db_option
@click.option("--all", "everything", is_flag=True,
              help="Also the finished tables and those the host closed.")
def list_command(db: Path | None, everything: bool) -> None:
    """One line per table waiting for players or being played: number, game, map, how it
    stands, and who sits where."""
    store = _store(db)
    try:
        rows = store.tables() if everything else store.live_tables()
        moves = store.action_counts()
        tables = Tables(store)
        for row in rows:
            click.echo(_line(tables.table_of(row), row, moves.get(row.id, 0)))
        if not rows:
            click.echo(_("No table is waiting or being played."))
    finally:
        store.close()


def _line(table: Table, row: TableRow, moves: int) -> str:
    played = ngettext("{n} move", "{n} moves", moves).format(n=moves)
    if table.damaged is not None:
        state = _("cannot be played: {reason}").format(reason=table.damaged)
    elif table.closed is not None:
        state = _("closed by the host after {moves}").format(moves=played)
    elif table.result is not None:
        winners = [str(table.result["names"][seat]) for seat in table.result["winners"]]
        state = _("over: {names} won").format(names=", ".join(winners))
    elif table.started:
        state = _("being played: {moves}").format(moves=played)
    else:
        state = _("waiting for {n} more").format(n=table.seats.count(None))
    reserved = table.settings.names or ("",) * len(table.seats)
    seats = ", ".join(seat.name if seat else f"({name})" if name else "·"
                      for seat, name in zip(table.seats, reserved, strict=True))
    game = game_name(table.settings.game) if table.damaged is None else "?"
    return f"{row.id:>5}  {game:<24} {table.settings.map:<14} {state}  ({seats})"


@command.command(name="close")
@db_option
@click.argument("numbers", nargs=-1, type=int, required=True)
def close_command(db: Path | None, numbers: tuple[int, ...]) -> None:
    """Close the tables NUMBERS: one that waits for players is removed; a game being played
    is archived with every move made (`tables export` writes it as a record), and its
    players go back to the lobby, told why."""
    failed = False
    for number in numbers:
        try:
            closed = _change(db, {"close": number}, "closed",
                             functools.partial(_close_here, number=number))
        except SeatRefused as exc:
            click.echo(_("Error: {error}").format(error=exc), err=True)
            failed = True
            continue
        if closed["started"]:
            click.echo(_("Table {id} closed; its game is kept, with every move made.").format(
                id=number))
        else:
            click.echo(_("Table {id} closed; it had not started.").format(id=number))
    if failed:
        raise click.exceptions.Exit(1)


@command.command(name="code")
@db_option
@click.argument("number", type=int)
@click.argument("seat", type=click.IntRange(1))
def code_command(db: Path | None, number: int, seat: int) -> None:
    """Print a new code for SEAT (1, 2, …) at table NUMBER, a free seat reserved for a name
    with `serve --names`: for a player who lost theirs. The old code (or the secret the
    seat had) no longer claims it."""
    try:
        given = _change(db, {"code": [number, seat - 1]}, "code",
                        lambda tables: renew_code(tables, number, seat - 1))
    except SeatRefused as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(_("Table {id}, seat {n} ({name}): code {code}").format(
        id=number, n=seat, name=given["name"], code=given["code"]))


def _close_here(tables: Tables, number: int) -> dict[str, Any]:
    return close_table(tables, number)


def _change(db: Path | None, question: dict[str, Any], answer: str,
            locally: Callable[[Tables], dict[str, Any]]) -> dict[str, Any]:
    """Change the store: ask the server that runs on it (``question``, its reply under
    ``answer``), or with none running, do it here (``locally``) holding the store's lock.
    ``SeatRefused`` says why it cannot be done."""
    path = _existing(db)
    try:
        run = claim(path, "tables")
    except StoreInUse as exc:
        control = exc.holder.get("control")
        if exc.holder.get("what") != "serve" or not isinstance(control, str):
            raise click.ClickException(str(exc)) from None
        return _ask_server(Path(control), question, answer)
    except RunFolderError as exc:
        raise click.ClickException(str(exc)) from None
    try:
        store = _store(path)
        try:
            tables = Tables(store)
            tables.restore()
            return locally(tables)
        except OSError as exc:
            raise click.ClickException(_("the store could not be written: {error}").format(
                error=exc)) from None
        finally:
            store.close()
    finally:
        run.release()


def _ask_server(control: Path, question: dict[str, Any], answer: str) -> dict[str, Any]:
    try:
        reply = ask(control, question)
    except (OSError, ValueError) as exc:
        raise click.ClickException(_("the server using this store cannot be reached at "
                                     "{socket}: {error}").format(socket=control, error=exc)) \
            from None
    if "refused" in reply:
        raise SeatRefused(str(reply["refused"]))
    given: dict[str, Any] = reply[answer]
    return given


@command.command(name="export")
@db_option
@click.argument("number", type=int)
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
def export_command(db: Path | None, number: int, file: Path) -> None:
    """Write table NUMBER's game to FILE as a record, to replay (`smallworld-tui replay
    FILE`) or go on with at home (`smallworld-tui play --load FILE`)."""
    store = _store(db)
    try:
        _row, record = stored_game(store, number)
    except RecordError as exc:
        raise click.ClickException(str(exc)) from None
    except KeyError:
        raise click.ClickException(_("table {id} has not started: it has no game yet").format(
            id=number)) from None
    except (ValueError, IllegalAction, MapError) as exc:
        raise click.ClickException(_("table {id} cannot be played: {error}").format(
            id=number, error=exc)) from None
    finally:
        store.close()
    with usable():
        save_record(record, file)
    click.echo(_("Table {id} written to {file} ({moves}).").format(
        id=number, file=file, moves=ngettext("{n} move", "{n} moves", len(record.actions))
        .format(n=len(record.actions))))


def _existing(db: Path | None) -> Path:
    path = store_path(db, create=False)
    if not path.is_file():
        raise click.ClickException(_("there is no server store at {path} (see --db)").format(
            path=path))
    return path


def _store(db: Path | None) -> Store:
    try:
        return Store(_existing(db))
    except StoreError as exc:
        raise click.ClickException(str(exc)) from None
