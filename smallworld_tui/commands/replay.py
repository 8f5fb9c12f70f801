"""`smallworld-tui replay FILE`: watch a recorded game again, or print its final state."""

from __future__ import annotations

import json

import click

from smallworld_tui.engine import RecordError, load_record, summary


@click.command("replay")
@click.argument("file")
@click.option("--json", "as_json", is_flag=True, help="Print the final state as JSON.")
def command(file: str, as_json: bool) -> None:
    """Watch the game recorded in FILE again, move by move (read-only); with --json, print
    where it ends."""
    from smallworld_tui.session.replay import Replay

    try:
        record = load_record(file)
        if as_json:
            click.echo(json.dumps(summary(record.replay(file)), ensure_ascii=False))
            return
        replay = Replay(record, file)
    except RecordError as exc:
        raise click.ClickException(str(exc)) from None

    from smallworld_tui.ui.app import SmallWorldApp

    SmallWorldApp(replay=replay).run()
