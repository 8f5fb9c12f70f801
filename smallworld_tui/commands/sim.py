"""`smallworld-tui sim`: play games headless, by random play or by bots (records, win counts,
throughput and decision-time figures)."""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path

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


@click.command("sim")
@click.option("--map", "map_name", help="Map name or file (default: the game's map for the "
              "number of bots, or base-4p).")
@click.option("--game", default="base", show_default=True, help="The game: base, underground…")
@click.option("--bots", "bots", metavar="LEVEL,LEVEL,...",
              help="One bot level per seat (random, easy, normal, hard); without it every "
                   "seat plays uniformly random moves, fast.")
@click.option("--games", default=10, show_default=True, type=click.IntRange(min=1))
@click.option("--seed", default=0, show_default=True, type=int,
              help="Seed of the first game; game i uses seed + i.")
@click.option("--jobs", default=1, show_default=True, type=click.IntRange(min=1),
              help="Play the games in this many processes (same results, sooner).")
@click.option("--record-dir", type=click.Path(file_okay=False),
              help="Write one record per game into this folder.")
@click.option("--json", "as_json", is_flag=True, help="End with one line of JSON figures.")
def command(map_name: str | None, game: str, bots: str | None, games: int, seed: int,
            jobs: int, record_dir: str | None, as_json: bool) -> None:
    """Play GAMES games headless: random moves, or one bot per seat."""
    from smallworld_tui.bots.match import Table, play_tables
    from smallworld_tui.engine import IllegalAction
    from smallworld_tui.engine.board import load_map
    from smallworld_tui.engine.games import ruleset
    from smallworld_tui.engine.record import save_record
    from smallworld_tui.ui.describe import refusal

    levels = parse_levels(bots)
    try:
        rules = ruleset(game)
        chosen = map_name or (rules.map_name(len(levels)) if levels else "base-4p")
        board = load_map(chosen)
    except IllegalAction as exc:
        raise click.ClickException(refusal(exc)) from None
    except (OSError, ValueError) as exc:
        raise click.ClickException(str(exc)) from None
    if levels and len(levels) != board.players:
        raise click.BadParameter(
            _("map {map} is for {players} players: give {players} levels, not {n}").format(
                map=board.name, players=board.players, n=len(levels)), param_hint="--bots")
    players = board.players
    out = Path(record_dir) if record_dir else None
    tables = [Table(levels, chosen, seed + i, game) for i in range(games)]
    actions = 0
    wins = [0] * players
    times: list[list[float]] = [[] for _ in range(players)]
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
