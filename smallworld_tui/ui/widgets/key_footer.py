"""Textual's footer with the keys in a strip of their own, left of the command-palette key.

Keys that do not fit are clipped at the end of that strip instead of running on under the
palette key: Textual cuts a line at every widget edge, and an edge under the palette key
split a Japanese character of its label into blanks.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import HorizontalScroll
from textual.widgets import Footer


class KeyFooter(Footer):
    DEFAULT_CSS = """
    KeyFooter #footer-keys {
        width: 1fr;
        height: 1;
        scrollbar-size: 0 0;
    }
    """

    def compose(self) -> ComposeResult:
        widgets = list(super().compose())
        with HorizontalScroll(id="footer-keys"):
            yield from (w for w in widgets if not w.has_class("-command-palette"))
        yield from (w for w in widgets if w.has_class("-command-palette"))
