"""Battle for Azeroth: seats, the faction columns and the power column, prices, refills,
returned banners, the empty power slot, the team result and partners' coins."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from invariants import check
from scenario import act, begin_turn, give, of

from smallworld_tui.engine import (
    GameState,
    IllegalAction,
    apply,
    imagine,
    legal_actions,
    observe,
    view,
)
from smallworld_tui.engine.conquest import retire
from smallworld_tui.engine.content.warcraft.factions import faction
from smallworld_tui.engine.phase import Phase
from smallworld_tui.engine.summary import summary
from smallworld_tui.engine.tables import entries, table
from warcraft.helpers import wc_game

Maps = Callable[[int], str]
TEAMS = entries("faction", "warcraft")
EXAMPLE = table("warcraft")["teams"]["example"]


def team_game(wc_map: Maps, players: int, seed: int = 0) -> GameState:
    return wc_game(players, wc_map(players), seed, teams=True)


def slots(g: GameState) -> dict[int, tuple[str, int]]:
    """Each visible combo's pick slot: (column, row)."""
    return {c.slot: (c.column, c.row) for c in view(g, -1).combos}


# --- seats ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "roles"), [
    (2, ["alliance_1", "horde_1"]),
    (3, ["alliance_1", "horde_1", "neutral"]),
    (4, ["alliance_1", "horde_1", "alliance_2", "horde_2"]),
    (5, ["alliance_1", "horde_1", "neutral", "alliance_2", "horde_2"]),
])
def test_seats_follow_the_role_order_without_the_absent_roles(
        wc_map: Maps, players: int, roles: list[str]) -> None:
    g = team_game(wc_map, players)
    seen = view(g, 0)
    assert seen.roles == roles and g.seat == 0 and g.phase == Phase.PICK
    assert seen.teams == {team: [s for s, r in enumerate(roles) if r.startswith(team)]
                          for team in TEAMS if any(r.startswith(team) for r in roles)}
    check(g)


def test_partners_in_the_view(wc_map: Maps) -> None:
    seen = view(team_game(wc_map, 5), 3)
    assert seen.team_of(3) == "alliance" and seen.partners(3) == [0]
    assert seen.partners(2) == [] and seen.team_of(2) == "neutral"


def test_no_teams_without_the_option() -> None:
    seen = view(wc_game(), 0)
    assert seen.roles == [] and seen.teams == {} and seen.team_scores == {}


# --- the columns ---------------------------------------------------------------------------

def test_a_column_per_faction_and_one_of_powers(wc_map: Maps) -> None:
    g = team_game(wc_map, 3)
    for team in TEAMS:
        assert sorted(g.columns[team]) == sorted(
            r for r in g.rules.races if faction(r) == team)
    assert sorted(g.columns["powers"]) == sorted(g.rules.powers)
    assert not g.combos and not g.race_stack and not g.power_stack
    seen = view(g, 0)
    assert {k: len(v) for k, v in seen.columns.items()} == {
        "alliance": 4, "horde": 4, "neutral": 4, "powers": 4}
    assert seen.stacks == {"alliance": 2, "horde": 2, "neutral": 0, "powers": 16}
    for c in seen.combos:
        assert c.race == g.columns[c.column][c.row] and c.power == g.columns["powers"][c.row]
        assert c.price == c.row and c.coins == 0
    check(g)


def test_without_a_neutral_player_the_neutral_banners_stay_in_the_box(wc_map: Maps) -> None:
    g = team_game(wc_map, 4)
    assert set(g.columns) == {"alliance", "horde", "powers"}
    banners, _ = g.market.contents(g)
    assert {r for r in banners if faction(r) == "neutral"} == {
        r for r in g.rules.races if faction(r) == "neutral"}
    check(g)


def test_the_same_seed_lays_the_same_columns(wc_map: Maps) -> None:
    assert team_game(wc_map, 4, 3).columns == team_game(wc_map, 4, 3).columns
    assert team_game(wc_map, 4, 3).columns != team_game(wc_map, 4, 4).columns


# --- picking -------------------------------------------------------------------------------

def test_a_player_takes_a_race_of_their_own_faction_with_the_badge_of_its_row(
        wc_map: Maps) -> None:
    g = team_game(wc_map, 3)
    assert [slots(g)[a.target] for a in legal_actions(g)] == [
        ("alliance", row) for row in range(4)]
    begin_turn(g, 1)
    assert {slots(g)[a.target][0] for a in legal_actions(g)} == {"horde"}
    begin_turn(g, 2)
    assert {slots(g)[a.target][0] for a in legal_actions(g)} == {"neutral"}


