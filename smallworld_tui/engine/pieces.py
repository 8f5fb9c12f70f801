"""Pieces on regions, by kind: what they are (``PieceKind``, from the data table) and where
they lie (``Pieces``, part of the game state).

A piece kind says how many the box holds, the defence each adds to its region, the
immunity it gives (``"others"``: no other player may attack the region; ``"all"``: nobody
may), what happens to it when its region changes hands (``"remove"``: it leaves the map;
``"stay"``: it defends the new holder; ``"return"``: it goes back to the old holder's
reserve), whether it stays when its holder goes into decline, whether it defends like
a race token (an Encampment: a lone token with one is not alone) and whether it is one (the
Warcraft Beasts: a race token kept as a piece, which may hold a region alone and counts
toward the tokens a region of the race keeps).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from smallworld_tui.engine.bitset import bits


@dataclass(frozen=True, slots=True)
class PieceKind:
    id: str  # qualified: "base:fortress"
    count: int
    defence: int = 0
    immune: str = ""  # "", "others" or "all"
    on_capture: str = "remove"  # "remove", "stay" or "return"
    survives_decline: bool = True
    as_token: bool = False
    race_token: bool = False

    @staticmethod
    def from_row(qid: str, row: dict[str, Any]) -> PieceKind:
        return PieceKind(
            id=qid, count=int(row["count"]), defence=int(row.get("defence", 0)),
            immune=str(row.get("immune", "")), on_capture=str(row.get("on_capture", "remove")),
            survives_decline=bool(row.get("survives_decline", True)),
            as_token=bool(row.get("as_token", False)),
            race_token=bool(row.get("race_token", False)),
        )


def _immune_kinds(kinds: dict[str, PieceKind]) -> dict[str, tuple[str, ...]]:
    return {scope: tuple(k for k, kind in kinds.items() if kind.immune == scope)
            for scope in ("others", "all")}


class Pieces:
    """How many pieces of each kind lie on each region, with derived masks and defence.

    Only ``counts`` is state (a tuple per kind, replaced when it changes: copies share it);
    ``masks`` (regions holding at least one piece of a kind) and ``defence`` (defence the
    pieces add, per region) are kept in step by the methods.
    """

    __slots__ = ("counts", "defence", "immune", "immune_any", "immune_masks", "kinds", "masks",
                 "moving", "moving_kinds", "occupied", "race_kinds", "token_kinds")

    def __init__(self, kinds: dict[str, PieceKind], regions: int,
                 counts: dict[str, list[int]] | None = None) -> None:
        self.kinds = kinds
        self.immune = _immune_kinds(kinds)
        #: the kinds that are race tokens kept as pieces
        self.race_kinds = tuple(k for k, kind in kinds.items() if kind.race_token)
        #: the kinds that defend like race tokens
        self.token_kinds = tuple(k for k, kind in kinds.items() if kind.as_token)
        #: the kinds that do not stay when their region changes hands (``on_capture``)
        self.moving_kinds = tuple(k for k, kind in kinds.items() if kind.on_capture != "stay")
        #: regions made immune, per scope (``immune_mask``), kept in step with ``masks``
        self.immune_masks = {scope: 0 for scope in self.immune}
        #: regions made immune in any scope (asked before ``immune_mask``)
        self.immune_any = 0
        self.defence = [0] * regions
        #: regions holding a piece of any kind, and those holding one of ``moving_kinds``,
        #: kept in step with ``masks``
        self.occupied = self.moving = 0
        if counts is None:  # an empty map: nothing to count
            empty = (0,) * regions
            self.counts: dict[str, tuple[int, ...]] = dict.fromkeys(kinds, empty)
            self.masks = dict.fromkeys(kinds, 0)
            return
        self.counts = {k: tuple(c) for k, c in counts.items()}
        self.masks = {k: sum(1 << r for r, n in enumerate(c) if n)
                      for k, c in self.counts.items()}
        self._recount_occupied()
        for k, c in self.counts.items():
            each = kinds[k].defence
            if each:
                for r, n in enumerate(c):
                    self.defence[r] += n * each
        for kind in kinds:
            self._immunity_moved(kind)

    def _recount_occupied(self) -> None:
        masks = self.masks
        occupied = moving = 0
        for mask in masks.values():
            occupied |= mask
        for kind in self.moving_kinds:
            moving |= masks[kind]
        self.occupied, self.moving = occupied, moving

    def _immunity_moved(self, kind: str) -> None:
        scope = self.kinds[kind].immune
        if scope in self.immune_masks:
            out = 0
            for k in self.immune[scope]:
                out |= self.masks[k]
            self.immune_masks[scope] = out
            any_scope = 0
            for mask in self.immune_masks.values():
                any_scope |= mask
            self.immune_any = any_scope

    def clone(self) -> Pieces:
        new = Pieces.__new__(Pieces)
        new.kinds = self.kinds
        new.immune = self.immune
        new.race_kinds = self.race_kinds
        new.token_kinds = self.token_kinds
        new.moving_kinds = self.moving_kinds
        new.moving = self.moving
        new.immune_masks = dict(self.immune_masks)
        new.immune_any = self.immune_any
        new.counts = dict(self.counts)
        new.masks = dict(self.masks)
        new.occupied = self.occupied
        new.defence = list(self.defence)
        return new

    def count(self, kind: str, region: int) -> int:
        return self.counts[kind][region]

    def mask(self, kind: str) -> int:
        return self.masks[kind]

    def total(self, kind: str) -> int:
        """Pieces of ``kind`` on the map."""
        return sum(self.counts[kind])

    def free(self, kind: str) -> int:
        """Pieces of ``kind`` left in the box (the box count minus those on the map)."""
        return self.kinds[kind].count - self.total(kind)

    def _set(self, kind: str, region: int, n: int) -> None:
        c = self.counts[kind]
        self.counts[kind] = (*c[:region], n, *c[region + 1:])

    def add(self, kind: str, region: int, n: int = 1) -> None:
        self._set(kind, region, self.counts[kind][region] + n)
        self.masks[kind] |= 1 << region
        self.occupied |= 1 << region
        each = self.kinds[kind]
        if each.on_capture != "stay":
            self.moving |= 1 << region
        self.defence[region] += n * each.defence
        self._immunity_moved(kind)

    def remove(self, kind: str, region: int, n: int | None = None) -> int:
        """Take ``n`` (default: all) pieces of ``kind`` off ``region``; returns how many."""
        have = self.counts[kind][region]
        n = have if n is None else min(n, have)
        self._set(kind, region, have - n)
        if have == n:
            self.masks[kind] &= ~(1 << region)
            self._recount_occupied()
            self._immunity_moved(kind)
        self.defence[region] -= n * self.kinds[kind].defence
        return n

    def remove_all(self, kind: str, mask: int) -> int:
        """Take every piece of ``kind`` off the regions of ``mask``; returns how many."""
        return sum(self.remove(kind, r) for r in bits(self.masks[kind] & mask))

    def on(self, region: int) -> list[tuple[str, int]]:
        """(kind, count) of the pieces on ``region``, in the data table's order."""
        return [(k, c[region]) for k, c in self.counts.items() if c[region]]

    def as_tokens(self, region: int) -> int:
        """Pieces on ``region`` that defend like race tokens."""
        total = 0
        if self.token_kinds and self.occupied >> region & 1:
            counts = self.counts
            for k in self.token_kinds:  # a loop: no generator for a kind or two
                total += counts[k][region]
        return total

    def race_tokens(self, region: int) -> int:
        """Pieces on ``region`` that are race tokens."""
        total = 0
        if self.race_kinds and self.occupied >> region & 1:
            counts = self.counts
            for k in self.race_kinds:
                total += counts[k][region]
        return total

    def immune_mask(self, scope: str) -> int:
        """Regions made immune by pieces whose immunity is ``scope``."""
        return self.immune_masks[scope]

    def to_json(self) -> dict[str, list[int]]:
        """Kind -> the regions holding it, one entry per piece (only kinds on the map)."""
        return {k: [r for r, n in enumerate(c) for _ in range(n)]
                for k, c in self.counts.items() if any(c)}

    def position(self) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """The kinds on the map and their counts per region, as a hashable key."""
        return tuple((k, tuple(c)) for k, c in self.counts.items() if self.masks[k])

    @staticmethod
    def from_json(kinds: dict[str, PieceKind], regions: int,
                  data: dict[str, list[int]]) -> Pieces:
        counts = {k: [0] * regions for k in kinds}
        for k, where in data.items():
            for r in where:
                counts[k][r] += 1
        return Pieces(kinds, regions, counts)
