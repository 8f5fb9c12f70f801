"""Computer players in the hotseat app: seats set on the new-game screen and by `play --bots`,
their moves played step by step at a pace (hurried, slower, faster) without blocking the
screen, no pass screens for them, undo that never reaches into their turn, saves that keep
them, the suggest key, and a seat watching them over SSH (the same game screen)."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Input, Select

from smallworld_tui.cli import main
from smallworld_tui.compat import notifications
from smallworld_tui.engine import Action, Observation, Record
from smallworld_tui.engine.view import SPECTATOR
from smallworld_tui.session import GameSession, bot_seats
from smallworld_tui.session.bot_seats import BotSeats
from smallworld_tui.ui.app import SmallWorldApp
from smallworld_tui.ui.controllers import bots as bots_control
from smallworld_tui.ui.controllers import handover
from smallworld_tui.ui.screens.die_roll import DieScreen
from smallworld_tui.ui.screens.game import GameScreen
from smallworld_tui.ui.screens.map_marks import changed_regions
from smallworld_tui.ui.screens.pass_device import PassScreen
from smallworld_tui.ui.widgets.combo_column import ComboColumn
from smallworld_tui.ui.widgets.log_panel import LogPanel
from ui.driver import TableWatch, advance, game_screen, quick_act

SIZE = (100, 35)


def bot_game(names: list[str], bots: dict[int, str], seed: int = 3,
             path: Path | None = None) -> GameSession:
    """A base game on the map for the count, with computer players in ``bots``' seats."""
    record = Record(players=names, map=f"base-{len(names)}p", seed=seed,
                    options={"flying_enters_anywhere": False}, bots=bots)
    return GameSession(record, path)


async def until(pilot: Pilot[None], done: Callable[[], bool], seconds: float = 20) -> None:
    """Let the app run until ``done`` (bots think in threads), failing after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "timed out"
        await pilot.pause(0.02)


async def play_turn(pilot: Pilot[None], seat: int) -> int:
    """The person in ``seat`` plays a short turn with the screen's keys: the first combo, a
    conquest, all tokens redeployed, the end; returns the number of moves."""
    app = pilot.app
    session = game_screen(app).session
    conquests, turn, moves = 0, session.state.turn_number, 0
    while session.actor == seat and session.state.turn_number == turn:
        legal = game_screen(app).view.legal
        kinds = {a.kind for a in legal}
        if "pick" in kinds:
            action = Action("pick", 0)
        elif "conquer" in kinds and conquests < 1:
            action = next(a for a in legal if a.kind == "conquer")
            conquests += 1
        elif "end_conquest" in kinds:
            action = Action("end_conquest")
        elif "deploy" in kinds:
            action = max((a for a in legal if a.kind == "deploy"), key=lambda a: a.count)
        else:
            action = next(a for a in legal if a.kind.startswith("end_"))
        await quick_act(pilot, action)
        moves += 1
    return moves


def bots_log(screen: GameScreen, name: str) -> list[str]:
    return [t.plain for t in screen.query_one(LogPanel).sentences if t.plain.startswith(name)]


# --- the new-game screen and the command line ---------------------------------------------

async def test_the_new_game_screen_seats_bots_with_their_default_names() -> None:
    app = SmallWorldApp(seed=5, bot_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        kind: Select[str] = app.screen.query_one("#kind-1", Select)
        name = app.screen.query_one("#name-1", Input)
        kind.value = "hard"
        await pilot.pause()
        assert name.value == "Bot 2 (hard)"
        kind.value = "person"
        await pilot.pause()
        assert name.value == "Ben"
        name.value = "Zed"
        kind.value = "normal"
        await pilot.pause()
        assert name.value == "Zed"  # a typed name stays
        await pilot.press("ctrl+n")
        await pilot.pause()
        screen = game_screen(app)
        assert screen.session.record.bots == {1: "normal"}
        assert screen.session.record.players == ["Amy", "Zed"]
        assert screen.bot_control.bots is not None and screen.viewer == 0


async def test_an_all_bot_game_is_watched_and_hurry_stops_at_the_end_of_the_turn() -> None:
    app = SmallWorldApp(seed=8, bot_pace=60)
    async with app.run_test(size=SIZE) as pilot:
        for seat in range(2):
            app.screen.query_one(f"#kind-{seat}", Select).value = "random"
        await pilot.pause()
        await pilot.press("ctrl+n")
        await pilot.pause()
        screen = game_screen(app)
        session = screen.session
        assert screen.viewer == SPECTATOR and not screen.seating.pass_screens
        assert session.record.players == ["Bot 1 (random)", "Bot 2 (random)"]
        await pilot.pause(0.3)
        assert not session.record.actions  # the pace holds the first move back
        assert screen.check_action("hurry", ())
        await pilot.press("full_stop")
        await until(pilot, lambda: session.state.turn_number == 2)
        played = len(session.record.actions)
        await pilot.pause(0.5)
        assert len(session.record.actions) == played  # the next turn waits for the pace
        assert not any(isinstance(s, PassScreen | DieScreen) for s in app.screen_stack)


def run_play(args: list[str], monkeypatch: pytest.MonkeyPatch) -> GameSession:
    """Run `play ARGS` with the app's run replaced: the session it would have shown."""
    shown: list[GameSession] = []

    def run(app: SmallWorldApp, *_args: Any, **_kwargs: Any) -> None:
        assert app.session is not None
        shown.append(app.session)

    monkeypatch.setattr(SmallWorldApp, "run", run)
    result = CliRunner().invoke(main, ["play", *args])
    assert result.exit_code == 0, result.output
    return shown[0]


