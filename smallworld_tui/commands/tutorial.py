"""`smallworld-tui tutorial`: a guided first game of one of the games, against computer
players (a lesson left in progress goes on where it was)."""

from __future__ import annotations

import click

from smallworld_tui.commands.game_choice import teams_option
from smallworld_tui.i18n import _

LESSON_GAMES = ("base", "underground", "warcraft")  # --game; --teams: Warcraft's team game


def lesson_id(game: str | None, teams: bool) -> str:
    """The lesson of a game (the team game's with ``teams``); UsageError for a game without
    a team game."""
    if teams and game not in (None, "warcraft"):
        raise click.UsageError(_("--teams is Small World of Warcraft's team game; it takes no "
                                 "--game {game}").format(game=game))
    return "teams" if teams else game or "base"


@click.command("tutorial")
@click.option("--game", type=click.Choice(LESSON_GAMES), default=None,
              help="The game to learn (default: the base game).")
@teams_option
@click.option("--restart", is_flag=True,
              help="Start the lesson again from its first step (the lesson left in progress "
                   "is replaced at your first move).")
def command(game: str | None, teams: bool, restart: bool) -> None:
    """Learn to play: a guided first game against computer players, step by step. Leave it
    at any time (Ctrl+Q); the same command goes on from the same step."""
    from smallworld_tui.ui.app import SmallWorldApp

    SmallWorldApp(lesson=lesson_id(game, teams), restart=restart).run()
