"""The 20 special powers of the base game, each with its whole rule."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from smallworld_tui.data import entry
from smallworld_tui.engine.actions import BERSERK_ROLL, DECLINE, Action
from smallworld_tui.engine.bitset import bits
from smallworld_tui.engine.conquest import reach_mask, take_region
from smallworld_tui.engine.content.traits import NonEmptyConquestBonus, Power, Trait
from smallworld_tui.engine.decline import go_into_decline
from smallworld_tui.i18n import N_

if TYPE_CHECKING:
    from smallworld_tui.engine.state import Army, GameState

FORTRESSES: int = entry("piece", "fortress")["count"]
ENCAMPMENTS: int = entry("piece", "encampment")["count"]
HEROES: int = entry("piece", "hero")["count"]
ALCHEMY: int = entry("power", "alchemist")["coins_per_turn"]
WEALTH: int = entry("power", "wealthy")["bonus_coins"]


class Alchemist(Power):
    """+2 coins every turn while active."""

    id = "alchemist"

    def score(self, g: GameState, army: Army) -> int:
        return ALCHEMY


class Berserk(Power):
    """Roll the die before a conquest and pay the cost minus the roll (no final roll)."""

    id = "berserk"
    rolls_before_conquest = True
    actions = ("berserk_roll",)

    def conquest_actions(self, g: GameState, army: Army) -> Iterator[Action]:
        if army.hand >= 1 and g.turn.berserk_roll < 0:
            yield BERSERK_ROLL

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        value = g.roll_die()
        g.turn.berserk_roll = value
        g.emit("die_rolled", army.seat, value=value, region=-1, short=0, success=True)


class Bivouacking(Power):
    """Five Encampments (+1 defence each), re-placed at every redeployment, never lost."""

    id = "bivouacking"
    actions = ("encamp",)

    def on_picked(self, g: GameState, army: Army) -> None:
        army.extra["camps"] = ENCAMPMENTS

    def on_redeploy_start(self, g: GameState, army: Army) -> None:
        for r in bits(army.mask):
            army.extra["camps"] = army.extra.get("camps", 0) + g.encampments[r]
            g.encampments[r] = 0

    def redeploy_actions(self, g: GameState, army: Army) -> Iterator[Action]:
        if army.extra.get("camps", 0):
            for r in bits(army.mask):
                yield Action("encamp", r)

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        g.encampments[action.target] += 1
        army.extra["camps"] -= 1
        g.emit("piece_placed", army.seat, piece="encampment", region=action.target)

    def on_decline(self, g: GameState, army: Army) -> None:
        for r in bits(army.mask):
            g.encampments[r] = 0
        army.extra.pop("camps", None)


class Commando(Power):
    """-1 token to conquer any region."""

    id = "commando"

    def discount_mask(self, g: GameState, army: Army) -> int:
        return g.map.all_mask


class Diplomat(Power):
    """At turn end, name an opponent you did not attack: they may not attack you until your
    next turn."""

    id = "diplomat"
    actions = ("ally",)

    def end_actions(self, g: GameState, army: Army) -> Iterator[Action]:
        for seat in range(g.players):
            if seat != army.seat and seat not in g.turn.attacked:
                yield Action("ally", seat)

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        army.extra["ally"] = action.target
        g.emit("ally_named", army.seat, ally=action.target)

    def on_turn_start(self, g: GameState, army: Army) -> None:
        army.extra.pop("ally", None)

    def shielded_mask(self, g: GameState, army: Army, attacker: Army) -> int:
        if not attacker.declined and army.extra.get("ally", -1) == attacker.seat:
            return army.mask
        return 0


class DragonMaster(Power):
    """Once per turn, conquer a region for 1 token whatever defends it; the Dragon makes it
    immune until it moves."""

    id = "dragon_master"
    actions = ("dragon",)

    def conquest_actions(self, g: GameState, army: Army) -> Iterator[Action]:
        if army.hand >= 1 and not g.turn.dragon_used and g.turn.berserk_roll < 0:
            for r in bits(reach_mask(g, army) & g.map.land_mask):
                yield Action("dragon", r)

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        g.turn.dragon_used = True
        g.dragon = 0
        take_region(g, army, action.target, 1, "dragon")
        g.dragon = 1 << action.target
        g.emit("piece_placed", army.seat, piece="dragon", region=action.target)

    def on_decline(self, g: GameState, army: Army) -> None:
        g.dragon &= ~army.mask


class Flying(Power):
    """Conquer any land region, adjacent or not (first conquest still on a border region
    unless the game option says otherwise)."""

    id = "flying"

    def reach_mask(self, g: GameState, army: Army) -> int:
        return g.map.land_mask

    def entry_mask(self, g: GameState, army: Army) -> int:
        return g.map.land_mask if g.options.get("flying_enters_anywhere") else 0


class TerrainBonus(Power):
    """+1 coin per region of ``terrain`` held at the end of the turn."""

    terrain = ""

    def score(self, g: GameState, army: Army) -> int:
        return (army.mask & g.map.terrain_mask(self.terrain)).bit_count()


class Forest(TerrainBonus):
    id = "forest"
    terrain = "forest"


class Hill(TerrainBonus):
    id = "hill"
    terrain = "hill"


class Swamp(TerrainBonus):
    id = "swamp"
    terrain = "swamp"


class Fortified(Power):
    """Once per turn while active, build a Fortress (+1 defence, kept in decline) worth +1
    coin per turn while active."""

    id = "fortified"
    actions = ("fortify",)

    def redeploy_actions(self, g: GameState, army: Army) -> Iterator[Action]:
        if (g.phase == "redeploy" and not g.turn.fortified
                and g.fortresses.bit_count() < FORTRESSES):
            for r in bits(army.mask & ~g.fortresses):
                yield Action("fortify", r)

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        g.turn.fortified = True
        g.fortresses |= 1 << action.target
        g.emit("piece_placed", army.seat, piece="fortress", region=action.target)

    def score(self, g: GameState, army: Army) -> int:
        return (army.mask & g.fortresses).bit_count()


class Heroic(Power):
    """At the end of each turn, two Heroes make two of your regions immune."""

    id = "heroic"
    actions = ("hero",)

    def on_redeploy_start(self, g: GameState, army: Army) -> None:
        g.heroes &= ~army.mask

    def redeploy_actions(self, g: GameState, army: Army) -> Iterator[Action]:
        if g.phase == "redeploy" and (g.heroes & army.mask).bit_count() < HEROES:
            for r in bits(army.mask & ~g.heroes):
                yield Action("hero", r)

    def redeploy_blocker(self, g: GameState, army: Army) -> str:
        needed = min(HEROES, army.mask.bit_count())
        if g.phase == "redeploy" and (g.heroes & army.mask).bit_count() < needed:
            return N_("place your Heroes first")
        return ""

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        g.heroes |= 1 << action.target
        g.emit("piece_placed", army.seat, piece="hero", region=action.target)

    def on_decline(self, g: GameState, army: Army) -> None:
        g.heroes &= ~army.mask


class Merchant(Power):
    """+1 coin per region held by this race."""

    id = "merchant"

    def score(self, g: GameState, army: Army) -> int:
        return army.mask.bit_count()


class Mounted(Power):
    """-1 token against Hill and Farmland regions."""

    id = "mounted"

    def discount_mask(self, g: GameState, army: Army) -> int:
        return g.map.terrain_mask("hill") | g.map.terrain_mask("farmland")


class Pillaging(NonEmptyConquestBonus, Power):
    """+1 coin per non-empty region conquered this turn."""

    id = "pillaging"


class Seafaring(Power):
    """May conquer the Seas and the Lake, and keeps them in decline."""

    id = "seafaring"
    enters_water = True


class Spirit(Power):
    """In decline, outside the one-declined-race limit: it stays until conquered away."""

    id = "spirit"
    outside_decline_limit = True


class Stout(Power):
    """May go into decline at the end of an expanding turn, after scoring."""

    id = "stout"
    declines_at_turn_end = True
    actions = ("decline",)

    def end_actions(self, g: GameState, army: Army) -> Iterator[Action]:
        yield DECLINE

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        go_into_decline(g, army)


class Underworld(Power):
    """Caverns are adjacent to each other for conquest, and cost 1 token less."""

    id = "underworld"

    def reach_mask(self, g: GameState, army: Army) -> int:
        return g.map.cavern_mask if army.mask & g.map.cavern_mask else 0

    def discount_mask(self, g: GameState, army: Army) -> int:
        return g.map.cavern_mask


class Wealthy(Power):
    """+7 coins once, at the end of the turn the race was picked."""

    id = "wealthy"

    def score(self, g: GameState, army: Army) -> int:
        return WEALTH if army.picked_turn == g.turn_number else 0


ALL: list[type[Trait]] = [
    Alchemist, Berserk, Bivouacking, Commando, Diplomat, DragonMaster, Flying, Forest,
    Fortified, Heroic, Hill, Merchant, Mounted, Pillaging, Seafaring, Spirit, Stout, Swamp,
    Underworld, Wealthy,
]
