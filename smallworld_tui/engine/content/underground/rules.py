"""The rules of Small World Underground that are not a race's, a power's or an item's.

Set-up: two Monsters on every monster lair, a Black Mountain marker on every Black Mountain
region (both from the data table), and a face-down pile of relics and places, as many as
there are lairs, drawn from all of them shuffled (the rest stay unseen in the box).  Taking a
lair turns the top of the pile face up in that region (a record may pin the pile: the
relics and places found, in the order the lairs are taken).

On a base-game map (the mixing rules): one lair more than there are players (fewer only if
the map has no room for them), each on a Lost Tribe region, never two side by side, chosen
by the game's random generator; the other Lost Tribe regions keep their Lost Tribe, and its
mountains get the Black Mountain markers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from smallworld_tui.engine.bitset import bits
from smallworld_tui.engine.pieces import PieceKind
from smallworld_tui.engine.piles import Pile, draw_order
from smallworld_tui.engine.ruleset import Ruleset
from smallworld_tui.engine.tables import entries

if TYPE_CHECKING:
    from smallworld_tui.engine.state import Army, GameState

MONSTER = "underground:monster"
LOST_TRIBE = "base:lost_tribe"
LAIRS = "lairs"  # the pile's name in a record (``engine.piles``)
TRIES = 20  # random orders tried to find lairs far enough apart on a surface map


class UndergroundRules(Ruleset):
    def __init__(self, game: str) -> None:
        super().__init__(game)
        base = entries("piece", "base")[LOST_TRIBE.partition(":")[2]]
        self.neutrals[LOST_TRIBE] = PieceKind.from_row(LOST_TRIBE, base)
        self.per_tribe = int(base["per_region"])

    def setup(self, g: GameState) -> None:
        if g.map.game == self.game:
            super().setup(g)
        else:
            self._setup_on_a_surface_map(g)
        lairs = sum(1 for kind in g.neutral if kind == MONSTER)
        top, rest = draw_order(g, LAIRS, self.in_play(g, self.items), drawn=lairs)
        g.hidden = (top + rest)[:lairs]

    def piles(self, g: GameState) -> list[Pile]:
        return [*super().piles(g), Pile(LAIRS, tuple(self.in_play(g, self.items)))]

    def _setup_on_a_surface_map(self, g: GameState) -> None:
        tribes = bits(g.feature_mask("symbol", "lost_tribe", "base") & ~g.closed_mask)
        per_lair = next(n for qid, _, _, n in self.placed if qid == MONSTER)
        lairs = set(apart(g, tribes, g.players + 1))
        for r in tribes:
            if r in lairs:
                g.place_neutral(MONSTER, r, per_lair)
            else:
                g.place_neutral(LOST_TRIBE, r, self.per_tribe)
        self.place(g, neutrals=False)

    def on_neutral_taken(self, g: GameState, army: Army, region: int, neutral: str) -> None:
        if neutral == MONSTER and g.hidden:
            g.reveal_item(g.hidden.pop(0), region)


def apart(g: GameState, regions: tuple[int, ...], wanted: int) -> list[int]:
    """``wanted`` of ``regions``, no two adjacent, at random: each try takes them greedily in
    a new random order; the best of ``TRIES`` tries if none finds enough."""
    neighbors = g.map.neighbor_masks
    best: list[int] = []
    for _ in range(TRIES):
        order = list(regions)
        g.rng.shuffle(order)
        chosen: list[int] = []
        taken = 0
        for r in order:
            if len(chosen) < wanted and not neighbors[r] & taken:
                chosen.append(r)
                taken |= 1 << r
        if len(chosen) > len(best):
            best = chosen
        if len(best) == wanted:
            break
    return best
