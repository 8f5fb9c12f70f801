"""A turn through the UI: pick, conquer (keys, mouse, menus), the die, redeploy, pass, undo."""

from __future__ import annotations

from textual.widgets import Static

from smallworld_tui.compat import notifications
from smallworld_tui.engine import Action
from smallworld_tui.names import display_name
from smallworld_tui.session import GameSession
from smallworld_tui.ui.app import SmallWorldApp
from smallworld_tui.ui.screens.choice import ChoiceScreen
from smallworld_tui.ui.screens.die_roll import DieScreen
from smallworld_tui.ui.screens.help import HelpScreen
from smallworld_tui.ui.screens.pass_device import PassScreen
from smallworld_tui.ui.screens.seating import Hotseat
from smallworld_tui.ui.widgets.combo_column import ComboColumn
from smallworld_tui.ui.widgets.key_footer import KeyFooter, arrange, footer_keys
from smallworld_tui.ui.widgets.map_view import MapView
from smallworld_tui.ui.widgets.status_line import StatusLine
from ui.driver import (
    act,
    advance,
    dismiss_modals,
    game_screen,
    out_of_reach,
    point_at,
    session,
    settle,
    text_of,
)

SIZE = (100, 35)
DWARVES = {"races": ["dwarves", "trolls"], "powers": ["stout", "dragon_master"]}


def status(app: SmallWorldApp) -> str:
    return text_of(game_screen(app).query_one(StatusLine))


def notices(app: SmallWorldApp) -> str:
    return " | ".join(n.message for n in notifications(app))


def first(legal: list[Action], kind: str) -> Action:
    return next(a for a in legal if a.kind == kind)


async def test_pick_with_a_number_key_then_conquer_with_enter() -> None:
    s = session(**DWARVES)
    app = SmallWorldApp(s)
    async with app.run_test(size=SIZE) as pilot:
        assert "pick a combo" in status(app)
        await pilot.press("0")
        await settle(pilot)
        assert s.record.actions == [Action("pick", 0)]
        assert "Stout Dwarves, 7 in hand" in status(app)
        screen = game_screen(app)
        target = first(screen.view.legal, "conquer").target
        marks = screen.map_view._marks
        assert marks[target].kind == "target" and marks[target].label == (
            f"{screen.view.costs[target]}t")
        await point_at(pilot, target)
        await pilot.press("enter")
        await settle(pilot)
        assert s.record.actions[-1] == Action("conquer", target)
        assert "Amy's Stout Dwarves took" in "\n".join(
            t.plain for t in screen.query_one("#log").sentences)


async def test_pick_from_the_combo_column_and_browse_its_rules() -> None:
    s = session(**DWARVES)
    app = SmallWorldApp(s)
    async with app.run_test(size=SIZE) as pilot:
        column = game_screen(app).query_one(ComboColumn)
        assert app.focused is column
        await pilot.press("down")
        await settle(pilot)
        details = text_of(game_screen(app).query_one("#combo-text", Static))
        assert "Dragon Master Trolls" in details
        await pilot.press("enter")
        await settle(pilot)
        assert s.record.actions == [Action("pick", 1)]
        assert isinstance(app.focused, MapView)


async def test_a_click_on_a_region_conquers_it() -> None:
    s = session(**DWARVES)
    app = SmallWorldApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await act(pilot, Action("pick", 0))
        screen = game_screen(app)
        target = first(screen.view.legal, "conquer").target
        width, height = screen.map_view.size
        spot = next((x, y) for y in range(height) for x in range(width)
                    if screen.map_view.region_at(x, y) == target)
        await pilot.click(MapView, offset=spot)
        await settle(pilot)
        assert s.record.actions[-1] == Action("conquer", target)


async def test_a_refused_region_is_explained_by_the_engine() -> None:
    s = session(**DWARVES)
    app = SmallWorldApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await act(pilot, Action("pick", 0))
        await point_at(pilot, out_of_reach(game_screen(app)))
        await pilot.press("enter")
        await settle(pilot)
        assert len(s.record.actions) == 1
        assert "border region" in notices(app)


async def test_final_conquest_shows_the_die_big() -> None:
    s = session(dice=[3], races=["dwarves"], powers=["merchant"])  # 5 tokens
    app = SmallWorldApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await act(pilot, Action("pick", 0))
        screen = game_screen(app)
        while not any(a.kind == "final" for a in screen.view.legal):
            await act(pilot, max((a for a in screen.view.legal if a.kind == "conquer"),
                                 key=lambda a: screen.view.costs[a.target]))
        final = first(screen.view.legal, "final")
        short = screen.view.costs[final.target] - next(
            a.hand for a in screen.view.armies if a.id == screen.view.acting)
        assert screen.map_view._marks[final.target].label == f"-{short}t"
        await point_at(pilot, final.target)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, DieScreen)  # the mark said it: a roll of the die
        text = text_of(app.screen.query_one("#die-text", Static))
        assert f"Rolled 3 — needed {short}" in text and "conquers" in text
        await pilot.press("x")
        await settle(pilot)
        assert app.screen is screen and screen.view.phase == "redeploy"
        assert not screen.session.can_undo()  # no undo past a die roll


