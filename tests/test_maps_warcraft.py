"""Small World of Warcraft's board faces: each face against its row of the design brief
(../shared/maps-reference/warcraft-maps.md §5) and the layout rules of §6, every legal board
set against §7, drawing a set at random, joining faces into one map, and the face rules that
`maps check` enforces on any face file."""

from __future__ import annotations

import itertools
import re
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from smallworld_tui.cli import main
from smallworld_tui.engine.board import (
    ENTRY,
    BoardRules,
    Face,
    Map,
    MapError,
    Region,
    board_rules,
    board_set_source,
    compose_map,
    draw_faces,
    list_faces,
    load_face,
    load_map,
    maps_dir,
    parse_map,
    selections,
    set_problems,
    showing,
)
from smallworld_tui.engine.rng import Rng

LAND = ("farmland", "hill", "forest", "swamp", "mountain")
# face: regions, water, farmland, hill, forest, swamp, mountain, entries, murlocs, magic, caverns
BRIEF = """
L1-A 13 lake 3 2 2 2 3 4 4 2 2
L1-B 13 sea  3 3 2 2 2 4 4 2 2
L2-A 13 sea  3 2 2 2 3 4 4 2 2
L2-B 13 lake 2 3 3 2 2 4 4 2 2
M1-A  9 lake 2 2 1 1 2 3 3 2 1
M1-B  9 -    2 2 2 1 2 3 3 1 2
M2-A  9 sea  2 1 2 2 1 3 3 1 2
M2-B  9 -    2 2 2 2 1 3 3 2 1
S1-A  7 sea  2 1 1 1 1 2 2 1 1
S1-B  7 -    2 2 1 1 1 2 2 1 1
S2-A  7 lake 1 1 2 1 1 2 2 1 1
S2-B  7 -    2 1 1 2 1 2 2 1 1
"""
ROWS = {name: row for name, *row in (line.split() for line in BRIEF.strip().splitlines())}
FACES = sorted(ROWS)
SET_REGIONS = {(2, False): 22, (2, True): 20, (3, False): 29, (4, False): 38, (5, False): 49}
BOX = {"murloc": 15, "mountain": 10}


def rules() -> BoardRules:
    found = board_rules("warcraft")
    assert found is not None
    return found


def icon(name: str) -> str:
    """The symbol of a face's size icon ("board_l" on a large face)."""
    return rules().icons[name[0]]


def land(m: Map) -> list[Region]:
    return [r for r in m.regions if r.kind == "land"]


def adjacent_pairs(regions: list[Region]) -> list[tuple[Region, Region]]:
    return [(a, b) for a, b in itertools.combinations(regions, 2) if b.id in a.neighbors]


def every_set() -> list[tuple[int, bool, tuple[Face, ...]]]:
    catalogue = [Face(*name.split("-")) for name in FACES]
    return [(players, alternative, chosen)
            for players, alternative in SET_REGIONS
            for chosen in selections(rules(), players, catalogue, alternative)]


def test_the_twelve_faces_are_shipped() -> None:
    assert list_faces("warcraft") == FACES == [f.name for f in rules().faces()]
    for name in FACES:
        m = load_face(name, "warcraft")
        assert (m.name, m.game, m.players, m.turns) == (name, "warcraft", 0, 0)
        assert m.faces == (Face(*name.split("-")),)
        assert load_map(name) is m
        text = (maps_dir() / "warcraft" / f"{name}.map").read_text(encoding="utf-8")
        assert "our design, not an official board" in " ".join(
            line.lstrip("# ") for line in text.splitlines() if line.startswith("#"))


@pytest.mark.parametrize("name", FACES)
def test_face_matches_its_row_of_the_brief(name: str) -> None:
    m, row = load_face(name, "warcraft"), ROWS[name]
    regions, water, *numbers = row
    counts = dict(zip(LAND, map(int, numbers[:5]), strict=False))
    entries, murlocs, magic, caverns = map(int, numbers[5:])
    assert len(m.regions) == int(regions)
    waters = [r.terrain for r in m.regions if r.kind == "water"]
    assert waters == ([] if water == "-" else [water])
    assert Counter(r.terrain for r in land(m)) == counts
    assert [len(showing(m, s)) for s in (ENTRY, "murloc", "magic", "great_cavern", icon(name))
            ] == [entries, murlocs, magic, caverns, 1]
    assert all(not showing(m, other) for other in rules().icons.values() if other != icon(name))
    assert m.mountain_mask == m.terrain_mask("mountain")


