"""The 15 races of Small World Underground, each with its whole rule.  Numbers come from the
data table."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from smallworld_tui.engine.actions import Action, on_regions
from smallworld_tui.engine.bitset import NOBODY, bits
from smallworld_tui.engine.conquest import (
    Costs,
    empty_region,
    hand_refusal,
    reach_mask,
    take_region,
    why_unreachable,
)
from smallworld_tui.engine.content.common import (
    as_if_empty,
    box_count,
    pay_coins,
    river_like,
    why_unaided,
)
from smallworld_tui.engine.content.traits import Content, CostChange, Race, Reason, discount, kinds
from smallworld_tui.engine.phase import CONQUER, REDEPLOY
from smallworld_tui.engine.registry import POWERS
from smallworld_tui.i18n import N_

if TYPE_CHECKING:
    from smallworld_tui.engine.state import Army, GameState

GREAT_ANCIENT = "underground:great_ancient"
VOLCANO = "underground:volcano"
HAMMER = "underground:silver_hammer"


class Cultists(Race):
    """The Great Ancient sits in the first region they take (immune to other players) and
    moves with them: regions next to it cost 1 token less.  At the start of each later turn
    it may move to another Cultist region; if its region is left, it goes in the next region
    taken, else at redeployment.  It leaves the map when the Cultists decline."""

    id = "cultists"
    actions = kinds(ancient=("region",))

    def on_picked(self, g: GameState, army: Army) -> None:
        army.reserve[GREAT_ANCIENT] = 1

    def on_conquered(self, g: GameState, army: Army, region: int) -> None:
        if army.reserve.get(GREAT_ANCIENT, 0):
            self._place(g, army, region)

    def cost_changes(self, g: GameState, army: Army) -> tuple[CostChange, ...]:
        home = g.pieces.mask(GREAT_ANCIENT) & army.mask
        if not home:
            return ()
        ancient = home.bit_length() - 1
        near = g.map.neighbor_masks[ancient]
        rules = g.hooks(army).reach
        if rules:  # regions the army's rules make adjacent to the Great Ancient's, both ways
            probe = army.copy()

            def reach_from(region: int) -> int:
                probe.mask = 1 << region
                out = 0
                for t in rules:
                    out |= t.reach_mask(g, probe)
                return out

            for r in bits(reach_from(ancient) & ~near & ~army.mask):
                if reach_from(r) >> ancient & 1:
                    near |= 1 << r
        return discount(near, self.num("discount"))

    def _moves(self, g: GameState, army: Army) -> bool:
        turn = g.turn
        return (g.phase == CONQUER and turn.acting == army.id and not army.declined
                and army.picked_turn != g.turn_number and not turn.conquered.get(army.id)
                and not turn.extra.get(self.qid) and bool(g.pieces.mask(GREAT_ANCIENT)
                                                           & army.mask))

    def turn_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        if self._moves(g, army):
            return on_regions("ancient", army.mask & ~g.pieces.mask(GREAT_ANCIENT))
        return ()

    def redeploy_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        if g.phase == REDEPLOY and army.reserve.get(GREAT_ANCIENT, 0):
            return on_regions("ancient", army.mask)
        return ()

    def redeploy_blocker(self, g: GameState, army: Army) -> str:
        if g.phase == REDEPLOY and army.reserve.get(GREAT_ANCIENT, 0) and army.mask:
            return N_("place the Great Ancient in one of your regions first")
        return ""

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        if g.phase == CONQUER:
            g.turn.extra[self.qid] = 1
        g.pieces.remove_all(GREAT_ANCIENT, g.map.all_mask)
        self._place(g, army, action.target)

    def _place(self, g: GameState, army: Army, region: int) -> None:
        army.reserve.pop(GREAT_ANCIENT, None)
        g.place_piece(GREAT_ANCIENT, region, army.seat)

    def why_not(self, g: GameState, army: Army, action: Action) -> Reason | None:
        r = action.target
        if not (0 <= r < len(g.region_army) and army.mask >> r & 1):
            return N_("the Great Ancient goes in one of your own regions"), {}
        if g.phase == REDEPLOY:
            return N_("the Great Ancient is already on the map"), {}
        if army.picked_turn == g.turn_number:
            return N_("the Great Ancient moves only at the start of a later turn"), {}
        if g.turn.extra.get(self.qid):
            return N_("the Great Ancient moves only once per turn"), {}
        if g.pieces.mask(GREAT_ANCIENT) >> r & 1:
            return N_("the Great Ancient is already in {region}"), {"region": r}
        return N_("the Great Ancient moves only at the start of a turn, before conquering"), {}


class Drow(Race):
    """+1 coin per Drow region bordering no region where another race (yours or not, active
    or declined) or neutral defenders stand."""

    id = "drow"

    def score(self, g: GameState, army: Army) -> int:
        """Only the regions bordering the Drow's are looked at (a neighbour of a Drow region
        is one of theirs or one of those), not every region of the map."""
        mask, me, holders = army.mask, army.id, g.region_army
        others = 0
        for r in bits(g.map.adjacent(mask) & ~mask):
            holder = holders[r]
            if holder != NOBODY and holder != me:
                others |= 1 << r
        neighbors = g.map.neighbor_masks
        alone = 0
        for r in bits(mask):
            if not neighbors[r] & others:
                alone += 1
        return alone * self.num("coins_per_region")


class Flames(Race):
    """The Volcano goes on a chasm with the volcano symbol when the Flames are picked (at
    once if there is one, else the player names it before anything else): a region next to
    it, or next to a chain of Flames regions reaching it, costs as if empty (static defences
    such as a Black Mountain marker still count).  The Volcano leaves the map when the
    Flames decline."""

    id = "flames"
    needs = ("symbol:volcano",)
    actions = kinds(volcano=("region",))

    def _sites(self, g: GameState) -> int:
        return self.symbol(g, "volcano") & g.closed_mask

    def on_picked(self, g: GameState, army: Army) -> None:
        sites = self._sites(g)
        if sites.bit_count() == 1:
            self._place(g, army, sites.bit_length() - 1)

    def conquest_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        if g.turn.roll < 0 and not g.pieces.mask(VOLCANO):
            return on_regions("volcano", self._sites(g))
        return ()

    def conquest_blocker(self, g: GameState, army: Army) -> str:
        if not g.pieces.mask(VOLCANO) and self._sites(g):
            return N_("put the Volcano on a volcano chasm first: it goes there when the "
                      "Flames are picked")
        return ""

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        self._place(g, army, action.target)

    def _place(self, g: GameState, army: Army, region: int) -> None:
        g.place_piece(VOLCANO, region, army.seat)

    def on_decline(self, g: GameState, army: Army) -> None:
        g.pieces.remove_all(VOLCANO, g.map.all_mask)

    def cost_changes(self, g: GameState, army: Army) -> tuple[CostChange, ...]:
        volcano = g.pieces.mask(VOLCANO)
        if not volcano:
            return ()
        board, mask = g.map, army.mask
        near = board.neighbor_masks[volcano.bit_length() - 1]
        chain, todo = 0, near & mask
        while todo:  # the chain a step of Flames regions at a time (``adjacent`` remembers)
            chain |= todo
            todo = board.adjacent(todo) & mask & ~chain
        if chain:
            near |= board.adjacent(chain)
        return as_if_empty(g, near & ~mask & ~g.closed_mask)

    def why_not(self, g: GameState, army: Army, action: Action) -> Reason | None:
        if g.pieces.mask(VOLCANO):
            return N_("the Volcano is already on the map"), {}
        if g.turn.roll >= 0:
            return N_("a die was rolled for your next conquest: conquer first"), {}
        return N_("the Volcano goes on a chasm with the volcano symbol"), {}


class Gnomes(Race):
    """While active, no rule helps another player take a Gnome region: plain adjacency and
    plain cost only (penalties still apply)."""

    id = "gnomes"

    def unaided_mask(self, g: GameState, army: Army, attacker: Army) -> int:
        return 0 if army.declined else army.mask


class IronDwarves(Race):
    """At each redeployment, a Silver Hammer per Mine region held (7 in the box): hammers
    pay for conquests like Dwarves (all but one token of each conquest), never defend, and
    come back for the next turn.  Lost when the Dwarves decline."""

    id = "iron_dwarves"
    needs = ("terrain:mine",)

    def conquest_aid(self, g: GameState, army: Army) -> int:
        return int(army.reserve.get(HAMMER, 0) - g.turn.extra.get(self.qid, 0))

    def on_aid_used(self, g: GameState, army: Army, region: int, used: int) -> None:
        g.turn.extra[self.qid] = g.turn.extra.get(self.qid, 0) + used

    def on_redeploy_start(self, g: GameState, army: Army) -> None:
        held = army.reserve.get(HAMMER, 0)
        mines = (army.mask & self.terrain(g, "mine")).bit_count()
        got = min(box_count(self, "silver_hammer") - held, mines * self.num("hammers_per_mine"))
        if got:
            army.reserve[HAMMER] = held + got
            g.emit("pieces_gained", army.seat, piece=HAMMER, count=got)

    def on_decline(self, g: GameState, army: Army) -> None:
        army.reserve.pop(HAMMER, None)


class Kraken(Race):
    """Need not leave their River regions at redeployment: they keep and score them, in
    decline too, or empty any of them while redeploying, as other races must; on a map with
    Seas and Lakes (mixing rules) those are their rivers."""

    id = "kraken"
    needs = ("kind:river", "kind:water")
    stays_in_rivers = True
    enters_water = True
    works_in_decline = True
    actions = kinds(abandon=("region",))

    def _rivers(self, g: GameState, army: Army) -> int:
        """The rivers the Kraken may empty now: theirs, in their own redeployment."""
        if g.phase != REDEPLOY or g.turn.acting != army.id or army.declined:
            return 0
        return army.mask & g.leave_mask

    def redeploy_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        rivers = self._rivers(g, army)
        return on_regions("abandon", rivers) if rivers else ()

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        empty_region(g, army, action.target)
        g.emit("abandoned", army.seat, race=army.race, region=action.target)

    def why_not(self, g: GameState, army: Army, action: Action) -> Reason | None:
        return (N_("while redeploying, the {race} may empty only their own river regions"),
                {"race": self.qid})


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


class Lizardmen(Race):
    """Pass through every River region, empty or held by anyone (several in a row), to
    attack the land beyond; a held river is conquered only to be taken, at its normal cost.
    An immune river is untouched by their power.  On a map with Seas and Lakes (mixing
    rules) those are their rivers."""

    id = "lizardmen"
    needs = ("kind:river", "kind:water")

    def reach_mask(self, g: GameState, army: Army) -> int:
        """The regions next to the rivers passed through, found a step of rivers at a time
        from those next to the army's with the map's ``adjacent`` (which remembers the
        masks asked: an army's regions and the steps from them repeat); the immune rivers
        are asked for only if a piece makes some region immune."""
        board = g.map
        rivers = river_like(board)
        if g.pieces.immune_any & rivers:
            rivers &= ~g.immune_mask(army.seat, rivers)
        passed, todo = 0, board.adjacent(army.mask) & rivers
        while todo:  # a river further at each step
            passed |= todo
            todo = board.adjacent(todo) & rivers & ~passed
        return board.adjacent(passed)


class Mudmen(Race):
    """At redeployment, +1 token from the box per Mudpool region held."""

    id = "mudmen"
    needs = ("terrain:mudpool",)

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


class ShadowMimes(Race):
    """On taking them, the player may swap their badge with the badge of one of the other
    combos then visible (coins stay where they are); the race gets the tokens of the badge
    it keeps."""

    id = "shadow_mimes"
    swaps_power = True
    actions = kinds(mime=("slot",))

    def on_picked(self, g: GameState, army: Army) -> None:
        refilled = len(g.combos) == g.rules.visible_combos
        army.extra[self.qid] = len(g.combos) - 1 if refilled else len(g.combos)

    def conquest_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        if self._swaps(g, army):
            return [Action("mime", slot) for slot in range(army.extra[self.qid])]
        return ()

    def _swaps(self, g: GameState, army: Army) -> bool:
        return (army.picked_turn == g.turn_number and not g.turn.conquered.get(army.id)
                and bool(army.extra.get(self.qid)) and g.turn.roll < 0)

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        combo = g.combos[action.target]
        old, new = army.power, combo.power
        combo.power = old
        army.power = new
        army.extra[self.qid] = 0
        army.reserve.clear()  # pieces the old badge gave on picking
        change = POWERS[new].tokens - POWERS[old].tokens
        if change > 0:
            army.hand += g.take_from_tray(army.race, change)
        else:
            back = min(-change, army.hand)
            army.hand -= back
            g.tray[army.race] += back
        POWERS[new].on_picked(g, army)
        g.emit("badge_swapped", army.seat, race=army.race, power=new, given=old,
               slot=action.target, hand=army.hand)

    def why_not(self, g: GameState, army: Army, action: Action) -> Reason | None:
        if not self._swaps(g, army):
            return (N_("the Shadow Mimes swap badges only right after they are picked, "
                       "before any conquest"), {})
        return N_("there is no combo number {slot} to swap with"), {"slot": action.target}


class Shrooms(Race):
    """+1 coin per Mushroom Forest region."""

    id = "shrooms"
    needs = ("terrain:mushroom_forest",)

    def score(self, g: GameState, army: Army) -> int:
        return (army.mask & self.terrain(g, "mushroom_forest")).bit_count() * self.num(
            "coins_per_region")


class Spiderines(Race):
    """Every region bordering a chasm counts as adjacent to their regions, and they may
    enter the map through one."""

    id = "spiderines"
    needs = ("kind:chasm",)

    def _webbed(self, g: GameState) -> int:
        return g.map.adjacent(g.map.kind_mask("chasm")) & ~g.closed_mask

    def entry_mask(self, g: GameState, army: Army) -> int:
        return self._webbed(g)

    def reach_mask(self, g: GameState, army: Army) -> int:
        return self._webbed(g)


class WillOWisps(Race):
    """Before conquering a Mystic Crystal region, or a region next to a crystal they hold,
    they may name it and roll the die: if hand + roll covers the cost they must take it,
    placing the cost less the roll (at least 1); if not, their conquests end."""

    id = "will_o_wisps"
    needs = ("terrain:mystic_crystal",)
    actions = kinds(wisp=("region",))

    def _near(self, g: GameState, army: Army) -> int:
        """The Mystic Crystal regions and those next to a crystal the Wisps hold."""
        crystals = self.terrain(g, "mystic_crystal")
        return crystals | g.map.adjacent(army.mask & crystals)

    def _targets(self, g: GameState, army: Army) -> int:
        return self._near(g, army) & ~g.unaided(army)

    def conquest_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        hand = army.hand
        if hand < 1 or g.turn.roll >= 0:
            return ()
        # the regions of ``_targets`` the army may attack, those no rule may help to take
        # asked only if one is near; each region's cost is its own (``Costs``): only those
        # costing at most what the die may make up are priced, as a mask (no list of costs)
        targets = reach_mask(g, army) & self._near(g, army)
        if targets:
            targets &= ~g.unaided(army)
        if not targets:
            return ()
        most = hand + g.rules.max_shortfall  # the die may make up the rest
        return on_regions("wisp", Costs(g, army).at_most(targets, most))

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        r = action.target
        cost = Costs(g, army).of(r)
        value = g.roll_die()
        short = cost - army.hand
        success = value >= short
        g.emit("die_rolled", army.seat, value=value, region=r, short=short, success=success)
        if success:
            take_region(g, army, r, max(1, cost - value), "wisps", cost)
        else:
            g.turn.conquest_over = True

    def why_not(self, g: GameState, army: Army, action: Action) -> Reason | None:
        r = action.target
        if not 0 <= r < len(g.region_army):
            return N_("there is no region {number}"), {"number": r}
        if g.turn.conquest_over:
            return N_("your conquests are over for this turn (the die was rolled)"), {}
        if g.turn.roll >= 0:
            return N_("a die was rolled for your next conquest: conquer first"), {}
        short = hand_refusal(army.hand)
        if short is not None:
            return short
        if not reach_mask(g, army) >> r & 1:
            return why_unreachable(g, army, r)
        unaided = why_unaided(g, army, r)
        if unaided is not None:
            return unaided
        if not self._targets(g, army) >> r & 1:
            return (N_("the Will-o'-Wisps roll only for a Mystic Crystal region or a region "
                       "next to a crystal they hold"), {})
        return (N_("{region} costs {cost} tokens: with {hand} in hand you are more than "
                   "{most} short to try the die"),
                {"region": r, "cost": Costs(g, army).of(r), "hand": army.hand,
                 "most": g.rules.max_shortfall})


ALL: list[type[Content]] = [
    Cultists, Drow, Flames, Gnomes, IronDwarves, Kraken, Liches, Lizardmen, Mudmen, Mummies,
    Ogres, ShadowMimes, Shrooms, Spiderines, WillOWisps,
]
