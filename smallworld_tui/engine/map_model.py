"""The board model: regions with their derived attributes and a map with bitmasks.

A map is derived from a grid of region ids (``EMPTY`` where a cell is no region): adjacency,
board edge, border, coast and islands all follow from the drawing (docs/map-format.md).
What terrains and symbols a map may use comes from its game's data table (``Legend``).
Standard library only.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import InitVar, dataclass, field
from types import MappingProxyType
from typing import Any, NamedTuple

from smallworld_tui.engine.bitset import bits
from smallworld_tui.engine.tables import per_tables, table

KINDS = ("land", "water", "river", "chasm")
EMPTY = -1  # the grid value of a cell that belongs to no region (open sea around islands)
MOUNTAIN = "mountain"  # the terrain whose regions, and those of its equivalents, get a marker

Cell = tuple[int, int]


@dataclass(frozen=True, order=True)
class Face:
    """One face of a physical board (Small World of Warcraft): board "L1", side "A"."""

    board: str
    side: str

    @property
    def size(self) -> str:
        """The board's size letter (S, M or L), the first letter of its name."""
        return self.board[0]

    @property
    def name(self) -> str:
        """The face's name, e.g. "L1-A"."""
        return f"{self.board}-{self.side}"


@dataclass(frozen=True)
class Legend:
    """What the maps of one game may hold, from its data table: each terrain's kind, each
    symbol's allowed kinds, the terrains that get a mountain marker, and the player range."""

    game: str
    terrains: Mapping[str, str]
    symbols: Mapping[str, frozenset[str]]
    mountains: frozenset[str]
    players: tuple[int, int]
    #: what the set-up puts on the map from the box: (on "terrain" or "symbol", its id,
    #: pieces per region, pieces in the box, the pieces' English name)
    supply: tuple[tuple[str, str, int, int, str], ...] = ()


@per_tables
def legend(game: str) -> Legend:
    """The legend of a game (KeyError for an unknown game)."""
    data = table(game)
    terrains: dict[str, dict[str, Any]] = data.get("terrains", {})
    symbols: dict[str, dict[str, Any]] = data.get("symbols", {})
    return Legend(
        game=game,
        terrains=MappingProxyType({t: row["kind"] for t, row in terrains.items()}),
        symbols=MappingProxyType({s: frozenset(row["on"]) for s, row in symbols.items()}),
        mountains=frozenset(
            t for t, row in terrains.items()
            if t == MOUNTAIN
            or any(e.get("terrain") == MOUNTAIN for e in row.get("equivalent", []))
        ),
        players=(data["players"]["min"], data["players"]["max"]),
        supply=tuple(
            (*row["setup"].split(":", 1), int(row["per_region"]), int(row["count"]),
             row["name_en"])
            for row in data.get("pieces", {}).values() if "setup" in row),
    )


@dataclass(frozen=True, slots=True)
class Region:
    """One region of a map, with everything the rules need to know about it."""

    id: int
    code: str
    terrain: str
    kind: str
    symbols: frozenset[str]
    mountain: bool
    mine: bool
    magic: bool
    cavern: bool
    lost_tribe: bool
    water: bool
    at_board_edge: bool
    border: bool
    coastal: bool
    island: int
    cells: tuple[Cell, ...]
    neighbors: frozenset[int]
    bit: int


@dataclass(frozen=True, slots=True)
class RegionSpec:
    """What a map file says of a region; everything else is derived from the grid."""

    id: int
    code: str
    terrain: str
    symbols: frozenset[str]


#: the fields of a ``Map`` worked out from its regions: masks, then masks by name, then
#: those with an entry per region, per island or per pair of adjacent regions
_MASKS = ("all_mask", "land_mask", "water_mask", "border_mask", "coastal_mask", "edge_mask",
          "mountain_mask", "mine_mask", "magic_mask", "cavern_mask", "lost_tribe_mask")
_NAMED_MASKS = ("_terrain_masks", "_kind_masks", "_symbol_masks")
_LISTS = ("neighbor_masks", "islands", "_adjacency")


class Placed(NamedTuple):
    """A map where a map joining it with others puts it (``Map.placed``)."""

    regions: tuple[Region, ...]
    rows: tuple[tuple[int, ...], ...]  # the drawing, region ids moved
    derived: dict[str, Any]  # the derived fields of the map (see ``joined``), moved


