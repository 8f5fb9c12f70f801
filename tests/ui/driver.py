"""Drive the game screen the way a player does: keys, the map cursor, menus, pass screens."""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from typing import Any

from rich.console import Console
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Static

from smallworld_tui.engine import Action, Record
from smallworld_tui.session import GameSession
from smallworld_tui.ssh.app import TableApp, TableScreen
from smallworld_tui.ui.app import SmallWorldApp
from smallworld_tui.ui.keymap import TYPED, keys_of, others
from smallworld_tui.ui.screens.choice import ChoiceScreen
from smallworld_tui.ui.screens.die_roll import DieScreen
from smallworld_tui.ui.screens.game import GameScreen
from smallworld_tui.ui.screens.pass_device import PassScreen
from smallworld_tui.ui.widgets.map_view import MapView

NAMES = ["Amy", "Ben", "Cai", "Dee", "Eli"]
ON_REGION_KEYS = {"fortify": "f", "encamp": "c", "hero": "H"}
SIMPLE_KEYS = {"end_conquest": "e", "end_redeploy": "e", "end_turn": "e",
               "berserk_roll": "b"}


def session(players: int = 2, seed: int = 1, races: list[str] | None = None,
            powers: list[str] | None = None, dice: list[int] | None = None) -> GameSession:
    """A new game on the base map for ``players`` (no save file), stacks and dice pinned."""
    record = Record(players=NAMES[:players], map=f"base-{players}p", seed=seed,
                    options={"flying_enters_anywhere": False}, races=races, powers=powers,
                    dice=dice)
    return GameSession(record)


class TableWatch(SmallWorldApp):
    """The SSH table's game screen for seat 0, in a local app."""

    CSS_PATH = TableApp.CSS_PATH

    def first_screen(self) -> Screen[Any]:
        assert self.session is not None
        return TableScreen(self.session, 0, 1)


def game_screen(app: SmallWorldApp) -> GameScreen:
    return next(s for s in app.screen_stack if isinstance(s, GameScreen))


async def settle(pilot: Pilot[None]) -> None:
    """Let posted messages (the session's change notices) be handled."""
    await pilot.pause()


async def dismiss_modals(pilot: Pilot[None]) -> None:
    """Close die rolls and pass-the-device screens (both stages)."""
    app = pilot.app
    for _ in range(10):
        await settle(pilot)
        if isinstance(app.screen, DieScreen):
            await pilot.press("space")
        elif isinstance(app.screen, PassScreen):
            await pilot.press("enter")
        else:
            return


async def choose_in_menu(pilot: Pilot[None], wanted: Action) -> None:
    """Pick ``wanted`` in the open choice menu with the arrow keys."""
    await settle(pilot)
    menu = pilot.app.screen
    assert isinstance(menu, ChoiceScreen), f"expected a menu, got {menu}"
    index = [value for _label, value in menu.choices].index(wanted)
    for _ in range(index):
        await pilot.press("down")
    await pilot.press("enter")


async def point_at(pilot: Pilot[None], region: int) -> None:
    """Move the map cursor onto ``region`` (as the arrow keys or the mouse would)."""
    screen = game_screen(pilot.app)
    screen.map_view.cursor = region
    await settle(pilot)


def out_of_reach(screen: GameScreen) -> int:
    """A land region the viewer's conquest cannot reach now."""
    view = screen.view
    return next(r for r in range(len(view.regions))
                if r not in view.costs and not view.map.regions[r].water)


async def act(pilot: Pilot[None], action: Action, dismiss: bool = True) -> None:
    """Carry out one legal action of the viewer through keys, the map and menus (then close
    the die and pass screens it brings, unless ``dismiss`` is False)."""
    screen = game_screen(pilot.app)
    kind = action.kind
    if kind == "pick":  # the number before the combo: its price
        await pilot.press(str(next(c.price for c in screen.view.combos
                                   if c.slot == action.target)))
    elif kind in SIMPLE_KEYS:
        await pilot.press(SIMPLE_KEYS[kind])
    elif kind in ON_REGION_KEYS:
        await point_at(pilot, action.target)
        await pilot.press(ON_REGION_KEYS[kind])
    elif kind == "deploy":
        await point_at(pilot, action.target)
        hand = next(a.hand for a in screen.view.armies if a.id == screen.view.acting)
        if action.count == hand:
            await pilot.press("a")
        else:
            await pilot.press(*["plus"] * action.count)
    elif kind == "decline":
        await pilot.press("d")
        await choose_in_menu(pilot, action)
    elif kind == "ally":
        await pilot.press("n")
        await choose_in_menu(pilot, action)
    else:  # conquer, final, dragon, sorcery, abandon: Enter on the region
        await point_at(pilot, action.target)
        await pilot.press("enter")
        await settle(pilot)
        if isinstance(pilot.app.screen, ChoiceScreen):
            await choose_in_menu(pilot, action)
    if dismiss:
        await dismiss_modals(pilot)
    else:
        await settle(pilot)


def text_of(widget: Static) -> str:
    """The plain text a Static shows (rich renderables rendered at 200 columns)."""
    console = Console(width=200, record=True, color_system=None, file=io.StringIO())
    console.print(widget.content)
    return console.export_text()


def advance(s: GameSession, done: Callable[[GameSession], bool], seed: int = 0,
            prefer: tuple[str | Action, ...] = ()) -> None:
    """Play random legal actions (those in ``prefer``, or of a kind in it, first) until
    ``done``."""
    chooser = random.Random(seed)
    while not done(s):
        assert not s.state.finished, "the game ended first"
        legal = s.view(s.state.actor).legal
        preferred = [a for a in legal if a in prefer or a.kind in prefer]
        s.apply(chooser.choice(preferred or legal))


def binding_for(action: Action, hand: int, price: int = 0) -> str:
    """The key binding's action string that the game screen runs for ``action`` (``price``:
    of the combo a pick takes, the number typed for it)."""
    kind = action.kind
    if kind == "pick":
        return f"digit({price})"
    if kind == "deploy":
        return "place_all" if action.count == hand else f"place({action.count})"
    if kind in TYPED:
        return ""  # a region chosen on the map
    if keys_of(kind).key or kind in ("decline", "ally"):
        return f"act('{kind}')"
    if others([kind]):
        return "other_actions"  # the menu of a race's, power's or item's own actions
    return ""


async def quick_act(pilot: Pilot[None], action: Action) -> None:
    """Like ``act`` but without simulated key presses (faster): runs the bound action the
    key would run (checking that the binding is enabled), or posts the map's RegionChosen,
    answers menus and closes die and pass screens directly."""
    app = pilot.app
    screen = game_screen(app)
    hand = next((a.hand for a in screen.view.armies if a.id == screen.view.acting), 0)
    if action.target >= 0 and action.kind not in ("pick", "ally"):
        screen.map_view.cursor = action.target
    price = next((c.price for c in screen.view.combos if c.slot == action.target), 0)
    binding = binding_for(action, hand, price)
    if binding:
        name, _paren, params = binding.partition("(")
        args = tuple(p.strip("')") for p in params.split(",") if p)
        assert screen.check_action(name, args), f"{binding} is not enabled"
        await app.run_action(binding, screen)
    else:
        screen.map_view.post_message(MapView.RegionChosen(action.target))
    await pilot.pause()
    if isinstance(app.screen, ChoiceScreen):
        app.screen.dismiss(action)
        await pilot.pause()
    for _ in range(10):
        if isinstance(app.screen, DieScreen):
            app.screen.dismiss()
        elif isinstance(app.screen, PassScreen):
            app.screen.action_continue()
        else:
            return
        await pilot.pause()
