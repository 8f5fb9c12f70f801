"""`smallworld-tui sim`: play random games headless (records, throughput figures)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import click

from smallworld_tui.bots.random_play import play_random_game
from smallworld_tui.commands.game_choice import (
    game_option,
    game_options,
    map_players,
    one_line,
    resolve_game,
    teams_option,
)
from smallworld_tui.engine.board import MapError
from smallworld_tui.engine.errors import IllegalAction
from smallworld_tui.engine.game import new_game
from smallworld_tui.engine.record import save_record
from smallworld_tui.i18n import _, ngettext

NAMES = ["Amy", "Ben", "Cai", "Dee", "Eli"]


@click.command("sim")
@click.option("--map", "map_name", help="Map name or file (default: the game's map for the count).")
@game_option
@teams_option
@click.option("--players", type=click.IntRange(2, 5),
              help="Players per game (default: the map's count, or 4).")
@click.option("--games", default=10, show_default=True, type=click.IntRange(min=1))
@click.option("--seed", default=0, show_default=True, type=int,
              help="Seed of the first game; game i uses seed + i.")
@click.option("--record-dir", type=click.Path(file_okay=False),
              help="Write one record per game into this folder.")
@click.option("--json", "as_json", is_flag=True, help="End with one line of JSON figures.")
def command(map_name: str | None, game: str | None, teams: bool, players: int | None,
            games: int, seed: int, record_dir: str | None, as_json: bool) -> None:
    """Play GAMES games of uniformly random legal actions."""
    from smallworld_tui.engine.games import ruleset

    game = resolve_game(game, map_name)
    count = players or (map_players(map_name) if map_name else 4)
    options = game_options(teams)
    try:
        map_name = map_name or ruleset(game).map_name(count)
        new_game(NAMES[:count], map_name, seed, options, game=game)  # the setup is sound
    except MapError as exc:
        raise click.ClickException(one_line(exc)) from None
    except IllegalAction as exc:
        raise click.UsageError(str(exc)) from None
    names = NAMES[:count]
    out = Path(record_dir) if record_dir else None
    actions = 0
    start = time.perf_counter()
    for i in range(games):
        g, record = play_random_game(names, map_name, seed + i, game=game, options=options)
        actions += len(record.actions)
        if out is not None:
            try:
                save_record(record, out / f"game-{seed + i:06d}.json")
            except OSError as exc:
                raise click.ClickException(_("cannot write the record in {folder}: {error}")
                                           .format(folder=out, error=exc.strerror or exc)
                                           ) from None
        if not as_json:
            best = max(g.coins)
            click.echo(ngettext("game {n}: seed {seed}, {actions} actions, winner {names} with "
                                "{coins} coins",
                                "game {n}: seed {seed}, {actions} actions, winners {names} "
                                "with {coins} coins", len(g.winners)).format(
                n=i + 1, seed=seed + i, actions=len(record.actions),
                names=", ".join(g.names[s] for s in g.winners), coins=best))
    seconds = time.perf_counter() - start
    if as_json:
        click.echo(json.dumps({"games": games, "actions": actions, "seconds": round(seconds, 4),
                               "games_per_second": round(games / seconds, 3)}))
