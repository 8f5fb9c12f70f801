"""Battle for Azeroth, the team game, one scenario per rule of its sheet (seed 002;
../shared/rules/warcraft.md §9): seats and turn order, the faction columns and the power
column, prices paid to the bank, columns closing up, banners coming back, the team result
for 2 to 5 players.  Where the sheet is silent the rulings of docs/rulings.md apply.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from invariants import check
from scenario import act, begin_turn, give, kinds, of, targets

from smallworld_tui.engine import GameState, new_game, view
from smallworld_tui.engine.content.warcraft.factions import faction
from smallworld_tui.engine.phase import Phase
from warcraft.helpers import lines, play_out, set_coins, wc_game

Maps = Callable[[int], str]
NAMES = ["A", "B", "C", "D", "E"]


def teams(wc_map: Maps, players: int, seed: int = 0) -> GameState:
    return wc_game(players, wc_map(players), seed, teams=True)


def combo(g: GameState, column: str, row: int) -> int:
    """The pick slot of ``column``'s ``row``."""
    return next(c.slot for c in view(g, -1).combos if (c.column, c.row) == (column, row))


@pytest.mark.parametrize(("players", "order"), [
    (2, ["alliance", "horde"]), (3, ["alliance", "horde", "neutral"]),
    (4, ["alliance", "horde", "alliance", "horde"]),
    (5, ["alliance", "horde", "neutral", "alliance", "horde"])])
def test_seats_and_turns_go_alliance_horde_neutral_alliance_horde(
        wc_map: Maps, players: int, order: list[str]) -> None:
    """Seed 002: 2 players A + H; 3: A + H + N; 4: 2 A + 2 H; 5: 2 A + 2 H + N, seated and
    playing in the order A#1, H#1, N, A#2, H#2; each takes a race of their own faction."""
    g = teams(wc_map, players)
    for seat, side in enumerate(order):
        assert g.seat == seat and g.phase == Phase.PICK
        picks = targets(g, "pick")
        assert {c.column for c in view(g, -1).combos if c.slot in picks} == {side}
        act(g, "pick", combo(g, side, 0))
        assert faction(g.armies[-1].race) == side
        if "human_form" in kinds(g):  # the Worgen take a form first
            act(g, "human_form")
        play_out(g)
    assert g.seat == 0 and g.round == 2
    check(g)


@pytest.mark.parametrize(("players", "neutral"), [(2, False), (3, True), (4, False),
                                                   (5, True)])
def test_the_columns_show_four_banners_a_faction_and_four_badges(
        wc_map: Maps, players: int, neutral: bool) -> None:
    """Alliance and Horde: 3 banners face up and a face-up stack of 3; Neutral (only with a
    Neutral player, otherwise its 4 banners stay in the box): its 4 banners, no stack;
    badges: 3 face up and the rest in a face-up stack."""
    g = teams(wc_map, players)
    assert len(g.columns["alliance"]) == len(g.columns["horde"]) == 6
    assert len(g.columns["powers"]) == 20
    assert ("neutral" in g.columns) == neutral
    shown = view(g, -1).combos
    columns = {"alliance", "horde"} | ({"neutral"} if neutral else set())
    for column in columns:
        assert [c.row for c in shown if c.column == column] == [0, 1, 2, 3]
    assert all(c.power == g.columns["powers"][c.row] for c in shown)


def test_the_sheets_opening_pick_costs_its_row_to_the_bank_and_shifts_the_badges(
        wc_map: Maps) -> None:
    """Alliance #1 takes the race of row 1 with the badge of row 1 and pays 1 coin to the
    bank; the Alliance column and the badge column close up — so every Horde race now
    stands beside the next badge (the sheet's Orcs stop being Enraged)."""
    g = teams(wc_map, 4)
    horde, powers = list(g.columns["horde"]), list(g.columns["powers"])
    alliance = list(g.columns["alliance"])
    events = act(g, "pick", combo(g, "alliance", 1))
    picked = of(events, "picked")[0]
    assert (picked["race"], picked["power"]) == (alliance[1], powers[1])
    assert g.coins[0] == 4 and g.to_bank == 1 and all(c.coins == 0 for c in g.combos)
    assert g.columns["alliance"] == alliance[:1] + alliance[2:]
    shown = {c.race: c.power for c in view(g, -1).combos if c.column == "horde"}
    assert shown == {horde[0]: powers[0], horde[1]: powers[2], horde[2]: powers[3],
                     horde[3]: powers[4]}
    check(g)


def test_a_declined_banner_leaving_comes_back_into_its_factions_column(wc_map: Maps) -> None:
    """The sheet's example: an Alliance player declines a new race while an older declined
    race is on the map; the older banner comes back, active side up, into the topmost empty
    slot of the Alliance column when it shows fewer than 3 banners — else under its stack."""
    g = teams(wc_map, 4)
    humans = give(g, 0, "humans", "herbalist", {9: 1}, declined=True)
    give(g, 0, "night_elves", "farming", {8: 2})
    give(g, 2, "dwarves", "mining", {13: 1})
    give(g, 2, "gnomes", "ranger", {14: 1}, declined=True)
    left = list(g.columns["alliance"])
    assert len(left) == 2
    begin_turn(g, 0)
    act(g, "decline")
    assert not humans.alive and g.columns["alliance"] == [*left, humans.race]
    shown = next(c for c in view(g, -1).combos if c.race == humans.race)
    assert (shown.row, shown.price) == (2, 2)
    check(g)


def test_an_ally_may_be_attacked_for_no_faction_bonus(wc_map: Maps) -> None:
    g = teams(wc_map, 4)
    give(g, 0, "humans", "intimidating", {8: 1}, hand=6)
    give(g, 2, "dwarves", "mining", {10: 1})
    give(g, 1, "orcs", "ranger", {11: 1})
    begin_turn(g, 0)
    act(g, "conquer", 10)
    act(g, "conquer", 11)
    assert lines(play_out(g), 0) == {"faction:warcraft:alliance": 1}


def result(g: GameState, coins: list[int]) -> list[int]:
    for seat, n in enumerate(coins):
        set_coins(g, seat, n)
    return g.rules.winners(g)


def test_five_players_the_sheets_example_the_horde_wins_with_72(wc_map: Maps) -> None:
    """A#1 51, H#1 79, N 67, A#2 88, H#2 72: Alliance 51 (the lower), Neutral 67, Horde 72."""
    g = teams(wc_map, 5)
    assert result(g, [51, 79, 67, 88, 72]) == [1, 4]
    assert g.rules.team_scores(g) == {"alliance": 51, "horde": 72, "neutral": 67}


def test_four_players_a_tie_goes_to_the_faction_of_the_richest_player(wc_map: Maps) -> None:
    g = teams(wc_map, 4)
    assert result(g, [60, 60, 75, 70]) == [0, 2]  # 60 each; the richest is Alliance (75)
    assert result(g, [60, 60, 75, 75]) == [0, 1, 2, 3]  # still tied: shared


def test_two_or_three_players_the_richest_players_faction_wins(wc_map: Maps) -> None:
    assert result(teams(wc_map, 2), [40, 41]) == [1]
    assert result(teams(wc_map, 3), [40, 41, 42]) == [2]


def test_a_team_game_lasts_as_many_rounds_as_the_base_game() -> None:
    g = new_game(NAMES, None, 4, game="warcraft", options={"teams": True})
    assert g.map.turns == 8
