"""`smallworld-tui sim`: play games headless, by random play or by bots (records, win counts,
throughput and decision-time figures)."""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path
from typing import Any

import click

from smallworld_tui.i18n import _


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


def parse_options(values: tuple[str, ...]) -> dict[str, Any]:
    """``("teams=true", "two_player_boards=LS")`` -> {"teams": True, ...}: a value is read as
    JSON (true, 3) when it is JSON, else as text; BadParameter for an entry without ``=``."""
    options: dict[str, Any] = {}
    for entry in values:
        key, sep, text = entry.partition("=")
        if not sep or not key.strip():
            raise click.BadParameter(_("expected KEY=VALUE, not {entry!r}").format(
                entry=entry), param_hint="--option")
        try:
            options[key.strip()] = json.loads(text)
        except ValueError:
            options[key.strip()] = text
    return options


def seats_of(map_name: str, game: str) -> int:
    """How many players ``map_name`` is for: a game's name for a player count (the board set
    drawn from the seed: ``warcraft-3p``), else the map's own count."""
    from smallworld_tui.engine.board import load_map
    from smallworld_tui.engine.games import ruleset

    rules = ruleset(game)
    for players in range(rules.min_players, rules.max_players + 1):
        if rules.map_name(players) == map_name:
            return players
    return load_map(map_name).players


@click.command("sim")
@click.option("--map", "map_name", help="Map name or file (default: the game's map for the "
              "number of players; Warcraft draws a board set from the seed).")
@click.option("--game", default="base", show_default=True, help="The game: base, underground, "
              "warcraft.")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE",
              help="A game option, e.g. teams=true (repeat for several).")
@click.option("--bots", "bots", metavar="LEVEL,LEVEL,...",
              help="One bot level per seat (random, easy, normal, hard); without it every "
                   "seat plays uniformly random moves, fast.")
@click.option("--players", type=click.IntRange(2, 5),
              help="Players when there are no --bots (default: the map's count, or 4).")
@click.option("--games", default=10, show_default=True, type=click.IntRange(min=1))
@click.option("--seed", default=0, show_default=True, type=int,
              help="Seed of the first game; game i uses seed + i.")
@click.option("--jobs", default=1, show_default=True, type=click.IntRange(min=1),
              help="Play the games in this many processes (same results, sooner).")
@click.option("--record-dir", type=click.Path(file_okay=False),
              help="Write one record per game into this folder.")
@click.option("--json", "as_json", is_flag=True, help="End with one line of JSON figures.")
def command(map_name: str | None, game: str, options: tuple[str, ...], bots: str | None,
            players: int | None, games: int, seed: int, jobs: int, record_dir: str | None,
            as_json: bool) -> None:
    """Play GAMES games headless: random moves, or one bot per seat."""
    from smallworld_tui.bots.match import NAMES, Table, play_tables
    from smallworld_tui.engine import IllegalAction, new_game
    from smallworld_tui.engine.record import save_record
    from smallworld_tui.ui.describe import refusal

    levels = parse_levels(bots)
    chosen = parse_options(options)
    try:
        seats = len(levels) or players or (seats_of(map_name, game) if map_name else 4)
        new_game(NAMES[:seats], map_name, seed, chosen, game=game)  # refuses a bad setup
    except IllegalAction as exc:
        raise click.ClickException(refusal(exc)) from None
    except (OSError, ValueError) as exc:  # a bad map file: MapError
        raise click.ClickException(str(exc)) from None
    out = Path(record_dir) if record_dir else None
    tables = [Table(levels, map_name, seed + i, game, options=tuple(chosen.items()),
                    players=seats) for i in range(games)]
    actions = 0
    wins = [0] * seats
    times: list[list[float]] = [[] for _ in range(seats)]
    start = time.perf_counter()
    try:
        for i, result in enumerate(play_tables(tables, jobs)):
            actions += len(result.record.actions)
            for s in result.winners:
                wins[s] += 1
            for s, seat_times in enumerate(result.wall):
                times[s] += seat_times
            if out is not None:
                save_record(result.record, out / f"game-{result.table.seed:06d}.json")
            if not as_json:
                click.echo(_("game {n}: seed {seed}, {actions} actions, winner(s) {names} with "
                             "{coins} coins").format(
                    n=i + 1, seed=result.table.seed, actions=len(result.record.actions),
                    names=", ".join(result.record.players[s] for s in result.winners),
                    coins=max(result.coins)))
    except IllegalAction as exc:
        raise click.ClickException(refusal(exc)) from None
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
