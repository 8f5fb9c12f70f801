"""The shortcuts Underground's races take in the hooks asked at every listing give what the
rule, worked out the long way, gives after every action of random Underground games: the
Will-o'-Wisps offer a roll for each Mystic Crystal region, or region next to a crystal they
hold, that they may attack, that no rule may help to take, and whose cost is at most their
hand plus what the die may make up (priced as a mask, not from the list of every cost).
"""

from __future__ import annotations

from collections.abc import Callable

from smallworld_tui.bots.random_play import play_random_game
from smallworld_tui.engine import Action, GameState
from smallworld_tui.engine.conquest import conquest_costs
from smallworld_tui.engine.content.underground.races import WillOWisps
from smallworld_tui.engine.registry import RACES
from smallworld_tui.engine.state import Army

NAMES = ["Amy", "Ben", "Cai", "Dee"]


def play(check: Callable[[GameState, Action], None], seeds: range) -> None:
    for seed in seeds:
        play_random_game(NAMES, "underground-4p", seed, check, game="underground")


def armies_of(g: GameState, race: str) -> list[Army]:
    return [a for a in g.armies if a.alive and a.race == race]


def wisps_in_general(g: GameState, wisps: WillOWisps, army: Army) -> list[Action]:
    """The Wisps' rolls the long way: every region the army may attack with its cost, kept
    where it is a crystal or next to one of theirs, no rule may help to take it, and the
    hand plus the die's most may pay it (a token in hand, no die rolled yet)."""
    if army.hand < 1 or g.turn.roll >= 0:
        return []
    near, unaided = wisps._near(g, army), g.unaided(army)
    most = army.hand + g.rules.max_shortfall
    return [Action("wisp", r) for r, cost in conquest_costs(g, army)
            if near >> r & 1 and not unaided >> r & 1 and cost <= most]


def test_the_wisps_offer_a_roll_where_the_rule_lets_them() -> None:
    wisps = RACES["underground:will_o_wisps"]
    assert isinstance(wisps, WillOWisps)
    offered = 0

    def check(g: GameState, _: Action) -> None:
        nonlocal offered
        for army in armies_of(g, wisps.qid):
            listed = list(wisps.conquest_actions(g, army))
            assert listed == wisps_in_general(g, wisps, army)
            offered += len(listed)

    play(check, range(12))
    assert offered  # the Wisps could roll somewhere in these games
