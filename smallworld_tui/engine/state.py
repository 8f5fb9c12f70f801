"""The game state: everything needed to continue a game, and nothing derived from it.

Regions are indexed 0..N-1 as on the map; sets of regions are Python int bitmasks.  The state
holds its own random number generator, so a game is a pure function of setup, seed and actions.
``to_json``/``from_json`` round-trip the state exactly (used for saves and replay checks).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from smallworld_tui.data import table
from smallworld_tui.engine.bitset import bits, mask_of
from smallworld_tui.engine.board import Map, load_map
from smallworld_tui.engine.content import POWERS, RACES, Trait
from smallworld_tui.engine.events import Event
from smallworld_tui.engine.rng import Rng

DIE_FACES: tuple[int, ...] = tuple(table()["die_faces"])
COIN_VALUE_TOTAL: int = table()["coins"]["value_total"]


@dataclass
class Army:
    """One race/power combo a player took: active, then declined, until it leaves the map."""

    id: int
    seat: int
    race: str
    power: str
    declined: bool = False
    badge: bool = True  # still holds its power badge (discarded at decline, except Spirit)
    alive: bool = True
    hand: int = 0  # tokens held off the map (to conquer or to redeploy)
    mask: int = 0  # regions held
    picked_turn: int = 0  # the game's turn number when the combo was taken
    extra: dict[str, int] = field(default_factory=dict)  # per-trait counters (holes, ally, ...)
    _traits: tuple[tuple[bool, bool], tuple[Trait, ...]] | None = field(
        default=None, init=False, repr=False, compare=False)

    @property
    def race_trait(self) -> Trait:
        return RACES[self.race]

    @property
    def power_trait(self) -> Trait:
        return POWERS[self.power]

    def traits(self) -> tuple[Trait, ...]:
        """The traits whose rules apply now: both while active; in decline only those that
        keep working (Dwarves, Ghouls) and a badge still held (Spirit)."""
        key = (self.declined, self.badge)
        cached = self._traits
        if cached is not None and cached[0] == key:
            return cached[1]
        race = RACES[self.race]
        power = POWERS[self.power]
        if not self.declined:
            traits: tuple[Trait, ...] = (race, power)
        else:  # a Spirit badge stays with its race, but the race's own power stops
            traits = (race,) if race.works_in_decline else ()
            if self.badge and power.outside_decline_limit:
                traits += (power,)
        self._traits = (key, traits)
        return traits

    def has(self, flag: str) -> bool:
        """Whether any trait that applies now has the boolean property ``flag``."""
        return any(getattr(t, flag) for t in self.traits())

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id, "seat": self.seat, "race": self.race, "power": self.power,
            "declined": self.declined, "badge": self.badge, "alive": self.alive,
            "hand": self.hand,
            "regions": list(bits(self.mask)), "picked_turn": self.picked_turn,
            "extra": dict(sorted(self.extra.items())),
        }

    @staticmethod
    def from_json(d: dict[str, Any]) -> Army:
        mask = mask_of(d["regions"])
        return Army(
            id=d["id"], seat=d["seat"], race=d["race"], power=d["power"],
            declined=d["declined"], badge=d["badge"], alive=d["alive"], hand=d["hand"],
            mask=mask,
            picked_turn=d["picked_turn"], extra=dict(d["extra"]),
        )


@dataclass
class Combo:
    """A visible race banner + power badge in the column, with the coins lying on it."""

    race: str
    power: str
    coins: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"race": self.race, "power": self.power, "coins": self.coins}


@dataclass
class TurnState:
    """What happens during the current player's turn; reset when the next turn starts."""

    acting: int = -1  # army conquering or redeploying now (-1: none)
    readied: bool = False
    snapshot: list[list[int]] = field(default_factory=list)  # [region, tokens] before readying
    conquered: dict[int, int] = field(default_factory=dict)  # army id -> regions taken
    nonempty: dict[int, int] = field(default_factory=dict)  # army id -> non-empty regions taken
    attacked: set[int] = field(default_factory=set)  # seats whose active race we attacked
    sorcery_victims: set[int] = field(default_factory=set)
    dragon_used: bool = False
    fortified: bool = False
    berserk_roll: int = -1  # rolled, not yet used
    conquest_over: bool = False  # the final die was rolled
    defenders: list[int] = field(default_factory=list)  # armies to redeploy at turn end
    expanded: bool = False  # the active race expanded this turn (needed for Stout)
    declined: bool = False  # the player went into decline this turn

    def to_json(self) -> dict[str, Any]:
        return {
            "acting": self.acting, "readied": self.readied, "snapshot": self.snapshot,
            "conquered": {str(k): v for k, v in sorted(self.conquered.items())},
            "nonempty": {str(k): v for k, v in sorted(self.nonempty.items())},
            "attacked": sorted(self.attacked), "sorcery_victims": sorted(self.sorcery_victims),
            "dragon_used": self.dragon_used, "fortified": self.fortified,
            "berserk_roll": self.berserk_roll, "conquest_over": self.conquest_over,
            "defenders": self.defenders, "expanded": self.expanded, "declined": self.declined,
        }

    @staticmethod
    def from_json(d: dict[str, Any]) -> TurnState:
        return TurnState(
            acting=d["acting"], readied=d["readied"], snapshot=[list(x) for x in d["snapshot"]],
            conquered={int(k): v for k, v in d["conquered"].items()},
            nonempty={int(k): v for k, v in d["nonempty"].items()},
            attacked=set(d["attacked"]), sorcery_victims=set(d["sorcery_victims"]),
            dragon_used=d["dragon_used"], fortified=d["fortified"],
            berserk_roll=d["berserk_roll"], conquest_over=d["conquest_over"],
            defenders=list(d["defenders"]), expanded=d["expanded"], declined=d["declined"],
        )


