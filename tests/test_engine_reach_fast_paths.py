"""Who may fill a hook in (``GameState.fillers``, remembered while the armies and the items
stay the same) follows every change: through random games of every game, every army whose
rules fill a hot hook in is among those it lists near the army's regions (``fillers_near``),
the regions other players' rules shield an army from (``shielded``) are those the rules of
every other player's army shield, over its reach and over the whole map, and those no rule
may help it take (``unaided``) those every other player's rules name; a badge swapped
(Shadow Mimes) is seen at once.  The regions reached from anywhere, asked of the rules once
per game (``GameState.open_regions``), are those the rules give.
"""

from __future__ import annotations

import pytest
from random_games import GAMES, play
from scenario import UG_TEST_MAP, act, pinned
from underground.helpers import MUDPOOL

from smallworld_tui.engine import Action, GameState
from smallworld_tui.engine.conquest import reach_mask, shielded
from smallworld_tui.engine.content.traits import Content
from smallworld_tui.engine.hooks import HOT_HOOKS
from smallworld_tui.engine.state import Army


def fills(g: GameState, army: Army, hook: str) -> bool:
    """Whether a rule ``army`` has now fills ``hook`` in."""
    return any(getattr(type(t), hook) is not getattr(Content, hook)
               for t in g.hooks(army).all)


def listed(g: GameState, army: Army, hook: str) -> bool:
    """Whether ``GameState.fillers_near``, as remembered, lists ``army`` (its regions asked
    about, by another seat) among those that may fill ``hook`` in, if it holds a region."""
    return not army.mask or any(
        a is army for a in g.fillers_near(hook, army.mask, army.seat + 1))


def shielded_by_all(g: GameState, army: Army, mask: int) -> int:
    """``shielded`` from first principles: every rule of every other player's army."""
    out = 0
    for other in g.armies:
        if other.alive and other.seat != army.seat:
            for t in g.hooks(other).all:
                out |= t.shielded_mask(g, other, army)
    return out & mask


def unaided_by_all(g: GameState, army: Army) -> int:
    """``GameState.unaided`` from first principles: every rule of every other player's army
    on the map."""
    out = 0
    for other in g.armies:
        if other.alive and other.seat != army.seat and other.mask:
            for t in g.hooks(other).all:
                out |= t.unaided_mask(g, other, army)
    return out


@pytest.mark.parametrize(("game", "map_name", "options"), GAMES)
def test_what_the_reach_remembers_follows_every_change(
        game: str, map_name: str | None, options: dict[str, bool] | None) -> None:
    shields = 0

    def check(g: GameState, _: Action) -> None:
        nonlocal shields
        assert g.open_regions == g.rules.open_mask(g)
        for army in g.armies:
            if not army.alive:
                continue
            for hook in HOT_HOOKS:
                if fills(g, army, hook):
                    assert listed(g, army, hook), (hook, army.race, army.power)
            assert g.unaided(army) == unaided_by_all(g, army), (army.race, army.power)
            for mask in (reach_mask(g, army, shields=False), g.map.all_mask):
                out = shielded_by_all(g, army, mask)
                assert shielded(g, army, mask) == out, (army.race, army.power)
                shields += bool(out)

    play(game, map_name, options, check)
    # these Underground games have no Liches declined against a player without coins, these
    # team games no Pandaren nor Aegis of Aggramar shielding
    assert shields or game == "underground" or options


def test_a_badge_swapped_is_seen_among_the_armies_of_its_power() -> None:
    g = pinned(["shadow_mimes"], ["stone", "magic"], map_name=UG_TEST_MAP,
               game="underground")
    act(g, "pick", 0)
    mimes = g.armies[0]
    g.region_army[MUDPOOL], g.region_tokens[MUDPOOL] = mimes.id, 1  # a region held
    mimes.mask, mimes.hand = 1 << MUDPOOL, mimes.hand - 1
    assert not fills(g, mimes, "reach_mask")
    assert listed(g, mimes, "reach_mask")  # every army, as badges may be swapped
    act(g, "mime", next(k for k, c in enumerate(g.combos)
                        if c.power == "underground:magic"))
    assert fills(g, mimes, "reach_mask")
    assert listed(g, mimes, "reach_mask")
