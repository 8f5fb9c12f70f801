"""The 20 special powers of Small World of Warcraft, each with its whole rule.

Whether a power keeps working once its race is in decline is read from the data table
(``works_in_decline``), like every number.  Four powers put pieces on the map (data table
``pieces``): the Champion, the Beasts, the Watch Towers and the Forts.  Two act on two regions
at once: their actions name a second region (``to``; ``NOWHERE`` when there is none).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache
from typing import TYPE_CHECKING, ClassVar

from smallworld_tui.engine.actions import Action, on_regions
from smallworld_tui.engine.bitset import NEUTRAL, NOBODY, bits
from smallworld_tui.engine.conquest import (
    attack,
    discard,
    empty_region,
    reach_mask,
    redeploy_room,
    shielded,
    take_region,
    too_few,
    why_unreachable,
    withdraw,
)
from smallworld_tui.engine.content.common import BANK, pay_coins, why_unaided
from smallworld_tui.engine.content.item_rules import conquest_refusal
from smallworld_tui.engine.content.traits import (
    Content,
    CostChange,
    Power,
    Reason,
    discount,
    kinds,
)
from smallworld_tui.engine.content.warcraft.markers import reveal_marker
from smallworld_tui.engine.content.warcraft.races import item_regions
from smallworld_tui.engine.phase import CONQUER, PLACING, REDEPLOY
from smallworld_tui.engine.registry import ITEMS
from smallworld_tui.i18n import N_

if TYPE_CHECKING:
    from smallworld_tui.engine.ruleset import Ruleset
    from smallworld_tui.engine.state import Army, GameState

GAME = "warcraft"
BEAST = "warcraft:beast"
CHAMPION = "warcraft:champion"
FORT = "warcraft:fort"
WATCH_TOWER = "warcraft:watch_tower"
WISP_WALL = "warcraft:wisp_wall"
NOWHERE = -1  # the second region of an action that has none
DISCARDED = (NOWHERE,)  # where a token goes when it is discarded


@lru_cache(maxsize=4096)
def _moves(kind: str, region: int, to: tuple[int, ...]) -> tuple[Action, ...]:
    """``Action(kind, region, t)`` for each second region ``t`` of ``to`` (cached, like
    ``actions.on_regions``'s: the same choices are listed again at each listing)."""
    return tuple(Action(kind, region, t) for t in to)


@lru_cache(maxsize=4096)
def _pairs(kind: str, regions: tuple[int, ...], loaded: int) -> tuple[Action, ...]:
    """``Action(kind, a, b)`` for each pair ``a < b`` of ``regions`` (ascending) of which
    one at least is in the mask ``loaded`` (cached: see ``_moves``)."""
    return tuple(Action(kind, a, b) for i, a in enumerate(regions) for b in regions[i + 1:]
                 if (loaded >> a | loaded >> b) & 1)


class WarcraftPower(Power):
    """A power of Small World of Warcraft: its data table row says whether it keeps working
    in decline."""

    def read_row(self) -> None:
        self.works_in_decline = bool(self.row["works_in_decline"])


def neighbours(g: GameState, mask: int) -> int:
    """The regions bordering any region of ``mask`` (and ``mask``'s own inner borders)."""
    return g.map.adjacent(mask)


def why_untouchable(g: GameState, army: Army, region: int) -> Reason | None:
    """Why no power of ``army`` may touch ``region`` (immunity, a shield, a rule keeping
    others' help out), if that is so."""
    bit = 1 << region
    reason = why_unaided(g, army, region)
    if reason is None and (g.immune_mask(army.seat) & bit or shielded(g, army, bit)):
        return why_unreachable(g, army, region)
    return reason


def untouchable(g: GameState, army: Army, mask: int) -> int:
    """The regions of ``mask`` no power of ``army`` may touch."""
    out = mask & (g.immune_mask(army.seat) | g.unaided(army))
    return out | shielded(g, army, mask & ~out)


def region_reason(g: GameState, region: int) -> Reason | None:
    """The refusal for a region number that is not on the map."""
    if 0 <= region < len(g.map.regions):
        return None
    return N_("there is no region {number}"), {"number": region}


# --- coins at the end of the turn --------------------------------------------------------

class Archaeologist(WarcraftPower):
    """+1 coin per Artifact and per Legendary Place held at the end of the turn."""

    id = "archaeologist"

    def score(self, g: GameState, army: Army) -> int:
        held = sum(1 for r in g.items.values() if r >= 0 and army.mask >> r & 1)
        return held * self.num("coins_per_item")


class Battlemaster(WarcraftPower):
    """+1 coin per non-empty region conquered this turn."""

    id = "battlemaster"

    def score(self, g: GameState, army: Army) -> int:
        return g.turn.nonempty.get(army.id, 0) * self.num("coins_per_region")


class Explorer(WarcraftPower):
    """+1 coin per island on which the race holds a region."""

    id = "explorer"

    def score(self, g: GameState, army: Army) -> int:
        islands = sum(1 for island in g.map.islands if army.mask & island)
        return islands * self.num("coins_per_island")


class RegionBonus(WarcraftPower):
    """+1 coin per region held among those of a terrain or symbol (``feature``)."""

    feature: ClassVar[tuple[str, str]] = ("", "")

    def regions(self, g: GameState) -> int:
        return g.feature_mask(*self.feature, self.game)

    def score(self, g: GameState, army: Army) -> int:
        return (army.mask & self.regions(g)).bit_count() * self.num("coins_per_region")


class Farming(RegionBonus):
    id = "farming"
    feature = ("terrain", "farmland")


class Herbalist(RegionBonus):
    id = "herbalist"
    feature = ("terrain", "hill")


class Mining(RegionBonus):
    """Great Caverns are a symbol on land regions (ruling)."""

    id = "mining"
    feature = ("symbol", "great_cavern")


class Mountaineer(RegionBonus):
    id = "mountaineer"
    feature = ("terrain", "mountain")


class Ranger(RegionBonus):
    id = "ranger"
    feature = ("terrain", "forest")


class SwampWalker(RegionBonus):
    id = "swamp_walker"
    feature = ("terrain", "swamp")


class Fishing(RegionBonus):
    """+1 coin per region held next to a Sea or a Lake."""

    id = "fishing"

    def regions(self, g: GameState) -> int:
        return neighbours(g, self.terrain(g, "sea") | self.terrain(g, "lake"))


# --- conquest ------------------------------------------------------------------------------

class Blacksmith(WarcraftPower):
    """Every conquest costs 1 token less (minimum 1)."""

    id = "blacksmith"

    def cost_changes(self, g: GameState, army: Army) -> tuple[CostChange, ...]:
        return discount(g.map.all_mask, self.num("discount"))


class Sailor(WarcraftPower):
    """No travel cost to land on an entry region the race does not border."""

    id = "sailor"
    no_travel_cost = True


class Enraged(WarcraftPower):
    """Conquering a region defended by at least 2 tokens (race tokens, and pieces that
    defend like them: the Champion, Beasts) earns 1 coin per defending token, at once."""

    id = "enraged"

    def loss_dealt(self, g: GameState, army: Army, region: int, victim: Army, loss: int) -> int:
        defenders = g.region_tokens[region] + g.pieces.as_tokens(region)
        if defenders >= self.num("min_defenders"):
            pay_coins(g, BANK, army.seat, defenders * self.num("coins_per_token"), self.qid)
        return loss


class MarshDweller(WarcraftPower):
    """An opponent taking a Swamp region of the race pays its owner 1 coin, in decline too."""

    id = "marsh_dweller"

    def on_region_lost(self, g: GameState, army: Army, region: int, attacker: Army,
                       victim: Army) -> None:
        if (victim is army and attacker.seat != army.seat
                and self.terrain(g, "swamp") >> region & 1):
            pay_coins(g, attacker.seat, army.seat, self.num("toll"), self.qid)


class Champion(WarcraftPower):
    """Once per turn the Champion conquers a region next to the race's regions for no token,
    whatever defends it — a conquest all the same, so only with a race token in hand — and
    stays there (alone, if no token joins it at redeployment); it
    leaves the region where it stood, which is abandoned if it held it alone.  It defends as
    a token (data table).  When an opponent takes its region, the Champion is taken hostage
    instead of a race token being lost: the owner pays that opponent the ransom at once and
    places the Champion again when redeploying.  It leaves with the badge on decline (a
    region it held alone is abandoned)."""

    id = "champion"
    actions = kinds(champion=("region",), place_champion=("region",))

    @property
    def hostage(self) -> str:
        """The turn's mark: the region whose conquest just took the Champion hostage."""
        return f"{self.qid}:hostage"

    def _targets(self, g: GameState, army: Army) -> int:
        if g.turn.extra.get(self.qid) or conquest_refusal(g, army) is not None:
            return 0
        reach = reach_mask(g, army) & neighbours(g, army.mask)
        return reach & ~g.unaided(army)

    def conquest_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        targets = self._targets(g, army)
        return on_regions("champion", targets) if targets else ()

    def redeploy_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        return on_regions("place_champion", army.mask) if army.reserve.get(CHAMPION) else ()

    def redeploy_blocker(self, g: GameState, army: Army) -> str:
        if army.reserve.get(CHAMPION) and army.mask:
            return N_("place your Champion first")
        return ""

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        r = action.target
        if action.kind == "champion":
            g.turn.extra[self.qid] = 1
            self._recall(g, army)
            take_region(g, army, r, 0, "champion", 0)
        else:
            del army.reserve[CHAMPION]
        g.place_piece(CHAMPION, r, army.seat)

    def _recall(self, g: GameState, army: Army) -> None:
        """The Champion leaves the map (or hand); a region it held alone is abandoned."""
        army.reserve.pop(CHAMPION, None)
        for r in bits(g.pieces.mask(CHAMPION)):
            g.pieces.remove(CHAMPION, r)
            self._abandon_if_short(g, army, r)

    @staticmethod
    def _abandon_if_short(g: GameState, army: Army, region: int) -> None:
        """A region the Champion left with too few tokens (none; a lone Tauren) is left:
        its tokens go to hand."""
        if army.mask >> region & 1 and too_few(g, army, region):
            empty_region(g, army, region)
            g.emit("abandoned", army.seat, race=army.race, region=region)

    def loss_on_defeat(self, g: GameState, army: Army, region: int, loss: int) -> int:
        if g.pieces.count(CHAMPION, region):
            g.turn.extra[self.hostage] = region
            return 0
        return loss

    def on_region_lost(self, g: GameState, army: Army, region: int, attacker: Army,
                       victim: Army) -> None:
        if (victim is army and g.turn.extra.pop(self.hostage, NOWHERE) == region
                and attacker.seat != army.seat):
            pay_coins(g, army.seat, attacker.seat, self.num("ransom"), self.qid)

    def on_decline(self, g: GameState, army: Army) -> None:
        for r in bits(g.pieces.mask(CHAMPION) & army.mask):
            g.pieces.remove(CHAMPION, r)
            self._abandon_if_short(g, army, r)

    def why_not(self, g: GameState, army: Army, action: Action) -> Reason | None:
        bad = region_reason(g, action.target)
        if bad is not None:
            return bad
        if action.kind == "place_champion":
            if g.phase not in PLACING:
                return N_("the Champion is placed again while redeploying"), {}
            if not army.reserve.get(CHAMPION):
                return N_("your Champion is not in your hand"), {}
            return N_("the Champion goes in one of your own regions"), {}
        if g.phase != CONQUER:
            return N_("the Champion conquers during your conquests"), {}
        if g.turn.extra.get(self.qid):
            return N_("the Champion conquers once per turn"), {}
        refusal = conquest_refusal(g, army)
        if refusal is not None:
            return refusal
        r = action.target
        unaided = why_unaided(g, army, r)
        if unaided is not None:
            return unaided
        if not reach_mask(g, army) >> r & 1:
            return why_unreachable(g, army, r)
        return N_("the Champion only takes a region next to your regions"), {}


class Beastmaster(WarcraftPower):
    """At the start of each turn the race's Beasts leave (a region they held alone, or with
    too few Tauren, is left: its tokens go to hand), then it takes one per Hill region held
    (as many as the box has left).  A Beast is a race token in every respect, kept as a
    piece (data table): in hand it pays for conquests — it may pay a whole one, and one in
    hand is the token a conquest needs — and goes into the region taken; it defends as 1
    token and may hold a region alone; the race lifts its Beasts at redeployment and places
    them again, one at a time, in any of its regions, as long as every region can still be
    filled (``redeploy_room``).  When a region with a Beast is conquered the Beast pays the
    loss (unless a rule spares the race any loss) and the others go back to hand.  Beasts
    leave when the race declines."""

    id = "beastmaster"
    actions = kinds(beast=("region",))
    aid_is_tokens = True

    def on_turn_start(self, g: GameState, army: Army) -> None:
        for r in bits(g.pieces.mask(BEAST) & army.mask):
            g.pieces.remove(BEAST, r)
            g.emit("piece_removed", army.seat, piece=BEAST, region=r)
            if too_few(g, army, r):
                empty_region(g, army, r)
                g.emit("abandoned", army.seat, race=army.race, region=r)
        army.reserve.pop(BEAST, None)
        held = sum(a.reserve.get(BEAST, 0) for a in g.armies if a.alive)
        hills = (army.mask & self.terrain(g, "hill")).bit_count()
        got = min(g.pieces.free(BEAST) - held, hills * self.num("beasts_per_hill"))
        if got > 0:
            army.reserve[BEAST] = got
            g.emit("pieces_gained", army.seat, piece=BEAST, count=got)

    def conquest_aid(self, g: GameState, army: Army) -> int:
        if g.phase != CONQUER or g.turn.acting != army.id:
            return 0
        return army.reserve.get(BEAST, 0)

    def on_aid_used(self, g: GameState, army: Army, region: int, used: int) -> None:
        self._place(g, army, region, used)

    def loss_on_defeat(self, g: GameState, army: Army, region: int, loss: int) -> int:
        if loss and g.pieces.count(BEAST, region):
            g.pieces.remove(BEAST, region, 1)
            g.emit("piece_removed", army.seat, piece=BEAST, region=region)
            return loss - 1
        return loss

    def on_redeploy_start(self, g: GameState, army: Army) -> None:
        lifted = g.pieces.remove_all(BEAST, army.mask)
        if lifted:
            army.reserve[BEAST] = army.reserve.get(BEAST, 0) + lifted

    def _homes(self, g: GameState, army: Army) -> int:
        """The regions a Beast may be placed in now: any of the race's, as long as the
        regions short of tokens can all still be filled."""
        if g.phase not in PLACING or not army.reserve.get(BEAST):
            return 0
        needs, spare = redeploy_room(g, army)
        return army.mask if spare > 0 else sum(1 << r for r in needs)

    def redeploy_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        homes = self._homes(g, army)
        return on_regions("beast", homes) if homes else ()

    def redeploy_blocker(self, g: GameState, army: Army) -> str:
        return N_("place your Beasts first") if self._homes(g, army) else ""

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        self._place(g, army, action.target, 1)

    def _place(self, g: GameState, army: Army, region: int, count: int) -> None:
        army.reserve[BEAST] -= count
        if not army.reserve[BEAST]:
            del army.reserve[BEAST]
        g.place_piece(BEAST, region, army.seat, count)

    def why_not(self, g: GameState, army: Army, action: Action) -> Reason | None:
        if g.phase not in PLACING:
            return N_("Beasts are placed while redeploying; they fight from your hand"), {}
        if not army.reserve.get(BEAST):
            return N_("you have no Beast to place"), {}
        bad = region_reason(g, action.target)
        if bad is not None:
            return bad
        if army.mask >> action.target & 1:
            return N_("your regions short of tokens need your Beasts: place them there"), {}
        return N_("a Beast goes in one of your regions"), {}


# --- pieces placed at the end of the turn --------------------------------------------------

class Defensive(WarcraftPower):
    """At the end of the turn (when redeployment starts: the regions held no longer change)
    a Watch Tower stands on each Farmland held where the race holds more of the neighbouring
    regions than any other race, active or declined (all Murlocs count as one race); towers
    leave the Farmlands that no longer qualify.  With too few towers left, the Farmlands get
    them in map order.  A tower makes its region immune (data table); towers leave on
    decline."""

    id = "defensive"

    def on_redeploy_start(self, g: GameState, army: Army) -> None:
        qualifying = [r for r in bits(army.mask & self.terrain(g, "farmland"))
                      if self._commands(g, army, r)]
        towers = g.pieces.mask(WATCH_TOWER) & army.mask
        for r in bits(towers):
            if r not in qualifying:
                g.pieces.remove(WATCH_TOWER, r)
                g.emit("piece_removed", army.seat, piece=WATCH_TOWER, region=r)
        for r in qualifying:
            if not towers >> r & 1 and g.pieces.free(WATCH_TOWER) > 0:
                g.place_piece(WATCH_TOWER, r, army.seat)

    @staticmethod
    def _commands(g: GameState, army: Army, region: int) -> bool:
        """Whether the army holds more of ``region``'s neighbours than any other race."""
        held: dict[str, int] = {}
        for n in bits(g.map.neighbor_masks[region]):
            holder = g.region_army[n]
            if holder != NOBODY:
                key = g.neutral[n] if holder == NEUTRAL else str(holder)
                held[key] = held.get(key, 0) + 1
        own = held.pop(str(army.id), 0)
        return own > max(held.values(), default=0)


class Garrison(WarcraftPower):
    """At the end of the turn, during redeployment, a Fort goes in each region held without
    one (game option ``garrison_forts`` = ``one_per_turn``: in one region of the player's
    choice per turn).  Forts add 1 defence, stay when the race declines (the badge too, data
    table) and leave with their region.  With fewer Forts left than regions, the player
    chooses where they go."""

    id = "garrison"
    actions = kinds(fort=("region",))

    @staticmethod
    def _one_per_turn(g: GameState) -> bool:
        return bool(g.options.get("garrison_forts") == "one_per_turn")

    def _sites(self, g: GameState, army: Army) -> int:
        """The regions where the player may build a Fort now."""
        if (army.declined or g.phase != REDEPLOY or g.pieces.free(FORT) <= 0
                or (self._one_per_turn(g) and g.turn.extra.get(self.qid))):
            return 0
        return army.mask & ~g.pieces.mask(FORT)

    def on_redeploy_start(self, g: GameState, army: Army) -> None:
        sites = self._sites(g, army)
        if not self._one_per_turn(g) and sites.bit_count() <= g.pieces.free(FORT):
            for r in bits(sites):
                self._build(g, army, r)

    def redeploy_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        sites = self._sites(g, army)
        return on_regions("fort", sites) if sites else ()

    def redeploy_blocker(self, g: GameState, army: Army) -> str:
        if not self._sites(g, army):
            return ""
        return N_("build your Fort first") if self._one_per_turn(g) else N_(
            "build your Forts first")

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        g.turn.extra[self.qid] = 1
        self._build(g, army, action.target)

    @staticmethod
    def _build(g: GameState, army: Army, region: int) -> None:
        g.place_piece(FORT, region, army.seat)

    def why_not(self, g: GameState, army: Army, action: Action) -> Reason | None:
        if g.phase != REDEPLOY:
            return N_("Forts are built while redeploying"), {}
        if g.pieces.free(FORT) <= 0:
            return N_("all {count} Forts are on the map"), {"count": g.pieces.kinds[FORT].count}
        if self._one_per_turn(g) and g.turn.extra.get(self.qid):
            return N_("only one Fort may be built per turn"), {}
        if g.pieces.mask(FORT) >> action.target & 1:
            return N_("{region} already has a Fort"), {"region": action.target}
        return N_("a Fort goes in one of your own regions"), {}


# --- moving other players' tokens ----------------------------------------------------------

def uses_left(g: GameState, power: Content, army: Army) -> bool:
    """Whether ``power`` may still act this turn: while its army conquers, before its final
    conquest, fewer times than ``uses_per_turn``."""
    turn = g.turn
    return (g.phase == CONQUER and turn.acting == army.id and not turn.conquest_over
            and turn.roll < 0 and turn.extra.get(power.qid, 0) < power.num("uses_per_turn"))


def why_no_use(g: GameState, power: Content) -> Reason | None:
    """Why ``power`` (see ``uses_left``) may not act now, if its uses are the reason."""
    if g.phase != CONQUER or g.turn.conquest_over:
        return N_("{power} acts during your conquests, before your final one"), {
            "power": power.qid}
    if g.turn.roll >= 0:
        return N_("a die was rolled for your next conquest: conquer first"), {}
    if g.turn.extra.get(power.qid, 0) >= power.num("uses_per_turn"):
        return N_("{power} acts at most {count} times per turn"), {
            "power": power.qid, "count": power.num("uses_per_turn")}
    return None


class Intimidating(WarcraftPower):
    """Up to 3 times per turn, before the final conquest: one token leaves an opponent's
    region next to the race's regions (not water, not an immune region) for another region
    of its own race chosen by the intimidating player, or is discarded if its race has no
    other region; a Murloc is always discarded.  A Wisp Wall or Fort there is removed
    first, one per use.  A Beast goes before the race's tokens (discarded, it is lost as a
    race token is).  It attacks the race (the price of an attack is paid, ``attack``), and a
    discarded token is lost as to any rule (``discard``: the Draenei may keep it, the
    Forsaken count it); a race left too few tokens in the region (none, a lone Tauren, active
    or declined) withdraws the rest to hand and the region is empty (``withdraw``).  It is
    no conquest: no faction bonus."""

    id = "intimidating"
    actions = kinds(intimidate=("region", "to"))

    def _victims(self, g: GameState, army: Army, walled: int) -> int:
        """The regions the race may intimidate now (``walled``: those holding a Wisp Wall or
        a Fort): the neighbours with something to remove or move, then those no rule keeps
        the race's powers out of (``untouchable`` asked of them alone: it answers region by
        region)."""
        if not uses_left(g, self, army):
            return 0
        near = g.map.adjacent(army.mask) & ~g.seat_mask(army.seat) & ~g.water_mask  # neighbours
        pieces = g.pieces
        victims = walled
        for kind in pieces.race_kinds:  # the regions with a Beast: ``_tokens``, without a call
            victims |= pieces.masks[kind]
        victims &= near
        tokens = g.region_tokens
        for r in bits(near & ~victims):  # a loop: no generator
            if tokens[r]:
                victims |= 1 << r
        return victims & ~untouchable(g, army, victims) if victims else 0

    @staticmethod
    def _tokens(g: GameState, region: int) -> int:
        """The tokens of ``region`` that may be moved: race tokens, Beasts included."""
        return g.region_tokens[region] + g.pieces.race_tokens(region)

    @staticmethod
    def _walled(g: GameState) -> int:
        """The regions holding a Wisp Wall or a Fort (one is removed first)."""
        return g.pieces.mask(WISP_WALL) | g.pieces.mask(FORT)

    @staticmethod
    def _walls(g: GameState, region: int) -> str:
        """The Wisp Wall or Fort to remove first from ``region`` ("" if none)."""
        return next((p for p in (WISP_WALL, FORT) if g.pieces.count(p, region)), "")

    @staticmethod
    def _exits(g: GameState, region: int, walled: int) -> tuple[int, ...]:
        """Where a token leaving ``region`` may go (``NOWHERE``: it is discarded);
        ``walled``: ``_walled``."""
        holder = g.region_army[region]
        if holder < 0 or walled >> region & 1:
            return DISCARDED
        return bits(g.armies[holder].mask & ~(1 << region)) or DISCARDED

    def conquest_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        walled = self._walled(g)
        victims = self._victims(g, army, walled)
        if not victims:  # no use left, or no region to act on: nothing to build
            return ()
        out: list[Action] = []
        for r in bits(victims):
            out += _moves("intimidate", r, self._exits(g, r, walled))
        return out

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        r, to = action.target, action.count
        g.turn.extra[self.qid] = g.turn.extra.get(self.qid, 0) + 1
        victim = g.holder(r)
        if victim is not None:
            attack(g, army, victim, r)
        wall = self._walls(g, r)
        if wall:
            g.pieces.remove(wall, r, 1)
            g.emit("piece_removed", army.seat, piece=wall, region=r)
            return
        if victim is None:
            g.emit("token_moved", army.seat, region=r, to=NOWHERE, defender_seat=NEUTRAL,
                   defender_race=g.neutral[r], defender_declined=False, piece="")
            discard(g, army, r)
            return
        piece = BEAST if g.pieces.count(BEAST, r) else ""
        g.emit("token_moved", army.seat, region=r, to=to, defender_seat=victim.seat,
               defender_race=victim.race, defender_declined=victim.declined, piece=piece)
        if piece:
            g.pieces.remove(BEAST, r, 1)
            if to != NOWHERE:
                g.pieces.add(BEAST, to)
            else:  # a race token lost: it counts for the Forsaken
                g.turn.lost[army.id] = g.turn.lost.get(army.id, 0) + 1
        elif to != NOWHERE:
            g.region_tokens[r] -= 1
            g.region_tokens[to] += 1
        else:
            discard(g, army, r)
        withdraw(g, army, r)

    def why_not(self, g: GameState, army: Army, action: Action) -> Reason | None:
        used = why_no_use(g, self)
        if used is not None:
            return used
        r = action.target
        bad = region_reason(g, r)
        if bad is not None:
            return bad
        bit = 1 << r
        if not neighbours(g, army.mask) & bit or g.seat_mask(army.seat) & bit or (
                g.region_army[r] == NOBODY):
            return N_("Intimidating acts on an opponent's region next to yours"), {}
        if g.water_mask & bit:
            return N_("{region} is water: Intimidating cannot reach it"), {"region": r}
        untouched = why_untouchable(g, army, r)
        if untouched is not None:
            return untouched
        if not self._walls(g, r) and not self._tokens(g, r):
            return N_("{region} has no token that may be moved"), {"region": r}
        if self._exits(g, r, self._walled(g)) == DISCARDED:
            return N_("nothing in {region} goes elsewhere: name no second region"), {
                "region": r}
        return N_("the token goes to another region of its own race"), {}


@cache
def _set_up_kinds(rules: Ruleset) -> frozenset[str]:
    """The piece kinds ``rules`` put on the map at set-up (once per ruleset)."""
    return frozenset(kind for kind, *_ in rules.placed)


class PortalMage(WarcraftPower):
    """Up to twice per turn, before the final conquest: swap every token on two Magic
    regions (their holders and tokens, Murlocs, pieces — Bombs and Military Objectives too —
    and Artifacts) except the Mountains (the pieces the map puts there at set-up) and the
    Legendary Places.  Any two Magic regions, not both empty, that no rule makes immune to
    the race's powers; a race entering a face-down marker's region this way turns it up.
    It is no conquest, but it attacks the other players' races it moves (``attack``); the
    rules following pieces learn of the swap (``on_regions_swapped``)."""

    id = "portal_mage"
    actions = kinds(portal=("region", "to"))

    def _gates(self, g: GameState, army: Army) -> tuple[int, ...]:
        if not uses_left(g, self, army):
            return ()
        magic = self.symbol(g, "magic") & ~g.closed_mask
        return bits(magic & ~untouchable(g, army, magic))

    @staticmethod
    def _fixed(g: GameState) -> frozenset[str]:
        """The piece kinds that never leave their region: those the map puts there at set-up
        (Mountains)."""
        return _set_up_kinds(g.rules)

    def _loaded(self, g: GameState, regions: tuple[int, ...]) -> int:
        """Those of ``regions`` that hold anything a portal moves (a mask): a holder, an
        artifact or a piece of a kind that moves (read from the pieces' masks, kind by kind,
        not from each region's pieces)."""
        fixed = self._fixed(g)
        moved = item_regions(g, "artifact")
        masks = g.pieces.masks
        for kind in masks:
            if kind not in fixed:
                moved |= masks[kind]
        holders = g.region_army
        out = 0
        for region in regions:
            if holders[region] != NOBODY or moved >> region & 1:
                out |= 1 << region
        return out

    def conquest_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        gates = self._gates(g, army)
        if len(gates) < 2:  # no pair to swap
            return ()
        return _pairs("portal", gates, self._loaded(g, gates))  # remembered: not copied

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        a, b = action.target, action.count
        g.turn.extra[self.qid] = g.turn.extra.get(self.qid, 0) + 1
        for region in (a, b):
            victim = g.holder(region)
            if victim is not None:
                attack(g, army, victim, region)
        pair = 1 << a | 1 << b
        for holder in {g.region_army[a], g.region_army[b]}:
            if holder >= 0 and g.armies[holder].mask & pair != pair:
                g.armies[holder].mask ^= pair
        g.region_army[a], g.region_army[b] = g.region_army[b], g.region_army[a]
        g.region_tokens[a], g.region_tokens[b] = g.region_tokens[b], g.region_tokens[a]
        g.neutral[a], g.neutral[b] = g.neutral[b], g.neutral[a]
        pieces = g.pieces
        fixed = self._fixed(g)
        for kind, where in pieces.masks.items():
            if where & pair and kind not in fixed:  # a kind on neither region stays put
                here, there = pieces.count(kind, a), pieces.count(kind, b)
                if here != there:
                    pieces.remove(kind, a)
                    pieces.remove(kind, b)
                    for region, n in ((a, there), (b, here)):
                        if n:
                            pieces.add(kind, region, n)
        for item, region in list(g.items.items()):
            if region in (a, b) and ITEMS[item].kind == "artifact":
                g.move_item(item, a + b - region)
        g.emit("regions_swapped", army.seat, region=a, to=b)
        for other in g.armies:
            if other.alive:
                for t in g.rules_of(other):
                    t.on_regions_swapped(g, other, a, b)
        for region in (a, b):
            if g.region_army[region] >= 0:
                reveal_marker(g, region)

    def why_not(self, g: GameState, army: Army, action: Action) -> Reason | None:
        used = why_no_use(g, self)
        if used is not None:
            return used
        a, b = action.target, action.count
        for r in (a, b):
            bad = region_reason(g, r)
            if bad is not None:
                return bad
        magic = self.symbol(g, "magic")
        for r in (a, b):
            if not magic >> r & 1:
                return N_("{region} is not a Magic region"), {"region": r}
            untouched = why_untouchable(g, army, r)
            if untouched is not None:
                return untouched
        if a == b:
            return N_("a portal joins two different Magic regions"), {}
        if a > b:
            return N_("name the lower-numbered region first"), {}
        return N_("both regions are empty: there is nothing to swap"), {}


ALL: list[type[Content]] = [
    Archaeologist, Battlemaster, Beastmaster, Blacksmith, Champion, Defensive, Enraged,
    Explorer, Farming, Fishing, Garrison, Herbalist, Intimidating, MarshDweller, Mining,
    Mountaineer, PortalMage, Ranger, Sailor, SwampWalker,
]
