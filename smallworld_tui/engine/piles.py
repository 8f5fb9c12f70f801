"""What a record pins of the hidden draws: the top of the stacks and the face-down piles.

A game's face-down piles are listed by its ruleset (``Ruleset.piles``: its own, and those of
its races, powers and items in play): each has a name, the record's key under ``piles``
("lairs", "markers", "bombs"), and what it holds, as a record names it.  A record pins the
first draws of a pile, in the order they are drawn; the rest of the pile is shuffled by the
game's generator below them, so a pile pinned in part draws the rest from the seed, and a
pile not pinned at all draws exactly as a game without pins does.

Pinned entries are checked when the game is set up (so when a record loads): each must be
in the pile (a bare id is taken as the game's own), no more often than the pile holds it;
content the map leaves in the box says why (``Ruleset.why_boxed``, ruling 41).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from smallworld_tui.engine.errors import IllegalAction

if TYPE_CHECKING:
    from smallworld_tui.engine.state import GameState


@dataclass(frozen=True, slots=True)
class Pile:
    """A face-down pile: its name in a record and every entry it holds (some repeated)."""

    name: str
    contents: tuple[str, ...]


def pinned(g: GameState, where: str, entries: Sequence[str] | None,
           contents: Sequence[str]) -> list[str]:
    """``entries`` pinned on top of ``contents`` (a stack or a pile; ``where`` names the
    record field), bare ids qualified by the game: IllegalAction naming the field and the
    entry if one is not there, or more often than ``contents`` holds it."""
    out: list[str] = []
    if not entries:
        return out
    left = Counter(contents)
    for index, given in enumerate(entries):
        entry = _qualified(g, given, left)
        if not left[entry]:
            raise _refusal(g, where, index, entry, out.count(entry), contents)
        left[entry] -= 1
        out.append(entry)
    return out


def _qualified(g: GameState, entry: str, contents: Counter[str]) -> str:
    """A bare id as the game's own content id, where it names some (not "exploding")."""
    if ":" in entry or entry in contents:
        return entry
    full = f"{g.game}:{entry}"
    return full if full in contents or g.rules.why_boxed(g, full) else entry


def _refusal(g: GameState, where: str, index: int, entry: str, before: int,
             contents: Sequence[str]) -> IllegalAction:
    """Why ``entry`` cannot be pinned (``before``: how often it is pinned already)."""
    if before == 1:
        return IllegalAction("{where}, entry {index}: {entry} is pinned twice; there is only "
                             "one", where=where, index=index, entry=repr(entry))
    if before:
        return IllegalAction("{where}, entry {index}: {entry} is pinned {times} times; "
                             "there are only {count}", where=where, index=index,
                             entry=repr(entry), times=before + 1, count=before)
    reason = g.rules.why_boxed(g, entry)
    if reason is not None:
        return IllegalAction(reason[0], **reason[1])
    return IllegalAction("{where}, entry {index}: {entry} is not one of {known}",
                         where=where, index=index, entry=repr(entry),
                         known=", ".join(sorted({c.removeprefix(f"{g.game}:") for c in contents})))


def check_pins(g: GameState, piles: Mapping[str, Sequence[str]] | None) -> dict[str, list[str]]:
    """The pinned draws of ``piles`` (by pile name), checked against the game's piles."""
    if not piles:
        return {}
    declared = {pile.name: pile for pile in g.rules.piles(g)}
    out = {}
    for name, entries in sorted(piles.items()):
        pile = declared.get(name)
        if pile is None:
            raise IllegalAction("piles: this game has no face-down pile {pile} (its piles: "
                                "{known})", pile=repr(name),
                                known=", ".join(sorted(declared)) or "-")
        if entries:
            out[name] = pinned(g, f"piles.{name}", entries, pile.contents)
    return out


def draw_order(g: GameState, name: str, contents: Sequence[str],
               drawn: int | None = None) -> tuple[list[str], list[str]]:
    """Pile ``name`` made from ``contents``: its pinned draws (first drawn first) and the
    rest of ``contents`` shuffled by the game's generator.  ``drawn``: how many of the
    pile are ever drawn, when fewer than its contents (IllegalAction if more are pinned)."""
    top = g.pins.pop(name, [])
    if drawn is not None and len(top) > drawn:
        raise IllegalAction("piles.{pile}: {count} draws pinned; this game draws {drawn}",
                            pile=name, count=len(top), drawn=drawn)
    return top, shuffled_below(g, top, contents)


def stacked(g: GameState, where: str, entries: Sequence[str] | None,
            contents: Sequence[str]) -> list[str]:
    """A stack of ``contents``: ``entries`` pinned on top (``pinned``), the rest shuffled."""
    top = pinned(g, where, entries, contents)
    return top + shuffled_below(g, top, contents)


def shuffled_below(g: GameState, top: Sequence[str], contents: Sequence[str]) -> list[str]:
    """What ``contents`` holds besides ``top``, shuffled by the game's generator."""
    rest = list(contents)
    for entry in top:
        rest.remove(entry)
    g.rng.shuffle(rest)
    return rest
