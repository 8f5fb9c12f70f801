"""A tiny deterministic random number generator whose whole state is one integer.

The state lives inside the game state, so a game is a pure function of its setup, seed and
actions on every Python version (``random.Random`` offers no such promise for its helpers).
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
_SPAN = 1 << 64
_SURE = _SPAN - (1 << 32)  # under the rejection limit of every bound up to 2**32


class Rng:
    """SplitMix64: fast, well distributed, and serialisable as a single int."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = _SPAN - _SPAN % n
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place: each swap draws ``below(i + 1)``, with ``next64``
        and ``below`` written out in the loop (a game's set-up shuffles every stack and pile:
        two calls a draw cost more than the draw; the same draws, tested against them).
        A draw under ``_SURE`` is under every bound's limit up to 2**32, so the limit is
        worked out only for a draw above it."""
        state = self.state
        sure = _SURE if len(items) <= 1 << 32 else 0
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            while True:
                state = (state + 0x9E3779B97F4A7C15) & _MASK
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                z ^= z >> 31
                if z < sure or z < _SPAN - _SPAN % n:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = state
