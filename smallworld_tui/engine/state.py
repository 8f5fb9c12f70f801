"""The game state: everything needed to continue a game, and nothing derived from it.

Regions are indexed 0..N-1 as on the map; sets of regions are Python int bitmasks.  The state
holds its ruleset (the game's numbers, content and hooks) and its own random number
generator, so a game is a pure function of its game, setup, seed and actions.
``to_json``/``from_json`` round-trip the state exactly (saves and replay checks); ``clone``
copies it cheaply (undo, bots).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from smallworld_tui.engine.bitset import NEUTRAL, NOBODY, bits, mask_of
from smallworld_tui.engine.board import Map
from smallworld_tui.engine.content.traits import Content, Item, Trait
from smallworld_tui.engine.events import QUIET, Event
from smallworld_tui.engine.features import feature_mask
from smallworld_tui.engine.hooks import Hooks, hooks_of
from smallworld_tui.engine.market import Market
from smallworld_tui.engine.phase import OVER, PICK, Phase
from smallworld_tui.engine.pieces import Pieces
from smallworld_tui.engine.placements import ItemPlaces
from smallworld_tui.engine.registry import ITEMS, POWERS, RACES, ruleset
from smallworld_tui.engine.rng import Rng
from smallworld_tui.engine.ruleset import Ruleset

OFF_MAP = -1  # item location: not in play

#: what an army's traits depend on: its decline, whether it holds its badge, its power
_TraitsKey = tuple[bool, bool, str]
#: an army's traits and their hooks, with the key they were found for (``Army.traits``)
_Traits = tuple[_TraitsKey, tuple[Trait, ...], Hooks]
#: a key no army matches (an empty power)
_UNKNOWN: _TraitsKey = (False, False, "")


class _Held:
    """An army's hooks as ``GameState.hooks`` last found them while items were in play, and
    what they were found for: the items' version, the army's regions and traits (the very
    objects: compared by identity, no key to build), the regions then holding a face-up
    item and those of them the army held, what the items it holds whose lent rules may
    change (Stonehedge) lent then, and the (region, item) pairs it held."""

    __slots__ = ("badge", "declined", "held", "hooks", "mask", "mine", "power", "regions",
                 "version", "watched")

    def __init__(self, hooks: Hooks) -> None:
        self.version = -1  # no items' version: never matches
        self.mask = self.held = self.regions = 0
        self.power, self.declined, self.badge = "", False, False
        self.hooks = hooks
        self.watched: tuple[tuple[Item, tuple[Content, ...]], ...] = ()
        self.mine: tuple[tuple[int, Item], ...] = ()


#: the hooks of an army never asked while items were in play (shared: never written to)
_UNHELD = _Held(hooks_of(()))


@dataclass(slots=True)
class Army:
    """One race/power combo a player took: active, then declined, until it leaves the map."""

    id: int
    seat: int
    race: str  # qualified ids: "base:amazons"
    power: str
    declined: bool = False
    badge: bool = True  # still holds its power badge (discarded at decline, except Spirit)
    alive: bool = True
    hand: int = 0  # tokens held off the map (to conquer or to redeploy)
    mask: int = 0  # regions held
    picked_turn: int = 0  # the game's turn number when the combo was taken
    extra: dict[str, int] = field(default_factory=dict)  # per-trait counters (holes, ally, ...)
    reserve: dict[str, int] = field(default_factory=dict)  # pieces held off the map, by kind
    _traits: _Traits = field(init=False, repr=False, compare=False)
    _held: _Held = field(init=False, repr=False, compare=False)
    #: the regions (``mask``) the rules' ``travel_mask`` was last asked for, and its answer
    #: (``conquest._travel``)
    travelled: tuple[int, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # set here, not as defaults: a compiled build sees them too; keys nothing matches
        self._traits = (_UNKNOWN, (), _UNHELD.hooks)
        self._held = _UNHELD
        self.travelled = (-1, 0)

    @property
    def race_trait(self) -> Trait:
        return RACES[self.race]

    @property
    def power_trait(self) -> Trait:
        return POWERS[self.power]

    def traits(self) -> tuple[Trait, ...]:
        """The traits whose rules apply now: both while active; in decline only those that
        keep working (Dwarves, Ghouls) and a badge still held that works then (Spirit)."""
        # remembered, keyed by what changes the traits: decline, the badge, and the power
        # itself (a badge may be swapped: Shadow Mimes)
        cached = self._traits
        if (self.declined, self.badge, self.power) == cached[0]:
            return cached[1]
        return self._derive()[1]

    def hooks(self) -> Hooks:
        """``traits()`` sorted by the hooks they fill in."""
        cached = self._traits
        if (self.declined, self.badge, self.power) == cached[0]:
            return cached[2]
        return self._derive()[2]

    def _derive(self) -> _Traits:
        race = RACES[self.race]
        power = POWERS[self.power]
        if not self.declined:
            traits: tuple[Trait, ...] = (race, power)
        else:  # a kept badge stays with its race, but the race's own power stops
            traits = (race,) if race.works_in_decline else ()
            if self.badge and (power.outside_decline_limit or power.works_in_decline):
                traits += (power,)
        self._traits = ((self.declined, self.badge, self.power), traits, hooks_of(traits))
        return self._traits

    def has(self, flag: str) -> bool:
        """Whether any trait that applies now has the boolean property ``flag``."""
        return any(getattr(t, flag) for t in self.traits())

    def copy(self) -> Army:
        new = Army(self.id, self.seat, self.race, self.power, self.declined, self.badge,
                   self.alive, self.hand, self.mask, self.picked_turn, dict(self.extra),
                   dict(self.reserve))
        new._traits = self._traits
        return new

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id, "seat": self.seat, "race": self.race, "power": self.power,
            "declined": self.declined, "badge": self.badge, "alive": self.alive,
            "hand": self.hand,
            "regions": list(bits(self.mask)), "picked_turn": self.picked_turn,
            "extra": dict(sorted(self.extra.items())),
            "reserve": dict(sorted(self.reserve.items())),
        }

    def position(self) -> tuple[object, ...]:
        """What ``to_json`` holds, as a hashable key (see ``GameState.position``)."""
        return (self.id, self.seat, self.race, self.power, self.declined, self.badge,
                self.alive, self.hand, self.mask, self.picked_turn,
                tuple(sorted(self.extra.items())), tuple(sorted(self.reserve.items())))

    @staticmethod
    def from_json(d: dict[str, Any]) -> Army:
        return Army(
            id=d["id"], seat=d["seat"], race=d["race"], power=d["power"],
            declined=d["declined"], badge=d["badge"], alive=d["alive"], hand=d["hand"],
            mask=mask_of(d["regions"]), picked_turn=d["picked_turn"], extra=dict(d["extra"]),
            reserve=dict(d["reserve"]),
        )


@dataclass(slots=True)
class Combo:
    """A visible race banner + power badge in the column, with the coins lying on it."""

    race: str
    power: str
    coins: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"race": self.race, "power": self.power, "coins": self.coins}


@dataclass(slots=True)
class TurnState:
    """What happens during the current player's turn; reset when the next turn starts."""

    acting: int = -1  # army conquering or redeploying now (-1: none)
    readied: bool = False
    snapshot: list[list[int]] = field(default_factory=list)  # [region, tokens] before readying
    conquered: dict[int, int] = field(default_factory=dict)  # army id -> regions taken
    nonempty: dict[int, int] = field(default_factory=dict)  # army id -> non-empty regions taken
    beaten: dict[int, int] = field(default_factory=dict)  # army id -> regions taken from it
    lost: dict[int, int] = field(default_factory=dict)  # army id -> tokens it made others lose
    attacked: set[int] = field(default_factory=set)  # seats whose active race we attacked
    roll: int = -1  # a die rolled for the next conquest, not yet used (-1: none)
    conquest_over: bool = False  # the final die was rolled
    defenders: list[int] = field(default_factory=list)  # armies to redeploy at turn end
    expanded: bool = False  # the active race expanded this turn (needed for Stout)
    declined: bool = False  # the player went into decline this turn
    extra: dict[str, Any] = field(default_factory=dict)  # content's marks (ints, int lists)

    def copy(self) -> TurnState:
        return TurnState(
            self.acting, self.readied, [list(x) for x in self.snapshot], dict(self.conquered),
            dict(self.nonempty), dict(self.beaten), dict(self.lost), set(self.attacked), self.roll,
            self.conquest_over, list(self.defenders), self.expanded, self.declined,
            {k: list(v) if isinstance(v, list) else v for k, v in self.extra.items()},
        )

    def to_json(self) -> dict[str, Any]:
        def keyed(d: dict[int, int]) -> dict[str, int]:
            return {str(k): v for k, v in sorted(d.items())}

        return {
            "acting": self.acting, "readied": self.readied, "snapshot": self.snapshot,
            "conquered": keyed(self.conquered), "nonempty": keyed(self.nonempty),
            "beaten": keyed(self.beaten), "lost": keyed(self.lost),
            "attacked": sorted(self.attacked), "roll": self.roll,
            "conquest_over": self.conquest_over, "defenders": self.defenders,
            "expanded": self.expanded, "declined": self.declined,
            "extra": dict(sorted(self.extra.items())),
        }

    def position(self) -> tuple[object, ...]:
        """What ``to_json`` holds, as a hashable key (see ``GameState.position``)."""
        return (
            self.acting, self.readied, tuple(map(tuple, self.snapshot)),
            tuple(sorted(self.conquered.items())), tuple(sorted(self.nonempty.items())),
            tuple(sorted(self.beaten.items())), tuple(sorted(self.lost.items())),
            tuple(sorted(self.attacked)), self.roll, self.conquest_over,
            tuple(self.defenders), self.expanded, self.declined,
            tuple(sorted((k, tuple(v) if isinstance(v, list) else v)
                         for k, v in self.extra.items())),
        )

    @staticmethod
    def from_json(d: dict[str, Any]) -> TurnState:
        def keyed(x: dict[str, int]) -> dict[int, int]:
            return {int(k): v for k, v in x.items()}

        return TurnState(
            acting=d["acting"], readied=d["readied"], snapshot=[list(x) for x in d["snapshot"]],
            conquered=keyed(d["conquered"]), nonempty=keyed(d["nonempty"]),
            beaten=keyed(d["beaten"]), lost=keyed(d["lost"]), attacked=set(d["attacked"]),
            roll=d["roll"],
            conquest_over=d["conquest_over"], defenders=list(d["defenders"]),
            expanded=d["expanded"], declined=d["declined"], extra=dict(d["extra"]),
        )


