"""The game screen uses the terminal: the map grows with it, and at 80×24 nothing essential
is cut — the prompt, the cost under the cursor, the footer's keys, both races of every
player — in English and in Japanese."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import ClassVar

import pytest
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.geometry import Region
from textual.screen import Screen
from textual.widget import Widget

from smallworld_tui.engine import Record
from smallworld_tui.engine.view import SPECTATOR
from smallworld_tui.i18n import set_language
from smallworld_tui.session import GameSession
from smallworld_tui.ui.app import SmallWorldApp
from smallworld_tui.ui.widgets.combo_column import ComboColumn
from smallworld_tui.ui.widgets.combo_details import ComboDetails
from smallworld_tui.ui.widgets.key_footer import KeyFooter, arrange, footer_keys
from smallworld_tui.ui.widgets.players_panel import race_lines
from smallworld_tui.ui.widgets.status_line import status_text
from smallworld_tui.ui.wrap import fold_lines
from ui.driver import advance, dismiss_modals, game_screen, settle

SIZES = [(80, 24), (120, 40), (160, 50), (200, 60)]


def shown(widget: Widget) -> list[str]:
    """The lines a widget draws (borders included)."""
    width, height = widget.outer_size
    return [strip.text for strip in widget.render_lines(Region(0, 0, width, height))]


def squeezed(text: str) -> str:
    return "".join(text.split())


def midgame() -> GameSession:
    """Five players with long names, two of them with a declined race, one conquering."""
    s = GameSession(Record(players=["Amelia", "Benedict", "Caroline", "Dorothea", "Eleanor"],
                           map="base-5p", seed=3))
    advance(s, lambda s: sum(a.declined for a in s.view(SPECTATOR).armies) >= 2
            and s.view(SPECTATOR).phase == "conquer", seed=2, prefer=("decline",))
    return s


@pytest.fixture(params=["en", "ja"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    set_language(request.param)
    yield request.param
    set_language(None)


async def test_nothing_essential_is_cut_at_80x24(language: str) -> None:
    s = midgame()
    app = SmallWorldApp(s, pass_screens=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        view = screen.view
        # the prompt, whole
        status = squeezed("".join(shown(screen.query_one("#status"))))
        assert squeezed(status_text(view).plain) in status
        # the cost of the region under the cursor
        target = min(view.costs)
        screen.map_view.cursor = target
        await settle(pilot)
        region_line = "".join(shown(screen.query_one("#region-info")))
        assert squeezed(f"{view.costs[target]}") in squeezed(region_line.split("·")[1])
        # every key of the footer
        footer = "\n".join(shown(screen.query_one(KeyFooter)))
        for key in footer_keys(screen):
            assert f"{key.display} {key.description}" in footer
        # both races of every player, with their numbers
        players = "\n".join(shown(screen.query_one("#players")))
        for seat in range(len(view.names)):
            for race in race_lines(view, seat):
                assert race.name[:3] in players and race.numbers in players, race


async def test_the_map_grows_with_the_terminal() -> None:
    s = midgame()
    drawn = []
    for size in SIZES:
        app = SmallWorldApp(s, pass_screens=False)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            layout = game_screen(app).map_view._layout
            assert layout is not None
            drawn.append((layout.width, layout.height))
    assert all(a[0] < b[0] and a[1] <= b[1] for a, b in itertools.pairwise(drawn))
    width, _height = drawn[-1]
    assert width >= 0.6 * SIZES[-1][0]  # at 200×60 the map takes most of the width


async def test_the_legend_toggles_and_the_help_shows_it_whole() -> None:
    from smallworld_tui.ui.screens.help import HelpScreen

    app = SmallWorldApp(midgame(), pass_screens=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        legend = screen.query_one("#legend")
        assert not legend.display  # 40 rows: the map keeps the room until asked
        await pilot.press("g")
        await settle(pilot)
        text = "\n".join(shown(screen.query_one("#legend-text")))
        assert legend.display and "Monster" not in text  # the base game: no Monsters
        assert "Lost Tribe" in text and "Forest" in text
        await pilot.press("f1", "g")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen) and app.screen.tab == "legend"


async def test_combo_rules_show_only_while_picking() -> None:
    from smallworld_tui.engine import Action
    from ui.driver import act, session

    app = SmallWorldApp(session(), pass_screens=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = game_screen(app)
        details = screen.query_one("#combo-details")
        assert details.display and details.has_class("-pick")
        await act(pilot, Action("pick", 0))
        assert not details.display  # no stale combo once it is picked


@pytest.mark.parametrize("picker", [0, 1])
async def test_over_ssh_the_combo_rules_show_to_the_picker_and_the_log_to_the_others(
        picker: int) -> None:
    from ui.driver import TableWatch

    s = GameSession.new(["Amy", "Ben"], seed=3)
    advance(s, lambda g: g.actor == picker and g.view(picker).phase == "pick")
    app = TableWatch(s)  # Amy's terminal, 30 rows: the rules take the log's place
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        details, log = screen.query_one("#combo-details"), screen.query_one("#log")
        assert (details.display, log.display) == ((True, False) if picker == 0
                                                  else (False, True))
        column = screen.query_one(ComboColumn)
        column.highlighted = 2  # browsing the combos (a click, say)
        await settle(pilot)
        assert details.display == (picker == 0)
        assert screen.query_one(ComboDetails).shown == (column.combos[2] if picker == 0
                                                        else None)


class ManyKeys(Screen[None]):
    """A screen whose keys are one, or eight long ones that take three footer lines."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(key, f"press('{key}')", f"Key {key} with a long description")
        for key in "abcdefgh"]
    many = False

    def compose(self) -> ComposeResult:
        yield KeyFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.many or action != "press" or parameters[0] == "a"

    def action_press(self, key: str) -> None:
        """Nothing: only the footer matters here."""


