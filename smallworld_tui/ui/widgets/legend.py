"""The map's legend, built from the game's data tables: what region numbers, holders, marks,
terrains, symbols, pieces, neutral defenders and items look like on this map."""

from __future__ import annotations

from rich.columns import Columns
from rich.console import RenderableType
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from smallworld_tui.engine import Map, PlayerView, entries, table
from smallworld_tui.i18n import _
from smallworld_tui.names import display_name
from smallworld_tui.ui import palette
from smallworld_tui.ui.widgets.map_styles import MapStyles

Entry = tuple[Text, str]
COLUMN = 26  # cells of one entry


def _entry(sample: str, style: Style, name: str) -> Entry:
    return Text(sample, style=style), name


def legend_entries(view: PlayerView, plain: bool = False) -> list[Entry]:
    """(sample, meaning) pairs: how to read the map, then every terrain and symbol drawn on
    this map, every piece and neutral defender of the game, and the kinds of items."""
    board: Map = view.map
    styles = MapStyles(board.game, plain)
    letter = palette.seat_letters(view.names)[0]
    out = [
        _entry("14", styles.number, _("region number (type it)")),
        _entry("14", styles.cursor_number, _("region under the cursor")),
        _entry("1_", styles.entry, _("number typed: Space or Enter chooses it")),
        _entry("14", styles.entry_longer, _("one more digit makes it")),
        _entry(f"{letter}3", styles.seat(0, False),
               _("{name}: race, 3 tokens").format(name=view.names[0])),
        _entry(f"{letter.lower()}3", styles.seat(0, True),
               _("{name}: declined race").format(name=view.names[0])),
        _entry("3t", styles.mark("target"), _("costs you 3 tokens")),
        _entry("-2t", styles.mark("final"), _("2 short: try the die")),
        _entry("14", styles.mark("own"), _("your region")),
        _entry("14", styles.mark("changed"), _("changed just now")),
    ]
    travel = table(board.game).get("rules", {}).get("travel_cost", 0)
    if travel:
        out.append(_entry(f"{2 + travel}t", styles.mark("target"),
                          _("another island: +{n} travel included").format(n=travel)))
    used = {r.terrain for r in board.regions}
    for terrain, _row in entries("terrain", board.game).items():
        if terrain in used:
            look = palette.terrain_style(board.game, terrain)
            out.append(_entry(f" {look.glyph} ", styles.fill(terrain)[1],
                              display_name("terrain", terrain, game=board.game)))
    shown = {s for r in board.regions for s in palette.region_symbols(r, board.game)}
    for symbol in entries("symbol", board.game):
        if symbol in shown:
            out.append(_entry(palette.glyph("symbol", symbol, board.game), styles.symbols,
                              display_name("symbol", symbol, game=board.game)))
    neutrals = {r.race for r in view.regions if r.neutral}
    neutrals |= {f"{view.game}:{k}" for k, row in entries("piece", view.game).items()
                 if row.get("neutral")}
    for kind in sorted(neutrals):
        out.append(_entry(palette.glyph("piece", kind), styles.neutral,
                          display_name("piece", kind)))
    for kind, piece in view.pieces.items():
        style = styles.symbols if piece.on_capture == "stay" else styles.pieces
        out.append(_entry(palette.glyph("piece", kind), style, display_name("piece", kind)))
    kinds = [kind for kind in palette.ITEM_KINDS if entries(kind, view.game)]
    for kind in [*kinds, *([palette.FACE_DOWN] if kinds else [])]:
        out.append(_entry(palette.item_style(kind).glyph, styles.item(kind),
                          item_kind_name(kind)))
    return _once(out)


def _once(found: list[Entry]) -> list[Entry]:
    """Each glyph once, with its first meaning: a glyph is read one way on the map (a Black
    Mountain region and the Black Mountain marker on it, a Volcano site and the Volcano).
    Samples of several characters ("14", "A3") tell their meanings apart by their style."""
    seen: set[object] = set()
    out = []
    for sample, meaning in found:
        glyph = sample.plain.strip()
        key = glyph if len(glyph) == 1 else (glyph, meaning)
        if key not in seen:
            seen.add(key)
            out.append((sample, meaning))
    return out


def item_kind_name(kind: str) -> str:
    """A relic, a place, an artifact, or an item still face down, in words."""
    return {"relic": _("a relic"), "place": _("a place"), "artifact": _("an artifact"),
            palette.FACE_DOWN: _("an item face down")}[kind]


def legend_renderable(view: PlayerView, plain: bool = False) -> RenderableType:
    """The legend as columns that fill the width they are given."""
    cells = []
    for sample, meaning in legend_entries(view, plain):
        cell = Table.grid(padding=(0, 1))
        cell.add_column(width=4, no_wrap=True)
        cell.add_column(overflow="fold")
        cell.add_row(sample, meaning)
        cells.append(cell)
    return Columns(cells, expand=True, width=COLUMN)


class Legend(VerticalScroll):
    """The legend panel under the map, or in its place in a short terminal (toggled with a
    key; the arrow keys scroll it once focused, the mouse wheel too; the help screen shows
    it whole)."""

    _shown: object = None

    def compose(self) -> ComposeResult:
        yield Static(id="legend-text")

    def show(self, view: PlayerView) -> None:
        key = (view.map.name, view.game, tuple(view.names),
               frozenset(r.race for r in view.regions if r.neutral), self.app.no_color)
        if key == self._shown:
            return
        self._shown = key
        self.query_one("#legend-text", Static).update(
            legend_renderable(view, palette.no_color() or self.app.no_color))
