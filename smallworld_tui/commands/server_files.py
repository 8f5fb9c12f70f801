"""What `serve` and `tables` need of the host's files: where the store is, where the password
comes from, and a one-line error naming a file or folder that cannot be used."""

from __future__ import annotations

import contextlib
import stat
from collections.abc import Iterator
from pathlib import Path

import click

from smallworld_tui.i18n import _
from smallworld_tui.saves import data_dir

STORE_NAME = "server.sqlite3"
PASSWORD_VARIABLE = "SMALLWORLD_TUI_PASSWORD"


@contextlib.contextmanager
def usable() -> Iterator[None]:
    """A file or folder that cannot be used (a file where a folder should be, no permission,
    a read-only disk…) ends the command with one line naming it."""
    try:
        yield
    except OSError as exc:
        path = exc.filename if exc.filename is not None else "?"
        if isinstance(exc, FileExistsError | NotADirectoryError):
            named = Path(path)
            why = _("it is not a folder") if named.exists() and not named.is_dir() else \
                _("a part of that path is not a folder")
        else:
            why = exc.strerror or str(exc)
        raise click.ClickException(_("cannot use {path}: {why}").format(path=path, why=why)) \
            from None


def store_path(db: Path | None, create: bool = True) -> Path:
    """The store: ``db``, or the one in the user data folder."""
    with usable():
        return db or data_dir(create) / STORE_NAME


def given_password(password: str | None,
                   password_file: Path | None) -> tuple[str | None, str | None]:
    """The password the host gave (None if none was): ``--password-file``'s first line, or
    ``--password``, or the environment's ``SMALLWORLD_TUI_PASSWORD`` (click reads it); and
    where it came from, unless from the command line (taken with a warning), where it is
    no secret from the host's screen either."""
    if password_file is not None:
        if password is not None:
            raise click.UsageError(_("give the password one way: --password-file, --password "
                                     "or {variable}").format(variable=PASSWORD_VARIABLE))
        return _password_from(password_file), str(password_file)
    source = click.get_current_context().get_parameter_source("password")
    if password is None or source is not click.core.ParameterSource.COMMANDLINE:
        return password, PASSWORD_VARIABLE
    click.echo(_("Warning: other users of this machine can read --password (ps); use "
                 "--password-file or {variable}.").format(variable=PASSWORD_VARIABLE),
               err=True)
    return password, None


def _password_from(path: Path) -> str:
    with usable():
        data = path.read_bytes()
        mode = path.stat().st_mode
    try:
        lines = data.decode("utf-8").splitlines()
    except UnicodeDecodeError:
        raise click.ClickException(_("cannot use {path}: {why}").format(
            path=path, why=_("it is not UTF-8 text"))) from None
    if not lines or not lines[0]:
        raise click.UsageError(_("{path} holds no password: its first line is empty").format(
            path=path))
    if mode & (stat.S_IRGRP | stat.S_IROTH):
        click.echo(_("Warning: other users of this machine can read {path}.").format(
            path=path), err=True)
    return lines[0]
