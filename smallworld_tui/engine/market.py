"""The combo market: where players take their race/power combos.

``ComboColumn`` is the market of every game but the Warcraft team variant: a column of
combos (race banner + power badge, with coins lying on them) fed by a race stack and a power
stack, the stack tops being a combo too.  Taking combo ``k`` costs one coin put on each
combo above it; the coins lying on it are collected.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from smallworld_tui.engine import actions as A
from smallworld_tui.engine.actions import Action
from smallworld_tui.engine.errors import IllegalAction
from smallworld_tui.i18n import N_

if TYPE_CHECKING:
    from smallworld_tui.engine.rng import Rng
    from smallworld_tui.engine.state import GameState


def shuffled(rng: Rng, ids: Sequence[str], pinned: Sequence[str] | None, what: str) -> list[str]:
    """``pinned`` on top (in that order), the rest of ``ids`` shuffled below."""
    rest = list(ids)
    top = list(pinned or ())
    for id_ in top:
        if id_ not in rest:
            raise IllegalAction("unknown or repeated {what} {id} in the pinned stack",
                                what=what, id=repr(id_))
        rest.remove(id_)
    rng.shuffle(rest)
    return top + rest


class ComboColumn:
    """One column of combos, a race stack and a power stack (with its discard pile)."""

    def setup(self, g: GameState, races: Sequence[str] | None,
              powers: Sequence[str] | None) -> None:
        rules = g.rules
        g.race_stack = shuffled(g.rng, rules.in_play(g, rules.races), races, "race")
        g.power_stack = shuffled(g.rng, rules.in_play(g, rules.powers), powers, "power")
        for _ in range(rules.visible_combos):
            g.combos.append(g.new_combo(g.race_stack.pop(0), g.power_stack.pop(0)))

    def picks(self, g: GameState) -> list[Action]:
        """The combos the player whose turn it is can afford."""
        return [A.pick(k) for k in range(len(g.combos)) if k <= g.coins[g.seat]]

    def take(self, g: GameState, slot: int) -> tuple[str, str, int, int]:
        """Take combo ``slot`` for the player whose turn it is: (race, power, coins
        collected, price paid), the column refilled."""
        seat = g.seat
        for k in range(slot):
            g.combos[k].coins += 1
        combo = g.combos.pop(slot)
        g.coins[seat] += combo.coins - slot
        if g.race_stack:
            g.combos.append(g.new_combo(g.race_stack.pop(0), self.draw_power(g)))
        return combo.race, combo.power, combo.coins, slot

    def draw_power(self, g: GameState) -> str:
        """The top power badge, reshuffling the discarded badges when the stack is empty."""
        if not g.power_stack:
            g.power_stack = g.power_discard
            g.power_discard = []
            g.rng.shuffle(g.power_stack)
        return g.power_stack.pop(0)

    def return_banner(self, g: GameState, race: str) -> None:
        """A banner back from the map fills an empty column slot, else goes under the stack."""
        if len(g.combos) < g.rules.visible_combos and not g.race_stack:
            g.combos.append(g.new_combo(race, self.draw_power(g)))
        else:
            g.race_stack.append(race)

    def why_not(self, g: GameState, slot: int) -> tuple[str, dict[str, int]]:
        """Why combo ``slot`` cannot be taken now (in the pick phase)."""
        if not 0 <= slot < len(g.combos):
            return N_("there is no combo number {slot}"), {"slot": slot}
        return (N_("that combo costs {cost} coins; you have {coins}"),
                {"cost": slot, "coins": g.coins[g.seat]})