async def test_the_footer_grows_and_shrinks_with_its_keys() -> None:
    class Keys(App[None]):
        def on_mount(self) -> None:
            self.push_screen(ManyKeys())

    app = Keys()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ManyKeys)
        footer = screen.query_one(KeyFooter)
        assert footer.size.height == 1
        screen.many = True
        screen.refresh_bindings()
        await settle(pilot)
        await settle(pilot)
        assert footer.size.height == 3
        assert "Key f with a long description" in "\n".join(shown(footer))
        screen.many = False
        screen.refresh_bindings()
        await settle(pilot)
        await settle(pilot)
        assert footer.size.height == 1


async def test_the_board_stays_put_when_the_prompt_needs_a_second_line() -> None:
    """The prompt always takes two lines: were it to grow and shrink with its text, the
    board would move (and be drawn again whole) as players' turns start and end."""
    s = GameSession(Record(players=["Amelia", "Benedict", "Caroline"], map="base-3p", seed=5))
    app = SmallWorldApp(s, pass_screens=False)
    chooser = random.Random(4)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        status = screen.query_one("#status")
        lines, places = set(), set()
        for _ in range(60):
            await dismiss_modals(pilot)
            text = status_text(screen.view, screen._blocker(screen.view))
            lines.add(len(fold_lines(text, status.content_region.width)))
            places.add((screen.map_view.region.y, status.region.height))
            s.apply(chooser.choice(s.view(s.state.actor).legal))
        assert lines == {1, 2}  # prompts of one line and of two were shown
        assert places == {(2, 2)}  # and the map never moved (the footer may grow under it)


async def test_the_map_never_moves_when_the_keys_need_a_second_footer_line() -> None:
    """At 80×24 the keys of a conquest or a redeployment often take two lines: the footer
    keeps room for them, so the map is never laid out again mid-turn (regions 20 and 21 of
    the 2-player map swapped sides when it was)."""
    s = GameSession(Record(players=["Amelia", "Benedict"], map="base-2p", seed=5))
    app = SmallWorldApp(s, pass_screens=False)
    chooser = random.Random(4)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        footer = screen.query_one(KeyFooter)
        lines, maps = set(), set()
        for _ in range(40):
            await dismiss_modals(pilot)
            lines.add(len(arrange(footer_keys(screen), footer.content_region.width)))
            layout = screen.map_view._layout
            maps.add((screen.map_view.region, layout.scales if layout else None))
            s.apply(chooser.choice(s.view(s.state.actor).legal))
        assert lines == {1, 2}  # keys of one line and of two were shown
        assert len(maps) == 1  # and the map stayed where it was, drawn the same


@pytest.mark.parametrize("width", [20, 27, 40])
def test_a_combo_line_shortens_the_name_never_the_numbers(width: int) -> None:
    from smallworld_tui.engine.market import ComboView
    from smallworld_tui.ui.widgets.combo_column import ComboPrompt

    combo = ComboView(2, "skeletons", "dragon_master", coins=12, tokens=10, price=5)
    line = ComboPrompt(combo, affordable=True).line(width)
    assert line.cell_len == width
    assert line.plain.startswith("5¢ Dragon") and line.plain.endswith(" 10t +12¢")
    name = line.plain[3:-9].rstrip()
    assert name == "Dragon Master Skeletons" or (name.endswith("…") and len(name) < 23)
    none = ComboPrompt(ComboView(0, "trolls", "flying", coins=0, tokens=9, price=0), False)
    assert none.line(width).plain.endswith(" 9t    ")  # room kept for coins: numbers align
