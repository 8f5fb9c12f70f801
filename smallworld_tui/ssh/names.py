"""Player names as remote users give them (the SSH user name, the web form): what is refused.

A name is shown on every screen of a table, so it must be printable, fit a column, and never be
taken for markup (the interface shows names as plain text; see tests/remote/test_names.py).
Names are compared without regard to case: "amy" cannot sit beside, or pose as, "Amy".
"""

from __future__ import annotations

import unicodedata

from rich.cells import cell_len

from smallworld_tui.i18n import _

MAX_NAME_CELLS = 20


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name (translated), or None if it can."""
    if not name.strip():
        return _("an empty name")
    if name != name.strip():
        return _("spaces at its start or end")
    if not all(ch.isprintable() and unicodedata.category(ch) != "Cf" for ch in name):
        return _("invisible or control characters")
    if cell_len(name) > MAX_NAME_CELLS:
        return _("more than {n} columns wide").format(n=MAX_NAME_CELLS)
    return None


def same_name(a: str, b: str) -> bool:
    return a.casefold() == b.casefold()