@pytest.mark.parametrize("name", FACES)
def test_face_layout_rules(name: str) -> None:
    m, size = load_face(name, "warcraft"), name[0]
    assert len(m.islands) == 1
    entries, murlocs = showing(m, ENTRY), showing(m, "murloc")
    (marker,) = showing(m, icon(name))
    assert all(r.kind == "land" for r in [*entries, *murlocs, marker])
    # entries: on the coast, never neighbours, at most one Mountain, one landing for 3 tokens
    assert all(e.at_board_edge for e in entries) and not adjacent_pairs(entries)
    assert sum(e.terrain == "mountain" for e in entries) <= 1
    assert any("murloc" not in e.symbols and e.terrain != "mountain" for e in entries)
    murloc_entries = [e for e in entries if "murloc" in e.symbols]
    if size in "LM":
        assert len(murloc_entries) == 1  # the rulebook's 4-token landing
    if name in ("L1-A", "M1-B"):
        assert murloc_entries[0].terrain == "farmland"
    # Murlocs: never neighbours, never on a Mountain; two guard the interior of a large face
    assert not adjacent_pairs(murlocs) and all(r.terrain != "mountain" for r in murlocs)
    if size == "L":
        assert sum(not r.at_board_edge for r in murlocs) >= 2
    # the size icon: never an entry; two steps from every entry on a large face
    assert ENTRY not in marker.symbols
    if size == "L":
        assert not marker.neighbors & {e.id for e in entries}
    # water: a sea is a bay on the coast, a lake is enclosed; 3 to 5 land neighbours
    for water in (r for r in m.regions if r.kind == "water"):
        assert water.at_board_edge == (water.terrain == "sea")
        assert 3 <= (m.neighbor_masks[water.id] & m.land_mask).bit_count() <= 5
    # magic and caverns spread, never both on one region; a large face has an inland cavern
    assert not m.symbol_mask("magic") & m.symbol_mask("great_cavern")
    assert not adjacent_pairs(showing(m, "magic"))
    assert not adjacent_pairs(showing(m, "great_cavern"))
    if size == "L":
        assert any(not r.at_board_edge for r in showing(m, "great_cavern"))
    # Mountains apart; a Farmland with 4 land neighbours (Defensive's towers)
    assert not adjacent_pairs([r for r in land(m) if r.terrain == "mountain"])
    assert any(r.terrain == "farmland" and (m.neighbor_masks[r.id] & m.land_mask).bit_count() >= 4
               for r in land(m))
    # degrees and interleaved terrains
    degrees = [len(r.neighbors) for r in land(m)]
    assert min(degrees) >= 2 and max(degrees) <= 6
    assert (3.0 if size == "S" else 3.5) <= sum(degrees) / len(degrees) <= 4.5
    same = [pair for pair in adjacent_pairs(land(m)) if pair[0].terrain == pair[1].terrain]
    assert len(same) <= (2 if size == "L" else 1)


def test_icons_vary_in_terrain_and_one_face_per_size_guards_it() -> None:
    markers = {name: showing(load_face(name, "warcraft"), icon(name))[0] for name in FACES}
    assert len({r.terrain for r in markers.values()}) >= 4  # Karazhan scores by terrain
    guarded = Counter(name[0] for name, r in markers.items() if "murloc" in r.symbols)
    assert guarded == {"L": 1, "M": 1, "S": 1}


@pytest.mark.parametrize(("players", "alternative"), list(SET_REGIONS))
def test_every_legal_set(players: int, alternative: bool) -> None:
    chosen_sets = [c for p, a, c in every_set() if (p, a) == (players, alternative)]
    sizes = Counter(f.size for f in chosen_sets[0])
    assert sizes == rules().set_sizes(players, alternative)
    boards = Counter(sizes.values())
    assert len(chosen_sets) == 4 ** sum(boards.values())  # a board or two per size, two sides
    for chosen in chosen_sets:
        faces = [load_face(f.name, "warcraft") for f in chosen]
        assert set_problems(faces, rules()) == []
        assert sum(len(m.regions) for m in faces) == SET_REGIONS[(players, alternative)]
        assert sum(len(showing(m, "murloc")) for m in faces) <= BOX["murloc"]
        assert sum(m.mountain_mask.bit_count() for m in faces) <= BOX["mountain"]
        present = {r.terrain for m in faces for r in m.regions}
        assert set(LAND) <= present and present & {"sea", "lake"}


