"""The shortcuts Underground's and Warcraft's content takes in the hooks asked at every
listing give what the general path gives, after every action of random games: the Bag
(Magic) answers at once while it imitates no relic, a readied relic or artifact looks at its
turn mark and the hand before the tokens kept as pieces, the Stonehedge lends its badge
without asking ``badge``, the faction bonus sums the beaten races in any order, and the
actions on two regions (Intimidating, Portal Mage) are shared instances, the same at each
listing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from smallworld_tui.bots.random_play import play_random_game
from smallworld_tui.engine import Action, GameState
from smallworld_tui.engine.conquest import in_hand
from smallworld_tui.engine.content.item_rules import ReadiedItem
from smallworld_tui.engine.content.underground.items import Stonehedge
from smallworld_tui.engine.content.underground.powers import Magic
from smallworld_tui.engine.content.warcraft.factions import (
    _faction_rules,
    beaten_races,
    enemy,
    faction,
    faction_bonus,
    side_of,
)
from smallworld_tui.engine.game import legal_actions
from smallworld_tui.engine.phase import REDEPLOY
from smallworld_tui.engine.registry import ITEMS, POWERS
from smallworld_tui.engine.state import Army

NAMES = ["Amy", "Ben", "Cai", "Dee"]


def play(game: str, check: Callable[[GameState, Action], None], seeds: range,
         powers: list[str] | None = None, options: dict[str, Any] | None = None) -> None:
    map_name = "underground-4p" if game == "underground" else None
    for seed in seeds:
        play_random_game(NAMES, map_name, seed, check, game=game, options=options,
                         powers=powers)


def bag_in_general(g: GameState, bag: Magic, army: Army, hook: str) -> list[Action]:
    """The Bag's choices of ``hook`` the long way: choosing a relic (none chosen, the race
    active; redeploying, outside the conquests), then the imitated relic's own."""
    choosing = bag.relic(g) is None and not army.declined and (
        hook != "redeploy_actions" or g.phase == REDEPLOY)
    chosen = [Action("bag", k) for k in bag._relics(g)] if choosing else []
    if hook == "end_actions":
        chosen = []
    return chosen + bag._relic_actions(g, army, hook)


def test_the_bag_answers_at_once_only_while_it_imitates_no_relic() -> None:
    bag = POWERS["underground:magic"]
    assert isinstance(bag, Magic)
    seen = {"idle": 0, "imitating": 0}

    def check(g: GameState, _: Action) -> None:
        for army in g.armies:
            if not army.alive or bag not in g.rules_of(army):
                continue
            idle = bag._idle(g, army)
            assert idle == (bag.relic(g) is None or army.declined)
            seen["idle" if idle else "imitating"] += 1
            assert bag.reach_mask(g, army) == bag._as_bag(
                g, army, lambda r, a=army: r.reach_mask(g, a), 0, "reach_mask")
            assert bag.cost_changes(g, army) == bag._as_bag(
                g, army, lambda r, a=army: r.cost_changes(g, a), (), "cost_changes")
            for hook in ("conquest_actions", "redeploy_actions", "end_actions"):
                assert list(getattr(bag, hook)(g, army)) == bag_in_general(g, bag, army, hook)

    play("underground", check, range(12), powers=["underground:magic"])
    assert seen["idle"] and seen["imitating"]


def test_a_readied_item_is_offered_as_the_hand_and_its_mark_say() -> None:
    offered = 0

    def check(g: GameState, _: Action) -> None:
        nonlocal offered
        for army in g.armies:
            if not army.alive:
                continue
            for t in g.hooks(army).conquest:
                if isinstance(t, ReadiedItem):
                    general = ([Action(next(iter(t.actions)))]
                               if in_hand(g, army) >= 1 and not g.turn.extra.get(t.qid)
                               else [])
                    listed = list(t.conquest_actions(g, army))
                    assert listed == general
                    offered += len(listed)

    play("underground", check, range(10))
    play("warcraft", check, range(10))
    play("warcraft", check, range(20), powers=["warcraft:beastmaster"])  # Beasts in hand
    assert offered


def test_the_stonehedge_lends_the_badge_drawn_there() -> None:
    stonehedge = ITEMS["underground:stonehedge"]
    assert isinstance(stonehedge, Stonehedge)
    lent = 0

    def check(g: GameState, _: Action) -> None:
        nonlocal lent
        badge = stonehedge.badge(g)
        general = (stonehedge, POWERS[badge]) if badge else (stonehedge,)
        assert stonehedge.lent(g) == general
        lent += bool(badge)

    play("underground", check, range(40))
    assert lent  # a badge was drawn in these games


def bonus_in_general(g: GameState, seat: int) -> tuple[str, int]:
    """The faction bonus the long way: the beaten races in army order."""
    army = g.active_army(seat)
    if army is None:
        return "", 0
    side = side_of(g, army)
    foe = enemy(side)
    if not foe:
        return side, 0
    most = 1
    for rule in _faction_rules(g, army):
        most = rule.bonus_per_race(g, army, most)
    times = sum(min(n, most) for beaten, n in beaten_races(g) if faction(beaten.race) == foe)
    return side, int(g.rules.table["rules"]["faction_bonus"]) * times


def test_the_faction_bonus_sums_the_beaten_races_in_any_order() -> None:
    paid = 0

    def check(g: GameState, _: Action) -> None:
        nonlocal paid
        for seat in range(g.players):
            bonus = faction_bonus(g, seat)
            assert bonus == bonus_in_general(g, seat)
            paid += bonus[1]

    play("warcraft", check, range(8))
    play("warcraft", check, range(4), options={"teams": True})
    assert paid


def test_the_actions_on_two_regions_listed_are_the_ones_they_are_kept_as() -> None:
    listed = {"intimidate": 0, "portal": 0}

    def check(g: GameState, _: Action) -> None:
        for action, again in zip(legal_actions(g), legal_actions(g), strict=True):
            if action.kind in listed:
                assert again is action  # cached rows: listed again, the same instances
                assert action == Action(action.kind, action.target, action.count)
                listed[action.kind] += 1

    for power in ("warcraft:intimidating", "warcraft:portal_mage"):
        play("warcraft", check, range(6), powers=[power])
    assert all(listed.values())
