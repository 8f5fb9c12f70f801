"""What each region of an army lacks while it redeploys (``redeploy_room``, which asks once
per army what its regions keep) is what ``shortage`` gives region by region, asking the
army's rules each time: in random games of every game, for every army after every action.
"""

from __future__ import annotations

from collections import Counter

import pytest
from random_games import GAMES, play

from smallworld_tui.engine import Action
from smallworld_tui.engine.bitset import bits
from smallworld_tui.engine.conquest import redeploy_room, shortage
from smallworld_tui.engine.state import Army, GameState


def check_room(g: GameState, army: Army, seen: Counter[str]) -> None:
    """Assert that ``redeploy_room`` gives, for ``army`` now, the regions short of tokens
    and the spare tokens that ``shortage`` of each region and the hand (and the race tokens
    kept as pieces, Beasts) give; ``seen`` counts the cases met."""
    needs = {r: lack for r in bits(army.mask) if (lack := shortage(g, army, r))}
    pieces = sum(army.reserve.get(k, 0) for k in g.pieces.race_kinds)
    spare = army.hand + pieces - sum(needs.values())
    assert redeploy_room(g, army) == (needs, spare), (army.race, army.power, needs)
    seen["short"] += bool(needs)
    seen["short of more than one"] += any(lack > 1 for lack in needs.values())


@pytest.mark.parametrize(("game", "map_name", "options"), GAMES)
def test_redeploy_room_gives_each_regions_shortage(
        game: str, map_name: str | None, options: dict[str, bool] | None) -> None:
    """After every action, for every army on the map: as the game stands, and with its
    regions left 0, 1 and 2 tokens in turn (regions short of tokens: every race's empty
    ones, the Tauren's with one token, in decline too)."""
    seen: Counter[str] = Counter()

    def check(g: GameState, _: Action) -> None:
        tokens = g.region_tokens
        for army in g.armies:
            if army.alive:
                check_room(g, army, seen)
                kept = list(tokens)
                for r in bits(army.mask):
                    tokens[r] = r % 3
                check_room(g, army, seen)
                tokens[:] = kept

    play(game, map_name, options, check)
    assert seen["short"], seen
    if options:  # the team games met the Tauren, whose regions keep two tokens
        assert seen["short of more than one"], seen
