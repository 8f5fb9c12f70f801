"""Why an action is refused: messages a player understands, naming the rule that forbids it.

``illegal(g, action)`` builds the ``IllegalAction`` that ``apply`` raises.  Messages are
translatable templates; a ``region`` parameter is a region id and a ``race``, ``power``,
``piece`` or ``item`` parameter a content id, both named by the interface.  The core explains
its own moves; races, powers and items explain theirs (``Content.why_not``); a trait that
keeps an attacker out explains itself (``Content.shield_reason``).
"""

from __future__ import annotations

from typing import Any

from smallworld_tui.engine import showing
from smallworld_tui.engine.actions import CORE_KINDS, Action
from smallworld_tui.engine.conquest import (
    Costs,
    hand_refusal,
    in_hand,
    reach_mask,
    redeploy_room,
    why_unreachable,
)
from smallworld_tui.engine.errors import IllegalAction, english_name
from smallworld_tui.engine.phase import PLACING, Phase
from smallworld_tui.engine.state import Army, GameState
from smallworld_tui.i18n import N_

Reason = tuple[str, dict[str, Any]]


def tokens_to_place(hand: int) -> Reason:
    if hand == 1:
        return N_("you still have 1 token to place"), {}
    return N_("you still have {hand} tokens to place"), {"hand": hand}


def redeploy_blocker(g: GameState, army: Army) -> Reason:
    """Why the army may not end its redeployment yet (an empty template if it may)."""
    if army.hand and army.mask:
        return tokens_to_place(army.hand)
    for t in g.hooks(army).redeploy_blocker:
        reason = t.redeploy_blocker(g, army)
        if reason:
            return reason, {}
    return "", {}


def conquest_blocker(g: GameState, army: Army) -> str:
    """Why the army may not conquer, abandon or end its conquests yet: a choice its rules
    ask for first (an empty template if none)."""
    for t in g.hooks(army).blocker:
        reason = t.conquest_blocker(g, army)
        if reason:
            return reason
    return ""


def region_label(g: GameState, region: int) -> str:
    """How players call a region, in English: its terrain's name in the map's data table and
    its number, e.g. "Black Mountain 6" (the interface names it in its own language)."""
    terrain = g.map.regions[region].terrain
    return f"{english_name('terrain', f'{g.map.game}:{terrain}')} {region}"


def illegal(g: GameState, action: Action) -> IllegalAction:
    """The error for an action that is not legal now, with a reason a player understands."""
    template, params = _why(g, action)
    return IllegalAction(template, lambda r: region_label(g, r), **params)


def why_illegal(g: GameState, action: Action) -> str:
    return str(illegal(g, action))


def _why(g: GameState, action: Action) -> Reason:
    kind, phase = action.kind, g.phase
    anytime = showing.why_not(g, action)
    if anytime is not None:
        return anytime
    if phase == Phase.OVER:
        return N_("the game is over"), {}
    if kind not in CORE_KINDS or (kind in ("decline", "abandon") and phase != Phase.CONQUER):
        reason = _content_reason(g, action)
        if reason is not None:
            return reason
    if phase == Phase.END and kind != "end_turn":
        waiting = _end_choice(g)
        if waiting is not None:
            return waiting
    if kind == "pick":
        return _why_pick(g, action)
    if kind in ("conquer", "final", "abandon", "decline", "end_conquest"):
        if phase != Phase.CONQUER:
            return N_("you cannot do that now: it is not the time to conquer"), {}
        army = g.armies[g.turn.acting]
        blocker = conquest_blocker(g, army)
        if blocker and kind != "decline":
            return blocker, {}
        if kind in ("conquer", "final"):
            return _why_conquer(g, army, action)
        if kind == "abandon":
            if not (0 <= action.target < len(g.map.regions) and army.mask >> action.target & 1):
                return N_("you can only abandon your own regions"), {}
            return N_("you can only abandon regions before your first conquest this turn"), {}
        if kind == "decline":
            if army.declined:
                return (N_("your declined {race} act first this turn; go into decline once "
                           "your active race's turn begins"), {"race": army.race})
            if army.picked_turn == g.turn_number:
                return N_("a race cannot go into decline on the turn it was picked"), {}
            return N_("you can only go into decline at the start of your turn, before acting"), {}
    if kind == "deploy":
        if phase not in PLACING:
            return N_("you cannot place tokens now: it is not the time to redeploy"), {}
        army = g.armies[g.turn.acting]
        if not 0 <= action.target < len(g.map.regions) or not army.mask >> action.target & 1:
            return N_("you can only place tokens in your own regions"), {}
        if g.hooks(army).token_aid and 0 < action.count <= army.hand:
            needs, spare = redeploy_room(g, army)
            here = needs.get(action.target, 0)
            return (N_("{need} of your tokens must go to your regions left short: at most "
                       "{most} may go to {region} now"),
                    {"need": sum(needs.values()) - here, "most": here + spare,
                     "region": action.target})
        if army.hand == 1:
            return N_("you have 1 token to place"), {}
        return N_("you have {hand} tokens to place"), {"hand": army.hand}
    if kind == "end_redeploy":
        if phase not in PLACING:
            return N_("you are not redeploying now"), {}
        template, params = redeploy_blocker(g, g.armies[g.turn.acting])
        return template or N_("not now"), params
    if kind == "end_turn":
        return N_("the turn is not over yet"), {}
    return N_("{action} is not possible now"), {"action": str(action)}