def test_the_largest_sets_use_the_whole_box() -> None:
    five = [c for p, _a, c in every_set() if p == 5]
    murlocs = {sum(len(showing(load_face(f.name, "warcraft"), "murloc")) for f in c) for c in five}
    assert murlocs == {BOX["murloc"]}
    assert rules().box == BOX


def test_joined_faces_are_islands_with_their_own_ids() -> None:
    for players, _alternative, chosen in every_set():
        names = [f.name for f in chosen]
        m = compose_map(names, f"warcraft-{players}p", players, 10, "warcraft")
        faces = [load_face(n, "warcraft") for n in names]
        assert m.faces == chosen and len(m.islands) == len(chosen)
        assert len(m.regions) == sum(len(f.regions) for f in faces)
        assert len({r.code for r in m.regions}) == len(m.regions)
        start = 0
        for island, face in enumerate(faces):
            ids = range(start, start + len(face.regions))
            assert m.islands[island] == sum(1 << i for i in ids)
            for r in face.regions:
                joined = m.regions[start + r.id]
                assert joined.code == f"{face.name}:{r.id:02d}"
                assert (joined.terrain, joined.symbols, joined.island) == (
                    r.terrain, r.symbols, island)
                assert joined.neighbors == {start + n for n in r.neighbors}
                assert joined.at_board_edge == r.at_board_edge
            start += len(face.regions)
        # the screen: 25 columns of two cells and 17 rows fit the map's part of 80x24
        assert len(m.grid[0]) <= 50 and len(m.grid) <= 17
        columns = list(zip(*m.grid, strict=True))
        assert all(columns[c] == columns[c + 1] for c in range(0, len(columns), 2))


def test_compose_map_refuses_an_illegal_set() -> None:
    m = compose_map(["L1-A", "M2-B"], "warcraft-2p", 2, 10, "warcraft")
    assert m is compose_map(("L1-A", "M2-B"), "warcraft-2p", 2, 10, "warcraft")
    assert (m.name, m.players, m.turns, m.game) == ("warcraft-2p", 2, 10, "warcraft")
    assert m.title == "warcraft-2p (L1-A, M2-B)"
    assert m.to_json()["faces"] == ["L1-A", "M2-B"]
    two = compose_map(["L2-B", "S1-A"], "warcraft-2p", 2, 10, "warcraft")
    assert two.players == 2  # the option
    with pytest.raises(ValueError, match="one face of each board, never both"):
        compose_map(["L1-A", "L1-B"], "warcraft-2p", 2, 10, "warcraft")
    with pytest.raises(ValueError, match=r"3 players use 1 L \+ 1 M \+ 1 S boards, not 1 L \+ 1 M"):
        compose_map(["L1-A", "M1-A"], "warcraft-3p", 3, 10, "warcraft")
    with pytest.raises(ValueError, match="board sets for 2, 3, 4, 5 players, not 6"):
        compose_map(["L1-A", "M1-A"], "warcraft-6p", 6, 10, "warcraft")
    with pytest.raises(MapError, match="no such warcraft board face"):
        compose_map(["L1-C", "M1-A"], "warcraft-2p", 2, 10, "warcraft")


def test_a_board_set_is_known_by_its_faces() -> None:
    m = load_map("L1-A+M2-B")
    assert m is compose_map(["L1-A", "M2-B"], "warcraft-2p", 2, 10, "warcraft")
    assert m is load_map("M2-B+L1-A")
    assert load_map("L2-B+S1-A").players == 2  # the 2-player option
    for players, seed in ((3, 1), (4, 2), (5, 3)):
        faces = draw_faces(players, Rng(seed), "warcraft")
        m = load_map(board_set_source(faces))
        assert (m.name, m.players, m.turns) == (f"warcraft-{players}p", players,
                                                {3: 10, 4: 9, 5: 8}[players])
        assert [f.name for f in m.faces] == faces
    for bad, message in (("L1-A+L1-B", "these faces form no board set of the game"),
                         ("L1-A+L1-B+M1-A+S1-A+S2-A", "one face of each board, never both"),
                         ("L1-A+base-2p", "nor a shipped map"), ("*", "nor a shipped map"),
                         ("L?-A", "nor a shipped map")):
        with pytest.raises(MapError, match=re.escape(message)):
            load_map(bad)


