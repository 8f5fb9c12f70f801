"""What the player whose decision it is may do now, and what each choice costs (``moves``):
worked out once per position, so that every view of it (``view``), a check of a move before
it is carried out and the explanation of a refusal share one computation."""

from __future__ import annotations

from dataclasses import dataclass

from smallworld_tui.engine.actions import CORE_KINDS, PARAMS, Action
from smallworld_tui.engine.conquest import conquest_costs, shortfall
from smallworld_tui.engine.game import apply, legal_actions
from smallworld_tui.engine.phase import Phase
from smallworld_tui.engine.state import GameState


@dataclass(frozen=True)
class Moves:
    """``legal``: every action ``apply`` accepts now (``legal_actions``).  ``costs``: region
    -> tokens the acting army pays to conquer it (``Costs``, while it conquers);
    ``shortfalls``: region -> tokens it lacks in hand for that conquest, which the
    reinforcement die must make up in a last conquest (regions it can pay for are absent).
    ``prices``: the coins a legal choice of a race, power or item costs its player (negative:
    coins it brings), as carrying it out would change them (choices aimed at a region, those
    that change no coins and those left to chance are absent)."""

    legal: tuple[Action, ...]
    costs: dict[int, int]
    shortfalls: dict[int, int]
    prices: dict[Action, int]


def moves(g: GameState, *, choices: bool = True) -> Moves:
    """The moves of the player whose decision it is, with their costs and prices
    (``choices=False``: the costs only, for a view of someone else's decision)."""
    army = g.armies[g.turn.acting] if g.phase == Phase.CONQUER else None
    costs = conquest_costs(g, army) if army is not None else []
    legal = legal_actions(g, costs) if choices and g.actor >= 0 else []
    shortfalls = {}
    if army is not None:
        shortfalls = {r: short for r, cost in costs if (short := shortfall(army, cost))}
    return Moves(tuple(legal), dict(costs), shortfalls, _prices(g, legal))


def _prices(g: GameState, legal: list[Action]) -> dict[Action, int]:
    """What each choice of a race, power or item not aimed at a region costs in coins, found
    by carrying it out on a copy of the game (the rule's own price, never a second
    reckoning of it)."""
    seat = g.actor
    out: dict[Action, int] = {}
    for action in legal:
        if action.kind in CORE_KINDS or PARAMS[action.kind][:1] == ("region",):
            continue
        copy = g.clone()
        apply(copy, action, checked=True)
        chance = copy.rng.state != g.rng.state or len(copy.dice) != len(g.dice)
        price = g.coins[seat] - copy.coins[seat]
        if price and not chance:  # a die's outcome is no price the player may know
            out[action] = price
    return out
