"""A Static that ignores updates which would not change it.

Every ``Static.update`` lays out the whole screen again by default, and a layout pass repaints
much more than the panel itself: the main cost of a repaint when one game serves several
terminals (SSH), where most panels are unchanged by most moves.  A layout is only asked for
when the number of lines changes (counted as wrapped at the widget's width).
"""

from __future__ import annotations

from typing import Any

from rich.console import Console, Group
from rich.text import Text
from textual.widgets import Static

from smallworld_tui.ui.wrap import Folded, fold_lines


def line_count(content: Any, console: Console, width: int) -> int:
    """How many lines ``content`` takes at ``width`` cells (unwrapped when width is 0)."""
    if isinstance(content, Group):
        return sum(line_count(part, console, width) for part in content.renderables)
    if isinstance(content, Folded):
        return len(fold_lines(content.text, width)) if width > 0 else 1
    if isinstance(content, Text):
        if width <= 0 or content.no_wrap:
            return content.plain.count("\n") + 1
        return len(content.wrap(console, width))
    return str(content).count("\n") + 1


class SteadyStatic(Static):
    _shown: Any = None
    _content: Any = None
    _fixed = False  # the line count is given, not measured
    _lines: int = -1

    def show_content(self, content: Any, key: Any = None, lines: int | None = None) -> None:
        """Show ``content`` (a str, a rich Text, or a Group of them; anything else with its
        ``key`` and its number of ``lines``) unless it is already shown."""
        if key is None:
            key = tuple(content.renderables) if isinstance(content, Group) else content
        if key == self._shown:
            return
        self._shown = key
        self._content = content
        if lines is None:
            lines = line_count(content, self.app.console, self.content_region.width)
        else:
            self._fixed = True
        self.update(content, layout=lines != self._lines)
        self._lines = lines

    def on_resize(self) -> None:
        """Wrapped again at the new width: lay out if that changes the line count."""
        if self._content is not None and not self._fixed:
            lines = line_count(self._content, self.app.console, self.content_region.width)
            if lines != self._lines:
                self._lines = lines
                self.refresh(layout=True)
