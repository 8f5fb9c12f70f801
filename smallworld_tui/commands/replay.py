"""`smallworld-tui replay FILE`: replay a record and print the final state."""

from __future__ import annotations

import json

import click

from smallworld_tui.engine import RecordError, load_record, summary
from smallworld_tui.i18n import _, ngettext
from smallworld_tui.ui.describe import combo_name


@click.command("replay")
@click.argument("file")
@click.option("--json", "as_json", is_flag=True, help="Print the final state as JSON.")
def command(file: str, as_json: bool) -> None:
    """Replay the record FILE and print where the game stands."""
    try:
        g = load_record(file).replay(file)
    except RecordError as exc:
        raise click.ClickException(str(exc)) from None
    data = summary(g)
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False))
        return
    state = (_("finished") if data["finished"]
             else _("round {round}, in progress").format(round=data["round"]))
    click.echo(f"{file}: {state}")
    for p in data["players"]:
        active = p["active"]
        active = combo_name(active["race"], active["power"]) if active else "-"
        click.echo("  " + _("{name}: {coins} coins, {tokens} tokens on the map, active: "
                            "{active}").format(name=p["name"], coins=p["coins"],
                                               tokens=p["tokens_on_board"], active=active))
    if data["winners"]:
        click.echo(ngettext("Winner: {names}", "Winners: {names}", len(data["winners"]))
                   .format(names=", ".join(data["winners"])))
