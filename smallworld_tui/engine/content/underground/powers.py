"""The 21 special powers of Small World Underground, each with its whole rule."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import cache
from typing import TYPE_CHECKING, TypeVar

from smallworld_tui.engine.actions import Action, on_regions
from smallworld_tui.engine.bitset import bits
from smallworld_tui.engine.conquest import (
    empty_region,
    hand_refusal,
    reach_mask,
    retire,
    take_region,
)
from smallworld_tui.engine.content.common import (
    BANK,
    box_count,
    groups,
    lone_enemies,
    pay_coins,
    river_like,
    why_no_swap,
    why_unaided,
)
from smallworld_tui.engine.content.traits import (
    Content,
    CostChange,
    Item,
    Power,
    Reason,
    discount,
    kinds,
)
from smallworld_tui.engine.decline import may_decline
from smallworld_tui.engine.phase import CONQUER, END, REDEPLOY
from smallworld_tui.engine.registry import ITEMS
from smallworld_tui.i18n import N_

if TYPE_CHECKING:
    from smallworld_tui.engine.ruleset import Ruleset
    from smallworld_tui.engine.state import Army, GameState

BAG = "underground:bag"
QUEEN = "underground:queen"
OFF_MAP = -1
_T = TypeVar("_T")
ARMOR = "underground:mushroom_armor"
VENGEANCE = "underground:vengeance"


class Adventurous(Power):
    """+1 coin per region held with a Popular Place in it (Relics do not count)."""

    id = "adventurous"

    def score(self, g: GameState, army: Army) -> int:
        mask, places = army.mask, 0
        for qid, r in g.items.items():  # a loop: no generator for a few items
            if r >= 0 and mask >> r & 1 and ITEMS[qid].kind == "place":
                places += 1
        return places * self.num("coins_per_place")


class Fisher(Power):
    """+1 coin per pair of coastal regions held (land next to a River; next to a Sea or
    Lake on a surface map), the two regions of a pair bordering the same river region, as
    many pairs as can be made.  Game option ``fisher_pairs_share_a_river`` off: any two
    coastal regions make a pair (the English copy's looser reading)."""

    id = "fisher"
    needs = ("kind:river", "kind:water")

    def score(self, g: GameState, army: Army) -> int:
        coast = army.mask & g.map.coastal_mask
        if not g.options.get("fisher_pairs_share_a_river"):
            return coast.bit_count() // self.num("regions_per_coin")
        rivers = river_like(g.map)
        neighbors = g.map.neighbor_masks
        regions = bits(coast)
        banks = [neighbors[r] & rivers for r in regions]  # the rivers each one borders
        links = [0] * len(banks)  # each pair looked at once (plain loops, no generator)
        for i, bank in enumerate(banks):
            for j in range(i + 1, len(banks)):
                if bank & banks[j]:
                    links[i] |= 1 << j
                    links[j] |= 1 << i
        return _pairs(tuple(links), (1 << len(regions)) - 1)


@cache
def _relics_of(rules: Ruleset) -> tuple[tuple[int, str], ...]:
    """(index, qid) of the relics among the ruleset's items (fixed once it is made)."""
    return tuple((k, qid) for k, qid in enumerate(rules.items) if ITEMS[qid].kind == "relic")


@cache
def _pairs(links: tuple[int, ...], left: int) -> int:
    """The most disjoint pairs among the nodes of ``left`` (``links[i]``: i's partners)."""
    if not left:
        return 0
    i = left.bit_length() - 1
    rest = left & ~(1 << i)
    best = _pairs(links, rest)
    for j in bits(links[i] & rest):
        best = max(best, 1 + _pairs(links, rest & ~(1 << j)))
    return best


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
        most, tokens, crowded = self.num("min_tokens"), g.region_tokens, 0
        for r in bits(army.mask):  # a loop: no generator for a few regions
            if tokens[r] >= most:
                crowded += 1
        return crowded * self.num("coins_per_region")


class Immortal(Power):
    """Lose no token when an enemy takes a region: all go back to hand (a token replaced by
    a Vampire or the Shiny Orb is still lost)."""

    id = "immortal"
    keeps_tokens_when_defeated = True


class BagKinds(Mapping[str, tuple[str, ...]]):
    """The Bag-o'-Many-Things' action kinds: its own choice, and every relic's (it may act
    as any of them); relics are registered after the powers, so this is read lazily."""

    def _kinds(self) -> dict[str, tuple[str, ...]]:
        out: dict[str, tuple[str, ...]] = {"bag": ("item",)}
        for item in ITEMS.values():
            if item.kind == "relic":
                out.update(item.actions)
        return out

    def __getitem__(self, kind: str) -> tuple[str, ...]:
        return self._kinds()[kind]

    def __iter__(self) -> Iterator[str]:
        return iter(self._kinds())

    def __len__(self) -> int:
        return len(self._kinds())


class Magic(Power):
    """The Bag-o'-Many-Things: each turn the race may choose one relic face up in play; the
    Bag then works as that relic for the rest of the turn, with its own place and its own
    use (the relic itself is untouched).  The Bag sits where it was last used; if its region
    is taken or left it comes back to hand.  It leaves with the badge on decline."""

    id = "magic"
    actions = BagKinds()
    helps_conquest = True  # its conquest hooks are the imitated relic's
    acts_when_scoring = True  # it scores as the relic in the Bag

    def on_picked(self, g: GameState, army: Army) -> None:
        army.reserve[BAG] = 1

    # --- which relic, where the Bag is ---------------------------------------------------
    def relic(self, g: GameState) -> Item | None:
        """The relic the Bag imitates this turn, if one was chosen."""
        chosen = g.turn.extra.get(self.qid, -1)
        return ITEMS[g.rules.items[chosen]] if chosen >= 0 else None

    def _relics(self, g: GameState) -> list[int]:
        """Indexes (in the game's item list) of the relics face up on the map."""
        items = g.items
        return [k for k, qid in _relics_of(g.rules) if items.get(qid, OFF_MAP) >= 0]

    def _spot(self, g: GameState, army: Army) -> int:
        """The Bag's region, or (in hand) a region the army does not hold."""
        held = g.pieces.mask(BAG) & army.mask
        if held:
            return held.bit_length() - 1
        return next(r for r in range(len(g.region_army)) if not army.mask >> r & 1)

    def _as_bag(self, g: GameState, army: Army, call: Callable[[Item], _T],
                default: _T, hook: str = "") -> _T:
        """``call`` the imitated relic's rule with the Bag's place and turn mark standing in
        for the relic's own; the Bag follows the relic if the rule moves it.  ``hook``: the
        ``Content`` hook ``call`` asks, with ``default`` what ``Content`` returns: a relic
        that keeps it is not asked (most relics fill in one or two hooks).  The hooks called
        at every listing return their default themselves while no relic is chosen
        (``_idle``), without this call."""
        relic = self.relic(g)
        if relic is None or army.declined or (
                hook and getattr(type(relic), hook) is getattr(Content, hook)):
            return default
        qid, mark = relic.qid, f"{self.qid}:mark"
        extra = g.turn.extra
        own_place, own_mark = g.items[qid], extra.pop(qid, None)
        before, version = dict(g.items), g.items.version
        spot = self._spot(g, army)
        g.items[qid] = spot
        if mark in extra:
            extra[qid] = extra[mark]
        try:
            return call(relic)
        finally:
            moved_to = g.items[qid]
            g.items.put_back(qid, own_place, before, version)
            if qid in extra:
                extra[mark] = extra.pop(qid)
            if own_mark is not None:
                extra[qid] = own_mark
            if moved_to != spot and army.mask >> moved_to & 1:
                g.pieces.remove_all(BAG, g.map.all_mask)
                army.reserve.pop(BAG, None)
                g.pieces.add(BAG, moved_to)

    def _idle(self, g: GameState, army: Army) -> bool:
        """Whether the Bag acts as no relic now: none chosen this turn, or the race declined
        (``_as_bag`` would return its default)."""
        return army.declined or g.turn.extra.get(self.qid, -1) < 0

    def scores_nothing(self, g: GameState, army: Army) -> bool:
        """The Bag scores only as a relic that scores, from one of the race's regions."""
        relic = self.relic(g)
        return (relic is None or army.declined or type(relic).score is Content.score
                or not g.pieces.mask(BAG) & army.mask)

    # --- choosing ----------------------------------------------------------------------------
    def _choices(self, g: GameState) -> list[Action]:
        """Choosing a relic (the race active, none chosen yet this turn)."""
        return [Action("bag", k) for k in self._relics(g)]

    def _relic_actions(self, g: GameState, army: Army, hook: str) -> list[Action]:
        """The imitated relic's choices from its hook ``hook`` (e.g. "end_actions")."""
        none: list[Action] = []
        return self._as_bag(g, army, lambda r: list(getattr(r, hook)(g, army)), none, hook)

    def conquest_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        if army.declined:
            return ()
        if self.relic(g) is None:
            return self._choices(g)
        return self._relic_actions(g, army, "conquest_actions")

    def redeploy_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        if army.declined:
            return ()
        if self.relic(g) is None:
            return self._choices(g) if g.phase == REDEPLOY else ()
        return self._relic_actions(g, army, "redeploy_actions")

    def end_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        if self._idle(g, army):
            return ()
        return self._relic_actions(g, army, "end_actions")

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        if action.kind == "bag":
            g.turn.extra[self.qid] = action.target
            g.emit("bag_chosen", army.seat, item=g.rules.items[action.target])
            return
        if action in self._bag_actions(g, army):
            self._as_bag(g, army, lambda r: r.apply(g, army, action), None)
            return
        real = next((i for i in g.items_of(army) if i is not self and action.kind in i.actions),
                    None)
        if real is None:  # the Bag's imitation, offered by a hook of another phase's
            self._as_bag(g, army, lambda r: r.apply(g, army, action), None)
            return
        real.apply(g, army, action)  # the player's own relic of that kind

    def _bag_actions(self, g: GameState, army: Army) -> list[Action]:
        """The imitated relic's choices now."""
        hook = {CONQUER: "conquest_actions", REDEPLOY: "redeploy_actions",
                END: "end_actions"}.get(g.phase)
        return self._relic_actions(g, army, hook) if hook else []

    def why_not(self, g: GameState, army: Army, action: Action) -> Reason | None:
        if action.kind == "bag":
            if army.declined:
                return N_("the Bag-o'-Many-Things leaves with the badge on decline"), {}
            if self.relic(g) is not None:
                return N_("the Bag-o'-Many-Things was already given a relic this turn"), {}
            return N_("the Bag-o'-Many-Things imitates a relic face up on the map"), {}
        relic = self.relic(g)
        if relic is None or action.kind not in relic.actions:
            return None  # the player's own relic explains itself
        return self._as_bag(g, army, lambda r: r.why_not(g, army, action), None)

    # --- the relic's rules, with the Bag's place and use -------------------------------------
    def reach_mask(self, g: GameState, army: Army) -> int:
        if self._idle(g, army):
            return 0
        return self._as_bag(g, army, lambda r: r.reach_mask(g, army), 0, "reach_mask")

    def cost_changes(self, g: GameState, army: Army) -> tuple[CostChange, ...]:
        if self._idle(g, army):
            return ()
        return self._as_bag(g, army, lambda r: r.cost_changes(g, army), (), "cost_changes")

    def loss_dealt(self, g: GameState, army: Army, region: int, victim: Army, loss: int) -> int:
        if self._idle(g, army):
            return loss
        return self._as_bag(g, army, lambda r: r.loss_dealt(g, army, region, victim, loss),
                            loss, "loss_dealt")

    def on_conquered(self, g: GameState, army: Army, region: int) -> None:
        if not self._idle(g, army):
            self._as_bag(g, army, lambda r: r.on_conquered(g, army, region), None,
                         "on_conquered")

    def score(self, g: GameState, army: Army) -> int:
        if not g.pieces.mask(BAG) & army.mask:
            return 0  # a relic's coins come from the region it stands in
        return self._as_bag(g, army, lambda r: r.score(g, army), 0, "score")


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

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        cls.needs = (f"terrain:{cls.terrain_name}",)

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


class Reborn(Power):
    """In decline: at the start of each of the player's turns, before the active race
    conquers, up to 2 Reborn regions may pass to the active race — the declined tokens
    leave and one active token (from the box, else from hand) takes each region."""

    id = "reborn"
    works_in_decline = True
    actions = kinds(reborn=("region",))

    def _successor(self, g: GameState, army: Army) -> Army | None:
        if not army.declined or g.phase != CONQUER:  # asked before the active race is sought
            return None
        active = g.active_army(army.seat)
        turn = g.turn
        if (active is None or turn.acting != active.id or turn.conquered.get(active.id)
                or turn.extra.get(self.qid, 0) >= self.num("max_regions")
                or (g.tray[active.race] <= 0 and active.hand <= 0)):
            return None
        return active

    def _regions(self, g: GameState, army: Army, active: Army) -> int:
        """The Reborn regions the active race may hold (water only if its rules allow)."""
        return army.mask if g.hooks(active).enters_water else army.mask & ~g.water_mask

    def turn_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        active = self._successor(g, army)
        return () if active is None else on_regions("reborn", self._regions(g, army, active))

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        active = self._successor(g, army)
        assert active is not None
        r = action.target
        g.turn.extra[self.qid] = g.turn.extra.get(self.qid, 0) + 1
        gone = empty_region(g, army, r)
        army.hand -= gone
        g.tray[army.race] += gone
        if not g.take_from_tray(active.race, 1):
            active.hand -= 1
        g.region_army[r] = active.id
        g.region_tokens[r] = 1
        active.mask |= 1 << r
        g.emit("region_switched", army.seat, region=r, race=active.race, old_race=army.race)
        if not army.mask and not army.hand:
            retire(g, army)

    def why_not(self, g: GameState, army: Army, action: Action) -> Reason | None:
        if not army.declined:
            return N_("Reborn acts only once its race is in decline"), {}
        if g.turn.extra.get(self.qid, 0) >= self.num("max_regions"):
            return (N_("Reborn passes at most {count} regions per turn"),
                    {"count": self.num("max_regions")})
        active = g.active_army(army.seat)
        if active is None or g.phase != CONQUER or g.turn.conquered.get(active.id):
            return N_("Reborn acts at the start of your turn, before your active race "
                      "conquers"), {}
        if g.tray[active.race] <= 0 and active.hand <= 0:
            return N_("no {race} token is left to take the region"), {"race": active.race}
        if g.water_mask >> action.target & 1 and army.mask >> action.target & 1:
            return N_("your active race may not hold {region}"), {"region": action.target}
        return N_("Reborn passes only regions of its own declined race"), {}


class Royal(Power):
    """At the end of each turn (while redeploying) the Queen may go in one of the race's
    regions, which becomes immune to other players; after decline she stays where she is."""

    id = "royal"
    works_in_decline = True
    actions = kinds(queen=("region",))

    def redeploy_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        if g.phase == REDEPLOY and not army.declined and not g.turn.extra.get(self.qid):
            return on_regions("queen", army.mask & ~g.pieces.mask(QUEEN))
        return ()

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        g.turn.extra[self.qid] = 1
        g.pieces.remove_all(QUEEN, g.map.all_mask)
        g.place_piece(QUEEN, action.target, army.seat)

    def why_not(self, g: GameState, army: Army, action: Action) -> Reason | None:
        if army.declined:
            return N_("the Queen of a declined race never moves"), {}
        if g.phase != REDEPLOY:
            return N_("the Queen is placed while redeploying"), {}
        if g.turn.extra.get(self.qid):
            return N_("the Queen moves once per turn"), {}
        return N_("the Queen goes in one of your own regions"), {}


class Shield(Power):
    """At the end of the conquests, a Mushroom Armor per Mushroom Forest held (8 in the box),
    placed at redeployment in the race's regions (+1 defence each, in decline too); armor
    leaves with its region."""

    id = "shield"
    needs = ("terrain:mushroom_forest",)
    works_in_decline = True
    actions = kinds(armor=("region",))

    def on_redeploy_start(self, g: GameState, army: Army) -> None:
        if army.declined:
            return
        held = army.reserve.get(ARMOR, 0)
        free = box_count(self, "mushroom_armor") - g.pieces.total(ARMOR) - held
        forests = (army.mask & self.terrain(g, "mushroom_forest")).bit_count()
        got = min(free, forests)
        if got:
            army.reserve[ARMOR] = held + got
            g.emit("pieces_gained", army.seat, piece=ARMOR, count=got)

    def redeploy_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        if g.phase == REDEPLOY and army.reserve.get(ARMOR, 0) and not army.declined:
            return on_regions("armor", army.mask)
        return ()

    def redeploy_blocker(self, g: GameState, army: Army) -> str:
        if (g.phase == REDEPLOY and army.reserve.get(ARMOR, 0) and army.mask
                and not army.declined):
            return N_("place your Mushroom Armor first")
        return ""

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        army.reserve[ARMOR] -= 1
        if not army.reserve[ARMOR]:
            del army.reserve[ARMOR]
        g.place_piece(ARMOR, action.target, army.seat)

    def why_not(self, g: GameState, army: Army, action: Action) -> Reason | None:
        if army.declined or g.phase != REDEPLOY:
            return N_("Mushroom Armor is placed while redeploying"), {}
        if not army.reserve.get(ARMOR, 0):
            return N_("you have no Mushroom Armor to place"), {}
        return N_("Mushroom Armor goes in your own regions"), {}


class Thieving(Power):
    """At the end of the turn, 1 coin from each player with active tokens in a region
    bordering a Thieving region (nothing from a player who has none).  An immune region is
    untouched: its tokens count for nothing."""

    id = "thieving"
    acts_when_scoring = True

    def scores_nothing(self, g: GameState, army: Army) -> bool:
        """Its coins are taken from the other players, not scored (``score`` gives 0)."""
        return True

    def score(self, g: GameState, army: Army) -> int:
        near = g.map.adjacent(army.mask) & ~g.immune_mask(army.seat)
        for seat in range(g.players):
            victim = g.active_army(seat)
            if seat != army.seat and victim is not None and victim.mask & near:
                pay_coins(g, seat, army.seat, self.num("coins_per_player"), self.qid)
        return 0


class Tomb(Power):
    """In decline: every token stays on the map and the race redeploys once more.  Later, a
    Tomb region taken loses 1 token and the rest are redeployed in the other Tomb regions at
    the end of the attacker's turn; with no Tomb region left they are lost."""

    id = "tomb"
    works_in_decline = True
    keeps_tokens_on_decline = True
    redeploys_on_decline = True

    def on_region_lost(self, g: GameState, army: Army, region: int, attacker: Army,
                       victim: Army) -> None:
        if victim is army and army.declined and army.alive and not army.mask:
            g.tray[army.race] += army.hand
            army.hand = 0
            retire(g, army)


class Vampire(Power):
    """Once per turn per opponent, take a region held by a single active enemy token by
    replacing it with one of yours (from the box, else from hand; a token in hand is needed
    as for any conquest): the enemy token is lost, even an Immortal one."""

    id = "vampire"
    actions = kinds(vampire=("region",))

    def conquest_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        if army.hand < 1 or g.turn.roll >= 0:
            return ()
        bitten = g.turn.extra.get(self.qid, [])
        lone = lone_enemies(g, army, reach_mask(g, army))
        if not lone:  # no region to bite: which no rule may help to take is not asked
            return ()
        unaided = g.unaided(army)
        return [Action("vampire", r) for r, enemy in lone
                if enemy.seat not in bitten and not unaided >> r & 1]

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        r = action.target
        g.turn.extra.setdefault(self.qid, []).append(g.region_seat(r))
        from_tray = g.take_from_tray(army.race, 1) == 1
        take_region(g, army, r, 1, "vampire", losses=1, from_tray=from_tray)

    def why_not(self, g: GameState, army: Army, action: Action) -> Reason | None:
        short = hand_refusal(army.hand)
        if short is not None:
            return short
        if 0 <= action.target < len(g.region_army):
            unaided = why_unaided(g, army, action.target)
            if unaided is not None:
                return unaided
        return why_no_swap(g, army, action.target, self, self.qid,
                           supply=g.tray[army.race] + army.hand)


class Vanishing(Power):
    """On going into decline, every token of the race leaves the map, and the player gets
    2 coins per region it held instead of 1.  Lent by a place (Stonehedge), it is optional
    like every place's power: it acts only if the player chose it (``vanish``) before
    declining that turn."""

    id = "vanishing"
    actions = kinds(vanish=())

    def _lent(self, army: Army) -> bool:
        """Whether the army has the power from a place, not from its own badge."""
        return army.power != self.qid

    def turn_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        if (self._lent(army) and not g.turn.extra.get(self.qid)  # the mark before the call
                and may_decline(g, army)):
            return (Action("vanish"),)
        return ()

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        g.turn.extra[self.qid] = 1
        g.emit("power_chosen", army.seat, power=self.qid)

    def why_not(self, g: GameState, army: Army, action: Action) -> Reason | None:
        if not self._lent(army):
            return N_("{power} acts by itself when your race declines"), {"power": self.qid}
        if g.turn.extra.get(self.qid):
            return N_("{power} will act when you decline this turn"), {"power": self.qid}
        return (N_("{power} is chosen at the start of your turn, before you decline"),
                {"power": self.qid})

    def on_decline(self, g: GameState, army: Army) -> None:
        if self._lent(army) and not g.turn.extra.get(self.qid):
            return
        regions = army.mask.bit_count()
        for r in bits(army.mask):
            empty_region(g, army, r)
            g.emit("abandoned", army.seat, race=army.race, region=r)
        g.tray[army.race] += army.hand
        army.hand = 0
        if regions:
            pay_coins(g, BANK, army.seat, regions * self.num("coins_per_region"), self.qid)


class Vengeful(Power):
    """Each player who takes a region from any of the player's races gets a Vengeance
    marker (one per player, 4 in the box); on the player's next turn the race pays 1 token
    less against every region of a marked player, then takes the markers back."""

    id = "vengeful"

    def on_region_lost(self, g: GameState, army: Army, region: int, attacker: Army,
                       victim: Army) -> None:
        seat = attacker.seat
        given = army.extra.get(VENGEANCE, 0)  # seats holding a marker, as bits
        if (seat == army.seat or given >> seat & 1
                or given.bit_count() >= box_count(self, "vengeance")):
            return
        army.extra[VENGEANCE] = given | 1 << seat
        g.emit("pieces_gained", seat, piece=VENGEANCE, count=1)

    def on_turn_start(self, g: GameState, army: Army) -> None:
        army.extra[self.qid] = army.extra.pop(VENGEANCE, 0)  # markers acted upon this turn

    def cost_changes(self, g: GameState, army: Army) -> tuple[CostChange, ...]:
        marked = army.extra.get(self.qid, 0)
        if not marked:
            return ()
        targets = 0
        for other in g.armies:
            if other.alive and marked >> other.seat & 1:
                targets |= other.mask
        return discount(targets, self.num("discount"))


class Wise(Power):
    """In decline (from the turn it declines) and still on the map: +2 coins per turn."""

    id = "wise"
    works_in_decline = True

    def score(self, g: GameState, army: Army) -> int:
        return self.num("bonus_coins") if army.declined and army.mask else 0


ALL: list[type[Content]] = [
    Adventurous, Fisher, Flocking, Frightened, Immortal, Magic, Martyr, Mining, Muddy, Mystic,
    Quarreling, Reborn, Royal, Shield, Stone, Thieving, Tomb, Vampire, Vanishing, Vengeful,
    Wise,
]
