"""Map files: the parser and its problems, the model derived from the drawing (kinds, symbols,
edges, islands, masks), the four base boards against the official topology, and the `maps`
command. The shipped Underground boards are tested in test_maps_underground.py."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from shared_files import shared_json

from smallworld_tui.cli import main
from smallworld_tui.engine.board import (
    EMPTY,
    MAX_CHARACTERS,
    MAX_REGIONS,
    MapError,
    list_faces,
    list_maps,
    load_map,
    load_map_file,
    map_for_players,
    maps_dir,
    parse_map,
)
from smallworld_tui.engine.map_parser import EMPTY_CELL, _areas, _tokens

REPO = Path(__file__).parents[1]
BASE = [f"base-{n}p" for n in range(2, 6)]
UNDERGROUND = [f"underground-{n}p" for n in range(2, 6)]
COMPARED = ("terrain", "mountain", "mine", "magic", "cavern", "lost_tribe", "border",
            "at_board_edge", "coastal")

TINY = """\
# a test board
[map]
name = tiny
title = Tiny test map
players = 2
turns = 5

[grid]
S0 S0 F1 F1 F1 H2 H2
S0 P3 P3 F1 F1 H2 H2
S0 P3 L4 L4 F5 F5 H2
S0 P3 L4 L4 F5 F5 M6
S0 W7 W7 W7 W7 M6 M6

