"""The viewer's moves reach the session only when legal: a move the engine refuses is
explained by the engine's reason and never applied to learn it (``controllers/sending``);
and each position's legal moves are worked out once, whoever looks at it."""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from smallworld_tui.compat import notifications
from smallworld_tui.engine import Action, conquest_costs, legal_actions
from smallworld_tui.session import GameSession
from smallworld_tui.ui.app import SmallWorldApp
from ui.driver import act, game_screen, out_of_reach, point_at, session, settle
from ui.keyboard import Keyboard
from ui.test_keypresses import play_typical_turn, typical_session

SIZE = (100, 35)


def applied_moves(s: GameSession, monkeypatch: pytest.MonkeyPatch) -> list[tuple[Action, bool]]:
    """Every action the session is asked to apply, with whether it was legal then."""
    seen: list[tuple[Action, bool]] = []
    apply = s.apply

    def recorded(action: Action, seat: int | None = None) -> Any:
        seen.append((action, action in legal_actions(s.state)))
        return apply(action, seat)

    monkeypatch.setattr(s, "apply", recorded)
    return seen


def notices(app: SmallWorldApp) -> str:
    return " | ".join(n.message for n in notifications(app))


async def test_refused_moves_are_explained_without_being_applied(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A region out of reach (Enter on it), the end of a redeployment with Heroes still to
    place (e) and a Hero key on a region taken already: the engine's reasons, and the
    session never asked to apply them."""
    s = session(races=["ratmen"], powers=["heroic"])
    seen = applied_moves(s, monkeypatch)
    app = SmallWorldApp(s)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await act(pilot, Action("pick", 0))
        screen = game_screen(app)
        await point_at(pilot, out_of_reach(screen))
        await pilot.press("enter")
        await settle(pilot)
        assert "border region" in notices(app)
        for _ in range(2):
            await act(pilot, next(a for a in screen.view.legal if a.kind == "conquer"))
        await act(pilot, Action("end_conquest"))
        await act(pilot, max((a for a in screen.view.legal if a.kind == "deploy"),
                             key=lambda a: a.count))
        await pilot.press("e")
        await settle(pilot)
        assert "Heroes" in notices(app)
        hero = next(a for a in screen.view.legal if a.kind == "hero")
        await act(pilot, hero)
        await point_at(pilot, hero.target)
        await pilot.press("H")  # a second Hero where the first stands
        await settle(pilot)
        assert len(notifications(app)) == 3 and "Hero" in notices(app).split(" | ")[-1]
    assert seen and all(legal for _action, legal in seen), seen


def counting(monkeypatch: pytest.MonkeyPatch, *functions: Callable[..., Any]) -> Counter[str]:
    """Count the calls of engine functions, wherever they were imported."""
    counts: Counter[str] = Counter()
    for function in functions:
        def counted(*args: Any, _f: Callable[..., Any] = function, **kwargs: Any) -> Any:
            counts[_f.__name__] += 1
            return _f(*args, **kwargs)

        for module in list(sys.modules.values()):
            if getattr(module, function.__name__, None) is function:
                monkeypatch.setattr(module, function.__name__, counted)
    return counts


@pytest.mark.parametrize("pass_screens", [False, True])
async def test_legal_moves_and_costs_are_worked_out_once_per_move(
        monkeypatch: pytest.MonkeyPatch, pass_screens: bool) -> None:
    """The typical turn (pick, five conquests, three placements, end): each position's legal
    moves once, for the view, the prompt's blocker and the check of the next move alike;
    conquest costs once per conquest position (they were worked out three times each)."""
    s = typical_session()
    app = SmallWorldApp(s, pass_screens=pass_screens)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        counts = counting(monkeypatch, legal_actions, conquest_costs)
        await play_typical_turn(Keyboard(pilot))
        await settle(pilot)
        positions = len(s.record.actions)
        conquering = sum(a.kind in ("pick", "conquer") for a in s.record.actions)
    assert counts["legal_actions"] == positions
    assert counts["conquest_costs"] == conquering
