"""Engine throughput: random full games per second (legal-action enumeration included).

    python bench/engine.py [--games N] [--repeat R] [--maps base-4p,warcraft-4p/teams]
    python bench/engine.py --compare REF     # this tree against git REF, in one run
    python bench/engine.py --tree build/compiled --compare REF   # a compiled build (compiled.py)

A map is a shipped map, or a game's board sets for a player count (``warcraft-4p``: each game
draws its own set from its seed), ``/teams`` adding the team game.  Prints, per map, the
median over R runs of N games each, plus actions per second.  With ``--compare`` the runs of
this tree and of REF (checked out in a temporary worktree) alternate in separate processes, so
both see the same machine load, and the ratio of medians is shown.  ``--tree DIR`` measures
the package in DIR (the compiled build of ``bench/compiled.py``) in place of this tree.  This
tree works out what each map is (``target``); the runs of either tree only play
(``bots.random_play``), so an older tree's engine API serves.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

NAMES = ["Amy", "Ben", "Cai", "Dee", "Eli"]
ROOT = Path(__file__).resolve().parents[1]


COUNTS = {"4p": 0, "5p": 1, "2p": 2, "3p": 3}
DRAWN = ("warcraft",)  # games whose maps are board sets drawn from the seed


def default_maps() -> list[str]:
    """The 4- and 5-player maps first (the figures the project watches), then the others:
    every shipped map, and each drawn game's sets with and without teams."""
    from smallworld_tui.engine import list_maps

    shipped = [m for m in list_maps() if m.split("-")[-1] in COUNTS]
    drawn = [f"{game}-{count}{teams}" for game in DRAWN for count in COUNTS
             for teams in ("", "/teams")]
    return sorted(shipped + drawn, key=lambda m: (COUNTS[m.split("/")[0].split("-")[-1]], m))


Target = tuple[str, str, int, dict[str, bool]]


def target(name: str) -> Target:
    """(map name, game, players, options) of a bench map."""
    from smallworld_tui.engine import load_map

    map_name, _, variant = name.partition("/")
    options = {"teams": True} if variant == "teams" else {}
    game, _, count = map_name.rpartition("-")
    if game in DRAWN:
        return map_name, game, int(count.rstrip("p")), options
    board = load_map(map_name)
    return map_name, getattr(board, "game", "base"), board.players, options


def run(bench: Target, games: int, first_seed: int) -> tuple[float, int]:
    """Seconds and actions for ``games`` random games on the bench map ``bench``."""
    from smallworld_tui.bots.random_play import play_random_game

    map_name, game, players, options = bench
    names = NAMES[:players]
    actions = 0
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        if game == "base" and not options:  # older trees know no other game
            _, record = play_random_game(names, map_name, seed)
        else:
            _, record = play_random_game(names, map_name, seed, game=game, options=options)
        actions += len(record.actions)
    return time.perf_counter() - start, actions


def one_run(bench: Target, games: int, first_seed: int) -> dict[str, float]:
    seconds, actions = run(bench, games, first_seed)
    return {"games_per_second": games / seconds, "actions_per_second": actions / seconds}


def child(tree: Path, bench: Target, games: int, first_seed: int) -> dict[str, float]:
    """One run in a fresh process importing the package from ``tree`` (run from there: the
    ``-c`` process looks in its working directory first)."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    code = ("import json, sys; sys.path.insert(0, sys.argv[1]); "
            "from engine import one_run; print(json.dumps(one_run("
            "tuple(json.loads(sys.argv[2])), int(sys.argv[3]), int(sys.argv[4]))))")
    out = subprocess.run(
        [sys.executable, "-c", code, str(Path(__file__).parent), json.dumps(bench), str(games),
         str(first_seed)], env=env, cwd=tree, capture_output=True, text=True, check=True)
    result: dict[str, float] = json.loads(out.stdout)
    return result


def compare(ref: str, maps: list[str], games: int, repeat: int, tree: Path = ROOT) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "baseline"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(base),
                        ref], check=True)
        try:
            for map_name in maps:
                bench = target(map_name)
                mine, theirs = [], []
                for r in range(repeat):
                    mine.append(child(tree, bench, games, r * games)["games_per_second"])
                    theirs.append(child(base, bench, games, r * games)["games_per_second"])
                a, b = statistics.median(mine), statistics.median(theirs)
                print(f"{map_name}: this tree {a:7.1f} games/s, {ref} {b:7.1f} games/s, "
                      f"ratio {a / b:.2f} ({repeat} alternating runs x {games} games)")
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)],
                           check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--maps", help="comma-separated map names (default: every shipped map)")
    parser.add_argument("--compare", metavar="REF", help="also run git REF and compare")
    parser.add_argument("--tree", type=Path, help="measure the package in TREE, not this tree")
    args = parser.parse_args()
    maps = args.maps.split(",") if args.maps else default_maps()
    tree = args.tree.resolve() if args.tree else None
    if args.compare:
        compare(args.compare, maps, args.games, args.repeat, tree or ROOT)
        return
    for map_name in maps:
        rates, per_action = [], []
        for r in range(args.repeat):
            bench, first = target(map_name), r * args.games
            result = (child(tree, bench, args.games, first) if tree
                      else one_run(bench, args.games, first))
            rates.append(result["games_per_second"])
            per_action.append(result["actions_per_second"])
        print(f"{map_name}: {statistics.median(rates):7.1f} games/s "
              f"(min {min(rates):.1f}, max {max(rates):.1f}), "
              f"{statistics.median(per_action):8.0f} actions/s, "
              f"{args.repeat} runs x {args.games} games")


if __name__ == "__main__":
    main()