[regions]
S0 0 sea
F1 1 forest magic   # trailing comment
H2 2 hill mine
P3 3 farmland lost_tribe
L4 4 lake
F5 5 forest cavern
M6 6 mountain
W7 7 swamp mine lost_tribe
"""


def line_of(text: str, start: str) -> int:
    """1-based number of the last line of text that starts with start."""
    return max(i for i, line in enumerate(text.splitlines(), 1) if line.startswith(start))


def problems(text: str) -> list[tuple[int, int, str]]:
    with pytest.raises(MapError) as caught:
        parse_map(text, "t.map")
    return [(p.line, p.column, p.message) for p in caught.value.problems]


def test_tiny_map_derived_topology() -> None:
    m = parse_map(TINY)
    assert (m.name, m.title, m.players, m.turns) == ("tiny", "Tiny test map", 2, 5)
    assert [r.id for r in m.regions] == list(range(8))
    assert m.grid[2] == (0, 3, 4, 4, 5, 5, 2)
    assert m.adjacency() == [(0, 1), (0, 3), (0, 7), (1, 2), (1, 3), (1, 4), (1, 5), (2, 5),
                             (2, 6), (3, 4), (3, 7), (4, 5), (4, 7), (5, 6), (5, 7), (6, 7)]
    p3, l4, f5, w7 = m.regions[3], m.regions[4], m.regions[5], m.regions[7]
    assert not p3.at_board_edge and p3.border and p3.coastal  # on the shore of an edge sea
    assert not l4.at_board_edge and not l4.border and not l4.coastal and l4.water
    assert not f5.at_board_edge and not f5.border and f5.coastal  # the lake makes no border
    assert w7.at_board_edge and w7.border and w7.mine and w7.lost_tribe and not w7.magic
    assert m.regions[6].mountain and not m.regions[2].mountain
    assert p3.cells == ((1, 1), (1, 2), (2, 1), (3, 1))
    assert m.links == ()


@pytest.mark.parametrize("name", ["base-4p", "underground-4p"])
def test_masks_match_regions(name: str) -> None:
    m = load_map(name)
    for r in m.regions:
        assert r.bit == 1 << r.id
        assert m.neighbor_masks[r.id] == sum(1 << n for n in r.neighbors)
        for attr in ("border", "coastal", "mountain", "mine", "magic", "cavern", "lost_tribe",
                     "water"):
            assert bool(getattr(m, f"{attr}_mask") & r.bit) == getattr(r, attr)
        assert bool(m.edge_mask & r.bit) == r.at_board_edge
        assert m.terrain_mask(r.terrain) & r.bit and m.kind_mask(r.kind) & r.bit
        assert m.islands[r.island] & r.bit
        for symbol in r.symbols:
            assert m.symbol_mask(symbol) & r.bit
    assert m.all_mask == (1 << len(m.regions)) - 1
    kinds = [m.kind_mask(k) for k in ("land", "water", "river", "chasm")]
    assert sum(kinds) == m.all_mask and m.land_mask == kinds[0] and m.water_mask == kinds[1]
    assert m.islands == (m.all_mask,)


def test_links_add_borders() -> None:
    m = parse_map(TINY + "[links]\nF1 W7\n")
    assert m.links == ((1, 7),)
    assert 7 in m.regions[1].neighbors and (1, 7) in m.adjacency()
    assert m.neighbor_masks[7] >> 1 & 1


def test_shipped_maps() -> None:
    assert list_maps() == BASE + UNDERGROUND
    assert list_maps("base") == BASE and list_maps("underground") == UNDERGROUND
    assert maps_dir() == REPO / "maps" or (maps_dir() / "base-4p.map").is_file()
    assert [map_for_players(n) for n in range(2, 6)] == BASE
    assert [map_for_players(n, "underground") for n in range(2, 6)] == UNDERGROUND
    for n, name in enumerate(BASE + UNDERGROUND):
        board = load_map(name)
        assert (board.players, board.game) == (n % 4 + 2, name.split("-")[0])
    with pytest.raises(ValueError, match="the underground game has maps for 2 to 5 players"):
        map_for_players(6, "underground")
    assert load_map("base-3p") is load_map("base-3p")


@pytest.mark.parametrize("name", BASE)
def test_base_map_drawing(name: str) -> None:
    m = load_map(name)
    players = int(name[5])
    assert (m.name, m.players) == (name, players)
    height, width = len(m.grid), len(m.grid[0])
    assert width > height and width <= 32 and height <= 16
    assert m.links == ()
    for r in m.regions:
        assert len(r.cells) >= 6, r.code
        assert r.code[0] == "PFHWMSL"[("farmland", "forest", "hill", "swamp", "mountain", "sea",
                                       "lake").index(r.terrain)]


@pytest.mark.parametrize("name", BASE)
def test_base_map_matches_official_topology(name: str) -> None:
    ref = shared_json("maps-reference", f"{name}.json")
    ours = load_map(name).to_json()
    assert ours["players"] == ref["players"] and ours["turns"] == ref["turns"]
    assert len(ours["regions"]) == len(ref["regions"])
    for mine, theirs in zip(ours["regions"], ref["regions"], strict=True):
        assert mine["id"] == theirs["id"]
        assert {k: mine[k] for k in COMPARED} == {k: theirs[k] for k in COMPARED}, mine["id"]
        assert mine["neighbors"] == sorted(theirs["neighbors"])
    assert {frozenset(e) for e in ours["adjacency"]} == {frozenset(e) for e in ref["adjacency"]}


def test_to_json_shape() -> None:
    data = load_map("base-2p").to_json()
    assert set(data) == {"name", "title", "game", "faces", "players", "turns", "regions",
                         "adjacency"}
    assert set(data["regions"][0]) == {"id", "code", "terrain", "kind", "symbols", "island",
                                       "mountain", "mine", "magic", "cavern", "lost_tribe",
                                       "water", "border", "at_board_edge", "coastal",
                                       "neighbors"}
    assert (data["game"], data["faces"]) == ("base", [])
    assert json.loads(json.dumps(data)) == data
    region = next(r for r in data["regions"] if r["mine"] and r["lost_tribe"])
    assert region["symbols"] == ["lost_tribe", "mine"] and region["kind"] == "land"


def test_documented_example_parses() -> None:
    doc = (REPO / "docs" / "map-format.md").read_text(encoding="utf-8")
    example = re.search(r"## A complete example\n\n```ini\n(.*?)```", doc, re.S)
    assert example is not None
    m = parse_map(example.group(1))
    assert m.links == ((1, 7),)
    p3, f5 = m.regions[3], m.regions[5]
    assert p3.border and not p3.at_board_edge and f5.coastal and not f5.border


def test_documented_underground_example_parses() -> None:
    doc = (REPO / "docs" / "map-format.md").read_text(encoding="utf-8")
    example = re.search(r"## An Underground example with two islands\n\n```ini\n(.*?)```", doc,
                        re.S)
    assert example is not None
    m = parse_map(example.group(1))
    assert m.islands == (0b0101111, 0b1010000)
    assert [r.id for r in m.regions if r.border] == [1, 2, 3, 4, 5, 6]
    assert m.coastal_mask == 0b0101010 and m.mountain_mask == 0b0001000
    assert m.regions[0].neighbors == {1} and m.regions[0].at_board_edge


def edit(old: str, new: str) -> str:
    assert TINY.count(old) == 1, old
    return TINY.replace(old, new)


PROBLEMS = [
    (TINY + "[extras]\n", ("[extras]", 1), "unknown section [extras]"),
    (TINY + "[links\n", ("[links", 1), "bad section header"),
    (TINY + "[map]\n", ("[map]", 1), "section [map] appears twice (first at line 2)"),
    ("name = x\n" + TINY, ("name = x", 1), "text outside a section"),
    (edit("turns = 5\n", ""), ("[map]", 1), "[map] lacks the key 'turns'"),
    (edit("name = tiny\n", ""), ("[map]", 1), "[map] lacks the key 'name'"),
    (edit("players = 2", "players = two"), ("players", 11),
     "players must be a whole number from 2 to 5 for the base game, not 'two'"),
    (edit("players = 2", "players = 6"), ("players", 11),
     "players must be a whole number from 2 to 5 for the base game, not '6'"),
    (edit("turns = 5", "turns = -1"), ("turns", 9),
     "turns must be a whole number from 1 to 30 for a map, not '-1'"),
    (edit("turns = 5", "turns = 31"), ("turns", 9), "turns must be a whole number from 1 to 30"),
    (edit("turns = 5", "turns = 1" + "0" * 30), ("turns", 9),
     "turns must be a whole number from 1 to 30 for a map, not '10000000000000000000...'"),
    (edit("turns = 5", "turns = 5\ngame = chess"), ("game", 8),
     "unknown game 'chess' (known: base, underground, warcraft)"),
    (edit("turns = 5", "turns ="), ("turns", 8), "[map] key 'turns' has no value"),
    (edit("turns = 5", "turns 5"), ("turns", 1), "expected 'key = value'"),
    (edit("turns = 5", "turns = 5\nturns = 6"), ("turns = 6", 1), "given twice"),
    (edit("turns = 5", "turns = 5\ncolour = red"), ("colour", 1),
     "unknown [map] key 'colour' (known: name, title, game, players, turns, board, side)"),
    (edit("S0 P3 L4 L4 F5 F5 M6", "S0 P3 L4 L4 F5 F5"), ("S0 P3 L4 L4 F5 F5", 19),
     "ragged grid: this row has 6 cells, the first row has 7"),
    (edit("S0 P3 L4 L4 F5 F5 M6", "S0 P3 L4 L4 F5 F5 M6 M6"), ("S0 P3 L4 L4", 22),
     "ragged grid: this row has 8 cells, the first row has 7"),
    (edit("S0 P3 P3 F1 F1 H2 H2", "S0 P3 P3 F1 F1 H2 H"), ("S0 P3 P3 F1", 19),
     "bad cell 'H': expected a 2-character region code or .. for no region"),
    (edit("S0 P3 P3 F1 F1 H2 H2", "S0 P3 P3 F1 F1 H2 H!"), ("S0 P3 P3 F1", 19),
     "bad cell 'H!'"),
    (edit("S0 P3 P3 F1 F1 H2 H2", "S0 P3 P3 F1 Q9 H2 H2"), ("S0 P3 P3 F1", 13),
     "cell code 'Q9' is not listed in [regions]"),
    (TINY + "Z9 8 hill\n", ("Z9", 1), "region 'Z9' is not drawn in [grid]"),
    (edit("S0 S0 F1 F1 F1 H2 H2", "S0 S0 F1 F1 W7 H2 H2"), ("S0 W7 W7", 4),
     "region 'W7' is cut in pieces"),
    (edit("F5 5 forest cavern", "F5 5 jungle cavern"), ("F5 5", 6),
     "unknown terrain 'jungle' in the base game (known: farmland, forest, hill, swamp, "
     "mountain, sea, lake)"),
    (edit("F5 5 forest cavern", "F5 5 forest cavern gold"), ("F5 5", 20),
     "unknown symbol 'gold' in the base game (known: mine, magic, cavern, lost_tribe)"),
    (edit("F5 5 forest cavern", "F5 5 forest cavern cavern"), ("F5 5", 20),
     "symbol 'cavern' given twice"),
    (edit("L4 4 lake", "L4 4 lake mine"), ("L4 4", 11),
     "symbol 'mine' cannot be on a water region (lake): it goes on land"),
    (edit("F5 5 forest cavern", "F5 5 black_mountain"), ("F5 5", 6),
     "unknown terrain 'black_mountain' in the base game"),
    (TINY + "F5 8 hill\n", ("F5 8", 1), "duplicate region code 'F5'"),
    (edit("M6 6 mountain", "M6 5 mountain"), ("M6 5", 4), "duplicate region id 5"),
    (edit("W7 7 swamp", "W7 9 swamp"), ("W7 9", 4),
     "region id 9 out of range: the 8 regions must be numbered 0 to 7"),
    (edit("W7 7 swamp", "W7 x swamp"), ("W7 x", 4),
     "region id must be a non-negative integer, not 'x'"),
    (edit("L4 4 lake", "L4 4"), ("L4 4", 1), "expected 'CODE ID TERRAIN [SYMBOLS...]'"),
    (edit("W7 7 swamp", "W7 1234567890 swamp"), ("W7 1234567890", 4),
     "region id must be a non-negative integer, not '1234567890'"),
    (edit("S0 0 sea", "S 0 sea"), ("S 0", 1), "bad region code 'S'"),
    (TINY + "[links]\nF1 Q9\n", ("F1 Q9", 4), "link names an unknown region code 'Q9'"),
    (TINY + "[links]\nF1 F1\n", ("F1 F1", 4), "a link must join two different regions"),
    (TINY + "[links]\nF1 H2\n", ("F1 H2", 1), "F1 and H2 already share a side"),
    (TINY + "[links]\nF1 W7 M6\n", ("F1 W7", 1), "expected a link 'CODE CODE'"),
    (TINY + "[links]\nF1 W7\nW7 F1\n", ("W7 F1", 1), "duplicate link"),
    (TINY.split("[grid]")[0] + "[grid]\n[regions]\n", ("[grid]", 1), "the grid is empty"),
    (TINY.split("[grid]")[0] + "[grid]\n.. ..\n[regions]\n", ("[regions]", 1),
     "the map has no regions"),
    (edit("S0 S0 F1 F1 F1 H2 H2", "S0 S0 F1 F1 F1 H2 H2" + " H2" * 120), ("S0 S0 F1", 361),
     "the grid is too wide: at most 120 cells a row"),
]


@pytest.mark.parametrize(("text", "where", "message"), PROBLEMS, ids=[p[2] for p in PROBLEMS])
def test_problem_position(text: str, where: tuple[str, int], message: str) -> None:
    found = problems(text)
    line = line_of(text, where[0])
    assert any(p[:2] == (line, where[1]) and message in p[2] for p in found), found


def test_missing_sections() -> None:
    found = problems("# nothing\n")
    assert [p[2] for p in found] == ["missing section [map]", "missing section [grid]",
                                     "missing section [regions]"]
    assert all(p[:2] == (1, 1) for p in found)


def test_every_problem_is_collected() -> None:
    text = edit("players = 2", "players = 0").replace("F5 5 forest", "F5 5 wood")
    text = text.replace("S0 W7 W7 W7 W7 M6 M6", "S0 W7 W7 W7 W7 M6 M6 M6")
    found = problems(text)
    assert len(found) == 3 and found == sorted(found)
    assert [p[2].split(" ")[0] for p in found] == ["players", "ragged", "unknown"]


def test_cut_region_reported_once_at_its_second_piece() -> None:
    text = edit("S0 S0 F1 F1 F1 H2 H2\nS0 P3 P3 F1 F1 H2 H2",
                "S0 W7 F1 F1 F1 H2 H2\nS0 P3 P3 F1 F1 W7 H2")
    found = [p for p in problems(text) if "cut" in p[2]]
    assert found == [(line_of(text, "S0 P3 P3 F1 F1 W7"), 16,
                      "region 'W7' is cut in pieces: its cells must form one connected area")]


def _areas_cell_by_cell(codes: list[list[str]]) -> list[tuple[int, int, str]]:
    """The connected areas' first cells found the plain way: a flood from each cell not seen,
    with bounds tests on every step."""
    seen: set[tuple[int, int]] = set()
    found = []
    for r, row in enumerate(codes):
        for c, code in enumerate(row):
            if code == EMPTY_CELL or (r, c) in seen:
                continue
            found.append((r, c, code))
            seen.add((r, c))
            todo = [(r, c)]
            while todo:
                y, x = todo.pop()
                for yy, xx in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                    if (0 <= yy < len(codes) and 0 <= xx < len(codes[yy])
                            and (yy, xx) not in seen and codes[yy][xx] == code):
                        seen.add((yy, xx))
                        todo.append((yy, xx))
    return found


def test_areas_on_the_flattened_grid_match_a_flood_cell_by_cell() -> None:
    """The parser's areas (a flattened grid without bounds tests) are those of a plain flood,
    on random ragged grids whose codes touch every edge (wrapping around would join them)."""
    rng = random.Random(7)
    for _ in range(300):
        rows = rng.randint(1, 6)
        codes = [[rng.choice(["A1", "B2", EMPTY_CELL]) for _ in range(rng.randint(1, 6))]
                 for _ in range(rows)]
        assert list(_areas(codes)) == _areas_cell_by_cell(codes)
    assert list(_areas([])) == []


def test_a_lines_words_and_columns_are_those_a_pattern_finds() -> None:
    """The parser's words (``str.split``, each column found after the last word) are those
    ``\\S+`` matches, at the same columns, with repeated words and any whitespace."""
    rng = random.Random(11)
    for _ in range(300):
        line = "".join(rng.choice(["ab", "a", "b", " ", "\t", "\u3000", "#"])
                       for _ in range(rng.randint(0, 12)))
        assert [(t.column, t.text) for t in _tokens(3, line)] == [
            (m.start() + 1, m.group()) for m in re.finditer(r"\S+", line)]


def test_map_error_text_and_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(MapError) as caught:
        parse_map(edit("turns = 5", "turns = x"), "my.map")
    assert str(caught.value) == ("my.map:6:9: turns must be a whole number from 1 to 30 for a "
                                 "map, not 'x'")
    assert caught.value.source == "my.map"
    missing = tmp_path / "absent.map"
    with pytest.raises(MapError) as caught:
        load_map_file(missing)
    assert caught.value.problems[0].line == 0
    assert str(caught.value).startswith(f"{missing}: cannot read the file")
    binary = tmp_path / "binary.map"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(MapError):
        load_map_file(binary)
    with pytest.raises(MapError, match="nor a shipped map"):
        load_map("base-9p")
    good = tmp_path / "tiny.map"
    good.write_text(TINY, encoding="utf-8")
    assert load_map(str(good)).name == load_map_file(good).name == "tiny"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["maps", *args])
    return result.exit_code, result.output


def test_cli_list() -> None:
    code, out = run("list")
    assert code == 0
    lines = out.splitlines()
    assert [line.split()[0] for line in lines] == BASE + UNDERGROUND + list_faces("warcraft")
    assert re.match(r"base-4p\s+base\s+4 players\s+9 turns\s+39 regions", lines[2])
    assert re.match(r"underground-2p\s+underground\s+2 players\s+10 turns\s+28 regions",
                    lines[4])
    code, out = run("list", "--game", "underground")
    assert code == 0 and [line.split()[0] for line in out.splitlines()] == UNDERGROUND
    code, out = run("list", "--game", "chess")
    assert code == 2 and "chess" in out


def test_cli_check(tmp_path: Path) -> None:
    code, out = run("check", str(REPO / "maps" / "base-5p.map"))
    assert code == 0 and len(out.splitlines()) == 1
    assert out.endswith("OK: base-5p (Small World, 5 players), base game, 5 players, 8 turns, "
                        "48 regions, 119 borders\n")
    bad = tmp_path / "bad.map"
    bad.write_text(edit("turns = 5", "turns = x").replace("F5 5 forest", "F5 5 wood"),
                   encoding="utf-8")
    code, out = run("check", str(bad))
    assert code == 1
    assert out.splitlines() == [
        f"{bad}:6:9: turns must be a whole number from 1 to 30 for a map, not 'x'",
        f"{bad}:21:6: unknown terrain 'wood' in the base game (known: farmland, forest, hill, "
        "swamp, mountain, sea, lake)",
    ]


def test_cli_export(tmp_path: Path) -> None:
    code, out = run("export", "base-3p", "--json")
    assert code == 0
    assert json.loads(out) == load_map("base-3p").to_json()
    good = tmp_path / "tiny.map"
    good.write_text(TINY, encoding="utf-8")
    code, out = run("export", str(good), "--json")
    assert code == 0 and json.loads(out)["name"] == "tiny"
    code, out = run("export", "base-3p")
    assert code == 2 and "--json" in out
    code, out = run("export", "nowhere", "--json")
    assert code == 1 and "nor a shipped map" in out


def test_size_limits() -> None:
    last_row = "S0 W7 W7 W7 W7 M6 M6\n"
    tall = edit(last_row, last_row * 61)
    assert problems(tall) == [(line_of(TINY, "S0 S0 F1") + 60, 1,
                               "the grid is too tall: at most 60 rows")]
    many = TINY + "".join(f"X{i % 10} {8 + i} hill\n" for i in range(MAX_REGIONS))
    found = problems(many)
    assert (line_of(many, f"X{(MAX_REGIONS - 8) % 10} {MAX_REGIONS} "), 1,
            f"too many regions: a map holds at most {MAX_REGIONS}") in found
    huge = TINY + "#" * MAX_CHARACTERS
    assert problems(huge) == [(0, 0, f"the file holds {len(huge)} characters: a map file "
                                     f"holds at most {MAX_CHARACTERS}")]


def test_oversized_file_is_refused_without_reading_it_all(tmp_path: Path) -> None:
    path = tmp_path / "huge.map"
    path.write_text(TINY + "#" * (4 * MAX_CHARACTERS), encoding="utf-8")
    with pytest.raises(MapError, match=f"holds {MAX_CHARACTERS + 1} characters"):
        load_map_file(path)


ISLANDS = """\
[map]
name = isles
game = base
players = 2
turns = 8