def test_the_price_is_the_row_paid_to_the_bank_and_both_columns_close_up(
        wc_map: Maps) -> None:
    g = team_game(wc_map, 3)
    alliance, horde, powers = (list(g.columns[k]) for k in ("alliance", "horde", "powers"))
    slot = next(c.slot for c in view(g, 0).combos if c.column == "alliance" and c.row == 2)
    events = act(g, "pick", slot)
    picked = of(events, "picked")[0]
    assert (picked["race"], picked["power"], picked["paid"]) == (alliance[2], powers[2], 2)
    assert g.coins[0] == 5 - 2 and g.to_bank == 2 and g.bank() == g.rules.coin_total - 13
    assert g.columns["alliance"] == alliance[:2] + alliance[3:]
    assert g.columns["powers"] == powers[:2] + powers[3:]
    assert g.columns["horde"] == horde
    # the columns shift on their own: the Horde's row 3 now shows the badge that was row 4
    row3 = next(c for c in view(g, 1).combos if c.column == "horde" and c.row == 3)
    assert (row3.race, row3.power) == (horde[3], powers[4])
    check(g)


def test_a_player_can_only_afford_the_rows_their_coins_pay_for(wc_map: Maps) -> None:
    g = team_game(wc_map, 3)
    g.coins[0] = 1
    assert [slots(g)[a.target][1] for a in legal_actions(g)] == [0, 1]
    with pytest.raises(IllegalAction, match="that combo costs 2 coins; you have 1"):
        act(g, "pick", 2)


def test_another_factions_race_is_refused(wc_map: Maps) -> None:
    g = team_game(wc_map, 3)
    horde = next(c for c in view(g, 0).combos if c.column == "horde")
    with pytest.raises(IllegalAction, match="is not of your faction"):
        act(g, "pick", horde.slot)
    with pytest.raises(IllegalAction, match="there is no combo number 99"):
        act(g, "pick", 99)


# --- banners coming back -------------------------------------------------------------------

def test_a_banner_leaving_the_map_goes_under_its_faction_stack(wc_map: Maps) -> None:
    g = team_game(wc_map, 3)
    humans = give(g, 0, "humans", "farming", {1: 2})
    assert len(g.columns["alliance"]) == 5
    retire(g, humans)
    assert g.columns["alliance"][-1] == "warcraft:humans" and len(g.columns["alliance"]) == 6
    check(g)


def test_a_banner_fills_the_topmost_empty_slot_of_a_short_column(wc_map: Maps) -> None:
    g = team_game(wc_map, 5)
    humans = give(g, 0, "humans", "farming", {1: 2})
    give(g, 0, "dwarves", "mining", {2: 1}, declined=True)
    give(g, 3, "gnomes", "herbalist", {8: 2})
    give(g, 3, "night_elves", "ranger", {9: 1}, declined=True)
    shown = list(g.columns["alliance"])
    assert len(shown) == 2
    retire(g, humans)
    assert g.columns["alliance"] == [*shown, "warcraft:humans"]
    seen = next(c for c in view(g, 0).combos if c.race == "warcraft:humans")
    assert (seen.column, seen.row, seen.price) == ("alliance", 2, 2)
    check(g)


def test_a_neutral_banner_goes_back_to_the_topmost_empty_slot(wc_map: Maps) -> None:
    g = team_game(wc_map, 3)
    naga = give(g, 2, "naga", "farming", {1: 2})
    assert len(g.columns["neutral"]) == 3
    retire(g, naga)
    assert g.columns["neutral"][3] == "warcraft:naga"
    check(g)


# --- the power column ----------------------------------------------------------------------

def test_an_empty_badge_stack_is_refilled_from_the_discards(wc_map: Maps) -> None:
    g = team_game(wc_map, 3)
    powers = g.columns["powers"]
    g.power_discard, g.columns["powers"] = powers[4:], powers[:4]
    act(g, "pick", 0)
    assert g.columns["powers"][:3] == powers[1:4] and g.power_discard == []
    assert sorted(g.columns["powers"][3:]) == sorted(powers[4:])
    check(g)


def test_a_badge_discarded_onto_an_empty_stack_starts_a_new_one(wc_map: Maps) -> None:
    g = team_game(wc_map, 3)
    elsewhere = g.columns["powers"][3:]
    del g.columns["powers"][3:]  # the stack ran out: the other badges are elsewhere
    g.market.discard_power(g, elsewhere[0])
    assert g.columns["powers"][3:] == elsewhere[:1] and g.power_discard == []


def test_a_race_with_no_badge_in_its_row_cannot_be_taken(wc_map: Maps) -> None:
    g = team_game(wc_map, 3)
    del g.columns["powers"][2:]  # no stack, no discards: the other badges are elsewhere
    assert [slots(g)[a.target][1] for a in legal_actions(g)] == [0, 1]
    row2 = next(c for c in view(g, 0).combos if c.column == "alliance" and c.row == 2)
    assert row2.power == "" and row2.tokens == entries("race", "warcraft")[
        row2.race.partition(":")[2]]["tokens"]
    with pytest.raises(IllegalAction, match="no power badge lies beside"):
        act(g, "pick", row2.slot)


def test_a_player_with_nothing_to_take_scores_and_passes(wc_map: Maps) -> None:
    g = team_game(wc_map, 3)
    give(g, 0, "humans", "farming", {1: 2}, declined=True)
    g.columns["alliance"].clear()  # every other Alliance banner is elsewhere
    events = begin_turn(g, 0)
    assert [e["coins"] for e in of(events, "scored")] == [1]
    assert g.seat == 1 and g.phase == Phase.PICK


