"""The regions of the face-up items of a kind (Warcraft's ``item_regions``: Artifacts,
Legendary Places), remembered for the items' version, are those the items lie in after every
action of random games of every game played in turn (a mask remembered from another game or
from before an item moved would show).
"""

from __future__ import annotations

from random_games import GAMES

from smallworld_tui.bots.random_play import play_random_game
from smallworld_tui.engine import Action
from smallworld_tui.engine.content.warcraft.races import item_regions
from smallworld_tui.engine.registry import ITEMS
from smallworld_tui.engine.state import GameState


def test_item_regions_are_where_the_items_lie() -> None:
    """After every action, for each kind, ``item_regions`` gives the regions where a face-up
    item of that kind lies (asked twice: remembered the second time)."""
    seen: set[tuple[str, int]] = set()

    def check(g: GameState, _: Action) -> None:
        for kind in ("artifact", "place"):
            lying = 0
            for qid, region in g.items.items():
                if region >= 0 and ITEMS[qid].kind == kind:
                    lying |= 1 << region
            assert item_regions(g, kind) == item_regions(g, kind) == lying, kind
            seen.add((kind, lying))

    for seed in range(3):  # the games in turn: each game's items after another game's
        for game, map_name, options in GAMES:
            play_random_game(["Amy", "Ben", "Cai", "Dee"], map_name, seed, check, game=game,
                             options=options)
    assert len({lying for kind, lying in seen if kind == "artifact"}) > 3
    assert len({lying for kind, lying in seen if kind == "place"}) > 3
