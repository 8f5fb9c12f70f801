"""Which names look alike: the confusable skeleton of Unicode TR39 (Security Mechanisms).

TR39 maps every character that looks like another to one prototype of their family ("а",
Cyrillic, to "a"; "m" to "rn"), after and before NFD; two strings whose skeletons match can be
taken for each other.  The table is Unicode's confusables.txt as confusable-homoglyphs ships it
(``compat.confusable_pairs``), which keeps each pair both ways: a family is the set of strings
paired with each other, and its prototype the one that several of them are paired with (a
sequence such as "rn" when there is one).  Names compare without regard to case, so a name's
``likeness`` is the skeleton of its case-folded skeleton: "AMY", "Amy" and "аmy" (Cyrillic а)
all come to "arny", and so do "Arny" and "arny".
"""

from __future__ import annotations

import functools
import unicodedata
from collections import defaultdict

from smallworld_tui.compat import confusable_pairs


@functools.cache
def _prototypes() -> dict[str, str]:
    """Each confusable character -> its family's prototype (only those that differ)."""
    neighbours: dict[str, set[str]] = defaultdict(set)
    for text, alike in confusable_pairs():
        if text and alike and text != alike:
            neighbours[text].add(alike)
            neighbours[alike].add(text)
    prototypes: dict[str, str] = {}
    seen: set[str] = set()
    for start in neighbours:
        if start in seen:
            continue
        family, waiting = {start}, [start]
        while waiting:
            for other in neighbours[waiting.pop()] - family:
                family.add(other)
                waiting.append(other)
        seen |= family
        prototype = min(family, key=lambda s: (len(s) == 1, -len(neighbours[s]), s))
        prototypes.update((member, prototype) for member in family
                          if len(member) == 1 and member != prototype)
    return prototypes


def skeleton(text: str) -> str:
    """TR39's skeleton of ``text``: NFD, each character by its prototype, NFD again (until
    nothing changes: a prototype of several characters is mapped in turn)."""
    prototypes = _prototypes()
    for _ in range(4):
        mapped = unicodedata.normalize("NFD", "".join(
            prototypes.get(char, char) for char in unicodedata.normalize("NFD", text)))
        if mapped == text:
            break
        text = mapped
    return text


@functools.lru_cache(maxsize=4096)
def likeness(name: str) -> str:
    """What ``name`` looks like, whatever its case: two names that look alike have the same."""
    return skeleton(skeleton(name).casefold())
