"""Region sets as Python int bitmasks (bit i = region i)."""

from __future__ import annotations

from functools import lru_cache

NOBODY = -1  # region_army value of an empty region
NEUTRAL = -2  # region_army value of a region held by neutral defenders (Lost Tribes…)


_BYTE = [tuple(i for i in range(8) if b >> i & 1) for b in range(256)]
#: the indices set in each byte value, for each of the first bytes of a mask
_BYTES = [[tuple(i + 8 * k for i in _BYTE[b]) for b in range(256)] for k in range(16)]


@lru_cache(maxsize=8192)
def bits(mask: int) -> tuple[int, ...]:
    """The region indices set in ``mask``, ascending (cached: masks repeat a lot; a byte at
    a time, from tables, when they do not)."""
    out: tuple[int, ...] = ()
    for table in _BYTES:
        if not mask:
            return out
        out += table[mask & 255]
        mask >>= 8
    k = len(_BYTES)  # a mask beyond the tables
    while mask:
        out += tuple(i + 8 * k for i in _BYTE[mask & 255])
        mask >>= 8
        k += 1
    return out


def mask_of(regions: list[int]) -> int:
    m = 0
    for r in regions:
        m |= 1 << r
    return m
