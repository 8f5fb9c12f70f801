"""The rules of Small World Underground that are not a race's, a power's or an item's.

Set-up: two Monsters on every monster lair, a Black Mountain marker on every Black Mountain
region (both from the data table), and a face-down pile of relics and places, as many as
there are lairs, drawn from all of them shuffled (the rest stay unseen in the box).  Taking a
lair turns the top of the pile face up in that region.

On a base-game map (the mixing rules): one lair more than there are players, each on a Lost
Tribe region, never two side by side, chosen by the game's random generator; the other Lost
Tribe regions keep their Lost Tribe.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from smallworld_tui.data import entries
from smallworld_tui.engine.bitset import bits
from smallworld_tui.engine.pieces import PieceKind
from smallworld_tui.engine.ruleset import Ruleset

if TYPE_CHECKING:
    from smallworld_tui.engine.state import Army, GameState

MONSTER = "underground:monster"
LOST_TRIBE = "base:lost_tribe"


class UndergroundRules(Ruleset):
    def __init__(self) -> None:
        super().__init__("underground")
        base = entries("piece", "base")[LOST_TRIBE.partition(":")[2]]
        self.neutrals[LOST_TRIBE] = PieceKind.from_row(LOST_TRIBE, base)

    def setup(self, g: GameState) -> None:
        if g.map.game == self.game:
            super().setup(g)
        else:
            self._setup_on_a_surface_map(g)
        lairs = sum(1 for kind in g.neutral if kind == MONSTER)
        pile = self.in_play(g, self.items)
        g.rng.shuffle(pile)
        g.hidden = pile[:lairs]

    def _setup_on_a_surface_map(self, g: GameState) -> None:
        tribes = list(bits(g.feature_mask("symbol", "lost_tribe", "base") & ~g.closed_mask))
        g.rng.shuffle(tribes)
        per_lair = next(n for qid, _, _, n in self.placed if qid == MONSTER)
        lairs = 0
        for r in tribes:
            if lairs <= g.players and not any(
                    g.neutral[n] == MONSTER for n in bits(g.map.neighbor_masks[r])):
                g.place_neutral(MONSTER, r, per_lair)
                lairs += 1
            else:
                g.place_neutral(LOST_TRIBE, r, 1)
        self.place(g, neutrals=False)

    def on_neutral_taken(self, g: GameState, army: Army, region: int, neutral: str) -> None:
        if neutral == MONSTER and g.hidden:
            g.reveal_item(g.hidden.pop(0), region)
