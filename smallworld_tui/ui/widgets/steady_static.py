"""A Static that ignores updates which would not change it.

Every ``Static.update`` lays out the whole screen again, which is the main cost of a repaint
when one game serves several terminals (SSH): most panels are unchanged by most moves.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from textual.widgets import Static


class SteadyStatic(Static):
    _shown: Any = None

    def show_content(self, content: Any) -> None:
        """Show ``content`` (a str, a rich Text, or a Group of them) unless it is already shown."""
        key = tuple(content.renderables) if isinstance(content, Group) else content
        if key == self._shown:
            return
        self._shown = key
        self.update(content)
