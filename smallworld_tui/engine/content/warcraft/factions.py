"""Factions and the faction bonus of Small World of Warcraft.

Every race belongs to a faction (its data table row: ``alliance``, ``horde`` or
``neutral``); a faction's row names its enemy (none for the Neutral).  At the end of a turn
the player earns the faction bonus (``rules.faction_bonus`` coins) once for each race of the
enemy faction it took a region from this turn — a player's active and declined races are two
races; Murlocs belong to no faction.  Everything is read from the turn's record of regions
taken (``TurnState.beaten``), so content builds on it without touching the core:

- ``FactionRule`` is the mixin a race, power or item derives from to change the bonus of the
  army it applies to: the side it fights for this turn (a Neutral race may side with a
  faction on the Battleground) and how many coins one enemy race may give (twice there);
- ``beaten_races`` and ``regions_taken_from`` tell what the player took this turn (the Orcs
  score the regions they took from the Alliance).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from smallworld_tui.engine.tables import entries, entry

if TYPE_CHECKING:
    from smallworld_tui.engine.hooks import Hooks
    from smallworld_tui.engine.state import Army, GameState

GAME = "warcraft"


@cache
def faction(race: str) -> str:
    """The faction of a race (qualified id), from its data table row."""
    found: str = entry("race", race, GAME)["faction"]
    return found


@cache
def enemy(side: str) -> str:
    """The faction ``side`` fights for the bonus ("" for the Neutral)."""
    found: str = entries("faction", GAME)[side].get("enemy", "")
    return found


class FactionRule:
    """Mixin for Warcraft content that changes the faction bonus of the army it applies to
    (its race, its power, an item in one of its regions).  Defaults: no change."""

    def fights_for(self, g: GameState, army: Army, side: str) -> str:
        """The faction the army fights for this turn (``side``: as decided so far, at first
        its race's faction)."""
        return side

    def bonus_per_race(self, g: GameState, army: Army, most: int) -> int:
        """How many times one enemy race may give the bonus this turn (``most``: so far,
        at first once)."""
        return most


#: the faction rules among the rules of each ``Hooks`` an army had (keyed by the object:
#: one per tuple of rules, kept for good, so hashed without hashing the rules)
_AMONG: dict[Hooks, tuple[FactionRule, ...]] = {}


def _faction_rules(g: GameState, army: Army) -> tuple[FactionRule, ...]:
    hooks = g.hooks(army)
    found = _AMONG.get(hooks)
    if found is None:
        found = _AMONG[hooks] = tuple(t for t in hooks.all if isinstance(t, FactionRule))
    return found


def side_of(g: GameState, army: Army) -> str:
    """The faction ``army`` fights for this turn."""
    return _side(g, army, _faction_rules(g, army))


def _side(g: GameState, army: Army, rules: tuple[FactionRule, ...]) -> str:
    """``side_of`` with the army's faction rules known."""
    side = faction(army.race)
    for rule in rules:
        side = rule.fights_for(g, army, side)
    return side


def beaten_races(g: GameState) -> list[tuple[Army, int]]:
    """Each race that lost regions this turn, with how many (in army order)."""
    return [(g.armies[a], n) for a, n in sorted(g.turn.beaten.items())]


def regions_taken_from(g: GameState, side: str) -> int:
    """Regions taken this turn from races of faction ``side`` (a sum, in any order: the
    turn's record is not sorted as ``beaten_races`` sorts it)."""
    total = 0
    armies = g.armies
    for a, n in g.turn.beaten.items():  # a loop: no generator, no list (most turns: none)
        if faction(armies[a].race) == side:
            total += n
    return total


def faction_bonus(g: GameState, seat: int) -> tuple[str, int]:
    """(the side ``seat``'s active race fought for, coins of its faction bonus this turn)."""
    army = g.active_army(seat)
    if army is None:
        return "", 0
    rules = _faction_rules(g, army)
    side = _side(g, army, rules)
    foe = enemy(side)
    beaten = g.turn.beaten
    if not foe or not beaten:  # most turns take no region from another race
        return side, 0
    most = 1
    for rule in rules:
        most = rule.bonus_per_race(g, army, most)
    times = 0
    armies = g.armies
    for a, n in beaten.items():  # a loop, in any order (a sum): no list sorted, no generator
        if faction(armies[a].race) == foe:
            times += min(n, most)
    each: int = g.rules.table["rules"]["faction_bonus"]
    return side, each * times
