"""`smallworld-tui sim`: play games headless, by random play or by bots (records, win counts,
throughput and decision-time figures)."""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path

import click

from smallworld_tui.commands.game_choice import (
    game_option,
    game_options,
    map_players,
    one_line,
    option_values,
    parse_levels,
    resolve_game,
    teams_option,
)
from smallworld_tui.engine import IllegalAction, MapError, new_game, save_record
from smallworld_tui.i18n import _, ngettext


@click.command("sim")
@click.option("--map", "map_name", help="Map name or file (default: the game's map for the "
              "count; Warcraft draws a board set from each game's seed).")
@game_option
@teams_option
@click.option("--option", "option_items", multiple=True, metavar="NAME=VALUE",
              help="A game option, e.g. two_player_boards=LS (repeatable).")
@click.option("--bots", "bots", metavar="LEVEL,LEVEL,...",
              help="One bot level per seat (random, easy, normal, hard); without it every "
                   "seat plays uniformly random moves, fast.")
@click.option("--players", type=click.IntRange(2, 5),
              help="Players per game without --bots (default: the map's count, or 4).")
@click.option("--games", default=10, show_default=True, type=click.IntRange(min=1))
@click.option("--seed", default=0, show_default=True, type=int,
              help="Seed of the first game; game i uses seed + i.")
@click.option("--jobs", default=1, show_default=True, type=click.IntRange(min=1),
              help="Play the games in this many processes (same results, sooner).")
@click.option("--record-dir", type=click.Path(file_okay=False),
              help="Write one record per game into this folder.")
@click.option("--json", "as_json", is_flag=True, help="End with one line of JSON figures.")
def command(map_name: str | None, game: str | None, teams: bool, option_items: tuple[str, ...],
            bots: str | None, players: int | None, games: int, seed: int, jobs: int,
            record_dir: str | None, as_json: bool) -> None:
    """Play GAMES games headless: random moves, or one bot level per seat."""
    from smallworld_tui.bots.match import NAMES, Table, play_tables

    levels = parse_levels(bots)
    game = resolve_game(game, map_name)
    count = len(levels) or players or (map_players(map_name) if map_name else 4)
    options = {**option_values(game, option_items), **game_options(teams, game)}
    try:
        new_game(NAMES[:count], map_name, seed, options, game=game)  # the setup is sound
    except MapError as exc:
        raise click.ClickException(one_line(exc)) from None
    except IllegalAction as exc:
        raise click.UsageError(str(exc)) from None
    out = Path(record_dir) if record_dir else None
    tables = [Table(levels, map_name, seed + i, game, options=tuple(options.items()),
                    players=count) for i in range(games)]
    actions = 0
    wins = [0] * count
    times: list[list[float]] = [[] for _ in range(count)]
    start = time.perf_counter()
    for i, result in enumerate(play_tables(tables, jobs)):
        record, winners = result.record, result.winners
        actions += len(record.actions)
        for s in winners:
            wins[s] += 1
        for s, seat_times in enumerate(result.wall):
            times[s] += seat_times
        if out is not None:
            try:
                save_record(record, out / f"game-{result.table.seed:06d}.json")
            except OSError as exc:
                raise click.ClickException(_("cannot write the record in {folder}: {error}")
                                           .format(folder=out, error=exc.strerror or exc)
                                           ) from None
        if not as_json:
            click.echo(ngettext("game {n}: seed {seed}, {actions} actions, winner {names} with "
                                "{coins} coins",
                                "game {n}: seed {seed}, {actions} actions, winners {names} "
                                "with {coins} coins", len(winners)).format(
                n=i + 1, seed=result.table.seed, actions=len(record.actions),
                names=", ".join(record.players[s] for s in winners), coins=max(result.coins)))
    seconds = time.perf_counter() - start
    if as_json:
        figures: dict[str, object] = {
            "games": games, "actions": actions, "seconds": round(seconds, 4),
            "games_per_second": round(games / seconds, 3), "wins": wins}
        if levels:
            figures["bots"] = list(levels)
            figures["decision_seconds"] = [
                round(statistics.fmean(t), 6) if t else 0.0 for t in times]
        click.echo(json.dumps(figures))
