"""The other screens and situations: end of game, too small, palette, Ghouls, defenders, SSH."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest
from textual.screen import Screen
from textual.widgets import Static

from smallworld_tui.bots.random_play import play_random_game
from smallworld_tui.engine import Action, Record
from smallworld_tui.engine.view import SPECTATOR
from smallworld_tui.session import GameSession
from smallworld_tui.ui.app import SmallWorldApp
from smallworld_tui.ui.screens.action_commands import palette_entries
from smallworld_tui.ui.screens.choice import ChoiceScreen
from smallworld_tui.ui.screens.end import EndScreen, tie_break
from smallworld_tui.ui.screens.game import GameScreen
from smallworld_tui.ui.screens.help import HelpScreen
from smallworld_tui.ui.screens.new_game import NewGameScreen
from smallworld_tui.ui.screens.pass_device import PassScreen
from smallworld_tui.ui.screens.save_dialogs import LoadDialog, SaveDialog
from smallworld_tui.ui.screens.seating import FixedSeat
from smallworld_tui.ui.screens.too_small import TooSmallScreen
from smallworld_tui.ui.widgets.status_line import StatusLine
from ui.driver import act, advance, dismiss_modals, game_screen, session, settle, text_of

SIZE = (100, 35)


def finished_session(seed: int = 5) -> GameSession:
    _state, record = play_random_game(["Amy", "Ben"], "base-2p", seed)
    return GameSession(record)


async def test_end_screen_reveals_coins_ranking_and_scores_per_round() -> None:
    s = finished_session()
    view = s.view(SPECTATOR)
    app = SmallWorldApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, EndScreen)
        ranking = text_of(app.screen.query_one("#end-ranking", Static))
        for seat, name in enumerate(view.names):
            assert name in ranking and str(view.coins[seat]) in ranking
        assert "most coins" in text_of(app.screen.query_one("#end-tie-break", Static))
        chart = text_of(app.screen.query_one("#end-chart", Static))
        assert "Coins scored per round" in chart and " 10 " in chart + " "


def test_tie_break_is_explained() -> None:
    view = finished_session().view(SPECTATOR)
    tokens = dataclasses.replace(view, coins=[40, 40], tokens_on_board=[12, 9], winners=[0])
    assert "most race tokens on the map (Amy 12, Ben 9)" in tie_break(tokens)
    shared = dataclasses.replace(view, coins=[40, 40], tokens_on_board=[9, 9], winners=[0, 1])
    assert "share the win" in tie_break(shared)


async def test_the_last_action_leads_to_the_end_screen() -> None:
    done = finished_session()
    s = GameSession(Record(players=done.record.players, map=done.record.map,
                           seed=done.record.seed, options=done.record.options,
                           actions=done.record.actions[:-1]))
    app = SmallWorldApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await dismiss_modals(pilot)
        await act(pilot, done.record.actions[-1])
        await settle(pilot)
        assert isinstance(app.screen, EndScreen)


async def test_a_small_terminal_shows_a_notice_until_enlarged() -> None:
    s = session()
    s.apply(Action("pick", 1))
    app = SmallWorldApp(s)
    async with app.run_test(size=(70, 20)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        assert "at least 80×24" in text_of(app.screen.query_one("#too-small-text", Static))
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert isinstance(app.screen, PassScreen)  # held back while the terminal was small
        await dismiss_modals(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.screen.view.phase == "conquer" and len(s.record.actions) == 1
        await pilot.resize_terminal(79, 30)
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)


async def test_the_command_palette_finds_legal_actions() -> None:
    s = session()
    app = SmallWorldApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await act(pilot, Action("pick", 0))
        labels = [label for label, _action in palette_entries(game_screen(app).view)]
        assert "End conquest" in labels and any(x.startswith("Conquer ") for x in labels)
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"end conq")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await settle(pilot)
        assert s.record.actions[-1] == Action("end_conquest")


async def test_ghoul_phase_is_named_in_the_status_line() -> None:
    s = session(races=["ghouls"])
    advance(s, lambda s: s.view(SPECTATOR).phase == "conquer" and s.view(
        SPECTATOR).army(s.view(SPECTATOR).acting).declined, seed=3,
        prefer=(Action("pick", 0), "decline", "conquer"))
    app = SmallWorldApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await dismiss_modals(pilot)
        status = text_of(game_screen(app).query_one(StatusLine))
        assert "Ghoul phase: your declined Ghouls act first." in status


async def test_a_defender_gets_a_pass_screen_before_placing_survivors() -> None:
    s = session()
    advance(s, lambda s: s.view(SPECTATOR).phase == "defender", seed=1)
    *actions, last = s.record.actions
    before = GameSession(Record(players=s.record.players, map=s.record.map,
                                seed=s.record.seed, options=s.record.options, actions=actions))
    app = SmallWorldApp(before)
    async with app.run_test(size=SIZE) as pilot:
        await dismiss_modals(pilot)
        await act(pilot, last, dismiss=False)
        assert isinstance(app.screen, PassScreen)
        view = before.view(SPECTATOR)
        text = text_of(app.screen.query_one("#pass-text", Static))
        assert (f"{view.names[view.actor]} places the survivors of "
                f"{view.names[view.seat]}'s attack") in text
        await dismiss_modals(pilot)
        assert "survivors of" in text_of(game_screen(app).query_one(StatusLine))


async def test_a_fixed_seat_watches_others_and_acts_on_its_own_turn() -> None:
    s = session()
    app = SmallWorldApp(s, seating=FixedSeat(1))
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        assert "Amy is picking a combo" in text_of(screen.query_one(StatusLine))
        await pilot.press("0")
        await settle(pilot)
        assert s.record.actions == []
        s.apply(Action("pick", 0))  # Amy, at another terminal
        s.apply(Action("end_conquest"))
        await settle(pilot)
        assert "Amy is redeploying" in text_of(screen.query_one(StatusLine))
        assert screen.view.coins[0] is None and not isinstance(app.screen, PassScreen)



# A screen may close before Textual mounts what it composed: the app quitting (a player
# leaving, an SSH client dropping) or the screen popped in the tick it was pushed (a terminal
# shrunk and grown again at once).  Each screen must then close without an error.
OPENED: dict[str, Callable[[SmallWorldApp], Screen[Any]]] = {
    "pass": lambda app: PassScreen("Ben", before="Your score: 7"),
    "end": lambda app: EndScreen(finished_session()),
    "help": lambda app: HelpScreen("intro", [("?", "help")]),
    "rules": lambda app: HelpScreen("intro", [], tab="rules"),
    "new game": lambda app: NewGameScreen(1),
    "too small": lambda app: TooSmallScreen(),
    "save": lambda app: SaveDialog("game"),
    "load": lambda app: LoadDialog(),
    "choice": lambda app: ChoiceScreen("Which?", [("one", 1)]),
    "game": lambda app: app.game_screen(session()),
}


@pytest.mark.parametrize("closing", ["quit", "pop"])
@pytest.mark.parametrize("name", OPENED)
async def test_a_screen_closed_before_it_mounts_closes_cleanly(name: str, closing: str) -> None:
    app = SmallWorldApp(session())
    async with app.run_test(size=SIZE) as pilot:
        await dismiss_modals(pilot)
        below = app.screen
        app.push_screen(OPENED[name](app))
        if closing == "quit":
            app.exit()
        else:
            app.pop_screen()
            await pilot.pause()
            assert app.screen is below
    # (an error in the app would have been raised by run_test)
