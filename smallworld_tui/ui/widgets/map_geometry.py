"""The geometry of a drawn map, without game state or widgets: scales, characters, labels'
places and the arrow keys' moves.

Layout: runs of identical grid rows/columns are merged into *bands*. Vertical region borders
are box-drawing lines between column bands. Horizontal borders are box-drawing lines between
row bands when the height allows ("boxed" layout); in short terminals they become an underline
on the last text row of the upper region ("compact" layout), so every base map fits 80×24.
Each band's size follows its number of grid cells times a scale chosen to fill the space the
map is given, keeping its cells roughly square (a character is about twice as tall as wide).
"""

from __future__ import annotations

import math
import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from textual.geometry import Region

from smallworld_tui.engine import EMPTY, Map
from smallworld_tui.ui import palette

OUT = EMPTY  # the "region" outside the board, and empty cells
MAX_LABEL_ROWS = 3
PLACED_KEPT = 4096  # labels placed and remembered per layout
# Scales tried: characters per grid cell, across and down.
X_STEPS = tuple(s / 4 for s in range(2, 49))  # 0.5 … 12
Y_STEPS = tuple(s / 4 for s in range(4, 25))  # 1 … 6
# How far a cell may be stretched from square (width / (2 × height) in characters).
ASPECT = (0.55, 1.8)

# Arms of a box-drawing character: up, right, down, left; weight 0 none, 1 light, 2 heavy.
Arms = tuple[int, ...]
_DIRECTIONS = {"UP": (0,), "RIGHT": (1,), "DOWN": (2,), "LEFT": (3,),
               "VERTICAL": (0, 2), "HORIZONTAL": (1, 3)}
_WEIGHTS = {"LIGHT": 1, "HEAVY": 2}


@cache
def box_chars() -> dict[Arms, str]:
    """Every light/heavy box-drawing character by its arms, read from the Unicode names
    (e.g. "BOX DRAWINGS DOWN LIGHT AND RIGHT HEAVY" -> (0, 2, 1, 0))."""
    table: dict[Arms, str] = {}
    for code in range(0x2500, 0x2580):
        words = unicodedata.name(chr(code)).split()[2:]
        if any(w in ("DASH", "DOUBLE", "ARC", "DIAGONAL") for w in words):
            continue
        arms = [0, 0, 0, 0]
        pending: list[int] = []
        prefix = 0
        for word in words:
            if word in _DIRECTIONS:
                pending += _DIRECTIONS[word]
            elif word in _WEIGHTS:
                if pending:
                    for arm in pending:
                        arms[arm] = prefix or _WEIGHTS[word]
                    pending = []
                    prefix = _WEIGHTS[word] if prefix else 0
                else:
                    prefix = _WEIGHTS[word]
        for arm in pending:
            arms[arm] = prefix
        table[tuple(arms)] = chr(code)
    return table


# --- scales -----------------------------------------------------------------------------

def _cuts(lines: Sequence[tuple[int, ...]]) -> list[int]:
    """Start index of each run of identical lines, then the number of lines."""
    starts = [i for i, line in enumerate(lines) if i == 0 or line != lines[i - 1]]
    return [*starts, len(lines)]


def _axis(cuts: list[int], scale: float, lines: bool, least: Sequence[int] = ()
          ) -> tuple[list[int], list[int]]:
    """Per character position: its band (or -1) and its line (or -1); band ``b`` is at least
    ``least[b]`` characters wide.

    With ``lines`` a line separates bands and frames both ends; without, only a frame line
    comes first (the last band's bottom is drawn as an underline)."""
    band: list[int] = [-1]
    line: list[int] = [0]

    def at(i: int) -> int:
        return math.floor(cuts[i] * scale + 0.5)

    for b in range(len(cuts) - 1):
        size = max(1, at(b + 1) - at(b) - (1 if lines else 0), least[b] if least else 0)
        band += [b] * size
        line += [-1] * size
        if lines:
            band.append(-1)
            line.append(b + 1)
    return band, line


def _length(cuts: list[int], scale: float, lines: bool, least: Sequence[int] = ()) -> int:
    return len(_axis(cuts, scale, lines, least)[0])


@cache
def number_room(board: Map) -> tuple[int, ...]:
    """The least width of each column band so that every region's number fits on one of its
    rows: a region lying in a single column band everywhere needs that band as wide as its
    number (a region over two bands always has room: two bands and the space between)."""
    cols = _cuts(list(zip(*board.grid, strict=True)))
    band_of = [b for b in range(len(cols) - 1) for _ in range(cols[b], cols[b + 1])]
    spans: dict[int, set[int]] = {}
    for row in board.grid:
        for c, region in enumerate(row):
            if region != OUT:
                spans.setdefault(region, set()).add(band_of[c])
    least = [0] * (len(cols) - 1)
    for region, bands in spans.items():
        if len(bands) == 1:
            (b,) = bands
            least[b] = max(least[b], len(str(region)))
    return tuple(least)


