"""What the items (relics, places, artifacts) of several games share: where an item lies,
its once-per-turn mark, and the item readied for its holder's next conquest."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from smallworld_tui.engine.actions import Action
from smallworld_tui.engine.conquest import hand_refusal, in_hand
from smallworld_tui.engine.content.traits import Content, Item, Reason
from smallworld_tui.engine.phase import CONQUER
from smallworld_tui.i18n import N_

if TYPE_CHECKING:
    from smallworld_tui.engine.state import Army, GameState

READY, USED = 1, 2  # an item's mark in ``TurnState.extra``: readied for a conquest, used


def region_of(g: GameState, item: Content) -> int:
    """The region holding a face-up item."""
    return g.items[item.qid]


def holds(g: GameState, army: Army, item: Content) -> bool:
    """Whether ``army`` holds the item's region."""
    return bool(army.mask >> g.items[item.qid] & 1)


def used(g: GameState, item: Content) -> Reason | None:
    """The refusal for an item already used this turn, if it was."""
    if g.turn.extra.get(item.qid) == USED:
        return N_("{item} was already used this turn"), {"item": item.qid}
    return None


def moved(g: GameState, army: Army, item: Content, region: int) -> None:
    """An item was used or placed in ``region``: it stays there."""
    g.move_item(item.qid, region)
    g.emit("item_moved", army.seat, item=item.qid, region=region)


def not_a_region(g: GameState, region: int) -> Reason | None:
    if 0 <= region < len(g.map.regions):
        return None
    return N_("there is no region {number}"), {"number": region}


def conquest_refusal(g: GameState, army: Army, tokens: int = 1) -> Reason | None:
    """Why ``army`` may not start a conquest (with ``tokens`` in hand, ``in_hand``) now, if it
    may not."""
    if g.phase != CONQUER:
        return N_("you cannot do that now: it is not the time to conquer"), {}
    if g.turn.conquest_over:
        return N_("your conquests are over for this turn (the die was rolled)"), {}
    if g.turn.roll >= 0:
        return N_("a die was rolled for your next conquest: conquer first"), {}
    return hand_refusal(in_hand(g, army), tokens)


def tokens_from_tray(g: GameState, army: Army, wanted: int, reason: str) -> None:
    """``army`` takes up to ``wanted`` tokens of its race from the tray into hand."""
    got = g.take_from_tray(army.race, wanted)
    if got:
        army.hand += got
        g.emit("tokens_gained", army.seat, race=army.race, count=got, reason=reason)


class ReadiedItem(Item):
    """An item readied once per turn for the next conquest of its holder (ordinary or with
    the die).  That conquest takes it along; a failed die roll leaves it where it was.
    Its one action kind (no parameter) readies it.  A conquest no rule may help (Gnomes)
    leaves it ready where it is (``helps_conquest``)."""

    helps_conquest = True

    def ready(self, g: GameState) -> bool:
        return g.turn.extra.get(self.qid) == READY

    def conquest_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        # the turn's mark first, and the hand before ``in_hand`` (tokens kept as pieces only
        # add to it): no call once the item was readied or used, or with tokens in hand
        if g.turn.extra.get(self.qid) or (army.hand < 1 and in_hand(g, army) < 1):
            return ()
        return (Action(next(iter(self.actions))),)

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        g.turn.extra[self.qid] = READY
        g.emit("item_readied", army.seat, item=self.qid)

    def on_conquered(self, g: GameState, army: Army, region: int) -> None:
        if self.ready(g):
            g.turn.extra[self.qid] = USED
            moved(g, army, self, region)

    def why_not(self, g: GameState, army: Army, action: Action) -> Reason | None:
        if g.phase != CONQUER:
            return N_("{item} helps a conquest: ready it while conquering"), {"item": self.qid}
        if self.ready(g):
            return N_("{item} is ready: it goes with your next conquest"), {"item": self.qid}
        return used(g, self) or conquest_refusal(g, army)
