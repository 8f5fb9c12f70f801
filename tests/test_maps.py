"""Map files: the parser and its problems, the four base boards against the official topology,
and the `maps` command."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from smallworld_tui.cli import main
from smallworld_tui.engine.board import (
    MapError,
    list_maps,
    load_map,
    load_map_file,
    map_for_players,
    maps_dir,
    parse_map,
)

REPO = Path(__file__).parents[1]
REFERENCE = Path(__file__).parents[2] / "shared" / "maps-reference"
BASE = [f"base-{n}p" for n in range(2, 6)]
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


def test_masks_match_regions() -> None:
    m = load_map("base-4p")
    for r in m.regions:
        assert r.bit == 1 << r.id
        assert m.neighbor_masks[r.id] == sum(1 << n for n in r.neighbors)
        for attr in ("border", "coastal", "mountain", "mine", "magic", "cavern", "lost_tribe",
                     "water"):
            assert bool(getattr(m, f"{attr}_mask") & r.bit) == getattr(r, attr)
        assert m.terrain_mask(r.terrain) & r.bit
    assert m.all_mask == (1 << len(m.regions)) - 1
    assert m.land_mask | m.water_mask == m.all_mask and not m.land_mask & m.water_mask
    assert m.water_mask == m.terrain_mask("sea") | m.terrain_mask("lake")


def test_links_add_borders() -> None:
    m = parse_map(TINY + "[links]\nF1 W7\n")
    assert m.links == ((1, 7),)
    assert 7 in m.regions[1].neighbors and (1, 7) in m.adjacency()
    assert m.neighbor_masks[7] >> 1 & 1


def test_shipped_maps() -> None:
    assert list_maps() == BASE
    assert maps_dir() == REPO / "maps" or (maps_dir() / "base-4p.map").is_file()
    assert [map_for_players(n) for n in range(2, 6)] == BASE
    with pytest.raises(ValueError):
        map_for_players(6)
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
    if not REFERENCE.is_dir():
        pytest.skip("the shared maps reference is not beside the repository")
    ref = json.loads((REFERENCE / f"{name}.json").read_text(encoding="utf-8"))
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
    assert set(data) == {"name", "title", "players", "turns", "regions", "adjacency"}
    assert set(data["regions"][0]) == {"id", "code", "terrain", "mountain", "mine", "magic",
                                       "cavern", "lost_tribe", "water", "border",
                                       "at_board_edge", "coastal", "neighbors"}
    assert json.loads(json.dumps(data)) == data


def test_documented_example_parses() -> None:
    doc = (REPO / "docs" / "map-format.md").read_text(encoding="utf-8")
    example = re.search(r"## A complete example\n\n```ini\n(.*?)```", doc, re.S)
    assert example is not None
    m = parse_map(example.group(1))
    assert m.links == ((1, 7),)
    p3, f5 = m.regions[3], m.regions[5]
    assert p3.border and not p3.at_board_edge and f5.coastal and not f5.border


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
     "players must be a positive integer, not 'two'"),
    (edit("turns = 5", "turns = -1"), ("turns", 9), "turns must be a positive integer"),
    (edit("turns = 5", "turns ="), ("turns", 8), "[map] key 'turns' has no value"),
    (edit("turns = 5", "turns 5"), ("turns", 1), "expected 'key = value'"),
    (edit("turns = 5", "turns = 5\nturns = 6"), ("turns = 6", 1), "given twice"),
    (edit("turns = 5", "turns = 5\ncolour = red"), ("colour", 1),
     "unknown [map] key 'colour'"),
    (edit("S0 P3 L4 L4 F5 F5 M6", "S0 P3 L4 L4 F5 F5"), ("S0 P3 L4 L4 F5 F5", 19),
     "ragged grid: this row has 6 cells, the first row has 7"),
    (edit("S0 P3 L4 L4 F5 F5 M6", "S0 P3 L4 L4 F5 F5 M6 M6"), ("S0 P3 L4 L4", 22),
     "ragged grid: this row has 8 cells, the first row has 7"),
    (edit("S0 P3 P3 F1 F1 H2 H2", "S0 P3 P3 F1 F1 H2 H"), ("S0 P3 P3 F1", 19),
     "bad cell 'H': expected a 2-character region code"),
    (edit("S0 P3 P3 F1 F1 H2 H2", "S0 P3 P3 F1 F1 H2 H!"), ("S0 P3 P3 F1", 19),
     "bad cell 'H!'"),
    (edit("S0 P3 P3 F1 F1 H2 H2", "S0 P3 P3 F1 Q9 H2 H2"), ("S0 P3 P3 F1", 13),
     "cell code 'Q9' is not listed in [regions]"),
    (TINY + "Z9 8 hill\n", ("Z9", 1), "region 'Z9' is not drawn in [grid]"),
    (edit("S0 S0 F1 F1 F1 H2 H2", "S0 S0 F1 F1 W7 H2 H2"), ("S0 W7 W7", 4),
     "region 'W7' is cut in pieces"),
    (edit("F5 5 forest cavern", "F5 5 jungle cavern"), ("F5 5", 6),
     "unknown terrain 'jungle'"),
    (edit("F5 5 forest cavern", "F5 5 forest cavern gold"), ("F5 5", 20),
     "unknown flag 'gold'"),
    (edit("F5 5 forest cavern", "F5 5 forest cavern cavern"), ("F5 5", 20),
     "flag 'cavern' given twice"),
    (TINY + "F5 8 hill\n", ("F5 8", 1), "duplicate region code 'F5'"),
    (edit("M6 6 mountain", "M6 5 mountain"), ("M6 5", 4), "duplicate region id 5"),
    (edit("W7 7 swamp", "W7 9 swamp"), ("W7 9", 4),
     "region id 9 out of range: the 8 regions must be numbered 0 to 7"),
    (edit("W7 7 swamp", "W7 x swamp"), ("W7 x", 4),
     "region id must be a non-negative integer, not 'x'"),
    (edit("L4 4 lake", "L4 4"), ("L4 4", 1), "expected 'CODE ID TERRAIN"),
    (edit("S0 0 sea", "S 0 sea"), ("S 0", 1), "bad region code 'S'"),
    (TINY + "[links]\nF1 Q9\n", ("F1 Q9", 4), "link names an unknown region code 'Q9'"),
    (TINY + "[links]\nF1 F1\n", ("F1 F1", 4), "a link must join two different regions"),
    (TINY + "[links]\nF1 H2\n", ("F1 H2", 1), "F1 and H2 already share a side"),
    (TINY + "[links]\nF1 W7 M6\n", ("F1 W7", 1), "expected a link 'CODE CODE'"),
    (TINY + "[links]\nF1 W7\nW7 F1\n", ("W7 F1", 1), "duplicate link"),
    (TINY.split("[grid]")[0] + "[grid]\n[regions]\n", ("[grid]", 1), "the grid is empty"),
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


def test_map_error_text_and_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(MapError) as caught:
        parse_map(edit("turns = 5", "turns = x"), "my.map")
    assert str(caught.value) == "my.map:6:9: turns must be a positive integer, not 'x'"
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
    assert [line.split()[0] for line in lines] == BASE
    assert re.match(r"base-4p\s+4 players\s+9 turns\s+39 regions", lines[2])


def test_cli_check(tmp_path: Path) -> None:
    code, out = run("check", str(REPO / "maps" / "base-5p.map"))
    assert code == 0 and "OK" in out and "48 regions" in out and len(out.splitlines()) == 1
    bad = tmp_path / "bad.map"
    bad.write_text(edit("turns = 5", "turns = x").replace("F5 5 forest", "F5 5 wood"),
                   encoding="utf-8")
    code, out = run("check", str(bad))
    assert code == 1
    assert out.splitlines() == [
        f"{bad}:6:9: turns must be a positive integer, not 'x'",
        f"{bad}:21:6: unknown terrain 'wood' (known: farmland, forest, hill, swamp, mountain, "
        "sea, lake)",
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
