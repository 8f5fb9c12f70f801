"""Why an action is refused: messages a player understands, as translatable templates.

``illegal(g, action)`` builds the ``IllegalAction`` that ``apply`` raises; templates name
their parameters (a ``region`` parameter is a region id, labelled by the interface).
"""

from __future__ import annotations

from typing import Any

from smallworld_tui.engine.actions import Action
from smallworld_tui.engine.bitset import bits
from smallworld_tui.engine.conquest import (
    MAX_SHORTFALL,
    conquest_cost,
    discount_masks,
    reach_mask,
)
from smallworld_tui.engine.errors import IllegalAction
from smallworld_tui.engine.state import Army, GameState
from smallworld_tui.i18n import N_


def redeploy_blocker(g: GameState, army: Army) -> tuple[str, dict[str, Any]]:
    """Why the army may not end its redeployment yet, as a message template and its
    parameters (an empty template if it may)."""
    if army.hand and army.mask:
        return N_("you still have {hand} token(s) to place"), {"hand": army.hand}
    for t in army.traits():
        reason = t.redeploy_blocker(g, army)
        if reason:
            return reason, {}
    return "", {}


def region_label(g: GameState, region: int) -> str:
    """How players call a region: its terrain and number, e.g. "Forest 7"."""
    return f"{g.map.regions[region].terrain.capitalize()} {region}"


def illegal(g: GameState, action: Action) -> IllegalAction:
    """The error for an action that is not legal now, with a reason a player understands."""
    template, params = _why(g, action)
    return IllegalAction(template, lambda r: region_label(g, r), **params)


def why_illegal(g: GameState, action: Action) -> str:
    return str(illegal(g, action))


def _why(g: GameState, action: Action) -> tuple[str, dict[str, Any]]:
    kind, phase = action.kind, g.phase
    on_map = 0 <= action.target < len(g.map.regions)
    if phase == "over":
        return N_("the game is over"), {}
    if kind == "pick":
        if phase != "pick":
            return N_("you can only pick a combo when you have no active race"), {}
        if not 0 <= action.target < len(g.combos):
            return N_("there is no combo number {slot}"), {"slot": action.target}
        return (N_("that combo costs {cost} coins; you have {coins}"),
                {"cost": action.target, "coins": g.coins[g.seat]})
    if kind in ("conquer", "final", "abandon", "decline") and phase != "conquer":
        return N_("you cannot do that now: it is not the time to conquer"), {}
    if kind in ("conquer", "final"):
        army = g.armies[g.turn.acting]
        if not on_map:
            return N_("there is no region {number}"), {"number": action.target}
        if g.turn.conquest_over:
            return N_("your conquests are over for this turn (the die was rolled)"), {}
        if not reach_mask(g, army) >> action.target & 1:
            return _unreachable(g, army, action.target)
        if army.hand < 1:
            return N_("you need at least 1 token in hand to conquer"), {}
        cost = conquest_cost(g, action.target, discount_masks(g, army))
        if kind == "conquer" or cost <= army.hand:
            return (N_("{region} costs {cost} tokens; you have {hand}"),
                    {"region": action.target, "cost": cost, "hand": army.hand})
        return (N_("{region} costs {cost} tokens: with {hand} in hand you are more than "
                "{most} short to try the die"), {"region": action.target, "cost": cost,
                                                "hand": army.hand, "most": MAX_SHORTFALL})
    if kind == "abandon":
        return N_("you can only abandon your own regions, before your first conquest this turn"), {}
    if kind == "decline":
        return N_("you can only go into decline at the start of your turn, before acting"), {}
    if kind == "deploy" and phase in ("redeploy", "defender"):
        army = g.armies[g.turn.acting]
        if not on_map or not army.mask >> action.target & 1:
            return N_("you can only place tokens in your own regions"), {}
        return N_("you have {hand} token(s) to place"), {"hand": army.hand}
    if kind == "end_redeploy" and phase in ("redeploy", "defender"):
        template, params = redeploy_blocker(g, g.armies[g.turn.acting])
        return template or N_("not now"), params
    return N_("{action} is not possible now"), {"action": str(action)}


def _unreachable(g: GameState, army: Army, region: int) -> tuple[str, dict[str, Any]]:
    params = {"region": region}
    if army.mask >> region & 1:
        return N_("you already hold {region}"), params
    if g.map.water_mask >> region & 1 and not any(t.enters_water for t in army.traits()):
        return N_("only Seafaring races may conquer the Seas and the Lake"), {}
    if g.immune_mask(army.seat) >> region & 1:
        return N_("{region} is immune (Hole-in-the-Ground, Hero or Dragon)"), params
    if army.mask == 0:
        return N_("your first conquest must be in a border region"), {}
    near = 0
    for r in bits(army.mask):
        near |= g.map.neighbor_masks[r]
    if near >> region & 1 and g.region_army[region] >= 0:
        return N_("{region} is protected by a Diplomat's peace with you"), params
    return N_("{region} is not adjacent to your regions"), params