class Script:
    """A random source that answers from a list."""

    def __init__(self, answers: list[int]) -> None:
        self.answers = answers
        self.asked: list[int] = []

    def below(self, n: int) -> int:
        self.asked.append(n)
        return self.answers.pop(0)


def test_draw_faces_asks_board_then_side_for_each_size() -> None:
    script = Script([1, 0, 0, 1, 0, 1, 1, 0, 0, 1])
    assert draw_faces(5, script, "warcraft") == ["L1-B", "L2-A", "M1-B", "S1-B", "S2-A"]
    # L: board of 2, side, board of 1, side; M: board, side; S: the same as L
    assert script.asked == [2, 2, 1, 2, 2, 2, 2, 2, 1, 2]
    assert draw_faces(2, Script([0, 1, 1, 0]), "warcraft") == ["L1-B", "M2-A"]
    assert draw_faces(2, Script([0, 1, 1, 0]), "warcraft", alternative=True) == ["L1-B", "S2-A"]
    with pytest.raises(ValueError, match="not 7"):
        draw_faces(7, Script([]), "warcraft")
    with pytest.raises(ValueError, match="the base game has no board faces"):
        draw_faces(2, Script([]), "base")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_drawn_sets_are_legal_and_reach_every_face(players: int) -> None:
    seen: set[str] = set()
    for seed in range(40):
        faces = draw_faces(players, Rng(seed), "warcraft")
        assert draw_faces(players, Rng(seed), "warcraft") == faces
        m = compose_map(faces, f"warcraft-{players}p", players, 10, "warcraft")
        assert len(m.faces) == players
        seen |= set(faces)
    sizes = "LMS" if players > 2 else "LM"
    assert seen == {f for f in FACES if f[0] in sizes}


# --- the face rules any face file must follow (maps check) ------------------------------

FACE = """\
[map]
name = L9-X
game = warcraft
board = L1
side = A

[grid]
.. P0 P0 H0 H0 F0 F0 ..
P0 P0 W0 W0 M0 M0 F0 F0
S0 S0 W0 W0 M0 M0 H1 H1
S0 S0 P1 P1 F1 F1 H1 H1
.. W1 W1 P2 P2 H2 H2 ..

[regions]
P0 0 farmland entry murloc
H0 1 hill
F0 2 forest
W0 3 swamp
M0 4 mountain board_l
S0 5 sea
H1 6 hill
P1 7 farmland
F1 8 forest murloc
W1 9 swamp
P2 10 farmland
H2 11 hill entry
"""


def face_problems_of(text: str) -> list[tuple[int, int, str]]:
    with pytest.raises(MapError) as caught:
        parse_map(text, "face.map")
    return [(p.line, p.column, p.message) for p in caught.value.problems]


def line_of(text: str, start: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if line.startswith(start))


def test_a_valid_face() -> None:
    m = parse_map(FACE)
    assert m.faces == (Face("L1", "A"),) and (m.players, m.turns) == (0, 0)
    assert m.edge_mask == m.all_mask & ~(1 << 3 | 1 << 4 | 1 << 7 | 1 << 8)  # the coast
    assert m.symbol_mask(ENTRY) == 1 << 0 | 1 << 11 and m.symbol_mask("board_l") == 1 << 4


def edited(*changes: str) -> str:
    """FACE with each region line starting like a change replaced by it."""
    text = FACE
    for change in changes:
        code = change.split()[0]
        text = re.sub(rf"^{code} .*$", change, text, count=1, flags=re.M)
    return text


