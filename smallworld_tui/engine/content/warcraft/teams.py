"""Battle for Azeroth, the team game of Small World of Warcraft (game option ``teams``).

Seats: the players take the roles of the data table's ``teams.seat_order`` for their number,
in the order their names are given (Alliance #1 first: A1, H1, N, A2, H2 without the roles
the count lacks).  A role's team is its faction.

The market (``TeamMarket``): one column of race banners per faction (``teams.columns``: the
first rows face up, then a stack whose top is visible too; the Neutral column only when a
player is Neutral, its banners otherwise in the box) and one column of power badges.  A
player takes a race of their own faction's column with the badge in the same row, paying
the row number to the bank; the two columns close up.  A banner leaving the map goes under
its faction's stack, or into the topmost empty slot when the column shows fewer banners
than its face-up rows — in this model both mean the end of the column's list.  When the
badge stack is empty the discarded badges are shuffled into a new one; a race whose row has
no badge cannot be taken.

The result: a team's score is the lowest of its players' coins (the Neutral's own coins);
the highest wins, ties going to the team with the single richest player, else shared.
With one player per team (2–3 players) the richest player's team wins, ties broken as in
the base game (most race tokens on the map), else shared.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from smallworld_tui.engine import actions
from smallworld_tui.engine.actions import Action
from smallworld_tui.engine.content.warcraft.factions import faction
from smallworld_tui.engine.market import ComboView, combo_tokens
from smallworld_tui.engine.piles import pinned, shuffled_below, stacked
from smallworld_tui.i18n import N_

if TYPE_CHECKING:
    from smallworld_tui.engine.content.traits import Reason
    from smallworld_tui.engine.rng import Rng
    from smallworld_tui.engine.state import GameState

POWERS = "powers"  # the key of the badge column in the table's teams.columns


def roles(g: GameState) -> list[str]:
    """Each seat's role ("alliance_1", "neutral"…) in a team game; none otherwise."""
    if not g.options.get("teams"):
        return []
    order: list[str] = g.rules.table["teams"]["seat_order"][str(g.players)]
    return list(order)


def role_faction(g: GameState, role: str) -> str:
    """The faction of a role: the faction whose id it starts with."""
    factions: dict[str, Any] = g.rules.table["factions"]
    return next(f for f in factions if role == f or role.startswith(f"{f}_"))


def teams(g: GameState) -> dict[str, list[int]]:
    """Each team (a faction) and its seats, in a team game."""
    out: dict[str, list[int]] = {}
    for seat, role in enumerate(roles(g)):
        out.setdefault(role_faction(g, role), []).append(seat)
    return out


def team_of(g: GameState, seat: int) -> str:
    """The team of ``seat`` ("" outside team games)."""
    return next((team for team, seats in teams(g).items() if seat in seats), "")


def team_scores(g: GameState) -> dict[str, int]:
    """Each team's score: the lowest coins of its players."""
    return _scores(g, teams(g))


def _scores(g: GameState, by_team: dict[str, list[int]]) -> dict[str, int]:
    """``team_scores`` of the teams ``by_team`` (``teams``)."""
    return {team: min(g.coins[s] for s in seats) for team, seats in by_team.items()}


def partners(by_team: dict[str, list[int]]) -> bool:
    """Whether some team of ``by_team`` (``teams``) has several players: with one player per
    team (2–3 players) the winners are the base game's."""
    return any(len(seats) > 1 for seats in by_team.values())


def team_winners(g: GameState, by_team: dict[str, list[int]]) -> list[int]:
    """The seats of the winning team(s) of ``by_team`` (``teams``, with ``partners``)."""
    scores = _scores(g, by_team)
    best = max(scores.values())
    tied = [t for t in by_team if scores[t] == best]
    richest = {t: max(g.coins[s] for s in by_team[t]) for t in tied}
    top = max(richest.values())
    return sorted(s for t in tied if richest[t] == top for s in by_team[t])


