"""Player names are text, never markup: names like "[/]" and "[bold]Ben" show as typed on every
screen that names players (over SSH anyone may choose their name)."""

from __future__ import annotations

import pytest
from textual.content import Content
from textual.widgets import Static

from smallworld_tui.engine import Action, Record
from smallworld_tui.session import GameSession
from smallworld_tui.ui.app import SmallWorldApp
from smallworld_tui.ui.screens import action_commands
from smallworld_tui.ui.screens.action_commands import LegalActionsProvider
from smallworld_tui.ui.screens.choice import ChoiceScreen
from smallworld_tui.ui.screens.end import EndScreen
from smallworld_tui.ui.screens.game import GameScreen
from smallworld_tui.ui.screens.seating import FixedSeat
from ui.driver import advance, settle, text_of

NAMES = ["[/]", "[bold]Ben"]


def markup_session() -> GameSession:
    return GameSession(Record(players=list(NAMES), map="base-2p", seed=4))


async def test_the_end_screen_shows_names_as_typed() -> None:
    session = markup_session()
    advance(session, lambda s: s.state.finished, seed=4)
    app = SmallWorldApp(session, seating=FixedSeat(0))
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(20):
            if isinstance(app.screen, EndScreen):
                break
            await pilot.press("space")  # the last die roll, if any
        screen = app.screen
        assert isinstance(screen, EndScreen)
        title = screen.query_one("#end-title", Static).render()
        tie_break = screen.query_one("#end-tie-break", Static).render()
        ranking = text_of(screen.query_one("#end-ranking", Static))
        assert any(name in title.plain for name in NAMES)  # type: ignore[attr-defined]
        assert any(name in tie_break.plain for name in NAMES)  # type: ignore[attr-defined]
        assert all(name in ranking for name in NAMES)


async def test_toasts_and_menus_show_names_as_typed() -> None:
    session = markup_session()
    app = SmallWorldApp(session, seating=FixedSeat(1))
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        screen.sending.send(Action("pick", 0))  # not Ben's decision: a toast names "[/]"
        await pilot.pause(0.2)
        toasts = [str(toast.render()) for toast in app.screen.query("ToastRack Toast")]
        assert "It is [/]'s decision." in toasts
        screen.sending.ask("[bold]title", [Action("ally", 0), Action("ally", 1)])
        await settle(pilot)
        menu = app.screen
        assert isinstance(menu, ChoiceScreen)
        labels = [str(menu.query_one("#choice-list").get_option_at_index(i).prompt)
                  for i in range(2)]
        assert labels == ["Name [/] as your ally", "Name [bold]Ben as your ally"]
        assert menu.query_one("#choice-title", Static).render().plain == "[bold]title"


async def test_the_palette_lists_names_as_typed(monkeypatch: pytest.MonkeyPatch) -> None:
    app = SmallWorldApp(markup_session(), seating=FixedSeat(0))
    async with app.run_test(size=(120, 40)):
        screen = app.screen
        assert isinstance(screen, GameScreen)
        label = "Name [bold]Ben as your ally"
        monkeypatch.setattr(action_commands, "palette_entries",
                            lambda _view: [(label, Action("ally", 1))])
        provider = LegalActionsProvider(screen)
        hits = [hit async for hit in provider.search("ally")]
        found = [hit async for hit in provider.discover()]
        assert [Content.from_markup(h.prompt).plain for h in hits + found] == [label, label]
