"""The face-down Artifact and Legendary Place markers of Small World of Warcraft.

At set-up the markers are shuffled together and one is laid face down on each board's
marker region (the region showing the board's size icon: the symbols whose data table row
says ``"marker": true``); the others stay unseen in the box (``GameState.hidden``, in their
shuffled order: the Well of Eternity draws a replacement from there).  The first race to
enter a marker's region turns it face up, whoever it is; a rule that moves tokens into a
region without conquering it calls ``reveal_marker`` too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from smallworld_tui.engine.bitset import bits
from smallworld_tui.engine.piles import draw_order
from smallworld_tui.engine.tables import entries

if TYPE_CHECKING:
    from smallworld_tui.engine.state import GameState

GAME = "warcraft"
MARKERS = "markers"  # the pile's name in a record (``engine.piles``)


def marker_mask(g: GameState) -> int:
    """The regions where set-up lays a face-down marker (one per board)."""
    mask = 0
    for symbol, row in entries("symbol", GAME).items():
        if row.get("marker"):
            mask |= g.feature_mask("symbol", symbol, GAME)
    return mask


def lay_markers(g: GameState, markers: list[str]) -> None:
    """Shuffle ``markers`` (a record may pin the first drawn: pile ``MARKERS``) and lay one
    face down on each marker region, in region order; the rest go to the box, in order."""
    top, rest = draw_order(g, MARKERS, markers)
    pile = top + rest
    for region in bits(marker_mask(g)):
        if not pile:
            break
        g.facedown[region] = pile.pop(0)
    g.hidden = pile


def reveal_marker(g: GameState, region: int) -> None:
    """A race entered ``region``: a face-down marker there is turned face up."""
    item = g.facedown.pop(region, None)
    if item is not None:
        g.reveal_item(item, region)
