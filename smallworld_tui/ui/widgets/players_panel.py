"""The players: whose turn it is, coins (hidden as "?" from others), both races with their
tokens, and the relics and places they hold.  Names are shortened to fit, never numbers."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from smallworld_tui.engine import PlayerView
from smallworld_tui.i18n import _
from smallworld_tui.ui.describe import content_name, joined, race_name
from smallworld_tui.ui.palette import item_kind, item_style
from smallworld_tui.ui.widgets.seat_text import seat_chip
from smallworld_tui.ui.widgets.steady_static import SteadyStatic

Row = tuple[Text, Text]


def held_items(view: PlayerView, seat: int) -> list[str]:
    """The relics, places and artifacts lying in the player's regions."""
    return [qid for r in view.regions if r.seat == seat for qid in r.items]


def player_rows(view: PlayerView, seat: int, compact: bool = False) -> list[Row]:
    """One player as (name, numbers) rows: name and coins, the active race, the declined
    race, the items held.  ``compact`` puts the active race on the name's row."""
    coins = view.coins[seat]
    head = Text("▶" if seat == view.seat else " ", style="bold")
    head.append_text(seat_chip(seat, view.names))
    if seat == view.actor and seat != view.seat:
        head.append(" " + _("(placing survivors)"), style="italic")
    money = Text(_("{coins}¢").format(coins="?" if coins is None else coins),
                 style="bold" if coins is not None else "dim")
    rows: list[Row] = []
    active = view.active_army(seat)
    if active is not None:
        name = Text(_("{power} {race}").format(
            power=content_name("power", active.power), race=race_name(active.race)),
            style="bold")
        if "ally" in active.extra:
            name.append(" " + _("ally {name}").format(name=view.names[active.extra["ally"]]))
        numbers = Text(str(active.on_board))
        if active.hand:
            numbers.append(_("+{hand}").format(hand=active.hand))
        rows.append((name, numbers))
    for army in view.armies_of(seat):
        if army.declined:
            rows.append((Text(_("† {race}").format(race=race_name(army.race)), style="dim"),
                         Text(str(army.on_board), style="dim")))
    items = held_items(view, seat)
    if items:
        rows.append((Text(joined(f"{item_style(item_kind(q)).glyph} {content_name('item', q)}"
                                 for q in items)), Text()))
    if not rows:
        rows.append((Text(_("no race yet"), style="dim"), Text()))
    if compact:  # "▶ A  Amy 5¢ Flying Trolls    9+2": coins right after the name
        first, numbers = rows.pop(0)
        head.append(" ")
        head.append_text(money)
        head.append(" ")
        head.append_text(first)
        return [(head, numbers), *((Text("  ").append_text(name), n) for name, n in rows)]
    return [(head, money), *((Text("  ").append_text(name), n) for name, n in rows)]


class PlayersPanel(SteadyStatic):
    """Every player, the one whose turn it is marked with ▶."""

    def show(self, view: PlayerView, compact: bool = False) -> None:
        rows = [row for seat in range(len(view.names))
                for row in player_rows(view, seat, compact)]
        table = Table.grid(expand=True)
        table.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
        table.add_column(justify="right", no_wrap=True)
        for name, numbers in rows:
            table.add_row(name, numbers)
        self.show_content(table, key=tuple(rows), lines=len(rows))
