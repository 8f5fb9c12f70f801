"""Region sets as Python int bitmasks (bit i = region i)."""

from __future__ import annotations

from functools import lru_cache

NOBODY = -1  # region_army value of an empty region
NEUTRAL = -2  # region_army value of a region held by neutral defenders (Lost Tribes…)


@lru_cache(maxsize=8192)
def bits(mask: int) -> tuple[int, ...]:
    """The region indices set in ``mask``, ascending (cached: masks repeat a lot)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


def mask_of(regions: list[int]) -> int:
    m = 0
    for r in regions:
        m |= 1 << r
    return m
