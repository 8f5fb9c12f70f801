"""Events: what an action caused, for the log, animations and tests.

Every event has a ``kind``, the ``seat`` it concerns (-1 for none) and a few plain fields
(``data``), so it serialises to JSON as it is.  The kinds and their fields:

- ``turn_started``: round
- ``picked``: race, power, slot, paid, collected, tokens
- ``declined``: race, power, removed (the older declined race it replaced, or "")
- ``conquered``: race, power, declined (the attacker is a declined race, whose power is
  gone: Ghouls), region, tokens (placed there), cost (of the region), via
  ("conquer", "final", "rolled" (with a die rolled before the conquest), "dragon", "sorcery",
  "vampire", "wisps", "orb", "champion", "doomhammer"),
  defender_seat (-1 none, -2 neutral defenders), defender_race, defender_declined, lost
  (tokens the defender lost), returned (tokens back to the defender's hand)
- ``die_rolled``: value, region, short (tokens missing before the roll), success
- ``abandoned``: race, region
- ``readied``: race, hand
- ``redeploy_started``: race, hand
- ``deployed``: race, region, count
- ``piece_placed``: piece, region
- ``tokens_gained`` / ``tokens_returned``: race, count, reason
- ``race_removed``: race (a declined race left the map; its banner returns to the stack)
- ``scored``: coins, breakdown ([[label, coins], ...])
- ``ally_named``: ally
- ``pieces_gained``: piece, count (pieces kept off the map: Silver Hammers, Mushroom Armor,
  a Vengeance marker — ``seat`` receives them)
- ``badge_swapped``: race, power (the badge taken), given (the badge left in the column),
  slot, hand (tokens in hand after the swap)
- ``region_switched``: region, race (the active race now holding it), old_race (the
  declined race that left it)
- ``item_revealed``: item, region (a face-down item turned up; ``seat`` -1 if nobody holds
  the region)
- ``item_readied``: item (a relic readied for the player's next conquest)
- ``item_moved``: item, region (a relic left where it was used or placed)
- ``item_relocated``: item, region (a place that just turned up moved by its own rule: the
  Well of Eternity; ``seat`` found it)
- ``item_boxed``: item, region (an item that just turned up in ``region`` went back to the
  box: the Well of Eternity on an island without water; ``seat`` found it)
- ``side_chosen``: race, faction (a Neutral race sides with a faction for the turn: the
  Battleground)
- ``power_drawn``: item, power (Stonehedge drew its power badge)
- ``token_sacrificed``: item, race, region (a declined token discarded at the Altar)
- ``struck``: piece, region, defender_seat, defender_race, defender_declined, lost,
  returned (the Balrog took a region for nobody)
- ``piece_removed``: piece, region
- ``bag_chosen``: item (the relic the Bag-o'-Many-Things acts as this turn)
- ``token_moved``: region, to (-1: discarded), defender_seat (-2 for neutral defenders),
  defender_race (or the neutral kind), defender_declined, piece (the piece that went
  instead of a race token, e.g. a Beast, or "") — ``seat`` made it leave (Intimidating)
- ``regions_swapped``: region, to (everything on the two regions changed places: Portal
  Mage)
- ``coins_paid``: payer (a seat, or -1 for the bank), coins, reason (the race, power or
  item whose rule moved the coins); ``seat`` received them (-1: the bank)
- ``token_saved``: race, region, count (tokens the race kept instead of losing them: Draenei)
- ``artifact_stolen``: item, source, region (the Ethereals moved an artifact from ``source``)
- ``discount_readied``: race (the Ethereals' discount waits for their next conquest)
- ``tokens_bought``: race, count, coins (the Forsaken paid the bank for tokens)
- ``air_raid``: race, region, value (the Gnomes' raid: the die's ``value`` comes off the cost)
- ``bomb_revealed``: region, exploding, defender_seat, defender_race, defender_declined, lost,
  returned (a Goblin bomb turned up: an exploding one emptied the region)
- ``bomb_returned``: region (a bomb whose region was left empty, or is out of the Goblins'
  reach when it would turn up, went back on the pile unseen)
- ``objective_reached``: region, by (the seat whose conquest reached ``seat``'s Military
  Objective)
- ``harmony_given``: race, seats (the Pandaren gave Harmony to these seats)
- ``harmony_returned``: race (the Pandaren took their Harmony back)
- ``form_taken``: race, form (the action: "human_form" or "worgen_form"), coins (gained or
  paid)
- ``coins_shown``: shown (``seat`` showed its coins to its team partners, or hid them again)
- ``game_over``: winners, coins
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Event:
    """One event (not frozen: a frozen dataclass is slower to build, and an action causes
    many; nothing changes an event once made)."""

    kind: str
    seat: int = -1
    data: dict[str, Any] = field(default_factory=dict)

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, **self.data}


#: ``GameState.events`` while an action is applied quietly (``engine.game.apply``): it stays
#: empty, for ``GameState.emit`` records nothing into it; the core's hot paths ask it to
#: skip even gathering an event's fields
QUIET: list[Event] = []
