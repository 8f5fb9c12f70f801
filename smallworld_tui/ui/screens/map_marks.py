"""Which regions the map highlights, from the viewer's legal actions (never from the rules)."""

from __future__ import annotations

from smallworld_tui.engine import Action, Event, PlayerView
from smallworld_tui.ui.keymap import region_kinds
from smallworld_tui.ui.widgets.map_view import Mark


def region_actions(view: PlayerView, region: int) -> list[Action]:
    """The viewer's legal actions on ``region`` (every kind whose target is a region)."""
    kinds = region_kinds()
    return [a for a in view.legal if a.kind in kinds and a.target == region]


def hand(view: PlayerView) -> int:
    """The tokens in the acting army's hand."""
    army = view.army(view.acting) if view.acting >= 0 else None
    return army.hand if army else 0


def marks(view: PlayerView) -> dict[int, Mark]:
    """Targets with their cost ("3t"), last-conquest targets with the tokens missing
    ("-2t"; both as the view gives them), own regions where tokens go, and regions where a
    race, power or item offers something else (lit)."""
    region_kind = region_kinds()
    found: dict[int, set[str]] = {}
    for action in view.legal:
        if action.kind in region_kind:
            found.setdefault(action.target, set()).add(action.kind)
    out: dict[int, Mark] = {}
    for region, kinds in found.items():
        if "conquer" in kinds:
            out[region] = Mark("target", f"{view.costs.get(region, 0)}t")
        elif "final" in kinds:
            out[region] = Mark("final", f"-{view.shortfalls.get(region, 0)}t")
        elif "deploy" in kinds or "abandon" in kinds:
            out[region] = Mark("own", "")
        else:
            out[region] = Mark("choice", "")
    return out


def changed_regions(events: list[Event]) -> set[int]:
    """The regions a move changed (every region its events name): lit while others play."""
    return {region for e in events for key in ("region", "to")
            if isinstance(region := e.data.get(key), int) and region >= 0}
