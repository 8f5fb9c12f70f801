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



_GOLDEN, _M1, _M2, _MASK = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB, (1 << 64) - 1


def _unshift(z: int, shift: int) -> int:
    """The x with x ^ (x >> shift) == z."""
    x = z
    for _ in range(64 // shift + 1):
        x = z ^ (x >> shift)
    return x


def _drawing(z: int) -> Rng:
    """A generator whose next draw (``next64``) is ``z``: SplitMix64's mix undone."""
    x = _unshift(z, 31)
    x = _unshift((x * pow(_M2, -1, 1 << 64)) & _MASK, 27)
    x = _unshift((x * pow(_M1, -1, 1 << 64)) & _MASK, 30)
    return Rng((x - _GOLDEN) & _MASK)


@pytest.mark.parametrize("z", [_MASK, _MASK - 1, (1 << 64) - (1 << 32), (1 << 64) - (1 << 32) - 1,
                               (1 << 64) - 3, 12345])
@pytest.mark.parametrize("size", [2, 3, 5, 6, 7])
def test_a_draw_near_the_top_is_kept_or_drawn_again_as_below_does(z: int, size: int) -> None:
    """Draws at the very top of the range, where ``below`` draws again for some bounds."""
    assert _drawing(z).next64() == z
    fast, general = _drawing(z), _drawing(z)
    a, b = list(range(size)), list(range(size))
    fast.shuffle(a)
    _shuffled_by_below(general, b)
    assert a == b
    assert fast.state == general.state
