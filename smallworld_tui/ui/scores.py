"""Scores in words and tables: a turn's score with its breakdown (shown to the scoring player
before the device passes on) and each player's whole-game breakdown (the end screen)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text

from smallworld_tui.engine import Event
from smallworld_tui.i18n import _
from smallworld_tui.ui.describe import coins, score_label
from smallworld_tui.ui.widgets.seat_text import seat_chip


def turn_score(event: Event, name: str, total: int | None) -> Text:
    """The private note of a ``scored`` event: what the player scored this turn, how, and
    the coins they now have."""
    text = Text(_("{name}, you scored {coins} this turn.").format(
        name=name, coins=coins(event["coins"])), style="bold")
    for label, value in event["breakdown"]:
        text.append("\n  ")
        text.append(f"{score_label(label)} {value:+d}")
    if total is not None:
        text.append("\n" + _("You have {coins} in all.").format(coins=coins(total)))
    return text


def game_breakdown(log: Sequence[Event], players: int) -> list[dict[str, int]]:
    """Per seat, the coins of the whole game by source, in order of first appearance: each
    ``scored`` line summed by label (regions of each race, race, power and item bonuses),
    then the coins paid for combos and collected from them."""
    out: list[dict[str, int]] = [{} for _ in range(players)]
    for event in log:
        if not 0 <= event.seat < players:
            continue
        lines = out[event.seat]
        if event.kind == "scored":
            for label, value in event["breakdown"]:
                lines[label] = lines.get(label, 0) + value
        elif event.kind == "picked":
            for label, value in ((PAID, -event["paid"]), (COLLECTED, event["collected"])):
                if value:
                    lines[label] = lines.get(label, 0) + value
    return out


PAID, COLLECTED = "combos:paid", "combos:collected"


def _label(label: str) -> str:
    if label == PAID:
        return _("Paid for combos")
    if label == COLLECTED:
        return _("Collected from combos")
    return score_label(label)


def breakdowns_table(log: Sequence[Event], names: Sequence[str], starting: Sequence[int],
                     final: Sequence[int | None]) -> Table:
    """Every player's whole-game breakdown side by side: a column per player, a line per
    source of coins, from the starting coins to the final total."""
    per_seat = game_breakdown(log, len(names))
    labels = list(dict.fromkeys(label for lines in per_seat for label in lines))
    labels.sort(key=lambda label: label in (PAID, COLLECTED))
    table = Table(box=None, padding=(0, 2), show_edge=False)
    table.add_column("")
    for seat in range(len(names)):
        table.add_column(seat_chip(seat, names), justify="right")
    table.add_row(_("Starting coins"), *(str(c) for c in starting))
    for label in labels:
        values = [lines.get(label) for lines in per_seat]
        table.add_row(_label(label), *("" if v is None else f"{v:+d}" for v in values))
    table.add_row(Text(_("Coins at the end"), style="bold"),
                  *(Text(str(c), style="bold") for c in final))
    return table