[grid]
.. .. .. .. .. .. ..
.. F0 F0 .. H2 H2 ..
.. S1 F0 .. H2 P3 ..
.. .. .. .. P3 P3 ..

[regions]
F0 0 forest magic
S1 1 sea
H2 2 hill
P3 3 farmland cavern
"""


def test_empty_cells_make_islands_with_a_coast() -> None:
    m = parse_map(ISLANDS)
    assert m.grid[0] == (EMPTY,) * 7 and m.grid[2][3] == EMPTY
    assert m.adjacency() == [(0, 1), (2, 3)]
    assert m.islands == (0b0011, 0b1100)
    assert [r.island for r in m.regions] == [0, 0, 1, 1]
    assert m.edge_mask == m.all_mask == m.border_mask
    assert m.coastal_mask == 0b0001 and m.water_mask == 0b0010
    assert m.regions[3].cells == ((2, 5), (3, 4), (3, 5))
    assert m.symbol_mask("magic") == m.magic_mask == 0b0001 and m.symbol_mask("mine") == 0
    assert m.terrain_mask("swamp") == 0
    for unknown in (lambda: m.symbol_mask("lair"), lambda: m.terrain_mask("river"),
                    lambda: m.kind_mask("lava")):
        with pytest.raises(KeyError):
            unknown()


CAVERNS = """\
[map]
name = caverns
title = Two banks
game = underground
players = 3
turns = 10

