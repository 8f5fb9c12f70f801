"""Region sets as Python int bitmasks (bit i = region i)."""

from __future__ import annotations

NOBODY = -1  # region_army value of an empty region
LOST_TRIBE = -2  # region_army value of a Lost Tribe region


def bits(mask: int) -> list[int]:
    """The region indices set in ``mask``, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_of(regions: list[int]) -> int:
    m = 0
    for r in regions:
        m |= 1 << r
    return m
