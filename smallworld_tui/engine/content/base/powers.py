"""The 20 special powers of the base game, each with its whole rule."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from smallworld_tui.engine.actions import DECLINE, Action, on_regions
from smallworld_tui.engine.conquest import hand_refusal, reach_mask, take_region, why_unreachable
from smallworld_tui.engine.content.traits import (
    Content,
    CostChange,
    NonEmptyConquestBonus,
    Power,
    Reason,
    discount,
    kinds,
)
from smallworld_tui.engine.decline import go_into_decline
from smallworld_tui.engine.phase import DEFENDER, END, REDEPLOY
from smallworld_tui.i18n import N_

if TYPE_CHECKING:
    from smallworld_tui.engine.state import Army, GameState

FORTRESS = "base:fortress"
ENCAMPMENT = "base:encampment"
HERO = "base:hero"
DRAGON = "base:dragon"
BERSERK_ROLL = Action("berserk_roll")


class Alchemist(Power):
    """+2 coins every turn while active."""

    id = "alchemist"

    def score(self, g: GameState, army: Army) -> int:
        return self.num("coins_per_turn")


class Berserk(Power):
    """Roll the die before a conquest and pay the cost minus the roll (no final roll)."""

    id = "berserk"
    no_final_roll = True
    actions = kinds(berserk_roll=())

    def conquest_actions(self, g: GameState, army: Army) -> Iterator[Action]:
        if army.hand >= 1 and g.turn.roll < 0:
            yield BERSERK_ROLL

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        value = g.roll_die()
        g.turn.roll = value
        g.emit("die_rolled", army.seat, value=value, region=-1, short=0, success=True)

    def why_not(self, g: GameState, army: Army, action: Action) -> Reason | None:
        if g.turn.roll >= 0:
            return N_("the Berserk die is already rolled: conquer a region with it first"), {}
        if army.hand < 1:
            return N_("you need at least 1 token in hand to roll for a conquest"), {}
        return None


class Bivouacking(Power):
    """Five Encampments (+1 defence each), re-placed at every redeployment, never lost."""

    id = "bivouacking"
    actions = kinds(encamp=("region",))

    def on_picked(self, g: GameState, army: Army) -> None:
        army.reserve[ENCAMPMENT] = g.pieces.kinds[ENCAMPMENT].count

    def on_redeploy_start(self, g: GameState, army: Army) -> None:
        lifted = g.pieces.remove_all(ENCAMPMENT, army.mask)
        army.reserve[ENCAMPMENT] = army.reserve.get(ENCAMPMENT, 0) + lifted

    def redeploy_actions(self, g: GameState, army: Army) -> Iterator[Action]:
        return iter(on_regions("encamp", army.mask) if army.reserve.get(ENCAMPMENT, 0) else ())

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        army.reserve[ENCAMPMENT] -= 1
        g.place_piece(ENCAMPMENT, action.target, army.seat)

    def why_not(self, g: GameState, army: Army, action: Action) -> Reason | None:
        if g.phase not in (REDEPLOY, DEFENDER):
            return N_("Encampments are placed while redeploying"), {}
        if not army.reserve.get(ENCAMPMENT, 0):
            return N_("all your Encampments are on the map"), {}
        return N_("Encampments go in your own regions"), {}


class Commando(Power):
    """-1 token to conquer any region."""

    id = "commando"

    def cost_changes(self, g: GameState, army: Army) -> tuple[CostChange, ...]:
        return discount(g.map.all_mask)


class Diplomat(Power):
    """At turn end, name an opponent you did not attack: they may not attack you until your
    next turn."""

    id = "diplomat"
    actions = kinds(ally=("seat",))
    shield_reason = N_("{region} is protected by a Diplomat's peace with you")

    def end_actions(self, g: GameState, army: Army) -> Iterator[Action]:
        if "ally" in army.extra:  # named this turn (the last one is forgotten at turn start)
            return
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

    def why_not(self, g: GameState, army: Army, action: Action) -> Reason | None:
        if g.phase != END:
            return N_("you name your Diplomat's ally at the end of your turn, after scoring"), {}
        if action.target == army.seat or not 0 <= action.target < g.players:
            return N_("name one of your opponents"), {}
        return N_("you attacked that player this turn: they cannot be your ally"), {}


class DragonMaster(Power):
    """Once per turn, conquer a region for 1 token whatever defends it; the Dragon makes it
    immune until it moves."""

    id = "dragon_master"
    actions = kinds(dragon=("region",))

    def conquest_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        if army.hand >= 1 and not g.turn.extra.get("dragon") and g.turn.roll < 0:
            return on_regions("dragon", reach_mask(g, army))
        return ()

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        g.turn.extra["dragon"] = 1
        g.pieces.remove_all(DRAGON, g.map.all_mask)
        take_region(g, army, action.target, 1, "dragon")
        g.place_piece(DRAGON, action.target, army.seat)

    def why_not(self, g: GameState, army: Army, action: Action) -> Reason | None:
        if g.turn.extra.get("dragon"):
            return N_("the Dragon attacks only once per turn"), {}
        if g.turn.roll >= 0:
            return N_("a die was rolled for your next conquest: conquer first"), {}
        short = hand_refusal(army.hand)
        if short is not None:
            return short
        if not 0 <= action.target < len(g.map.regions):
            return N_("there is no region {number}"), {"number": action.target}
        return why_unreachable(g, army, action.target)


class Flying(Power):
    """Conquer any land region, adjacent or not (first conquest still on a border region
    unless the game option says otherwise)."""

    id = "flying"

    def reach_mask(self, g: GameState, army: Army) -> int:
        return g.map.land_mask

    def entry_mask(self, g: GameState, army: Army) -> int:
        return g.map.land_mask if g.options.get("flying_enters_anywhere") else 0


class TerrainBonus(Power):
    """+1 coin per region of the terrain named like the power held at the end of the turn."""

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        cls.needs = (f"terrain:{cls.id}",)

    def score(self, g: GameState, army: Army) -> int:
        return (army.mask & self.terrain(g, self.id)).bit_count()


class Forest(TerrainBonus):
    id = "forest"


class Hill(TerrainBonus):
    id = "hill"


class Swamp(TerrainBonus):
    id = "swamp"


class Fortified(Power):
    """Once per turn while active, build a Fortress (+1 defence, kept in decline) worth +1
    coin per turn while active."""

    id = "fortified"
    actions = kinds(fortify=("region",))

    def redeploy_actions(self, g: GameState, army: Army) -> Iterator[Action]:
        if (g.phase == REDEPLOY and not g.turn.extra.get("fortified")
                and g.pieces.free(FORTRESS) > 0):
            return iter(on_regions("fortify", army.mask & ~g.pieces.mask(FORTRESS)))
        return iter(())

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        g.turn.extra["fortified"] = 1
        g.place_piece(FORTRESS, action.target, army.seat)

    def score(self, g: GameState, army: Army) -> int:
        return (army.mask & g.pieces.mask(FORTRESS)).bit_count()

    def why_not(self, g: GameState, army: Army, action: Action) -> Reason | None:
        if g.phase != REDEPLOY:
            return N_("a Fortress is built while redeploying"), {}
        if g.turn.extra.get("fortified"):
            return N_("only one Fortress may be built per turn"), {}
        if g.pieces.free(FORTRESS) <= 0:
            return (N_("all {count} Fortresses are on the map"),
                    {"count": g.pieces.kinds[FORTRESS].count})
        if g.pieces.mask(FORTRESS) >> action.target & 1:
            return N_("{region} already has a Fortress"), {"region": action.target}
        return N_("a Fortress goes in one of your own regions"), {}


class Heroic(Power):
    """At the end of each turn, two Heroes make two of your regions immune."""

    id = "heroic"
    actions = kinds(hero=("region",))

    def on_redeploy_start(self, g: GameState, army: Army) -> None:
        g.pieces.remove_all(HERO, army.mask)

    def _placed(self, g: GameState, army: Army) -> int:
        return (g.pieces.mask(HERO) & army.mask).bit_count()

    def redeploy_actions(self, g: GameState, army: Army) -> Iterator[Action]:
        if g.phase == REDEPLOY and self._placed(g, army) < g.pieces.kinds[HERO].count:
            return iter(on_regions("hero", army.mask & ~g.pieces.mask(HERO)))
        return iter(())

    def redeploy_blocker(self, g: GameState, army: Army) -> str:
        needed = min(g.pieces.kinds[HERO].count, army.mask.bit_count())
        if g.phase == REDEPLOY and self._placed(g, army) < needed:
            if needed == 1:
                return N_("place your Hero first")
            return N_("place both your Heroes first")
        return ""

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        g.place_piece(HERO, action.target, army.seat)

    def why_not(self, g: GameState, army: Army, action: Action) -> Reason | None:
        if g.phase != REDEPLOY:
            return N_("Heroes are placed while redeploying"), {}
        if self._placed(g, army) >= g.pieces.kinds[HERO].count:
            return N_("both your Heroes are placed"), {}
        if g.pieces.mask(HERO) >> action.target & 1:
            return N_("{region} already has a Hero: each Hero guards its own region"), {
                "region": action.target}
        return N_("Heroes go in your own regions"), {}


class Merchant(Power):
    """+1 coin per region held by this race."""

    id = "merchant"

    def score(self, g: GameState, army: Army) -> int:
        return army.mask.bit_count()


class Mounted(Power):
    """-1 token against Hill and Farmland regions."""

    id = "mounted"
    needs = ("terrain:hill", "terrain:farmland")

    def cost_changes(self, g: GameState, army: Army) -> tuple[CostChange, ...]:
        return discount(self.terrain(g, "hill") | self.terrain(g, "farmland"))


class Pillaging(NonEmptyConquestBonus, Power):
    """+1 coin per non-empty region conquered this turn."""

    id = "pillaging"


class Seafaring(Power):
    """May conquer the Seas and the Lake, and keeps them in decline; on an Underground map
    (mixing rules) rivers are its seas: it keeps them at redeployment."""

    id = "seafaring"
    needs = ("kind:water", "kind:river")
    enters_water = True
    stays_in_rivers = True


class Spirit(Power):
    """In decline, outside the one-declined-race limit: it stays until conquered away."""

    id = "spirit"
    outside_decline_limit = True


class Stout(Power):
    """May go into decline at the end of an expanding turn, after scoring."""

    id = "stout"
    actions = kinds(decline=())

    def end_actions(self, g: GameState, army: Army) -> Iterator[Action]:
        if not army.declined:
            yield DECLINE

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        go_into_decline(g, army)


class Underworld(Power):
    """Caverns are adjacent to each other for conquest, and cost 1 token less."""

    id = "underworld"
    needs = ("symbol:cavern",)

    def reach_mask(self, g: GameState, army: Army) -> int:
        caverns = self.symbol(g, "cavern")
        return caverns if army.mask & caverns else 0

    def cost_changes(self, g: GameState, army: Army) -> tuple[CostChange, ...]:
        return discount(self.symbol(g, "cavern"))


class Wealthy(Power):
    """+7 coins once, at the end of the turn the race was picked."""

    id = "wealthy"

    def score(self, g: GameState, army: Army) -> int:
        return self.num("bonus_coins") if army.picked_turn == g.turn_number else 0


ALL: list[type[Content]] = [
    Alchemist, Berserk, Bivouacking, Commando, Diplomat, DragonMaster, Flying, Forest,
    Fortified, Heroic, Hill, Merchant, Mounted, Pillaging, Seafaring, Spirit, Stout, Swamp,
    Underworld, Wealthy,
]
