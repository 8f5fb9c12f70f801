"""The players: whose turn it is, coins (hidden as "?" from others but team partners), their
team in a team game, races and their tokens."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from smallworld_tui.engine import PlayerView
from smallworld_tui.i18n import _
from smallworld_tui.names import display_name
from smallworld_tui.ui.describe import combo_name, race_name
from smallworld_tui.ui.widgets.seat_text import seat_chip
from smallworld_tui.ui.widgets.steady_static import SteadyStatic


def player_lines(view: PlayerView, seat: int, compact: bool = False) -> list[Text]:
    """Two lines for one player: name and coins, then their races (one line if compact)."""
    coins = view.coins[seat]
    head = Text("▶ " if seat == view.seat else "  ", style="bold")
    head.append_text(seat_chip(seat, view.names))
    head.append("  ")
    head.append(_("{coins}¢").format(coins="?" if coins is None else coins),
                style="bold" if coins is not None else "dim")
    if view.teams:  # a team game: partners see each other's coins
        head.append("  " + display_name("faction", view.team_of(seat), game=view.game),
                    style="italic")
    if seat == view.actor and seat != view.seat:
        head.append("  " + _("(placing survivors)"), style="italic")
    races = Text(" " if compact else "    ")
    parts: list[Text] = []
    for army in view.armies_of(seat):
        if army.declined:
            parts.append(Text(_("† {race} {tokens}").format(
                race=race_name(army.race), tokens=army.on_board), style="dim"))
            continue
        text = Text(combo_name(army.race, army.power), style="bold")
        text.append(" " + _("{board} on map").format(board=army.on_board))
        if army.hand:
            text.append(" " + _("+{hand} in hand").format(hand=army.hand))
        if "ally" in army.extra:
            text.append(" " + _("ally {name}").format(name=view.names[army.extra["ally"]]))
        parts.insert(0, text)
    races.append_text(Text(" · ").join(parts) if parts else Text(_("no race yet"), "dim"))
    if compact:
        head.append_text(races)
        races = head
    races.no_wrap = True
    races.overflow = "ellipsis"
    return [races] if compact else [head, races]


class PlayersPanel(SteadyStatic):
    """Every player, the one whose turn it is marked with ▶."""

    def show(self, view: PlayerView, compact: bool = False) -> None:
        lines = [line for seat in range(len(view.names))
                 for line in player_lines(view, seat, compact)]
        self.show_content(Group(*lines))
