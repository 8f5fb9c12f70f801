"""A big reinforcement die face (faces 0, 0, 0, 1, 2, 3: a blank face is 0)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

PIP = "●"
# value -> the 3×3 pip grid, row by row
_PIPS = {0: ("   ", "   ", "   "), 1: ("   ", " x ", "   "), 2: ("x  ", "   ", "  x"),
         3: ("x  ", " x ", "  x")}


def die_lines(value: int) -> list[str]:
    rows = _PIPS.get(value, _PIPS[0])
    body = ["│ " + "  ".join(PIP if c == "x" else " " for c in row) + " │" for row in rows]
    width = len(body[0]) - 2
    return ["┌" + "─" * width + "┐", *body, "└" + "─" * width + "┘"]


class DieFace(Static):
    def __init__(self, value: int, *, id: str | None = None) -> None:
        super().__init__(Text("\n".join(die_lines(value)), style="bold"), id=id)
