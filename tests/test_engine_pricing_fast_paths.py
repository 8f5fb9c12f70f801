"""A conquest priced for its one region (``conquest_price``), the costs listed composed over
the army's reach alone (``_base``, ``_travel`` within the reach) cost what ``Costs``, the
one place a cost is composed in full, gives: in random games of every game, for every army,
a die rolled or not.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from scenario import give
from warcraft.helpers import lay, wc_game

from smallworld_tui.bots.random_play import play_random_game
from smallworld_tui.engine import Action, actions
from smallworld_tui.engine.bitset import bits
from smallworld_tui.engine.conquest import (
    Costs,
    _base,
    _travel,
    conquest_choices,
    conquest_price,
    reach_mask,
)
from smallworld_tui.engine.content.warcraft.items import TOLL
from smallworld_tui.engine.state import Army, GameState

#: each game, and two seeds of it whose armies meet cost changes and aids
GAMES = [
    ("base", "base-4p", 4, None, (0, 1)),
    ("base", "base-5p", 5, None, (0, 1)),
    ("underground", "underground-4p", 4, None, (0, 1)),
    ("underground", "underground-5p", 5, None, (2, 6)),
    ("warcraft", None, 4, None, (3, 5)),
    ("warcraft", None, 4, {"teams": True}, (6, 8)),
    ("warcraft", None, 5, None, (3, 7)),
]
NAMES = ["Amy", "Ben", "Cai", "Dee", "Eve"]
AEGIS = "warcraft:aegis_of_aggramar"


def check_priced(g: GameState, army: Army, seen: Counter[str]) -> None:
    """Assert that every region of the map is priced (``conquest_price``) as ``Costs.of``
    prices it (with a ``Costs`` to tell of the aid exactly when an aid pays part), that the
    costs added over the army's reach and over the whole map (``_base``, ``_travel``) are
    those of ``Costs``, and that the conquests listed for a few hands and margins are
    those ``Costs.each`` gives over the army's reach; ``seen`` counts the cases met."""
    hooks = g.hooks(army)
    kept = g.turn.roll
    reach = reach_mask(g, army)
    for roll in (-1, 0, 2):
        g.turn.roll = roll
        costs = Costs(g, army, hooks)
        for r in bits(g.map.all_mask):
            cost, full, told = conquest_price(g, army, r)
            assert (cost, full) == (costs.of(r), costs.of(r, aided=False)), (army.race, r)
            assert (told is None) == (cost == full), (army.race, r)
            seen["aid paid"] += cost < full
            seen["travel"] += bool(costs.travel >> r & 1)
            seen["where no rule may help"] += bool(costs.unaided >> r & 1)
        for within in (reach, g.map.all_mask):
            if "travel_mask" in g.rules.own_hooks:
                assert _travel(g, army, hooks, None, within) == costs.travel & within
            added, whole = _base(g, army, hooks, within), costs.base(within)
            assert [added[r] for r in bits(within)] == [whole[r] for r in bits(within)]
        seen["changed"] += costs.base(reach) is not g.base_cost
        each = costs.each(reach)
        for hand in (1, 2, 5):
            for most in (hand, hand + 2):
                assert (conquest_choices(g, army, hooks, hand, most)
                        == actions.conquests(each, hand, most)), (army.race, hand, most)
    g.turn.roll = kept


@pytest.mark.parametrize(("game", "map_name", "players", "options", "seeds"), GAMES)
def test_a_conquest_priced_alone_costs_what_the_costs_give(
        game: str, map_name: str | None, players: int, options: dict[str, Any] | None,
        seeds: tuple[int, ...]) -> None:
    """Through random games, for every army after every action, prices and listed costs
    composed for the regions asked alone are those ``Costs`` composes (``check_priced``)."""
    seen: Counter[str] = Counter()

    def check(g: GameState, _: Action) -> None:
        for army in g.armies:
            if army.alive:
                check_priced(g, army, seen)

    for seed in seeds:
        play_random_game(NAMES[:players], map_name, seed, check, game=game, options=options)
    assert seen["changed"], seen  # cost changes (and travel costs) were met
    if game == "warcraft":
        assert seen["travel"], seen
    if game != "base":  # an aid paid (Iron Dwarves' hammers, Beasts)
        assert seen["aid paid"], seen
    if game == "underground":  # a region only taken unaided (Gnomes)
        assert seen["where no rule may help"], seen


def test_a_cut_is_not_made_where_no_rule_may_help() -> None:
    """Under the Aegis of Aggramar, no rule helps to take the region (``GameState.unaided``):
    the Blacksmith's cut is priced there as ``Costs`` prices it (none), before the toll is
    paid and after (the cut made again)."""
    g = wc_game()
    give(g, 1, "humans", "mining", {8: 1, 4: 1})
    lay(g, AEGIS, 8)
    smiths = give(g, 0, "draenei", "blacksmith", {5: 1}, hand=6)
    seen: Counter[str] = Counter()
    check_priced(g, smiths, seen)
    assert seen["where no rule may help"]
    guarded = conquest_price(g, smiths, 8)[0]
    g.turn.extra[AEGIS + TOLL] = 1
    check_priced(g, smiths, seen)
    assert conquest_price(g, smiths, 8)[0] == guarded - 1