@dataclass(frozen=True)
class Scales:
    """Characters per grid cell across (``x``) and down (``y``); ``boxed``: horizontal
    borders are lines (else underlines)."""

    x: float
    y: float
    boxed: bool


@lru_cache(maxsize=64)
def map_layout(board: Map, scales: Scales) -> MapLayout:
    """The layout of a board at a scale, one for every terminal that shows it."""
    return MapLayout(board, scales)


@cache
def choose_scales(board: Map, width: int, height: int) -> Scales:
    """The scales that draw the largest map fitting ``width`` × ``height`` characters with
    roughly square cells; horizontal lines when they fit, and the smallest drawing when
    nothing fits (the widget scrolls)."""
    cols = _cuts(list(zip(*board.grid, strict=True)))
    rows = _cuts(list(board.grid))
    least = number_room(board)
    widths = [(s, _length(cols, s, True, least)) for s in X_STEPS]
    fits_x = [(s, w) for s, w in widths if w <= width] or [widths[0]]
    best: tuple[tuple[int, ...], Scales] | None = None
    for boxed in (True, False):
        for sy in Y_STEPS:
            h = _length(rows, sy, boxed)
            if h > height:
                break
            for sx, w in fits_x:
                aspect = sx / (2 * sy)
                square = ASPECT[0] <= aspect <= ASPECT[1]
                # square enough first, then the area used, then lines, then squarest
                key = (square, w * h, boxed, -round(abs(math.log(aspect)) * 100))
                if best is None or key > best[0]:
                    best = (key, Scales(sx, sy, boxed))
    return best[1] if best is not None else Scales(fits_x[0][0], Y_STEPS[0], False)


# Style codes of map characters: borders, then three per region.
BORDER, BORDER_UNDER, CURSOR, CURSOR_UNDER = range(4)
SPACE, GLYPH, UNDER = range(3)  # region characters: blank, terrain glyph, "_" (compact)


def region_code(region: int, kind: int) -> int:
    return 4 + 3 * region + kind


def code_region(code: int) -> tuple[int, int]:
    """The (region, kind) of a region character's style code."""
    return divmod(code - 4, 3)


#: a piece of a label: (row, column, text, index of its chunk or -1 for the blank backing)
Piece = tuple[int, int, str, int]


