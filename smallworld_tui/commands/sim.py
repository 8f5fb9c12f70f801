"""`smallworld-tui sim`: play random games headless (records, throughput figures)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import click

from smallworld_tui.bots.random_play import play_random_game
from smallworld_tui.engine.board import load_map
from smallworld_tui.engine.record import save_record
from smallworld_tui.i18n import _

NAMES = ["Amy", "Ben", "Cai", "Dee", "Eli"]


@click.command("sim")
@click.option("--map", "map_name", default="base-4p", show_default=True, help="Map name or file.")
@click.option("--games", default=10, show_default=True, type=click.IntRange(min=1))
@click.option("--seed", default=0, show_default=True, type=int,
              help="Seed of the first game; game i uses seed + i.")
@click.option("--record-dir", type=click.Path(file_okay=False),
              help="Write one record per game into this folder.")
@click.option("--json", "as_json", is_flag=True, help="End with one line of JSON figures.")
def command(map_name: str, games: int, seed: int, record_dir: str | None, as_json: bool) -> None:
    """Play GAMES games of uniformly random legal actions."""
    try:
        board = load_map(map_name)
    except (OSError, ValueError) as exc:
        raise click.ClickException(str(exc)) from None
    names = NAMES[: board.players]
    out = Path(record_dir) if record_dir else None
    actions = 0
    start = time.perf_counter()
    for i in range(games):
        g, record = play_random_game(names, map_name, seed + i)
        actions += len(record.actions)
        if out is not None:
            save_record(record, out / f"game-{seed + i:06d}.json")
        if not as_json:
            best = max(g.coins)
            click.echo(_("game {n}: seed {seed}, {actions} actions, winner(s) {names} with "
                         "{coins} coins").format(
                n=i + 1, seed=seed + i, actions=len(record.actions),
                names=", ".join(g.names[s] for s in g.winners), coins=best))
    seconds = time.perf_counter() - start
    if as_json:
        click.echo(json.dumps({"games": games, "actions": actions, "seconds": round(seconds, 4),
                               "games_per_second": round(games / seconds, 3)}))
