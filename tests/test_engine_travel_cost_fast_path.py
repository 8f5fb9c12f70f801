"""The conquests listed and priced without a ``Costs`` where nothing but the travel cost
changes an army's costs (Warcraft: the travel cost to a distant island's entry regions) cost
what ``Costs`` composes, and the entry regions Warcraft's rules remember are those of each
game's map.
"""

from __future__ import annotations

import pytest
from scenario import give
from warcraft.helpers import lay, wc_game

from smallworld_tui.bots.random_play import play_random_game
from smallworld_tui.engine import Action, actions, new_game
from smallworld_tui.engine.bitset import bits
from smallworld_tui.engine.conquest import (
    Costs,
    conquest_choices,
    conquest_price,
    reach_mask,
)
from smallworld_tui.engine.content.warcraft.items import TOLL
from smallworld_tui.engine.state import Army, GameState

NAMES = ["Amy", "Ben", "Cai", "Dee"]
AEGIS = "warcraft:aegis_of_aggramar"


def check_priced(g: GameState, army: Army) -> tuple[int, int]:
    """Assert that every region of the map is priced (``conquest_price``) as ``Costs.of``
    prices it, and that the conquests listed (``conquest_choices``) for a few hands and
    margins are those ``Costs.each`` gives over the army's reach, a die rolled or not.
    Returns whether the army's costs go without a ``Costs`` (nothing but the travel cost
    changes them) and how many regions its travel cost adds to, with no die rolled."""
    hooks = g.hooks(army)
    kept = g.turn.roll
    for roll in (2, 0, -1):  # no roll last: what ``costs`` below has
        g.turn.roll = roll
        costs = Costs(g, army)
        for r in bits(g.map.all_mask):
            cost, full, told = conquest_price(g, army, r)
            assert (cost, full) == (costs.of(r), costs.of(r, aided=False)), (army.race, r)
            assert (told is None) == (cost == full), army.race  # a ``Costs`` when aid pays
        each = costs.each(reach_mask(g, army))
        for hand in (1, 2, 5):  # a hand that may conquer (1 token at least)
            for most in (hand, hand + 2):
                assert (conquest_choices(g, army, hooks, hand, most)
                        == actions.conquests(each, hand, most)), (army.race, hand, most)
    g.turn.roll = kept
    return not (hooks.costs or hooks.aid), bin(costs.travel).count("1")


@pytest.mark.parametrize("options", [{}, {"teams": True}])
def test_conquests_priced_without_costs_cost_what_the_costs_give(
        options: dict[str, bool]) -> None:
    """Through random Warcraft games, for every army, conquests are priced and listed as
    ``Costs`` prices them (``check_priced``): on the path without a ``Costs`` too, where
    the travel cost is added to distant entry regions only."""
    fast = travelled = 0

    def check(g: GameState, _: Action) -> None:
        nonlocal fast, travelled
        for army in g.armies:
            if army.alive:
                plain, distant = check_priced(g, army)
                fast += plain
                travelled += plain and distant

    for seed in range(2):
        play_random_game(NAMES, None, seed, check, game="warcraft", options=options)
    assert fast and travelled


def test_a_sailor_pays_the_travel_cost_only_where_no_rule_may_help() -> None:
    """The Sailor waives the travel cost (its costs go without a ``Costs``), except to a
    region under the Aegis of Aggramar, where no rule may help: priced as ``Costs`` prices
    it, before the toll is paid and after."""
    g = wc_game()
    give(g, 1, "humans", "mining", {8: 1, 4: 1})
    lay(g, AEGIS, 8)
    sailors = give(g, 0, "draenei", "sailor", {5: 1}, hand=6)
    assert g.rules.travel_mask(g, sailors) >> 14 & 1
    assert check_priced(g, sailors) == (True, 1)  # the Aegis region only
    assert Costs(g, sailors).travel == 1 << 8
    g.turn.extra[AEGIS + TOLL] = 1
    assert check_priced(g, sailors) == (True, 0)


def test_the_entry_regions_remembered_are_those_of_each_games_map() -> None:
    """Warcraft's rules remember the entry regions of the last map asked about: games on
    different board sets, asked in turn, each get their own map's."""
    games = [new_game(NAMES, seed=seed, game="warcraft") for seed in range(3)]
    games += [play_random_game(NAMES, None, seed, game="warcraft")[0] for seed in range(3)]
    assert len({g.map_source for g in games}) > 1
    for _ in range(2):
        for g in games:
            entries = g.feature_mask("symbol", "entry", "warcraft")
            assert entries
            assert g.rules.entry_mask(g) == entries
            assert g.rules.open_mask(g) == entries
            for army in g.armies:  # those of the games played through
                assert g.rules.travel_mask(g, army) == entries & ~g.map.adjacent(army.mask)
