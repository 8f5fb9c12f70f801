"""The teams of a team game (Warcraft's Battle for Azeroth): who plays with whom, the coins a
player may see (their own, and a partner's who shows them: the engine hides the rest), and the
team result."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from smallworld_tui.engine import PlayerView
from smallworld_tui.i18n import _
from smallworld_tui.names import display_name
from smallworld_tui.ui.describe import joined
from smallworld_tui.ui.palette import faction_colour, seat_letters
from smallworld_tui.ui.widgets.seat_text import seat_color


def team_name(view: PlayerView, team: str) -> str:
    return display_name("faction", team, game=view.game)


def team_coins(view: PlayerView, team: str) -> list[int] | None:
    """The coins of each player of ``team``, when the viewer may see them all."""
    coins = [view.coins[s] for s in view.teams[team]]
    known = [c for c in coins if c is not None]
    return known if len(known) == len(coins) else None


def team_title(view: PlayerView) -> str:
    """The team panel's title; for a player with partners, whether they show their coins to
    them."""
    if not view.anytime:
        return _("Teams")
    if view.viewer in view.coins_shown:
        return _("Teams · your coins shown")
    return _("Teams · your coins hidden")


def team_line(view: PlayerView, team: str, width: int = 0) -> Text:
    """ "Alliance  Amy 7¢ · Dee ?¢" (the coins of others stay "?" unless a partner shows
    them); once the game is over, the team's score and a mark on the winning team.  When
    the names do not fit in ``width`` cells, the players' letters stand for them (as in the
    players panel), so that no coins are ever cut."""
    line = _team_line(view, team, letters=False)
    if width and line.cell_len > width:
        line = _team_line(view, team, letters=True)
    return line


def _team_line(view: PlayerView, team: str, letters: bool) -> Text:
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append(team_name(view, team), f"bold {faction_colour(view.game, team)}")
    members = []
    letter = seat_letters(view.names)
    for seat in view.teams[team]:
        coins = view.coins[seat]
        who = ((letter[seat], f"bold black on {seat_color(seat)}") if letters
               else (view.names[seat], f"bold {seat_color(seat)}"))
        members.append(Text.assemble(
            who, " ", (_("{coins}¢").format(coins="?" if coins is None else coins),
                       "" if coins is not None else "dim")))
    text.append(" ")
    text.append(Text(" · ").join(members))
    if view.finished and team in view.team_scores:
        text.append(" = ")
        text.append(_("{coins}¢").format(coins=view.team_scores[team]), "bold")
        if set(view.teams[team]) & set(view.winners):
            text.append(" ★", "bold")
    return text


def team_lines(view: PlayerView, width: int = 0) -> list[Text]:
    return [team_line(view, team, width) for team in view.teams]


def team_headline(view: PlayerView) -> str:
    """Who won a team game: the winning team (or teams) by name, with their players."""
    won = [t for t in view.teams if set(view.teams[t]) & set(view.winners)]
    names = joined(f"{team_name(view, t)} ({joined(view.names[s] for s in view.teams[t])})"
                   for t in won)
    if len(won) == 1:
        return _("the {team} win!").format(team=names)
    return _("{teams} share the victory!").format(teams=names)


def team_result_table(view: PlayerView) -> Table:
    """Each team, its players with their coins, and the team's score (the game's rule: the
    lower of two partners' coins at 4–5 players)."""
    table = Table(box=None, padding=(0, 2), show_edge=False)
    table.add_column(_("Team"))
    table.add_column(_("Players"))
    table.add_column(_("Team score"), justify="right")
    for team, seats in sorted(view.teams.items(),
                              key=lambda item: -view.team_scores.get(item[0], 0)):
        players = Text(", ").join(
            Text.assemble((view.names[s], f"bold {seat_color(s)}"),
                          f" {view.coins[s]}") for s in seats)
        score = str(view.team_scores.get(team, ""))
        mark = " ★" if set(seats) & set(view.winners) else ""
        table.add_row(Text(team_name(view, team) + mark,
                           f"bold {faction_colour(view.game, team)}"), players, score)
    return table
