"""The short cuts of the turn's end and of the pick give what the general path gives, after
every action of random games of every game: the team market's picks (each seat's column
remembered per player count, the rows with a badge taken as the first rows), a turn's score
(the seat bonuses asked of their items alone), the Well of Eternity's bonus counted in one
pass, the regions taken from a faction summed in any order, the Scepter's bonus with the
rules that act while scoring but score nothing left out, the Drow's lone regions found
by looking only at the regions bordering theirs, and the armies asked whether they stay in
rivers at redeployment only when their race or power may.
"""

from __future__ import annotations

from typing import Any

from random_games import GAMES, play

from smallworld_tui.bots.random_play import play_random_game
from smallworld_tui.engine import Action, GameState, actions
from smallworld_tui.engine.bitset import NEUTRAL, NOBODY, bits
from smallworld_tui.engine.content.item_rules import region_of
from smallworld_tui.engine.content.traits import Content
from smallworld_tui.engine.content.underground.items import COUNTING, _take_out, region_bonus
from smallworld_tui.engine.content.warcraft import teams
from smallworld_tui.engine.content.warcraft.factions import (
    beaten_races,
    faction,
    regions_taken_from,
)
from smallworld_tui.engine.game import score_breakdown
from smallworld_tui.engine.registry import ITEMS, POWERS, RACES

NAMES = ["Amy", "Ben", "Cai", "Dee", "Eve"]


def picks_in_general(g: GameState, market: teams.TeamMarket) -> list[Action]:
    """The team market's picks the long way: the seat's team worked out from the table, each
    row of its column the player can pay for, if a badge lies beside it."""
    column = teams.team_of(g, g.seat)
    most = min(len(g.columns.get(column, [])), market.rows.get(column, 0), g.coins[g.seat] + 1)
    return [actions.pick(market.race_columns.index(column) * market.width + row)
            for row in range(most) if market.badge(g, row)]


def test_the_team_market_picks_the_rows_of_the_seats_own_column_that_have_a_badge() -> None:
    listed = {3: 0, 4: 0, 5: 0}

    def check(g: GameState, _: Action) -> None:
        market = g.market
        assert isinstance(market, teams.TeamMarket)
        if g.finished:
            return
        picks = market.picks(g)
        assert picks == picks_in_general(g, market)
        listed[g.players] += len(picks)

    for players in listed:  # seats remembered per player count: the counts alternate
        for seed in range(3):
            play_random_game(NAMES[:players], None, seed, check, game="warcraft",
                             options={"teams": True})
    assert all(listed.values())


def breakdown_in_general(g: GameState, seat: int) -> list[list[Any]]:
    """A turn's score the long way: every item in play asked in the order of ``items``."""
    breakdown: list[list[Any]] = []
    for army in g.armies:
        if army.alive and army.seat == seat:
            if army.mask:
                breakdown.append([f"regions:{army.race}", army.mask.bit_count()])
            for t in g.hooks(army).score:
                bonus = t.score(g, army)
                if bonus:
                    breakdown.append([f"{t.kind}:{t.qid}", bonus])
    for qid, region in g.items.items():
        if region >= 0:
            bonus = ITEMS[qid].seat_bonus(g, seat)
            if bonus:
                breakdown.append([f"{ITEMS[qid].kind}:{qid}", bonus])
    if "turn_bonus" in g.rules.own_hooks:
        breakdown += g.rules.turn_bonus(g, seat)
    return breakdown


def test_a_turns_score_asks_only_the_items_giving_a_seat_bonus() -> None:
    for game, map_name, options in GAMES:
        paid = 0

        def check(g: GameState, _: Action) -> None:
            nonlocal paid
            if g.finished:
                return
            # on copies: a rule may act while scoring (Thieving takes coins)
            fast = score_breakdown(g.clone(), g.seat)
            assert fast == breakdown_in_general(g.clone(), g.seat)
            paid += sum(coins for _, coins in fast)

        play(game, map_name, options, check)
        assert paid, game


def well_in_general(g: GameState, seat: int) -> int:
    """The Well of Eternity's bonus the long way: every holder's count listed."""
    well = ITEMS["warcraft:well_of_eternity"]
    near = g.map.neighbor_masks[region_of(g, well)]
    held = [((a.mask & near).bit_count(), a.seat) for a in g.armies if a.alive]
    neutral: dict[str, int] = {}
    for r in bits(near):
        if g.region_army[r] == NEUTRAL:
            neutral[g.neutral[r]] = neutral.get(g.neutral[r], 0) + 1
    held += [(n, NEUTRAL) for n in neutral.values()]
    most = max((n for n, _ in held), default=0)
    top = [s for n, s in held if n == most]
    return well.num("coins") if most and top == [seat] else 0


