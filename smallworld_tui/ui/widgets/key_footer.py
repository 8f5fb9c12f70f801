"""Textual's footer with the keys in a strip of their own, left of the command-palette key.

Keys that do not fit are clipped at the end of that strip instead of running on under the
palette key: Textual cuts a line at every widget edge, and an edge under the palette key
split a Japanese character of its label into blanks.

Textual's footer builds its keys again whenever the screen's bindings may have changed (every
change of focus, every ``refresh_bindings``); this one only when the keys it shows change,
which spares a game screen a restyle and a new layout per move.
"""

from __future__ import annotations

from collections.abc import Hashable

from textual.app import ComposeResult
from textual.containers import HorizontalScroll
from textual.widgets import Footer


class KeyFooter(Footer):
    _composed: Hashable = None  # what the keys were last built for
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

    def _shown(self) -> Hashable:
        """What the footer shows: each shown key's label, action, state and tooltip."""
        keys = tuple((binding.key, self.app.get_key_display(binding), binding.description,
                      binding.action, enabled, tooltip)
                     for _node, binding, enabled, tooltip in self.screen.active_bindings.values()
                     if binding.show)
        return keys, self.compact, self.show_command_palette

    async def recompose(self) -> None:
        if not self.is_attached:  # removed with its screen before its turn came
            return
        shown = self._shown()
        if shown != self._composed:
            self._composed = shown
            await super().recompose()
