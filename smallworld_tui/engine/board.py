"""Maps: the region-grid file format, its parser and validator, and the board model with bitmasks.

A map file draws every region as a connected set of grid cells; adjacency, board edge, border
and coast are derived from the drawing (see docs/map-format.md). Standard library only.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

TERRAINS = ("farmland", "forest", "hill", "swamp", "mountain", "sea", "lake")
FLAGS = ("mine", "magic", "cavern", "lost_tribe")
WATER_TERRAINS = frozenset({"sea", "lake"})
SECTIONS = ("map", "grid", "regions", "links")
MAP_KEYS = ("name", "title", "players", "turns")
REQUIRED_MAP_KEYS = ("name", "players", "turns")

_PACKAGE_DIR = Path(__file__).resolve().parent.parent
_SECTION = re.compile(r"\[([^\]]*)\]\Z")
_CODE = re.compile(r"[A-Za-z0-9]{2}\Z")
_NUMBER = re.compile(r"[0-9]+\Z")
_TOKEN = re.compile(r"\S+")

Cell = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Region:
    """One region of a map, with everything the rules need to know about it."""

    id: int
    code: str
    terrain: str
    mountain: bool
    mine: bool
    magic: bool
    cavern: bool
    lost_tribe: bool
    water: bool
    at_board_edge: bool
    border: bool
    coastal: bool
    cells: tuple[Cell, ...]
    neighbors: frozenset[int]
    bit: int

    @property
    def symbols(self) -> frozenset[str]:
        """The symbols shown on the region."""
        return frozenset(s for s in ("mine", "magic", "cavern", "lost_tribe") if getattr(self, s))


@dataclass(frozen=True)
class Map:
    """A parsed map: regions indexed by id, the drawing, and bitmasks (bit i = region i)."""

    name: str
    title: str
    players: int
    turns: int
    regions: tuple[Region, ...]
    grid: tuple[tuple[int, ...], ...]
    links: tuple[tuple[int, int], ...]
    all_mask: int = field(init=False)
    land_mask: int = field(init=False)
    water_mask: int = field(init=False)
    border_mask: int = field(init=False)
    coastal_mask: int = field(init=False)
    mountain_mask: int = field(init=False)
    mine_mask: int = field(init=False)
    magic_mask: int = field(init=False)
    cavern_mask: int = field(init=False)
    lost_tribe_mask: int = field(init=False)
    neighbor_masks: tuple[int, ...] = field(init=False)
    _terrain_masks: dict[str, int] = field(init=False, repr=False, compare=False)
    _adjacency: tuple[tuple[int, int], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        def mask(attr: str) -> int:
            return sum(r.bit for r in self.regions if getattr(r, attr))

        every = sum(r.bit for r in self.regions)
        water = mask("water")
        values: dict[str, object] = {
            "all_mask": every,
            "land_mask": every & ~water,
            "water_mask": water,
            "border_mask": mask("border"),
            "coastal_mask": mask("coastal"),
            "mountain_mask": mask("mountain"),
            "mine_mask": mask("mine"),
            "magic_mask": mask("magic"),
            "cavern_mask": mask("cavern"),
            "lost_tribe_mask": mask("lost_tribe"),
            "neighbor_masks": tuple(
                sum(1 << n for n in r.neighbors) for r in self.regions
            ),
            "_terrain_masks": {
                t: sum(r.bit for r in self.regions if r.terrain == t) for t in TERRAINS
            },
            "_adjacency": tuple(
                sorted((r.id, n) for r in self.regions for n in r.neighbors if r.id < n)
            ),
        }
        for name, value in values.items():
            object.__setattr__(self, name, value)

    def terrain_mask(self, terrain: str) -> int:
        """Bits of the regions of one terrain (KeyError for an unknown terrain)."""
        return self._terrain_masks[terrain]

    @property
    def game(self) -> str:
        """The game this map is drawn for."""
        return "base"

    def symbol_mask(self, name: str) -> int:
        """Bits of the regions showing symbol ``name`` (KeyError for an unknown symbol)."""
        return {"mine": self.mine_mask, "magic": self.magic_mask, "cavern": self.cavern_mask,
                "lost_tribe": self.lost_tribe_mask}[name]

    def kind_mask(self, kind: str) -> int:
        """Bits of the regions of one terrain kind: land, water, river or chasm."""
        return {"land": self.land_mask, "water": self.water_mask}.get(kind, 0)

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
            "players": self.players,
            "turns": self.turns,
            "regions": [
                {"id": r.id, "code": r.code, "terrain": r.terrain}
                | {k: getattr(r, k) for k in keys}
                | {"neighbors": sorted(r.neighbors)}
                for r in self.regions
            ],
            "adjacency": [list(pair) for pair in self._adjacency],
        }


@dataclass(frozen=True)
class MapProblem:
    """One problem found in a map file; line and column are 1-based (line 0: the whole file)."""

    line: int
    column: int
    message: str

    def describe(self, source: str) -> str:
        """The problem as `SOURCE:LINE:COL: message` (`SOURCE: message` for line 0)."""
        if self.line <= 0:
            return f"{source}: {self.message}"
        return f"{source}:{self.line}:{self.column}: {self.message}"


class MapError(ValueError):
    """A map that cannot be loaded; str() lists every problem, one per line."""

    def __init__(self, problems: list[MapProblem], source: str) -> None:
        self.problems = problems
        self.source = source
        super().__init__("\n".join(p.describe(source) for p in problems))


@dataclass(frozen=True, slots=True)
class _Token:
    line: int
    column: int
    text: str


@dataclass(slots=True)
class _RegionRow:
    code: _Token
    number: _Token
    terrain: str
    flags: frozenset[str]
    id: int = -1


def _tokens(line: int, content: str) -> list[_Token]:
    return [_Token(line, m.start() + 1, m.group()) for m in _TOKEN.finditer(content)]


def _known(values: Iterable[str]) -> str:
    return ", ".join(values)


class _Parser:
    """Reads one map file, collecting every problem it can find before giving up."""

    def __init__(self, text: str) -> None:
        self.problems: list[MapProblem] = []
        self.headers: dict[str, int] = {}
        self.bodies: dict[str, list[list[_Token]]] = {s: [] for s in SECTIONS}
        self.lines: dict[int, str] = {}
        self.meta: dict[str, str] = {}
        self.rows: list[_RegionRow] = []
        self.by_code: dict[str, _RegionRow] = {}
        self.cells: list[list[_Token]] = []
        self.touching: set[frozenset[str]] = set()
        self.links: list[tuple[_RegionRow, _RegionRow]] = []
        self._split(text)
        for name in ("map", "grid", "regions"):
            if name not in self.headers:
                self.problem(1, 1, f"missing section [{name}]")
        self._parse_meta()
        self._parse_regions()
        self._parse_grid()
        self._parse_links()

    def problem(self, line: int, column: int, message: str) -> None:
        self.problems.append(MapProblem(line, column, message))

    def at(self, token: _Token, message: str) -> None:
        self.problem(token.line, token.column, message)

    def _split(self, text: str) -> None:
        section: str | None = None  # None: before any header; "": inside a bad section
        for number, raw in enumerate(text.splitlines(), start=1):
            self.lines[number] = raw.split("#", 1)[0]
            tokens = _tokens(number, self.lines[number])
            if not tokens:
                continue
            if tokens[0].text.startswith("["):
                section = self._header(tokens)
            elif section is None:
                self.at(tokens[0], "text outside a section: the file starts with [map]")
                section = ""
            elif section:
                self.bodies[section].append(tokens)

    def _header(self, tokens: list[_Token]) -> str:
        text = " ".join(t.text for t in tokens)
        match = _SECTION.match(text)
        if match is None:
            self.at(tokens[0], f"bad section header {text!r}: expected [name]")
            return ""
        name = match.group(1)
        if name not in SECTIONS:
            known = _known(f"[{s}]" for s in SECTIONS)
            self.at(tokens[0], f"unknown section [{name}] (known: {known})")
            return ""
        if name in self.headers:
            self.at(tokens[0], f"section [{name}] appears twice "
                               f"(first at line {self.headers[name]})")
            return ""
        self.headers[name] = tokens[0].line
        return name

    def _parse_meta(self) -> None:
        present: set[str] = set()
        for tokens in self.bodies["map"]:
            line = tokens[0].line
            content = self.lines[line]
            key, equals, rest = content.partition("=")
            key, value = key.strip(), rest.strip()
            value_column = len(content) - len(rest.lstrip()) + 1
            if not equals or not key:
                self.at(tokens[0], "expected 'key = value'")
            elif key not in MAP_KEYS:
                self.at(tokens[0], f"unknown [map] key {key!r} (known: {_known(MAP_KEYS)})")
            elif key in present:
                self.at(tokens[0], f"[map] key {key!r} given twice")
            elif not value:
                self.problem(line, value_column, f"[map] key {key!r} has no value")
            elif key in ("players", "turns") and not (_NUMBER.match(value) and int(value) > 0):
                self.problem(line, value_column,
                             f"{key} must be a positive integer, not {value!r}")
            else:
                self.meta[key] = value
            present.add(key)
        if "map" in self.headers:
            for key in REQUIRED_MAP_KEYS:
                if key not in present:
                    self.problem(self.headers["map"], 1, f"[map] lacks the key {key!r}")

    def _parse_regions(self) -> None:
        ids: dict[int, _RegionRow] = {}
        for tokens in self.bodies["regions"]:
            if len(tokens) < 3:
                self.at(tokens[0], "expected 'CODE ID TERRAIN [FLAGS...]'")
                continue
            code, number, terrain, *flags = tokens
            row = _RegionRow(code, number, terrain.text, frozenset(f.text for f in flags))
            self.rows.append(row)
            if not _CODE.match(code.text):
                self.at(code, f"bad region code {code.text!r}: expected 2 letters or digits")
            elif code.text in self.by_code:
                first = self.by_code[code.text].code.line
                self.at(code, f"duplicate region code {code.text!r} (first at line {first})")
            else:
                self.by_code[code.text] = row
            if not _NUMBER.match(number.text):
                self.at(number, f"region id must be a non-negative integer, not {number.text!r}")
            elif int(number.text) in ids:
                first = ids[int(number.text)].code.line
                self.at(number, f"duplicate region id {number.text} (first at line {first})")
            else:
                row.id = int(number.text)
                ids[row.id] = row
            if terrain.text not in TERRAINS:
                self.at(terrain, f"unknown terrain {terrain.text!r} (known: {_known(TERRAINS)})")
            seen: set[str] = set()
            for flag in flags:
                if flag.text not in FLAGS:
                    self.at(flag, f"unknown flag {flag.text!r} (known: {_known(FLAGS)})")
                elif flag.text in seen:
                    self.at(flag, f"flag {flag.text!r} given twice")
                seen.add(flag.text)
        count = len(self.rows)
        for value, row in sorted(ids.items()):
            if value >= count:
                self.at(row.number, f"region id {value} out of range: the {count} regions "
                                    f"must be numbered 0 to {count - 1}")

    def _parse_grid(self) -> None:
        unknown: set[str] = set()
        width = len(self.bodies["grid"][0]) if self.bodies["grid"] else 0
        for row in self.bodies["grid"]:
            if len(row) != width:
                column = row[width].column if len(row) > width else row[-1].column + 3
                self.problem(row[0].line, column, f"ragged grid: this row has {len(row)} "
                                                  f"cells, the first row has {width}")
            for cell in row:
                if not _CODE.match(cell.text):
                    self.at(cell, f"bad cell {cell.text!r}: expected a 2-character region code")
                elif cell.text not in self.by_code and cell.text not in unknown:
                    unknown.add(cell.text)
                    self.at(cell, f"cell code {cell.text!r} is not listed in [regions]")
            self.cells.append(row)
        if "grid" in self.headers and not self.cells:
            self.problem(self.headers["grid"], 1, "the grid is empty")
        pieces: dict[str, int] = {}
        done: set[Cell] = set()
        for r, row in enumerate(self.cells):
            for c, cell in enumerate(row):
                for rr, cc in ((r, c + 1), (r + 1, c)):
                    other = self._cell(rr, cc)
                    if other is not None and other.text != cell.text:
                        self.touching.add(frozenset((cell.text, other.text)))
                if (r, c) in done:
                    continue
                done |= self._piece(r, c)
                pieces[cell.text] = pieces.get(cell.text, 0) + 1
                if pieces[cell.text] == 2:
                    self.at(cell, f"region {cell.text!r} is cut in pieces: "
                                  f"its cells must form one connected area")
        for code, region in self.by_code.items():
            if code not in pieces:
                self.at(region.code, f"region {code!r} is not drawn in [grid]")

    def _cell(self, r: int, c: int) -> _Token | None:
        if 0 <= r < len(self.cells) and 0 <= c < len(self.cells[r]):
            return self.cells[r][c]
        return None

    def _piece(self, r: int, c: int) -> set[Cell]:
        """The cells with the same code as (r, c) that connect to it through shared sides."""
        code = self.cells[r][c].text
        piece, todo = {(r, c)}, [(r, c)]
        while todo:
            r, c = todo.pop()
            for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                cell = self._cell(*near)
                if cell is not None and cell.text == code and near not in piece:
                    piece.add(near)
                    todo.append(near)
        return piece

    def _parse_links(self) -> None:
        seen: set[frozenset[str]] = set()
        for tokens in self.bodies["links"]:
            if len(tokens) != 2:
                self.at(tokens[0], "expected a link 'CODE CODE'")
                continue
            ends = [self.by_code.get(t.text) for t in tokens]
            for token, end in zip(tokens, ends, strict=True):
                if end is None:
                    self.at(token, f"link names an unknown region code {token.text!r}")
            a, b = ends
            if a is None or b is None:
                continue
            pair = frozenset((a.code.text, b.code.text))
            if a is b:
                self.at(tokens[1], "a link must join two different regions")
            elif pair in self.touching:
                self.at(tokens[0], f"{a.code.text} and {b.code.text} already share a side "
                                   f"in the grid: the link adds nothing")
            elif pair in seen:
                self.at(tokens[0], "duplicate link")
            else:
                seen.add(pair)
                self.links.append((a, b))

    def build(self) -> Map:
        """The map; call only when no problem was found."""
        ids = tuple(tuple(self.by_code[cell.text].id for cell in row) for row in self.cells)
        height, width = len(ids), len(ids[0])
        cells: dict[int, list[Cell]] = {row.id: [] for row in self.rows}
        neighbors: dict[int, set[int]] = {row.id: set() for row in self.rows}
        for r, line in enumerate(ids):
            for c, here in enumerate(line):
                cells[here].append((r, c))
        links = tuple(sorted((min(a.id, b.id), max(a.id, b.id)) for a, b in self.links))
        touching = [tuple(self.by_code[code].id for code in pair) for pair in self.touching]
        for a, b in [*touching, *links]:
            neighbors[a].add(b)
            neighbors[b].add(a)
        rows = sorted(self.rows, key=lambda row: row.id)
        edge = {i for i, spots in cells.items()
                if any(r in (0, height - 1) or c in (0, width - 1) for r, c in spots)}
        water = {row.id for row in rows if row.terrain in WATER_TERRAINS}
        open_sea = {row.id for row in rows if row.terrain == "sea" and row.id in edge}
        regions = tuple(
            Region(
                id=row.id,
                code=row.code.text,
                terrain=row.terrain,
                mountain=row.terrain == "mountain",
                mine="mine" in row.flags,
                magic="magic" in row.flags,
                cavern="cavern" in row.flags,
                lost_tribe="lost_tribe" in row.flags,
                water=row.id in water,
                at_board_edge=row.id in edge,
                border=row.id in edge or (row.id not in water
                                          and bool(neighbors[row.id] & open_sea)),
                coastal=row.id not in water and bool(neighbors[row.id] & water),
                cells=tuple(cells[row.id]),
                neighbors=frozenset(neighbors[row.id]),
                bit=1 << row.id,
            )
            for row in rows
        )
        return Map(
            name=self.meta["name"],
            title=self.meta.get("title", self.meta["name"]),
            players=int(self.meta["players"]),
            turns=int(self.meta["turns"]),
            regions=regions,
            grid=ids,
            links=links,
        )


def parse_map(text: str, source: str = "<map>") -> Map:
    """Parse and validate a map file's text; raises MapError listing every problem found."""
    parser = _Parser(text)
    if parser.problems:
        problems = sorted(parser.problems, key=lambda p: (p.line, p.column))
        raise MapError(problems, source)
    return parser.build()


