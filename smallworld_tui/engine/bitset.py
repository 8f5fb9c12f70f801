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
    out: list[int] = []
    k = 0
    while mask:
        byte = mask & 255
        if byte:
            out.extend(_BYTES[k][byte] if k < len(_BYTES)
                       else [i + 8 * k for i in _BYTE[byte]])
        mask >>= 8
        k += 1
    return tuple(out)


def mask_of(regions: list[int]) -> int:
    m = 0
    for r in regions:
        m |= 1 << r
    return m
