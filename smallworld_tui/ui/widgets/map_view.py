"""The board: a scrollable Line API widget drawing a map's regions, holders and pieces.

Layout: runs of identical grid rows/columns are merged into *bands*. Vertical region borders
are box-drawing lines between column bands. Horizontal borders are box-drawing lines between
row bands when the height allows ("boxed" layout); in short terminals they become an underline
on the last text row of the upper region ("compact" layout), so every base map fits 80×24.
Each band's size follows its number of grid cells times a scale picked from the widget size.
"""

from __future__ import annotations

import math
import unicodedata
from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import ClassVar

from rich.color import Color
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from smallworld_tui.engine.board import EMPTY, Map
from smallworld_tui.engine.view import PlayerView, RegionView
from smallworld_tui.i18n import N_
from smallworld_tui.ui import palette
from smallworld_tui.ui.bindings import TranslatedBindings
from smallworld_tui.ui.widgets.region_info import region_text

OUT = EMPTY  # the "region" outside the board, and empty cells
X_SCALES = (8, 7, 6, 5, 4.5, 4, 3.5, 3, 2.5, 2, 1.75, 1.5, 1.25, 1, 0.75)
Y_SCALES = (3, 2.5, 2, 1.5, 1)
MAX_LABEL_ROWS = 3
UNDERLINE = Style(underline=True)

# Arms of a box-drawing character: up, right, down, left; weight 0 none, 1 light, 2 heavy.
Arms = tuple[int, ...]
_DIRECTIONS = {"UP": (0,), "RIGHT": (1,), "DOWN": (2,), "LEFT": (3,),
               "VERTICAL": (0, 2), "HORIZONTAL": (1, 3)}
_WEIGHTS = {"LIGHT": 1, "HEAVY": 2}


def _runs(values: list[int]) -> list[tuple[int, int]]:
    """Consecutive runs in sorted ``values`` as (first, last) pairs."""
    runs: list[tuple[int, int]] = []
    for v in values:
        if runs and v == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], v)
        else:
            runs.append((v, v))
    return runs


@cache
def _box_chars() -> dict[Arms, str]:
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


@dataclass(frozen=True)
class Mark:
    """A highlight on a region: "target" (label: its cost), "final" (label: the die shortfall,
    e.g. "-2"), "own", "choice" or "selected". Without a label the region number is lit."""

    kind: str
    label: str = ""


# --- geometry ---------------------------------------------------------------------------

def _cuts(lines: list[tuple[int, ...]]) -> list[int]:
    """Start index of each run of identical lines, then the number of lines."""
    starts = [i for i, line in enumerate(lines) if i == 0 or line != lines[i - 1]]
    return [*starts, len(lines)]


def _axis(cuts: list[int], scale: float, lines: bool) -> tuple[list[int], list[int]]:
    """Per character position: its band (or -1) and its line (or -1).

    With ``lines`` a line separates bands and frames both ends; without, only a frame line
    comes first (the last band's bottom is drawn as an underline)."""
    band: list[int] = [-1]
    line: list[int] = [0]

    def at(i: int) -> int:
        return math.floor(cuts[i] * scale + 0.5)

    for b in range(len(cuts) - 1):
        size = max(1, at(b + 1) - at(b) - (1 if lines else 0))
        band += [b] * size
        line += [-1] * size
        if lines:
            band.append(-1)
            line.append(b + 1)
    return band, line


def _length(cuts: list[int], scale: float, lines: bool) -> int:
    return len(_axis(cuts, scale, lines)[0])


def choose_scales(board: Map, width: int, height: int) -> tuple[float, float, bool]:
    """The largest (x scale, y scale, boxed) that fits ``width`` × ``height`` characters,
    keeping grid cells roughly square (a character is about twice as tall as wide)."""
    cols = _cuts(list(zip(*board.grid, strict=True)))
    rows = _cuts(list(board.grid))
    sx = next((s for s in X_SCALES if _length(cols, s, True) <= width), X_SCALES[-1])
    for boxed in (True, False):
        for sy in Y_SCALES:
            if sy <= sx / 2 + 0.5 and _length(rows, sy, boxed) <= height:
                return min(sx, 2 * sy + 2), sy, boxed
    return min(sx, 4), 1, False


