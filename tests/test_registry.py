"""A game is one package: a test-only game (tests/tiny_game) registered through the engine's
public hook plays to the end and shows wherever the games are listed, then goes away whole."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import replace

import pytest
import tiny_game
from click.testing import CliRunner
from invariants import check

from smallworld_tui.cli import main
from smallworld_tui.commands.game_choice import GameName
from smallworld_tui.engine import (
    IllegalAction,
    apply,
    entries,
    games,
    legal_actions,
    new_game,
    register_game,
    ruleset,
    unregister_game,
)
from smallworld_tui.engine.actions import PARAMS
from smallworld_tui.engine.board import list_maps
from smallworld_tui.engine.registry import POWERS, RACES
from smallworld_tui.ui.keymap import NO_KEYS, keys_of
from smallworld_tui.ui.screens.new_game import game_choices

TINY = tiny_game.GAME


@pytest.fixture
def tiny() -> Iterator[None]:
    register_game(TINY)
    try:
        yield
    finally:
        unregister_game(TINY.name)


def random_game(seed: int) -> set[str]:
    """Play the tiny game to its end with random legal moves; the kinds of action taken."""
    g = new_game(["Amy", "Ben"], game="tiny", seed=seed)
    assert g.map.name == "tiny-2p" and g.rules.races == [f"tiny:{r}" for r in
                                                         entries("race", "tiny")]
    chooser = random.Random(seed)
    taken: set[str] = set()
    while not g.finished:
        action = chooser.choice(legal_actions(g))
        taken.add(action.kind)
        apply(g, action)
        check(g)
    return taken


def test_a_registered_game_plays_to_the_end_with_random_moves(tiny: None) -> None:
    taken = set().union(*(random_game(seed) for seed in range(12)))
    assert {"pick", "conquer", "deploy", "rest"} <= taken  # "rest": the game's own action


def test_a_registered_game_is_offered_wherever_the_games_are_listed(tiny: None) -> None:
    assert games()[-1] == "tiny" and "tiny" in GameName().choices
    assert ("Tiny World", "tiny") in game_choices()  # the new-game screen
    assert keys_of("rest").key == "r" and PARAMS["rest"] == ()
    assert "tiny-2p" in list_maps("tiny")
    result = CliRunner().invoke(main, ["sim", "--game", "tiny", "--players", "2", "--games", "2",
                                  "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output.strip().splitlines()[-1])["games"] == 2


def test_an_unregistered_game_leaves_nothing_behind() -> None:
    register_game(TINY)
    unregister_game("tiny")
    assert "tiny" not in games() and "tiny" not in GameName().choices
    assert all(value != "tiny" for _label, value in game_choices())
    assert keys_of("rest") is NO_KEYS and "rest" not in PARAMS
    assert not [qid for qid in (*RACES, *POWERS) if qid.startswith("tiny:")]
    assert "tiny-2p" not in list_maps()
    with pytest.raises(IllegalAction, match="unknown game 'tiny'"):
        ruleset("tiny")
    with pytest.raises(KeyError, match="no game 'tiny'"):
        entries("race", "tiny")
    result = CliRunner().invoke(main, ["sim", "--game", "tiny", "--games", "1"])
    assert result.exit_code == 2 and "'tiny' is not one of" in result.output


def test_a_game_is_registered_once_and_a_content_class_must_fit_its_table(tiny: None) -> None:
    with pytest.raises(ValueError, match="registered already"):
        register_game(TINY)

    class Stranger(tiny_game.RACES[0]):
        id = "strangers"  # no row of the table

    with pytest.raises(KeyError, match="no race 'strangers'"):
        register_game(replace(TINY, name="tinier", content=(*TINY.content, Stranger)))
    assert "tinier" not in games() and not [q for q in RACES if q.startswith("tinier:")]
