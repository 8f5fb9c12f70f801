"""`smallworld-tui maps`: list the shipped maps, check a map file, export a map's topology."""

from __future__ import annotations

import json

import click

from smallworld_tui.data import GAMES
from smallworld_tui.engine.board import MapError, list_maps, load_map, load_map_file
from smallworld_tui.i18n import _


@click.group(name="maps")
def command() -> None:
    """Maps: list the shipped ones, check a map file, export a topology as JSON."""


@command.command(name="list")
@click.option("--game", type=click.Choice(GAMES), help="Only the maps of this game.")
def list_command(game: str | None) -> None:
    """One line per shipped map: name, game, players, turns, regions and title."""
    for name in list_maps(game):
        board = load_map(name)
        click.echo(f"{name:<15} {board.game:<12} "
                   + _("{players} players  {turns:>2} turns  {regions:>2} regions")
                   .format(players=board.players, turns=board.turns, regions=len(board.regions))
                   + f"  {board.title}")


@command.command(name="check")
@click.argument("file")
def check_command(file: str) -> None:
    """Validate FILE: print FILE:LINE:COL: message for every problem (exit 1), or OK."""
    try:
        board = load_map_file(file)
    except MapError as exc:
        click.echo(str(exc))
        raise SystemExit(1) from None
    click.echo(_("{file}: OK: {name} ({title}), {game} game, {players} players, {turns} turns, "
                 "{regions} regions, {borders} borders").format(
        file=file, name=board.name, title=board.title, game=board.game, players=board.players,
        turns=board.turns, regions=len(board.regions), borders=len(board.adjacency())))


@command.command(name="export")
@click.argument("name_or_file")
@click.option("--json", "as_json", is_flag=True, help="Print the topology as JSON.")
def export_command(name_or_file: str, as_json: bool) -> None:
    """Print the topology of a shipped map (by NAME) or of a map FILE."""
    if not as_json:
        raise click.UsageError(_("choose the output format: --json (the only one so far)"))
    try:
        board = load_map(name_or_file)
    except MapError as exc:
        click.echo(str(exc), err=True)
        raise SystemExit(1) from None
    click.echo(json.dumps(board.to_json(), indent=1))
