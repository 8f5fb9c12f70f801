"""UI figures under Pilot: keypresses per turn, app start to first frame, and keypress to
repaint (the key event sent until the screen's update is rendered to segments).

    python bench/ui.py [--runs N] [--keys K] [--turns T]

Keypresses: the scripted typical turn of tests/ui/test_keypresses.py (pick, four conquests,
a last conquest with the die, redeployment into three regions, end; target <= 15), then
first turns of random games on every shipped map, played the same way by a keyboard player
who conquers up to four random targets and spreads the tokens over up to three regions.
Timings: medians (and min/max) on the 5-player map, repaints also on a 5-player Warcraft team
game's five islands; targets: start <= 1 s, repaint <= 50 ms.
No assertions.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("SMALLWORLD_TUI_DATA", tempfile.mkdtemp(prefix="sw-bench-"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from textual import events
from ui.driver import ON_REGION_KEYS
from ui.keyboard import Keyboard
from ui.test_keypresses import play_typical_turn, typical_session

from smallworld_tui.compat import app_driver, watch_frames
from smallworld_tui.engine import Action, Record, list_maps, load_map
from smallworld_tui.session import GameSession
from smallworld_tui.ui.app import SmallWorldApp
from smallworld_tui.ui.screens.choice import ChoiceScreen
from smallworld_tui.ui.screens.die_roll import DieScreen
from smallworld_tui.ui.screens.game import GameScreen

NAMES = ["Amy", "Ben", "Cai", "Dee", "Eli"]
SIZE = (160, 50)


class FrameClock:
    """Renders each update the app sends to its terminal to segments (as a terminal would
    get them) and wakes whoever waits for the next frame."""

    def __init__(self, app: SmallWorldApp) -> None:
        self.app = app
        self.frame = asyncio.Event()
        self.last = 0.0
        watch_frames(app, self._shown)

    def _shown(self, screen: Any, renderable: Any) -> None:
        if renderable is not None and hasattr(renderable, "render_segments"):
            renderable.render_segments(self.app.console)
            self.last = time.perf_counter()
            self.frame.set()

    async def after_key(self, key: str, changed: Callable[[], bool]) -> float:
        """Seconds from sending ``key`` to the first rendered frame once ``changed()``."""
        driver = app_driver(self.app)
        start = time.perf_counter()
        driver.send_message(events.Key(key, key if len(key) == 1 else None))
        while True:
            self.frame.clear()
            await asyncio.wait_for(self.frame.wait(), timeout=5)
            if changed():
                return self.last - start


# --- keypresses ----------------------------------------------------------------------------

ENDS = {"end_conquest", "end_redeploy", "end_turn"}
MOST_ENDS = 12  # presses to end a turn (a phase each, pieces on the way) before giving up


async def typical_turn_keys() -> int:
    app = SmallWorldApp(typical_session(), pass_screens=False)
    async with app.run_test(size=(80, 24)) as pilot:
        keyboard = Keyboard(pilot)
        await play_typical_turn(keyboard)
        return len(keyboard.pressed)


async def random_first_turn(map_name: str, seed: int) -> int:
    """Keys of the first player's first turn, played at the keyboard with random choices
    (the map's own game)."""
    board = load_map(map_name)
    session = GameSession(Record(players=NAMES[:board.players], map=map_name, seed=seed,
                                 game=board.game))
    chooser = random.Random(seed)
    app = SmallWorldApp(session, pass_screens=False)
    async with app.run_test(size=(80, 24)) as pilot:
        keyboard = Keyboard(pilot)
        screen = keyboard.screen
        await keyboard.pick(0)
        for _ in range(4):
            targets = [a.target for a in screen.view.legal if a.kind == "conquer"]
            if not targets:
                break
            await keyboard.region(chooser.choice(targets))
        finals = [a.target for a in screen.view.legal if a.kind == "final"]
        if finals:
            await keyboard.region(chooser.choice(finals))
            if isinstance(app.screen, DieScreen):
                await keyboard.close_die()
        if screen.view.phase == "conquer":
            await keyboard.end()
        army = screen.view.army(screen.view.acting)
        own = sorted({a.target for a in screen.view.legal if a.kind == "deploy"})
        chosen = chooser.sample(own, min(3, len(own)))
        for i, region in enumerate(chosen):
            hand = screen.view.army(screen.view.acting).hand  # type: ignore[union-attr]
            if not hand:
                break
            await keyboard.place(region, hand if i == len(chosen) - 1 else 1)
        for _ in range(MOST_ENDS):
            if screen.viewer != 0 or not screen.view.legal or army is None:
                return len(keyboard.pressed)
            if not any(a.kind in ENDS for a in screen.view.legal):  # pieces still to place
                keyed = [a for a in screen.view.legal if a.kind in ON_REGION_KEYS]
                if keyed:
                    piece = chooser.choice(keyed)
                    await keyboard.on_region(ON_REGION_KEYS[piece.kind], piece.target)
                else:  # a choice that must come first (the Flames' Volcano): its region
                    await keyboard.region(chooser.choice(screen.view.legal).target)
                    if isinstance(app.screen, ChoiceScreen):  # its menu: the one choice
                        await keyboard.press("enter")
            else:
                await keyboard.end()
        raise RuntimeError(f"{map_name}, seed {seed}: the first turn does not end "
                           f"({sorted({a.kind for a in screen.view.legal})} left)")


# --- timings -------------------------------------------------------------------------------

def new_session() -> GameSession:
    record = Record(players=NAMES, map="base-5p", seed=1, races=["ratmen"], powers=["heroic"])
    return GameSession(record)


def warcraft_session() -> GameSession:
    """Five players in teams on a board set of five islands drawn from the seed."""
    return GameSession(Record(players=NAMES, map="warcraft-5p", seed=3, game="warcraft",
                              options={"teams": True}))


def to_redeployment(session: GameSession) -> None:
    """The first player picks the first combo, conquers once and ends the conquest (any
    other decision on the way: its first choice)."""
    session.apply(Action("pick", 0))
    conquered = False
    while session.view(0).phase != "redeploy":
        legal = session.view(0).legal
        wanted = [a for a in legal if a.kind == ("end_conquest" if conquered else "conquer")]
        action = (wanted or legal)[0]
        conquered = conquered or action.kind == "conquer"
        session.apply(action)


async def start_once() -> float:
    """Seconds from creating the app to its first frame of the game screen."""
    session = new_session()
    start = time.perf_counter()
    app = SmallWorldApp(session)
    first: list[float] = []

    def shown(screen: Any, renderable: Any) -> None:
        if not first and isinstance(screen, GameScreen) and renderable is not None:
            renderable.render_segments(app.console)
            first.append(time.perf_counter())

    watch_frames(app, shown)
    async with app.run_test(size=SIZE) as pilot:
        while not first:
            await pilot.pause()
    return first[0] - start


async def repaint_samples(keys: int, session: GameSession) -> dict[str, list[float]]:
    """Keypress-to-repaint for a token placed and taken back (the action goes through the
    session, the screen redraws, then a frame is rendered) and for a map cursor move."""
    app = SmallWorldApp(session, pass_screens=False)
    samples: dict[str, list[float]] = {"place/undo token": [], "move map cursor": []}
    async with app.run_test(size=SIZE) as pilot:
        to_redeployment(session)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        clock = FrameClock(app)
        redraws = [0]
        redraw = screen.redraw

        def counted() -> None:
            redraw()
            redraws[0] += 1

        screen.redraw = counted  # type: ignore[method-assign]
        for i in range(keys):
            before = redraws[0]
            samples["place/undo token"].append(await clock.after_key(
                "plus" if i % 2 == 0 else "u", lambda n=before: redraws[0] > n))
            await pilot.pause()
        for i in range(keys):
            cursor = screen.map_view.cursor
            samples["move map cursor"].append(await clock.after_key(
                "right" if i % 2 == 0 else "left",
                lambda c=cursor: screen.map_view.cursor != c))
            await pilot.pause()
    return samples


def import_time() -> float:
    """Seconds to import the app module in a fresh interpreter (cold start of the UI)."""
    code = ("import time; t = time.perf_counter(); import smallworld_tui.ui.app; "
            "print(time.perf_counter() - t)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    return float(out.stdout)


def report(name: str, values: list[float], target: float) -> None:
    ms = [v * 1000 for v in values]
    print(f"{name}: median {statistics.median(ms):6.1f} ms (min {min(ms):.1f}, "
          f"max {max(ms):.1f}, n={len(ms)}; target <= {target * 1000:.0f} ms)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="app starts to time")
    parser.add_argument("--keys", type=int, default=40, help="key presses per figure")
    parser.add_argument("--turns", type=int, default=10, help="random first turns per map")
    args = parser.parse_args()
    print(f"keypresses, scripted typical turn (base-2p): {asyncio.run(typical_turn_keys())} "
          f"(target <= 15)")
    for map_name in list_maps():  # a Warcraft first turn has more choices: timed below
        keys = [asyncio.run(random_first_turn(map_name, seed)) for seed in range(args.turns)]
        print(f"keypresses, random first turns on {map_name}: median "
              f"{statistics.median(keys):.1f} (min {min(keys)}, max {max(keys)}, "
              f"n={len(keys)})")
    report("import the UI (fresh interpreter)", [import_time() for _ in range(args.runs)], 1.0)
    report("app start to first frame", [asyncio.run(start_once()) for _ in range(args.runs)],
           1.0)
    for board, make in (("base-5p", new_session), ("warcraft-5p in teams", warcraft_session)):
        for name, values in asyncio.run(repaint_samples(args.keys, make())).items():
            report(f"keypress to repaint on {board}, {name}", values, 0.05)


if __name__ == "__main__":
    main()
