"""The rough edges a newcomer met in their first hour (issue 26): each as they met it, at the
keyboard."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from textual.geometry import Region

from smallworld_tui.cli import main
from smallworld_tui.engine import Action, Record
from smallworld_tui.i18n import set_language
from smallworld_tui.session import GameSession
from smallworld_tui.ui.app import SmallWorldApp
from smallworld_tui.ui.screens.help import HelpScreen
from smallworld_tui.ui.widgets.combo_column import ComboColumn
from smallworld_tui.ui.widgets.legend import Legend, legend_entries
from smallworld_tui.ui.widgets.map_view import MapView
from smallworld_tui.ui.widgets.players_panel import PlayersPanel
from smallworld_tui.ui.widgets.rules_browser import RulesBrowser
from smallworld_tui.ui.widgets.team_panel import TeamPanel
from ui.driver import act, advance, game_screen, session, settle
from ui.test_layout import shown
from ui.test_turn_flow import DWARVES, SIZE, notices, status


def map_text(map_view: MapView) -> str:
    width, height = map_view.size
    return "\n".join(strip.text for strip in map_view.render_lines(Region(0, 0, width, height)))


async def test_a_number_waiting_for_a_digit_shows_on_the_map_and_the_prompt() -> None:
    """"1" on the 23 regions of the 2-player map waits (10 to 19 start with it): the prompt and
    the map say so, and Space or Enter takes region 1 at once, wherever the focus is."""
    s = session(**DWARVES)
    app = SmallWorldApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await act(pilot, Action("pick", 0))
        screen = game_screen(app)
        assert {1, 2} <= set(screen.view.costs)  # both within reach
        await pilot.press("1")
        await settle(pilot)
        prompt = status(app)
        assert "number 1_" in prompt and "Space or Enter chooses Farmland 1" in prompt
        assert "one more digit: 10–19" in prompt
        assert "1_" in map_text(screen.map_view)
        assert screen.map_view._entry_role(1) == "typed"
        assert {r for r in range(23) if screen.map_view._entry_role(r) == "longer"} == set(
            range(10, 20))
        await pilot.press("space")
        await settle(pilot)
        assert s.record.actions[-1] == Action("conquer", 1)
        assert "number" not in status(app) and "1_" not in map_text(screen.map_view)
        await pilot.press("2", "tab", "enter")  # the combo column focused: still region 2
        await settle(pilot)
        assert s.record.actions[-1] == Action("conquer", 2)


async def test_moving_the_cursor_drops_the_number_being_typed() -> None:
    s = session(**DWARVES)
    app = SmallWorldApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await act(pilot, Action("pick", 0))
        await pilot.press("1", "right")
        await settle(pilot)
        screen = game_screen(app)
        assert screen.entry.digits == "" and "number" not in status(app)
        assert screen.map_view.cursor != 1
        assert "1_" not in map_text(screen.map_view)


async def test_the_legend_in_a_short_terminal_scrolls_from_the_keyboard() -> None:
    app = SmallWorldApp(underground_session())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g")
        await settle(pilot)
        legend = game_screen(app).query_one(Legend)
        assert app.focused is legend and legend.max_scroll_y > 0  # more than fits
        await pilot.press("end")
        await settle(pilot)
        assert legend.scroll_y == legend.max_scroll_y > 0
        await pilot.press("g")
        await settle(pilot)
        assert isinstance(app.focused, MapView)


async def test_the_help_shows_the_legend_on_the_whole_screen() -> None:
    app = SmallWorldApp(underground_session())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1", "g")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.query_one("#legend-scroll").size.height >= 18  # was 8


def test_a_glyph_is_listed_once_in_the_legend() -> None:
    s = underground_session()
    glyphs = [sample.plain.strip() for sample, _meaning in legend_entries(s.view(0))]
    single = [g for g in glyphs if len(g) == 1]
    assert "^" in single and "V" in single
    assert len(single) == len(set(single)), single  # "^ Black Mountain" and its marker: once


def underground_session() -> GameSession:
    return GameSession.new(["Amy", "Ben", "Cai"], "underground-3p", 3, {}, game="underground")


async def test_a_key_that_does_nothing_now_says_why() -> None:
    s = session(**DWARVES)
    app = SmallWorldApp(s)
    said = {"7": "There is no combo 7: the combos are 0 to 5.",  # six combos: 0 to 5
            "o": "no other action now", "e": "it is not the time to conquer"}
    async with app.run_test(size=SIZE) as pilot:
        for key, why in said.items():
            await pilot.press(key)
            await settle(pilot)
            assert why in notices(app), key
        assert s.record.actions == []


async def test_a_notice_said_again_and_again_shows_once() -> None:
    app = SmallWorldApp(session(**DWARVES))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o", "o", "o")
        await settle(pilot)
        assert notices(app).count("no other action now") == 1


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_notices_lie_over_the_side_column_alone(size: tuple[int, int]) -> None:
    """A notice over the map and the side column lost the wide characters lying across their
    edge, and left the column at the right edge showing through."""
    app = SmallWorldApp(session(**DWARVES))
    async with app.run_test(size=size, notifications=True) as pilot:
        game_screen(app).notify("森2はすでに自分の地域です")
        await settle(pilot)
        await pilot.pause(0.3)
        (toast,) = game_screen(app).query("ToastRack Toast")  # (by CSS: no public class)
        side = game_screen(app).query_one("#side").region
        assert (toast.region.x, toast.region.right) == (side.x, side.right) == (
            side.x, size[0])


async def test_i_on_a_region_holding_an_item_opens_that_item() -> None:
    s = underground_session()
    advance(s, lambda s: any(r.items and r.army >= 0 for r in s.view(s.state.actor).regions),
            seed=1)
    app = SmallWorldApp(s, pass_screens=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        region = next(i for i, r in enumerate(screen.view.regions) if r.items and r.army >= 0)
        screen.map_view.focus()
        screen.map_view.cursor = region
        await pilot.press("i")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.query_one(RulesBrowser).shown[0] == screen.view.regions[region].items[0]


def team_game(names: list[str]) -> GameSession:
    return GameSession(Record(players=names, map="warcraft-4p", seed=3, game="warcraft",
                              options={"teams": True}))


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_team_panel_never_cuts_a_partners_coins(size: tuple[int, int]) -> None:
    s = team_game(["Player 1", "Player 2", "Player 3", "Player 4"])
    app = SmallWorldApp(s, pass_screens=False)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        lines = [line for line in shown(game_screen(app).query_one(TeamPanel)) if "¢" in line]
        assert len(lines) == 2
        for line in lines:
            assert line.count("¢") == 2 and "…" not in line, lines


async def test_the_players_panel_at_80_columns_keeps_the_players_names() -> None:
    s = team_game(["Player 1", "Player 2", "Player 3", "Player 4"])
    s.apply(Action("pick", 1))
    app = SmallWorldApp(s, pass_screens=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lines = shown(game_screen(app).query_one(PlayersPanel))
        assert any("▶P Player 1 4¢ Battle" in line for line in lines), lines


async def test_the_team_markets_columns_say_whose_they_are() -> None:
    """Prices start again at 0 in each faction's column: a heading names each, the viewer's
    own first, and the number before a combo picks the viewer's own combo of that price."""
    s = team_game(["Amy", "Ben", "Cai", "Dee"])
    s.apply(Action("pick", 0))  # Amy (Alliance) picks; Ben (Horde) is next
    for action in [Action("end_conquest"), Action("end_redeploy")]:
        while action not in s.view(s.state.actor).legal:
            s.apply(s.view(s.state.actor).legal[0])
        s.apply(action)
    assert s.state.actor == 1
    app = SmallWorldApp(s, pass_screens=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lines = shown(game_screen(app).query_one(ComboColumn))
        assert "Horde · yours to take" in lines[1], lines
        assert any("Alliance · the other team's" in line for line in lines), lines
        horde = [c for c in s.view(1).combos if c.column == "horde"]
        await pilot.press("0")
        await settle(pilot)
        assert s.record.actions[-1] == Action("pick", horde[0].slot)


def test_bot_levels_are_named_in_the_interfaces_language(
        monkeypatch: pytest.MonkeyPatch) -> None:
    names: list[list[str]] = []
    monkeypatch.setattr(SmallWorldApp, "run",
                        lambda app: names.append(list(app.session.record.players)))
    try:
        result = CliRunner().invoke(main, ["--lang", "ja", "play", "--bots", "normal,hard"])
    finally:
        set_language(None)
    assert result.exit_code == 0, result.output
    assert names == [["プレイヤー1", "CPU2（普通）", "CPU3（強い）"]]
