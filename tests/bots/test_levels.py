"""Every level plays whole games with legal moves only, decides from its own observation
only, is deterministic with a seed, and beats the level below it now and then."""

from __future__ import annotations

import pytest
from invariants import check

from smallworld_tui.bots import LEVELS, Budget, make_bot
from smallworld_tui.bots.match import play_bots
from smallworld_tui.engine import GameState, apply, legal_actions, new_game, observe

QUICK = Budget(work=0.25)  # the hard bot searches two imagined games: enough to test it


def midgame(players: int = 3, seed: int = 2, actions: int = 70) -> GameState:
    """A game some turns in, played by normal bots."""
    g = new_game(["Amy", "Ben", "Cai", "Dee", "Eli"][:players], None, seed)
    bots = [make_bot("normal", s) for s in range(players)]
    for _ in range(actions):
        seat = g.actor
        apply(g, bots[seat].choose(observe(g, seat), legal_actions(g)))
    return g


@pytest.mark.parametrize("level", LEVELS)
def test_a_level_plays_a_whole_game_with_legal_moves_only(level: str) -> None:
    g = new_game(["Amy", "Ben", "Cai"], "base-3p", 11)
    bots = [make_bot(level, seat, budget=QUICK) for seat in range(3)]
    decisions = 0
    while not g.finished:
        seat = g.actor
        legal = legal_actions(g)
        action = bots[seat].choose(observe(g, seat), legal)
        assert action in legal
        apply(g, action)  # validated again by the engine
        decisions += 1
        if decisions % 25 == 0:
            check(g)
    check(g)
    assert g.winners


@pytest.mark.parametrize("level", LEVELS)
def test_the_choice_ignores_what_the_seat_cannot_know(level: str) -> None:
    g = midgame()
    seat = g.actor
    other = (seat + 1) % g.players
    bot = make_bot(level, 5, budget=QUICK)
    legal = legal_actions(g)
    choice = bot.choose(observe(g, seat), legal)
    secret = g.clone()
    secret.coins[other] += 37
    secret.race_stack.reverse()
    secret.power_stack.reverse()
    secret.rng.next64()
    secret.dice = [3, 3, 3]
    assert observe(secret, seat) == observe(g, seat)
    assert bot.choose(observe(secret, seat), legal) == choice


def test_observations_hide_other_coins_and_bots_still_play() -> None:
    g = midgame(players=2)
    seat = g.actor
    seen = observe(g, seat)
    assert seen["coins"][1 - seat] is None and seen["rng"] is None
    for level in LEVELS:
        assert make_bot(level, 1, budget=QUICK).choose(seen, legal_actions(g)) in \
            legal_actions(g)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_bot_with_a_seed_plays_the_same_game_again(level: str) -> None:
    first = play_bots([level, "random"], "base-2p", 4, budget=QUICK).record
    again = play_bots([level, "random"], "base-2p", 4, budget=QUICK).record
    assert first.actions == again.actions


def test_the_same_decision_asked_twice_gets_the_same_answer() -> None:
    g = midgame()
    bot = make_bot("hard", 9, budget=QUICK)
    seen, legal = observe(g, g.actor), legal_actions(g)
    assert bot.choose(seen, legal) == bot.choose(seen, legal)


def test_an_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot level 'expert'"):
        make_bot("expert")


def test_normal_beats_random_and_easy() -> None:
    for seed in (1, 2):
        assert play_bots(["normal", "random"], "base-2p", seed).winners == [0]
        assert play_bots(["easy", "normal"], "base-2p", seed).winners == [1]