class MapLayout:
    """The map drawn at one scale: characters with style codes, the region under each
    character, region areas, label places and the cursor's heavy borders."""

    def __init__(self, board: Map, scales: Scales) -> None:
        self.scales = scales
        grid = board.grid
        cols = _cuts(list(zip(*grid, strict=True)))
        rows = _cuts(list(grid))
        self._cells = [[grid[r][c] for c in cols[:-1]] for r in rows[:-1]]
        xband, xline = _axis(cols, scales.x, True, number_room(board))
        yband, yline = _axis(rows, scales.y, scales.boxed)
        self.width, self.height = len(xband), len(yband)
        box = box_chars()
        self.chars: list[list[str]] = []
        self.codes: list[list[int]] = []
        self.owners: list[list[int]] = []  # region under each character, OUT on borders
        self.under: list[list[bool]] = []  # compact layout: a border runs below
        # region -> row -> (x, heavy character) of the borders around it, for the cursor
        self.borders: dict[int, dict[int, list[tuple[int, str]]]] = {}
        for y in range(self.height):
            yb, yl = yband[y], yline[y]
            last = not scales.boxed and yb >= 0 and (y + 1 == self.height or yband[y + 1] != yb)
            chars, codes, owners, unders = [], [], [], []
            for x in range(self.width):
                xb, xl = xband[x], xline[x]
                pairs, here = self._pairs(yb, yl, xb, xl)
                under = last and self._under(yb, xb, xl)
                unders.append(under)
                if any(pairs):
                    chars.append(box[tuple(1 if p else 0 for p in pairs)])
                    codes.append(BORDER_UNDER if under else BORDER)
                    owners.append(OUT)
                    for region in {r for p in pairs if p for r in p} - {OUT}:
                        heavy = tuple(2 if p and region in p else 1 if p else 0 for p in pairs)
                        self.borders.setdefault(region, {}).setdefault(y, []).append(
                            (x, box[heavy]))
                    continue
                owners.append(here)
                if here == OUT:  # a cell of no region: open sea around islands
                    chars.append(" ")
                    codes.append(BORDER)
                elif under:
                    chars.append("_")
                    codes.append(region_code(here, UNDER))
                elif (x + 2 * (y % 2)) % 4 == 1:
                    terrain = board.regions[here].terrain
                    chars.append(palette.terrain_style(board.game, terrain).glyph)
                    codes.append(region_code(here, GLYPH))
                else:
                    chars.append(" ")
                    codes.append(region_code(here, SPACE))
            self.chars.append(chars)
            self.codes.append(codes)
            self.owners.append(owners)
            self.under.append(unders)
        self._areas(len(board.regions))
        # regions whose fill or cursor borders a row shows: what can change its drawing
        self.row_regions = [frozenset(r for r in row if r != OUT) for row in self.owners]
        for region, sides in self.borders.items():
            for y in sides:
                self.row_regions[y] |= {region}
        self._placed: dict[tuple[int, tuple[str, ...]], list[Piece]] = {}

    def _at(self, r: int, c: int) -> int:
        """The region of a band cell, OUT beyond the board."""
        inside = 0 <= r < len(self._cells) and 0 <= c < len(self._cells[0])
        return self._cells[r][c] if inside else OUT

    def _pairs(self, yb: int, yl: int, xb: int, xl: int
               ) -> tuple[list[tuple[int, int] | None], int]:
        """The region pairs a border separates along each arm (up, right, down, left) of a
        character, and the region it belongs to when it is no border."""
        at = self._at
        if yb >= 0 and xb >= 0:
            return [None] * 4, at(yb, xb)
        if yb >= 0:
            a, b = at(yb, xl - 1), at(yb, xl)
            return ([(a, b), None, (a, b), None] if a != b else [None] * 4), a
        if xb >= 0:
            a, b = at(yl - 1, xb), at(yl, xb)
            return ([None, (a, b), None, (a, b)] if a != b else [None] * 4), a
        tl, tr, bl, br = at(yl - 1, xl - 1), at(yl - 1, xl), at(yl, xl - 1), at(yl, xl)
        pairs = [(tl, tr), (tr, br), (bl, br), (tl, bl)]
        return [p if p[0] != p[1] else None for p in pairs], tl

    def _under(self, yb: int, xb: int, xl: int) -> bool:
        """Compact layout: whether a border runs below this character (underline)."""
        at = self._at
        columns = (xb,) if xb >= 0 else (xl - 1, xl)
        return any(at(yb, c) != at(yb + 1, c) and at(yb, c) != OUT for c in columns)

    def _areas(self, count: int) -> None:
        """Each region's bounds, centre and longest run of characters on each row."""
        self.runs: list[dict[int, tuple[int, int]]] = [{} for _ in range(count)]
        self.centre: list[tuple[float, float]] = [(0.0, 0.0)] * count
        self.bounds: list[Region] = [Region()] * count
        sums = [[0.0, 0.0, 0] for _ in range(count)]
        for y, owners in enumerate(self.owners):
            start = 0
            for x in range(1, self.width + 1):
                if x < self.width and owners[x] == owners[start]:
                    continue
                region, length = owners[start], x - start
                if region != OUT:
                    best = self.runs[region].get(y)
                    if best is None or length > best[1]:
                        self.runs[region][y] = (start, length)
                    box = Region(start, y, length, 1)
                    total = sums[region]
                    self.bounds[region] = self.bounds[region].union(box) if total[2] else box
                    total[0] += length * (start + x - 1) / 2
                    total[1] += length * y
                    total[2] += length
                start = x
        for region, (sx, sy, n) in enumerate(sums):
            self.centre[region] = (sx / n, sy / n) if n else (0.0, 0.0)

    def place(self, region: int, chunks: Sequence[str]) -> list[Piece]:
        """Put label chunks (by priority) on the region's rows, centred, on a blank backing
        one character wider each side where there is room; drop what won't fit.  The first
        chunk (the region's number) gets a row of its own when every chunk still fits.
        Rows above a compact border (underlined) are used last.  Remembered: every terminal
        showing this layout asks for the same labels."""
        key = (region, tuple(chunks))
        placed = self._placed.get(key)
        if placed is None:
            if len(self._placed) >= PLACED_KEPT:
                self._placed.clear()
            placed = self._placed[key] = self._place(region, chunks)
        return placed

    def _place(self, region: int, chunks: Sequence[str]) -> list[Piece]:
        runs = self.runs[region]
        rows = sorted(runs)
        centre_y = self.centre[region][1]
        best: tuple[tuple[int, ...], list[list[int]], list[int]] | None = None
        for k in range(1, min(MAX_LABEL_ROWS, len(rows)) + 1):
            for i in range(len(rows) - k + 1):
                window = rows[i:i + k]
                if window[-1] - window[0] != k - 1:
                    continue
                widths = [runs[y][1] for y in window]
                for alone in (True, False) if k > 1 else (False,):
                    lines, placed = _pack(chunks, widths, alone)
                    middle = (window[0] + window[-1]) / 2
                    clear = -sum(1 for y, line in zip(window, lines, strict=True)
                                 if line and self._underlined(y, runs[y]))
                    score = (*placed, clear, alone, -k, -round(abs(middle - centre_y) * 2))
                    if best is None or score > best[0]:
                        best = (score, lines, window)
        if best is None:
            return []
        pieces: list[Piece] = []
        for y, line in zip(best[2], best[1], strict=True):
            if not line:
                continue
            width = sum(len(chunks[i]) for i in line) + len(line) - 1
            x0, length = runs[y]
            x = x0 + (length - width) // 2
            left, right = max(x0, x - 1), min(x0 + length, x + width + 1)
            pieces.append((y, left, " " * (right - left), -1))
            for i in line:
                pieces.append((y, x, chunks[i], i))
                x += len(chunks[i]) + 1
        return pieces

    def _underlined(self, y: int, run: tuple[int, int]) -> bool:
        x0, length = run
        return any(self.under[y][x0:x0 + length])


