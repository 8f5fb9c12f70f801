"""The shortcuts of the Gnomes' air raid and of the Portal Mage give what the general path
gives, after every action of random Warcraft games (with and without teams): the raid's
targets are every open region at once when even the map's dearest region is within the best
rolls' reach, and priced region by region otherwise; the Magic regions a portal may load are
read from the pieces' masks; a portal swaps everything on its two regions that moves (the
piece kinds lying there), and nothing else.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from smallworld_tui.bots.random_play import play_random_game
from smallworld_tui.engine import Action, GameState
from smallworld_tui.engine.bitset import NOBODY, bits
from smallworld_tui.engine.conquest import Costs, in_hand
from smallworld_tui.engine.content.warcraft.powers import PortalMage
from smallworld_tui.engine.content.warcraft.races import Gnomes, item_regions, open_to
from smallworld_tui.engine.game import apply, legal_actions
from smallworld_tui.engine.registry import POWERS, RACES

NAMES = ["Amy", "Ben", "Cai", "Dee"]
OPTIONS: list[dict[str, Any] | None] = [None, {"teams": True}]


def play(check: Callable[[GameState, Action], None], seeds: range,
         powers: list[str] | None = None) -> None:
    for options in OPTIONS:
        for seed in seeds:
            play_random_game(NAMES, None, seed, check, game="warcraft", options=options,
                             powers=powers)


def targets_in_general(g: GameState, gnomes: Gnomes, army: Any) -> int:
    """The raid's targets the long way: each open region priced (``Costs.at_most``)."""
    if g.turn.extra.get(gnomes.qid) or in_hand(g, army) < 1 or g.turn.roll >= 0:
        return 0
    best = army.hand + max(g.rules.die_faces) + g.rules.max_shortfall
    return Costs(g, army).at_most(open_to(g, army, g.map.all_mask & ~army.mask), best,
                                  as_if_adjacent=True)


def test_the_air_raid_targets_are_the_regions_priced_within_reach() -> None:
    gnomes = RACES["warcraft:gnomes"]
    assert isinstance(gnomes, Gnomes)
    seen = {"every open region": 0, "some": 0}

    def check(g: GameState, _: Action) -> None:
        for army in g.armies:
            if army.alive and gnomes in g.rules_of(army):
                general = targets_in_general(g, gnomes, army)
                assert gnomes._targets(g, army) == general
                if general:
                    every = general == open_to(g, army, g.map.all_mask & ~army.mask)
                    seen["every open region" if every else "some"] += 1

    play(check, range(12))
    assert all(seen.values()), seen  # both the shortcut and the pricing were compared


def loaded_in_general(g: GameState, mage: PortalMage, regions: tuple[int, ...]) -> int:
    """The regions a portal may load, region by region: a holder, an artifact or a piece
    of a kind the map did not put there at set-up."""
    fixed = mage._fixed(g)
    artifacts = item_regions(g, "artifact")
    out = 0
    for r in regions:
        if (g.region_army[r] != NOBODY or artifacts >> r & 1
                or any(kind not in fixed for kind, _ in g.pieces.on(r))):
            out |= 1 << r
    return out


def test_a_portal_loads_the_regions_holding_what_it_moves() -> None:
    mage = POWERS["warcraft:portal_mage"]
    assert isinstance(mage, PortalMage)
    by_pieces_alone = 0

    def check(g: GameState, _: Action) -> None:
        nonlocal by_pieces_alone
        magic = bits(mage.symbol(g, "magic"))
        found = mage._loaded(g, magic)
        assert found == loaded_in_general(g, mage, magic)
        for r in bits(found & ~item_regions(g, "artifact")):
            by_pieces_alone += g.region_army[r] == NOBODY

    play(check, range(12), powers=["warcraft:portal_mage"])
    assert by_pieces_alone  # a region loaded by the pieces on it, nothing else


def test_a_portal_swaps_the_pieces_that_move_on_its_two_regions_only() -> None:
    mage = POWERS["warcraft:portal_mage"]
    assert isinstance(mage, PortalMage)
    swapped = 0

    def check(g: GameState, _: Action) -> None:
        nonlocal swapped
        for action in legal_actions(g):
            if action.kind != "portal":
                continue
            a, b = action.target, action.count
            fixed = mage._fixed(g)
            before = {r: g.pieces.on(r) for r in range(len(g.region_army))}
            after = g.clone()
            apply(after, action, quiet=True)
            for r, pieces in before.items():
                if r not in (a, b):
                    assert after.pieces.on(r) == pieces
            for here, there in ((a, b), (b, a)):
                kept = [(k, n) for k, n in before[here] if k in fixed]
                moved = [(k, n) for k, n in before[there] if k not in fixed]
                assert sorted(after.pieces.on(here)) == sorted(kept + moved)
            swapped += any(k not in fixed for r in (a, b) for k, _ in before[r])

    play(check, range(30), powers=["warcraft:portal_mage"])
    assert swapped  # some swap moved pieces
