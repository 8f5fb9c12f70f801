"""The ``--game`` option of `play`, `serve` and `sim`, and which game a map implies."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from smallworld_tui.i18n import _

F = TypeVar("F", bound=Callable[..., Any])


def game_option(command: F) -> F:
    """``--game base|underground|…``: the games whose rules the engine knows."""
    from smallworld_tui.engine.games import RULESETS

    return click.option(
        "--game", type=click.Choice(sorted(RULESETS)), default=None,
        help="The game to play (default: the map's game, or the base game). A game on "
             "another game's map plays by the mixing rules.")(command)


def resolve_game(game: str | None, map_name: str | None) -> str:
    """The game to play: the one asked for, else the map's own game, else the base game.
    A map that cannot be read is a one-line error (exit status 1)."""
    if game is not None:
        return game
    if map_name is None:
        return "base"
    from smallworld_tui.engine.board import MapError, load_map

    try:
        return load_map(map_name).game
    except MapError as exc:
        raise click.ClickException(one_line(exc)) from None


def one_line(exc: Exception) -> str:
    """An error in one line (a map's problems are listed on several)."""
    lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
    if len(lines) <= 1:
        return lines[0] if lines else type(exc).__name__
    return _("{first} (and {n} more problems)").format(first=lines[0], n=len(lines) - 1)