def _pack(chunks: Sequence[str], widths: list[int], alone: bool
          ) -> tuple[list[list[int]], list[int]]:
    """First fit, top line first: chunk indices per line and which chunks were placed
    (``alone``: nothing joins the first chunk on its line)."""
    lines: list[list[int]] = [[] for _ in widths]
    used = [0] * len(widths)
    placed = [0] * len(chunks)
    for i, text in enumerate(chunks):
        for n, width in enumerate(widths):
            if alone and n == 0 and i > 0:
                continue
            need = len(text) + (1 if lines[n] else 0)
            if used[n] + need <= width:
                lines[n].append(i)
                used[n] += need
                placed[i] = 1
                break
    return lines, placed


# --- moving with the arrow keys ---------------------------------------------------------

class Compass:
    """Where each arrow key leads from each region, from the map's grid (cells are drawn
    roughly square): from the centre of the region's area, the region with a cell nearest
    in that direction — within 45° of it, or failing that within 72°, nearest by
    ``along + 3 × across`` (grid cells along the arrow and across it); ties go to the
    lower region number.  A sprawling region (a sea along two edges) with nothing that way
    from its centre leads to the neighbour it shares most border with on that side.
    Otherwise the cursor stays."""

    def __init__(self, board: Map) -> None:
        self.board = board
        cells: list[list[tuple[float, float]]] = [[] for _ in board.regions]
        # region -> (dx, dy) -> neighbour -> cells of border shared on that side
        self._sides: list[dict[tuple[int, int], Counter[int]]] = [{} for _ in board.regions]
        grid = board.grid
        for r, row in enumerate(grid):
            for c, region in enumerate(row):
                if region == OUT:
                    continue
                cells[region].append((c + 0.5, r + 0.5))
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    if 0 <= r + dy < len(grid) and 0 <= c + dx < len(row):
                        other = grid[r + dy][c + dx]
                        if other not in (region, OUT):
                            self._sides[region].setdefault((dx, dy), Counter())[other] += 1
        self.anchors = [_anchor(points) for points in cells]
        self._cells = cells
        self._moves: dict[tuple[int, int, int], int | None] = {}

    def move(self, region: int, dx: int, dy: int) -> int | None:
        """The region the arrow (dx, dy) leads to from ``region``, if any."""
        key = (region, dx, dy)
        if key not in self._moves:
            self._moves[key] = self._find(region, dx, dy)
        return self._moves[key]

    def _find(self, region: int, dx: int, dy: int) -> int | None:
        cx, cy = self.anchors[region]
        best: tuple[tuple[int, float, int], int] | None = None
        for other, points in enumerate(self._cells):
            if other == region:
                continue
            for x, y in points:
                along = (x - cx) * dx + (y - cy) * dy
                across = abs((x - cx) * dy - (y - cy) * dx)
                if along <= 0 or across > 3 * along:
                    continue
                key = (0 if across <= along else 1, along + 3 * across, other)
                if best is None or key < best[0]:
                    best = (key, other)
        if best is not None:
            return best[1]
        side = self._sides[region].get((dx, dy))
        if side:
            return min(side, key=lambda r: (-side[r], r))
        return None


def _anchor(points: list[tuple[float, float]]) -> tuple[float, float]:
    """The centre of a region's cells, or the cell nearest it when the centre falls
    outside the region (an L-shaped region)."""
    if not points:
        return (0.0, 0.0)
    cx = sum(x for x, _y in points) / len(points)
    cy = sum(y for _x, y in points) / len(points)
    inside = {(math.floor(x), math.floor(y)) for x, y in points}
    if (math.floor(cx), math.floor(cy)) in inside:
        return (cx, cy)
    return min(points, key=lambda p: (math.dist(p, (cx, cy)), p))
