"""The 5 Artifacts and 7 Legendary Places of Small World of Warcraft.

An item lends its rules to the active race holding its region (``GameState.items_of``); a
declined race gets nothing from it, and nor does an empty region.  Conquering the region
passes the item on, to be used at once.  An artifact stays where it was last used; places
never move, except the Well of Eternity when it turns up.  The holder's choices are actions:

- Frostmourne and the Ashes of Al'ar are readied for the next conquest of the turn; the
  Doomhammer takes a region at once;
- the Aegis of Aggramar and the Heart of Azeroth are placed at the end of the turn, after
  scoring;
- the Aegis offers the other players a choice while they conquer: paying its toll lifts
  its protection from them for the rest of their turn;
- a Neutral race on the Battleground sides with a faction while it conquers or redeploys.

The Well of Eternity pays whoever surrounds it, whoever holds it (``Item.seat_bonus``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar

from smallworld_tui.engine.actions import Action, on_regions
from smallworld_tui.engine.bitset import NEUTRAL, bits
from smallworld_tui.engine.conquest import Costs, reach_mask, take_region, why_unreachable
from smallworld_tui.engine.content.common import BANK, pay_coins, why_unaided
from smallworld_tui.engine.content.item_rules import (
    USED,
    ReadiedItem,
    conquest_refusal,
    moved,
    not_a_region,
    region_of,
    tokens_from_tray,
    used,
)
from smallworld_tui.engine.content.traits import (
    Artifact,
    Content,
    CostChange,
    Place,
    Reason,
    discount,
    kinds,
)
from smallworld_tui.engine.content.warcraft.factions import FactionRule, enemy, faction
from smallworld_tui.engine.phase import CONQUER, END, REDEPLOY
from smallworld_tui.engine.tables import entries
from smallworld_tui.i18n import N_

if TYPE_CHECKING:
    from smallworld_tui.engine.state import Army, GameState

GAME = "warcraft"
TOLL = ":toll"  # the Aegis's turn mark for its toll paid: its id with this suffix


# --- Artifacts ---------------------------------------------------------------------------------

class PlacedArtifact(Artifact):
    """An artifact its owner puts, once per turn at the end of the turn (after scoring), in
    one of the regions of the race holding it (``placed`` says what happens then).  Its
    first action kind places it."""

    #: whether placing it where it already lies does something
    acts_where_it_lies: ClassVar[bool] = False

    def end_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        if g.turn.extra.get(self.qid):
            return ()
        here = 0 if self.acts_where_it_lies else 1 << region_of(g, self)
        return on_regions(next(iter(self.actions)), army.mask & ~here)

    def place(self, g: GameState, army: Army, region: int) -> None:
        g.turn.extra[self.qid] = USED
        moved(g, army, self, region)
        self.placed(g, army, region)

    def placed(self, g: GameState, army: Army, region: int) -> None:
        """The artifact was just put in ``region``."""

    def why_not_placed(self, g: GameState, army: Army, action: Action) -> Reason:
        if g.phase != END:
            return N_("{item} is placed at the end of your turn, after scoring"), {
                "item": self.qid}
        reason = used(g, self)
        if reason is not None:
            return reason
        if action.target == region_of(g, self):
            return N_("{item} already lies in {region}"), {"item": self.qid,
                                                           "region": action.target}
        return N_("{item} goes in one of the regions of the race holding it"), {
            "item": self.qid}


class AegisOfAggramar(PlacedArtifact):
    """Put in one of its owner's regions at the end of the owner's turn.  Unless another
    player pays the owner 2 coins, that region is immune to that player's powers (no race,
    power or item helps to take it or acts on it) and that player may not attack it: the
    toll lifts both, for the rest of the payer's turn.  It is offered to any opponent who
    may still conquer, whatever the rule it means to use against the region."""

    id = "aegis_of_aggramar"
    actions = kinds(aegis=("region",), aegis_toll=("region",))
    shield_reason = N_("{region} lies under {item}: pay its owner's toll before attacking it")

    def paid(self, g: GameState) -> bool:
        return bool(g.turn.extra.get(self.qid + TOLL))

    def shielded_mask(self, g: GameState, army: Army, attacker: Army) -> int:
        return 0 if self.paid(g) else 1 << region_of(g, self)

    def unaided_mask(self, g: GameState, army: Army, attacker: Army) -> int:
        return 0 if self.paid(g) else 1 << region_of(g, self)

    def toll_refusal(self, g: GameState, to: Army) -> Reason | None:
        """Why ``to`` may not pay the toll now, if it may not."""
        if self.paid(g):
            return N_("you already paid the toll of {item} this turn"), {"item": self.qid}
        reason = conquest_refusal(g, to, tokens=0)
        if reason is not None:
            return reason
        price, coins = self.num("price"), g.coins[to.seat]
        if coins < price:
            return (N_("the toll of {item} is {price} coins; you have {coins}"),
                    {"item": self.qid, "price": price, "coins": coins})
        return None

    def offered_actions(self, g: GameState, army: Army, to: Army) -> Iterable[Action]:
        if self.toll_refusal(g, to) is None:
            return (Action("aegis_toll", region_of(g, self)),)
        return ()

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        if action.kind == "aegis":
            self.place(g, army, action.target)
            return
        g.turn.extra[self.qid + TOLL] = USED
        pay_coins(g, g.seat, army.seat, self.num("price"), self.qid)

    def why_not(self, g: GameState, army: Army, action: Action) -> Reason | None:
        if action.kind == "aegis":
            return self.why_not_placed(g, army, action)
        if army.seat == g.actor:
            return N_("{item} is yours: you pay no toll"), {"item": self.qid}
        if g.phase != CONQUER:
            return N_("the toll of {item} is paid while you conquer"), {"item": self.qid}
        here = region_of(g, self)
        if action.target != here:
            return N_("{item} lies in {region}: its toll is for that region"), {
                "item": self.qid, "region": here}
        return self.toll_refusal(g, g.armies[g.turn.acting])


class AshesOfAlar(ReadiedItem, Artifact):
    """Once per turn, ready the Ashes: the next conquest may take any region of any island
    as if it were adjacent (so no travel cost), at its normal cost; the Ashes go there.
    Game option ``ashes_travel_cost`` = ``paid`` reads "normal cost" the other way: a region
    the race does not border, and no other rule of its reaches, costs the travel cost more
    (unless a rule of the race never pays it)."""

    id = "ashes_of_alar"
    actions = kinds(ashes=())

    def reach_mask(self, g: GameState, army: Army) -> int:
        # a region a rule reaches counts as adjacent: the core waives its travel cost
        return g.map.all_mask if self.ready(g) else 0

    def cost_changes(self, g: GameState, army: Army) -> tuple[CostChange, ...]:
        hooks = g.hooks(army)
        if (not self.ready(g) or g.options.get("ashes_travel_cost") != "paid"
                or hooks.no_travel_cost):
            return ()
        near = army.mask | g.map.adjacent(army.mask)
        for t in hooks.reach:
            if t is not self:
                near |= t.reach_mask(g, army)
        far = g.map.all_mask & ~near & ~g.unaided(army)
        return ((far, g.rules.travel_cost),) if far else ()


class Doomhammer(Artifact):
    """Once per turn, take a region within reach with a single token (as few as the race
    may conquer with; a Beast is one), after paying 2 coins to the hammer's previous owner —
    the last other player who held it — or to the bank if it had none; the hammer goes
    there."""

    id = "doomhammer"
    actions = kinds(doomhammer=("region",))

    def owners(self, g: GameState) -> tuple[int, int]:
        """(the seat holding the hammer last seen, the one before it); BANK for none."""
        data = g.item_data.get(self.qid, {})
        return data.get("owner", BANK), data.get("previous", BANK)

    def seen(self, g: GameState, seat: int) -> None:
        """``seat`` holds the hammer now."""
        owner, _ = self.owners(g)
        if seat != owner:
            g.item_data[self.qid] = {"owner": seat, "previous": owner}

    def on_revealed(self, g: GameState, army: Army | None, region: int) -> None:
        if army is not None:
            self.seen(g, army.seat)

    def on_conquered(self, g: GameState, army: Army, region: int) -> None:
        if region == region_of(g, self):
            self.seen(g, army.seat)

    def on_redeploy_start(self, g: GameState, army: Army) -> None:
        self.seen(g, army.seat)  # it may have come without a conquest (a theft)

    def force(self, g: GameState, army: Army) -> int:
        """The tokens the hammer's conquest takes: one, or as many as the race conquers with
        and keeps in a region at least (the Tauren's 2)."""
        hooks = g.hooks(army)
        return max(hooks.minimum, hooks.kept)

    def refusal(self, g: GameState, army: Army) -> Reason | None:
        reason = used(g, self) or conquest_refusal(g, army, self.force(g, army))
        if reason is not None:
            return reason
        price, coins = self.num("price"), g.coins[army.seat]
        if coins < price:
            return (N_("{item} asks {price} coins for its previous owner; you have {coins}"),
                    {"item": self.qid, "price": price, "coins": coins})
        return None

    def conquest_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        if self.refusal(g, army) is None:
            return on_regions("doomhammer", reach_mask(g, army) & ~g.unaided(army))
        return ()

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        r = action.target
        g.turn.extra[self.qid] = USED
        self.seen(g, army.seat)
        pay_coins(g, army.seat, self.owners(g)[1], self.num("price"), self.qid)
        force = self.force(g, army)
        costs = Costs(g, army)
        paid = costs.after_aid(r, force) if costs.aid else force  # Beasts are race tokens
        take_region(g, army, r, paid, "doomhammer", force)
        if force > paid:
            costs.use_aid(r, force, paid)
        moved(g, army, self, r)

    def why_not(self, g: GameState, army: Army, action: Action) -> Reason | None:
        r = action.target
        reason = self.refusal(g, army) or not_a_region(g, r) or why_unaided(g, army, r)
        if reason is not None:
            return reason
        return why_unreachable(g, army, r)


class Frostmourne(ReadiedItem, Artifact):
    """Once per turn, ready Frostmourne: the next conquest costs 2 tokens fewer (at least
    1); Frostmourne goes there."""

    id = "frostmourne"
    actions = kinds(frostmourne=())

    def cost_changes(self, g: GameState, army: Army) -> tuple[CostChange, ...]:
        return discount(g.map.all_mask, self.num("discount")) if self.ready(g) else ()


class HeartOfAzeroth(PlacedArtifact):
    """Put in one of its owner's regions at the end of the owner's turn (where it lies,
    too): each other player with an active race in a region next to it pays the owner
    1 coin at once."""

    id = "heart_of_azeroth"
    actions = kinds(heart=("region",))
    acts_where_it_lies = True

    def placed(self, g: GameState, army: Army, region: int) -> None:
        near = g.map.neighbor_masks[region]
        for seat in range(g.players):
            other = g.active_army(seat)
            if seat != army.seat and other is not None and other.mask & near:
                pay_coins(g, seat, army.seat, self.num("coins_per_player"), self.qid)

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        self.place(g, army, action.target)

    def why_not(self, g: GameState, army: Army, action: Action) -> Reason | None:
        return self.why_not_placed(g, army, action)


# --- Legendary Places --------------------------------------------------------------------------

def faction_ids() -> list[str]:
    """The factions in the data table's order (a ``side_with`` action's target indexes it)."""
    return list(entries("faction", GAME))


class Battleground(FactionRule, Place):
    """Its race earns the faction bonus up to twice per enemy race.  A Neutral race holding
    it may side with a faction (one that has an enemy) for the turn, while it conquers or
    redeploys, and then earns the bonus as that faction's race."""

    id = "battleground"
    actions = kinds(side_with=("faction",))

    def bonus_per_race(self, g: GameState, army: Army, most: int) -> int:
        return max(most, self.num("bonus_per_race"))

    def fights_for(self, g: GameState, army: Army, side: str) -> str:
        chosen = g.turn.extra.get(self.qid, -1)
        return faction_ids()[chosen] if chosen >= 0 and not enemy(side) else side

    def _sides(self, g: GameState, army: Army) -> list[Action]:
        if self.qid in g.turn.extra or enemy(faction(army.race)):
            return []
        return [Action("side_with", k) for k, side in enumerate(faction_ids()) if enemy(side)]

    def turn_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        return self._sides(g, army)

    def redeploy_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        return self._sides(g, army) if g.phase == REDEPLOY else ()

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        g.turn.extra[self.qid] = action.target
        g.emit("side_chosen", army.seat, race=army.race, faction=faction_ids()[action.target])

    def why_not(self, g: GameState, army: Army, action: Action) -> Reason | None:
        if g.phase not in (CONQUER, REDEPLOY):
            return N_("a race on {item} sides with a faction while it conquers or redeploys"), {
                "item": self.qid}
        if enemy(faction(army.race)):
            return (N_("only a Neutral race sides with a faction on {item}; the {race} "
                       "already have one"), {"item": self.qid, "race": army.race})
        if self.qid in g.turn.extra:
            return N_("your race already sides with a faction this turn"), {}
        return N_("on {item} a race sides with a faction that has an enemy"), {
            "item": self.qid}


class DarkPortal(Place):
    """+2 coins at the end of the turn."""

    id = "dark_portal"

    def score(self, g: GameState, army: Army) -> int:
        return self.num("coins")


class Karazhan(Place):
    """+1 coin per other region of the race holding it with the terrain of Karazhan's
    region (terrain only: Magic and Great Cavern are symbols)."""

    id = "karazhan"

    def score(self, g: GameState, army: Army) -> int:
        here = region_of(g, self)
        same = g.map.terrain_mask(g.map.regions[here].terrain) & ~(1 << here)
        return self.num("coins_per_region") * (army.mask & same).bit_count()


class LightsHopeChapel(Place):
    """Its race loses no token when any of its regions is taken, the Chapel's own region
    included (the race still held it when attacked): every token withdraws."""

    id = "lights_hope_chapel"
    keeps_tokens_when_defeated = True


class MeetingStone(Place):
    """Its race pays no travel cost to land on an entry region it does not border."""

    id = "meeting_stone"
    no_travel_cost = True


class SpiritHealer(Place):
    """At redeployment, 1 more token from the tray (if one is left)."""

    id = "spirit_healer"

    def on_redeploy_start(self, g: GameState, army: Army) -> None:
        tokens_from_tray(g, army, self.num("tokens"), self.qid)


class WellOfEternity(Place):
    """On turning up, it moves to the Sea or Lake of its island (the lowest-numbered if the
    island has several); on an island with none it goes back to the box and the first
    Legendary Place still in the box turns up in its stead.  At the end of each player's
    turn, that player gains 2 coins if one of their races, active or declined, holds more
    regions next to the Well than any other race (Murlocs are a race); ties pay nothing."""

    id = "well_of_eternity"
    movable = True  # once, when it turns up

    def on_revealed(self, g: GameState, army: Army | None, region: int) -> None:
        seat = army.seat if army is not None else -1
        island = g.map.islands[g.map.regions[region].island]
        water = bits(island & g.water_mask)
        if water:
            g.move_item(self.qid, water[0])
            g.emit("item_relocated", seat, item=self.qid, region=water[0])
            return
        del g.items[self.qid]
        g.hidden.append(self.qid)
        g.emit("item_boxed", seat, item=self.qid, region=region)
        places = {f"{GAME}:{p}" for p in entries("place", GAME)}
        instead = next((q for q in g.hidden if q in places and q != self.qid), None)
        if instead is not None:
            g.hidden.remove(instead)
            g.reveal_item(instead, region)

    def seat_bonus(self, g: GameState, seat: int) -> int:
        """Each race on the map, and each kind of neutral defenders, holds some regions next
        to the Well: ``seat`` earns the coins if the most are held by one of its races alone
        (a count, its holder and how many others hold as many, kept in one pass: no list)."""
        near = g.map.neighbor_masks[region_of(g, self)]
        most = ties = 0
        top = NEUTRAL
        for a in g.armies:
            if a.alive:
                n = (a.mask & near).bit_count()
                if n > most:
                    most, top, ties = n, a.seat, 0
                elif n == most:
                    ties += 1
        region_army, kinds = g.region_army, g.neutral
        neutral: dict[str, int] = {}
        for r in bits(near):
            if region_army[r] == NEUTRAL:
                neutral[kinds[r]] = neutral.get(kinds[r], 0) + 1
        for n in neutral.values():
            if n > most:
                most, top, ties = n, NEUTRAL, 0
            elif n == most:
                ties += 1
        return self.num("coins") if most and not ties and top == seat else 0


ALL: list[type[Content]] = [
    AegisOfAggramar, AshesOfAlar, Doomhammer, Frostmourne, HeartOfAzeroth,
    Battleground, DarkPortal, Karazhan, LightsHopeChapel, MeetingStone, SpiritHealer,
    WellOfEternity,
]
