"""The map widget: cursor keys, choosing by key and mouse, labels, borders, NO_COLOR.
(The geometry alone — scales, label places, arrow moves — is in test_map_geometry.py.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from scenario import give, scenario
from textual.app import App, ComposeResult

from smallworld_tui.engine import PlayerView, view
from smallworld_tui.engine.board import Map, compose_map, list_maps, load_map
from smallworld_tui.ui.palette import seat_letters
from smallworld_tui.ui.widgets.map_view import MapView, Mark

# base-2p regions used below: 12 Forest (above 13), 13 Farmland, 14 Hill (below 13),
# 7 Lake (left of 13), 19 Mountain (right of 13).
BOX = {chr(c) for c in range(0x2500, 0x2580)}


def position(tokens: int = 3) -> PlayerView:
    """Seat 0 (Amy) holds region 13 with 3 tokens, seat 1 (Ben) a declined region 19."""
    g = scenario(players=2, seed=1)
    give(g, 0, "elves", "hill", {13: tokens})
    give(g, 1, "orcs", "commando", {19: 2}, declined=True)
    return view(g, 0)


class MapApp(App[None]):
    CSS = "MapView { width: 1fr; height: 1fr; }"

    def __init__(self, map_name: str | Map = "base-2p", state: PlayerView | None = None,
                 marks: dict[int, Mark] | None = None) -> None:
        super().__init__()
        self.board = load_map(map_name) if isinstance(map_name, str) else map_name
        self.state = state
        self.marks = marks
        self.chosen: list[int] = []
        self.highlighted: list[int] = []

    def compose(self) -> ComposeResult:
        yield MapView(self.board)

    def on_mount(self) -> None:
        if self.state is not None:
            self.query_one(MapView).show(self.state, self.marks)

    def on_map_view_region_chosen(self, message: MapView.RegionChosen) -> None:
        self.chosen.append(message.region)

    def on_map_view_region_highlighted(self, message: MapView.RegionHighlighted) -> None:
        self.highlighted.append(message.region)


def screen_text(map_view: MapView) -> list[str]:
    return [map_view.render_line(y).text for y in range(map_view.size.height)]


def spots(map_view: MapView, region: int) -> list[tuple[int, int]]:
    """Every visible (x, y) drawn as part of ``region``."""
    width, height = map_view.size
    return [(x, y) for y in range(height) for x in range(width)
            if map_view.region_at(x, y) == region]


def region_text(map_view: MapView, region: int) -> str:
    """The characters drawn inside a region, row by row."""
    lines = screen_text(map_view)
    rows: dict[int, str] = {}
    for x, y in spots(map_view, region):
        rows[y] = rows.get(y, "") + lines[y][x]
    return "\n".join(rows[y] for y in sorted(rows))


async def test_arrows_and_hjkl_move_to_the_neighbour_in_that_direction() -> None:
    app = MapApp()
    async with app.run_test(size=(80, 24)) as pilot:
        map_view = app.query_one(MapView)
        map_view.focus()
        map_view.cursor = 13
        for key, expected in (("right", 19), ("left", 13), ("up", 12), ("down", 13),
                              ("down", 14), ("k", 13), ("h", 7), ("l", 12), ("j", 13)):
            await pilot.press(key)
            assert map_view.cursor == expected, key
        assert app.highlighted[-1] == 13


async def test_enter_and_space_choose_the_cursor_region() -> None:
    app = MapApp()
    async with app.run_test(size=(80, 24)) as pilot:
        map_view = app.query_one(MapView)
        map_view.focus()
        map_view.cursor = 13
        await pilot.press("enter", "right", "space")
        assert app.chosen == [13, 19]


async def test_a_click_chooses_the_region_under_the_mouse() -> None:
    app = MapApp(state=position())
    async with app.run_test(size=(80, 24)) as pilot:
        map_view = app.query_one(MapView)
        for region in (7, 19):
            x, y = spots(map_view, region)[0]
            await pilot.click(MapView, offset=(x, y))
            assert app.chosen[-1] == region
            assert map_view.cursor == region
        assert map_view.region_at(-1, -1) is None


async def test_hover_highlights_the_region_and_explains_it() -> None:
    app = MapApp(state=position())
    async with app.run_test(size=(80, 24)) as pilot:
        map_view = app.query_one(MapView)
        x, y = spots(map_view, 13)[0]
        await pilot.hover(MapView, offset=(x, y))
        assert map_view.cursor == 13
        assert app.highlighted[-1] == 13
        assert "13" in str(map_view.tooltip)


async def test_labels_show_holders_and_the_cost_of_targets() -> None:
    state = position()
    app = MapApp(state=state, marks={13: Mark("target", "5t"), 19: Mark("final", "-2t")})
    async with app.run_test(size=(80, 24)):
        map_view = app.query_one(MapView)
        letters = seat_letters(state.names)
        assert letters == ["A", "B"]
        inside_13 = region_text(map_view, 13)
        assert "13" in inside_13 and "A3" in inside_13 and "5t" in inside_13
        inside_19 = region_text(map_view, 19)
        assert "b2" in inside_19 and "-2t" in inside_19  # declined: lowercase
        assert "5t" not in region_text(map_view, 12)


async def test_show_keeps_the_cursor_and_redraws_new_state() -> None:
    app = MapApp(state=position())
    async with app.run_test(size=(80, 24)):
        map_view = app.query_one(MapView)
        map_view.cursor = 12
        map_view.show(position(), {12: Mark("target", "4t")})
        assert map_view.cursor == 12
        assert "4t" in region_text(map_view, 12)
        map_view.show(position())
        assert "4t" not in region_text(map_view, 12)


async def test_borders_separate_regions_and_never_cross_one() -> None:
    app = MapApp()
    async with app.run_test(size=(80, 24)):
        map_view = app.query_one(MapView)
        lines = screen_text(map_view)
        inside = [(x, y) for y, line in enumerate(lines) for x in range(len(line))
                  if map_view.region_at(x, y) is not None]
        assert inside and all(lines[y][x] not in BOX for x, y in inside)
        # walking right from region 13 into region 19 crosses exactly one border character
        x, y = max(spots(map_view, 13))
        assert map_view.region_at(x + 1, y) is None
        assert lines[y][x + 1] in BOX
        assert map_view.region_at(x + 2, y) == 19


# the map's share of an 80×24 terminal: 80 less the side column (29), 24 less the prompt, the
# region line and the footer
SHARE_80X24 = (51, 19)


@pytest.mark.parametrize("map_name", list_maps())
async def test_every_map_fits_80x24_with_every_region_number(map_name: str) -> None:
    board = load_map(map_name)
    g = scenario(players=board.players, map_name=map_name, seed=3,
                 game=board.game)
    app = MapApp(map_name, state=view(g, 0))
    async with app.run_test(size=SHARE_80X24):
        map_view = app.query_one(MapView)
        width, height = SHARE_80X24
        assert map_view.virtual_size.width <= width and map_view.virtual_size.height <= height
        for region in range(len(app.board.regions)):
            assert str(region) in region_text(map_view, region), region


@pytest.mark.parametrize("faces", [["L1-A", "L2-B", "M1-A", "S1-B", "S2-A"],
                                   ["L1-B", "M1-B", "M2-A", "S2-B"]])
async def test_joined_board_faces_fit_80x24(faces: list[str]) -> None:
    """Islands side by side, every region number shown, no region drawn in the sea."""
    board = compose_map(faces, "warcraft", len(faces), 8, "warcraft")
    app = MapApp(board)
    async with app.run_test(size=SHARE_80X24):
        map_view = app.query_one(MapView)
        width, height = SHARE_80X24
        assert map_view.virtual_size.width <= width and map_view.virtual_size.height <= height
        for region in range(len(board.regions)):
            assert str(region) in region_text(map_view, region), region


async def test_no_color_still_shows_letters(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = MapApp(state=position(), marks={13: Mark("target", "5")})
    async with app.run_test(size=(80, 24)):
        map_view = app.query_one(MapView)
        assert "A3" in region_text(map_view, 13)
        assert "b2" in region_text(map_view, 19)
        segments = [s for y in range(map_view.size.height) for s in map_view.render_line(y)]
        label = next(s for s in segments if s.text == "A3")
        assert label.style is not None and label.style.bold
        assert label.style.color is None and label.style.bgcolor is None


def test_snapshot_base_5p_at_80x24(snap_compare: object) -> None:
    g = scenario(players=5, map_name="base-5p", seed=7)
    give(g, 0, "elves", "hill", {19: 3})
    give(g, 1, "orcs", "commando", {21: 2}, declined=True)
    state = view(g, 0)
    app = MapApp("base-5p", state=state,
                 marks={18: Mark("target", "3t"), 26: Mark("final", "-1t")})
    assert snap_compare(app, terminal_size=(80, 24))  # type: ignore[operator]


ISLES = """\
[map]
name = isles
game = underground
players = 2
turns = 8

