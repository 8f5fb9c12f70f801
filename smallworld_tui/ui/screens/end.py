"""The end of the game: coins revealed, the ranking with its tie-break, the score per round."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from smallworld_tui.engine import PlayerView
from smallworld_tui.engine.view import SPECTATOR
from smallworld_tui.i18n import N_, _
from smallworld_tui.session import GameSession
from smallworld_tui.ui.bindings import TranslatedBindings
from smallworld_tui.ui.describe import coins, combo_name, joined, race_name, tokens
from smallworld_tui.ui.widgets.key_footer import KeyFooter
from smallworld_tui.ui.widgets.score_chart import ScoreChart
from smallworld_tui.ui.widgets.seat_text import seat_chip


def ranking(view: PlayerView) -> list[int]:
    """Seats by coins, then race tokens on the map (the tie-break)."""
    return sorted(range(len(view.names)),
                  key=lambda s: (-(view.coins[s] or 0), -view.tokens_on_board[s], s))


def headline(view: PlayerView) -> str:
    names = [view.names[s] for s in view.winners]
    if len(names) == 1:
        return _("{name} wins!").format(name=names[0])
    return _("{names} share the victory!").format(names=joined(names))


def tie_break(view: PlayerView) -> str:
    """How the winner was found: most coins, then most race tokens on the map."""
    best = max(c or 0 for c in view.coins)
    tied = [s for s in range(len(view.names)) if view.coins[s] == best]
    names = joined(view.names[s] for s in tied)
    if len(tied) == 1:
        return _("{name} has the most coins ({coins}).").format(
            name=view.names[tied[0]], coins=coins(best))
    counts = joined(f"{view.names[s]} {view.tokens_on_board[s]}" for s in tied)
    if len(view.winners) == 1:
        return _("{names} tie with {coins}; the tie-break is the most race tokens on the map "
                 "({counts}).").format(names=names, coins=coins(best), counts=counts)
    return _("{names} tie with {coins} and with {tokens} on the map: no further tie-break, "
             "so they share the win.").format(
        names=names, coins=coins(best), tokens=tokens(view.tokens_on_board[tied[0]]))


def ranking_table(view: PlayerView) -> Table:
    table = Table(box=None, padding=(0, 2), show_edge=False)
    for title, justify in ((_("#"), "right"), (_("Player"), "left"), (_("Coins"), "right"),
                           (_("Tokens on map"), "right"), (_("Races"), "left")):
        table.add_column(title, justify=justify)  # type: ignore[arg-type]
    rank = 0
    previous: tuple[int, int] | None = None
    for index, seat in enumerate(ranking(view)):
        key = (view.coins[seat] or 0, view.tokens_on_board[seat])
        if key != previous:
            rank, previous = index + 1, key
        races = joined(combo_name(a.race, a.power) if not a.declined
                       else "† " + race_name(a.race) for a in view.armies_of(seat))
        table.add_row(str(rank), seat_chip(seat, view.names), str(view.coins[seat]),
                      str(view.tokens_on_board[seat]), races)
    return table


class EndScreen(TranslatedBindings, Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new_game", N_("New game"), id="end.new_game"),
    ]

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        view = self.session.view(SPECTATOR)
        with VerticalScroll(id="end-body"):
            yield Static(Text(_("Game over — {headline}").format(headline=headline(view)),
                              style="bold reverse"), id="end-title")
            yield Static(ranking_table(view), id="end-ranking")
            yield Static(tie_break(view), id="end-tie-break", markup=False)
            yield ScoreChart(id="end-chart")
        yield KeyFooter()

    def on_mount(self) -> None:
        view = self.session.view(SPECTATOR)
        self.query_one(ScoreChart).show(view.gains, view.names)

    def action_new_game(self) -> None:
        self.app.show_new_game()  # type: ignore[attr-defined]
