"""Coins scored per round and player: a row per round, a column per player, each value
written beside a bar in the player's colour (plain text, no plotting library)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from smallworld_tui.i18n import _
from smallworld_tui.ui.widgets.seat_text import seat_chip, seat_color

BAR = 8  # cells of the longest bar
EIGHTHS = " ▏▎▍▌▋▊▉"


def bar(value: int, top: int, width: int = BAR) -> str:
    """A horizontal bar of ``value`` on a scale where ``top`` fills ``width`` cells."""
    if top <= 0 or value <= 0:
        return ""
    eighths = max(1, round(value * width * 8 / top))
    return "█" * (eighths // 8) + (EIGHTHS[eighths % 8] if eighths % 8 else "")


def chart_table(gains: Sequence[Sequence[int | None]], names: Sequence[str]) -> Table:
    """``gains[round][seat]``: the coins each player scored each round, then the totals."""
    values = [[g or 0 for g in row] for row in gains]
    top = max((v for row in values for v in row), default=0)
    table = Table(box=None, padding=(0, 1), show_edge=False,
                  title=_("Coins scored per round"), title_justify="left",
                  title_style="bold")
    table.add_column(_("Round"), justify="right", style="bold")
    for seat in range(len(names)):
        table.add_column(seat_chip(seat, names), no_wrap=True, min_width=BAR + 4)
    for index, row in enumerate(values):
        cells = [Text.assemble((bar(v, top), seat_color(seat)), f" {v}")
                 for seat, v in enumerate(row)]
        table.add_row(str(index + 1), *cells)
    totals = [sum(row[seat] for row in values) for seat in range(len(names))]
    table.add_row(_("Total"), *(Text(str(t), style="bold") for t in totals))
    return table


class ScoreChart(Static):
    """The coins each player scored each round, readable at a glance and to the coin."""

    def show(self, gains: Sequence[Sequence[int | None]], names: Sequence[str]) -> None:
        self.update(chart_table(gains, names))
