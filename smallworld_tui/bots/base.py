"""What every computer player shares: the ``Bot`` interface and the ``Decision`` it works on.

A bot plays one seat.  ``choose(observation, legal)`` returns one of ``legal``; the
observation is ``engine.observe(state, seat)`` — what that seat knows, never the state itself —
so a bot cannot read other players' hidden coins, the order of the stacks, face-down items or
future dice.  Where it needs a whole game to search, it imagines one (``engine.imagine``)
consistent with what it knows.  The choice is a pure function of the bot's level, seed, allies
and budget, the observation and the legal actions: the same inputs always give the same move,
whatever was asked before (a game saved and loaded plays on the same way).
"""

from __future__ import annotations

import hashlib
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import ClassVar

from smallworld_tui.engine import Action, GameState, Observation, imagine


@dataclass(frozen=True)
class Budget:
    """How long a searching bot may think about one decision.

    ``work`` scales the number of simulations (the same work always gives the same move);
    ``seconds`` caps the wall-clock time as well: a decision stops early when it runs out,
    which makes the move depend on the machine's speed (the app sets it, ``sim`` does not).
    """

    work: float = 1.0
    seconds: float | None = None


@dataclass
class Decision:
    """One decision of one seat: what it knows, what it may do, and its dice."""

    observation: Observation
    legal: Sequence[Action]
    allies: frozenset[int]  # partners the bot was told of (besides the game's own teams)
    seed: int  # this decision's own seed (from the bot's seed and the observation)
    rng: random.Random = field(init=False, repr=False)
    _worlds: dict[int, GameState] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    @property
    def seat(self) -> int:
        seat: int = self.observation["viewer"]
        return seat

    @cached_property
    def side(self) -> frozenset[int]:
        """The seat, its team partners in a team game (the rules say who they are) and any
        allies the bot was given: the seats whose coins and regions count as its own."""
        world = self.world()
        partners = {s for seats in world.rules.teams(world).values() if self.seat in seats
                    for s in seats}
        return self.allies | partners | {self.seat}

    def world(self, index: int = 0) -> GameState:
        """Imagined game number ``index``, consistent with the observation (fresh each call
        would be slow: worlds are kept for the decision; callers clone before changing)."""
        world = self._worlds.get(index)
        if world is None:
            world = self._worlds[index] = imagine(self.observation, hash_seed(self.seed, index))
        return world


def hash_seed(*parts: object) -> int:
    """A 64-bit seed from any JSON-able parts (stable across runs and Python versions)."""
    text = json.dumps(parts, sort_keys=True, separators=(",", ":"))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


class Bot(ABC):
    """A computer player.  Subclasses set ``level`` and implement ``decide``."""

    level: ClassVar[str]

    def __init__(self, seed: int = 0, *, allies: Iterable[int] = (),
                 budget: Budget | None = None) -> None:
        self.seed = seed
        self.allies = frozenset(allies)  # partners besides the game's teams (tests, variants)
        self.budget = budget or Budget()

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """The move to make, among ``legal`` (the seat's legal actions now)."""
        if not legal:
            raise ValueError("a bot was asked to move with no legal action")
        if len(legal) == 1:
            return legal[0]
        decision = Decision(observation, legal, self.allies,
                            hash_seed(self.level, self.seed, observation))
        action = self.decide(decision)
        if action not in legal:
            raise AssertionError(f"{self!r} chose {action}, which is not legal")
        return action

    @abstractmethod
    def decide(self, decision: Decision) -> Action:
        """Choose among ``decision.legal`` (at least two)."""
