"""`smallworld-tui play`: the hotseat game in this terminal (new game screen by default)."""

from __future__ import annotations

from pathlib import Path

import click

from smallworld_tui.i18n import _, ngettext


@click.command("play")
@click.option("--players", type=click.IntRange(2, 5), help="Start a game with this many players.")
@click.option("--names", help="Comma-separated player names, e.g. Amy,Ben,Cai.")
@click.option("--map", "map_name", help="Map name or file (default: the one for the count).")
@click.option("--seed", type=int, help="Seed of the game (default: random).")
@click.option("--flying-anywhere", is_flag=True,
              help="Game option: Flying races may make their first conquest anywhere.")
@click.option("--no-pass-screen", is_flag=True,
              help="Do not hide the board between players (no pass-the-device screen).")
@click.option("--load", "load_file", type=click.Path(dir_okay=False),
              help="Continue the game saved in this file.")
def command(players: int | None, names: str | None, map_name: str | None, seed: int | None,
            flying_anywhere: bool, no_pass_screen: bool, load_file: str | None) -> None:
    """Play Small World at one terminal, passing it around (hotseat)."""
    import random

    from smallworld_tui.engine import IllegalAction, RecordError
    from smallworld_tui.engine.board import MapError
    from smallworld_tui.saves import new_autosave_path
    from smallworld_tui.session import GameSession
    from smallworld_tui.ui.describe import refusal

    session = None
    if load_file is not None:
        try:
            session = GameSession.load(Path(load_file))
        except RecordError as exc:
            raise click.ClickException(_("cannot load {error}").format(error=exc)) from None
    elif players is not None or names is not None:
        roster = [n.strip() for n in names.split(",")] if names else []
        count = players or len(roster)
        roster += [_("Player {n}").format(n=i + 1) for i in range(len(roster), count)]
        if len(roster) != count:
            raise click.BadParameter(
                ngettext("{names} names for {n} player", "{names} names for {n} players",
                         count).format(names=len(roster), n=count), param_hint="--names")
        try:
            session = GameSession.new(
                roster, map_name, random.randrange(1_000_000) if seed is None else seed,
                {"flying_enters_anywhere": flying_anywhere}, path=new_autosave_path(roster))
        except IllegalAction as exc:
            raise click.ClickException(refusal(exc)) from None
        except MapError as exc:
            raise click.ClickException(str(exc)) from None

    from smallworld_tui.ui.app import SmallWorldApp

    SmallWorldApp(session, pass_screens=not no_pass_screen, seed=seed).run()
