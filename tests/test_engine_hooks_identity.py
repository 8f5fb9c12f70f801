"""An army's hooks while items are in play (``GameState.hooks``) are kept from one call to the
next and checked by identity: the items' version, the army's regions and its traits being the
very objects seen last, they are the rules worked out then.  A region taken or lost, a decline,
a badge given up or a power swapped, an item moved in or out, or a lent rule that changes
(Stonehedge) must each be seen; holding the same items again after they moved must give the
same rules.  Checked against the rules worked out from scratch through random games of every
game, and on hand-made positions.
"""

from __future__ import annotations

import pytest
from random_games import GAMES, play
from scenario import give
from test_engine_caches import plain_rules
from underground.helpers import MOUNTAIN, MUDPOOL_W, reveal, ug
from underground.helpers import qid as q

from smallworld_tui.engine import Action, GameState
from smallworld_tui.engine.hooks import hooks_of

SWORD, STONEHEDGE = q("sword_of_the_killer_rabbit"), q("stonehedge")


def check(g: GameState, _: Action) -> None:
    """Every army's hooks are its rules from scratch, asked twice (the second from what the
    first kept), and again once its regions are an equal int that is not the same object."""
    for army in g.armies:
        expected = plain_rules(g, army)
        assert g.hooks(army).all == expected, (army.race, army.power)
        assert g.hooks(army).all == expected, (army.race, army.power)
        army.mask = int(str(army.mask))  # equal, not the same object
        assert g.hooks(army) is hooks_of(expected)


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