class TeamMarket:
    """The faction columns of race banners and the column of power badges."""

    def __init__(self, table: dict[str, Any]) -> None:
        columns: dict[str, dict[str, Any]] = table["teams"]["columns"]
        #: the race columns, in the table's order
        self.race_columns = [k for k in columns if k != POWERS]
        #: face-up rows of each column
        self.face_up = {k: int(row["face_up"]) for k, row in columns.items()}
        #: visible rows of each column: the face-up ones and the top of the stack
        self.rows = {k: int(row["face_up"]) + (1 if row["stack"] else 0)
                     for k, row in columns.items()}
        #: columns laid out only when a player plays their faction
        self.optional = {k for k, row in columns.items() if row.get("only_if_neutral_player")}
        #: slots are numbered column by column: slot = column index * width + row
        self.width = max(self.rows.values())
        #: each race column's first slot
        self.first_slot = {k: i * self.width for i, k in enumerate(self.race_columns)}
        #: each seat's column, per player count (``own_column``)
        self._own: dict[int, tuple[str, ...]] = {}

    # --- where things are --------------------------------------------------------------
    def slot(self, column: str, row: int) -> int:
        return self.first_slot[column] + row

    def locate(self, g: GameState, slot: int) -> tuple[str, int] | None:
        """The column and row of ``slot``, if that column is laid out."""
        index, row = divmod(slot, self.width)
        if slot < 0 or index >= len(self.race_columns):
            return None
        column = self.race_columns[index]
        return (column, row) if column in g.columns else None

    def own_column(self, g: GameState, seat: int) -> str:
        """The column ``seat`` takes its races from: its team's (remembered per player count:
        the seats' roles come from the data table this market was made from)."""
        own = self._own.get(g.players)
        if own is None:
            own = self._own[g.players] = tuple(team_of(g, s) for s in range(g.players))
        return own[seat]

    def badge(self, g: GameState, row: int) -> str:
        """The badge visible in ``row`` of the power column ("" if none)."""
        powers = g.columns[POWERS]
        return powers[row] if row < min(len(powers), self.rows[POWERS]) else ""

    # --- Market ------------------------------------------------------------------------
    def setup(self, g: GameState, races: Sequence[str] | None,
              powers: Sequence[str] | None) -> None:
        laid = self.laid_out(g)
        top = pinned(g, "stacks.races", races, [r for r in g.rules.races if faction(r) in laid])
        for column in laid:
            ids = [r for r in g.rules.races if faction(r) == column]
            on_top = [r for r in top if r in ids]
            g.columns[column] = on_top + shuffled_below(g, on_top, ids)
        g.columns[POWERS] = stacked(g, "stacks.powers", powers, g.rules.powers)

    def laid_out(self, g: GameState) -> list[str]:
        """The race columns of a game: a column only laid out for its faction's player is
        left out without one."""
        played = set(teams(g))
        return [c for c in self.race_columns if c not in self.optional or c in played]

    def picks(self, g: GameState) -> list[Action]:
        """The rows of the player's own column they can pay for with a badge beside them:
        the badges lie in the first rows (``badge``), so those rows come first, none left out
        between them (the shared instances of the slots below the last, less those below
        the column's first: no call per row)."""
        seat = g.seat
        column = self.own_column(g, seat)
        most = min(len(g.columns.get(column, ())), self.rows.get(column, 0), g.coins[seat] + 1,
                   len(g.columns[POWERS]), self.rows[POWERS])
        first = self.first_slot.get(column, 0)  # no column: no row
        return actions.picks(first + most)[first:]

    def take(self, g: GameState, slot: int) -> tuple[str, str, int, int]:
        found = self.locate(g, slot)
        assert found is not None, slot
        column, row = found
        race = g.columns[column].pop(row)
        power = g.columns[POWERS].pop(row)
        g.pay(g.seat, row)
        self._restock(g)
        return race, power, 0, row

    def return_banner(self, g: GameState, race: str) -> None:
        g.columns[faction(race)].append(race)

    def discard_power(self, g: GameState, power: str) -> None:
        g.power_discard.append(power)
        self._restock(g)

    def _restock(self, g: GameState) -> None:
        """An empty badge stack gets the discarded badges, shuffled."""
        powers = g.columns[POWERS]
        if len(powers) <= self.face_up[POWERS] and g.power_discard:
            pile, g.power_discard = g.power_discard, []
            g.rng.shuffle(pile)
            powers.extend(pile)

    def why_not(self, g: GameState, slot: int) -> Reason:
        found = self.locate(g, slot)
        if found is None or found[1] >= min(len(g.columns[found[0]]), self.rows[found[0]]):
            return N_("there is no combo number {slot}"), {"slot": slot}
        column, row = found
        if column != self.own_column(g, g.seat):
            return (N_("{race} is not of your faction: take a race from your own faction's "
                       "column"), {"race": g.columns[column][row]})
        if not self.badge(g, row):
            return (N_("no power badge lies beside {race}: it cannot be taken now"),
                    {"race": g.columns[column][row]})
        return (N_("that combo costs {cost} coins; you have {coins}"),
                {"cost": row, "coins": g.coins[g.seat]})

    def views(self, g: GameState) -> list[ComboView]:
        out = []
        for column in self.race_columns:
            for row, race in enumerate(g.columns.get(column, [])[:self.rows[column]]):
                power = self.badge(g, row)
                out.append(ComboView(self.slot(column, row), race, power, 0,
                                     combo_tokens(race, power), column, row, row))
        return out

    def columns(self, g: GameState) -> dict[str, list[str]]:
        return {k: v[:self.rows[k]] for k, v in g.columns.items()}

    def stacks(self, g: GameState) -> dict[str, int]:
        return {k: max(0, len(v) - self.rows[k]) for k, v in g.columns.items()}

    def contents(self, g: GameState) -> tuple[list[str], list[str]]:
        boxed = [r for r in g.rules.races if faction(r) not in g.columns]
        banners = [r for k in self.race_columns for r in g.columns.get(k, [])]
        return banners + boxed, g.columns[POWERS] + g.power_discard

    def observe(self, data: dict[str, Any]) -> None:
        for k, v in data["columns"].items():
            data["columns"][k] = v[:self.rows[k]] + sorted(v[self.rows[k]:])

    def imagine(self, data: dict[str, Any], rng: Rng) -> None:
        for k, v in data["columns"].items():
            rest = v[self.rows[k]:]
            rng.shuffle(rest)
            data["columns"][k] = v[:self.rows[k]] + rest
