"""A Static that ignores updates which would not change it.

Every ``Static.update`` lays out the whole screen again by default, and a layout pass repaints
much more than the panel itself: the main cost of a repaint when one game serves several
terminals (SSH), where most panels are unchanged by most moves.  A layout is only asked for
when the number of lines changes (these panels never wrap).
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.text import Text
from textual.widgets import Static


def _line_count(content: Any) -> int:
    if isinstance(content, Group):
        return sum(_line_count(part) for part in content.renderables)
    if isinstance(content, Text):
        return content.plain.count("\n") + 1
    return str(content).count("\n") + 1


class SteadyStatic(Static):
    _shown: Any = None
    _lines: int = -1

    def show_content(self, content: Any) -> None:
        """Show ``content`` (a str, a rich Text, or a Group of them) unless it is already shown."""
        key = tuple(content.renderables) if isinstance(content, Group) else content
        if key == self._shown:
            return
        self._shown = key
        lines = _line_count(content)
        self.update(content, layout=lines != self._lines)
        self._lines = lines
