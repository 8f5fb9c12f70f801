"""The shipped Underground boards: the 2-player side against the official topology, the
4-player side against its inventory, and every board against the layout rules and the design
targets of ../shared/maps-reference/underground-maps.md."""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass

import pytest
from shared_files import shared_json

from smallworld_tui.engine.board import Map, Region, load_map, maps_dir

LAND = ("black_mountain", "mudpool", "mushroom_forest", "mine", "mystic_crystal")
# the transcription's terrain names -> ours
REFERENCE_TERRAINS = {"blackMountain": "black_mountain", "mud": "mudpool",
                      "mushroom": "mushroom_forest", "mine": "mine", "crystal": "mystic_crystal",
                      "river": "river", "chasm": "chasm"}
BLACK_MOUNTAIN_MARKERS = 9  # in the box


@dataclass(frozen=True)
class Target:
    """A board's figures: exact numbers, or (low, high) where the targets say "about"."""

    turns: int
    regions: int
    each_land: int
    rivers: int
    chasms: int
    volcanoes: int
    lairs: int
    edge_land: int | tuple[int, int]
    coastal: int | tuple[int, int]
    by_chasm: int | tuple[int, int]
    borders: int | tuple[int, int]


TARGETS = {
    2: Target(10, 28, 4, 3, 5, 2, 4, 8, 10, 13, 67),
    3: Target(10, 39, 6, 4, 5, 3, 5, 12, 13, 15, (89, 99)),
    4: Target(9, 44, 7, 5, 4, 4, 6, 17, (14, 15), (16, 18), (101, 111)),
    5: Target(8, 56, 9, 6, 5, 4, 7, 20, 18, 22, (127, 141)),
}
DESIGNED = (3, 5)  # drawn to the targets alone (the 4-player side keeps its inventory)
LAIR_BANKS = {3: [2, 3], 5: [3, 4]}


def board(players: int) -> Map:
    return load_map(f"underground-{players}p")


def within(value: int, target: int | tuple[int, int]) -> bool:
    low, high = (target, target) if isinstance(target, int) else target
    return low <= value <= high


def land(m: Map) -> list[Region]:
    return [r for r in m.regions if r.kind == "land"]


def banks(m: Map) -> list[set[int]]:
    """The land regions in pieces joined by land borders only."""
    pieces: list[set[int]] = []
    for start in land(m):
        if any(start.id in piece for piece in pieces):
            continue
        piece, todo = {start.id}, [start.id]
        while todo:
            for n in m.regions[todo.pop()].neighbors:
                if m.regions[n].kind == "land" and n not in piece:
                    piece.add(n)
                    todo.append(n)
        pieces.append(piece)
    return pieces


def bank_of(m: Map) -> dict[int, int]:
    return {r: i for i, piece in enumerate(banks(m)) for r in piece}


def with_symbol(m: Map, symbol: str) -> list[Region]:
    return [r for r in m.regions if symbol in r.symbols]


@pytest.mark.parametrize("players", TARGETS)
def test_figures(players: int) -> None:
    m, target = board(players), TARGETS[players]
    assert (m.game, m.players, m.turns) == ("underground", players, target.turns)
    assert len(m.regions) == target.regions
    assert Counter(r.terrain for r in land(m)) == dict.fromkeys(LAND, target.each_land)
    assert m.kind_mask("water") == 0 and m.islands == (m.all_mask,)
    rivers, chasms = m.kind_mask("river"), m.kind_mask("chasm")
    assert (rivers.bit_count(), chasms.bit_count()) == (target.rivers, target.chasms)
    assert m.symbol_mask("volcano").bit_count() == target.volcanoes
    assert m.symbol_mask("lair").bit_count() == target.lairs
    assert within((m.edge_mask & m.land_mask).bit_count(), target.edge_land)
    assert within(m.coastal_mask.bit_count(), target.coastal)
    assert within(sum(1 for r in land(m) if m.neighbor_masks[r.id] & chasms), target.by_chasm)
    assert within(len(m.adjacency()), target.borders)


@pytest.mark.parametrize("players", TARGETS)
def test_one_river_from_edge_to_edge_joins_the_two_banks(players: int) -> None:
    m = board(players)
    rivers = [r for r in m.regions if r.kind == "river"]
    river_ids = {r.id for r in rivers}
    degrees = Counter(len(r.neighbors & river_ids) for r in rivers)
    assert degrees == {1: 2, 2: len(rivers) - 2}  # a chain (no loop: it is connected below)
    ends = {r.id for r in rivers if len(r.neighbors & river_ids) == 1}
    assert ends == {r.id for r in rivers if r.at_board_edge}
    assert m.border_mask & m.kind_mask("river") == sum(1 << r for r in ends)
    reached, todo = {min(ends)}, [min(ends)]
    while todo:
        for n in m.regions[todo.pop()].neighbors & river_ids - reached:
            reached.add(n)
            todo.append(n)
    assert reached == river_ids
    # the land is two banks, joined only through river segments, each segment on both
    assert len(banks(m)) == 2
    where = bank_of(m)
    for r in rivers:
        assert {where[n] for n in r.neighbors if n in where} == {0, 1}, r.id
    for a, b in m.adjacency():
        if a in where and b in where:
            assert where[a] == where[b]