def test_play_bots_fills_the_last_seats(monkeypatch: pytest.MonkeyPatch) -> None:
    session = run_play(["--bots", "hard,normal", "--seed", "4"], monkeypatch)
    assert session.record.players == ["Player 1", "Bot 2 (hard)", "Bot 3 (normal)"]
    assert session.record.bots == {1: "hard", 2: "normal"}
    session = run_play(["--players", "4", "--names", "Amy", "--bots", "easy,easy"],
                       monkeypatch)
    assert session.record.players == ["Amy", "Player 2", "Bot 3 (easy)", "Bot 4 (easy)"]
    session = run_play(["--players", "2", "--bots", "random,random"], monkeypatch)
    assert session.record.bots == {0: "random", 1: "random"}  # a game to watch


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "hard,grandmaster"], "unknown bot level 'grandmaster'"),
        (["--players", "2", "--bots", "hard,hard,hard"], "3 computer players for 2 seats"),
        (["--players", "3", "--names", "Amy,Ben", "--bots", "hard,easy"],
         "2 names for 1 player"),
        (["--load", "x.json", "--bots", "hard"], "takes no --bots"),
    ],
)
def test_play_bots_misuse_is_one_line_and_exit_status_2(args: list[str], message: str) -> None:
    result = CliRunner().invoke(main, ["play", *args])
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert result.exit_code == 2, result.output
    assert len(lines) == 1 and lines[0].startswith("Error: ") and message in lines[0]


# --- bots playing in the app ------------------------------------------------------------

async def test_a_bots_turn_is_played_step_by_step_in_the_log_with_no_pass_screen() -> None:
    s = bot_game(["Amy", "Bot 2 (random)"], {1: "random"})
    app = SmallWorldApp(s, bot_pace=0.05)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        assert screen.seating.pass_screens is False  # one person: nobody to hide from
        started = time.monotonic()
        amy = await play_turn(pilot, 0)
        await until(pilot, lambda: s.actor == 0)
        moves = len(s.record.actions) - amy
        assert moves >= 2
        assert time.monotonic() - started >= 0.05 * moves * 0.9  # at the pace
        await pilot.pause()
        assert len(bots_log(screen, "Bot 2 (random)")) >= 2  # each move described
        assert screen.viewer == 0
        scores = [n.message for n in notifications(app) if n.title == "Score"]
        assert scores and not any("Bot 2" in m for m in scores)  # a bot's total stays hidden
        assert not any(isinstance(x, PassScreen) for x in app.screen_stack)


