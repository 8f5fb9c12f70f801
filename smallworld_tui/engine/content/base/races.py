"""The 14 races of the base game, each with its whole rule.  Numbers come from the data table."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from smallworld_tui.engine.actions import Action, on_regions
from smallworld_tui.engine.conquest import empty_region, reach_mask, take_region
from smallworld_tui.engine.content.common import lone_enemies, why_no_swap
from smallworld_tui.engine.content.traits import (
    Content,
    CostChange,
    NonEmptyConquestBonus,
    Race,
    Reason,
    discount,
    kinds,
)
from smallworld_tui.i18n import N_

if TYPE_CHECKING:
    from smallworld_tui.engine.state import Army, GameState

LAIR = "base:troll_lair"
HOLE = "base:hole"


class Amazons(Race):
    """+4 tokens for conquest only: added when troops are readied, removed at redeployment
    (abandoning regions when fewer than 4 can come off while leaving one per region)."""

    id = "amazons"
    actions = kinds(abandon=("region",))

    def _add_extra(self, g: GameState, army: Army) -> None:
        got = g.take_from_tray(army.race, self.num("extra_tokens"))
        army.hand += got
        army.extra["out"] = got
        g.emit("tokens_gained", army.seat, race=army.race, count=got, reason="amazons")

    on_picked = _add_extra
    on_ready = _add_extra

    def on_unready(self, g: GameState, army: Army) -> None:
        out = army.extra.pop("out", 0)
        army.hand -= out
        g.tray[army.race] += out

    def on_redeploy_start(self, g: GameState, army: Army) -> None:
        owed = army.extra.pop("out", 0)
        paid = min(owed, army.hand)
        army.hand -= paid
        g.tray[army.race] += paid
        if owed > paid and army.mask:
            army.extra["debt"] = owed - paid
        g.emit("tokens_returned", army.seat, race=army.race, count=paid, reason="amazons")

    def redeploy_actions(self, g: GameState, army: Army) -> Iterator[Action]:
        if army.extra.get("debt", 0):
            yield from on_regions("abandon", army.mask)

    def redeploy_blocker(self, g: GameState, army: Army) -> str:
        if army.extra.get("debt", 0):
            return N_("the 4 extra Amazons must leave the map: abandon a region")
        return ""

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        r = action.target
        gone = empty_region(g, army, r)
        army.hand -= gone
        g.tray[army.race] += gone
        army.extra["debt"] -= 1
        if army.extra["debt"] == 0 or army.mask == 0:
            del army.extra["debt"]
        g.emit("abandoned", army.seat, race=army.race, region=r)


class Dwarves(Race):
    """+1 coin per Mine region, even in decline."""

    id = "dwarves"
    needs = ("symbol:mine",)
    works_in_decline = True

    def score(self, g: GameState, army: Army) -> int:
        return (army.mask & self.symbol(g, "mine")).bit_count()


class Elves(Race):
    """Lose no token when an enemy conquers their region (Sorcery still removes it)."""

    id = "elves"
    keeps_tokens_when_defeated = True


class Ghouls(Race):
    """Keep every token when declining, and go on conquering while declined."""

    id = "ghouls"
    acts_in_decline = True
    keeps_tokens_on_decline = True
    works_in_decline = True


class Giants(Race):
    """-1 token against regions next to a Mountain region the Giants hold."""

    id = "giants"
    needs = ("terrain:mountain",)

    def cost_changes(self, g: GameState, army: Army) -> tuple[CostChange, ...]:
        return discount(g.map.adjacent(army.mask & self.terrain(g, "mountain")))


class Halflings(Race):
    """Enter anywhere; a Hole-in-the-Ground in each of the first two regions conquered."""

    id = "halflings"

    def entry_mask(self, g: GameState, army: Army) -> int:
        return g.map.all_mask

    def on_conquered(self, g: GameState, army: Army, region: int) -> None:
        placed = army.extra.get("holes", 0)
        if placed < g.pieces.kinds[HOLE].count:
            army.extra["holes"] = placed + 1
            g.place_piece(HOLE, region, army.seat)


class Humans(Race):
    """+1 coin per Farmland region."""

    id = "humans"
    needs = ("terrain:farmland",)

    def score(self, g: GameState, army: Army) -> int:
        return (army.mask & self.terrain(g, "farmland")).bit_count()


class Orcs(NonEmptyConquestBonus, Race):
    """+1 coin per non-empty region conquered this turn."""

    id = "orcs"


class Ratmen(Race):
    """No racial power: many tokens."""

    id = "ratmen"


class Skeletons(Race):
    """+1 token from the tray at redeployment per 2 non-empty regions conquered this turn."""

    id = "skeletons"

    def on_redeploy_start(self, g: GameState, army: Army) -> None:
        earned = g.turn.nonempty.get(army.id, 0) // self.num("non_empty_per_token")
        got = g.take_from_tray(army.race, earned)
        if got:
            army.hand += got
            g.emit("tokens_gained", army.seat, race=army.race, count=got, reason="skeletons")


class Sorcerers(Race):
    """Once per turn per opponent, replace a lone active enemy token with a Sorcerer."""

    id = "sorcerers"
    actions = kinds(sorcery=("region",))

    def conquest_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        if g.tray[army.race] <= 0 or g.turn.roll >= 0:
            return ()
        victims = g.turn.extra.get("sorcery", [])
        targets = 0
        for r, enemy in lone_enemies(g, army, reach_mask(g, army)):
            if enemy.seat not in victims:
                targets |= 1 << r
        return on_regions("sorcery", targets)

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        g.turn.extra.setdefault("sorcery", []).append(g.region_seat(action.target))
        g.take_from_tray(army.race, 1)
        take_region(g, army, action.target, 1, "sorcery", losses=1, from_tray=True)

    def why_not(self, g: GameState, army: Army, action: Action) -> Reason | None:
        return why_no_swap(g, army, action.target, self, "sorcery")



class Tritons(Race):
    """-1 token against coastal regions."""

    id = "tritons"
    needs = ("kind:water", "kind:river")

    def cost_changes(self, g: GameState, army: Army) -> tuple[CostChange, ...]:
        return discount(g.map.coastal_mask)


class Trolls(Race):
    """A Troll's Lair in each region they take (+1 defence, kept in decline)."""

    id = "trolls"

    def on_conquered(self, g: GameState, army: Army, region: int) -> None:
        if g.pieces.free(LAIR) > 0:
            g.place_piece(LAIR, region, army.seat)


class Wizards(Race):
    """+1 coin per Magic Source region."""

    id = "wizards"
    needs = ("symbol:magic",)

    def score(self, g: GameState, army: Army) -> int:
        return (army.mask & self.symbol(g, "magic")).bit_count()


ALL: list[type[Content]] = [
    Amazons, Dwarves, Elves, Ghouls, Giants, Halflings, Humans, Orcs, Ratmen, Skeletons,
    Sorcerers, Tritons, Trolls, Wizards,
]
