"""The 16 races of Small World of Warcraft, each with its whole rule.  Numbers come from the
data table, factions from ``factions``.

A race's choices are actions: the Ethereals steal an artifact or ready their discount on a
Legendary Place, the Gnomes fly their air raid and the Worgen take their form while
conquering; the Forsaken buy tokens while redeploying; the Goblins lay their bombs and the
Humans their Military Objectives at the end of the turn, after scoring.
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import add
from typing import TYPE_CHECKING, Any

from smallworld_tui.engine.actions import Action, on_regions
from smallworld_tui.engine.bitset import NOBODY, bits, mask_of
from smallworld_tui.engine.conquest import (
    Costs,
    after_oust,
    hand_refusal,
    in_hand,
    oust,
    reach_mask,
    shielded,
    why_unreachable,
)
from smallworld_tui.engine.content.common import BANK, pay_coins, why_unaided
from smallworld_tui.engine.content.item_rules import conquest_refusal
from smallworld_tui.engine.content.traits import Content, CostChange, Race, Reason, discount, kinds
from smallworld_tui.engine.content.warcraft.factions import (
    enemy,
    faction,
    regions_taken_from,
    side_of,
)
from smallworld_tui.engine.phase import CONQUER, END, REDEPLOY
from smallworld_tui.engine.piles import Pile, draw_order
from smallworld_tui.engine.registry import ITEMS
from smallworld_tui.engine.tables import entries, per_tables
from smallworld_tui.i18n import N_

if TYPE_CHECKING:
    from smallworld_tui.engine.rng import Rng
    from smallworld_tui.engine.state import Army, GameState

GAME = "warcraft"
BOMB = f"{GAME}:bomb"
BOMBS, EXPLODING, DUD = "bombs", "exploding", "dud"  # the Goblins' pile in a record
HARMONY = f"{GAME}:harmony"
OBJECTIVE = f"{GAME}:objective"
WISP_WALL = f"{GAME}:wisp_wall"
READY, USED = 1, 2  # marks in ``TurnState.extra``: a choice made, then spent


@per_tables
def artifacts() -> tuple[str, ...]:
    """The artifacts in the data table's order: the Ethereals' ``steal`` names one by its
    index."""
    return tuple(f"{GAME}:{i}" for i in entries("artifact", GAME))


#: the items' version last asked about (``ItemPlaces.version``) and their regions by kind
_item_kinds: tuple[int, dict[str, int]] = (-1, {})


def item_regions(g: GameState, kind: str) -> int:
    """Regions holding a face-up item of ``kind`` ("artifact", "place"): worked out for
    every kind at once and remembered for the items' version (one version, one content of
    the items: ``ItemPlaces``), asked again by each listing of the rules using it."""
    global _item_kinds
    items = g.items
    version, masks = _item_kinds
    if version != items.version:
        masks = {}
        for qid, region in items.items():
            if region >= 0:
                of = ITEMS[qid].kind
                masks[of] = masks.get(of, 0) | 1 << region
        _item_kinds = (items.version, masks)
    return masks.get(kind, 0)


def near(g: GameState, mask: int) -> int:
    """Regions bordering those of ``mask`` (map adjacency), outside it."""
    return g.map.adjacent(mask) & ~mask


def open_to(g: GameState, army: Army, mask: int) -> int:
    """The regions of ``mask`` a race's rule may act on: never water (ruling), a region
    never entered, one an opponent's piece makes immune, shields from ``army`` or keeps from
    any help."""
    mask &= ~g.water_mask & ~g.closed_mask & ~g.immune_mask(army.seat) & ~g.unaided(army)
    return mask & ~shielded(g, army, mask)


def why_closed(g: GameState, army: Army, region: int) -> Reason | None:
    """Why a race's rule may not act on ``region`` (``open_to``), if it may not."""
    if not 0 <= region < len(g.map.regions):
        return N_("there is no region {number}"), {"number": region}
    if g.water_mask >> region & 1:
        return N_("{region} is water: no race's or power's rule reaches it"), {"region": region}
    if open_to(g, army, 1 << region):
        return None
    return why_unaided(g, army, region) or why_unreachable(g, army, region)


def spent(g: GameState, rule: Content) -> Reason | None:
    """The refusal for a once-per-turn choice already made this turn, if it was."""
    if g.turn.extra.get(rule.qid):
        return N_("the {race} use their rule once per turn"), {"race": rule.qid}
    return None


