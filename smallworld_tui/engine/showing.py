"""Coins shown to team partners.  In a team game each player's coins are secret, even from
their partners, until the game ends; a player may show them to their partners at any moment
and hide them again (``show_coins`` / ``hide_coins``, naming the player's own seat).  That is
no move of the turn: any seat with a partner may do it whoever's decision it is, so
``legal_actions`` (the decision-maker's) never lists it; ``choices`` does, per seat.  Who
shows their coins is the state's ``coins_shown``, which the rules' ``coins_visible`` reads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from smallworld_tui.engine import actions
from smallworld_tui.engine.actions import ANYTIME, Action
from smallworld_tui.engine.errors import IllegalAction
from smallworld_tui.engine.events import Event
from smallworld_tui.i18n import N_

if TYPE_CHECKING:
    from smallworld_tui.engine.state import GameState

Reason = tuple[str, dict[str, Any]]


def choices(g: GameState, seat: int) -> list[Action]:
    """What ``seat`` may do now whoever's decision it is: show its coins to its partners, or
    hide them again (nothing without a partner, for a spectator or once the game is over)."""
    if not 0 <= seat < g.players or g.finished or not g.rules.partners(g, seat):
        return []
    return [actions.show_coins(seat, seat not in g.coins_shown)]


def why_not(g: GameState, action: Action) -> Reason | None:
    """Why ``action`` is refused now, if it is of a kind of ``actions.ANYTIME`` (else None)."""
    seat = action.target
    if action.kind not in ANYTIME:
        return None
    if g.finished:
        return N_("the game is over: every player's coins are shown"), {}
    if not 0 <= seat < g.players:
        return N_("there is no seat {seat}"), {"seat": seat}
    if not g.rules.partners(g, seat):
        return N_("only a player with team partners can show them their coins"), {}
    if seat in g.coins_shown:
        return N_("your coins are shown to your partners already"), {}
    return N_("your coins are hidden from your partners already"), {}


def choose(g: GameState, action: Action) -> list[Event]:
    """Carry out ``action`` (a kind of ``actions.ANYTIME``) for the seat it names;
    ``IllegalAction`` saying why if it is refused."""
    seat = action.target
    if action not in choices(g, seat):
        reason = why_not(g, action)
        assert reason is not None, action
        raise IllegalAction(reason[0], **reason[1])
    shown = action.kind == "show_coins"
    g.coins_shown = sorted({*g.coins_shown, seat} if shown else set(g.coins_shown) - {seat})
    return [Event("coins_shown", seat, {"shown": shown})]
