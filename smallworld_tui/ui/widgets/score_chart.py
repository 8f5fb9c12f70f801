"""Coins gained per round and player as grouped vertical bars (plain text, no plotting deps)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group
from rich.text import Text
from textual.widgets import Static

from smallworld_tui.i18n import _
from smallworld_tui.ui.palette import seat_letters
from smallworld_tui.ui.widgets.seat_text import seat_chip, seat_color

EIGHTHS = " ▁▂▃▄▅▆▇█"


def bar_cell(value: int, top: int, row: int, height: int) -> str:
    """The character of a bar of ``value`` (scale ``top``) at ``row`` (0 = bottom)."""
    eighths = round(value * height * 8 / top) if top else 0
    filled = eighths - row * 8
    return EIGHTHS[max(0, min(8, filled))]


def chart_lines(gains: Sequence[Sequence[int | None]], names: Sequence[str],
                height: int = 8) -> list[Text]:
    """``gains[round][seat]``: one group of bars per round, the seat letters underneath."""
    players = len(names)
    values = [[g or 0 for g in row] for row in gains]
    top = max((v for row in values for v in row), default=0)
    letters = seat_letters(list(names))
    lines = []
    for row in range(height - 1, -1, -1):
        label = f"{round(top * (row + 1) / height):>3} " if row in (height - 1, 0) else "    "
        line = Text(label, style="dim")
        for group in values:
            for seat in range(players):
                line.append(bar_cell(group[seat], top, row, height), style=seat_color(seat))
            line.append(" ")
        lines.append(line)
    under = Text("    ")
    numbers = Text("    ")
    for index in range(len(values)):
        under.append("".join(letters[s] for s in range(players)) + " ", style="dim")
        numbers.append(str(index + 1).center(players) + " ", style="bold")
    return [*lines, under, numbers]


class ScoreChart(Static):
    """Bars of coins scored each round by each player, with a legend."""

    def show(self, gains: Sequence[Sequence[int | None]], names: Sequence[str]) -> None:
        legend = Text(_("Coins scored per round") + "   ", style="bold")
        for seat in range(len(names)):
            legend.append_text(seat_chip(seat, names))
            legend.append("  ")
        self.update(Group(legend, *chart_lines(gains, names)))