def test_the_well_of_eternity_pays_the_seat_holding_the_most_regions_next_to_it() -> None:
    well = ITEMS["warcraft:well_of_eternity"]
    asked = paid = 0

    def check(g: GameState, _: Action) -> None:
        nonlocal asked, paid
        if g.items.get(well.qid, -1) < 0:
            return
        for seat in range(g.players):
            bonus = well.seat_bonus(g, seat)
            assert bonus == well_in_general(g, seat)
            asked += 1
            paid += bonus

    for seed in range(10):
        play_random_game(NAMES[:4], None, seed, check, game="warcraft")
    assert asked and paid


def test_the_regions_taken_from_a_faction_are_summed_in_any_order() -> None:
    taken = 0

    def check(g: GameState, _: Action) -> None:
        nonlocal taken
        for side in ("alliance", "horde", "neutral"):
            count = regions_taken_from(g, side)
            assert count == sum(n for army, n in beaten_races(g) if faction(army.race) == side)
            taken += count

    for _, map_name, options in GAMES[2:]:
        play("warcraft", map_name, options, check)
    assert taken


def bonus_on_copies(g: GameState, army_id: int, region: int,
                    rules: tuple[Content, ...]) -> int:
    """The Scepter's bonus the long way: every rule scored on two copies of the game, with
    the region and without it."""
    with_it, without = g.clone(), g.clone()
    with_it.turn.extra[COUNTING] = 1
    without.turn.extra[COUNTING] = 1
    _take_out(without, without.armies[army_id], region)
    a, b = with_it.armies[army_id], without.armies[army_id]
    return sum(max(0, t.score(with_it, a) - t.score(without, b)) for t in rules)


def test_the_scepter_leaves_out_only_the_acting_rules_that_score_nothing() -> None:
    scepter = ITEMS["underground:scepter_of_avarice"]
    acting = (POWERS["underground:thieving"], POWERS["underground:magic"])
    seen = {"left out": 0, "kept": 0}

    def check(g: GameState, _: Action) -> None:
        here = g.items.get(scepter.qid, -1)
        army = g.holder(here) if here >= 0 else None
        if army is None:  # the Scepter is held by no race
            return
        others = tuple(t for t in g.hooks(army).score if t is not scepter)
        for rules in (others, (*others, *acting)):  # theirs, and with both acting
            general = bonus_on_copies(g, army.id, here, rules)
            before = g.position()
            assert region_bonus(g, army, here, rules) == general
            assert g.position() == before
        for t in acting:
            seen["left out" if t.scores_nothing(g, army) else "kept"] += 1

    for seed in range(12):
        play_random_game(NAMES[:4], "underground-4p", seed, check, game="underground",
                         powers=["underground:magic", "underground:thieving"])
    assert seen["left out"] and seen["kept"]


def drow_in_general(g: GameState, army_id: int, mask: int) -> int:
    """The Drow's coins the long way: every region of the map looked at."""
    others = 0
    for r, holder in enumerate(g.region_army):
        if holder != NOBODY and holder != army_id:
            others |= 1 << r
    neighbors = g.map.neighbor_masks
    return sum(1 for r in range(len(neighbors)) if mask >> r & 1 and not neighbors[r] & others)


def test_the_drow_score_their_regions_bordering_no_other_race_nor_neutral_defenders() -> None:
    drow = RACES["underground:drow"]
    paid = 0

    def check(g: GameState, _: Action) -> None:
        nonlocal paid
        for army in g.armies:  # any army scored as if it were the Drow
            if army.alive:
                coins = drow.score(g, army)
                assert coins == drow_in_general(g, army.id, army.mask) * drow.num(
                    "coins_per_region")
                paid += coins

    play("underground", "underground-4p", None, check)
    play("underground", "base-4p", None, check)
    assert paid


def test_only_the_races_and_powers_that_may_stay_in_rivers_are_asked() -> None:
    stays = 0

    def check(g: GameState, _: Action) -> None:
        nonlocal stays
        stayers = g.rules.river_stayers
        for army in g.armies:
            general = army.has("stays_in_rivers")
            assert ((army.race in stayers or army.power in stayers) and general) == general
            stays += general

    for game, map_name, options in GAMES:
        play(game, map_name, options, check)
    for seed in range(2):  # a power that stays in rivers on top of the stack
        play_random_game(NAMES[:4], "base-4p", seed, check, powers=["base:seafaring"])
    assert stays
