"""The combos a player of the team game may pick are listed as the shared actions of the
slots of their own column's rows, as the general path lists them row by row, after every
action of random team games: the rows they can pay for (a coin a row) with a badge beside
them, none past the visible rows of their column or of the badges."""

from __future__ import annotations

from smallworld_tui.bots.random_play import play_random_game
from smallworld_tui.engine import Action, GameState, actions
from smallworld_tui.engine.content.warcraft.teams import TeamMarket


def picks_in_general(g: GameState, market: TeamMarket) -> list[Action]:
    """Each row of the seat's own column, if visible, paid for and with a badge beside it."""
    column = market.own_column(g, g.seat)
    if column not in g.columns:
        return []
    return [actions.pick(market.slot(column, row))
            for row in range(min(len(g.columns[column]), market.rows[column]))
            if row <= g.coins[g.seat] and market.badge(g, row)]


def test_the_team_picks_are_the_rows_of_ones_own_column_one_can_pay_for() -> None:
    listed = 0
    past_the_first_column = 0

    def check(g: GameState, _: Action) -> None:
        nonlocal listed, past_the_first_column
        market = g.market
        assert isinstance(market, TeamMarket)
        found = market.picks(g)
        general = picks_in_general(g, market)
        assert found == general
        assert all(a is b for a, b in zip(found, general, strict=True))  # shared instances
        listed += len(found)
        past_the_first_column += any(a.target >= market.width for a in found)

    for seed in range(6):
        play_random_game(["Amy", "Ben", "Cai", "Dee"], None, seed, check, game="warcraft",
                         options={"teams": True})
    assert listed and past_the_first_column
