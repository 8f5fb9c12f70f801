"""The regions where the rules put the travel cost (``Ruleset.travel_mask``), remembered for
each army's regions (``Army.travelled``, asked through ``conquest._travel``), are those the
rules give afresh: after every action of random games of every game, for every army, with
the travel cost waived or not and over its reach or the whole map.
"""

from __future__ import annotations

from random_games import GAMES, play

from smallworld_tui.engine import Action
from smallworld_tui.engine.conquest import _travel, reach_mask
from smallworld_tui.engine.state import GameState


def test_remembered_travel_regions_are_those_the_rules_give() -> None:
    asked = 0  # armies asked in a game with a travel cost

    def check(g: GameState, _: Action) -> None:
        nonlocal asked
        if "travel_mask" not in g.rules.own_hooks:
            return
        for army in g.armies:
            if not army.alive:
                continue
            hooks = g.hooks(army)
            for within in (reach_mask(g, army), -1):
                remembered = _travel(g, army, hooks, None, within)
                kept = army.travelled  # as play left it, to be kept so
                army.travelled = (-1, 0)
                assert _travel(g, army, hooks, None, within) == remembered, army.race
                assert army.travelled[1] == g.rules.travel_mask(g, army)
                army.travelled = kept
            asked += 1

    for game, map_name, options in GAMES:
        play(game, map_name, options, check)
    assert asked