async def test_redeploy_keys_undo_and_the_pass_screens() -> None:
    s = session(**DWARVES)
    app = SmallWorldApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await act(pilot, Action("pick", 0))
        screen = game_screen(app)
        for _ in range(2):
            await act(pilot, first(screen.view.legal, "conquer"))
        await pilot.press("e")
        await settle(pilot)
        assert screen.view.phase == "redeploy"
        region = screen.map_view.cursor
        assert screen.map_view._marks[region].kind == "own"
        before = screen.view.regions[region].tokens
        await pilot.press("plus")
        await settle(pilot)
        assert screen.view.regions[region].tokens == before + 1
        await pilot.press("u")
        await settle(pilot)
        assert screen.view.regions[region].tokens == before
        await pilot.press("a")
        await settle(pilot)
        assert "all tokens placed" in status(app)
        await pilot.press("e")
        await settle(pilot)
        assert "end of turn: e ends it; d Decline" in status(app)
        await pilot.press("e")
        await settle(pilot)
        assert isinstance(app.screen, PassScreen)
        assert "Amy, you scored" in text_of(app.screen.query_one("#pass-text", Static))
        await pilot.press("enter")
        await settle(pilot)
        text = text_of(app.screen.query_one("#pass-text", Static))
        assert "Pass the device to Ben" in text and "Amy, you scored" not in text
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen and screen.viewer == 1
        assert screen.view.coins == [None, 5]
        assert "Ben: pick a combo" in status(app)


async def test_without_pass_screens_the_next_player_sees_the_board_at_once() -> None:
    s = session(**DWARVES)
    app = SmallWorldApp(s, seating=Hotseat(pass_screens=False))
    async with app.run_test(size=SIZE) as pilot:
        await act(pilot, Action("pick", 0))
        await act(pilot, first(game_screen(app).view.legal, "conquer"))
        await act(pilot, Action("end_conquest"))
        await act(pilot, first(game_screen(app).view.legal, "deploy"))
        while game_screen(app).viewer == 0:
            await act(pilot, game_screen(app).view.legal[-1])
        assert not isinstance(app.screen, PassScreen) and game_screen(app).viewer == 1


async def test_dragon_and_conquest_on_one_region_offer_a_menu() -> None:
    s = session(races=["trolls"], powers=["dragon_master"])
    app = SmallWorldApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await act(pilot, Action("pick", 0))
        screen = game_screen(app)
        region = first(screen.view.legal, "dragon").target
        await point_at(pilot, region)
        await pilot.press("enter")
        await settle(pilot)
        menu = app.screen
        assert isinstance(menu, ChoiceScreen)
        labels = [label for label, _action in menu.choices]
        assert any(label.startswith("Conquer") for label in labels)
        assert any(label.startswith("Send the Dragon") for label in labels)
        await pilot.press("escape")
        await settle(pilot)
        assert len(s.record.actions) == 1
        await act(pilot, Action("dragon", region))
        assert screen.view.regions[region].count("base:dragon") == 1


async def test_heroes_are_placed_with_their_key_before_redeployment_ends() -> None:
    s = session(races=["ratmen"], powers=["heroic"])
    app = SmallWorldApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await act(pilot, Action("pick", 0))
        screen = game_screen(app)
        for _ in range(2):
            await act(pilot, first(screen.view.legal, "conquer"))
        await act(pilot, Action("end_conquest"))
        await act(pilot, max((a for a in screen.view.legal if a.kind == "deploy"),
                             key=lambda a: a.count))
        assert "H Hero" in status(app)
        assert "all tokens placed, but" in status(app) and "Hero" in status(app)
        await pilot.press("e")
        await settle(pilot)
        assert "Heroes" in notices(app)  # the engine says why redeployment cannot end
        for _ in range(2):
            await act(pilot, first(screen.view.legal, "hero"))
        assert sum(r.count("base:hero") for r in screen.view.regions) == 2


async def test_decline_asks_first() -> None:
    s = session(**DWARVES)
    advance(s, lambda s: any(a.kind == "decline" for a in s.view(s.state.actor).legal))
    app = SmallWorldApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await dismiss_modals(pilot)
        await pilot.press("d")
        await settle(pilot)
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert s.record.actions[-1] != Action("decline")
        await act(pilot, Action("decline"))
        assert any(e.kind == "declined" and e.seat == 0 for e in s.log)