class BloodElves(Race):
    """+1 coin per Magic region held at the end of the turn."""

    id = "blood_elves"

    def score(self, g: GameState, army: Army) -> int:
        return (army.mask & self.symbol(g, "magic")).bit_count() * self.num("coins_per_region")


class Draenei(Race):
    """During each opponent's turn, the first Draenei token they would lose (to a conquest or
    any other rule) stays in hand and is redeployed; later losses that turn are discarded.
    What defends a region pays its loss first (a Beast), and a rule keeping every token
    (Light's Hope Chapel) spends nothing.  Applied by itself: keeping the token never hurts
    (ruling)."""

    id = "draenei"

    def save_tokens(self, g: GameState, army: Army, region: int, lost: int) -> int:
        saved = int(g.turn.extra.get(self.qid, 0))
        kept = min(lost, self.num("saved_per_turn") - saved)
        if g.seat == army.seat or kept <= 0:
            return lost
        g.turn.extra[self.qid] = saved + kept
        g.emit("token_saved", army.seat, race=army.race, region=region, count=kept)
        return lost - kept


class Dwarves(Race):
    """Conquering a Mountain region costs 2 tokens fewer (at least 1)."""

    id = "dwarves"

    def cost_changes(self, g: GameState, army: Army) -> tuple[CostChange, ...]:
        return discount(self.terrain(g, "mountain"), self.num("discount"))


class Ethereals(Race):
    """Once per turn, one of two: steal a face-up Artifact lying next to one of their regions
    into one of their regions (they may use it at once), or ready their discount: their next
    conquest, if of a region holding a face-up Legendary Place, costs 2 tokens fewer (at
    least 1)."""

    id = "ethereals"
    actions = kinds(steal=("artifact", "region"), place_discount=())

    def _loot(self, g: GameState, army: Army) -> int:
        """Regions whose artifacts the Ethereals may steal now (none next to them: no rule
        asked)."""
        loot = near(g, army.mask) & item_regions(g, "artifact")
        return open_to(g, army, loot) if loot else 0

    def _places(self, g: GameState, army: Army) -> int:
        places = item_regions(g, "place")
        return places & reach_mask(g, army) if places else 0

    def conquest_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        if g.turn.extra.get(self.qid):  # used this turn: nothing to look for
            return ()
        out = []
        if in_hand(g, army) >= 1 and self._places(g, army):
            out.append(Action("place_discount"))
        loot = self._loot(g, army)
        if loot:
            for index, qid in enumerate(artifacts()):
                if g.items.get(qid, -1) >= 0 and loot >> g.items[qid] & 1:
                    out += [Action("steal", index, r) for r in bits(army.mask)]
        return out

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        if action.kind == "place_discount":
            g.turn.extra[self.qid] = READY
            g.emit("discount_readied", army.seat, race=army.race)
            return
        g.turn.extra[self.qid] = USED
        item = artifacts()[action.target]
        source = g.items[item]
        g.move_item(item, action.count)
        g.emit("artifact_stolen", army.seat, item=item, source=source, region=action.count)

    def cost_changes(self, g: GameState, army: Army) -> tuple[CostChange, ...]:
        if g.turn.extra.get(self.qid) != READY:
            return ()
        return discount(item_regions(g, "place"), self.num("discount"))

    def on_conquered(self, g: GameState, army: Army, region: int) -> None:
        if g.turn.extra.get(self.qid) == READY:
            g.turn.extra[self.qid] = USED

    def why_not(self, g: GameState, army: Army, action: Action) -> Reason | None:
        if g.phase != CONQUER:
            return N_("the Ethereals use their rule while conquering"), {}
        if g.turn.extra.get(self.qid) == READY:
            return N_("the Ethereals' discount is ready: it goes with your next conquest"), {}
        reason = spent(g, self)
        if reason is not None:
            return reason
        if g.turn.conquest_over:
            return N_("your conquests are over for this turn (the die was rolled)"), {}
        if action.kind == "place_discount":
            short = hand_refusal(in_hand(g, army))
            if short is not None:
                return short
            return N_("no region holding a face-up Legendary Place is within your reach"), {}
        if not 0 <= action.target < len(artifacts()) or artifacts()[action.target] not in g.items:
            return N_("there is no such artifact face up on the map"), {}
        item = artifacts()[action.target]
        if not 0 <= action.count < len(g.map.regions) or not army.mask >> action.count & 1:
            return N_("put {item} in one of your own regions"), {"item": item}
        where = g.items[item]
        if where < 0 or not near(g, army.mask) >> where & 1:
            return N_("{item} does not lie next to one of your regions"), {"item": item}
        return why_closed(g, army, where)