# Style codes of map characters (see MapView._style): borders, then three per region.
BORDER, BORDER_UNDER, CURSOR, CURSOR_UNDER = range(4)
BORDER_COLOR = "#8a8a8a"
SPACE, GLYPH, UNDER = range(3)  # region characters: blank, terrain glyph, "_" (compact)


def region_code(region: int, kind: int) -> int:
    return 4 + 3 * region + kind


class _Layout:
    """The map drawn at one scale, without game state: characters with style codes, the
    region under each character, region areas and the cursor's heavy borders."""

    def __init__(self, board: Map, sx: float, sy: float, boxed: bool) -> None:
        self.scales = (sx, sy, boxed)
        grid = board.grid
        cols = _cuts(list(zip(*grid, strict=True)))
        rows = _cuts(list(grid))
        self._cells = [[grid[r][c] for c in cols[:-1]] for r in rows[:-1]]
        xband, xline = _axis(cols, sx, True)
        yband, yline = _axis(rows, sy, boxed)
        self.width, self.height = len(xband), len(yband)
        box = _box_chars()
        self.chars: list[list[str]] = []
        self.codes: list[list[int]] = []
        self.owners: list[list[int]] = []  # region under each character, OUT on borders
        self.under: list[list[bool]] = []  # compact layout: a border runs below
        # region -> row -> (x, heavy character) of the borders around it, for the cursor
        self.borders: dict[int, dict[int, list[tuple[int, str]]]] = {}
        for y in range(self.height):
            yb, yl = yband[y], yline[y]
            last = not boxed and yb >= 0 and (y + 1 == self.height or yband[y + 1] != yb)
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
            self.centre[region] = (sx / n, sy / n)

    def place(self, region: int, chunks: list[tuple[str, Style]], backing: Style
              ) -> list[tuple[int, int, str, Style]]:
        """Put label chunks (by priority) on the region's rows, centred, on a blank backing
        one character wider each side where there is room; drop what won't fit.

        Returns (y, x, text, style) pieces."""
        runs = self.runs[region]
        rows = sorted(runs)
        centre_y = self.centre[region][1]
        best: tuple[tuple[int, ...], list[list[int]], list[int]] | None = None
        for k in range(1, min(MAX_LABEL_ROWS, len(rows)) + 1):
            for i in range(len(rows) - k + 1):
                window = rows[i:i + k]
                if window[-1] - window[0] != k - 1:
                    continue
                lines, placed = self._pack(chunks, [runs[y][1] for y in window])
                middle = (window[0] + window[-1]) / 2
                score = (*placed, -round(abs(middle - centre_y) * 2))
                if best is None or score > best[0]:
                    best = (score, lines, window)
            if best and all(best[0][:len(chunks)]):
                break
        if best is None:
            return []
        pieces: list[tuple[int, int, str, Style]] = []
        for y, line in zip(best[2], best[1], strict=True):
            if not line:
                continue
            width = sum(len(chunks[i][0]) for i in line) + len(line) - 1
            x0, length = runs[y]
            x = x0 + (length - width) // 2
            left, right = max(x0, x - 1), min(x0 + length, x + width + 1)
            pieces.append((y, left, " " * (right - left), backing))
            for i in line:
                pieces.append((y, x, *chunks[i]))
                x += len(chunks[i][0]) + 1
        return pieces

    @staticmethod
    def _pack(chunks: list[tuple[str, Style]], widths: list[int]
              ) -> tuple[list[list[int]], list[int]]:
        """First fit, top line first: chunk indices per line and which chunks were placed."""
        lines: list[list[int]] = [[] for _ in widths]
        used = [0] * len(widths)
        placed = [0] * len(chunks)
        for i, (text, _style) in enumerate(chunks):
            for n, width in enumerate(widths):
                need = len(text) + (1 if lines[n] else 0)
                if used[n] + need <= width:
                    lines[n].append(i)
                    used[n] += need
                    placed[i] = 1
                    break
        return lines, placed


