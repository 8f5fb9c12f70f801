"""`smallworld-tui relay` (hidden): the terminal relay `serve --web` runs for each browser."""

from __future__ import annotations

import click

# `serve --web` hands the relay the password here rather than on its (world-readable)
# command line
PASSWORD_ENV = "SMALLWORLD_TUI_RELAY_PASSWORD"


@click.command("relay", hidden=True)
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address of the SSH game server.")
@click.option("--port", required=True, type=click.IntRange(1, 65535), help="Its SSH port.")
@click.option("--password", envvar=PASSWORD_ENV,
              help=f"The server's password (default: ${PASSWORD_ENV}, else ask).")
def command(host: str, port: int, password: str | None) -> None:
    """Join the game server over SSH and show its terminal here."""
    from smallworld_tui.ssh.relay import RelayApp

    RelayApp(port, host=host, password=password).run()