@dataclass(frozen=True)
class Map:
    """A parsed map: regions indexed by id, the drawing, and bitmasks (bit i = region i).

    ``faces`` names the board face of each island on a map joined from faces (a single face
    read from its file has one, and no players or turns: 0); other maps have none.
    ``derived``: the derived fields, when they are known already (a map joined from others,
    ``joined``); else worked out from the regions."""

    name: str
    title: str
    players: int
    turns: int
    regions: tuple[Region, ...]
    grid: tuple[tuple[int, ...], ...]
    links: tuple[tuple[int, int], ...]
    game: str = "base"
    faces: tuple[Face, ...] = ()
    all_mask: int = field(init=False)
    land_mask: int = field(init=False)
    water_mask: int = field(init=False)
    border_mask: int = field(init=False)
    coastal_mask: int = field(init=False)
    edge_mask: int = field(init=False)
    mountain_mask: int = field(init=False)
    mine_mask: int = field(init=False)
    magic_mask: int = field(init=False)
    cavern_mask: int = field(init=False)
    lost_tribe_mask: int = field(init=False)
    neighbor_masks: tuple[int, ...] = field(init=False)
    islands: tuple[int, ...] = field(init=False)
    _terrain_masks: Mapping[str, int] = field(init=False, repr=False, compare=False)
    _kind_masks: Mapping[str, int] = field(init=False, repr=False, compare=False)
    _symbol_masks: Mapping[str, int] = field(init=False, repr=False, compare=False)
    _adjacency: tuple[tuple[int, int], ...] = field(init=False, repr=False, compare=False)
    _adjacent: dict[int, int] = field(init=False, repr=False, compare=False)
    _placed: dict[tuple[int, int, int, int, str], Placed] = field(
        init=False, repr=False, compare=False)
    derived: InitVar[Mapping[str, Any] | None] = None

    def __post_init__(self, derived: Mapping[str, Any] | None) -> None:
        values = self._derive() if derived is None else derived
        for name, value in values.items():
            object.__setattr__(self, name, value)
        object.__setattr__(self, "_adjacent", {})
        object.__setattr__(self, "_placed", {})

    def _derive(self) -> dict[str, Any]:
        """The derived fields, worked out from the regions."""
        terms = legend(self.game)
        regions = self.regions
        # the regions of each terrain, kind, symbol, island and flag, in one pass (a
        # Warcraft game joins a board set of its own)
        terrains = dict.fromkeys(terms.terrains, 0)
        kinds = dict.fromkeys(KINDS, 0)
        symbols = dict.fromkeys(terms.symbols, 0)
        islands = [0] * (1 + max((r.island for r in regions), default=-1))
        every = water = border = coastal = edge = mountain = 0
        neighbor_masks = []
        adjacency = []
        for r in regions:
            bit = r.bit
            every |= bit
            if r.terrain in terrains:
                terrains[r.terrain] |= bit
            if r.kind in kinds:
                kinds[r.kind] |= bit
            for s in r.symbols:
                if s in symbols:
                    symbols[s] |= bit
            islands[r.island] |= bit
            if r.water:
                water |= bit
            if r.border:
                border |= bit
            if r.coastal:
                coastal |= bit
            if r.at_board_edge:
                edge |= bit
            if r.mountain:
                mountain |= bit
            near = 0
            for n in r.neighbors:
                near |= 1 << n
                if r.id < n:
                    adjacency.append((r.id, n))
            neighbor_masks.append(near)
        adjacency.sort()
        return {
            "all_mask": every,
            "land_mask": kinds["land"],
            "water_mask": water,
            "border_mask": border,
            "coastal_mask": coastal,
            "edge_mask": edge,
            "mountain_mask": mountain,
            "mine_mask": symbols.get("mine", 0),
            "magic_mask": symbols.get("magic", 0),
            "cavern_mask": symbols.get("cavern", 0),
            "lost_tribe_mask": symbols.get("lost_tribe", 0),
            "neighbor_masks": tuple(neighbor_masks),
            "islands": tuple(islands),
            "_terrain_masks": MappingProxyType(terrains),
            "_kind_masks": MappingProxyType(kinds),
            "_symbol_masks": MappingProxyType(symbols),
            "_adjacency": tuple(adjacency),
        }

    def terrain_mask(self, terrain: str) -> int:
        """Bits of the regions of one terrain: 0 if the map has none, KeyError for a terrain
        the map's game does not declare."""
        return self._terrain_masks[terrain]

    def kind_mask(self, kind: str) -> int:
        """Bits of the regions of one kind (land, water, river, chasm; KeyError otherwise)."""
        return self._kind_masks[kind]

    def symbol_mask(self, symbol: str) -> int:
        """Bits of the regions showing a symbol: 0 if none does, KeyError for a symbol the
        map's game does not declare."""
        return self._symbol_masks[symbol]

    def adjacent(self, mask: int) -> int:
        """Bits of the regions next to any region of ``mask`` (those of ``mask`` included
        when they touch each other): the union of their ``neighbor_masks`` (remembered: an
        army asks again for the same regions)."""
        memo = self._adjacent
        near = memo.get(mask)
        if near is None:
            near = 0
            neighbors = self.neighbor_masks
            for r in bits(mask):
                near |= neighbors[r]
            if len(memo) >= _ADJACENT_MEMO:
                memo.clear()
            memo[mask] = near
        return near

    def placed(self, *, offset: int, islands: int, down: int, right: int,
               label: str) -> Placed:
        """This map where a map joining it with others puts it: its regions ``moved``, each
        coded "<label>:<id>", its drawing and derived fields with region ids ``offset``
        further (remembered: the board sets of a game put each face in few places)."""
        key = (offset, islands, down, right, label)
        memo = self._placed
        found = memo.get(key)
        if found is None:
            regions = tuple(moved(r, offset=offset, code=f"{label}:{r.id:02d}", islands=islands,
                                  down=down, right=right) for r in self.regions)
            rows = tuple(tuple([EMPTY if c == EMPTY else c + offset for c in row])
                         for row in self.grid)
            derived: dict[str, Any] = {name: getattr(self, name) << offset for name in _MASKS}
            for name in _NAMED_MASKS:
                derived[name] = {k: v << offset for k, v in getattr(self, name).items()}
            derived["neighbor_masks"] = tuple(m << offset for m in self.neighbor_masks)
            derived["islands"] = tuple(m << offset for m in self.islands)
            derived["_adjacency"] = tuple((a + offset, b + offset) for a, b in self._adjacency)
            if len(memo) >= _PLACED_MEMO:
                memo.clear()
            found = memo[key] = Placed(regions, rows, derived)
        return found

    def adjacency(self) -> list[tuple[int, int]]:
        """Every pair of adjacent regions as (a, b) with a < b, sorted."""
        return list(self._adjacency)

    def to_json(self) -> dict[str, Any]:
        """The topology as plain JSON data (the `maps export --json` format)."""
        keys = ("mountain", "mine", "magic", "cavern", "lost_tribe", "water", "border",
                "at_board_edge", "coastal")
        return {
            "name": self.name,
            "title": self.title,
            "game": self.game,
            "faces": [face.name for face in self.faces],
            "players": self.players,
            "turns": self.turns,
            "regions": [
                {"id": r.id, "code": r.code, "terrain": r.terrain, "kind": r.kind}
                | {k: getattr(r, k) for k in keys}
                | {"symbols": sorted(r.symbols), "island": r.island,
                   "neighbors": sorted(r.neighbors)}
                for r in self.regions
            ],
            "adjacency": [list(pair) for pair in self._adjacency],
        }


