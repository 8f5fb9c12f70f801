"""The shortcuts Underground's races take in the hooks asked at every listing give what the
rule, worked out the long way, gives after every action of random Underground games: the
Will-o'-Wisps offer a roll for each Mystic Crystal region, or region next to a crystal they
hold, that they may attack, that no rule may help to take, and whose cost is at most their
hand plus what the die may make up (priced as a mask, not from the list of every cost); the
Lizardmen reach every region next to a chain of rivers, not immune to them, starting next to
one of their regions (found a step of rivers at a time, immunity asked only if a piece gives
some); a region next to the Volcano, or to a chain of Flames regions reaching it, and with
Stinky Troll's Socks readied every region, costs as if empty (the cuts grouped by tokens).
"""

from __future__ import annotations

from collections.abc import Callable

from smallworld_tui.bots.random_play import play_random_game
from smallworld_tui.engine import Action, GameState
from smallworld_tui.engine.bitset import bits
from smallworld_tui.engine.conquest import conquest_costs
from smallworld_tui.engine.content.common import river_like
from smallworld_tui.engine.content.traits import CostChange
from smallworld_tui.engine.content.underground.items import StinkyTrollsSocks
from smallworld_tui.engine.content.underground.races import VOLCANO, Flames, Lizardmen, WillOWisps
from smallworld_tui.engine.registry import ITEMS, RACES
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


def lizardmen_in_general(g: GameState, army: Army) -> int:
    """The Lizardmen's reach the long way: rivers not immune to them, passed one by one
    from those bordering one of their regions; every region bordering one passed."""
    neighbors = g.map.neighbor_masks
    rivers = river_like(g.map) & ~g.immune_mask(army.seat)
    passed: set[int] = set()
    todo = [r for r in bits(rivers) if any(neighbors[r] >> own & 1 for own in bits(army.mask))]
    while todo:
        r = todo.pop()
        if r not in passed:
            passed.add(r)
            todo += [n for n in bits(neighbors[r] & rivers) if n not in passed]
    beyond = 0
    for r in passed:
        beyond |= neighbors[r]
    return beyond


def test_the_lizardmen_reach_past_every_chain_of_rivers() -> None:
    lizardmen = RACES["underground:lizardmen"]
    assert isinstance(lizardmen, Lizardmen)
    reached = immune = 0

    def check(g: GameState, _: Action) -> None:
        nonlocal reached, immune
        for army in armies_of(g, lizardmen.qid):
            found = lizardmen.reach_mask(g, army)
            assert found == lizardmen_in_general(g, army)
            reached += bool(found)
            immune += bool(g.immune_mask(army.seat) & river_like(g.map))

    play(check, range(60))
    assert reached and immune  # rivers passed, and some immune to them, in these games


def cuts(g: GameState, changes: tuple[CostChange, ...]) -> list[int]:
    """What the cost changes add to each region's cost."""
    out = [0] * len(g.region_tokens)
    for mask, delta in changes:
        for r in bits(mask):
            out[r] += delta
    return out


def as_if_empty_in_general(g: GameState, regions: set[int]) -> list[int]:
    """Each region of ``regions`` costs its tokens less; every other region as it does."""
    return [-n if r in regions else 0 for r, n in enumerate(g.region_tokens)]


def flames_in_general(g: GameState, army: Army) -> list[int]:
    """The Volcano's cuts the long way: the Flames regions chained to one next to it, one
    by one; every region next to the Volcano or to one of those, not theirs nor a chasm."""
    neighbors = g.map.neighbor_masks
    volcano = bits(g.pieces.mask(VOLCANO))
    if not volcano:
        return cuts(g, ())
    near = set(bits(neighbors[volcano[0]]))
    todo = [r for r in near if army.mask >> r & 1]
    chain: set[int] = set()
    while todo:
        r = todo.pop()
        if r not in chain:
            chain.add(r)
            todo += [n for n in bits(neighbors[r] & army.mask) if n not in chain]
    for r in chain:
        near |= set(bits(neighbors[r]))
    return as_if_empty_in_general(
        g, {r for r in near if not (army.mask | g.closed_mask) >> r & 1})


def test_the_volcano_and_the_socks_make_regions_cost_as_if_empty() -> None:
    flames, socks = RACES["underground:flames"], ITEMS["underground:stinky_trolls_socks"]
    assert isinstance(flames, Flames) and isinstance(socks, StinkyTrollsSocks)
    cut = readied = 0

    def check(g: GameState, _: Action) -> None:
        nonlocal cut, readied
        for army in armies_of(g, flames.qid):
            changes = flames.cost_changes(g, army)
            assert cuts(g, changes) == flames_in_general(g, army)
            assert len({n for _, n in changes}) == len(changes)  # one per count of tokens
            cut += len(changes)
        if socks.qid in g.items and socks.ready(g):
            army = g.armies[g.turn.acting]
            changes = socks.cost_changes(g, army)
            assert cuts(g, changes) == as_if_empty_in_general(g, set(range(len(g.map.regions))))
            readied += 1

    play(check, range(60))
    assert cut and readied  # the Volcano and the Socks cut some costs in these games
