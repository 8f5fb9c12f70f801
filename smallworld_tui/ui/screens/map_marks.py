"""Which regions the map highlights, from the viewer's legal actions (never from the rules)."""

from __future__ import annotations

from smallworld_tui.engine import Action, PlayerView
from smallworld_tui.ui.keymap import region_kinds
from smallworld_tui.ui.widgets.map_view import Mark


def region_actions(view: PlayerView, region: int) -> list[Action]:
    """The viewer's legal actions on ``region`` (every kind whose target is a region)."""
    kinds = region_kinds()
    return [a for a in view.legal if a.kind in kinds and a.target == region]


def hand(view: PlayerView) -> int:
    army = view.army(view.acting) if view.acting >= 0 else None
    return army.hand if army else 0


def marks(view: PlayerView) -> dict[int, Mark]:
    """Targets with their cost ("3t"), last-conquest targets with the tokens missing
    ("-2t"), own regions where tokens go, and regions where a race, power or item offers
    something else (lit)."""
    region_kind = region_kinds()
    found: dict[int, set[str]] = {}
    for action in view.legal:
        if action.kind in region_kind:
            found.setdefault(action.target, set()).add(action.kind)
    costs = view.costs
    in_hand = hand(view)
    out: dict[int, Mark] = {}
    for region, kinds in found.items():
        if "conquer" in kinds:
            out[region] = Mark("target", f"{costs.get(region, 0)}t")
        elif "final" in kinds:
            out[region] = Mark("final", f"-{costs.get(region, 0) - in_hand}t")
        elif "deploy" in kinds or "abandon" in kinds:
            out[region] = Mark("own", "")
        else:
            out[region] = Mark("choice", "")
    return out
