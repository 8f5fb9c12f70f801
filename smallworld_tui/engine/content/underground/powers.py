"""The 21 special powers of Small World Underground, each with its whole rule."""

from __future__ import annotations

from typing import TYPE_CHECKING

from smallworld_tui.engine.bitset import bits
from smallworld_tui.engine.content.traits import Content, Power
from smallworld_tui.engine.content.underground.common import BANK, groups, pay_coins

if TYPE_CHECKING:
    from smallworld_tui.engine.state import Army, GameState


class Adventurous(Power):
    """+1 coin per region held with a Popular Place in it (Relics do not count)."""

    id = "adventurous"

    def score(self, g: GameState, army: Army) -> int:
        from smallworld_tui.engine.content import ITEMS

        places = sum(1 for qid, r in g.items.items()
                     if r >= 0 and army.mask >> r & 1 and ITEMS[qid].kind == "place")
        return places * self.num("coins_per_place")


class Flocking(Power):
    """+2 coins if all the race's regions border each other as one group (map adjacency
    only: Spiderines spread around chasms do not count as one group)."""

    id = "flocking"

    def score(self, g: GameState, army: Army) -> int:
        return self.num("bonus_coins") if groups(g, army.mask) == 1 else 0


class Frightened(Power):
    """+1 coin per region held with at least 3 race tokens."""

    id = "frightened"

    def score(self, g: GameState, army: Army) -> int:
        most = self.num("min_tokens")
        crowded = sum(1 for r in bits(army.mask) if g.region_tokens[r] >= most)
        return crowded * self.num("coins_per_region")


class Immortal(Power):
    """Lose no token when an enemy takes a region: all go back to hand (a token replaced by
    a Vampire or the Shiny Orb is still lost)."""

    id = "immortal"
    keeps_tokens_when_defeated = True


class Martyr(Power):
    """+1 coin from the bank each time an opponent takes one of the race's regions."""

    id = "martyr"

    def on_region_lost(self, g: GameState, army: Army, region: int, attacker: Army,
                       victim: Army) -> None:
        if victim is army and attacker.seat != army.seat:
            pay_coins(g, BANK, army.seat, self.num("coins_per_loss"), self.qid)


class TerrainBonus(Power):
    """+1 coin per region held of the terrain named by ``terrain_name``."""

    terrain_name = ""

    def score(self, g: GameState, army: Army) -> int:
        held = (army.mask & self.terrain(g, self.terrain_name)).bit_count()
        return held * self.num("coins_per_region")


class Mining(TerrainBonus):
    id = "mining"
    terrain_name = "mine"


class Muddy(TerrainBonus):
    """Mudpool coins, in decline too (the badge stays with the declined race)."""

    id = "muddy"
    terrain_name = "mudpool"
    works_in_decline = True


class Mystic(TerrainBonus):
    id = "mystic"
    terrain_name = "mystic_crystal"


class Stone(TerrainBonus):
    id = "stone"
    terrain_name = "black_mountain"


class Quarreling(Power):
    """+1 coin per separate group of regions."""

    id = "quarreling"

    def score(self, g: GameState, army: Army) -> int:
        return groups(g, army.mask) * self.num("coins_per_group")


class Wise(Power):
    """In decline (from the turn it declines) and still on the map: +2 coins per turn."""

    id = "wise"
    works_in_decline = True

    def score(self, g: GameState, army: Army) -> int:
        return self.num("bonus_coins") if army.declined and army.mask else 0


ALL: list[type[Content]] = [
    Adventurous, Flocking, Frightened, Immortal, Martyr, Mining, Muddy, Mystic, Quarreling,
    Stone, Wise,
]
