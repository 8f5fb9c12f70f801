"""Random Underground games on the test map: every race and power gets played, their own
actions are used, and the invariants hold after every action (a smoke test of the content)."""

from __future__ import annotations

import json
from collections import Counter

from invariants import check
from scenario import UG_TEST_MAP

from smallworld_tui.bots.random_play import play_random_game
from smallworld_tui.engine import GameState, Record, ruleset

SEEDS = range(48)  # enough games for every trait action to come up
TRAIT_ACTIONS = {"ancient", "armor", "bag", "mime", "queen", "reborn", "vampire", "wisp"}


def test_random_games_play_every_race_power_and_their_actions():
    races: set[str] = set()
    powers: set[str] = set()
    used: Counter[str] = Counter()

    def after(g: GameState, action) -> None:
        used[action.kind] += 1
        check(g)

    for seed in SEEDS:
        g, record = play_random_game(["Amy", "Ben"], UG_TEST_MAP, seed, after,
                                     game="underground")
        assert g.finished
        races |= {a.race for a in g.armies}
        powers |= {a.power for a in g.armies}
        if seed % 10 == 0:
            replayed = Record.from_json(json.loads(json.dumps(record.to_json()))).replay()
            assert replayed.dumps() == g.dumps()
    content = ruleset("underground")
    assert races == set(content.races) and powers == set(content.powers)
    assert {k for k in TRAIT_ACTIONS if used[k]} == TRAIT_ACTIONS