def load_map_file(path: str | os.PathLike[str]) -> Map:
    """Read and parse a map file (UTF-8); an unreadable file is a MapError at line 0."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise MapError([MapProblem(0, 0, f"cannot read the file: {exc}")], os.fspath(path)) from exc
    return parse_map(text, os.fspath(path))


def maps_dir() -> Path:
    """The folder of shipped maps (inside the installed package, else the checkout's maps/)."""
    packaged = _PACKAGE_DIR / "maps"
    return packaged if packaged.is_dir() else _PACKAGE_DIR.parent / "maps"


def list_maps() -> list[str]:
    """Names of the shipped maps, sorted."""
    return sorted(p.stem for p in maps_dir().glob("*.map"))


_shipped: dict[str, Map] = {}


def load_map(name_or_path: str) -> Map:
    """A shipped map by name (e.g. "base-4p", cached), or else a map file by path."""
    if name_or_path in _shipped:
        return _shipped[name_or_path]
    shipped = maps_dir() / f"{name_or_path}.map"
    if os.sep not in name_or_path and "/" not in name_or_path and shipped.is_file():
        _shipped[name_or_path] = load_map_file(shipped)
        return _shipped[name_or_path]
    if not Path(name_or_path).is_file():
        message = f"no such map file, nor a shipped map (shipped: {_known(list_maps())})"
        raise MapError([MapProblem(0, 0, message)], name_or_path)
    return load_map_file(name_or_path)


def map_for_players(players: int) -> str:
    """Name of the base map for a player count (2 to 5)."""
    if not 2 <= players <= 5:
        raise ValueError(f"the base game has maps for 2 to 5 players, not {players}")
    return f"base-{players}p"
