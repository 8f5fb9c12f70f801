"""Small World Underground on every surface of the app: rivers, chasms, monsters, Black
Mountains and items drawn and explained by the legend; items held in the players panel;
item actions in menus and the palette; the new-game screen's game choice, mixed games too."""

from __future__ import annotations

from scenario import UG_TEST_MAP, begin_turn, give, scenario
from textual.geometry import Region
from textual.widget import Widget

from smallworld_tui.engine import Action, Record
from smallworld_tui.session import GameSession
from smallworld_tui.ui.app import SmallWorldApp
from smallworld_tui.ui.screens.action_commands import palette_entries
from smallworld_tui.ui.screens.choice import ChoiceScreen
from smallworld_tui.ui.screens.game import GameScreen
from smallworld_tui.ui.screens.new_game import maps_for
from smallworld_tui.ui.widgets.legend import legend_entries
from smallworld_tui.ui.widgets.map_view import label_parts
from smallworld_tui.ui.widgets.status_line import status_text
from ui.driver import game_screen, settle
from ui.keyboard import Keyboard

SIZE = (120, 40)


def ug_session(seed: int = 4) -> GameSession:
    """A game on the small Underground test map (15 regions: 0 chasm and volcano, 1 mine
    and lair, 2/7/12 the river, 6 and 9 Black Mountains, 9 and 11 lairs, 14 a chasm)."""
    return GameSession(Record(players=["Amy", "Ben"], map=UG_TEST_MAP, seed=seed,
                              game="underground"))


def shown(widget: Widget) -> str:
    width, height = widget.outer_size
    return "\n".join(s.text for s in widget.render_lines(Region(0, 0, width, height)))


async def test_the_map_draws_rivers_chasms_monsters_and_black_mountains() -> None:
    s = ug_session()
    view = s.view(0)
    parts = {r: [text for text, _role in label_parts(view.map, r, view, None)]
             for r in range(len(view.map.regions))}
    assert "M2" in parts[1] and "M2" in parts[9]  # two Monsters on each lair
    assert "V" in "".join(parts[0])  # the volcano site on the chasm
    assert "^" in "".join(parts[6])  # the Black Mountain marker
    app = SmallWorldApp(s, pass_screens=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        drawing = shown(game_screen(app).map_view)
        assert "~" in drawing and "x" in drawing and "M2" in drawing


def test_the_legend_explains_every_glyph_of_the_game() -> None:
    view = ug_session().view(0)
    meanings = {meaning for _sample, meaning in legend_entries(view)}
    samples = {sample.plain.strip() for sample, _meaning in legend_entries(view)}
    for name in ("River", "Abysmal Chasm", "Black Mountain", "Monster", "Volcano site",
                 "a relic", "a place", "an item face down"):
        assert name in meanings, name
    terrain_glyphs = {"~", "x", "^", "$", "*", "%", '"'}
    assert terrain_glyphs <= samples


async def test_taking_a_lair_reveals_an_item_shown_on_the_map_and_held_by_the_player() -> None:
    s = ug_session()
    app = SmallWorldApp(s, pass_screens=False)
    async with app.run_test(size=SIZE) as pilot:
        keyboard = Keyboard(pilot)
        await keyboard.pick(0)
        await keyboard.region(1)  # the lair next to the edge: "1" then Enter
        screen = keyboard.screen
        items = screen.view.regions[1].items
        assert items == ("underground:stonehedge",)
        label = [text for text, _role in label_parts(screen.view.map, 1, screen.view, None)]
        assert "[" in label  # a place
        assert "Stonehedge" in shown(screen.query_one("#players"))
        assert "Stonehedge" in shown(screen.query_one("#region-info"))


async def test_item_actions_are_in_the_other_actions_menu_and_the_palette() -> None:
    g = scenario(game="underground", map_name=UG_TEST_MAP, players=2)
    give(g, 0, "ogres", "tomb", {5: 3})
    g.reveal_item("underground:flying_doormat", 5)
    begin_turn(g, 0)
    s = ug_session()
    s.state = g  # this exact position (no file: nothing is saved)
    app = SmallWorldApp(s, pass_screens=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        screen.redraw()
        labels = [label for label, _action in palette_entries(screen.view)]
        assert "Ready The Flying Doormat for the next conquest" in labels
        await pilot.press("o")
        await settle(pilot)
        menu = app.screen
        assert isinstance(menu, ChoiceScreen)
        assert [value for _label, value in menu.choices] == [Action("doormat")]
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert any(e.kind == "item_readied" for e in s.log)


def test_the_prompt_asks_to_send_the_balrog_of_a_pentacle_just_found() -> None:
    g = scenario(game="underground", map_name=UG_TEST_MAP, players=2)
    give(g, 0, "ogres", "stone", {5: 1}, hand=3)  # the Monsters' lair next door costs 3
    g.hidden[0] = "underground:wickedest_pentacle"  # on top of the face-down pile
    begin_turn(g, 0)
    s = ug_session()
    s.state = g  # this exact position (no file: nothing is saved)
    s.apply(Action("conquer", 1))  # the Pentacle, found with the last tokens in hand
    prompt = status_text(s.view(0)).plain
    assert "first o: Send the Balrog into" in prompt and "e ends" not in prompt


async def test_the_new_game_screen_starts_a_mixed_game() -> None:
    """Underground's races, powers, monsters and items on the base game's map."""
    app = SmallWorldApp(seed=5)
    async with app.run_test(size=SIZE) as pilot:
        app.screen.query_one("#game").value = "underground@base"
        await settle(pilot)
        assert str(app.screen.query_one("#map").value) == "base-2p"
        await pilot.click("#start")
        await settle(pilot)
        screen = game_screen(app)
        assert screen.session.record.game == "underground"
        assert screen.session.record.map == "base-2p"
        assert any(r.neutral and r.race == "underground:monster" for r in screen.view.regions)


def test_the_new_game_screen_offers_the_underground_map_of_each_count_first() -> None:
    for players in range(2, 6):
        assert maps_for(players, "underground")[0] == f"underground-{players}p"
