"""Which regions the map highlights, from the viewer's legal actions (never from the rules)."""

from __future__ import annotations

from smallworld_tui.engine import Action, PlayerView
from smallworld_tui.ui.widgets.map_view import Mark

# action kinds whose target is a region
REGION_KINDS = frozenset({"abandon", "conquer", "final", "dragon", "sorcery", "deploy",
                          "fortify", "encamp", "hero"})
PIECE_KINDS = frozenset({"fortify", "encamp", "hero"})


def region_actions(view: PlayerView, region: int) -> list[Action]:
    return [a for a in view.legal if a.kind in REGION_KINDS and a.target == region]


def hand(view: PlayerView) -> int:
    army = view.army(view.acting) if view.acting >= 0 else None
    return army.hand if army else 0


def marks(view: PlayerView) -> dict[int, Mark]:
    """Targets with their cost, final-conquest targets with their shortfall, own regions
    where tokens go, and regions offering a piece."""
    kinds: dict[int, set[str]] = {}
    for action in view.legal:
        if action.kind in REGION_KINDS:
            kinds.setdefault(action.target, set()).add(action.kind)
    costs = view.costs
    in_hand = hand(view)
    out: dict[int, Mark] = {}
    for region, found in kinds.items():
        if "conquer" in found:
            out[region] = Mark("target", f"{costs.get(region, 0)}t")
        elif "final" in found:
            out[region] = Mark("final", f"-{costs.get(region, 0) - in_hand}t")
        elif "dragon" in found:
            out[region] = Mark("target", "1t")
        elif "sorcery" in found:
            out[region] = Mark("target", "0t")
        elif "deploy" in found or "abandon" in found:
            out[region] = Mark("own", "")
        elif found & PIECE_KINDS:
            out[region] = Mark("choice", "")
    return out
