"""The 6 Righteous Relics and 9 Popular Places of Small World Underground.

An item lends its rules to the army holding its region (``GameState.items_of``): to an
active race, and to a declined one only where the item says so.  Places never move; a relic
ends the turn in the region where it was last used.  The holder's choices are actions:

- the Doormat, the Sword and the Socks are readied for the next conquest of the turn, whose
  cost and reach then include their help (a failed die roll, or a conquest no rule may help,
  against Gnomes, leaves the relic ready where it was); the Orb replaces a lone enemy token;
  the Balrog is sent at once by the Pentacle's finder, and later moves once per turn while
  its controller conquers or redeploys;
- the Scepter is placed while redeploying (before scoring); the Ring, the Ghost and the
  Altar's sacrifice come at the end of the turn, after scoring.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from smallworld_tui.engine.actions import Action, on_regions
from smallworld_tui.engine.bitset import NOBODY, bits
from smallworld_tui.engine.conquest import (
    after_oust,
    empty_region,
    oust,
    reach_mask,
    retire,
    shielded,
    take_region,
    why_unreachable,
)
from smallworld_tui.engine.content.common import (
    BANK,
    as_if_empty,
    lone_enemies,
    pay_coins,
    why_unaided,
)
from smallworld_tui.engine.content.item_rules import (
    USED,
    ReadiedItem,
    conquest_refusal,
    holds,
    moved,
    not_a_region,
    region_of,
    tokens_from_tray,
    used,
)
from smallworld_tui.engine.content.traits import (
    Content,
    CostChange,
    Place,
    Reason,
    Relic,
    discount,
    kinds,
)
from smallworld_tui.engine.market import ComboColumn
from smallworld_tui.engine.phase import CONQUER, END, REDEPLOY
from smallworld_tui.engine.registry import POWERS
from smallworld_tui.i18n import N_

if TYPE_CHECKING:
    from smallworld_tui.engine.state import Army, GameState

BALROG = "underground:balrog"
GHOST = "underground:ghost"
KEEP = "underground:keep_on_the_motherland"
LOST_MINE = "underground:mine_of_the_lost_dwarf"

COUNTING = "scepter_counting"  # marks the copies the Scepter scores on (no Scepter there)
SENDING = 3  # the Pentacle's mark in ``TurnState.extra``: just found, the Balrog goes now


# --- Righteous Relics --------------------------------------------------------------------------

class FlyingDoormat(ReadiedItem, Relic):
    """Once per turn, conquer any region, adjacent or not; the Doormat goes there."""

    id = "flying_doormat"
    actions = kinds(doormat=())

    def reach_mask(self, g: GameState, army: Army) -> int:
        return g.map.all_mask if self.ready(g) else 0


class SwordOfTheKillerRabbit(ReadiedItem, Relic):
    """Once per turn, conquer a region for 2 tokens fewer (at least 1)."""

    id = "sword_of_the_killer_rabbit"
    actions = kinds(sword=())

    def cost_changes(self, g: GameState, army: Army) -> tuple[CostChange, ...]:
        return discount(g.map.all_mask, self.num("discount")) if self.ready(g) else ()


class StinkyTrollsSocks(ReadiedItem, Relic):
    """Once per turn, conquer a region as if it were empty (its Black Mountain, Keep and
    Mushroom Armor still count); the ousted race loses no token."""

    id = "stinky_trolls_socks"
    actions = kinds(socks=())

    def cost_changes(self, g: GameState, army: Army) -> tuple[CostChange, ...]:
        if not self.ready(g):
            return ()
        return as_if_empty(g, g.map.all_mask)

    def loss_dealt(self, g: GameState, army: Army, region: int, victim: Army, loss: int) -> int:
        if not self.ready(g):
            return loss
        if victim.declined and not victim.has("acts_in_decline") and victim.mask == 1 << region:
            return g.region_tokens[region]  # a declined race with no region left cannot return
        return 0


class ShinyOrb(Relic):
    """Once per turn, replace a single active enemy token with one of yours (from the tray,
    else from your hand) and take its region; the Orb goes there."""

    id = "shiny_orb"
    actions = kinds(orb=("region",))

    def _targets(self, g: GameState, army: Army) -> int:
        if g.turn.extra.get(self.qid) or army.hand < 1:
            return 0
        targets = 0
        for r, _ in lone_enemies(g, army, reach_mask(g, army)):  # a loop: no generator
            targets |= 1 << r
        # which regions no rule may help to take asked only if there is one to take
        return targets & ~g.unaided(army) if targets else 0

    def conquest_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        targets = self._targets(g, army)
        return on_regions("orb", targets) if targets else ()

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        g.turn.extra[self.qid] = USED
        from_tray = g.take_from_tray(army.race, 1) == 1
        take_region(g, army, action.target, 1, "orb", losses=1, from_tray=from_tray)
        moved(g, army, self, action.target)

    def why_not(self, g: GameState, army: Army, action: Action) -> Reason | None:
        r = action.target
        reason = used(g, self) or not_a_region(g, r) or conquest_refusal(g, army)
        if reason is not None:
            return reason
        if not reach_mask(g, army) >> r & 1:
            return why_unreachable(g, army, r)
        return why_unaided(g, army, r) or (
            N_("{item} only replaces a single active enemy token"), {"item": self.qid})


class FroggysRing(Relic):
    """At the end of the turn, put the Ring in one of your regions and take 1 coin from
    every player with an active token in a region bordering it (immune regions aside)."""

    id = "froggys_ring"
    actions = kinds(ring=("region",))

    def end_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        return () if g.turn.extra.get(self.qid) else on_regions("ring", army.mask)

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        r = action.target
        g.turn.extra[self.qid] = USED
        moved(g, army, self, r)
        near = g.map.neighbor_masks[r] & ~g.immune_mask(army.seat)
        for seat in range(g.players):
            other = g.active_army(seat)
            if seat != army.seat and other is not None and other.mask & near:
                pay_coins(g, seat, army.seat, self.num("coins_per_player"), self.qid)

    def why_not(self, g: GameState, army: Army, action: Action) -> Reason | None:
        if g.phase != END:
            return N_("{item} is placed at the end of your turn, after scoring"), {
                "item": self.qid}
        return used(g, self) or (N_("{item} goes in one of the regions of the race holding it"),
                                 {"item": self.qid})


class ScepterOfAvarice(Relic):
    """Before scoring, put the Scepter in one of your regions: that region's coins count
    twice — its own coin and what each bonus pays for it (``region_bonus``) — except in the
    Mine of the Lost Dwarf."""

    id = "scepter_of_avarice"
    actions = kinds(scepter=("region",))

    def redeploy_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        if g.phase == REDEPLOY and not g.turn.extra.get(self.qid):
            return on_regions("scepter", army.mask & ~(1 << g.items[self.qid]))  # its region
        return ()

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        g.turn.extra[self.qid] = USED
        moved(g, army, self, action.target)

    def score(self, g: GameState, army: Army) -> int:
        here = region_of(g, self)
        if g.turn.extra.get(COUNTING) or g.items.get(LOST_MINE) == here:
            return 0
        others = []  # a loop: no generator for a rule or two
        for t in g.hooks(army).score:
            if t is not self:
                others.append(t)
        return (self.num("factor") - 1) * (1 + region_bonus(g, army, here, tuple(others)))

    def why_not(self, g: GameState, army: Army, action: Action) -> Reason | None:
        if g.phase != REDEPLOY:
            return N_("{item} is placed while you redeploy, before scoring"), {"item": self.qid}
        return used(g, self) or (N_("{item} goes in one of the regions of the race holding it"),
                                 {"item": self.qid})


def region_bonus(g: GameState, army: Army, region: int, rules: tuple[Content, ...]) -> int:
    """The coins ``rules`` (rules that score) pay ``army`` for ``region``: for each rule,
    what it pays less what it would pay if the army did not hold the region, when that is
    more.  Counted on copies of the game when a rule acts while scoring
    (``acts_when_scoring``), so that it acts on them only; when every rule only reads the
    game, on the game itself, with the region, then without it (taken out and put back: no
    copy made).  A rule acting while scoring that scores nothing now (``scores_nothing``:
    Thieving, an idle Bag) would pay nothing for it either way: it is left out.  (Plain
    loops: a generator costs more than asking the rule or two there are.)"""
    for rule in rules:
        if rule.acts_when_scoring:
            rules = tuple(t for t in rules
                          if not t.acts_when_scoring or not t.scores_nothing(g, army))
            if any(t.acts_when_scoring for t in rules):
                return _bonus_on_copies(g, army, region, rules)
            break
    if not rules:
        return 0
    held = []
    for t in rules:
        held.append(t.score(g, army))
    extra = g.turn.extra
    saved = army.mask, g.region_army[region], g.region_tokens[region], extra.get(COUNTING)
    extra[COUNTING] = 1
    _take_out(g, army, region)
    try:
        bonus = 0
        for was, t in zip(held, rules, strict=True):
            now = t.score(g, army)
            if was > now:
                bonus += was - now
        return bonus
    finally:
        army.mask, g.region_army[region], g.region_tokens[region], counting = saved
        if counting is None:
            del extra[COUNTING]
        else:
            extra[COUNTING] = counting


def _bonus_on_copies(g: GameState, army: Army, region: int, rules: tuple[Content, ...]
                     ) -> int:
    """``region_bonus`` counted on copies of the game (a rule of ``rules`` acts while
    scoring)."""
    with_it, without = g.clone(), g.clone()
    with_it.turn.extra[COUNTING] = 1
    without.turn.extra[COUNTING] = 1
    _take_out(without, without.armies[army.id], region)
    a, b = with_it.armies[army.id], without.armies[army.id]
    return sum(max(0, t.score(with_it, a) - t.score(without, b)) for t in rules)


def _take_out(g: GameState, army: Army, region: int) -> None:
    """``region`` no longer held by ``army``: empty (for ``region_bonus``)."""
    army.mask &= ~(1 << region)
    g.region_army[region] = NOBODY
    g.region_tokens[region] = 0


# --- Popular Places ----------------------------------------------------------------------------

class AltarOfSouls(Place):
    """At the end of the turn, discard one of your declined tokens for 3 coins (also while
    the Altar's holders are in decline)."""

    id = "altar_of_souls"
    works_in_decline = True
    actions = kinds(sacrifice=("region",))

    def _regions(self, g: GameState, seat: int) -> int:
        return sum(a.mask for a in g.armies_of(seat) if a.declined)

    def end_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        if g.turn.extra.get(self.qid):
            return ()
        return on_regions("sacrifice", self._regions(g, army.seat))

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        r = action.target
        victim = g.armies[g.region_army[r]]
        g.turn.extra[self.qid] = USED
        g.region_tokens[r] -= 1
        g.tray[victim.race] += 1
        if not g.region_tokens[r]:
            empty_region(g, victim, r)
        g.emit("token_sacrificed", army.seat, item=self.qid, race=victim.race, region=r)
        pay_coins(g, BANK, army.seat, self.num("coins"), self.qid)
        if not victim.mask and not victim.hand:
            retire(g, victim)

    def why_not(self, g: GameState, army: Army, action: Action) -> Reason | None:
        if g.phase != END:
            return N_("{item} takes its sacrifice at the end of your turn, after scoring"), {
                "item": self.qid}
        return used(g, self) or (N_("{item} takes a token of your declined race"),
                                 {"item": self.qid})


class CryptOfTheTombRaider(Place):
    """At the end of the turn, put the Ghost in any region but the Crypt's own: that region
    is immune (to everyone but its holder; to everyone while nobody holds it).  Never a
    chasm nor a region already immune to the player.  Frozen while the holders are declined;
    whoever takes the Crypt takes the Ghost off the map, to place it at the end of a turn."""

    id = "crypt_of_the_tomb_raider"
    actions = kinds(ghost=("region",))

    def _spots(self, g: GameState, army: Army) -> int:
        """Where the Ghost may go now."""
        return g.map.all_mask & ~(1 << region_of(g, self) | g.pieces.mask(GHOST)
                                  | g.closed_mask | g.immune_mask(army.seat))

    def end_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        return () if g.turn.extra.get(self.qid) else on_regions("ghost", self._spots(g, army))

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        g.turn.extra[self.qid] = USED
        g.pieces.remove_all(GHOST, g.map.all_mask)
        g.place_piece(GHOST, action.target, army.seat)

    def on_conquered(self, g: GameState, army: Army, region: int) -> None:
        if region == region_of(g, self):
            for r in bits(g.pieces.mask(GHOST)):
                g.pieces.remove(GHOST, r)
                g.emit("piece_removed", army.seat, piece=GHOST, region=r)

    def why_not(self, g: GameState, army: Army, action: Action) -> Reason | None:
        r = action.target
        if g.phase != END:
            return N_("the {piece} is placed at the end of your turn, after scoring"), {
                "piece": GHOST}
        reason = used(g, self) or not_a_region(g, r)
        if reason is not None:
            return reason
        if r == region_of(g, self):
            return N_("{item} keeps the {piece} out of its own region"), {
                "piece": GHOST, "item": self.qid}
        if g.pieces.mask(GHOST) >> r & 1:
            return N_("the {piece} is already in {region}"), {"piece": GHOST, "region": r}
        return N_("the {piece} never goes into a chasm or a region immune to you"), {
            "piece": GHOST}


class DiamondFields(Place):
    """+1 coin for its region and +1 per other region of the same terrain held by the same
    race (also in decline)."""

    id = "diamond_fields"
    works_in_decline = True

    def score(self, g: GameState, army: Army) -> int:
        here = region_of(g, self)
        same = g.map.terrain_mask(g.map.regions[here].terrain)
        return self.num("coins_per_region") * (army.mask & same).bit_count()


class GreatBrassPipe(Place):
    """Every region of the Pipe's terrain is adjacent to every other for its holder."""

    id = "great_brass_pipe"

    def reach_mask(self, g: GameState, army: Army) -> int:
        return g.map.terrain_mask(g.map.regions[region_of(g, self)].terrain)


class FountainOfYouth(Place):
    """At the start of the turn, 1 bonus token from the tray (if one is left)."""

    id = "fountain_of_youth"

    def on_turn_start(self, g: GameState, army: Army) -> None:
        tokens_from_tray(g, army, self.num("tokens"), self.qid)


class CoinPlace(Place):
    """Coins at the end of the turn for holding the place (also in decline)."""

    works_in_decline = True

    def score(self, g: GameState, army: Army) -> int:
        return self.num("coins") if holds(g, army, self) else 0


class KeepOnTheMotherland(CoinPlace):
    """+1 coin per turn; the Keep adds 1 to its region's defence (also in decline)."""

    id = "keep_on_the_motherland"

    def on_revealed(self, g: GameState, army: Army | None, region: int) -> None:
        g.place_piece(KEEP, region, army.seat if army else -1)


class MineOfTheLostDwarf(CoinPlace):
    """+2 coins per turn (also in decline); the Scepter does nothing here."""

    id = "mine_of_the_lost_dwarf"


class Stonehedge(Place):
    """Its discoverer draws a power badge at random from the pile (not a visible combo's):
    the holder of the Stonehedge has that power too, for the rest of the game."""

    id = "stonehedge"

    def badge(self, g: GameState) -> str:
        return str(g.item_data.get(self.qid, {}).get("badge", ""))

    def on_revealed(self, g: GameState, army: Army | None, region: int) -> None:
        stack = g.power_stack
        if stack:
            badge = stack.pop(g.rng.below(len(stack)))
        elif g.power_discard:
            market = g.market
            assert isinstance(market, ComboColumn), "Stonehedge draws from a combo column"
            badge = market.draw_power(g)
        else:
            return
        g.item_data[self.qid] = {"badge": badge}
        g.emit("power_drawn", army.seat if army else -1, item=self.qid, power=badge)

    def lent(self, g: GameState) -> tuple[Content, ...]:
        # ``badge`` without its call: asked each time the holder's rules are (``hooks``)
        data = g.item_data.get(self.qid)
        badge = data.get("badge") if data else None
        return (self, POWERS[badge]) if badge else (self,)

    def on_decline(self, g: GameState, army: Army) -> None:
        """A power drawn here that keeps every token at the decline (Tomb) keeps them only
        while the race holds the Stonehedge: remember whose they are (unless the race's own
        rules have just taken it off the map: Vanishing)."""
        badge = self.badge(g)
        if badge and POWERS[badge].keeps_tokens_on_decline and holds(g, army, self):
            g.item_data[self.qid]["kept_for"] = army.id

    def on_holder_left(self, g: GameState, army: Army, region: int) -> None:
        """Losing the Stonehedge ends the power it lent: a declined race that kept its
        tokens through it keeps one per region, the rest (in hand too) go to the tray."""
        data = g.item_data.get(self.qid, {})
        if data.get("kept_for") != army.id:
            return
        del data["kept_for"]
        if not army.mask:  # its last region: the race leaves the map
            return
        kept = army.race_trait.tokens_kept()
        surplus = army.hand
        for r in bits(army.mask):
            spare = max(0, g.region_tokens[r] - kept)
            g.region_tokens[r] -= spare
            surplus += spare
        army.hand = 0
        g.tray[army.race] += surplus
        if surplus:
            g.emit("tokens_returned", army.seat, race=army.race, count=surplus,
                   reason=self.qid)


class WickedestPentacle(Place):
    """Its finder sends the Balrog at once into a region next to it, before anything else;
    on later turns its holder may move the Balrog once per turn, while conquering or
    redeploying, into a region next to the Balrog's (next to the Pentacle while it waits
    beside the board).  The occupants lose 2 tokens and withdraw; the Balrog's region is
    immune to all and scores for nobody.  Never into a chasm, water, an immune region, one
    of the holder's active regions or a region only unaided attacks may take (Gnomes); with
    none left, the Balrog waits and may be sent later, as that turn's move."""

    id = "wickedest_pentacle"
    actions = kinds(balrog=("region",))

    def origin(self, g: GameState) -> int:
        """Where the Balrog moves from: its region, or the Pentacle's while it waits."""
        at = g.pieces.mask(BALROG)
        return bits(at)[0] if at else region_of(g, self)

    def sending(self, g: GameState) -> bool:
        """Whether the Pentacle was just found and the Balrog must be sent now."""
        return bool(g.turn.extra.get(self.qid) == SENDING)

    def targets(self, g: GameState, army: Army) -> int:
        if g.turn.extra.get(self.qid) == USED:
            return 0
        near = g.map.neighbor_masks[self.origin(g)] & ~army.mask
        near &= ~(g.closed_mask | g.water_mask | g.unaided(army)
                  | g.pieces.immune_mask("others") | g.pieces.immune_mask("all"))
        return near & ~shielded(g, army, near)

    def moves(self, g: GameState, army: Army) -> list[Action]:
        return on_regions("balrog", self.targets(g, army))

    def on_revealed(self, g: GameState, army: Army | None, region: int) -> None:
        if army is not None and army.id == g.turn.acting and self.targets(g, army):
            g.turn.extra[self.qid] = SENDING

    def conquest_blocker(self, g: GameState, army: Army) -> str:
        if self.sending(g):
            return N_("you found the Wickedest Pentacle: send the Balrog into a "
                      "neighbouring region first")
        return ""

    def conquest_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        return self.moves(g, army) if self.sending(g) else ()

    def turn_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        return () if self.sending(g) else self.moves(g, army)

    def redeploy_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        return self.moves(g, army) if g.phase == REDEPLOY else ()

    def redeploy_blocker(self, g: GameState, army: Army) -> str:
        if g.phase == REDEPLOY and self.sending(g) and self.targets(g, army):
            return N_("send the Balrog from the Wickedest Pentacle you found first")
        return ""

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        r = action.target
        g.turn.extra[self.qid] = USED
        g.pieces.remove_all(BALROG, g.map.all_mask)
        occupied = g.region_army[r] != NOBODY
        ousted = oust(g, army, r, loss=self.num("losses"))
        g.pieces.add(BALROG, r)
        after_oust(g, army, r, ousted)
        if occupied:
            g.emit("struck", army.seat, piece=BALROG, region=r, defender_seat=ousted.seat,
                   defender_race=ousted.race, defender_declined=ousted.declined,
                   lost=ousted.lost, returned=ousted.returned)
        else:
            g.emit("piece_placed", army.seat, piece=BALROG, region=r)

    def why_not(self, g: GameState, army: Army, action: Action) -> Reason | None:
        r = action.target
        if g.phase not in (CONQUER, REDEPLOY):
            return N_("the {piece} moves while you conquer or redeploy"), {"piece": BALROG}
        for reason in (used(g, self), not_a_region(g, r)):
            if reason is not None:
                return reason
        if not g.map.neighbor_masks[self.origin(g)] >> r & 1:
            return N_("the {piece} only moves to a neighbouring region"), {"piece": BALROG}
        if army.mask >> r & 1:
            return N_("the {piece} never attacks your active race"), {"piece": BALROG}
        return why_unaided(g, army, r) or (
            N_("the {piece} never enters chasms, water or immune regions"), {"piece": BALROG})


ALL: list[type[Content]] = [
    FlyingDoormat, FroggysRing, StinkyTrollsSocks, ScepterOfAvarice, ShinyOrb,
    SwordOfTheKillerRabbit, AltarOfSouls, CryptOfTheTombRaider, DiamondFields, GreatBrassPipe,
    FountainOfYouth, KeepOnTheMotherland, MineOfTheLostDwarf, Stonehedge, WickedestPentacle,
]
