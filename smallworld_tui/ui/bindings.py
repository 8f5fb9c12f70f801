"""Key descriptions in the interface language.

``BINDINGS`` are class attributes, built before a language may be chosen, so their
descriptions are only marked with ``N_`` and translated when a screen, widget or the app is
created (the footer, the key help and the palette then show the translation).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from textual.binding import Binding
from textual.dom import DOMNode

from smallworld_tui.compat import node_bindings
from smallworld_tui.i18n import _


def _translated(binding: Binding) -> Binding:
    return replace(binding, description=_(binding.description) if binding.description else "",
                   tooltip=_(binding.tooltip) if binding.tooltip else "")


def translate_bindings(node: DOMNode) -> None:
    """Replace ``node``'s key bindings by copies with translated descriptions."""
    bindings = node_bindings(node)
    bindings.key_to_bindings = {key: [_translated(b) for b in group]
                                for key, group in bindings.key_to_bindings.items()}


class TranslatedBindings:
    """Mixin (before the Textual base): the node's key descriptions in the current language."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        assert isinstance(self, DOMNode)
        translate_bindings(self)