@pytest.mark.parametrize(("changes", "where", "message"), [
    (["F1 8 forest murloc entry"], "F1 8", "an entry region must be on the coast"),
    (["H1 6 hill entry"], "H2 11", "entry regions H1 and H2 border each other"),
    (["P1 7 farmland murloc"], "F1 8", "murloc regions P1 and F1 border each other"),
    (["M0 4 mountain"], "[map]", "a L face has exactly one board_l region (its size icon), not 0"),
    (["W1 9 swamp board_l"], "[map]",
     "a L face has exactly one board_l region (its size icon), not 2"),
    (["W1 9 swamp board_s"], "W1 9", "board_s is the icon of a S board, not of this L face"),
    (["M0 4 mountain", "H1 6 hill board_l"], "H1 6",
     "the board_l region must be at least 2 steps from every entry region, and H2 is 1"),
    (["H0 1 hill murloc", "H1 6 hill murloc", "W1 9 swamp murloc"], "[map]",
     "a L face has at most 4 murloc regions, not 5"),
    (["P1 7 mountain", "W1 9 mountain", "P2 10 mountain"], "[map]",
     "a L face has at most 3 mountain regions, not 4"),
    (["W0 3 sea", "P1 7 sea"], "S0 5", "a water region borders 3 to 5 land regions, not 2"),
    (["H2 11 hill entry murloc"], "[map]",
     "a face needs an entry region with no murloc and no mountain (a landing at the lowest "
     "cost)"),
])
def test_face_rule_problems(changes: list[str], where: str, message: str) -> None:
    text = edited(*changes)
    assert (line_of(text, where), 1, message) in face_problems_of(text)


def test_face_key_problems() -> None:
    def at(text: str, start: str) -> int:
        return line_of(text, start)

    text = FACE.replace("board = L1", "board = L3").replace("side = A", "side = C")
    assert face_problems_of(text) == [
        (at(text, "board"), 9, "unknown board 'L3' in the warcraft game (known: L1, L2, M1, "
                                "M2, S1, S2)"),
        (at(text, "side"), 8, "unknown side 'C' in the warcraft game (known: A, B)")]
    text = FACE.replace("side = A", "side = A\nplayers = 2")
    assert face_problems_of(text) == [
        (at(text, "players"), 1, "a face has no players: its board set gives them")]
    text = FACE.replace("side = A\n", "")
    assert face_problems_of(text) == [(1, 1, "[map] lacks the key 'side'")]
    text = FACE.replace("game = warcraft", "game = base").replace("side = A\n", "")
    assert (at(text, "board"), 1, "the base game has no board faces, so no 'board' or 'side'"
            ) in face_problems_of(text)


def test_a_face_is_one_island() -> None:
    text = FACE.replace(".. W1 W1 P2 P2 H2 H2 ..", ".. W1 W1 P2 P2 H2 H2 ..\n"
                        ".. .. .. .. .. .. .. ..\n.. X0 X0 .. .. .. .. ..") + "X0 12 hill\n"
    assert (1, 1, "a face is one island, but X0 are cut off from the rest") in face_problems_of(
        text)


# --- maps check and maps list --------------------------------------------------------------

def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["maps", *args])
    return result.exit_code, result.output


def test_cli_checks_faces_and_their_sets(tmp_path: Path) -> None:
    files = sorted(str(p) for p in (maps_dir() / "warcraft").glob("*.map"))
    code, out = run("check", *files)
    assert code == 0
    lines = out.splitlines()
    borders = len(load_face("L1-A", "warcraft").adjacency())
    assert lines[0] == (f"{files[0]}: OK: board face L1-A (Large board 1, side A), warcraft "
                        f"game, 13 regions, {borders} borders")
    assert lines[-1] == f"board sets: OK: {len(every_set())} sets checked"
    # a dry L1-A leaves the sets of dry faces without water
    dry = tmp_path / "dry.map"
    text = (maps_dir() / "warcraft" / "L1-A.map").read_text(encoding="utf-8")
    dry.write_text(re.sub(r" lake$", " farmland", text, flags=re.M), encoding="utf-8")
    code, out = run("check", str(dry), *files[1:])
    assert code == 1
    lines = out.splitlines()
    assert lines[0].startswith(f"{dry}: OK: board face L1-A")
    assert "board set L1-A + M1-B for 2 players: no water region" in lines
    assert "board set L1-A + M1-B + S1-B for 3 players: no water region" in lines
    assert not any("L2" in line for line in lines if line.startswith("board set"))


def test_cli_lists_faces() -> None:
    code, out = run("list", "--game", "warcraft")
    assert code == 0
    lines = out.splitlines()
    assert [line.split()[0] for line in lines] == FACES
    assert re.match(r"L1-A\s+warcraft\s+board face\s+13 regions\s+Large board 1, side A",
                    lines[0])
