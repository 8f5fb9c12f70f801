"""The shortcuts of the choices content adds to a listing give what the general path gives,
all through random games of every game: the team market's picks are the affordable rows of
the player's own column that show a badge, the teams those of the seats' roles, whatever the
number of players of the games before; Intimidating's and the Portal Mage's choices on two
regions, listed from cached rows, are those built one by one from the regions the rules name;
the placements the room left short regions leave allows (``redeploy_room``), listed from
cached rows, are those built one by one; the reach of the army whose conquest choices are
listed, remembered while its rules are asked, is the reach worked out anew; Vampire's, the
Shiny Orb's and the Will-o'-Wisps' choices, the regions no rule may help to take asked only
when one is near, are those their rules read.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from random_games import GAMES, play

from smallworld_tui.bots.random_play import play_random_game
from smallworld_tui.engine import Action, GameState, actions, conquest, legal_actions
from smallworld_tui.engine.bitset import bits, mask_of
from smallworld_tui.engine.conquest import conquest_costs, reach_mask, redeploy_room
from smallworld_tui.engine.content.common import lone_enemies
from smallworld_tui.engine.content.traits import Content
from smallworld_tui.engine.content.underground.items import ShinyOrb
from smallworld_tui.engine.content.underground.powers import Vampire
from smallworld_tui.engine.content.underground.races import WillOWisps
from smallworld_tui.engine.content.warcraft import teams as team_rules
from smallworld_tui.engine.content.warcraft.powers import Intimidating, PortalMage
from smallworld_tui.engine.hooks import Hooks
from smallworld_tui.engine.phase import CONQUER, PICK, PLACING
from smallworld_tui.engine.state import Army


def general_teams(g: GameState) -> dict[str, list[int]]:
    """Each team and its seats, from every seat's role asked one by one."""
    out: dict[str, list[int]] = {}
    for seat, role in enumerate(team_rules.roles(g)):
        out.setdefault(team_rules.role_faction(g, role), []).append(seat)
    return out


def general_picks(g: GameState) -> list[Action]:
    """The team market's picks, row by row: the affordable rows of the player's column
    (its team's) that show a badge."""
    market = g.market
    assert isinstance(market, team_rules.TeamMarket)
    column = next((t for t, seats in general_teams(g).items() if g.seat in seats), "")
    most = min(len(g.columns.get(column, [])), market.rows.get(column, 0), g.coins[g.seat] + 1)
    return [actions.pick(market.slot(column, row)) for row in range(most)
            if market.badge(g, row)]


def check_teams(g: GameState, _: Action) -> None:
    every = general_teams(g)
    assert team_rules.teams(g) == every
    for seat in range(-1, g.players + 1):
        assert team_rules.team_of(g, seat) == next(
            (t for t, seats in every.items() if seat in seats), "")
    if g.phase == PICK and isinstance(g.market, team_rules.TeamMarket):
        assert g.market.picks(g) == general_picks(g)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 3])
def test_the_team_picks_and_teams_are_those_of_the_seats_roles(players: int) -> None:
    """Games of each size one after the other (the teams are remembered per size), and a
    game without teams between them."""
    names = ["Amy", "Ben", "Cai", "Dee", "Eve"][:players]
    for seed in range(3):
        for options in ({"teams": True}, None):
            play_random_game(names, None, seed, check_teams, game="warcraft", options=options)


def general_two_region_choices(g: GameState, army_id: int) -> dict[str, list[Action]]:
    """Intimidating's and the Portal Mage's choices of the army, built one by one from the
    regions their rules name (victims and where their token may go; Magic regions, pairs
    of which one holds something)."""
    army = g.armies[army_id]
    out: dict[str, list[Action]] = {}
    for rule in g.rules_of(army):
        if isinstance(rule, Intimidating):
            walled = rule._walled(g)
            out["intimidate"] = [Action("intimidate", r, to)
                                 for r in bits(rule._victims(g, army, walled))
                                 for to in rule._exits(g, r, walled)]
        elif isinstance(rule, PortalMage):
            gates = rule._gates(g, army)
            loaded = rule._loaded(g, gates) if len(gates) >= 2 else 0
            out["portal"] = [Action("portal", a, b) for i, a in enumerate(gates)
                             for b in gates[i + 1:] if loaded >> a & 1 or loaded >> b & 1]
    return out


def compared_in_conquests(game: str, map_name: str | None, options: dict[str, bool] | None,
                          compare: Callable[[GameState, Army], int]) -> int:
    """Random games of ``game``, ``compare`` asked of the conquering army whenever its
    choices are listed; how many choices it compared in all."""
    compared = 0

    def check(g: GameState, _: Action) -> None:
        nonlocal compared
        if g.phase == CONQUER:
            compared += compare(g, g.armies[g.turn.acting])

    play(game, map_name, options, check)
    return compared