# --- the result ----------------------------------------------------------------------------

def finished(g: GameState, coins: list[int]) -> GameState:
    g.coins = list(coins)
    g.phase = Phase.OVER
    g.winners = g.rules.winners(g)
    return g


def test_the_rulebook_example_the_horde_wins_with_72(wc_map: Maps) -> None:
    g = team_game(wc_map, 5)
    roles = view(g, 0).roles
    finished(g, [EXAMPLE["coins"][role] for role in roles])
    assert g.rules.team_scores(g) == EXAMPLE["scores"] == {
        "alliance": 51, "horde": 72, "neutral": 67}
    assert {roles[s] for s in g.winners} == {"horde_1", "horde_2"}
    assert view(g, 2).team_scores == EXAMPLE["scores"]


@pytest.mark.parametrize(("coins", "winners"), [
    ([60, 60, 90, 80], [0, 2]),  # Alliance 60 = Horde 60: the Alliance has the richest (90)
    ([60, 60, 90, 90], [0, 1, 2, 3]),  # the richest tie too: shared
    ([60, 50, 90, 99], [0, 2]),  # Horde 50: its 99 does not help
])
def test_four_players_the_lower_partner_counts_ties_to_the_richest(
        wc_map: Maps, coins: list[int], winners: list[int]) -> None:
    assert finished(team_game(wc_map, 4), coins).winners == winners


def test_five_players_a_tie_with_the_neutral(wc_map: Maps) -> None:
    """Alliance 70 (its richest 80) and the Neutral 70: the Alliance wins."""
    g = finished(team_game(wc_map, 5), [70, 50, 70, 80, 100])
    assert g.rules.team_scores(g) == {"alliance": 70, "horde": 50, "neutral": 70}
    assert g.winners == [0, 3]


def test_three_players_the_richest_players_faction_wins(wc_map: Maps) -> None:
    assert finished(team_game(wc_map, 3), [30, 40, 35]).winners == [1]


def test_three_players_a_tie_goes_to_the_base_tie_break_then_is_shared(wc_map: Maps) -> None:
    g = team_game(wc_map, 3)
    give(g, 1, "orcs", "farming", {1: 3})
    assert finished(g, [40, 40, 10]).winners == [1]
    assert finished(team_game(wc_map, 3), [40, 40, 10]).winners == [0, 1]


# --- partners' coins (shown at will: tests/warcraft/test_coins_shown.py) -------------------

def test_coins_are_secret_even_from_partners(wc_map: Maps) -> None:
    """Seed 002: each player's coins are secret even from their own team."""
    g = team_game(wc_map, 4)
    g.coins = [11, 12, 13, 14]
    assert view(g, 0).coins == [11, None, None, None]
    assert view(g, 3).coins == [None, None, None, 14]
    assert observe(g, 2)["coins"] == [None, None, 13, None]
    assert view(g, -1).coins == [None] * 4 and observe(g, -1)["coins"] == [None] * 4
    assert view(g, 0).gains[0] == [0, None, None, None]


def test_no_partner_no_shared_coins(wc_map: Maps) -> None:
    g = team_game(wc_map, 3)
    assert view(g, 2).coins == [None, None, 5]
    assert view(wc_game(3), 0).coins == [5, None, None]


def test_every_coin_is_shown_at_the_end(wc_map: Maps) -> None:
    g = finished(team_game(wc_map, 4), [1, 2, 3, 4])
    assert view(g, 1).coins == [1, 2, 3, 4] and view(g, -1).coins == [1, 2, 3, 4]


# --- what a seat knows ---------------------------------------------------------------------

def test_the_order_under_the_visible_rows_is_hidden(wc_map: Maps) -> None:
    g = team_game(wc_map, 4)
    known = observe(g, 0)
    for column, banners in g.columns.items():
        assert known["columns"][column] == banners[:4] + sorted(banners[4:])
    g.columns["powers"][4:] = reversed(g.columns["powers"][4:])
    g.columns["alliance"][4:] = reversed(g.columns["alliance"][4:])
    assert observe(g, 0) == known


def test_imagined_team_games_keep_the_visible_rows_and_play_on(wc_map: Maps) -> None:
    g = team_game(wc_map, 4)
    for _ in range(25):
        apply(g, legal_actions(g)[-1])
    known = observe(g, g.actor)
    for seed in range(3):
        world = imagine(known, seed)
        check(world)
        assert view(world, g.actor).columns == view(g, g.actor).columns
        assert legal_actions(world) == legal_actions(g)
        while not world.finished:
            apply(world, legal_actions(world)[0])
        check(world)


def test_the_replay_summary_shows_the_visible_rows_of_the_columns(wc_map: Maps) -> None:
    g = team_game(wc_map, 4)
    assert summary(g)["columns"] == view(g, 0).columns and summary(g)["combos"] == []
    assert "columns" not in summary(wc_game())