[grid]
C0 C0 N1 R2 B3 B3
C0 U4 U4 R2 B3 Y5
Y6 U4 U4 R7 R7 Y5
Y6 Y6 F8 F8 R9 C9

[regions]
C0 0 chasm volcano
N1 1 mine lair
R2 2 river
B3 3 black_mountain
U4 4 mudpool
Y5 5 mystic_crystal lair
Y6 6 mystic_crystal
R7 7 river
F8 8 mushroom_forest
R9 9 river
C9 10 chasm
"""


def test_rivers_chasms_and_black_mountains() -> None:
    m = parse_map(CAVERNS)
    assert m.game == "underground" and m.to_json()["game"] == "underground"
    river, chasm = m.kind_mask("river"), m.kind_mask("chasm")
    assert river == 1 << 2 | 1 << 7 | 1 << 9 and chasm == 1 << 0 | 1 << 10
    assert m.land_mask == m.all_mask & ~river & ~chasm and m.water_mask == 0
    # the river ends touch the edge and are entry regions; the middle segment is not
    assert m.border_mask & river == 1 << 2 | 1 << 9
    assert m.regions[7].at_board_edge is False
    # chasms keep their borders but are never entry regions, even on the edge
    assert m.edge_mask & chasm == chasm and not m.border_mask & chasm
    assert m.regions[0].neighbors == {1, 4, 6}
    # land next to a river is coastal (a chasm next to it is not)
    assert m.coastal_mask == sum(1 << r for r in (1, 3, 4, 5, 8))
    assert m.mountain_mask == 1 << 3 == m.terrain_mask("black_mountain")
    assert m.symbol_mask("lair") == 1 << 1 | 1 << 5 and m.symbol_mask("volcano") == 1
    assert m.mine_mask == m.magic_mask == m.lost_tribe_mask == 0
    with pytest.raises(KeyError):
        m.symbol_mask("mine")


@pytest.mark.parametrize(("old", "new", "where", "message"), [
    ("C0 0 chasm volcano", "C0 0 chasm lair", ("C0 0", 12),
     "symbol 'lair' cannot be on a chasm region (chasm): it goes on land"),
    ("N1 1 mine lair", "N1 1 mine volcano", ("N1 1", 11),
     "symbol 'volcano' cannot be on a land region (mine): it goes on chasm"),
    ("N1 1 mine lair", "N1 1 mine cavern", ("N1 1", 11),
     "unknown symbol 'cavern' in the underground game (known: lair, volcano)"),
    ("Y6 6 mystic_crystal", "Y6 6 forest", ("Y6 6", 6),
     "unknown terrain 'forest' in the underground game (known: black_mountain, mudpool, "
     "mushroom_forest, mine, mystic_crystal, river, chasm)"),
    ("players = 3", "players = 1", ("players", 11),
     "players must be a whole number from 2 to 5 for the underground game, not '1'"),
])
def test_underground_problems(old: str, new: str, where: tuple[str, int], message: str) -> None:
    text = CAVERNS.replace(old, new)
    assert (line_of(text, where[0]), where[1], message) in problems(text)


def test_a_map_needing_more_pieces_than_the_box_holds_is_refused() -> None:
    # the box holds 14 Monsters, two on each lair: seven lairs fit, the eighth does not
    lairs = [f"L{i} {11 + i} mine lair" for i in range(6)]
    text = CAVERNS.replace("Y6 Y6 F8 F8 R9 C9",
                           "Y6 Y6 F8 F8 R9 C9\n" + " ".join(f"L{i}" for i in range(6)))
    text += "\n".join(lairs) + "\n"
    assert problems(text) == [(line_of(text, "L5 16"), 1,
                               "too many regions with the symbol 'lair' for the underground "
                               "game's 14 Monster pieces (2 on each)")]
    assert parse_map(text.replace("L5 16 mine lair", "L5 16 mine")).symbol_mask("lair")


def test_an_unknown_game_skips_the_terrain_checks() -> None:
    text = CAVERNS.replace("game = underground", "game = chess")
    assert [p[2] for p in problems(text)] == [
        "unknown game 'chess' (known: base, underground, warcraft)"]


def test_missing_shared_reference_fails_under_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "1")
    with pytest.raises(pytest.fail.Exception, match="not beside the repository"):
        shared_json("maps-reference", "no-such-board.json")
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception):
        shared_json("maps-reference", "no-such-board.json")
