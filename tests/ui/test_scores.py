"""Scores reach the player who scored: with their breakdown, before the device passes on —
also when an opponent held the device placing survivors — and the end screen's breakdown,
chart and final map."""

from __future__ import annotations

from textual.widgets import Static

from smallworld_tui.bots.random_play import play_random_game
from smallworld_tui.engine import Action
from smallworld_tui.engine.view import SPECTATOR
from smallworld_tui.session import GameSession
from smallworld_tui.ui.app import SmallWorldApp
from smallworld_tui.ui.screens.end import EndScreen
from smallworld_tui.ui.screens.pass_device import PassScreen
from smallworld_tui.ui.widgets.map_view import MapView
from ui.driver import act, advance, dismiss_modals, game_screen, session, settle, text_of

SIZE = (100, 35)


def pass_text(app: SmallWorldApp) -> str:
    assert isinstance(app.screen, PassScreen), app.screen
    return text_of(app.screen.query_one("#pass-text", Static))


async def test_the_scorer_sees_the_score_after_a_defender_placed_survivors() -> None:
    """The reported case: the attacker's score came after the defender's placement, with the
    device in the defender's hands, and was never shown."""
    s = session()
    advance(s, lambda s: s.view(SPECTATOR).phase == "defender", seed=1)
    view = s.view(SPECTATOR)
    attacker, defender = view.names[view.seat], view.names[view.actor]
    app = SmallWorldApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await dismiss_modals(pilot)
        screen = game_screen(app)
        assert screen.viewer == view.actor
        army = screen.view.army(screen.view.acting)
        assert army is not None
        region = next(a.target for a in screen.view.legal if a.kind == "deploy")
        await act(pilot, Action("deploy", region, army.hand), dismiss=False)
        await act(pilot, Action("end_redeploy"), dismiss=False)
        cover = pass_text(app)
        assert f"Pass the device to {attacker}" in cover and "score" in cover
        await pilot.press("enter")
        await settle(pilot)
        note = pass_text(app)
        assert f"{attacker}, you scored" in note and "regions" in note and "You have" in note
        await pilot.press("enter")
        await settle(pilot)
        assert "Pass the device to" in pass_text(app) and "you scored" not in pass_text(app)
        assert defender != attacker


async def test_the_end_screen_gives_breakdowns_a_readable_chart_and_the_final_map() -> None:
    _state, record = play_random_game(["Amy", "Ben"], "base-2p", 5)
    s = GameSession(record)
    view = s.view(SPECTATOR)
    app = SmallWorldApp(s)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, EndScreen)
        breakdown = text_of(app.screen.query_one("#end-breakdown", Static))
        assert "Starting coins" in breakdown and "regions" in breakdown
        totals = next(line for line in breakdown.splitlines() if "Coins at the end" in line)
        assert totals.split()[-len(view.coins):] == [str(c) for c in view.coins]
        chart = text_of(app.screen.query_one("#end-chart", Static))
        gains = [[g or 0 for g in row] for row in view.gains]
        rows = [line for line in chart.splitlines() if line.strip()[:2].strip().isdigit()]
        assert len(rows) == len(gains)
        for line, row in zip(rows, gains, strict=True):
            assert all(f" {value}" in line for value in row)  # every value written
        final = app.screen.query_one(MapView)
        assert final._view is not None and final._view.finished


async def test_a_player_at_their_own_terminal_gets_their_score_as_a_notice() -> None:
    from smallworld_tui.compat import notifications
    from smallworld_tui.ui.screens.seating import FixedSeat

    s = session()
    advance(s, lambda s: s.view(SPECTATOR).phase == "redeploy", seed=2)
    app = SmallWorldApp(s, seating=FixedSeat(0))
    async with app.run_test(size=SIZE) as pilot:
        advance(s, lambda s: any(e.kind == "scored" and e.seat == 0 for e in s.log), seed=2)
        await settle(pilot)
        assert any("Amy, you scored" in n.message for n in notifications(app))
        assert not isinstance(app.screen, PassScreen)
