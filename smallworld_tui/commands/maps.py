"""`smallworld-tui maps`: list the shipped maps and board faces, check map files and the board
sets their faces form, export a map's topology."""

from __future__ import annotations

import json

import click

from smallworld_tui.commands.game_choice import GameName
from smallworld_tui.engine import (
    Map,
    MapError,
    board_rules,
    games,
    list_faces,
    list_maps,
    load_face,
    load_map,
    load_map_file,
    selections,
    set_problems,
)
from smallworld_tui.i18n import _


@click.group(name="maps")
def command() -> None:
    """Maps: list the shipped ones, check map files, export a topology as JSON."""


@command.command(name="list")
@click.option("--game", type=GameName(), help="Only the maps of this game.")
def list_command(game: str | None) -> None:
    """One line per shipped map: name, game, players, turns, regions and title; then one per
    board face."""
    for name in list_maps(game):
        board = load_map(name)
        click.echo(f"{name:<15} {board.game:<12} "
                   + _("{players} players  {turns:>2} turns  {regions:>2} regions")
                   .format(players=board.players, turns=board.turns, regions=len(board.regions))
                   + f"  {board.title}")
    for face_game in [game] if game else games():
        for name in list_faces(face_game):
            face = load_face(name, face_game)
            click.echo(f"{name:<15} {face_game:<12} "
                       + _("board face       {regions:>2} regions")
                       .format(regions=len(face.regions)) + f"  {face.title}")


@command.command(name="check")
@click.argument("files", nargs=-1, required=True)
def check_command(files: tuple[str, ...]) -> None:
    """Validate map FILES: print FILE:LINE:COL: message for every problem (exit 1), or one OK
    line each. Board faces checked together are also checked as every board set they form."""
    failed = False
    faces: list[Map] = []
    for file in files:
        try:
            board = load_map_file(file)
        except MapError as exc:
            click.echo(str(exc))
            failed = True
            continue
        if board.faces:
            faces.append(board)
            click.echo(_("{file}: OK: board face {name} ({title}), {game} game, {regions} "
                         "regions, {borders} borders").format(
                file=file, name=board.name, title=board.title, game=board.game,
                regions=len(board.regions), borders=len(board.adjacency())))
            continue
        click.echo(_("{file}: OK: {name} ({title}), {game} game, {players} players, {turns} "
                     "turns, {regions} regions, {borders} borders").format(
            file=file, name=board.name, title=board.title, game=board.game,
            players=board.players, turns=board.turns, regions=len(board.regions),
            borders=len(board.adjacency())))
    if not check_sets(faces) or failed:
        raise SystemExit(1)


def check_sets(faces: list[Map]) -> bool:
    """Check every board set the faces form, for every player count; print the problems, or
    how many sets are fine. False if one has a problem."""
    by_face = {m.faces[0]: m for m in faces}
    good = True
    count = 0
    for game in sorted({m.game for m in faces}):
        rules = board_rules(game)
        if rules is None:
            continue
        catalogue = [face for face, m in by_face.items() if m.game == game]
        for players in sorted(rules.counts):
            for alternative in sorted({False, players in rules.alternative}):
                for chosen in selections(rules, players, catalogue, alternative):
                    count += 1
                    for problem in set_problems([by_face[f] for f in chosen], rules):
                        good = False
                        click.echo(_("board set {faces} for {players} players: {problem}")
                                   .format(faces=" + ".join(f.name for f in chosen),
                                           players=players, problem=problem))
    if good and count:
        click.echo(_("board sets: OK: {count} sets checked").format(count=count))
    return good


@command.command(name="export")
@click.argument("name_or_file")
@click.option("--json", "as_json", is_flag=True, help="Print the topology as JSON.")
def export_command(name_or_file: str, as_json: bool) -> None:
    """Print the topology of a shipped map or board face (by NAME) or of a map FILE."""
    if not as_json:
        raise click.UsageError(_("choose the output format: --json (the only one so far)"))
    try:
        board = load_map(name_or_file)
    except MapError as exc:
        click.echo(str(exc), err=True)
        raise SystemExit(1) from None
    click.echo(json.dumps(board.to_json(), indent=1))