class Forsaken(Race):
    """For each token their conquests made another race or the Murlocs lose this turn, they
    may pay 1 coin to take 1 more Forsaken token from the tray, while redeploying (as many as
    the tray holds)."""

    id = "forsaken"
    actions = kinds(recruit=("count",))

    def _most(self, g: GameState, army: Army) -> int:
        """How many tokens the Forsaken may buy now."""
        if g.phase != REDEPLOY or g.turn.acting != army.id or not army.mask:
            return 0
        owed = g.turn.lost.get(army.id, 0) - int(g.turn.extra.get(self.qid, 0))
        price = self.num("price_per_token")
        return max(0, min(owed, g.coins[army.seat] // price, g.tray[army.race]))

    def redeploy_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        most = self._most(g, army)
        return [Action("recruit", n) for n in range(1, most + 1)] if most else ()

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        n = action.target
        coins = g.pay(army.seat, n * self.num("price_per_token"))
        army.hand += g.take_from_tray(army.race, n)
        g.turn.extra[self.qid] = g.turn.extra.get(self.qid, 0) + n
        g.emit("tokens_bought", army.seat, race=army.race, count=n, coins=coins)

    def why_not(self, g: GameState, army: Army, action: Action) -> Reason | None:
        if g.phase != REDEPLOY or g.turn.acting != army.id:
            return N_("the Forsaken raise new tokens when they redeploy after conquering"), {}
        most = self._most(g, army)
        if action.target < 1 or not most:
            return N_("the Forsaken may raise no token now"), {}
        return N_("the Forsaken may raise at most {most} tokens now"), {"most": most}


class Gnomes(Race):
    """Once per turn, an air raid: they name any region of any island (never water), treated
    as adjacent (no travel cost, even for their first conquest), and roll the die: its
    result comes off that region's cost until their next conquest.  A raid that is also
    their final conquest rolls the die a second time."""

    id = "gnomes"
    actions = kinds(air_raid=("region",))

    def _target(self, g: GameState) -> int:
        """The region raided and not yet conquered, as a mask."""
        raid = g.turn.extra.get(self.qid)
        return 1 << raid[0] if raid and raid[0] >= 0 else 0

    def entry_mask(self, g: GameState, army: Army) -> int:
        return self._target(g)

    def reach_mask(self, g: GameState, army: Army) -> int:
        return self._target(g)

    def cost_changes(self, g: GameState, army: Army) -> tuple[CostChange, ...]:
        target = self._target(g)
        return discount(target, g.turn.extra[self.qid][1]) if target else ()

    def on_conquered(self, g: GameState, army: Army, region: int) -> None:
        if self._target(g):
            g.turn.extra[self.qid] = [-1, 0]

    def _targets(self, g: GameState, army: Army) -> int:
        """Regions worth a raid: within the best rolls' reach of the tokens in hand.  Most
        often every region open to a raid is: when even the dearest region of the map (its
        terrain, pieces and tokens, plus every surcharge of the cost changes) costs no more
        and so does the minimum cost, those are the targets, no region priced one by one
        (a cut, an aid or a pending roll only lowers a cost)."""
        if g.turn.extra.get(self.qid) or in_hand(g, army) < 1 or g.turn.roll >= 0:
            return 0
        best = army.hand + max(g.rules.die_faces) + g.rules.max_shortfall
        costs = Costs(g, army)
        regions = open_to(g, army, g.map.all_mask & ~army.mask)
        if costs.minimum <= best:
            dearest = max(map(add, map(add, g.base_cost, g.pieces.defence), g.region_tokens))
            for _, delta in costs.changes:
                if delta > 0:
                    dearest += delta
            if dearest <= best:
                return regions
        return costs.at_most(regions, best, as_if_adjacent=True)

    def conquest_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        targets = self._targets(g, army)
        return on_regions("air_raid", targets) if targets else ()

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        value = g.roll_die()
        g.turn.extra[self.qid] = [action.target, value]
        g.emit("air_raid", army.seat, race=army.race, region=action.target, value=value)

    def why_not(self, g: GameState, army: Army, action: Action) -> Reason | None:
        if g.phase != CONQUER:
            return N_("the Gnomes raid while conquering"), {}
        reason = spent(g, self)
        if reason is not None:
            return reason
        reason = conquest_refusal(g, army)
        if reason is not None:
            return reason
        r = action.target
        reason = why_closed(g, army, r)
        if reason is not None:
            return reason
        if army.mask >> r & 1:
            return N_("you already hold {region}"), {"region": r}
        return (N_("{region} costs {cost} tokens: even the best rolls leave your {hand} in hand "
                   "short"),
                {"region": r, "cost": Costs(g, army).of(r, as_if_adjacent=True),
                 "hand": army.hand})


class Goblins(Race):
    """At the end of each of their turns they may lay a face-down bomb, drawn unseen from the
    top of the pile (the 12 bombs, 6 exploding, shuffled when the Goblins are first taken),
    on each region next to theirs held by an opponent's active race, one per region.  At the
    start of their next turn each bomb is turned up if an opponent still holds its region
    (declined since or not): an exploding bomb works as a conquest of theirs (the holder
    loses 1 token and takes the rest back) that leaves the region empty; a dud does nothing;
    both leave the game.  A bomb whose region is left empty goes back on top of the pile
    unseen at once (a race entering the region later finds no bomb there); one whose region
    is out of the Goblins' reach when it would turn up (immune, under the Aegis, shielded by
    Harmony) goes back too.  Going into decline comes after that, so no bomb outlives the
    active Goblins."""

    id = "goblins"
    actions = kinds(bomb=("region",))

    def _bombs(self) -> tuple[int, int]:
        """(bombs in the box, how many of them explode): the data table's pieces row."""
        row = entries("piece", GAME)["bomb"]
        return int(row["count"]), int(row["exploding"])

    def _pile(self) -> tuple[str, ...]:
        """The bombs as a record pins them: ``EXPLODING`` or ``DUD``."""
        total, exploding = self._bombs()
        return (EXPLODING,) * exploding + (DUD,) * (total - exploding)

    def piles(self, g: GameState) -> tuple[Pile, ...]:
        return (Pile(BOMBS, self._pile()),)

    def on_picked(self, g: GameState, army: Army) -> None:
        if self.qid in g.item_data:  # the pile is made once a game
            return
        top, rest = draw_order(g, BOMBS, self._pile())
        pile = [int(bomb == EXPLODING) for bomb in rest + top[::-1]]  # drawn from the end
        g.item_data[self.qid] = {"pile": pile, "placed": [], "seen": [0, 0]}

    def _targets(self, g: GameState, army: Army) -> int:
        data = g.item_data.get(self.qid)
        if not data or not data["pile"]:
            return 0
        mask = 0
        holders, armies, bombs = g.region_army, g.armies, g.pieces.counts[BOMB]
        most = self.num("bombs_per_region")
        for r in bits(near(g, army.mask)):
            holder = holders[r]  # ``g.holder``, without a call per region
            if holder >= 0:
                other = armies[holder]
                if other.seat != army.seat and not other.declined and bombs[r] < most:
                    mask |= 1 << r
        return open_to(g, army, mask) if mask else 0

    def end_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        targets = self._targets(g, army)
        return on_regions("bomb", targets) if targets else ()

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        data = g.item_data[self.qid]
        data["placed"].append([action.target, data["pile"].pop()])
        g.place_piece(BOMB, action.target, army.seat)

    def on_turn_start(self, g: GameState, army: Army) -> None:
        data = g.item_data.get(self.qid)
        if not data:
            return
        placed, data["placed"] = data["placed"], []
        for region, exploding in placed:
            holder = g.holder(region)
            if holder is None or holder.seat == army.seat or not open_to(g, army, 1 << region):
                self._return(g, army, region, exploding)
                continue
            g.pieces.remove(BOMB, region)
            data["seen"][exploding] += 1
            lost = returned = 0
            seat, race, declined = holder.seat, holder.race, holder.declined
            if exploding:
                ousted = oust(g, army, region)
                after_oust(g, army, region, ousted)
                lost, returned = ousted.lost, ousted.returned
            g.emit("bomb_revealed", army.seat, region=region, exploding=bool(exploding),
                   defender_seat=seat, defender_race=race, defender_declined=declined,
                   lost=lost, returned=returned)

    def on_region_emptied(self, g: GameState, army: Army, region: int) -> None:
        data = g.item_data.get(self.qid)
        placed = data["placed"] if data else []
        for k, (where, exploding) in enumerate(placed):
            if where == region:
                del placed[k]
                self._return(g, army, region, exploding)
                return

    def on_regions_swapped(self, g: GameState, army: Army, a: int, b: int) -> None:
        data = g.item_data.get(self.qid)
        for bomb in data["placed"] if data else []:
            if bomb[0] in (a, b):
                bomb[0] = a + b - bomb[0]

    def _return(self, g: GameState, army: Army, region: int, exploding: int) -> None:
        """The bomb of ``region`` goes back on top of the pile, unseen."""
        g.pieces.remove(BOMB, region)
        g.item_data[self.qid]["pile"].append(exploding)
        g.emit("bomb_returned", army.seat, region=region)

    def conceal(self, data: dict[str, Any]) -> dict[str, Any]:
        return {"pile": [-1] * len(data["pile"]),
                "placed": [[region, -1] for region, _ in data["placed"]],
                "seen": list(data["seen"])}

    def imagine(self, data: dict[str, Any], rng: Rng) -> dict[str, Any]:
        total, exploding = self._bombs()
        duds_seen, exploded = data["seen"]
        unseen = [1] * (exploding - exploded) + [0] * (total - exploding - duds_seen)
        rng.shuffle(unseen)
        pile = unseen[:len(data["pile"])]
        rest = unseen[len(pile):]
        return {"pile": pile, "seen": list(data["seen"]),
                "placed": [[region, rest[k]] for k, (region, _) in enumerate(data["placed"])]}

    def why_not(self, g: GameState, army: Army, action: Action) -> Reason | None:
        if g.phase != END:
            return N_("the Goblins lay their bombs at the end of their turn"), {}
        data = g.item_data.get(self.qid)
        if not data or not data["pile"]:
            return N_("the Goblins' bomb pile is empty"), {}
        r = action.target
        reason = why_closed(g, army, r)
        if reason is not None:
            return reason
        if g.pieces.count(BOMB, r):
            return N_("a bomb already lies in {region}"), {"region": r}
        return (N_("a bomb goes next to your regions, on a region of an opponent's active "
                   "race"), {})


class Humans(Race):
    """At the end of each of their turns they may place (or move) their 2 Military Objectives
    on regions no Alliance race holds, never water.  A player whose race is not of the
    Humans' enemy faction who conquers an objective's region earns 2 coins and the objective
    goes back to the Humans, who earn 2 coins too unless they took it themselves; an enemy
    (Horde) conqueror gets nothing and the objective stays.  The objectives leave the map
    when the Humans decline (ruling)."""

    id = "humans"
    actions = kinds(objective=("region",), recall_objective=("region",))
    watched_piece = OBJECTIVE

    def on_picked(self, g: GameState, army: Army) -> None:
        army.reserve[OBJECTIVE] = g.pieces.free(OBJECTIVE)

    def _sites(self, g: GameState, army: Army) -> int:
        """Regions where an objective may go."""
        mask = g.map.all_mask & ~g.water_mask & ~g.closed_mask & ~g.pieces.mask(OBJECTIVE)
        side = faction(self.qid)
        for other in g.armies:
            if other.alive and faction(other.race) == side:
                mask &= ~other.mask
        return mask & ~g.immune_mask(army.seat)

    def _movable(self, g: GameState) -> int:
        """Objectives on the map not yet placed this turn."""
        placed: list[int] | None = g.turn.extra.get(self.qid)
        on_map = g.pieces.mask(OBJECTIVE)
        return on_map & ~mask_of(placed) if placed else on_map

    def end_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        out = (on_regions("objective", self._sites(g, army)) if army.reserve.get(OBJECTIVE, 0)
               else [])
        movable = self._movable(g)
        if movable:
            out += on_regions("recall_objective", movable)
        return out

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        r = action.target
        if action.kind == "objective":
            army.reserve[OBJECTIVE] -= 1
            g.turn.extra.setdefault(self.qid, []).append(r)
            g.place_piece(OBJECTIVE, r, army.seat)
        else:
            self._recall(g, army, r)

    def _recall(self, g: GameState, army: Army, region: int) -> None:
        g.pieces.remove(OBJECTIVE, region)
        army.reserve[OBJECTIVE] = army.reserve.get(OBJECTIVE, 0) + 1
        g.emit("piece_removed", army.seat, piece=OBJECTIVE, region=region)

    def on_any_conquest(self, g: GameState, army: Army, region: int, attacker: Army) -> None:
        if not g.pieces.count(OBJECTIVE, region) or side_of(g, attacker) == enemy(
                faction(self.qid)):
            return
        g.pieces.remove(OBJECTIVE, region)
        army.reserve[OBJECTIVE] = army.reserve.get(OBJECTIVE, 0) + 1
        g.emit("objective_reached", army.seat, region=region, by=attacker.seat)
        coins = self.num("objective_coins")
        pay_coins(g, BANK, attacker.seat, coins, self.qid)
        if attacker.seat != army.seat:
            pay_coins(g, BANK, army.seat, coins, self.qid)

    def on_decline(self, g: GameState, army: Army) -> None:
        for r in bits(g.pieces.mask(OBJECTIVE)):
            g.pieces.remove(OBJECTIVE, r)
            g.emit("piece_removed", army.seat, piece=OBJECTIVE, region=r)
        army.reserve.pop(OBJECTIVE, None)

    def why_not(self, g: GameState, army: Army, action: Action) -> Reason | None:
        if g.phase != END:
            return N_("the Humans place their Military Objectives at the end of their turn"), {}
        r = action.target
        if action.kind == "recall_objective":
            if 0 <= r < len(g.map.regions) and g.pieces.count(OBJECTIVE, r):
                return N_("that Military Objective was placed this turn"), {}
            return N_("no Military Objective lies in {region}"), {"region": r}
        if not army.reserve.get(OBJECTIVE, 0):
            return N_("both Military Objectives are on the map: pick one up first"), {}
        if not 0 <= r < len(g.map.regions):
            return N_("there is no region {number}"), {"number": r}
        return (N_("a Military Objective goes on a land region with none, held by no "
                   "Alliance race"), {})


class Kobolds(Race):
    """They may attack any Great Cavern as if it were adjacent, and enter the map through
    one; either way with no travel cost."""

    id = "kobolds"

    def entry_mask(self, g: GameState, army: Army) -> int:
        return self.symbol(g, "great_cavern")

    def reach_mask(self, g: GameState, army: Army) -> int:
        return self.symbol(g, "great_cavern")


class Naga(Race):
    """They conquer Seas and Lakes (2 tokens like an empty region), may enter the map on one,
    and stay there in decline."""

    id = "naga"
    enters_water = True

    def entry_mask(self, g: GameState, army: Army) -> int:
        return g.water_mask


class NightElves(Race):
    """A Forest costs them 1 token fewer (at least 1); each Forest they take gets a Wisp Wall
    (+1 defence, kept in decline, gone when the region is conquered or abandoned)."""

    id = "night_elves"

    def cost_changes(self, g: GameState, army: Army) -> tuple[CostChange, ...]:
        return discount(self.terrain(g, "forest"), self.num("discount"))

    def on_conquered(self, g: GameState, army: Army, region: int) -> None:
        if self.terrain(g, "forest") >> region & 1 and g.pieces.free(WISP_WALL) > 0:
            g.place_piece(WISP_WALL, region, army.seat)


class Orcs(Race):
    """+1 coin per region they took this turn from a race of the Alliance, on top of the
    faction bonus."""

    id = "orcs"

    def score(self, g: GameState, army: Army) -> int:
        foe = enemy(faction(self.qid))
        return regions_taken_from(g, foe) * self.num("coins_per_region")


class Pandaren(Race):
    """At the end of each of their turns (after their conquests), every other player with an
    active race they did not attack this turn receives a Harmony token, as does every player
    who has not taken a race yet.  A Harmony holder pays the Pandaren 2 coins the first time
    in a turn they attack them: take a Pandaren region, blow one up with a bomb, or make a
    Pandaren token leave its region by any rule (Intimidating, a portal); a holder with
    fewer coins may not attack them.  The Pandaren take every token back at the start of
    their turn."""

    id = "pandaren"
    shield_reason = N_("{region} is held by the Pandaren: you hold their Harmony and cannot "
                       "pay them the coins an attack costs")

    def _holds(self, g: GameState, army: Army, seat: int) -> bool:
        """Whether ``seat`` holds Harmony and has not paid for attacking this turn."""
        return bool(army.extra.get(HARMONY, 0) >> seat & 1) and not g.turn.extra.get(self.qid)

    def on_turn_start(self, g: GameState, army: Army) -> None:
        if army.extra.pop(HARMONY, 0):
            g.emit("harmony_returned", army.seat, race=army.race)

    def on_redeploy_start(self, g: GameState, army: Army) -> None:
        seats = [s for s in range(g.players)
                 if s != army.seat and s not in g.turn.attacked and (
                     g.active_army(s) is not None or not any(a.seat == s for a in g.armies))]
        if seats:
            army.extra[HARMONY] = sum(1 << s for s in seats)
            g.emit("harmony_given", army.seat, race=army.race, seats=seats)

    def shielded_mask(self, g: GameState, army: Army, attacker: Army) -> int:
        if self._holds(g, army, attacker.seat) and g.coins[attacker.seat] < self.num(
                "harmony_price"):
            return army.mask
        return 0

    def on_attacked(self, g: GameState, army: Army, region: int, attacker: Army) -> None:
        if self._holds(g, army, attacker.seat):
            g.turn.extra[self.qid] = 1
            pay_coins(g, attacker.seat, army.seat, self.num("harmony_price"), self.qid)


class Tauren(Race):
    """No region of theirs, active or declined, ever holds fewer than 2 tokens: a conquest
    costs them at least 2, they keep 2 per region when they ready troops or decline, and try
    the die only with 2 in hand.  They still lose 1 token when conquered.  A token another
    player's rule leaves alone goes back to hand, to be placed in another of the race's
    regions at the end of the turn — in decline too; a declined race with no other region
    leaves the map (``conquest.withdraw``)."""

    id = "tauren"

    def min_cost(self) -> int:
        return self.num("min_tokens")

    def tokens_kept(self) -> int:
        return self.num("min_tokens")


class Trolls(Race):
    """A region that is not empty (race tokens or Murlocs) costs them 1 token fewer (at
    least 1)."""

    id = "trolls"

    def cost_changes(self, g: GameState, army: Army) -> tuple[CostChange, ...]:
        held = 0
        for r, holder in enumerate(g.region_army):  # a loop: no generator
            if holder != NOBODY:
                held |= 1 << r
        return discount(held & ~army.mask, self.num("discount"))


class Worgen(Race):
    """At the start of each of their turns, before conquering, they take human form (2 coins
    at once) or worgen form (pay 1 coin: every conquest this turn costs 1 token fewer, at
    least 1)."""

    id = "worgen"
    actions = kinds(human_form=(), worgen_form=())
    HUMAN, WOLF = 1, 2  # the form taken this turn (``TurnState.extra``)

    def conquest_blocker(self, g: GameState, army: Army) -> str:
        if g.turn.extra.get(self.qid):
            return ""
        return N_("the Worgen take human or worgen form before they conquer")

    def conquest_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        if g.turn.extra.get(self.qid):
            return ()
        if g.coins[army.seat] >= self.num("worgen_price"):
            return (Action("human_form"), Action("worgen_form"))
        return (Action("human_form"),)

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        if action.kind == "human_form":
            g.turn.extra[self.qid] = self.HUMAN
            coins = self.num("human_coins")
            g.gain(army.seat, coins)
        else:
            g.turn.extra[self.qid] = self.WOLF
            coins = g.pay(army.seat, self.num("worgen_price"))
        g.emit("form_taken", army.seat, race=army.race, form=action.kind, coins=coins)

    def cost_changes(self, g: GameState, army: Army) -> tuple[CostChange, ...]:
        if g.turn.extra.get(self.qid) != self.WOLF:
            return ()
        return discount(g.map.all_mask, self.num("discount"))

    def why_not(self, g: GameState, army: Army, action: Action) -> Reason | None:
        if g.phase != CONQUER:
            return N_("the Worgen take their form at the start of their turn"), {}
        if g.turn.extra.get(self.qid):
            return N_("the Worgen already took their form this turn"), {}
        return (N_("worgen form costs {cost} coins; you have {coins}"),
                {"cost": self.num("worgen_price"), "coins": g.coins[army.seat]})


ALL: list[type[Content]] = [
    BloodElves, Draenei, Dwarves, Ethereals, Forsaken, Gnomes, Goblins, Humans, Kobolds, Naga,
    NightElves, Orcs, Pandaren, Tauren, Trolls, Worgen,
]
