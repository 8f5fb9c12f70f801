"""The map file format: parser and validator, reporting every problem with line and column.

Sections ``[map]``, ``[grid]``, ``[regions]`` and ``[links]`` (docs/map-format.md). Terrains and
symbols are checked against the game named in ``[map]``; sizes, player counts and turn counts
against the limits below, so that no file can make the program use a board its game cannot
play or run out of memory. Standard library only.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import NamedTuple

from smallworld_tui.engine.map_faces import BoardRules, board_rules, face_problems
from smallworld_tui.engine.map_model import (
    EMPTY,
    Face,
    Legend,
    Map,
    RegionSpec,
    derive_map,
    legend,
)
from smallworld_tui.engine.registry import games

SECTIONS = ("map", "grid", "regions", "links")
MAP_KEYS = ("name", "title", "game", "players", "turns", "board", "side")
REQUIRED_MAP_KEYS = ("name", "players", "turns")
FACE_KEYS = ("name", "board", "side")  # a board face instead names its board and side
EMPTY_CELL = ".."

MAX_TURNS = 30
MAX_REGIONS = 100
MAX_ROWS = 60
MAX_COLUMNS = 120
MAX_CHARACTERS = 256 * 1024

_SECTION = re.compile(r"\[([^\]]*)\]\Z")
_CODE = re.compile(r"[A-Za-z0-9]{2}\Z")
_NUMBER = re.compile(r"[0-9]{1,9}\Z")


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


class _Token(NamedTuple):
    """One word of the file where it stands (a tuple: a file has hundreds, and a frozen
    dataclass costs three attribute calls to build each)."""

    line: int
    column: int
    text: str


class _Row(NamedTuple):
    """A line of the grid: its words, each a cell. A cell's column is worked out only for a
    problem (a grid has hundreds of cells, and a well-formed one reports none)."""

    line: int
    content: str
    words: list[str]

    def token(self, index: int) -> _Token:
        """Cell ``index`` of the row, where it stands."""
        return _tokens(self.line, self.content)[index]


@dataclass(slots=True)
class _RegionRow:
    code: _Token
    number: _Token
    terrain: str
    symbols: frozenset[str]
    id: int = -1


def _tokens(line: int, content: str) -> list[_Token]:
    """The words of one line, each with its column (``str.split`` splits at the whitespace
    ``\\S+`` stops at, and costs less than a match object per word)."""
    found = []
    column = 0
    for word in content.split():
        column = content.index(word, column)
        found.append(_Token(line, column + 1, word))
        column += len(word)
    return found


def _known(values: Iterable[str]) -> str:
    return ", ".join(values)


def _shown(value: str) -> str:
    """A value quoted for a message, cut short if it is long."""
    return repr(value if len(value) <= 24 else value[:20] + "...")


def _areas(codes: list[list[str]]) -> Iterator[tuple[int, int, str]]:
    """(row, column, code) of the first cell, in reading order, of each connected area of
    cells sharing a code (EMPTY_CELL excluded).  The grid is flattened with an empty column
    after each row and an empty row at the end, so a cell's four neighbours are found by
    index without bounds tests (the row before the first is the last, empty one); a cell
    is marked seen by emptying it (the loop then reads it empty)."""
    width = max(map(len, codes), default=0) + 1
    flat: list[str | None] = []
    for row in codes:
        flat += row
        flat += [None] * (width - len(row))
    flat += [None] * width
    for start, code in enumerate(flat):
        if code is None or code == EMPTY_CELL:
            continue
        yield start // width, start % width, code
        flat[start] = None
        todo = [start]
        for here in todo:  # grows while read: every cell of the area, once
            for near in (here - 1, here + 1, here - width, here + width):
                if flat[near] == code:
                    flat[near] = None
                    todo.append(near)


class _Parser:
    """Reads one map file, collecting every problem it can find before giving up."""

    def __init__(self, text: str) -> None:
        self.problems: list[MapProblem] = []
        self.headers: dict[str, int] = {}
        self.bodies: dict[str, list[list[_Token]]] = {s: [] for s in SECTIONS}
        self.grid: list[_Row] = []  # the [grid] section's lines (their words alone)
        self.lines: dict[int, str] = {}
        self.meta: dict[str, str] = {}
        self.meta_at: dict[str, tuple[int, int]] = {}
        self.face: Face | None = None
        self.rules: BoardRules | None = None
        self.legend: Legend | None = None
        self.rows: list[_RegionRow] = []
        self.by_code: dict[str, _RegionRow] = {}
        self.cells: list[_Row] = []
        self.links: list[tuple[_RegionRow, _RegionRow]] = []
        if len(text) > MAX_CHARACTERS:
            self.problem(0, 0, f"the file holds {len(text)} characters: a map file holds at "
                               f"most {MAX_CHARACTERS}")
            return
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
            content = self.lines[number] = raw.split("#", 1)[0]
            words = content.split()
            if not words:
                continue
            if words[0].startswith("["):
                section = self._header(_tokens(number, content))
            elif section is None:
                self.at(_tokens(number, content)[0],
                        "text outside a section: the file starts with [map]")
                section = ""
            elif section == "grid":
                self.grid.append(_Row(number, content, words))
            elif section:
                self.bodies[section].append(_tokens(number, content))

    def _header(self, tokens: list[_Token]) -> str:
        text = " ".join(t.text for t in tokens)
        match = _SECTION.match(text)
        if match is None:
            self.at(tokens[0], f"bad section header {_shown(text)}: expected [name]")
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

    # --- [map] --------------------------------------------------------------------------

    def _parse_meta(self) -> None:
        present: dict[str, int] = {}  # key -> its line
        for tokens in self.bodies["map"]:
            line = tokens[0].line
            content = self.lines[line]
            key, equals, rest = content.partition("=")
            key, value = key.strip(), rest.strip()
            column = len(content) - len(rest.lstrip()) + 1
            if not equals or not key:
                self.at(tokens[0], "expected 'key = value'")
            elif key not in MAP_KEYS:
                self.at(tokens[0], f"unknown [map] key {_shown(key)} (known: {_known(MAP_KEYS)})")
            elif key in present:
                self.at(tokens[0], f"[map] key {key!r} given twice")
            elif not value:
                self.problem(line, column, f"[map] key {key!r} has no value")
            else:
                self.meta[key] = value
                self.meta_at[key] = (line, column)
            present.setdefault(key, line)
        face = "board" in present or "side" in present
        if "map" in self.headers:
            required = FACE_KEYS if face else REQUIRED_MAP_KEYS
            for key in required:
                if key not in present:
                    self.problem(self.headers["map"], 1, f"[map] lacks the key {key!r}")
        game = self.meta.get("game", "base")
        if game in games():
            self.legend = legend(game)
            self._check_number("players", *self.legend.players, f"the {game} game")
        else:
            self.problem(*self.meta_at["game"],
                         f"unknown game {_shown(game)} (known: {_known(games())})")
        self._check_number("turns", 1, MAX_TURNS, "a map")
        if face and self.legend is not None:
            self._check_face(present)

    def _check_number(self, key: str, low: int, high: int, what: str) -> None:
        """A [map] value that must be a whole number in a range."""
        value = self.meta.get(key)
        if value is not None and not (_NUMBER.match(value) and low <= int(value) <= high):
            self.problem(*self.meta_at[key], f"{key} must be a whole number from {low} "
                                             f"to {high} for {what}, not {_shown(value)}")

    def _check_face(self, present: dict[str, int]) -> None:
        """A board face: its game has faces, its board and side exist, and it names no
        player count (its board set does)."""
        assert self.legend is not None
        game = self.legend.game
        rules = board_rules(game)
        if rules is None:
            where = min(present[k] for k in ("board", "side") if k in present)
            self.problem(where, 1, f"the {game} game has no board faces, so no 'board' "
                                   f"or 'side'")
            return
        valid = True
        for key, known in (("board", rules.boards()), ("side", rules.sides)):
            value = self.meta.get(key)
            if value is not None and value not in known:
                self.problem(*self.meta_at[key], f"unknown {key} {_shown(value)} in the {game} "
                                                 f"game (known: {_known(known)})")
            valid = valid and value in known
        for key in ("players", "turns"):
            if key in present:
                self.problem(present[key], 1, f"a face has no {key}: its board set gives them")
                valid = False
        if valid:
            self.face = Face(self.meta["board"], self.meta["side"])
            self.rules = rules

    # --- [regions] ----------------------------------------------------------------------

    def _parse_regions(self) -> None:
        ids: dict[int, _RegionRow] = {}
        for tokens in self.bodies["regions"]:
            if len(tokens) < 3:
                self.at(tokens[0], "expected 'CODE ID TERRAIN [SYMBOLS...]'")
                continue
            if len(self.rows) == MAX_REGIONS:
                self.at(tokens[0], f"too many regions: a map holds at most {MAX_REGIONS}")
                break
            code, number, terrain, *symbols = tokens
            row = _RegionRow(code, number, terrain.text, frozenset(s.text for s in symbols))
            self.rows.append(row)
            if not _CODE.match(code.text):
                self.at(code, f"bad region code {_shown(code.text)}: "
                              f"expected 2 letters or digits")
            elif code.text in self.by_code:
                first = self.by_code[code.text].code.line
                self.at(code, f"duplicate region code {code.text!r} (first at line {first})")
            else:
                self.by_code[code.text] = row
            if not _NUMBER.match(number.text):
                self.at(number, f"region id must be a non-negative integer, "
                                f"not {_shown(number.text)}")
            elif int(number.text) in ids:
                first = ids[int(number.text)].code.line
                self.at(number, f"duplicate region id {number.text} (first at line {first})")
            else:
                row.id = int(number.text)
                ids[row.id] = row
            if self.legend is not None:
                self._check_terrain(terrain, symbols)
        if self.legend is not None:
            self._check_supply()
        count = len(self.rows)
        if "regions" in self.headers and not count:
            self.problem(self.headers["regions"], 1, "the map has no regions")
        for value, row in sorted(ids.items()):
            if value >= count:
                self.at(row.number, f"region id {value} out of range: the {count} regions "
                                    f"must be numbered 0 to {count - 1}")

    def _check_terrain(self, terrain: _Token, symbols: list[_Token]) -> None:
        """The terrain and the symbols of one region against the game's legend."""
        assert self.legend is not None
        game, terrains, known = self.legend.game, self.legend.terrains, self.legend.symbols
        kind = terrains.get(terrain.text)
        if kind is None:
            self.at(terrain, f"unknown terrain {_shown(terrain.text)} in the {game} game "
                             f"(known: {_known(terrains) or 'none'})")
        seen: set[str] = set()
        for symbol in symbols:
            allowed = known.get(symbol.text)
            if allowed is None:
                self.at(symbol, f"unknown symbol {_shown(symbol.text)} in the {game} game "
                                f"(known: {_known(known) or 'none'})")
            elif symbol.text in seen:
                self.at(symbol, f"symbol {symbol.text!r} given twice")
            elif kind is not None and kind not in allowed:
                self.at(symbol, f"symbol {symbol.text!r} cannot be on a {kind} region "
                                f"({terrain.text}): it goes on {' or '.join(sorted(allowed))}")
            seen.add(symbol.text)

    def _check_supply(self) -> None:
        """The set-up must find enough pieces in the box (Monsters for the lairs, markers
        for the Black Mountains…): the region that would need one too many is at fault."""
        assert self.legend is not None
        for on, name, per_region, count, piece in self.legend.supply:
            placed = 0
            for row in self.rows:
                if not (row.terrain == name if on == "terrain" else name in row.symbols):
                    continue
                placed += per_region
                if placed > count:
                    self.at(row.code, f"too many regions with the {on} {name!r} for the "
                                      f"{self.legend.game} game's {count} {piece} pieces "
                                      f"({per_region} on each)")
                    break

    # --- [grid] -------------------------------------------------------------------------

    def _parse_grid(self) -> None:
        unknown: set[str] = set()
        rows = self.grid
        width = len(rows[0].words) if rows else 0
        if width > MAX_COLUMNS:
            self.at(rows[0].token(MAX_COLUMNS),
                    f"the grid is too wide: at most {MAX_COLUMNS} cells a row")
            return
        drawn = {*self.by_code, EMPTY_CELL}  # the cells that are fine (codes of [regions])
        for row in rows:
            if len(self.cells) == MAX_ROWS:
                self.at(row.token(0), f"the grid is too tall: at most {MAX_ROWS} rows")
                return
            size = len(row.words)
            if size != width:
                column = row.token(width).column if size > width else row.token(-1).column + 3
                self.problem(row.line, column, f"ragged grid: this row has {size} "
                                               f"cells, the first row has {width}")
            if not drawn.issuperset(row.words):  # else no cell of the row has a problem
                for cell in _tokens(row.line, row.content):
                    if cell.text == EMPTY_CELL:
                        continue
                    if not _CODE.match(cell.text):
                        self.at(cell, f"bad cell {_shown(cell.text)}: expected a 2-character "
                                      f"region code or {EMPTY_CELL} for no region")
                    elif cell.text not in self.by_code and cell.text not in unknown:
                        unknown.add(cell.text)
                        self.at(cell, f"cell code {cell.text!r} is not listed in [regions]")
            self.cells.append(row)
        if "grid" in self.headers and not self.cells:
            self.problem(self.headers["grid"], 1, "the grid is empty")
        self._check_areas()

    def _check_areas(self) -> None:
        """Each region drawn as one connected area."""
        pieces: dict[str, int] = {}
        for r, c, code in _areas([row.words for row in self.cells]):
            pieces[code] = pieces.get(code, 0) + 1
            if pieces[code] == 2:
                self.at(self.cells[r].token(c), f"region {code!r} is cut in pieces: "
                                                f"its cells must form one connected area")
        for code, region in self.by_code.items():
            if code not in pieces:
                self.at(region.code, f"region {code!r} is not drawn in [grid]")

    def _touching(self) -> set[frozenset[str]]:
        """The pairs of codes whose cells share a side in the grid."""
        codes = [row.words for row in self.cells]
        pairs = [pair for row in codes for pair in itertools.pairwise(row)]
        pairs += [pair for up, down in itertools.pairwise(codes)
                  for pair in zip(up, down, strict=False)]
        return {frozenset(pair) for pair in pairs
                if pair[0] != pair[1] and EMPTY_CELL not in pair}

    # --- [links] ------------------------------------------------------------------------

    def _parse_links(self) -> None:
        seen: set[frozenset[str]] = set()
        touching = self._touching() if self.bodies["links"] else set()
        for tokens in self.bodies["links"]:
            if len(tokens) != 2:
                self.at(tokens[0], "expected a link 'CODE CODE'")
                continue
            ends = [self.by_code.get(t.text) for t in tokens]
            for token, end in zip(tokens, ends, strict=True):
                if end is None:
                    self.at(token, f"link names an unknown region code {_shown(token.text)}")
            a, b = ends
            if a is None or b is None:
                continue
            pair = frozenset((a.code.text, b.code.text))
            if a is b:
                self.at(tokens[1], "a link must join two different regions")
            elif pair in touching:
                self.at(tokens[0], f"{a.code.text} and {b.code.text} already share a side "
                                   f"in the grid: the link adds nothing")
            elif pair in seen:
                self.at(tokens[0], "duplicate link")
            else:
                seen.add(pair)
                self.links.append((a, b))

    def build(self) -> Map:
        """The map; call only when no problem was found."""
        assert self.legend is not None
        ids = {code: row.id for code, row in self.by_code.items()}
        ids[EMPTY_CELL] = EMPTY
        return derive_map(
            name=self.meta["name"],
            title=self.meta.get("title", self.meta["name"]),
            game=self.legend.game,
            players=int(self.meta.get("players", 0)),
            turns=int(self.meta.get("turns", 0)),
            grid=tuple(tuple([ids[cell] for cell in row.words]) for row in self.cells),
            specs=[RegionSpec(row.id, row.code.text, row.terrain, row.symbols)
                   for row in self.rows],
            links=tuple(sorted((min(a.id, b.id), max(a.id, b.id)) for a, b in self.links)),
            faces=(self.face,) if self.face else (),
        )

    def face_problems(self, m: Map) -> list[MapProblem]:
        """The board-face rules a face breaks, each at its region's line (or [map]'s)."""
        if self.face is None or self.rules is None:
            return []
        codes = {row.id: row.code for row in self.rows}
        return [MapProblem(self.headers["map"], 1, message) if region is None
                else MapProblem(codes[region].line, codes[region].column, message)
                for region, message in face_problems(m, self.face, self.rules)]


def parse_map(text: str, source: str = "<map>") -> Map:
    """Parse and validate a map file's text; raises MapError listing every problem found."""
    parser = _Parser(text)
    if not parser.problems:
        board = parser.build()
        parser.problems = parser.face_problems(board)
        if not parser.problems:
            return board
    problems = sorted(parser.problems, key=lambda p: (p.line, p.column))
    raise MapError(problems, source)