_ADJACENT_MEMO = 1 << 12  # masks ``Map.adjacent`` remembers before it starts afresh
_PLACED_MEMO = 64  # placements ``Map.placed`` remembers before it starts afresh


def joined(parts: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The derived fields of a map joining maps placed apart, from theirs as placed
    (``Placed.derived``, in the order of their regions): what ``Map`` works out from the
    joined regions, without a pass over them (each region keeps what its own map derived)."""
    out: dict[str, Any] = {}
    for name in _MASKS:
        mask = 0
        for part in parts:
            mask |= part[name]
        out[name] = mask
    for name in _NAMED_MASKS:
        masks = dict.fromkeys(parts[0][name], 0)
        for part in parts:
            for key, mask in part[name].items():
                masks[key] |= mask
        out[name] = MappingProxyType(masks)
    for name in _LISTS:
        out[name] = tuple(itertools.chain.from_iterable(part[name] for part in parts))
    return out


def _sides(grid: tuple[tuple[int, ...], ...]
           ) -> tuple[dict[int, list[Cell]], set[tuple[int, int]], set[int]]:
    """Cells of each region, pairs of regions sharing a side, and regions with a side on the
    board edge (the grid's frame or an empty cell)."""
    cells: dict[int, list[Cell]] = {}
    for r, row in enumerate(grid):
        for c, here in enumerate(row):
            if here != EMPTY:
                cells.setdefault(here, []).append((r, c))
    framed = [(EMPTY, *row, EMPTY) for row in grid]
    blank = (EMPTY,) * (len(grid[0]) + 2)
    framed = [blank, *framed, blank]
    pairs: set[tuple[int, int]] = set()
    for row in framed:  # cells side by side
        pairs.update(itertools.pairwise(row))
    for up, down in itertools.pairwise(framed):  # one above the other
        pairs.update(zip(up, down, strict=True))
    touching = {(min(a, b), max(a, b)) for a, b in pairs if a != b and EMPTY not in (a, b)}
    edge = {a if b == EMPTY else b for a, b in pairs if a != b and EMPTY in (a, b)}
    return cells, touching, edge


def _components(neighbors: Mapping[int, set[int]]) -> dict[int, int]:
    """Island index of each region: components of the adjacency, numbered by their lowest id."""
    island: dict[int, int] = {}
    index = -1
    for start in sorted(neighbors):
        if start in island:
            continue
        index += 1
        island[start] = index
        todo = [start]
        while todo:
            for n in neighbors[todo.pop()]:
                if n not in island:
                    island[n] = index
                    todo.append(n)
    return island


def moved(region: Region, *, offset: int, code: str, islands: int, down: int,
          right: int) -> Region:
    """A region of one map where a map joining it with others puts it: its id, bit and
    neighbours ``offset`` further, its island ``islands`` further, its cells ``down`` rows and
    ``right`` columns further, under ``code``. Everything else is as derived on its own map:
    the joined maps lie apart (empty cells between them, no links across), so the drawing
    around each region is the same."""
    r = region  # every field named (``dataclasses.replace`` costs many times more: tested alike)
    return Region(
        id=r.id + offset, code=code, terrain=r.terrain, kind=r.kind, symbols=r.symbols,
        mountain=r.mountain, mine=r.mine, magic=r.magic, cavern=r.cavern,
        lost_tribe=r.lost_tribe, water=r.water, at_board_edge=r.at_board_edge,
        border=r.border, coastal=r.coastal, island=r.island + islands,
        cells=tuple([(y + down, x + right) for y, x in r.cells]),
        neighbors=frozenset([n + offset for n in r.neighbors]), bit=r.bit << offset)


def derive_map(*, name: str, title: str, game: str, players: int, turns: int,
               grid: tuple[tuple[int, ...], ...], specs: Iterable[RegionSpec],
               links: tuple[tuple[int, int], ...] = (), faces: tuple[Face, ...] = ()) -> Map:
    """Build a map from a valid drawing: ``specs`` numbered 0..N-1, each drawn in ``grid`` as
    one connected area, terrains and symbols declared by ``game``."""
    terms = legend(game)
    cells, touching, edge = _sides(grid)
    rows = sorted(specs, key=lambda s: s.id)
    neighbors: dict[int, set[int]] = {s.id: set() for s in rows}
    for a, b in [*touching, *links]:
        neighbors[a].add(b)
        neighbors[b].add(a)
    island = _components(neighbors)
    kind = {s.id: terms.terrains[s.terrain] for s in rows}
    open_water = {i for i in edge if kind[i] == "water"}
    shore = {i for i, k in kind.items() if k in ("water", "river")}
    regions = tuple(
        Region(
            id=s.id,
            code=s.code,
            terrain=s.terrain,
            kind=kind[s.id],
            symbols=s.symbols,
            mountain=s.terrain in terms.mountains,
            mine="mine" in s.symbols,
            magic="magic" in s.symbols,
            cavern="cavern" in s.symbols,
            lost_tribe="lost_tribe" in s.symbols,
            water=kind[s.id] == "water",
            at_board_edge=s.id in edge,
            border=kind[s.id] != "chasm" and (
                s.id in edge or (kind[s.id] == "land" and bool(neighbors[s.id] & open_water))),
            coastal=kind[s.id] == "land" and bool(neighbors[s.id] & shore),
            island=island[s.id],
            cells=tuple(cells[s.id]),
            neighbors=frozenset(neighbors[s.id]),
            bit=1 << s.id,
        )
        for s in rows
    )
    return Map(name=name, title=title, players=players, turns=turns, regions=regions,
               grid=grid, links=links, game=game, faces=faces)
