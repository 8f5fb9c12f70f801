"""The board: a scrollable Line API widget drawing a map's regions, holders, pieces and items.

The geometry (scales, characters, where labels go, where the arrow keys lead) is in
``map_geometry``; the styles in ``map_styles``.  This widget keeps the game state shown, the
cursor, the label cache and the lines already drawn.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from smallworld_tui.engine import Map, PlayerView, RegionView
from smallworld_tui.i18n import N_
from smallworld_tui.ui import palette
from smallworld_tui.ui.bindings import TranslatedBindings
from smallworld_tui.ui.widgets.map_geometry import (
    CURSOR,
    CURSOR_UNDER,
    OUT,
    Compass,
    MapLayout,
    Piece,
    choose_scales,
    code_region,
    map_layout,
)
from smallworld_tui.ui.widgets.map_styles import MapStyles
from smallworld_tui.ui.widgets.region_info import region_text

UNDERLINE = Style(underline=True)
ROWS_KEPT = 4096  # map rows drawn and kept for every terminal of the process


@dataclass(frozen=True)
class Mark:
    """A highlight on a region: "target" (label: its cost, e.g. "3t"), "final" (label: the
    die shortfall, e.g. "-2t"), "own", "choice", "selected" or "changed" (by the last move
    of another player). Without a label the region number is lit."""

    kind: str
    label: str = ""


_ROWS: dict[tuple[object, ...], Strip] = {}


def _runs(values: list[int]) -> list[tuple[int, int]]:
    """Consecutive runs in sorted ``values`` as (first, last) pairs."""
    runs: list[tuple[int, int]] = []
    for v in values:
        if runs and v == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], v)
        else:
            runs.append((v, v))
    return runs


def label_parts(board: Map, region: int, view: PlayerView | None,
                mark: Mark | None) -> list[tuple[str, str]]:
    """What a region's label shows after its number, by priority, as (text, role): the
    holder ("A3"; "a2" declined; "M2" neutral defenders), the mark ("3t"), pieces, items,
    then the markers and symbols drawn on it.  Without a game (no ``view``) the set-up
    markers show where the game will put them."""
    parts: list[tuple[str, str]] = []
    state = view.regions[region] if view is not None else None
    if state is not None and view is not None:
        if state.neutral:
            parts.append((f"{palette.glyph('piece', state.race)}{state.tokens}", "neutral"))
        elif state.seat >= 0:
            letter = palette.seat_letters(view.names)[state.seat]
            parts.append((f"{letter.lower() if state.declined else letter}{state.tokens}",
                          "seat"))
    if mark and mark.label:
        parts.append((mark.label, "mark"))
    info = board.regions[region]
    markers = ""
    if state is not None and view is not None:
        pieces = ""
        for kind, n in state.pieces:
            glyph = palette.glyph("piece", kind)
            if view.pieces[kind].on_capture == "stay":
                markers += glyph * n
            else:
                pieces += glyph * n if n <= 2 else f"{glyph}{n}"
        if pieces:
            parts.append((pieces, "pieces"))
        for qid in state.items:
            kind = palette.item_kind(qid)
            parts.append((palette.item_style(kind).glyph, "item:" + kind))
        if state.face_down:
            parts.append((palette.item_style(palette.FACE_DOWN).glyph,
                          "item:" + palette.FACE_DOWN))
    else:
        markers = palette.setup_marker(board.game, info.terrain)
    symbols = markers + "".join(
        palette.glyph("symbol", s, board.game)
        for s in palette.region_symbols(info, board.game, in_game=state is not None))
    if symbols:
        parts.append((symbols, "symbols"))
    return parts


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
        Binding("enter,space", "choose", N_("Choose"), show=False, id="map.choose"),
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
        self.compass = Compass(board)
        self._view: PlayerView | None = None
        self._marks: dict[int, Mark] = {}
        self._styles = MapStyles(board.game, palette.no_color())
        self._layout: MapLayout | None = None
        self._origin = (0, 0)  # where the map starts in the canvas
        self._labels: dict[int, tuple[object, list[Piece], list[Style]]] = {}
        self._by_row: dict[int, list[tuple[int, str, Style]]] = {}
        self._lines: dict[int, Strip] = {}
        self._background: Style | None = None
        self._entry = ""  # the region number being typed
        self.set_reactive(MapView.cursor, self._central_region())

    def _central_region(self) -> int:
        height, width = len(self.board.grid), len(self.board.grid[0])
        land = [r.id for r in self.board.regions if r.kind == "land"] or [0]
        anchors = self.compass.anchors
        return min(land, key=lambda r: ((anchors[r][0] - width / 2) ** 2
                                        + (anchors[r][1] - height / 2) ** 2, r))

    # --- public API ---------------------------------------------------------------------

    def show(self, view: PlayerView, marks: dict[int, Mark] | None = None) -> None:
        """Draw a new game state (and highlights); the cursor stays where it is."""
        self._view = view
        self._marks = dict(marks or {})
        self._relabel()

    def show_entry(self, digits: str) -> None:
        """The region number being typed: its region's number shows as "1_" and the numbers
        one more digit would make ("10" to "19") are lit, so a number that waits for more is
        hard to miss."""
        if digits != self._entry:
            self._entry = digits
            self._relabel()

    def _entry_role(self, region: int) -> str:
        """"typed" for the region the digits name, "longer" for those one more digit names."""
        digits = self._entry
        number = str(region)
        if not digits or not number.startswith(digits):
            return ""
        return "typed" if number == digits else "longer" if len(number) == len(digits) + 1 else ""

    @property
    def marks(self) -> dict[int, Mark]:
        """The highlights drawn now (region -> mark)."""
        return dict(self._marks)

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
        self._styles = MapStyles(self.board.game, palette.no_color() or self.app.no_color)
        self._relayout()

    def on_resize(self, event: events.Resize) -> None:
        self._relayout()

    def _relayout(self) -> None:
        width, height = self.size
        if not width or not height:
            return
        scales = choose_scales(self.board, width, height)
        if self._layout is None or self._layout.scales != scales:
            self._layout = map_layout(self.board, scales)
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
            texts, styles, backing = self._chunks(region)
            self._labels[region] = (key, layout.place(region, texts), [*styles, backing])
            dirty.add(region)
        if dirty:
            self._by_row = {}
            for _key, pieces, styles in self._labels.values():
                for y, x, text, index in pieces:
                    self._by_row.setdefault(y, []).append((x, text, styles[index]))
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
                self._view.names if self._view else None, self._entry_role(region))

    def _chunks(self, region: int) -> tuple[list[str], list[Style], Style]:
        """Label chunks of a region by priority (number, holder, mark, pieces, items,
        markers and symbols), their styles and the region's blank style."""
        styles = self._styles
        info = self.board.regions[region]
        view = self._view
        state = view.regions[region] if view else None
        mark = self._marks.get(region)
        cursor = region == self.cursor
        space = styles.fill(info.terrain, mark is not None, cursor)[0]
        number = styles.number
        if cursor:
            number = styles.cursor_number
        elif mark and not mark.label:
            number = styles.mark(mark.kind)
        entry = self._entry_role(region)
        label = str(region)
        if entry == "typed":
            label, number = f"{region}_", styles.entry
        elif entry == "longer":
            number = styles.entry_longer
        texts, roles = [label], [number]
        for text, role in label_parts(self.board, region, view, mark):
            texts.append(text)
            roles.append(self._role_style(role, state, mark))
        return texts, [space + style for style in roles], space

    def _role_style(self, role: str, state: RegionView | None, mark: Mark | None) -> Style:
        styles = self._styles
        if role == "seat" and state is not None:
            return styles.seat(state.seat, state.declined)
        if role == "neutral":
            return styles.neutral
        if role == "mark" and mark is not None:
            return styles.mark(mark.kind)
        if role == "pieces":
            return styles.pieces
        if role.startswith("item:"):
            return styles.item(role.partition(":")[2])
        return styles.symbols

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
            key = self._row_key(layout, my, width, background)
            found = _ROWS.get(key)
            if found is None:
                segments = [Segment(" " * ox, background),
                            *self._map_row(layout, my, background)]
                pad = width - ox - layout.width
                if pad > 0:
                    segments.append(Segment(" " * pad, background))
                if len(_ROWS) >= ROWS_KEPT:
                    _ROWS.clear()
                found = _ROWS[key] = Strip(segments, width)
            strip = found
        self._lines[y] = strip
        return strip

    def _row_key(self, layout: MapLayout, y: int, width: int, background: Style
                 ) -> tuple[object, ...]:
        """All a row's drawing depends on.  Rows are shared by every map of the process (the
        terminals of a table over SSH mostly show the same rows): the layout is shared too."""
        touched = layout.row_regions[y]
        cursor = self.cursor if self.cursor in touched else -1
        marked = frozenset(r for r in self._marks if r in touched)
        return (layout, y, width, self._origin[0], background, self._styles.key, cursor,
                marked, tuple(self._by_row.get(y, ())))

    def _map_row(self, layout: MapLayout, y: int, background: Style) -> list[Segment]:
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
        styles: dict[int, Style] = {}  # a region's codes come back between its labels
        start = 0
        for code, run in groupby(codes):  # runs of one code, one segment each
            end = start + len(list(run))
            if code < 0:
                style = labels[(-code - 2) // 2]
                style = style + UNDERLINE if (-code - 2) % 2 else style
            elif (known := styles.get(code)) is not None:
                style = known
            else:
                style = styles[code] = self._style(code, background)
            segments.append(Segment("".join(chars[start:end]), style))
            start = end
        return segments

    def _style(self, code: int, background: Style) -> Style:
        """The style of a layout style code in the current state."""
        if code < 4:
            style = background + (self._styles.border if code < CURSOR
                                  else self._styles.cursor_border)
            return style + UNDERLINE if code % 2 else style
        region, kind = code_region(code)
        terrain = self.board.regions[region].terrain
        return self._styles.fill(terrain, region in self._marks, region == self.cursor)[kind]

    # --- input --------------------------------------------------------------------------

    def validate_cursor(self, region: int) -> int:
        return max(0, min(region, len(self.board.regions) - 1))

    def watch_cursor(self, region: int) -> None:
        self._relabel()
        self._scroll_to_cursor()
        self.post_message(self.RegionHighlighted(region))

    def _scroll_to_cursor(self) -> None:
        if self._layout is not None:
            box = self._layout.bounds[self.cursor].translate(self._origin)
            self.scroll_to_region(box, animate=False, force=True)

    def action_move(self, dx: int, dy: int) -> None:
        """Move the cursor to the nearest region in that direction (see ``Compass``)."""
        target = self.compass.move(self.cursor, dx, dy)
        if target is not None:
            self.cursor = target

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