def _copied(data: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """A deep copy of plain JSON data (``item_data``: dicts of numbers, strings and lists)."""
    return {k: _copied_value(v) for k, v in data.items()}


def _copied_value(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copied_value(v) for k, v in value.items()}
    if isinstance(value, list | tuple):  # as a JSON round trip would: a list
        return [_copied_value(v) for v in value]
    return value


#: the content filling a hook in, sorted (``_sorted``): the races and powers, whether races
#: alone are among them, whether a power is among the content, and the items
_Sorted = tuple[frozenset[str], bool, bool, tuple[str, ...]]
_SORTED: dict[frozenset[str], _Sorted] = {}


def _sorted(qids: frozenset[str]) -> _Sorted:
    """The content ``qids`` (those filling a hook in: ``Ruleset.filled_by``) sorted by kind,
    once per set (the same for every game of a ruleset: no generator per game)."""
    found = _SORTED.get(qids)
    if found is None:
        traits = frozenset(qid for qid in qids if qid not in ITEMS)
        found = _SORTED[qids] = (traits, not any(qid in POWERS for qid in traits),
                                 any(qid in POWERS for qid in qids),
                                 tuple(sorted(qid for qid in qids if qid in ITEMS)))
    return found


#: the items placed (``GameState._placed``): the version of the dict they were read from
#: (``ItemPlaces.version``: no other dict has it), the regions holding one, those whose
#: item's lent rules may change, (region, item) pairs
_Placed = tuple[int, int, int, tuple[tuple[int, Item], ...]]

#: what a state derives from its ruleset and map: the closed, water and river regions, each
#: region's cost when empty, and the regions of each feature asked (``feature_mask``)
_Derived = tuple[int, int, int, tuple[int, ...], dict[tuple[str, str, str], int]]
_DERIVED: dict[tuple[int, int], tuple[Ruleset, Map, _Derived]] = {}


def _derived(rules: Ruleset, board: Map) -> _Derived:
    """What a game's state derives from its ruleset and map (``_Derived``), worked out once
    per pair: every game on a map shares it."""
    key = (id(rules), id(board))
    found = _DERIVED.get(key)
    if found is not None and found[0] is rules and found[1] is board:
        return found[2]
    empty = rules.empty_region_cost
    cost = {t: row.get("cost", empty) for t, row in rules.table.get("terrains", {}).items()}
    derived: _Derived = (
        board.kind_mask("chasm"), board.kind_mask("water"), board.kind_mask("river"),
        tuple(cost.get(r.terrain, empty) for r in board.regions), {})
    if len(_DERIVED) >= 64:
        _DERIVED.clear()
    _DERIVED[key] = (rules, board, derived)
    return derived


@dataclass(slots=True)
class GameState:
    """A game in progress.  Mutated only by ``engine.game.apply``."""

    rules: Ruleset
    map: Map
    map_source: str  # the name or path the map was loaded from
    names: list[str]
    seed: int
    options: dict[str, Any]
    rng: Rng
    dice: list[int]  # pinned die results, used before the generator (tutorials, tests)
    pins: dict[str, list[str]]  # pinned draws of face-down piles not yet made (engine.piles)
    round: int
    seat: int  # whose turn it is
    turn_number: int  # turns started so far in the whole game
    phase: Phase
    actor: int  # whose decision it is (the defender during their end-of-turn redeploy)
    region_army: list[int]  # army id, NOBODY or NEUTRAL
    region_tokens: list[int]
    neutral: list[str]  # kind of the neutral defenders of each region ("" for none)
    pieces: Pieces
    items: ItemPlaces  # item -> region (or OFF_MAP), for items face up in play
    hidden: list[str]  # face-down items waiting to be revealed, in order
    facedown: dict[int, str]  # region -> the face-down item lying there
    item_data: dict[str, dict[str, Any]]  # per-item state (a relic's choice, …)
    armies: list[Army]
    combos: list[Combo]
    race_stack: list[str]
    power_stack: list[str]
    power_discard: list[str]
    columns: dict[str, list[str]]  # a market's columns, each its visible rows then its stack
    tray: dict[str, int]  # tokens left in the box, by race or neutral kind
    coins: list[int]
    coins_shown: list[int]  # seats showing their coins to their team partners (``showing``)
    gains: list[list[int]]  # coins received from the bank, per round per seat
    to_bank: int  # coins paid to the bank in the whole game
    turn: TurnState
    winners: list[int] = field(default_factory=list)
    events: list[Event] = field(default_factory=list, repr=False, compare=False)
    # derived from the ruleset and the map (not state)
    closed_mask: int = field(init=False, repr=False, compare=False)  # never entered (chasms)
    water_mask: int = field(init=False, repr=False, compare=False)  # needs enters_water
    leave_mask: int = field(init=False, repr=False, compare=False)  # emptied at redeployment
    base_cost: tuple[int, ...] = field(init=False, repr=False, compare=False)  # cost when empty
    #: reached from anywhere on the map (``Ruleset.open_mask``, asked once)
    open_regions: int = field(init=False, repr=False, compare=False)
    #: the costs a listing starts from where the travel cost is due, by the open regions
    #: where it is not (``conquest._far_costs``)
    far_costs: dict[int, Sequence[int]] = field(init=False, repr=False, compare=False)
    _features: dict[tuple[str, str, str], int] = field(init=False, repr=False, compare=False)
    _placed_now: _Placed = field(init=False, repr=False, compare=False)
    _fillers: dict[str, tuple[int, frozenset[str], bool, int]] = field(
        init=False, repr=False, compare=False)
    #: while an army's conquest choices are listed: [that army, the items' version and its
    #: reach then] (``conquest._reach``); None otherwise
    listing_reach: list[Any] | None = field(init=False, repr=False, compare=False)
    _filler_armies: dict[str, tuple[int, list[Army]]] = field(init=False, repr=False,
                                                              compare=False)
    _filler_sets: dict[str, tuple[int, int, list[Army], int]] = field(init=False, repr=False,
                                                                     compare=False)

    def __post_init__(self) -> None:
        # set here, not as defaults: a compiled build sees them too
        self._placed_now = (-1, 0, 0, ())
        self._fillers = {}
        self.listing_reach = None
        self.far_costs = {}
        self._filler_armies = {}
        self._filler_sets = {}
        (self.closed_mask, self.water_mask, self.leave_mask, self.base_cost,
         self._features) = _derived(self.rules, self.map)
        self.open_regions = (self.rules.open_mask(self) if "open_mask" in self.rules.own_hooks
                             else 0)

    @property
    def game(self) -> str:
        return self.rules.game

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def finished(self) -> bool:
        return self.phase == OVER

    @property
    def market(self) -> Market:
        """The combo market of this game (its ruleset's, for its options)."""
        return self.rules.market_for(self.options)

    # --- queries -----------------------------------------------------------------------
    def active_army(self, seat: int) -> Army | None:
        for army in self.armies:
            if army.alive and army.seat == seat and not army.declined:
                return army
        return None

    def armies_of(self, seat: int) -> list[Army]:
        """The armies of ``seat`` on the map (a loop: a comprehension costs a function)."""
        out = []
        for army in self.armies:
            if army.alive and army.seat == seat:
                out.append(army)
        return out

    def region_seat(self, region: int) -> int:
        """The seat holding ``region``: NOBODY (-1) empty, NEUTRAL (-2) neutral defenders."""
        army = self.region_army[region]
        return self.armies[army].seat if army >= 0 else army

    def tokens_on_board(self, army: Army) -> int:
        return sum(self.region_tokens[r] for r in bits(army.mask))

    def seat_tokens(self, seat: int) -> int:
        """Race tokens of ``seat`` on the map (active and declined), the race tokens kept as
        pieces (Beasts) included: the tie-break."""
        pieces = self.pieces
        total = 0
        for army in self.armies_of(seat):
            total += self.tokens_on_board(army)
            if pieces.race_kinds:
                total += sum(pieces.race_tokens(r) for r in bits(army.mask))
        return total

    def seat_mask(self, seat: int) -> int:
        own = 0
        for army in self.armies:
            if army.alive and army.seat == seat:
                own |= army.mask
        return own

    def immune_mask(self, seat: int, within: int = -1) -> int:
        """Regions pieces make immune to ``seat`` (other players' Holes, Heroes, Dragon…),
        or only those of the mask ``within``."""
        immune = self.pieces.immune_masks
        others = immune["others"] & within
        if others:
            others &= ~self.seat_mask(seat)
        return (others | immune["all"]) & within

    def fillers(self, hook: str) -> tuple[list[Army], int]:
        """Who may fill in ``hook`` (the sieve of ``armies_filling``), to be asked only of
        those near some regions (``fillers_near``): the armies whose race or power fills it
        in (every army, if a power does in a game where an army's power may change:
        ``Ruleset.swaps_power``), remembered while no army joins the game (they keep their
        race), and the regions of the items filling it in or whose lent rules may change
        (``_sieve``, remembered while the items stay the same)."""
        armies = self.armies
        known = self._filler_armies.get(hook)
        if known is None or known[0] != len(armies):
            known = self._trait_fillers(hook)
        version = self.items.version
        sieve = self._fillers.get(hook)
        if sieve is None or sieve[0] != version:
            sieve = self._sieve(hook)
        self._filler_sets[hook] = (len(armies), version, known[1], sieve[3])
        return known[1], sieve[3]

    def _trait_fillers(self, hook: str) -> tuple[int, list[Army]]:
        """The number of armies and those whose race or power fills in ``hook`` (every army,
        if a power does in a game where an army's power may change), remembered until an
        army joins (``fillers``, ``armies_filling``)."""
        armies = self.armies
        qids = self.rules.filled_by.get(hook, frozenset())
        if self.rules.swaps_power and _sorted(qids)[2]:
            may = [*armies]
        else:
            may = []
            for a in armies:  # a loop: a comprehension is one more call
                if a.race in qids or a.power in qids:
                    may.append(a)
        known = self._filler_armies[hook] = (len(armies), may)
        return known

    def fillers_near(self, hook: str, mask: int, seat: int) -> list[Army]:
        """The armies in play of other seats than ``seat`` holding a region of ``mask`` whose
        rules may fill in ``hook`` (``fillers``), each once (in most games, none): only
        those are asked, with no list of every army filling it in built each time."""
        known = self._filler_sets.get(hook)  # ``fillers``, without its call
        if known is None or known[0] != len(self.armies) or known[1] != self.items.version:
            armies, regions = self.fillers(hook)
        else:
            _, _, armies, regions = known
        out: list[Army] = []
        for a in armies:
            if a.mask & mask and a.seat != seat and a.alive:
                out.append(a)
        if regions:  # the holders of the items' regions
            for r in bits(regions):
                if (held := self.region_army[r]) >= 0:
                    a = self.armies[held]
                    if a.mask & mask and a.seat != seat and a.alive:
                        for b in out:  # a loop, not ``any``: no generator
                            if b is a:
                                break
                        else:
                            out.append(a)
        return out

    def feature_mask(self, kind: str, name: str, game: str) -> int:
        """Regions of terrain or symbol ``name`` as ``game`` calls it (remembered for every
        game on this map and ruleset)."""
        key = (kind, name, game)
        mask = self._features.get(key)
        if mask is None:
            mask = self._features[key] = feature_mask(self.map, kind, name, game)
        return mask

    def items_of(self, army: Army) -> list[Content]:
        """The items in the army's regions whose rules apply to it now."""
        _, held, _, placed = self._placed()
        return self._lent(army, placed) if army.mask & held else []

    def _lent(self, army: Army, placed: Sequence[tuple[int, Item]]) -> list[Content]:
        out: list[Content] = []
        mask, declined = army.mask, army.declined
        for region, item in placed:  # plain loops: a comprehension is one more call
            if mask >> region & 1:
                for rule in item.lent(self):
                    if not declined or rule.works_in_decline:
                        out.append(rule)
        return out

    def _placed(self) -> _Placed:
        """``items`` and its version, the regions holding a face-up item, those among them
        whose item lends rules that may change (``Item.lent`` overridden: Stonehedge), and
        (region, item) in the order of ``items`` (remembered until ``items`` changes)."""
        items = self.items
        now = self._placed_now
        if now[0] != items.version:
            pairs = []
            held = changing = 0
            for qid, region in items.items():  # one loop: no generator
                if region >= 0:
                    item = ITEMS[qid]
                    pairs.append((region, item))
                    held |= 1 << region
                    if type(item).lent is not Item.lent:
                        changing |= 1 << region
            now = self._placed_now = (items.version, held, changing, tuple(pairs))
        return now

    def rules_of(self, army: Army) -> tuple[Content, ...]:
        """The army's traits that apply now, then the items it holds that apply."""
        return self.hooks(army).all

    def unaided(self, attacker: Army) -> int:
        """Regions ``attacker`` may take only without help from a rule (Gnomes)."""
        out = 0
        rules = self.rules
        if "unaided_mask" not in rules.hooks_used or (  # nothing in play fills it in
                rules.item_hooks and "unaided_mask" not in (self.items.live or self.live_hooks())):
            return out
        for other in self.fillers_near("unaided_mask", -1, attacker.seat):
            for t in self.hooks(other).unaided:
                out |= t.unaided_mask(self, other, attacker)
        return out

    def live_hooks(self) -> frozenset[str]:
        """The hooks of ``rules.hooks_used`` that something in play may fill in now: all but
        those only items fill in (``Ruleset.item_hooks``) while none of those items is in
        play, nor one whose lent rules may change (Stonehedge).  No army fills in the others
        (``armies_filling`` finds none): callers skip them.  Remembered by the items until
        they change (``ItemPlaces.live``: callers may read it there first, without a call)."""
        live = self.items.live
        if live is None:
            _, _, changing, placed = self._placed()
            idle: set[str] = set()
            if not changing:
                in_play = set()
                for _, item in placed:  # a loop: a comprehension is one more call
                    in_play.add(item.qid)
                for hook, qids in self.rules.item_hooks.items():
                    if qids.isdisjoint(in_play):
                        idle.add(hook)
            live = self.items.live = self.rules.hooks_used - idle
        return live

    def armies_filling(self, hook: str) -> list[Army]:
        """The armies in play whose rules may fill in ``hook`` (a hot hook, ``Hooks``): its
        race or power does, or it holds the region of an item that does or whose lent rules
        may change (Stonehedge).  A quick sieve: ask each army's ``hooks`` for the rules."""
        known = self._fillers.get(hook)  # a hook no rule fills in has an entry too
        if known is None or known[0] != self.items.version:
            known = self._sieve(hook)
        _, traits, races_only, regions = known
        out: list[Army] = []  # plain loops: a comprehension is one more call
        if not traits:
            if regions:
                for a in self.armies:
                    if a.alive and a.mask & regions:
                        out.append(a)
        elif not regions:
            if races_only:  # the armies of those races (``_trait_fillers``; no power fills
                # the hook in, so none swapped in counts)
                of_races = self._filler_armies.get(hook)
                if of_races is None or of_races[0] != len(self.armies):
                    of_races = self._trait_fillers(hook)
                for a in of_races[1]:  # armies only join a game, and keep their race
                    if a.alive:
                        out.append(a)
            else:
                for a in self.armies:
                    if a.alive and (a.race in traits or a.power in traits):
                        out.append(a)
        else:
            for a in self.armies:
                if a.alive and (a.mask & regions or a.race in traits or a.power in traits):
                    out.append(a)
        return out

    def seat_armies_filling(self, hook: str, seat: int) -> list[Army]:
        """``armies_filling`` of ``seat`` alone: the same sieve, the other seats' armies
        passed over first (no list of all the armies filling the hook in to sift)."""
        known = self._fillers.get(hook)
        if known is None or known[0] != self.items.version:
            known = self._sieve(hook)
        _, traits, _, regions = known
        out: list[Army] = []
        for a in self.armies:
            if (a.seat == seat and a.alive
                    and (a.mask & regions or a.race in traits or a.power in traits)):
                out.append(a)
        return out

    def _sieve(self, hook: str) -> tuple[int, frozenset[str], bool, int]:
        """What ``armies_filling`` sifts by for ``hook`` while the items are as now: the items'
        version, the races and powers filling it in, whether races alone do, and the regions
        of the items that do or whose lent rules may change (nothing for an unused hook).
        The races and powers are sorted from the items once per ruleset (``_sorted``): only
        the regions are sought again when the items change."""
        version = self.items.version
        if hook not in self.rules.hooks_used:
            known = self._fillers[hook] = (version, frozenset(), True, 0)
            return known
        traits, races_only, _, fillers = _sorted(self.rules.filled_by[hook])
        regions = self._placed()[2]  # lent rules that may change
        items = self.items
        for qid in fillers:  # only the items filling the hook in, not every item placed
            region = items.get(qid, OFF_MAP)
            if region >= 0:
                regions |= 1 << region
        known = self._fillers[hook] = (version, traits, races_only, regions)
        return known

    def hooks(self, army: Army) -> Hooks:
        """``rules_of(army)`` sorted by the hooks they fill in (remembered per army while its
        traits, the items in its regions and the rules they lend stay the same: a region
        taken or lost that holds no item changes nothing)."""
        items = self.items
        if not items:  # the army's traits' hooks (``Army.hooks``, without a call)
            own = army._traits
            if (army.declined, army.badge, army.power) == own[0]:
                return own[2]
            return army.hooks()
        # each part compared by identity, nothing built: a tuple, a big int or an iterator
        # made per call would cost more than the rest of the call
        known = army._held
        if (known.version is items.version and known.power is army.power
                and known.declined is army.declined and known.badge is army.badge):
            mask = army.mask
            if mask is not known.mask:  # a region taken or lost: one holding an item?
                if mask & known.held != known.regions:
                    return self._hooks(army)
                known.mask = mask
            if known.watched:
                for item, lent in known.watched:  # a loop, not ``all``: no generator
                    if item.lent(self) != lent:
                        return self._hooks(army)
            return known.hooks
        return self._hooks(army)

    def _hooks(self, army: Army) -> Hooks:
        """``hooks`` worked out: the army's traits' hooks unless it holds an item; those
        found last if it holds the same items as then (they moved elsewhere, or its traits
        changed and changed back) and they lend rules that do not change; else anew."""
        version, held, changing, placed = self._placed()
        mask = army.mask & held
        known = army._held
        watched: tuple[tuple[Item, tuple[Content, ...]], ...] = ()
        mine: tuple[tuple[int, Item], ...] = ()
        if not mask:
            hooks = army.hooks()
        else:
            pairs = []
            for pair in placed:  # a loop: a comprehension is one more call
                if mask >> pair[0] & 1:
                    pairs.append(pair)
            mine = tuple(pairs)
            if (known.mine == mine and not known.watched and known.power == army.power
                    and known.declined == army.declined and known.badge == army.badge):
                hooks = known.hooks
            else:
                lent = self._lent(army, mine)
                hooks = hooks_of((*army.traits(), *lent)) if lent else army.hooks()
                if mask & changing:  # what they lend now, asked again each time
                    watched = tuple((item, item.lent(self)) for region, item in mine
                                    if changing >> region & 1)
        if known is _UNHELD:
            known = army._held = _Held(hooks)
        known.version, known.held, known.regions, known.mine = version, held, mask, mine
        known.mask, known.power, known.declined, known.badge = (
            army.mask, army.power, army.declined, army.badge)
        known.hooks, known.watched = hooks, watched
        return hooks

    def bank(self) -> int:
        """Coin value left in the bank (it may go below zero: the bank never runs dry)."""
        return self.rules.coin_total - sum(self.coins) - sum(c.coins for c in self.combos)

    def emit(self, kind: str, seat: int = -1, /, **data: Any) -> None:
        """Record an event of the action being applied (``apply`` returns them; none while
        it applies one quietly).  ``kind`` and ``seat`` are positional only: the fields
        given by name then go into ``data`` without being compared to them (quicker)."""
        events = self.events
        if events is not QUIET:
            events.append(Event(kind, seat, data))

    # --- token, coin and piece helpers (used by the rules and by content) --------------
    def take_from_tray(self, race: str, wanted: int) -> int:
        """Take up to ``wanted`` tokens of ``race`` from the tray; returns how many."""
        got = min(wanted, self.tray[race])
        self.tray[race] -= got
        return got

    def gain(self, seat: int, coins: int) -> None:
        """``seat`` receives ``coins`` from the bank."""
        self.coins[seat] += coins
        self.gains[self.round - 1][seat] += coins

    def pay(self, seat: int, coins: int, to: int = -1) -> int:
        """``seat`` pays up to ``coins`` to seat ``to`` (-1: the bank); returns what it paid."""
        paid = min(coins, self.coins[seat])
        self.coins[seat] -= paid
        if to >= 0:
            self.coins[to] += paid
        else:
            self.to_bank += paid
        return paid

    def roll_die(self) -> int:
        if self.dice:
            return self.dice.pop(0)
        faces = self.rules.die_faces
        return faces[self.rng.below(len(faces))]

    def new_combo(self, race: str, power: str) -> Combo:
        return Combo(race, power)

    def place_neutral(self, kind: str, region: int, count: int) -> None:
        """Put ``count`` neutral defenders of ``kind`` on the empty ``region``."""
        self.region_army[region] = NEUTRAL
        self.neutral[region] = kind
        self.region_tokens[region] = count
        self.tray[kind] -= count

    def place_piece(self, kind: str, region: int, seat: int, count: int = 1) -> None:
        """Put ``count`` pieces of ``kind`` in ``region`` for ``seat`` (-1: nobody) and say
        so (a ``piece_placed`` event)."""
        self.pieces.add(kind, region, count)
        self.emit("piece_placed", seat, piece=kind, region=region)

    def clear_pieces(self, region: int, old: Army | None = None) -> int:
        """The pieces of ``region`` react to its holder changing (or leaving): most leave the
        map, some stay (mountains), some go back to the old holder's reserve; then the items
        lying there learn that ``old`` left (``Item.on_holder_left``).  Returns how many
        pieces went back to ``old``.  Only the kinds that do not stay are looked at, and only
        where one lies (``Pieces.moving``: a region with none, or with mountains alone, is
        left as it is)."""
        pieces = self.pieces
        back = 0
        if pieces.moving >> region & 1:
            masks = pieces.masks
            for kind in pieces.moving_kinds:
                if masks[kind] >> region & 1:
                    n = pieces.remove(kind, region)
                    if old is not None and pieces.kinds[kind].on_capture == "return":
                        old.reserve[kind] = old.reserve.get(kind, 0) + n
                        back += n
        if old is not None and self.items and self._placed()[1] >> region & 1:
            for qid, at in list(self.items.items()):
                if at == region:
                    ITEMS[qid].on_holder_left(self, old, region)
        return back

    def holder(self, region: int) -> Army | None:
        """The army holding ``region``, if any."""
        army = self.region_army[region]
        return self.armies[army] if army >= 0 else None

    def reveal_item(self, item: str, region: int) -> None:
        """Turn a face-down item face up in ``region``; its rule acts at once."""
        self.move_item(item, region)
        holder = self.holder(region)
        self.emit("item_revealed", holder.seat if holder else -1, item=item, region=region)
        ITEMS[item].on_revealed(self, holder, region)

    def move_item(self, item: str, region: int) -> None:
        """Put a face-up item in ``region`` (or OFF_MAP).  Items stay in the order of their
        ids, so a state and its JSON copy list them (and their actions) alike."""
        if item in self.items:
            self.items[item] = region
        else:
            self.items = ItemPlaces(sorted({**self.items, item: region}.items()))

    # --- copies and serialisation ------------------------------------------------------
    def clone(self) -> GameState:
        """An independent copy (events are not copied)."""
        new = GameState(  # positionally, in the order of the fields (quicker)
            self.rules, self.map, self.map_source, list(self.names), self.seed,
            dict(self.options), Rng(self.rng.state), list(self.dice),
            {k: list(v) for k, v in self.pins.items()} if self.pins else {}, self.round,
            self.seat, self.turn_number, self.phase, self.actor, list(self.region_army),
            list(self.region_tokens), list(self.neutral), self.pieces.clone(),
            ItemPlaces(self.items), list(self.hidden), dict(self.facedown),
            _copied(self.item_data), [a.copy() for a in self.armies],
            [Combo(c.race, c.power, c.coins) for c in self.combos], list(self.race_stack),
            list(self.power_stack), list(self.power_discard),
            {k: list(v) for k, v in self.columns.items()}, dict(self.tray), list(self.coins),
            list(self.coins_shown), [list(row) for row in self.gains], self.to_bank,
            self.turn.copy(), list(self.winners))
        return new

    def to_json(self) -> dict[str, Any]:
        out = {
            "game": self.game, "map": self.map_source, "names": self.names,
            "seed": self.seed, "options": self.options, "rng": self.rng.state,
            "dice": self.dice, "pins": self.pins, "round": self.round, "seat": self.seat,
            "turn_number": self.turn_number, "phase": str(self.phase), "actor": self.actor,
            "region_army": self.region_army, "region_tokens": self.region_tokens,
            "neutral": self.neutral, "pieces": self.pieces.to_json(),
            "items": dict(sorted(self.items.items())), "hidden": self.hidden,
            "facedown": {str(r): i for r, i in sorted(self.facedown.items())},
            "item_data": self.item_data,
            "armies": [a.to_json() for a in self.armies],
            "combos": [c.to_json() for c in self.combos],
            "race_stack": self.race_stack, "power_stack": self.power_stack,
            "power_discard": self.power_discard,
            "columns": {k: list(v) for k, v in sorted(self.columns.items())},
            "tray": dict(sorted(self.tray.items())),
            "coins": self.coins, "gains": self.gains, "to_bank": self.to_bank,
            "turn": self.turn.to_json(), "winners": self.winners,
        }
        if self.coins_shown:  # only once someone shows: a game without it keeps its JSON
            out["coins_shown"] = self.coins_shown
        return out

    def position(self) -> tuple[object, ...]:
        """A hashable key of everything play changes (all ``to_json`` holds but the set-up:
        game, map, names, options): two states of one game with equal keys are the same
        position and play alike.  Much cheaper than ``dumps``, for searches that meet a
        position by several paths."""
        return (
            self.seed, self.rng.state, tuple(self.dice),
            tuple((k, tuple(v)) for k, v in self.pins.items()) if self.pins else (),
            self.round, self.seat,
            self.turn_number, self.phase, self.actor, tuple(self.region_army),
            tuple(self.region_tokens), tuple(self.neutral), self.pieces.position(),
            tuple(self.items.items()), tuple(self.hidden), tuple(sorted(self.facedown.items())),
            json.dumps(self.item_data, sort_keys=True) if self.item_data else "",
            tuple(a.position() for a in self.armies),
            tuple((c.race, c.power, c.coins) for c in self.combos), tuple(self.race_stack),
            tuple(self.power_stack), tuple(self.power_discard),
            tuple((k, tuple(v)) for k, v in sorted(self.columns.items())),
            tuple(sorted(self.tray.items())), tuple(self.coins), tuple(self.coins_shown),
            tuple(map(tuple, self.gains)),
            self.to_bank, self.turn.position(), tuple(self.winners),
        )

    def dumps(self) -> str:
        """Canonical JSON text (the same state always gives the same bytes)."""
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))

    @staticmethod
    def from_json(d: dict[str, Any]) -> GameState:
        rules = ruleset(d["game"])
        _, board = rules.board(d["map"], len(d["names"]), d["seed"], d["options"])
        return GameState(
            rules=rules, map=board, map_source=d["map"], names=list(d["names"]),
            seed=d["seed"], options=dict(d["options"]), rng=Rng(d["rng"]),
            dice=list(d["dice"]), pins={k: list(v) for k, v in d["pins"].items()},
            round=d["round"], seat=d["seat"],
            turn_number=d["turn_number"], phase=Phase(d["phase"]), actor=d["actor"],
            region_army=list(d["region_army"]), region_tokens=list(d["region_tokens"]),
            neutral=list(d["neutral"]),
            pieces=Pieces.from_json(rules.pieces, len(board.regions), d["pieces"]),
            items=ItemPlaces(d["items"]), hidden=list(d["hidden"]),
            facedown={int(r): i for r, i in d["facedown"].items()}, item_data=dict(d["item_data"]),
            armies=[Army.from_json(a) for a in d["armies"]],
            combos=[Combo(**c) for c in d["combos"]],
            race_stack=list(d["race_stack"]), power_stack=list(d["power_stack"]),
            power_discard=list(d["power_discard"]),
            columns={k: list(v) for k, v in d.get("columns", {}).items()}, tray=dict(d["tray"]),
            coins=list(d["coins"]), coins_shown=list(d.get("coins_shown", [])),
            gains=[list(g) for g in d["gains"]],
            to_bank=d["to_bank"], turn=TurnState.from_json(d["turn"]),
            winners=list(d["winners"]),
        )

    @staticmethod
    def blank(rules: Ruleset, board: Map, map_source: str, names: list[str], seed: int,
              options: dict[str, Any], dice: list[int]) -> GameState:
        """A game before its set-up: an empty map, a full tray, starting coins."""
        n, regions = len(names), len(board.regions)
        tray = {r: RACES[r].max_tokens for r in rules.races}
        tray.update({k: kind.count for k, kind in rules.neutrals.items()})
        return GameState(
            rules=rules, map=board, map_source=map_source, names=list(names), seed=seed,
            options=options, rng=Rng(seed), dice=list(dice), pins={}, round=1, seat=0,
            turn_number=0,
            phase=PICK, actor=0, region_army=[NOBODY] * regions,
            region_tokens=[0] * regions, neutral=[""] * regions,
            pieces=Pieces(rules.pieces, regions), items=ItemPlaces(), hidden=[], facedown={},
            item_data={},
            armies=[], combos=[], race_stack=[], power_stack=[], power_discard=[], columns={},
            tray=tray,
            coins=[rules.starting_coins] * n, coins_shown=[],
            gains=[[0] * n for _ in range(board.turns)],
            to_bank=0, turn=TurnState(),
        )
