"""The ``--game``, ``--teams``, ``--option`` and ``--bots`` options of `play`, `serve` and
`sim`, and which game and player count a map implies."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from smallworld_tui.engine import games, ruleset
from smallworld_tui.i18n import _

F = TypeVar("F", bound=Callable[..., Any])


class GameName(click.Choice[str]):
    """A game's name: one of the games the engine knows, as they are when the option is read
    (a game registered after the command was made counts)."""

    def __init__(self) -> None:
        super().__init__(games())

    @property
    def choices(self) -> tuple[str, ...]:
        return games()

    @choices.setter
    def choices(self, value: object) -> None:
        """``click.Choice`` sets its choices once; these are read each time."""


def game_option(command: F) -> F:
    """``--game base|underground|…``: the games whose rules the engine knows."""
    return click.option(
        "--game", type=GameName(), default=None,
        help="The game to play (default: the map's game, or the base game). A game on "
             "another game's map plays by the mixing rules.")(command)


def teams_option(command: F) -> F:
    """``--teams``: the Battle for Azeroth team game (a Warcraft game option)."""
    return click.option(
        "--teams", is_flag=True,
        help="Play in teams: Warcraft's Battle for Azeroth (game option teams).")(command)


def game_options(teams: bool, game: str) -> dict[str, Any]:
    """The game options the command line asked for.  ``--teams`` for a game without teams is
    misuse naming the games that have them (the engine refuses any other unknown option)."""
    if not teams:
        return {}
    from smallworld_tui.engine import table

    if "teams" not in table(game).get("options", {}):
        having = [g for g in games() if "teams" in table(g).get("options", {})]
        raise click.UsageError(_("--teams: the {game} game has no teams; teams are played in "
                                 "{games} (--game {first} --teams)").format(
            game=game, games=", ".join(having), first=having[0]))
    return {"teams": True}


def drawn_board(map_name: str) -> tuple[str, int] | None:
    """The game and player count of a map name that means "a board set drawn from the seed"
    (a game's map name for a count, when that game joins its boards from faces)."""
    from smallworld_tui.engine import list_maps, map_for_players

    if map_name in list_maps():
        return None
    for game in games():
        for players in range(2, 6):
            try:
                if map_for_players(players, game) == map_name:
                    return game, players
            except (ValueError, KeyError):
                continue
    return None


def resolve_game(game: str | None, map_name: str | None) -> str:
    """The game to play: the one asked for, else the map's own game, else the base game.
    A map that cannot be read is a one-line error (exit status 1)."""
    if game is not None:
        return game
    if map_name is None:
        return "base"
    return map_facts(map_name)[0]


def map_players(map_name: str) -> int:
    """The player count a map is for (one-line error, exit status 1, if it cannot be read)."""
    return map_facts(map_name)[1]


def map_facts(map_name: str) -> tuple[str, int]:
    """The game and player count of a map, or of a map name that means a drawn board set
    (one-line error, exit status 1, if it cannot be read)."""
    drawn = drawn_board(map_name)
    if drawn is not None:
        return drawn
    from smallworld_tui.engine import MapError, load_map

    try:
        board = load_map(map_name)
    except MapError as exc:
        raise click.ClickException(one_line(exc)) from None
    return board.game, board.players


def one_line(exc: Exception) -> str:
    """An error in one line (a map's problems are listed on several)."""
    lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
    if len(lines) <= 1:
        return lines[0] if lines else type(exc).__name__
    return _("{first} (and {n} more problems)").format(first=lines[0], n=len(lines) - 1)


YES, NO = ("true", "yes", "on", "1"), ("false", "no", "off", "0")


def option_values(game: str, given: tuple[str, ...]) -> dict[str, Any]:
    """The game options given as NAME=VALUE: yes or no for a yes/no option, else the text (the
    engine checks it against the option's allowed values)."""
    defaults = ruleset(game).default_options
    options: dict[str, Any] = {}
    for item in given:
        name, equals, text = item.partition("=")
        if not equals or name not in defaults:
            raise click.UsageError(_("--option takes NAME=VALUE, NAME being one of {names}")
                                   .format(names=", ".join(defaults)))
        default = defaults[name]
        if isinstance(default, bool):
            if text.lower() not in YES + NO:
                raise click.UsageError(_("--option {name} takes yes or no").format(name=name))
            options[name] = text.lower() in YES
        else:
            options[name] = text
    return options


def parse_levels(value: str | None) -> tuple[str, ...]:
    """``hard,normal`` -> ("hard", "normal"); BadParameter naming an unknown level."""
    from smallworld_tui.bots import LEVELS

    if value is None:
        return ()
    levels = tuple(level.strip() for level in value.split(","))
    for level in levels:
        if level not in LEVELS:
            raise click.BadParameter(
                _("unknown bot level {level!r} (levels: {levels})").format(
                    level=level, levels=", ".join(LEVELS)), param_hint="--bots")
    return levels
