"""A panel of one-line texts that redraws only the lines that changed.

A Static draws all its lines again whenever its content changes.  Over SSH a move changes a
line or two of a panel on every terminal at the table (a player's tokens, the turn marker),
and drawing the whole panel again was a large share of each repaint.  This panel keeps each
line drawn, compares the new lines with the old, and asks Textual to draw only those that
differ; the screen is laid out again only when the number of lines changes.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget


class LinesPanel(Widget):
    """Lines of text (each cropped to the width, never wrapped), drawn by the line API."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.lines: list[Text] = []
        self._strips: list[Strip | None] = []  # each line drawn, None until needed
        self._style: Style | None = None  # the panel's own style (worked out once)

    def show_lines(self, lines: Sequence[Text]) -> None:
        """Show ``lines``, drawing again only those that differ from the lines shown."""
        old, new = self.lines, list(lines)
        if new == old:
            return
        self.lines = new
        if len(new) != len(old):
            self._strips = [None] * len(new)
            self.refresh(layout=True)
            return
        width = self.content_region.width
        for y, (before, after) in enumerate(zip(old, new, strict=True)):
            if before != after:
                self._strips[y] = None
                self.refresh(Region(0, y, width, 1))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.lines)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._style = None
        self._strips = [None] * len(self.lines)

    def on_resize(self) -> None:
        self._strips = [None] * len(self.lines)

    def render_line(self, y: int) -> Strip:
        width = self.content_region.width
        if self._style is None:  # rich_style walks the ancestors: too dear for every line
            self._style = self.rich_style
        style = self._style
        if not 0 <= y < len(self.lines):
            return Strip.blank(width, style)
        strip = self._strips[y]
        if strip is None:
            options = self.app.console.options.update_width(width)
            segments = self.app.console.render_lines(self.lines[y], options, pad=False)[0]
            blank = Style(bgcolor=style.bgcolor)  # as a Static pads its lines
            strip = Strip(segments).apply_style(style).crop_extend(0, width, blank)
            self._strips[y] = strip
        return strip
