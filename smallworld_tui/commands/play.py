"""`smallworld-tui play`: the hotseat game in this terminal (new game screen by default)."""

from __future__ import annotations

from pathlib import Path

import click

from smallworld_tui.commands.game_choice import (
    game_option,
    game_options,
    map_players,
    one_line,
    parse_levels,
    resolve_game,
    teams_option,
)
from smallworld_tui.i18n import _, ngettext


@click.command("play")
@click.option("--players", type=click.IntRange(2, 5), help="Start a game with this many players.")
@click.option("--names", help="Comma-separated player names, e.g. Amy,Ben,Cai (with --players; "
              "with --bots, the people's seats).")
@click.option("--bots", metavar="LEVEL,...",
              help="Computer players in the last seats, one level each (random, easy, normal, "
                   "hard), e.g. hard,normal; without --players, one person plays them (or "
                   "the people of --names).")
@click.option("--map", "map_name", help="Map name or file (default: the one for the count).")
@game_option
@teams_option
@click.option("--seed", type=int, help="Seed of the game (default: random).")
@click.option("--flying-anywhere", is_flag=True,
              help="Game option: Flying races may make their first conquest anywhere.")
@click.option("--no-pass-screen", is_flag=True,
              help="Do not hide the board between players (no pass-the-device screen).")
@click.option("--load", "load_file", type=click.Path(),
              help="Continue the game saved in this file (a file outside the saves folder is "
                   "never written: the game goes on in a new save).")
def command(players: int | None, names: str | None, bots: str | None, map_name: str | None,
            game: str | None, teams: bool, seed: int | None, flying_anywhere: bool,
            no_pass_screen: bool, load_file: str | None) -> None:
    """Play Small World at one terminal, passing it around (hotseat)."""
    import random

    from smallworld_tui.engine import IllegalAction, MapError, RecordError
    from smallworld_tui.saves import continue_in_saves, new_autosave_path
    from smallworld_tui.session import GameSession
    from smallworld_tui.session.bot_seats import bot_name
    from smallworld_tui.ui.describe import refusal

    session = None
    notice = ""
    levels = parse_levels(bots)
    setup = [name for name, given in (("--players", players), ("--names", names),
                                      ("--bots", bots), ("--map", map_name), ("--game", game),
                                      ("--flying-anywhere", flying_anywhere or None),
                                      ("--teams", teams or None))
             if given is not None]
    if load_file is not None:
        if setup:
            raise click.UsageError(_("--load continues a saved game: it takes no {options}")
                                   .format(options=", ".join(setup)))
        try:
            session = GameSession.load(Path(load_file))
        except RecordError as exc:
            raise click.ClickException(_("cannot load {error}").format(error=exc)) from None
        notice = continue_in_saves(session)
    elif setup:
        game = resolve_game(game, map_name)  # an unknown map is named before anything else
        options = game_options(teams, game)
        roster = [n.strip() for n in names.split(",")] if names else []
        if players is None and levels:
            players = max(len(roster), 1) + len(levels)
        if players is None and map_name is not None:
            players = map_players(map_name)
        if players is None:
            raise click.UsageError(_("--players is needed to start a game from the command "
                                     "line (e.g. --players 2 --names Amy,Ben)"))
        if len(levels) > players:
            raise click.BadParameter(
                ngettext("{bots} computer players for {n} seat",
                         "{bots} computer players for {n} seats", players).format(
                    bots=len(levels), n=players), param_hint="--bots")
        people = players - len(levels)
        roster += [_("Player {n}").format(n=i + 1) for i in range(len(roster), people)]
        if len(roster) != people:
            raise click.BadParameter(
                ngettext("{names} names for {n} player", "{names} names for {n} players",
                         people).format(names=len(roster), n=people), param_hint="--names")
        seated = {people + i: level for i, level in enumerate(levels)}
        roster += [bot_name(seat, level, _) for seat, level in seated.items()]
        if flying_anywhere:
            options["flying_enters_anywhere"] = True
        try:
            session = GameSession.new(
                roster, map_name, random.randrange(1_000_000) if seed is None else seed,
                options, path=new_autosave_path(roster), game=game,
                bots=seated)
        except IllegalAction as exc:
            raise click.UsageError(refusal(exc)) from None
        except MapError as exc:
            raise click.ClickException(one_line(exc)) from None

    from smallworld_tui.ui.app import SmallWorldApp

    app = SmallWorldApp(session, pass_screens=not no_pass_screen, seed=seed, notice=notice)
    app.run()
    said = farewell(app.session.path if app.session is not None else None)
    if said:
        click.echo(said)


def farewell(path: Path | None) -> str:
    """What the terminal says once the app is closed: where the game is saved and how to go
    on with it ("" when nothing was saved: no move was made)."""
    import shlex

    if path is None or not path.exists():
        return ""
    return _("The game is saved in {path}\nTo go on with it: smallworld-tui play --load "
             "{quoted}").format(path=path, quoted=shlex.quote(str(path)))