@pytest.mark.parametrize(("game", "map_name", "options"), GAMES)
def test_the_choices_on_two_regions_are_those_built_one_by_one(
        game: str, map_name: str | None, options: dict[str, bool] | None) -> None:
    def compare(g: GameState, army: Army) -> int:
        compared = 0
        for kind, every in general_two_region_choices(g, army.id).items():
            listed = [a for rule in g.rules_of(army) if kind in rule.actions
                      for a in rule.conquest_actions(g, army)]
            assert listed == every, kind
            compared += len(every)
        return compared

    offered = compared_in_conquests(game, map_name, options, compare)
    if game == "warcraft":
        assert offered  # some choice on two regions was offered in these games


@pytest.mark.parametrize(("game", "map_name", "options"), GAMES)
def test_the_placements_left_short_regions_allow_are_those_asked_region_by_region(
        game: str, map_name: str | None, options: dict[str, bool] | None) -> None:
    """While tokens kept as pieces are placed (Beasts), each region takes at most what it
    lacks and the spare: the listing's cached rows are the deployments built one by one.
    Warcraft's Beasts leave a region short in few games: more of them are played."""
    short = 0

    def check(g: GameState, _: Action) -> None:
        nonlocal short
        if g.phase not in PLACING:
            return
        army = g.armies[g.turn.acting]
        # the room itself is checked region by region in test_engine_redeploy_room_once.py
        needs, spare = redeploy_room(g, army)
        if g.hooks(army).token_aid and army.hand and army.mask:
            every = [actions.deploy(r, n) for r in bits(army.mask)
                     for n in range(1, min(army.hand, needs.get(r, 0) + spare) + 1)]
            assert [a for a in legal_actions(g) if a.kind == "deploy"] == every
            short += bool(needs) and spare < army.hand  # a region short limits the others

    seeds = 40 if game == "warcraft" else 6
    for seed in range(seeds):
        play_random_game(["Amy", "Ben", "Cai", "Dee"], map_name, seed, check, game=game,
                         options=options)
    if game == "warcraft" and options:
        assert short  # some region left short limited where the others' tokens went


@pytest.mark.parametrize(("game", "map_name", "options"), GAMES)
def test_the_reach_remembered_while_choices_are_listed_is_the_reach_worked_out_anew(
        game: str, map_name: str | None, options: dict[str, bool] | None,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Whenever the reach is asked while remembered for a listing (``listing_reach``), the
    reach worked out anew is the same, and nothing is remembered between listings."""
    work_out = conquest._reach
    remembered = 0

    def checked(g: GameState, army: Army, hooks: Hooks, shields: bool) -> int:
        nonlocal remembered
        listed = g.listing_reach
        reach = work_out(g, army, hooks, shields)
        if listed is not None:
            g.listing_reach = None
            try:
                assert reach == work_out(g, army, hooks, shields)
            finally:
                g.listing_reach = listed
            remembered += 1
        return reach

    def between(g: GameState, _: Action) -> None:
        assert g.listing_reach is None

    monkeypatch.setattr(conquest, "_reach", checked)
    play(game, map_name, options, between)
    assert remembered  # some rule asked the reach of the army whose choices were listed


def general_swaps(g: GameState, army: Army, rule: Content) -> list[Action]:
    """Vampire's, the Shiny Orb's and the Will-o'-Wisps' choices as their rules read: the
    regions no rule may help to take set aside first, then the lone enemies or costs."""
    if isinstance(rule, Vampire):
        if army.hand < 1 or g.turn.roll >= 0:
            return []
        bitten = g.turn.extra.get(rule.qid, [])
        return [Action("vampire", r) for r, enemy in
                lone_enemies(g, army, reach_mask(g, army) & ~g.unaided(army))
                if enemy.seat not in bitten]
    if isinstance(rule, ShinyOrb):
        if g.turn.extra.get(rule.qid) or army.hand < 1:
            return []
        reach = reach_mask(g, army) & ~g.unaided(army)
        return actions.on_regions("orb", mask_of([r for r, _ in lone_enemies(g, army, reach)]))
    assert isinstance(rule, WillOWisps)
    if army.hand < 1 or g.turn.roll >= 0:
        return []
    most = army.hand + g.rules.max_shortfall
    return [Action("wisp", r) for r, cost in conquest_costs(g, army, rule._targets(g, army))
            if cost <= most]


@pytest.mark.parametrize(("game", "map_name", "options"), GAMES)
def test_the_swaps_and_wisps_set_aside_the_unaided_regions_as_their_rules_read(
        game: str, map_name: str | None, options: dict[str, bool] | None) -> None:
    """The regions no rule may help to take are asked only when there is a region to act
    on: the choices are those of the rules read in order."""
    def compare(g: GameState, army: Army) -> int:
        compared = 0
        for rule in g.rules_of(army):
            if isinstance(rule, (Vampire, ShinyOrb, WillOWisps)):
                every = general_swaps(g, army, rule)
                assert list(rule.conquest_actions(g, army)) == every, rule.qid
                compared += len(every)
        return compared

    offered = compared_in_conquests(game, map_name, options, compare)
    if game == "underground":
        assert offered  # some swap or roll was offered in these games