async def test_help_lists_the_keys_of_the_phase() -> None:
    app = SmallWorldApp(session(**DWARVES))
    async with app.run_test(size=SIZE) as pilot:
        await act(pilot, Action("pick", 0))
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        keys = dict(app.screen.keys)
        assert keys["e"] == "End conquest" and "0–5" not in keys
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, HelpScreen)


async def test_berserk_roll_shows_the_die_and_lowers_the_costs_shown() -> None:
    s = session(races=["ratmen"], powers=["berserk"], dice=[2])
    app = SmallWorldApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await act(pilot, Action("pick", 0))
        screen = game_screen(app)
        before = dict(screen.view.costs)
        await pilot.press("b")
        await settle(pilot)
        assert isinstance(app.screen, DieScreen)
        assert "costs 2 tokens less" in text_of(app.screen.query_one("#die-text", Static))
        await pilot.press("space")
        await settle(pilot)
        assert "Berserk roll 2" in status(app)
        labels = {r: m.label for r, m in screen.map_view._marks.items() if m.kind == "target"}
        assert labels and all(label == f"{max(1, before[r] - 2)}t"
                              for r, label in labels.items())


async def test_diplomat_names_an_ally_at_the_end_of_the_turn() -> None:
    s = session(races=["ratmen"], powers=["diplomat"])
    app = SmallWorldApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await act(pilot, Action("pick", 0))
        screen = game_screen(app)
        await act(pilot, first(screen.view.legal, "conquer"))
        await act(pilot, Action("end_conquest"))
        await act(pilot, max((a for a in screen.view.legal if a.kind == "deploy"),
                             key=lambda a: a.count))
        await act(pilot, Action("end_redeploy"))
        assert "n Name ally" in status(app)
        await act(pilot, Action("ally", 1))
        assert any(e.kind == "ally_named" and e["ally"] == 1 for e in s.log)


async def test_the_decline_menu_warns_that_the_older_declined_race_leaves() -> None:
    s = session(**DWARVES)

    def second_decline(s: GameSession) -> bool:
        view = s.view(s.state.actor)
        return any(a.kind == "decline" for a in view.legal) and any(
            a.declined for a in view.armies_of(view.actor))

    advance(s, second_decline, prefer=("decline", Action("pick", 0)))
    old = next(a for a in s.view(s.state.actor).armies_of(s.state.actor) if a.declined)
    app = SmallWorldApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await dismiss_modals(pilot)
        await pilot.press("d")
        await settle(pilot)
        menu = app.screen
        assert isinstance(menu, ChoiceScreen)
        warning = text_of(menu.query_one("#choice-warning", Static))
        assert f"Your declined {display_name('race', old.race)} leave the map" in warning
        count = len(s.record.actions)
        await pilot.press("escape")
        await settle(pilot)
        assert len(s.record.actions) == count  # a look at the warning sends nothing


async def test_the_footer_rebuilds_its_keys_only_when_they_change() -> None:
    app = SmallWorldApp(session(**DWARVES), pass_screens=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        footer = screen.query_one(KeyFooter)
        layouts = []
        refresh = footer.refresh

        def counted(*args: object, **kwargs: object) -> KeyFooter:
            layouts.append(kwargs.get("layout", False))
            return refresh(*args, **kwargs)  # type: ignore[arg-type]

        footer.refresh = counted  # type: ignore[method-assign]
        before = footer_keys(screen)
        assert "Pick" in [k.description for k in before]
        screen.refresh_bindings()  # nothing the footer shows changed: no new layout
        await settle(pilot)
        assert footer_keys(screen) == before and not any(layouts)
        await act(pilot, Action("pick", 0))  # a new phase, new keys: drawn again
        after = footer_keys(screen)
        assert "End conquest" in [k.description for k in after] and layouts
        # the screen is laid out again only when the footer's height changes
        width = footer.content_region.width
        assert any(layouts) == (len(arrange(after, width)) != len(arrange(before, width)))


async def test_a_change_of_phase_repaints_the_map_only_where_it_changed() -> None:
    s = session(**DWARVES)
    app = SmallWorldApp(s, pass_screens=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await act(pilot, Action("pick", 0))
        await act(pilot, first(s.view(0).legal, "conquer"))
        screen = game_screen(app)
        assert screen.map_view.has_focus
        whole: list[object] = []
        refresh = screen.map_view.refresh

        def counted(*regions: object, **kwargs: object) -> MapView:
            if not regions:
                whole.append(kwargs)
            return refresh(*regions, **kwargs)  # type: ignore[arg-type]

        screen.map_view.refresh = counted  # type: ignore[method-assign]
        await act(pilot, Action("end_conquest"))  # conquest -> redeployment, still the map
        assert s.view(0).phase == "redeploy" and screen.map_view.has_focus
        assert not whole  # focusing the focused map again used to repaint all of it