def _end_choice(g: GameState) -> Reason | None:
    """The rule whose choice the end of the turn waits for (Humans' objectives, a
    Diplomat's ally…), if one does."""
    for army in g.armies_of(g.seat):
        for t in g.hooks(army).end:
            if next(iter(t.end_actions(g, army)), None) is None:
                continue
            if t.kind == "race":
                return (N_("your turn is ending and {race} still have a choice to make: make "
                           "it or end your turn"), {"race": t.qid})
            if t.kind == "power":
                return (N_("your turn is ending and your {power} badge still has a choice to "
                           "make: make it or end your turn"), {"power": t.qid})
            return (N_("your turn is ending and {item} still offers a choice: take it or end "
                       "your turn"), {"item": t.qid})
    return None


def _why_pick(g: GameState, action: Action) -> Reason:
    if g.phase == Phase.PICK:
        return g.market.why_not(g, action.target)
    acting = g.armies[g.turn.acting] if g.turn.acting >= 0 else None
    if acting is not None and acting.declined and g.phase == Phase.CONQUER:
        return (N_("your declined {race} act first; you pick a combo after their "
                   "redeployment"), {"race": acting.race})
    if g.active_army(g.seat) is not None:
        return (N_("you already have an active race; you pick a new combo on the turn "
                   "after it goes into decline"), {})
    return N_("you can only pick a combo at the start of your turn"), {}


def _why_conquer(g: GameState, army: Army, action: Action) -> Reason:
    target = action.target
    if not 0 <= target < len(g.map.regions):
        return N_("there is no region {number}"), {"number": target}
    if g.turn.conquest_over:
        return N_("your conquests are over for this turn (the die was rolled)"), {}
    if action.kind == "final":
        for t in g.rules_of(army):
            if t.no_final_roll:
                return (N_("{power} never rolls the reinforcement die for a last conquest"),
                        {"power": t.qid})
        if g.turn.roll >= 0:
            return N_("a die was already rolled for this conquest"), {}
    if not reach_mask(g, army) >> target & 1:
        return why_unreachable(g, army, target)
    held = in_hand(g, army)
    short = hand_refusal(held)
    if short is not None:
        return short
    kept = g.hooks(army).kept
    if action.kind == "final" and held < kept:
        return (N_("your race never holds a region with fewer than {kept} tokens: you need "
                   "{kept} in hand to try the die"), {"kept": kept})
    cost = Costs(g, army).of(target)
    if action.kind == "conquer" or cost <= army.hand:
        return (N_("{region} costs {cost} tokens; you have {hand}"),
                {"region": target, "cost": cost, "hand": army.hand})
    return (N_("{region} costs {cost} tokens: with {hand} in hand you are more than "
               "{most} short to try the die"),
            {"region": target, "cost": cost, "hand": army.hand, "most": g.rules.max_shortfall})


def _content_reason(g: GameState, action: Action) -> Reason | None:
    """The refusal a race, power or item of the player gives for one of its own actions."""
    armies = g.armies_of(g.actor) if g.actor >= 0 else []
    for army in armies:
        applying = g.rules_of(army)
        for t in (army.race_trait, army.power_trait, *g.items_of(army)):
            if action.kind not in t.actions:
                continue
            if t not in applying:
                return (N_("{race} is in decline: its rules no longer act"),
                        {"race": army.race})
            reason = t.why_not(g, army, action)
            if reason is not None:
                return reason
    for other in g.armies:  # a choice another player's rules offer (a toll)
        if other.alive and other.seat != g.actor:
            for t in g.hooks(other).offer:
                reason = t.why_not(g, other, action) if action.kind in t.actions else None
                if reason is not None:
                    return reason
    if action.kind in CORE_KINDS:
        return None
    return N_("none of your races, powers or items can do that now"), {}