async def test_a_bots_die_roll_is_a_bold_log_line_not_a_screen_or_a_notice() -> None:
    s = bot_game(["Amy", "Bot 2 (random)"], {1: "random"})
    advance(s, lambda g: g.actor == 1 and any(a.kind == "final" for a in g.view(1).legal),
            prefer=("pick", "conquer"))
    app = SmallWorldApp(s, bot_pace=60)  # the bot waits: its last conquest is played here
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        s.apply(next(a for a in s.view(1).legal if a.kind == "final"), 1)
        await pilot.pause()
        assert not any(isinstance(x, DieScreen) for x in app.screen_stack)
        assert not notifications(app)
        rolled = [t for t in game_screen(app).query_one(LogPanel).sentences
                  if t.plain.startswith("Bot 2 (random) rolled ")]
        assert len(rolled) == 1 and rolled[0].style == "bold"


class HeldBot:
    """A bot that thinks until it is released, then plays the first legal move."""

    def __init__(self) -> None:
        self.release = threading.Event()

    def choose(self, observation: Observation, legal: list[Action]) -> Action:
        assert self.release.wait(30)
        return legal[0]


async def test_a_thinking_bot_never_blocks_the_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    bot = HeldBot()
    monkeypatch.setattr(bot_seats, "make_bot", lambda *_args, **_kwargs: bot)
    s = bot_game(["Bot 1 (hard)", "Amy"], {0: "hard"})
    app = SmallWorldApp(s, bot_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await pilot.pause()
        legend = screen.has_class("-legend")
        await pilot.press("g", "greater_than_sign")  # keys answered while the bot thinks
        assert screen.has_class("-legend") != legend and not s.record.actions
        bot.release.set()
        await until(pilot, lambda: bool(s.record.actions))


async def test_the_pace_keys_change_the_pace_while_a_bot_plays() -> None:
    s = bot_game(["Bot 1 (random)", "Amy"], {0: "random"})
    app = SmallWorldApp(s, bot_pace=3.0)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        assert screen.bot_control.bots is not None
        await pilot.pause()
        await pilot.press("greater_than_sign")
        assert screen.bot_control.bots.pace == 1.5
        await pilot.press("greater_than_sign", "greater_than_sign")
        assert screen.bot_control.bots.pace == 0.4
        await pilot.press(*["less_than_sign"] * 5)
        assert screen.bot_control.bots.pace == 3.0  # the slowest
        assert any("3 s a move" in n.message for n in notifications(app))


async def test_undo_never_undoes_into_a_bots_turn() -> None:
    s = bot_game(["Amy", "Bot 2 (random)"], {1: "random"})
    app = SmallWorldApp(s, bot_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await play_turn(pilot, 0)
        await until(pilot, lambda: s.actor == 0)
        await pilot.pause()
        after_bot = list(s.record.actions)
        assert not screen.check_action("undo", ())
        await pilot.press("u", "ctrl+z")
        assert s.record.actions == after_bot  # the bot's moves stay
        conquest = next(a for a in screen.view.legal if a.kind == "conquer")
        await quick_act(pilot, conquest)
        assert screen.check_action("undo", ())
        await pilot.press("u")
        await pilot.press("u")
        await pilot.pause()
        assert s.record.actions == after_bot  # back to the start of Amy's turn, no further
        assert not screen.check_action("undo", ())


async def test_a_saved_game_with_bots_loads_with_the_same_seats(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    s = bot_game(["Amy", "Bot 2 (easy)"], {1: "easy"}, path=path)
    advance(s, lambda g: g.actor == 1)  # Amy's turn, saved
    assert json.loads(path.read_text(encoding="utf-8"))["bots"] == {"1": "easy"}
    app = SmallWorldApp(seed=1, bot_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        app.open_save(path)
        await pilot.pause()
        screen = game_screen(app)
        loaded = screen.session
        assert loaded.record.bots == {1: "easy"} and screen.bot_control.bots is not None
        await until(pilot, lambda: loaded.actor == 0)  # the bot played its turn
        assert screen.viewer == 0
        assert not any(isinstance(x, PassScreen) for x in app.screen_stack)


async def test_two_people_and_a_bot_pass_the_device_only_between_people() -> None:
    s = bot_game(["Amy", "Ben", "Bot 3 (random)"], {2: "random"})
    app = SmallWorldApp(s, bot_pace=0.1)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        assert screen.seating.pass_screens
        await play_turn(pilot, 0)  # passes to Ben (quick_act continues the pass screen)
        assert screen.viewer == 1
        await play_turn(pilot, 1)
        await until(pilot, lambda: isinstance(app.screen, PassScreen))
        assert s.actor == 0 and screen.viewer == 1  # Ben watched the bot, then passes
        assert s.record.bots[2] and len(s.record.actions) > 12


# --- suggest ------------------------------------------------------------------------------

async def test_suggest_offers_the_hard_bots_move_and_y_plays_it() -> None:
    s = bot_game(["Amy", "Bot 2 (easy)"], {1: "easy"})
    app = SmallWorldApp(s, bot_pace=60)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        assert screen.check_action("suggest", ()) and not screen.check_action(
            "play_suggestion", ())
        await pilot.press("s")
        await until(pilot, lambda: screen.bot_control.suggestion is not None)
        move = screen.bot_control.suggestion
        assert move is not None and move.kind == "pick"
        combos = screen.query_one(ComboColumn)
        assert combos.current is not None and combos.current.slot == move.target
        assert any(n.title == "Suggestion" for n in notifications(app))
        await pilot.press("y")
        await pilot.pause()
        assert s.record.actions == [move]
        assert screen.bot_control.suggestion is None
        assert not any(n.title == "Suggestion" for n in notifications(app))  # out of date


async def test_a_suggestion_for_a_game_that_moved_on_is_never_offered(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Amy picks while the suggestion is worked out: the pick it suggests is out of date."""
    release = threading.Event()

    def held(session: GameSession, seat: int, seed: int = 0) -> Action | None:
        assert release.wait(30)
        return Action("pick", 1)

    monkeypatch.setattr(bots_control, "suggest", held)
    s = bot_game(["Amy", "Bot 2 (easy)"], {1: "easy"})
    app = SmallWorldApp(s, bot_pace=60)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await pilot.press("s", "0")  # ask, then pick combo 0 meanwhile
        assert s.record.actions == [Action("pick", 0)]
        release.set()
        await pilot.pause(0.2)
        await pilot.pause()
        assert screen.bot_control.suggestion is None
        assert not any(n.title == "Suggestion" for n in notifications(app))


# --- over SSH: a seat watching a bot sees its moves (the same game screen) -------------

@pytest.mark.parametrize("roller", [0, 1])
async def test_over_ssh_a_roll_is_the_big_die_for_its_roller_and_a_log_line_for_others(
        roller: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(handover, "DIE_SECONDS", 0.2)
    s = bot_game(["Amy", "Ben"], {})
    advance(s, lambda g: g.actor == roller and any(a.kind == "final" for a in g.view(roller).legal),
            prefer=("pick", "conquer"))
    app = TableWatch(s)  # Amy's terminal
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        pushed: list[Screen[Any]] = []
        push = app.push_screen
        monkeypatch.setattr(app, "push_screen", lambda new, *a, **k: (pushed.append(new),
                                                                      push(new, *a, **k))[1])
        s.apply(next(a for a in s.view(roller).legal if a.kind == "final"), roller)
        await pilot.pause()
        assert [type(x) for x in pushed] == ([DieScreen] if roller == 0 else [])
        assert not notifications(app)
        await until(pilot, lambda: app.screen is screen)  # the die closes by itself
        name = ("Amy", "Ben")[roller]
        rolled = [t for t in screen.query_one(LogPanel).sentences
                  if t.plain.startswith(f"{name} rolled ")]
        assert len(rolled) == 1 and rolled[0].style == "bold"


async def test_a_seat_over_ssh_sees_a_bots_moves_in_the_log_and_on_the_map() -> None:
    s = bot_game(["Amy", "Bot 2 (normal)"], {1: "normal"})
    advance(s, lambda g: g.actor == 1)
    app = TableWatch(s)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        assert screen.bot_control.bots is None  # the table host plays them
        seats = BotSeats(s, pace=0)
        bot = seats.bots[1]
        events = []
        for _ in range(2):  # the bot's pick, then its first conquest
            observation, legal = s.observe(1)
            events = s.apply(bot.choose(observation, legal), 1)
            await pilot.pause()
        changed = changed_regions(events)
        assert changed and {r for r, m in screen.map_view.marks.items()
                            if m.kind == "changed"} == changed
        assert len(bots_log(screen, "Bot 2 (normal)")) >= 2
        await asyncio.wait_for(seats.play(), 30)
        await pilot.pause()
        assert s.actor == 0 and not any(m.kind == "changed"
                                        for m in screen.map_view.marks.values())
