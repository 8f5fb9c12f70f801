"""Playing games forward: the chances of an action, a turn played to its scoring, a whole
game played by a chooser.

Bots only ever change games they imagined (``engine.imagine``) or copies of them, through
``legal_actions`` and ``apply``.  Die rolls are weighed rather than drawn: an action that rolls
the die is tried once per face (pinned as the next result), each outcome weighted by how often
the die shows it, so a bot values a risky conquest by its odds, whatever the game's die.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from smallworld_tui.engine import (
    Action,
    GameState,
    Phase,
    Record,
    apply,
    legal_actions,
    new_game,
)

#: a policy: the action to take in a game, among its legal actions
Policy = Callable[[GameState, list[Action]], Action]


def outcomes(g: GameState, action: Action) -> list[tuple[float, GameState]]:
    """The games after ``action`` with their probabilities (one unless it rolls the die)."""
    faces = Counter(g.rules.die_faces)
    first = next(iter(faces))
    trial = g.clone()
    trial.dice = [first]
    apply(trial, action, checked=True, quiet=True)
    if trial.dice:  # no die was rolled
        trial.dice = []
        return [(1.0, trial)]
    total = sum(faces.values())
    out = [(faces[first] / total, trial)]
    for face, count in faces.items():
        if face != first:
            other = g.clone()
            other.dice = [face]
            apply(other, action, checked=True, quiet=True)
            out.append((count / total, other))
    return out


def turn_scored(g: GameState, seat: int) -> bool:
    """Whether ``seat``'s current turn has been scored (or is no longer being played)."""
    return g.finished or g.seat != seat or g.phase == Phase.END


def play_until_scored(g: GameState, seat: int, policy: Policy) -> None:
    """Play ``seat``'s turn on to its scoring, ``policy`` deciding for everyone."""
    while not turn_scored(g, seat):
        apply(g, policy(g, legal_actions(g)), checked=True, quiet=True)


def start_game(names: list[str], map_name: str | None, seed: int, game: str = "base",
               options: dict[str, Any] | None = None, powers: list[str] | None = None
               ) -> tuple[GameState, Record]:
    """A new game and its (empty) record (``powers`` pins the top of the power stack)."""
    g = new_game(names, map_name, seed, options, powers=powers, game=game)
    return g, Record(players=list(names), map=g.map_source, seed=seed,
                     options=dict(g.options), powers=powers, game=game)


def play_game(g: GameState, record: Record, choose: Policy,
              after_action: Callable[[GameState, Action], None] | None = None) -> None:
    """Play ``g`` to its end, ``choose`` deciding every move, each recorded in ``record``
    (``after_action`` is called after each)."""
    recorded, over = record.actions.append, Phase.OVER
    while g.phase != over:  # ``g.finished``, without a property call per move
        action = choose(g, legal_actions(g))
        apply(g, action, checked=True, quiet=True)
        recorded(action)
        if after_action is not None:
            after_action(g, action)
