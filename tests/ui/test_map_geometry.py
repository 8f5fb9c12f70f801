"""The map's geometry without a widget: box characters, scales that fill the space, label
places, the arrow keys' moves on every shipped map and every Warcraft board set, and typing a
region's number."""

from __future__ import annotations

import itertools
from collections import deque
from pathlib import Path

import pytest

from smallworld_tui.engine.board import list_maps, load_board_set, load_face, load_map
from smallworld_tui.engine.map_faces import board_rules, selections
from smallworld_tui.ui.region_entry import RegionEntry
from smallworld_tui.ui.widgets.map_geometry import (
    Compass,
    MapLayout,
    box_chars,
    choose_scales,
)

MAPS = list_maps()
ARROWS = {"right": (1, 0), "left": (-1, 0), "down": (0, 1), "up": (0, -1)}


def test_every_light_and_heavy_junction_has_a_box_character() -> None:
    table = box_chars()
    combos = [(u, r, d, left) for u in range(3) for r in range(3) for d in range(3)
              for left in range(3) if (u, r, d, left) != (0, 0, 0, 0)]
    assert all(c in table for c in combos)
    assert (table[(1, 1, 1, 1)], table[(2, 0, 2, 0)], table[(0, 2, 1, 0)]) == ("┼", "┃", "┍")


@pytest.mark.parametrize("map_name", MAPS)
def test_the_map_grows_with_the_space_it_is_given(map_name: str) -> None:
    """The 80×24, 120×40, 160×50 and 200×60 terminals' map areas: each larger one draws a
    larger map, which always fits (horizontal lines once there is room)."""
    board = load_map(map_name)
    areas = [(51, 21), (84, 36), (112, 46), (140, 56)]
    sizes = []
    for width, height in areas:
        layout = MapLayout(board, choose_scales(board, width, height))
        assert layout.width <= width and layout.height <= height
        sizes.append((layout.width, layout.height))
    assert all(a[0] < b[0] and a[1] < b[1] for a, b in itertools.pairwise(sizes))
    assert choose_scales(board, 140, 56).boxed
    # the large drawings fill most of the space in one direction at least
    width, height = sizes[-1]
    assert width >= 0.8 * 140 or height >= 0.8 * 56


def test_cells_stay_roughly_square() -> None:
    board = load_map("base-2p")
    for width, height in ((200, 20), (60, 60), (112, 46)):
        scales = choose_scales(board, width, height)
        assert 0.55 <= scales.x / (2 * scales.y) <= 1.8


def test_the_number_gets_a_row_of_its_own_when_there_is_room() -> None:
    board = load_map("base-2p")
    layout = MapLayout(board, choose_scales(board, 112, 46))
    pieces = layout.place(13, ["13", "A3", "3t", "*"])
    rows = {y for y, _x, text, index in pieces if index == 0}
    others = {y for y, _x, _text, index in pieces if index > 0}
    assert len(rows) == 1 and not rows & others
    assert {index for *_rest, index in pieces} == {-1, 0, 1, 2, 3}


def test_labels_avoid_the_rows_that_carry_a_border() -> None:
    """In the compact layout a region's last row is underlined (the border below): labels
    go above it when the region has another row."""
    board = load_map("base-5p")
    layout = MapLayout(board, choose_scales(board, 47, 21))
    assert not layout.scales.boxed
    for region in range(len(board.regions)):
        rows = layout.runs[region]
        clear = [y for y, run in rows.items() if not layout._underlined(y, run)]
        placed = {y for y, _x, _text, index in layout.place(region, [str(region)])
                  if index == 0}
        if clear and placed:
            assert placed <= set(clear) or all(
                rows[y][1] < len(str(region)) for y in clear), region


# --- arrows --------------------------------------------------------------------------

def _sides(board_name: str) -> dict[tuple[int, tuple[int, int]], set[int]]:
    """For each region and arrow: the regions that touch it on that side in the grid."""
    board = load_map(board_name)
    out: dict[tuple[int, tuple[int, int]], set[int]] = {}
    grid = board.grid
    for r, row in enumerate(grid):
        for c, region in enumerate(row):
            if region < 0:
                continue
            for dx, dy in ARROWS.values():
                if 0 <= r + dy < len(grid) and 0 <= c + dx < len(row):
                    other = grid[r + dy][c + dx]
                    if other not in (region, -1):
                        out.setdefault((region, (dx, dy)), set()).add(other)
    return out


@pytest.mark.parametrize("map_name", MAPS)
def test_arrows_lead_to_a_region_that_way(map_name: str) -> None:
    """An arrow leads to a region lying that way from the region's centre (within 72°), or
    else (a sprawling region) to a neighbour touching it on that side."""
    board = load_map(map_name)
    compass = Compass(board)
    sides = _sides(map_name)
    cells: dict[int, list[tuple[float, float]]] = {}
    for r, row in enumerate(board.grid):
        for c, region in enumerate(row):
            cells.setdefault(region, []).append((c + 0.5, r + 0.5))
    for region in range(len(board.regions)):
        cx, cy = compass.anchors[region]
        for dx, dy in ARROWS.values():
            target = compass.move(region, dx, dy)
            if target is None:
                continue
            assert target != region
            assert target in sides.get((region, (dx, dy)), set()) or any(
                (x - cx) * dx + (y - cy) * dy > 0
                       and abs((x - cx) * dy - (y - cy) * dx) <= 3 * ((x - cx) * dx
                                                                      + (y - cy) * dy)
                       for x, y in cells[target]), (region, (dx, dy), target)