# --- styles -----------------------------------------------------------------------------

def _blend(color: str, amount: float) -> str:
    """``color`` mixed with black: amount 1 keeps it, 0 gives black."""
    r, g, b = Color.parse(color).get_truecolor()
    return f"#{int(r * amount):02x}{int(g * amount):02x}{int(b * amount):02x}"


@cache
def _fill(game: str, terrain: str, lit: bool, cursor: bool, plain: bool
          ) -> tuple[Style, Style, Style]:
    """Styles of a region's characters by kind: SPACE, GLYPH, UNDER."""
    if plain:
        return Style(), Style(bold=cursor, dim=not cursor), Style()
    color = palette.terrain_style(game, terrain).color
    bg = _blend(color, 0.5 if lit else 0.3)
    glyph = "#FFFFFF" if cursor else _blend(color, 0.85)
    space = Style(color=BORDER_COLOR, bgcolor=bg)  # the colour of "_" and underlines
    return space, Style(color=glyph, bgcolor=bg, bold=cursor), space


_MARK_COLORS = {"target": "#FFFFFF", "final": "#D55E00", "own": "#0072B2",
                "choice": "#FFFFFF", "selected": "#BBBBBB"}


class _Styles:
    """Rich styles of the map, in colour or (NO_COLOR) with attributes only."""

    def __init__(self, game: str, plain: bool) -> None:
        self.game = game
        self.plain = plain
        self.border = Style(color=None if plain else BORDER_COLOR)
        self.cursor_border = Style(bold=True, color=None if plain else "#FFFFFF")
        self.number = Style(color=None if plain else "#E8E8E8")
        self.cursor_number = (Style(reverse=True, bold=True) if plain
                              else Style(bold=True, color="black", bgcolor="#FFFFFF"))
        self.pieces = Style(bold=True, color=None if plain else "#FFFFFF")
        self.symbols = Style(color=None if plain else "#F5DE8A")
        self.neutral = (Style(bold=True) if plain
                        else Style(bold=True, color="black", bgcolor="#BBBBBB"))

    def fill(self, terrain: str, lit: bool, cursor: bool) -> tuple[Style, Style, Style]:
        """Styles of a region's characters by kind: SPACE, GLYPH, UNDER."""
        return _fill(self.game, terrain, lit, cursor, self.plain)

    def seat(self, seat: int, declined: bool) -> Style:
        if self.plain:
            return Style(italic=True) if declined else Style(bold=True)
        color = palette.SEAT_COLORS[seat % len(palette.SEAT_COLORS)]
        if declined:
            return Style(color=color, italic=True)
        return Style(color="black", bgcolor=color, bold=True)

    def mark(self, kind: str) -> Style:
        if self.plain:
            return Style(bold=True, reverse=kind != "selected", underline=kind == "selected")
        color = _MARK_COLORS.get(kind, "#FFFFFF")
        text = "white" if kind in ("final", "own") else "black"
        return Style(color=text, bgcolor=color, bold=True)


# --- the widget -------------------------------------------------------------------------