[grid]
.. .. .. .. .. .. .. .. .. .. .. ..
.. Y0 Y0 Y0 R1 R1 .. C2 C2 C2 C2 ..
.. Y0 Y0 Y0 R1 R1 .. B3 B3 B3 B3 ..
.. .. .. .. .. .. .. .. .. .. .. ..

[regions]
Y0 0 mystic_crystal lair
R1 1 river
C2 2 chasm volcano
B3 3 black_mountain
"""


async def test_empty_cells_rivers_and_chasms(tmp_path: Path) -> None:
    path = tmp_path / "isles.map"
    path.write_text(ISLES, encoding="utf-8")
    app = MapApp(str(path))
    async with app.run_test(size=(60, 16)):
        map_view = app.query_one(MapView)
        lines = screen_text(map_view)
        drawn = {map_view.region_at(x, y) for y in range(map_view.size.height)
                 for x in range(map_view.size.width)}
        assert drawn == {None, 0, 1, 2, 3}
        # the sea between the islands is blank and belongs to no region
        x, y = max(spots(map_view, 1))
        assert lines[y][x + 1] in BOX and lines[y][x + 2] == " "
        assert map_view.region_at(x + 2, y) is None
        assert "~" in region_text(map_view, 1) and "x" in region_text(map_view, 2)
        assert "M" in region_text(map_view, 0) and "V" in region_text(map_view, 2)
        assert "^" in region_text(map_view, 3)  # the Black Mountain marker
        map_view.cursor = 1
        map_view.action_move(1, 0)
        assert map_view.cursor in (2, 3)


class TwoMaps(App[None]):
    """Two maps of one board side by side, as two terminals of a table draw it."""

    CSS = "MapView { width: 1fr; height: 1fr; }"

    def compose(self) -> ComposeResult:
        board = load_map("base-2p")
        yield MapView(board)
        yield MapView(board)


async def test_maps_share_drawn_rows_only_where_they_draw_the_same() -> None:
    from smallworld_tui.ui.widgets import map_view as module

    def drawn(m: MapView) -> list[list[object]]:
        return [list(m.render_line(y)) for y in range(m.size.height)]

    app = TwoMaps()
    async with app.run_test(size=(120, 30)) as pilot:
        first, second = app.query(MapView)
        assert first.size == second.size and first._layout is second._layout
        steps = [(3, {}, {}), (3, {13: Mark("target", "3t")}, {}),
                 (3, {}, {19: Mark("changed")}), (3, {12: Mark("own")}, {12: Mark("own")}),
                 (5, {12: Mark("own")}, {12: Mark("own")})]
        for cursor, (tokens, marks_a, marks_b) in zip([13, 19, 7, 14, 14], steps, strict=True):
            first.show(position(tokens), marks_a)
            second.show(position(tokens), marks_b)
            first.cursor = cursor
            await pilot.pause()
            warm = drawn(first), drawn(second)
            for m in (first, second):  # drawn again, nothing kept
                module._ROWS.clear()
                m._lines.clear()
            assert (drawn(first), drawn(second)) == warm
