"""What a seat knows (observe) and games consistent with it (imagine); clone."""

from __future__ import annotations

import json

from invariants import check

from smallworld_tui.bots.random_play import play_random_game
from smallworld_tui.engine import (
    Action,
    GameState,
    apply,
    imagine,
    legal_actions,
    new_game,
    observe,
)

NAMES = ["Amy", "Ben", "Cai"]


def midgame(seed: int = 3, actions: int = 60) -> GameState:
    g = new_game(NAMES, None, seed)
    for _ in range(actions):
        apply(g, legal_actions(g)[0])
    return g


def test_observation_hides_other_coins_stack_order_generator_and_dice() -> None:
    g = midgame()
    obs = observe(g, 1)
    assert obs["coins"][1] == g.coins[1]
    assert obs["coins"][0] is None and obs["coins"][2] is None
    assert obs["race_stack"] == sorted(g.race_stack)
    assert obs["rng"] is None and obs["dice"] == []


def test_other_players_hidden_coins_do_not_change_the_observation() -> None:
    g = midgame()
    before = json.dumps(observe(g, 1), sort_keys=True)
    g.coins[0] += 37
    g.race_stack.reverse()
    g.rng.next64()
    assert json.dumps(observe(g, 1), sort_keys=True) == before


def test_imagined_games_agree_with_the_observation_and_play_on() -> None:
    g = midgame()
    obs = observe(g, g.actor)
    for seed in range(5):
        world = imagine(obs, seed)
        check(world)
        assert world.region_army == g.region_army and world.region_tokens == g.region_tokens
        assert world.coins[g.actor] == g.coins[g.actor]
        assert sorted(world.race_stack) == sorted(g.race_stack)
        assert legal_actions(world) == legal_actions(g)
        while not world.finished:
            apply(world, legal_actions(world)[-1])


def test_clone_is_independent_and_equal() -> None:
    g, _record = play_random_game(NAMES, "base-3p", 4)
    h = new_game(NAMES, None, 9)
    for _ in range(40):
        apply(h, legal_actions(h)[0])
    copy = h.clone()
    assert copy.dumps() == h.dumps()
    apply(copy, legal_actions(copy)[-1])
    assert copy.dumps() != h.dumps()
    assert GameState.from_json(json.loads(h.dumps())).dumps() == h.dumps()
    assert legal_actions(h) == legal_actions(GameState.from_json(json.loads(h.dumps())))
    assert Action("end_turn") not in legal_actions(g)
