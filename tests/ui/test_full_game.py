"""Whole games played through the UI (base-2p, and a Warcraft team game): every action through
the game screen's key bindings (checked enabled), the map's RegionChosen message, menus and
pass screens."""

from __future__ import annotations

import random

from smallworld_tui.engine import Action, Record
from smallworld_tui.engine.view import SPECTATOR
from smallworld_tui.session import GameSession
from smallworld_tui.ui.app import SmallWorldApp
from smallworld_tui.ui.keymap import others
from smallworld_tui.ui.screens.end import EndScreen
from ui.driver import game_screen, quick_act, session


def choose(legal: list[Action], hand: int, chooser: random.Random) -> Action:
    """A random legal action; tokens are placed all at once (fewer, longer steps)."""
    options = [a for a in legal if a.kind != "deploy" or a.count == hand]
    return chooser.choice(options)


async def test_a_whole_game_through_the_ui_reaches_the_end_screen() -> None:
    s = session(players=2, seed=11)
    chooser = random.Random(11)
    app = SmallWorldApp(s)
    async with app.run_test(size=(100, 35)) as pilot:
        while not isinstance(app.screen, EndScreen):
            screen = game_screen(app)
            view = screen.view
            assert view.legal, f"{view.names[screen.viewer]} has nothing to do in {view.phase}"
            army = view.army(view.acting) if view.acting >= 0 else None
            action = choose(view.legal, army.hand if army else 0, chooser)
            count = len(s.record.actions)
            await quick_act(pilot, action)
            assert s.record.actions[count:] == [action]
        final = s.view(SPECTATOR)
        assert final.finished and final.round == final.turns
        assert final.names[final.winners[0]] in str(app.screen.query_one("#end-title").content)


async def play_through(app: SmallWorldApp, s: GameSession, seed: int) -> None:
    """Random legal actions through the UI until the end screen."""
    chooser = random.Random(seed)
    async with app.run_test(size=(120, 40)) as pilot:
        while not isinstance(app.screen, EndScreen):
            screen = game_screen(app)
            view = screen.view
            assert view.legal, f"{view.names[screen.viewer]} has nothing to do in {view.phase}"
            army = view.army(view.acting) if view.acting >= 0 else None
            action = choose(view.legal, army.hand if army else 0, chooser)
            count = len(s.record.actions)
            await quick_act(pilot, action)
            assert s.record.actions[count:] == [action]
        if s.view(SPECTATOR).teams:
            assert app.screen.query_one("#end-teams")  # the team result


async def test_a_whole_warcraft_team_game_through_the_ui() -> None:
    """Four players in teams on islands drawn from the seed: every action, the races', powers'
    and items' own ones too, through keys, the map and the 'other actions' menu."""
    s = GameSession(Record(players=["Amy", "Ben", "Cai", "Dee"], map="warcraft-4p", seed=7,
                           options={"teams": True}, game="warcraft"))
    app = SmallWorldApp(s)
    await play_through(app, s, 7)
    final = s.view(SPECTATOR)
    assert final.finished and final.team_scores
    assert any(others([a.kind]) for a in s.record.actions)  # the menu of other actions too


async def test_a_whole_underground_game_through_the_ui() -> None:
    s = GameSession(Record(players=["Amy", "Ben"], map="underground-2p", seed=5,
                           game="underground"))
    await play_through(SmallWorldApp(s), s, 5)
    assert s.view(SPECTATOR).finished
