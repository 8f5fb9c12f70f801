"""The combo market: where players take their race/power combos.

``Market`` is what the turn flow asks of a market: set it up, list the combos the player
whose turn it is may take, take one, put back a banner whose race left the map, discard a
badge, explain a refusal, and show the combos (``ComboView``), with what a seat may not know
of its order hidden.  A game's ruleset chooses its market (``Ruleset.market_for``).

``ComboColumn`` is the market of every game but the Warcraft team variant: a column of
combos (race banner + power badge, with coins lying on them) fed by a race stack and a power
stack, the stack tops being a combo too.  Taking combo ``k`` costs one coin put on each
combo above it; the coins lying on it are collected.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from smallworld_tui.engine import actions
from smallworld_tui.engine.actions import Action
from smallworld_tui.engine.piles import stacked
from smallworld_tui.engine.registry import POWERS, RACES
from smallworld_tui.i18n import N_

if TYPE_CHECKING:
    from smallworld_tui.engine.content.traits import Reason
    from smallworld_tui.engine.rng import Rng
    from smallworld_tui.engine.state import GameState


@dataclass(frozen=True, slots=True)
class ComboView:
    """A visible combo: ``slot`` is the ``pick`` target that takes it, ``column`` and ``row``
    where it lies ("" and the slot in a single column), ``price`` what taking it costs now.
    ``power`` is "" where a row has no badge (that race cannot be taken)."""

    slot: int
    race: str
    power: str
    coins: int  # coins lying on it (collected by whoever takes it)
    tokens: int  # tokens the combo gives (banner + badge)
    column: str = ""
    row: int = 0
    price: int = 0


def combo_tokens(race: str, power: str) -> int:
    """Tokens a banner and a badge give together (no badge: the banner's)."""
    return RACES[race].tokens + (POWERS[power].tokens if power else 0)


class Market(Protocol):
    """What the turn flow asks of a market."""

    def setup(self, g: GameState, races: Sequence[str] | None,
              powers: Sequence[str] | None) -> None:
        """Shuffle the banners and badges (``races``/``powers`` pinned on top, checked by
        ``piles.pinned``) and lay out the visible combos."""
        ...

    def picks(self, g: GameState) -> list[Action]:
        """The combos the player whose turn it is may take now (none: the turn is skipped)."""
        ...

    def take(self, g: GameState, slot: int) -> tuple[str, str, int, int]:
        """Take combo ``slot`` for the player whose turn it is: (race, power, coins
        collected, price paid), the market refilled."""
        ...

    def return_banner(self, g: GameState, race: str) -> None:
        """A banner whose race left the map comes back."""
        ...

    def discard_power(self, g: GameState, power: str) -> None:
        """A badge is discarded (its race declined or left the map)."""
        ...

    def why_not(self, g: GameState, slot: int) -> Reason:
        """Why combo ``slot`` cannot be taken now (in the pick phase)."""
        ...

    def views(self, g: GameState) -> list[ComboView]:
        """The visible combos, as every seat sees them."""
        ...

    def columns(self, g: GameState) -> dict[str, list[str]]:
        """The visible rows of each column of banners or badges, where the market lays its
        banners and badges in separate columns (none otherwise)."""
        ...

    def stacks(self, g: GameState) -> dict[str, int]:
        """How many banners or badges lie unseen in each stack."""
        ...

    def contents(self, g: GameState) -> tuple[list[str], list[str]]:
        """Every banner and every badge no army holds: in the market, its discards or the
        box (each exactly once)."""
        ...

    def observe(self, data: dict[str, Any]) -> None:
        """Hide, in a state's JSON, the order of what lies unseen in the stacks."""
        ...

    def imagine(self, data: dict[str, Any], rng: Rng) -> None:
        """Give the stacks of an observation (``observe``) an order drawn by ``rng``."""
        ...


class ComboColumn:
    """One column of combos, a race stack and a power stack (with its discard pile)."""

    def setup(self, g: GameState, races: Sequence[str] | None,
              powers: Sequence[str] | None) -> None:
        rules = g.rules
        g.race_stack = stacked(g, "stacks.races", races, rules.in_play(g, rules.races))
        g.power_stack = stacked(g, "stacks.powers", powers, rules.in_play(g, rules.powers))
        for _ in range(rules.visible_combos):
            g.combos.append(g.new_combo(g.race_stack.pop(0), g.power_stack.pop(0)))

    def picks(self, g: GameState) -> list[Action]:
        return actions.picks(min(len(g.combos), g.coins[g.seat] + 1))

    def take(self, g: GameState, slot: int) -> tuple[str, str, int, int]:
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

    def discard_power(self, g: GameState, power: str) -> None:
        g.power_discard.append(power)

    def why_not(self, g: GameState, slot: int) -> Reason:
        if not 0 <= slot < len(g.combos):
            return N_("there is no combo number {slot}"), {"slot": slot}
        return (N_("that combo costs {cost} coins; you have {coins}"),
                {"cost": slot, "coins": g.coins[g.seat]})

    def views(self, g: GameState) -> list[ComboView]:
        return [ComboView(k, c.race, c.power, c.coins, combo_tokens(c.race, c.power),
                          row=k, price=k)
                for k, c in enumerate(g.combos)]

    def columns(self, g: GameState) -> dict[str, list[str]]:
        return {}

    def stacks(self, g: GameState) -> dict[str, int]:
        return {"races": len(g.race_stack), "powers": len(g.power_stack)}

    def contents(self, g: GameState) -> tuple[list[str], list[str]]:
        return ([c.race for c in g.combos] + g.race_stack,
                [c.power for c in g.combos] + g.power_stack + g.power_discard)

    def observe(self, data: dict[str, Any]) -> None:
        data["race_stack"] = sorted(data["race_stack"])
        data["power_stack"] = sorted(data["power_stack"])

    def imagine(self, data: dict[str, Any], rng: Rng) -> None:
        for stack in ("race_stack", "power_stack"):
            order = list(data[stack])
            rng.shuffle(order)
            data[stack] = order
