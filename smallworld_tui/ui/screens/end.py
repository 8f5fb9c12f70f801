"""The end of the game: coins revealed, the ranking with its tie-break, where each player's
coins came from, the coins scored per round, and the final map; the game can be watched again
from there."""

from __future__ import annotations

from typing import ClassVar

from rich.console import JustifyMethod
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from smallworld_tui.compat import while_open
from smallworld_tui.engine import SPECTATOR, PlayerView, ruleset
from smallworld_tui.i18n import N_, _
from smallworld_tui.session import GameSession
from smallworld_tui.ui.bindings import TranslatedBindings
from smallworld_tui.ui.describe import coins, combo_name, joined, race_name, tokens
from smallworld_tui.ui.messages import ShowNewGame, WatchGame
from smallworld_tui.ui.scores import breakdowns_table
from smallworld_tui.ui.teams import team_headline, team_result_table
from smallworld_tui.ui.widgets.key_footer import KeyFooter
from smallworld_tui.ui.widgets.map_view import MapView
from smallworld_tui.ui.widgets.score_chart import ScoreChart
from smallworld_tui.ui.widgets.seat_text import seat_chip


def ranking(view: PlayerView) -> list[int]:
    """Seats by coins, then race tokens on the map (the tie-break)."""
    return sorted(range(len(view.names)),
                  key=lambda s: (-(view.coins[s] or 0), -view.tokens_on_board[s], s))


def headline(view: PlayerView) -> str:
    if view.teams:
        return team_headline(view)
    names = [view.names[s] for s in view.winners]
    if len(names) == 1:
        return _("{name} wins!").format(name=names[0])
    return _("{names} share the victory!").format(names=joined(names))


def tie_break(view: PlayerView) -> str:
    """How the winner was found: most coins, then most race tokens on the map (in a team
    game with partners, the team rule)."""
    if any(len(seats) > 1 for seats in view.teams.values()):
        return team_rule()
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


def team_rule() -> str:
    return _("A team scores the coins of its poorer player; the best team score wins, and "
             "between tied teams the one with the richest player.")


def ranking_table(view: PlayerView) -> Table:
    table = Table(box=None, padding=(0, 2), show_edge=False)
    right: JustifyMethod = "right"
    for title, justify in ((_("#"), right), (_("Player"), "left"), (_("Coins"), right),
                           (_("Tokens on map"), right), (_("Races"), "left")):
        table.add_column(title, justify=justify)
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
    """The results beside the final map (in a narrow terminal, the map below the results:
    the screen scrolls)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new_game", N_("New game"), id="end.new_game"),
        Binding("w", "watch", N_("Watch again"), id="end.watch"),
        Binding("tab", "app.focus_next", N_("Results ⇄ map"), id="end.focus"),
    ]

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        view = self.session.view(SPECTATOR)
        starting = ruleset(view.game).starting_coins
        with VerticalScroll(id="end-main"):
            with VerticalScroll(id="end-body"):
                yield Static(Text(_("Game over — {headline}").format(headline=headline(view)),
                                  style="bold reverse"), id="end-title")
                if view.teams:
                    yield Static(team_result_table(view), id="end-teams")
                yield Static(ranking_table(view), id="end-ranking")
                yield Static(tie_break(view), id="end-tie-break", markup=False)
                yield Static(breakdowns_table(self.session.log, view.names,
                                              [starting] * len(view.names), view.coins),
                             id="end-breakdown")
                yield ScoreChart(id="end-chart")
            yield MapView(view.map, id="end-map")
        yield KeyFooter()

    @while_open
    def on_mount(self) -> None:
        view = self.session.view(SPECTATOR)
        self.query_one("#end-breakdown").border_title = _("Where the coins came from")
        if view.teams:
            self.query_one("#end-teams").border_title = _("Team result")
        self.query_one("#end-map").border_title = _("The final map")
        self.query_one(ScoreChart).show(view.gains, view.names)
        self.query_one(MapView).show(view)
        self.query_one("#end-body").focus()

    def action_new_game(self) -> None:
        self.post_message(ShowNewGame())

    def action_watch(self) -> None:
        """The game from its start in the replay viewer (Esc comes back here)."""
        self.post_message(WatchGame(self.session.record))
