"""The costs a listing adds up (``Costs.base``) start, where the travel cost falls on most of
the regions reached from anywhere (Warcraft's entry regions), from the terrain costs with the
travel cost on all of those (``_far_costs``, remembered for the game) and take it off
where it is not due: every region listed costs what ``Costs.of`` prices it, region by
region, in random games of every game played in turn (each Warcraft game on its own board
set, so a cost remembered from the game before would show); and the regions found costing at
most some tokens without the list of costs (``Costs.at_most``: the Gnomes' raid) are those
the list gives.
"""

from __future__ import annotations

from random_games import GAMES

from smallworld_tui.bots.random_play import play_random_game
from smallworld_tui.engine import Action, actions
from smallworld_tui.engine.bitset import bits
from smallworld_tui.engine.conquest import Costs, conquest_choices, reach_mask
from smallworld_tui.engine.state import GameState


def test_listed_costs_are_those_priced_region_by_region() -> None:
    """After every action of random games of every game, for every army, the costs over its
    reach (``Costs.each``, from ``Costs.base``) are ``Costs.of``'s, with the travel cost and
    without (``as_if_adjacent``), and the conquests listed are those they give."""
    boards: set[str] = set()
    far = 0  # listings where the travel cost was due on some regions

    def check(g: GameState, _: Action) -> None:
        nonlocal far
        boards.add(g.map_source)
        for army in g.armies:
            if not army.alive:
                continue
            costs = Costs(g, army)
            reach = reach_mask(g, army)
            for adjacent in (False, True):
                assert costs.each(reach, as_if_adjacent=adjacent) == [
                    (r, costs.of(r, as_if_adjacent=adjacent)) for r in bits(reach)], army.race
            priced = [(r, costs.of(r)) for r in bits(reach)]
            for hand, most in ((1, 3), (4, 4), (6, 9)):
                assert (conquest_choices(g, army, g.hooks(army), hand, most)
                        == actions.conquests(priced, hand, most)), (army.race, hand, most)
            far += bool(costs.travel & reach)

    for seed in range(3):  # the games in turn: each game's costs after another game's
        for game, map_name, options in GAMES:
            play_random_game(["Amy", "Ben", "Cai", "Dee"], map_name, seed, check, game=game,
                             options=options)
    assert far and len(boards) > 4


def test_regions_at_most_a_cost_are_those_the_costs_give() -> None:
    """After every action of random games of every game, for every army, a die rolled for
    its conquest or not, the regions ``Costs.at_most`` finds for a few limits are those
    ``Costs.each`` prices at most the limit, with the travel cost and without."""
    aided = 0  # checks where an aid paid part of the costs

    def check(g: GameState, _: Action) -> None:
        nonlocal aided
        kept = g.turn.roll, g.turn.acting
        for army in g.armies:
            if not army.alive:
                continue
            g.turn.acting = army.id
            for roll in (0, 2):
                g.turn.roll = roll
                costs = Costs(g, army)
                aided += bool(costs.aid)
                regions = g.map.all_mask & ~army.mask
                for adjacent in (False, True):
                    each = costs.each(regions, as_if_adjacent=adjacent)
                    for most in range(6):
                        listed = sum(1 << r for r, cost in each if cost <= most)
                        assert costs.at_most(regions, most, as_if_adjacent=adjacent) == listed
        g.turn.roll, g.turn.acting = kept

    for seed in range(3):
        for game, map_name, options in GAMES:
            play_random_game(["Amy", "Ben", "Cai", "Dee"], map_name, seed, check, game=game,
                             options=options)
    assert aided
