"""An army's hooks while items are in play (``GameState.hooks``) are kept from one call to the
next and checked by identity: the items' version, the army's regions and its traits being the
very objects seen last, they are the rules worked out then.  A region taken or lost, a decline,
a badge given up or a power swapped, an item moved in or out, or a lent rule that changes
(Stonehedge) must each be seen; holding the same items again after they moved must give the
same rules.  Checked against the rules worked out from scratch through random games of every
game, and on hand-made positions; so is the sieve of the armies that may fill a hook in
(``armies_filling``), whose races and powers are kept all game and whose items' regions are
sought again when the items change.
"""

from __future__ import annotations

import pytest
from random_games import GAMES, play
from scenario import give
from test_engine_caches import plain_rules
from underground.helpers import MOUNTAIN, MUDPOOL_W, reveal, ug
from underground.helpers import qid as q

from smallworld_tui.engine import Action, GameState
from smallworld_tui.engine.content.traits import Item
from smallworld_tui.engine.hooks import HOT_HOOKS, hooks_of
from smallworld_tui.engine.registry import ITEMS
from smallworld_tui.engine.state import Army

SWORD, STONEHEDGE = q("sword_of_the_killer_rabbit"), q("stonehedge")


def plain_sieve(g: GameState, hook: str) -> list[Army]:
    """The living armies whose race or power fills ``hook`` in, or holding the region of a
    face-up item that does or whose lent rules may change (Stonehedge), from scratch; none
    if nothing in the game fills it in."""
    if hook not in g.rules.hooks_used:
        return []
    filled = g.rules.filled_by[hook]
    spots = 0
    for qid, region in g.items.items():
        if region >= 0 and (qid in filled or type(ITEMS[qid]).lent is not Item.lent):
            spots |= 1 << region
    return [a for a in g.armies if a.alive and (a.race in filled or a.power in filled
                                                 or a.mask & spots)]


def check(g: GameState, _: Action) -> None:
    """Every army's hooks are its rules from scratch, asked twice (the second from what the
    first kept), and again once its regions are an equal int that is not the same object;
    the sieve of every hook is the one from scratch, for every seat too."""
    for army in g.armies:
        expected = plain_rules(g, army)
        assert g.hooks(army).all == expected, (army.race, army.power)
        assert g.hooks(army).all == expected, (army.race, army.power)
        army.mask = int(str(army.mask))  # equal, not the same object
        assert g.hooks(army) is hooks_of(expected)
    for hook in HOT_HOOKS:
        expected_armies = plain_sieve(g, hook)
        assert g.armies_filling(hook) == expected_armies, hook
        for seat in range(g.players):
            assert (g.seat_armies_filling(hook, seat)
                    == [a for a in expected_armies if a.seat == seat]), (hook, seat)


@pytest.mark.parametrize(("game", "map_name", "options"), GAMES)
def test_an_armys_hooks_are_its_rules_after_every_action(
        game: str, map_name: str | None, options: dict[str, bool] | None) -> None:
    for end in play(game, map_name, options, check):
        assert end.finished


def rules(g: GameState, army_id: int) -> list[str]:
    """The ids of the rules ``hooks`` gives the army."""
    return [t.qid for t in g.hooks(g.armies[army_id]).all]


def test_a_region_holding_an_item_taken_or_lost_changes_the_rules() -> None:
    g = ug()
    drow = give(g, 0, "drow", "stone", {MOUNTAIN: 2})
    reveal(g, SWORD, MUDPOOL_W)
    assert SWORD not in rules(g, drow.id)
    drow.mask |= 1 << MUDPOOL_W
    assert SWORD in rules(g, drow.id)
    drow.mask &= ~(1 << MOUNTAIN)  # a region without an item: the same rules
    assert SWORD in rules(g, drow.id)
    drow.mask &= ~(1 << MUDPOOL_W)
    assert SWORD not in rules(g, drow.id)


def test_a_decline_a_badge_or_a_power_changes_the_rules_of_an_army_holding_an_item() -> None:
    g = ug()
    drow = give(g, 0, "drow", "stone", {MUDPOOL_W: 2})
    reveal(g, SWORD, MUDPOOL_W)
    assert rules(g, drow.id) == [drow.race, drow.power, SWORD]
    drow.power = q("flocking")
    assert rules(g, drow.id) == [drow.race, q("flocking"), SWORD]
    drow.declined = True  # a declined race loses its power and cannot use its relic
    drow.badge = False
    assert g.hooks(drow).all == plain_rules(g, drow) == ()
    drow.badge = True  # declined, its badge kept: still nothing (neither works in decline)
    assert g.hooks(drow).all == plain_rules(g, drow) == ()
    drow.declined = False
    assert rules(g, drow.id) == [drow.race, q("flocking"), SWORD]


def test_the_same_items_held_after_the_items_moved_give_the_same_rules() -> None:
    g = ug()
    drow = give(g, 0, "drow", "stone", {MUDPOOL_W: 2})
    reveal(g, SWORD, MUDPOOL_W)
    reveal(g, STONEHEDGE, MOUNTAIN)
    before = g.hooks(drow)
    g.items[STONEHEDGE] = -1  # moved elsewhere: not in the drow's regions
    assert g.hooks(drow) is before
    g.items[SWORD] = MOUNTAIN  # moved out of them
    assert rules(g, drow.id) == [drow.race, drow.power]
    g.items[SWORD] = MUDPOOL_W  # and back
    assert g.hooks(drow) is before
    drow.declined = True  # the same items, other traits: a declined race loses its relic
    assert g.hooks(drow).all == plain_rules(g, drow) == ()


def test_the_power_a_stonehedge_lends_is_seen_once_drawn_however_often_asked() -> None:
    g = ug()
    drow = give(g, 0, "drow", "stone", {MUDPOOL_W: 1})
    g.items[STONEHEDGE] = MUDPOOL_W  # face up, its badge not drawn yet
    assert rules(g, drow.id) == [drow.race, drow.power, STONEHEDGE]
    assert rules(g, drow.id) == [drow.race, drow.power, STONEHEDGE]
    g.item_data[STONEHEDGE] = {"badge": q("flocking")}
    assert rules(g, drow.id) == [drow.race, drow.power, STONEHEDGE, q("flocking")]


def test_the_sieve_follows_the_items_moved_and_keeps_its_races() -> None:
    g = ug()
    drow = give(g, 0, "drow", "stone", {MUDPOOL_W: 2})
    assert g.armies_filling("turn_actions") == []
    reveal(g, STONEHEDGE, MUDPOOL_W)  # its lent rules may change: its holder is kept
    assert g.armies_filling("turn_actions") == [drow]
    g.items[STONEHEDGE] = -1
    assert g.armies_filling("turn_actions") == []
    gnomes = give(g, 1, "gnomes", "stone", {MOUNTAIN: 2})
    assert g.armies_filling("unaided_mask") == [gnomes]  # the Gnomes' race fills it in
    g.items[STONEHEDGE] = MOUNTAIN  # the items changed: the same races still
    assert g.armies_filling("unaided_mask") == [gnomes]
    assert g.seat_armies_filling("unaided_mask", 0) == []