@pytest.mark.parametrize("map_name", MAPS)
def test_arrows_never_skip_a_neighbour(map_name: str) -> None:
    """From a region with neighbours on a side, that arrow leads to one of its
    neighbours: it never jumps over a region to a farther one."""
    board = load_map(map_name)
    compass = Compass(board)
    for (region, (dx, dy)), touching in _sides(map_name).items():
        target = compass.move(region, dx, dy)
        assert target in board.regions[region].neighbors, (region, (dx, dy), target)
        assert touching


@pytest.mark.parametrize("map_name", MAPS)
def test_arrows_reach_every_region_from_every_region(map_name: str) -> None:
    board = load_map(map_name)
    compass = Compass(board)
    count = len(board.regions)
    for start in range(count):
        seen = {start}
        todo = deque([start])
        while todo:
            region = todo.popleft()
            for dx, dy in ARROWS.values():
                target = compass.move(region, dx, dy)
                if target is not None and target not in seen:
                    seen.add(target)
                    todo.append(target)
        assert len(seen) == count, (start, set(range(count)) - seen)


def test_arrows_on_the_two_player_map() -> None:
    """base-2p: Farmland 13 has Mountain 19 on its right, Forest 12 above, Hill 14 below,
    the Lake 7 on its left; Farmland 1's right is Hill 6, and above Hill 6 is Mountain 5."""
    compass = Compass(load_map("base-2p"))
    assert [compass.move(13, *ARROWS[a]) for a in ("right", "up", "down", "left")] == [
        19, 12, 14, 7]
    assert compass.move(1, *ARROWS["right"]) == 6
    assert compass.move(6, *ARROWS["up"]) == 5
    assert compass.move(0, *ARROWS["up"]) is None  # the top edge: the cursor stays


# --- typing a region's number --------------------------------------------------------

def test_a_number_no_longer_number_starts_with_is_chosen_at_once() -> None:
    entry = RegionEntry(23)  # regions 0-22
    assert entry.type("7") == (7, True) and entry.digits == ""
    assert entry.type("0") == (0, True)
    assert entry.type("1") == (1, False) and entry.digits == "1"
    assert entry.type("4") == (14, True) and entry.digits == ""
    assert entry.type("2") == (2, False)
    assert entry.type("2") == (22, True)


def test_a_digit_that_makes_no_region_starts_a_new_number() -> None:
    entry = RegionEntry(48)  # regions 0-47
    assert entry.type("4") == (4, False)
    assert entry.type("9") == (9, True)  # there is no region 49
    assert entry.type("5") == (5, True)  # 50 and more do not exist either


def test_erasing_and_clearing_the_number() -> None:
    entry = RegionEntry(48)
    entry.type("3")
    assert entry.region() == 3
    entry.back()
    assert entry.digits == "" and entry.region() is None
    entry.type("2")
    entry.clear()
    assert entry.digits == ""
    with pytest.raises(ValueError):
        entry.type("x")


@pytest.mark.parametrize("map_name", MAPS)
def test_every_region_can_be_typed(map_name: str) -> None:
    """Each region's number, typed digit by digit (then Enter if it is still waiting),
    names that region and no other on the way."""
    count = len(load_map(map_name).regions)
    for region in range(count):
        entry = RegionEntry(count)
        results = [entry.type(d) for d in str(region)]
        *before, (last, complete) = results
        assert last == region
        assert not any(done for _r, done in before)
        assert complete or entry.region() == region


def warcraft_board_sets() -> list[tuple[str, ...]]:
    """Every legal Warcraft board set, for every player count (224)."""
    rules = board_rules("warcraft")
    assert rules is not None
    faces = [load_face(path.stem, "warcraft").faces[0]
             for path in sorted((Path(__file__).parents[2] / "maps" / "warcraft").glob("*.map"))]
    return [tuple(face.name for face in chosen)
            for players in sorted(rules.counts)
            for alternative in sorted({False, players in rules.alternative})
            for chosen in selections(rules, players, faces, alternative)]


def _reached(moves: dict[int, set[int]], start: int) -> set[int]:
    seen, todo = {start}, deque([start])
    while todo:
        for target in moves[todo.popleft()] - seen:
            seen.add(target)
            todo.append(target)
    return seen


def test_every_warcraft_board_set_fits_80x24_and_arrows_reach_every_island() -> None:
    """The map's share of 80×24 (51×21) holds every board set, and the arrows lead from
    every region to every other, across the sea between islands."""
    sets = warcraft_board_sets()
    assert len(sets) > 100
    for faces in sets:
        board = load_board_set(faces, "warcraft")
        layout = MapLayout(board, choose_scales(board, 51, 21))
        assert layout.width <= 51 and layout.height <= 21, faces
        compass = Compass(board)
        regions = range(len(board.regions))
        moves = {r: {t for dx, dy in ARROWS.values()
                     if (t := compass.move(r, dx, dy)) is not None} for r in regions}
        back: dict[int, set[int]] = {r: set() for r in regions}
        for region, targets in moves.items():
            for target in targets:
                back[target].add(region)
        assert _reached(moves, 0) == set(regions) == _reached(back, 0), faces
