"""How the map's characters look: terrain fills, borders, region numbers, holders, marks,
pieces, symbols and items, in colour or (NO_COLOR) with attributes only.  The map and its
legend share these styles."""

from __future__ import annotations

from functools import cache

from rich.color import Color
from rich.style import Style

from smallworld_tui.ui import palette

BORDER_COLOR = "#8a8a8a"
MARK_COLORS = {"target": "#FFFFFF", "final": "#D55E00", "own": "#0072B2",
               "choice": "#FFFFFF", "selected": "#BBBBBB", "changed": "#F0E442"}


def blend(color: str, amount: float) -> str:
    """``color`` mixed with black: amount 1 keeps it, 0 gives black."""
    r, g, b = Color.parse(color).get_truecolor()
    return f"#{int(r * amount):02x}{int(g * amount):02x}{int(b * amount):02x}"


@cache
def _fill(game: str, terrain: str, lit: bool, cursor: bool, plain: bool
          ) -> tuple[Style, Style, Style]:
    if plain:
        return Style(), Style(bold=cursor, dim=not cursor), Style()
    color = palette.terrain_style(game, terrain).color
    bg = blend(color, 0.5 if lit else 0.3)
    glyph = "#FFFFFF" if cursor else blend(color, 0.85)
    space = Style(color=BORDER_COLOR, bgcolor=bg)  # the colour of "_" and underlines
    return space, Style(color=glyph, bgcolor=bg, bold=cursor), space


class MapStyles:
    """Rich styles of the map of one game's terrains (``plain``: NO_COLOR)."""

    def __init__(self, game: str, plain: bool) -> None:
        self.game = game
        self.plain = plain
        self.key = (game, plain)  # what the styles depend on
        self.border = Style(color=None if plain else BORDER_COLOR)
        self.cursor_border = Style(bold=True, color=None if plain else "#FFFFFF")
        self.number = (Style(bold=True, underline=True) if plain
                       else Style(bold=True, color="#FFFFFF"))
        self.cursor_number = (Style(reverse=True, bold=True) if plain
                              else Style(bold=True, color="black", bgcolor="#FFFFFF"))
        # the number being typed ("1_"), and the numbers one more digit makes of it
        self.entry = (Style(reverse=True, bold=True, underline=True, italic=True) if plain
                      else Style(bold=True, color="black", bgcolor="#E69F00"))
        self.entry_longer = (Style(bold=True, italic=True, underline=True) if plain
                             else Style(bold=True, underline=True, color="#E69F00"))
        self.pieces = Style(bold=True, color=None if plain else "#FFFFFF")
        self.symbols = Style(color=None if plain else "#F5DE8A")
        self.neutral = (Style(bold=True) if plain
                        else Style(bold=True, color="black", bgcolor="#BBBBBB"))

    def fill(self, terrain: str, lit: bool = False, cursor: bool = False
             ) -> tuple[Style, Style, Style]:
        """Styles of a region's characters by kind: blank, terrain glyph, underline."""
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
            quiet = kind in ("selected", "changed")  # not something to act on
            return Style(bold=True, reverse=not quiet, underline=quiet, italic=kind == "changed")
        color = MARK_COLORS.get(kind, "#FFFFFF")
        text = "white" if kind in ("final", "own") else "black"
        return Style(color=text, bgcolor=color, bold=True)

    def item(self, kind: str) -> Style:
        """A relic, place or artifact (by kind) lying in a region."""
        if self.plain:
            return Style(bold=True)
        return Style(bold=True, color=palette.item_style(kind).color)
