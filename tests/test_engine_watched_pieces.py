"""A conquest of a region where none of the pieces lies that the game's rules watching
conquests react to (``Ruleset.watched_pieces``: the Humans' objectives) tells none of them
(``conquest._watched``): there, each such rule does nothing, whoever conquers.  Checked in
random games of every game, after every action, against the rules themselves.
"""

from __future__ import annotations

from collections import Counter

import pytest
from random_games import GAMES, play

from smallworld_tui.engine import Action
from smallworld_tui.engine.bitset import bits
from smallworld_tui.engine.conquest import _watched
from smallworld_tui.engine.state import GameState


@pytest.mark.parametrize(("game", "map_name", "options"), GAMES)
def test_a_conquest_where_no_watched_piece_lies_moves_no_watching_rule(
        game: str, map_name: str | None, options: dict[str, bool] | None) -> None:
    """Every rule of every army filling ``on_any_conquest`` in, told of a conquest by each
    army on the map of each region ``_watched`` leaves out, changes nothing in the game."""
    seen: Counter[str] = Counter()

    def check(g: GameState, _: Action) -> None:
        if "on_any_conquest" not in g.rules.hooks_used:  # no rule to tell: nothing asked
            return
        left_out = [r for r in bits(g.map.all_mask) if not _watched(g, r)]
        seen["watched"] += len(bits(g.map.all_mask)) - len(left_out)
        copy = g.clone()
        watching = [(a, t) for a in copy.armies if a.alive for t in copy.hooks(a).watch]
        if not watching:
            return
        for region in left_out:
            for attacker in copy.armies:
                if attacker.alive:
                    for army, rule in watching:
                        rule.on_any_conquest(copy, army, region, attacker)
        assert copy.position() == g.position()
        seen["told"] += 1

    play(game, map_name, options, check)
    if game == "warcraft":  # the Humans and their objectives were met
        assert seen["told"] and seen["watched"], seen
