"""The generator's shuffle draws its swaps with ``next64``/``below`` written out in its loop:
it must shuffle exactly as the Fisher-Yates shuffle built on ``below`` does, and leave the
generator in the same state."""

from __future__ import annotations

import pytest

from smallworld_tui.engine.rng import Rng


def _shuffled_by_below(rng: Rng, items: list[int]) -> None:
    """Fisher-Yates: swap each item from the last down with one drawn by ``below``."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]


@pytest.mark.parametrize("size", [0, 1, 2, 3, 7, 14, 40, 101])
def test_shuffle_draws_as_below_does(size: int) -> None:
    for seed in range(50):
        fast, general = Rng(seed * 7919 + size), Rng(seed * 7919 + size)
        a, b = list(range(size)), list(range(size))
        fast.shuffle(a)
        _shuffled_by_below(general, b)
        assert a == b
        assert fast.state == general.state
        assert fast.next64() == general.next64()

