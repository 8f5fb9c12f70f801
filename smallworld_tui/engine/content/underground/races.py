"""The 15 races of Small World Underground, each with its whole rule.  Numbers come from the
data table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from smallworld_tui.engine.bitset import NOBODY
from smallworld_tui.engine.content.traits import Content, CostChange, Race, discount
from smallworld_tui.engine.content.underground.common import pay_coins
from smallworld_tui.i18n import N_

if TYPE_CHECKING:
    from smallworld_tui.engine.state import Army, GameState


class Drow(Race):
    """+1 coin per Drow region bordering no region where another race (yours or not, active
    or declined) or neutral defenders stand."""

    id = "drow"

    def score(self, g: GameState, army: Army) -> int:
        others = 0
        for r, holder in enumerate(g.region_army):
            if holder != NOBODY and holder != army.id:
                others |= 1 << r
        neighbors = g.map.neighbor_masks
        alone = sum(1 for r in range(len(neighbors))
                    if army.mask >> r & 1 and not neighbors[r] & others)
        return alone * self.num("coins_per_region")


class Gnomes(Race):
    """While active, no rule helps another player take a Gnome region: plain adjacency and
    plain cost only (penalties still apply)."""

    id = "gnomes"

    def unaided_mask(self, g: GameState, army: Army, attacker: Army) -> int:
        return 0 if army.declined else army.mask


class Kraken(Race):
    """Keep their River regions at redeployment and score them, in decline too; on a map
    with Seas and Lakes (mixing rules) those are their rivers."""

    id = "kraken"
    stays_in_rivers = True
    enters_water = True
    works_in_decline = True


class Liches(Race):
    """In decline: an opponent who takes a Liches region pays their owner a coin toll; an
    opponent with no coin to pay may not attack them."""

    id = "liches"
    works_in_decline = True
    shield_reason = N_("{region} holds declined Liches: taking it costs a coin toll and "
                       "you have no coin")

    def shielded_mask(self, g: GameState, army: Army, attacker: Army) -> int:
        if army.declined and g.coins[attacker.seat] < self.num("toll"):
            return army.mask
        return 0

    def on_region_lost(self, g: GameState, army: Army, region: int, attacker: Army,
                       victim: Army) -> None:
        if victim is army and army.declined and attacker.seat != army.seat:
            pay_coins(g, attacker.seat, army.seat, self.num("toll"), self.qid)


class Mudmen(Race):
    """At redeployment, +1 token from the box per Mudpool region held."""

    id = "mudmen"

    def on_redeploy_start(self, g: GameState, army: Army) -> None:
        pools = (army.mask & self.terrain(g, "mudpool")).bit_count()
        got = g.take_from_tray(army.race, pools * self.num("tokens_per_mudpool"))
        if got:
            army.hand += got
            g.emit("tokens_gained", army.seat, race=army.race, count=got, reason="mudmen")


class Mummies(Race):
    """Every conquest costs 1 token more."""

    id = "mummies"

    def cost_changes(self, g: GameState, army: Army) -> tuple[CostChange, ...]:
        return ((g.map.all_mask, self.num("cost_change")),)


class Ogres(Race):
    """Every conquest costs 1 token less (at least 1)."""

    id = "ogres"

    def cost_changes(self, g: GameState, army: Army) -> tuple[CostChange, ...]:
        return discount(g.map.all_mask, self.num("discount"))


class Shrooms(Race):
    """+1 coin per Mushroom Forest region."""

    id = "shrooms"

    def score(self, g: GameState, army: Army) -> int:
        return (army.mask & self.terrain(g, "mushroom_forest")).bit_count() * self.num(
            "coins_per_region")


ALL: list[type[Content]] = [
    Drow, Gnomes, Kraken, Liches, Mudmen, Mummies, Ogres, Shrooms,
]