class MapView(TranslatedBindings, ScrollView, can_focus=True):
    """The board. Arrows/hjkl move the region cursor, Enter/space or a click choose."""

    DEFAULT_CSS = """
    MapView {
        scrollbar-size: 1 1;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left,h", "move(-1, 0)", N_("Left"), id="map.left", show=False),
        Binding("right,l", "move(1, 0)", N_("Right"), id="map.right", show=False),
        Binding("up,k", "move(0, -1)", N_("Up"), id="map.up", show=False),
        Binding("down,j", "move(0, 1)", N_("Down"), id="map.down", show=False),
        Binding("enter,space", "choose", N_("Choose"), id="map.choose"),
    ]

    cursor: reactive[int] = reactive(0)

    class RegionHighlighted(Message):
        """The cursor moved onto a region (keyboard or mouse hover)."""

        def __init__(self, region: int) -> None:
            super().__init__()
            self.region = region

    class RegionChosen(Message):
        """A region was chosen (Enter, space or a click)."""

        def __init__(self, region: int) -> None:
            super().__init__()
            self.region = region

    def __init__(self, board: Map, *, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.board = board
        self._view: PlayerView | None = None
        self._marks: dict[int, Mark] = {}
        self._centres = [
            (sum(c + 0.5 for _r, c in reg.cells) / len(reg.cells),
             sum(r + 0.5 for r, _c in reg.cells) / len(reg.cells))
            for reg in board.regions
        ]
        # region -> (dx, dy) -> neighbour -> grid cells of shared border on that side
        self._sides: list[dict[tuple[int, int], Counter[int]]] = [{} for _ in board.regions]
        grid = board.grid
        for r, row in enumerate(grid):
            for c, region in enumerate(row):
                if region == OUT:
                    continue
                for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                    if 0 <= r + dy < len(grid) and 0 <= c + dx < len(row):
                        other = grid[r + dy][c + dx]
                        if other not in (region, OUT):
                            self._sides[region].setdefault((dx, dy), Counter())[other] += 1
        self._styles = _Styles(board.game, palette.no_color())
        self._layout: _Layout | None = None
        self._origin = (0, 0)  # where the map starts in the canvas
        self._labels: dict[int, tuple[object, list[tuple[int, int, str, Style]]]] = {}
        self._by_row: dict[int, list[tuple[int, str, Style]]] = {}
        self._lines: dict[int, Strip] = {}
        self._background: Style | None = None
        self.set_reactive(MapView.cursor, self._central_region())

    def _central_region(self) -> int:
        height, width = len(self.board.grid), len(self.board.grid[0])
        land = [r.id for r in self.board.regions if r.kind == "land"] or [0]
        return min(land, key=lambda r: (self._centres[r][0] - width / 2) ** 2
                   + (self._centres[r][1] - height / 2) ** 2)

    # --- public API ---------------------------------------------------------------------

    def show(self, view: PlayerView, marks: dict[int, Mark] | None = None) -> None:
        """Draw a new game state (and highlights); the cursor stays where it is."""
        self._view = view
        self._marks = dict(marks or {})
        self._relabel()

    def region_at(self, x: int, y: int) -> int | None:
        """The region drawn at an offset of the visible content area, if any."""
        layout = self._layout
        if layout is None:
            return None
        mx = x + round(self.scroll_x) - self._origin[0]
        my = y + round(self.scroll_y) - self._origin[1]
        if not (0 <= mx < layout.width and 0 <= my < layout.height):
            return None
        region = layout.owners[my][mx]
        return None if region == OUT else region

    # --- layout -------------------------------------------------------------------------

    def on_mount(self) -> None:
        self._styles = _Styles(self.board.game, palette.no_color() or self.app.no_color)
        self._relayout()

    def on_resize(self, event: events.Resize) -> None:
        self._relayout()

    def _relayout(self) -> None:
        width, height = self.size
        if not width or not height:
            return
        scales = choose_scales(self.board, width, height)
        if self._layout is None or self._layout.scales != scales:
            self._layout = _Layout(self.board, *scales)
            self._labels.clear()
        layout = self._layout
        self._origin = (max(0, (width - layout.width) // 2),
                        max(0, (height - layout.height) // 2))
        self.virtual_size = Size(max(width, layout.width), max(height, layout.height))
        self._lines.clear()
        self._relabel()
        self._scroll_to_cursor()

    def _relabel(self) -> None:
        """Recompute the labels of regions whose state changed; forget their lines."""
        layout = self._layout
        if layout is None:
            return
        dirty: set[int] = set()
        for region in range(len(self.board.regions)):
            key = self._label_key(region)
            old = self._labels.get(region)
            if old is not None and old[0] == key:
                continue
            self._labels[region] = (key, layout.place(region, *self._chunks(region)))
            dirty.add(region)
        if dirty:
            self._by_row = {}
            for _key, pieces in self._labels.values():
                for y, x, text, style in pieces:
                    self._by_row.setdefault(y, []).append((x, text, style))
        self._forget(dirty)

    def _forget(self, regions: set[int]) -> None:
        layout = self._layout
        if layout is None or not regions:
            return
        oy = self._origin[1]
        rows: set[int] = set()
        for region in regions:
            box = layout.bounds[region]
            rows.update(range(box.y - 1 + oy, box.bottom + 1 + oy))
        for y in rows:
            self._lines.pop(y, None)
        # repaint only those rows: a whole-map repaint per move costs every terminal dearly
        top_visible, width = round(self.scroll_y), self.size.width
        for top, bottom in _runs(sorted(rows)):
            self.refresh(Region(0, top - top_visible, width, bottom - top + 1))

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._background = None
        self._lines.clear()

    # --- labels -------------------------------------------------------------------------

    def _label_key(self, region: int) -> object:
        state = self._view.regions[region] if self._view else None
        return (state, self._marks.get(region), region == self.cursor,
                self._view.names if self._view else None)

    def _chunks(self, region: int) -> tuple[list[tuple[str, Style]], Style]:
        """Label chunks of a region by priority (number, holder, mark, pieces, symbols) and
        the region's blank style."""
        styles = self._styles
        info = self.board.regions[region]
        state = self._view.regions[region] if self._view else None
        mark = self._marks.get(region)
        cursor = region == self.cursor
        space = styles.fill(info.terrain, mark is not None, cursor)[SPACE]
        number = styles.number
        if cursor:
            number = styles.cursor_number
        elif mark and not mark.label:
            number = styles.mark(mark.kind)
        chunks = [(str(region), number)]
        if state is not None and self._view is not None:
            chunks += self._holder(state, self._view.names)
        if mark and mark.label:
            chunks.append((mark.label, styles.mark(mark.kind)))
        markers = ""
        if state is not None:
            pieces = ""
            for kind, n in state.pieces:
                mark = palette.glyph("piece", kind)
                if self._view is not None and self._view.pieces[kind].on_capture == "stay":
                    markers += mark * n
                else:
                    pieces += mark * n if n <= 2 else f"{mark}{n}"
            if pieces:
                chunks.append((pieces, styles.pieces))
        if state is None:
            markers = palette.setup_marker(self.board.game, info.terrain)
        symbols = markers + "".join(
            palette.glyph("symbol", s, self.board.game)
            for s in palette.region_symbols(info, self.board.game, in_game=state is not None))
        if symbols:
            chunks.append((symbols, styles.symbols))
        return [(text, space + style) for text, style in chunks], space

    def _holder(self, state: RegionView, names: list[str]) -> list[tuple[str, Style]]:
        if state.neutral:
            return [(f"{palette.glyph('piece', state.race)}{state.tokens}",
                     self._styles.neutral)]
        if state.seat < 0:
            return []
        letter = palette.seat_letters(names)[state.seat]
        if state.declined:
            letter = letter.lower()
        return [(f"{letter}{state.tokens}", self._styles.seat(state.seat, state.declined))]

    # --- drawing ------------------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        line = self._line(y + scroll_y)
        return line.crop(scroll_x, scroll_x + self.scrollable_content_region.width)

    def _line(self, y: int) -> Strip:
        """One line of the whole canvas (the map centred in the widget), cached."""
        cached = self._lines.get(y)
        if cached is not None:
            return cached
        width = self.virtual_size.width
        if self._background is None:
            self._background = self.rich_style
        background = self._background
        layout = self._layout
        ox, oy = self._origin
        my = y - oy
        if layout is None or not 0 <= my < layout.height:
            strip = Strip.blank(width, background)
        else:
            segments = [Segment(" " * ox, background), *self._map_row(layout, my, background)]
            pad = width - ox - layout.width
            if pad > 0:
                segments.append(Segment(" " * pad, background))
            strip = Strip(segments, width)
        self._lines[y] = strip
        return strip

    def _map_row(self, layout: _Layout, y: int, background: Style) -> list[Segment]:
        """One row of the map: the layout's characters, the cursor's heavy borders, labels."""
        chars = layout.chars[y][:]
        codes = layout.codes[y][:]
        under = layout.under[y]
        for x, char in layout.borders.get(self.cursor, {}).get(y, ()):
            chars[x] = char
            codes[x] = CURSOR_UNDER if under[x] else CURSOR
        labels: list[Style] = []
        for x, text, style in self._by_row.get(y, ()):
            code = -2 - 2 * len(labels)  # labels: negative codes, -1 more when underlined
            labels.append(style)
            for i, char in enumerate(text, x):
                chars[i] = "_" if char == " " and under[i] else char
                codes[i] = code - under[i]
        segments: list[Segment] = []
        start = 0
        for x in range(1, len(codes) + 1):
            if x == len(codes) or codes[x] != codes[start]:
                code = codes[start]
                if code < 0:
                    style = labels[(-code - 2) // 2]
                    style = style + UNDERLINE if (-code - 2) % 2 else style
                else:
                    style = self._style(code, background)
                segments.append(Segment("".join(chars[start:x]), style))
                start = x
        return segments

    def _style(self, code: int, background: Style) -> Style:
        """The style of a layout style code in the current state."""
        if code < 4:
            style = background + (self._styles.border if code < CURSOR
                                  else self._styles.cursor_border)
            return style + UNDERLINE if code % 2 else style
        region, kind = divmod(code - 4, 3)
        terrain = self.board.regions[region].terrain
        return self._styles.fill(terrain, region in self._marks, region == self.cursor)[kind]

    # --- input --------------------------------------------------------------------------

    def validate_cursor(self, region: int) -> int:
        return max(0, min(region, len(self.board.regions) - 1))

    def watch_cursor(self, region: int) -> None:
        self._relabel()
        self.post_message(self.RegionHighlighted(region))

    def _scroll_to_cursor(self) -> None:
        if self._layout is not None:
            box = self._layout.bounds[self.cursor].translate(self._origin)
            self.scroll_to_region(box, animate=False, force=True)

    def action_move(self, dx: int, dy: int) -> None:
        """Move the cursor to the region across the longest stretch of border on that side
        (ties: the nearest centre); failing that, to the nearest region that way."""
        here = self.cursor
        cx, cy = self._centres[here]

        def distance(region: int) -> float:
            return math.dist((cx, cy), self._centres[region])

        sides = self._sides[here].get((dx, dy))
        if sides:
            self.cursor = max(sides, key=lambda r: (sides[r], -distance(r)))
        else:
            ahead = []
            for region, (x, y) in enumerate(self._centres):
                along, across = (x - cx) * dx + (y - cy) * dy, abs((x - cx) * dy - (y - cy) * dx)
                if along > 0 and across < 2 * along:
                    ahead.append((along + 2 * across, region))
            if not ahead:
                return
            self.cursor = min(ahead)[1]
        self._scroll_to_cursor()

    def action_choose(self) -> None:
        self.post_message(self.RegionChosen(self.cursor))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        region = self._region_under(event)
        if region is not None:
            self.cursor = region
            if self._view is not None:
                self.tooltip = region_text(self._view, region, self._view.costs)

    def on_click(self, event: events.Click) -> None:
        region = self._region_under(event)
        if region is not None:
            self.cursor = region
            self.post_message(self.RegionChosen(region))

    def _region_under(self, event: events.MouseEvent) -> int | None:
        offset = event.get_content_offset(self)
        return None if offset is None else self.region_at(offset.x, offset.y)