@pytest.mark.parametrize("players", TARGETS)
def test_chasms_lairs_and_black_mountains(players: int) -> None:
    m = board(players)
    where = bank_of(m)
    for chasm in (r for r in m.regions if r.kind == "chasm"):
        # a chasm belongs to one bank and is never an entry region
        assert len({where[n] for n in chasm.neighbors if n in where}) == 1, chasm.id
        assert not chasm.border
    volcano_banks = {where[n] for r in with_symbol(m, "volcano") for n in r.neighbors
                     if n in where}
    assert volcano_banks == {0, 1}
    lairs = with_symbol(m, "lair")
    assert all(r.kind == "land" for r in lairs)
    assert not any(b.id in a.neighbors for a, b in itertools.combinations(lairs, 2))
    assert {where[r.id] for r in lairs} == {0, 1}
    black = [r for r in land(m) if r.terrain == "black_mountain"]
    assert m.mountain_mask == sum(r.bit for r in black)
    assert len(black) <= BLACK_MOUNTAIN_MARKERS
    assert {where[r.id] for r in black} == {0, 1}


@pytest.mark.parametrize("players", TARGETS)
def test_land_degrees_and_interleaved_terrains(players: int) -> None:
    m = board(players)
    counted = m.land_mask | m.kind_mask("river")
    degrees = [(m.neighbor_masks[r.id] & counted).bit_count() for r in land(m)]
    assert min(degrees) >= 3 and max(degrees) <= 6
    assert 4.0 <= sum(degrees) / len(degrees) <= 4.6
    same = [(a, b) for a, b in m.adjacency() if m.regions[a].terrain == m.regions[b].terrain
            and m.regions[a].kind == "land"]
    assert len(same) <= 4


@pytest.mark.parametrize("players", DESIGNED)
def test_designed_boards_follow_the_layout_rules(players: int) -> None:
    m = board(players)
    split = sorted(len(piece) for piece in banks(m))
    assert split[1] - split[0] <= 2
    lairs = with_symbol(m, "lair")
    per_terrain = Counter(r.terrain for r in lairs)
    assert max(per_terrain.values()) - min(per_terrain.get(t, 0) for t in LAND) <= 1
    assert sum(r.at_board_edge for r in lairs) <= 2
    where = bank_of(m)
    assert sorted(Counter(where[r.id] for r in lairs).values()) == LAIR_BANKS[players]
    chasms = [r for r in m.regions if r.kind == "chasm"]
    assert sum(not r.at_board_edge for r in chasms) in (1, 2)


@pytest.mark.parametrize("players", (3, 4, 5))
def test_designed_boards_say_so(players: int) -> None:
    text = (maps_dir() / f"underground-{players}p.map").read_text(encoding="utf-8")
    header = "".join(line for line in text.splitlines(keepends=True) if line.startswith("#"))
    assert "our design, not an official board" in " ".join(header.split())


def test_2p_matches_the_official_topology() -> None:
    reference = shared_json("maps-reference", "underground-2p.json")
    m = board(2)
    assert len(m.regions) == len(reference["regions"])
    assert (m.players, m.turns) == (reference["players"], reference["turns"])
    for theirs in reference["regions"]:
        ours = m.regions[int(theirs["id"].removesuffix("u"))]
        assert {
            "terrain": ours.terrain,
            "edge": ours.at_board_edge,
            "entry": ours.border,
            "coastal": ours.coastal,
            "lair": "lair" in ours.symbols,
            "volcano": "volcano" in ours.symbols,
            "black mountain marker": ours.mountain,
            "neighbours": {f"{n}u" for n in ours.neighbors},
        } == {
            "terrain": REFERENCE_TERRAINS[theirs["terrain"]],
            "edge": theirs["edge"],
            "entry": theirs["edge"] and theirs["terrain"] != "chasm",
            "coastal": theirs["coastal"],
            "lair": theirs["monster_lair"],
            "volcano": theirs["volcano_symbol"],
            "black mountain marker": theirs["black_mountain_marker"],
            "neighbours": set(theirs["adjacent"]),
        }, theirs["id"]
    river_ends = {r["id"] for r in reference["regions"] if r["river_end"]}
    assert {f"{r.id}u" for r in m.regions if r.kind == "river" and r.border} == river_ends


def test_4p_keeps_its_inventory() -> None:
    inventory = shared_json("maps-reference", "underground-4p-inventory.json")
    m = board(4)
    assert (m.players, m.turns) == (inventory["players"], inventory["turns"])
    assert len(m.regions) == len(inventory["regions"])
    where = bank_of(m)
    bank_names: dict[str, set[int]] = {}
    for ours, theirs in zip(m.regions, inventory["regions"], strict=True):
        assert ours.terrain == theirs["terrain"], theirs["id"]
        assert ours.at_board_edge == bool(theirs["edge_sides"]), theirs["id"]
        assert ("lair" in ours.symbols) == (theirs["id"] in inventory["monster_lairs"])
        assert ("volcano" in ours.symbols) == (theirs["id"] in inventory["volcano_chasms"])
        if theirs.get("coastal") is True:
            assert ours.coastal, theirs["id"]
        if ours.kind == "land":
            bank_names.setdefault(theirs["bank"], set()).add(where[ours.id])
    assert bank_names["west"] != bank_names["east"]
    assert all(len(found) == 1 for found in bank_names.values())
    rivers = [r for r in m.regions if r.kind == "river"]
    names = [theirs["id"] for theirs in inventory["regions"]]
    assert [names[r.id] for r in rivers] == ["R1", "R2", "R3", "R4", "R5"]
    for a, b in itertools.pairwise(rivers):
        assert b.id in a.neighbors
    assert [names[r.id] for r in rivers if r.border] == ["R1", "R5"]