@dataclass
class GameState:
    """A game in progress.  Mutated only by ``engine.game.apply``."""

    map: Map
    names: list[str]
    seed: int
    options: dict[str, Any]
    rng: Rng
    dice: list[int]  # pinned die results, used before the generator (tutorials, tests)
    round: int
    seat: int  # whose turn it is
    turn_number: int  # turns started so far in the whole game
    phase: str
    actor: int  # whose decision it is (the defender during their end-of-turn redeploy)
    region_army: list[int]
    region_tokens: list[int]
    encampments: list[int]
    lairs: int
    fortresses: int
    holes: int
    heroes: int
    dragon: int
    armies: list[Army]
    combos: list[Combo]
    race_stack: list[str]
    power_stack: list[str]
    power_discard: list[str]
    tray: dict[str, int]
    coins: list[int]
    gains: list[list[int]]  # coins gained per round per seat
    turn: TurnState
    winners: list[int] = field(default_factory=list)
    events: list[Event] = field(default_factory=list, repr=False, compare=False)

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def finished(self) -> bool:
        return self.phase == "over"

    # --- queries -----------------------------------------------------------------------
    def active_army(self, seat: int) -> Army | None:
        for army in self.armies:
            if army.alive and army.seat == seat and not army.declined:
                return army
        return None

    def armies_of(self, seat: int) -> list[Army]:
        return [a for a in self.armies if a.alive and a.seat == seat]

    def region_seat(self, region: int) -> int:
        """The seat holding ``region``: -1 empty, -2 Lost Tribe."""
        army = self.region_army[region]
        return self.armies[army].seat if army >= 0 else army

    def tokens_on_board(self, army: Army) -> int:
        return sum(self.region_tokens[r] for r in bits(army.mask))

    def immune_mask(self, seat: int) -> int:
        """Regions other players' pieces make immune to ``seat`` (Holes, Heroes, Dragon)."""
        shielded = self.holes | self.heroes | self.dragon
        own = 0
        for army in self.armies:
            if army.alive and army.seat == seat:
                own |= army.mask
        return shielded & ~own

    def bank(self) -> int:
        """Coin value left in the bank (it may go below zero: the bank never runs dry)."""
        return COIN_VALUE_TOTAL - sum(self.coins) - sum(c.coins for c in self.combos)

    def emit(self, kind: str, seat: int = -1, **data: Any) -> None:
        """Record an event of the action being applied (``apply`` returns them)."""
        self.events.append(Event(kind, seat, data))

    # --- token and piece helpers (used by the rules and by traits) ---------------------
    def take_from_tray(self, race: str, wanted: int) -> int:
        """Take up to ``wanted`` tokens of ``race`` from the tray; returns how many."""
        got = min(wanted, self.tray[race])
        self.tray[race] -= got
        return got

    def roll_die(self) -> int:
        if self.dice:
            return self.dice.pop(0)
        return DIE_FACES[self.rng.below(len(DIE_FACES))]

    def clear_pieces(self, region: int) -> None:
        """Remove the pieces tied to the holder of ``region`` (it changed hands or emptied)."""
        keep = ~(1 << region)
        self.lairs &= keep
        self.fortresses &= keep
        self.holes &= keep
        self.heroes &= keep
        self.dragon &= keep
        self.encampments[region] = 0

    # --- serialisation -----------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "map": self.map.name, "names": self.names, "seed": self.seed,
            "options": self.options, "rng": self.rng.state, "dice": self.dice,
            "round": self.round, "seat": self.seat, "turn_number": self.turn_number,
            "phase": self.phase, "actor": self.actor,
            "region_army": self.region_army, "region_tokens": self.region_tokens,
            "encampments": self.encampments,
            "pieces": {
                "lairs": list(bits(self.lairs)), "fortresses": list(bits(self.fortresses)),
                "holes": list(bits(self.holes)), "heroes": list(bits(self.heroes)),
                "dragon": list(bits(self.dragon)),
            },
            "armies": [a.to_json() for a in self.armies],
            "combos": [c.to_json() for c in self.combos],
            "race_stack": self.race_stack, "power_stack": self.power_stack,
            "power_discard": self.power_discard, "tray": dict(sorted(self.tray.items())),
            "coins": self.coins, "gains": self.gains, "turn": self.turn.to_json(),
            "winners": self.winners,
        }

    def dumps(self) -> str:
        """Canonical JSON text (the same state always gives the same bytes)."""
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))

    @staticmethod
    def from_json(d: dict[str, Any]) -> GameState:
        mask = mask_of
        pieces = d["pieces"]
        return GameState(
            map=load_map(d["map"]), names=list(d["names"]), seed=d["seed"],
            options=dict(d["options"]), rng=Rng(d["rng"]), dice=list(d["dice"]),
            round=d["round"], seat=d["seat"], turn_number=d["turn_number"],
            phase=d["phase"], actor=d["actor"],
            region_army=list(d["region_army"]), region_tokens=list(d["region_tokens"]),
            encampments=list(d["encampments"]),
            lairs=mask(pieces["lairs"]), fortresses=mask(pieces["fortresses"]),
            holes=mask(pieces["holes"]), heroes=mask(pieces["heroes"]),
            dragon=mask(pieces["dragon"]),
            armies=[Army.from_json(a) for a in d["armies"]],
            combos=[Combo(**c) for c in d["combos"]],
            race_stack=list(d["race_stack"]), power_stack=list(d["power_stack"]),
            power_discard=list(d["power_discard"]), tray=dict(d["tray"]),
            coins=list(d["coins"]), gains=[list(g) for g in d["gains"]],
            turn=TurnState.from_json(d["turn"]), winners=list(d["winners"]),
        )
