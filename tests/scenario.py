"""Build exact board positions for rule tests: who holds what, whose turn it is.

Typical use::

    g = scenario(players=2)                       # base-2p, seat 0 about to pick
    elves = give(g, 1, "elves", "hill", {5: 3})    # seat 1 holds region 5 with 3 Elves
    orcs = give(g, 0, "orcs", "commando", {6: 2})
    begin_turn(g, 0)                               # seat 0 starts a turn (troops readied)
    act(g, "conquer", 5)

``give`` keeps banners, badges and tokens conserved (it takes them from the column/stacks
and the tray), so ``invariants.check`` still holds on built positions.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from smallworld_tui.engine import Action, Event, GameState, apply, new_game
from smallworld_tui.engine.bitset import NEUTRAL, NOBODY
from smallworld_tui.engine.board import Region, load_map
from smallworld_tui.engine.game import _start_turn, legal_actions
from smallworld_tui.engine.registry import POWERS, RACES
from smallworld_tui.engine.state import Army, Combo

NAMES = ["Amy", "Ben", "Cai", "Dee", "Eli"]


def scenario(players: int = 2, map_name: str | None = None, seed: int = 0,
             dice: list[int] | None = None, clear_tribes: bool = False, game: str = "base",
             **options: bool | str) -> GameState:
    """A new game; ``clear_tribes`` removes every neutral defender (Lost Tribes, Monsters)
    for simpler positions."""
    g = new_game(NAMES[:players], map_name, seed, options or None, dice=dice, game=game)
    if clear_tribes:
        for r, army in enumerate(g.region_army):
            if army == NEUTRAL:
                empty(g, r)
    return g


def q(id_: str, game: str = "base") -> str:
    """The qualified id of a race, power, item or piece (bare ids are of ``game``)."""
    return id_ if ":" in id_ else f"{game}:{id_}"


def put(g: GameState, piece: str, region: int, n: int = 1) -> None:
    """Put ``n`` pieces of a kind (a bare id is of the game being played) on ``region``."""
    g.pieces.add(q(piece, g.game), region, n)


def count(g: GameState, piece: str, region: int) -> int:
    return g.pieces.count(q(piece, g.game), region)


def where(g: GameState, piece: str) -> int:
    """The regions holding pieces of a kind, as a mask."""
    return g.pieces.mask(q(piece, g.game))


def clear(g: GameState, piece: str) -> None:
    g.pieces.remove_all(q(piece, g.game), g.map.all_mask)


def empty(g: GameState, region: int) -> None:
    """Make ``region`` empty (no tokens, no pieces)."""
    army = g.region_army[region]
    if army >= 0:
        a = g.armies[army]
        a.mask &= ~(1 << region)
        g.tray[a.race] += g.region_tokens[region]
    elif army == NEUTRAL:
        g.tray[g.neutral[region]] += g.region_tokens[region]
        g.neutral[region] = ""
    g.region_army[region] = NOBODY
    g.region_tokens[region] = 0
    for kind, _ in g.pieces.on(region):
        if g.pieces.kinds[kind].on_capture != "stay":
            g.pieces.remove(kind, region)


def lost_tribe(g: GameState, region: int) -> None:
    empty(g, region)
    g.place_neutral("base:lost_tribe", region, 1)


def _take_banner(g: GameState, race: str, power: str) -> None:
    """Remove a race banner and a power badge from the column/stacks/discard."""
    for k, combo in enumerate(g.combos):
        if combo.race == race:
            g.combos[k] = Combo(g.race_stack.pop(0), combo.power, combo.coins)
        if g.combos[k].power == power:
            g.combos[k] = Combo(g.combos[k].race, g.power_stack.pop(0), g.combos[k].coins)
    if race in g.race_stack:
        g.race_stack.remove(race)
    for column in g.columns.values():  # a market of columns (the Warcraft team game)
        for id_ in (race, power):
            if id_ in column:
                column.remove(id_)
    for pile in (g.power_stack, g.power_discard):
        if power in pile:
            pile.remove(power)
    assert race in RACES and power in POWERS


def give(g: GameState, seat: int, race: str, power: str,
         regions: dict[int, int] | None = None, hand: int = 0, declined: bool = False
         ) -> Army:
    """Give ``seat`` a race/power combo holding ``regions`` ({region: tokens}); ids may be
    bare base-game ids.  A declined army has discarded its badge (except Spirit)."""
    race, power = q(race, g.game), q(power, g.game)
    _take_banner(g, race, power)
    army = Army(id=len(g.armies), seat=seat, race=race, power=power, declined=declined,
                picked_turn=-1)
    g.armies.append(army)
    for r, n in (regions or {}).items():
        empty(g, r)
        g.region_army[r] = army.id
        g.region_tokens[r] = n
        army.mask |= 1 << r
    army.hand = hand
    g.tray[race] -= sum((regions or {}).values()) + hand
    assert g.tray[race] >= 0, f"not enough {race} tokens in the box"
    trait = POWERS[power]
    if declined and not (trait.outside_decline_limit or trait.works_in_decline):
        army.badge = False
        g.power_discard.append(power)
    if power == "base:bivouacking" and not declined:
        army.reserve["base:encampment"] = 5 - g.pieces.total("base:encampment")
    return army


def begin_turn(g: GameState, seat: int, round_: int | None = None) -> list[Event]:
    """Start ``seat``'s turn now (Ghoul phase, then readying or picking)."""
    g.seat = seat
    if round_ is not None:
        g.round = round_
    g.events.clear()
    _start_turn(g)
    events = list(g.events)
    g.events.clear()
    return events


def act(g: GameState, kind: str, target: int = -1, count: int = 0) -> list[Event]:
    """Apply one action (validated)."""
    return apply(g, Action(kind, target, count))


def kinds(g: GameState) -> set[str]:
    return {a.kind for a in legal_actions(g)}


def targets(g: GameState, kind: str) -> set[int]:
    return {a.target for a in legal_actions(g) if a.kind == kind}


TEST_MAPS = Path(__file__).parent / "maps"
UG_TEST_MAP = str(TEST_MAPS / "ug-test.map")  # a small Underground map for rule tests

# --- picking regions and reading events (shared by the rule tests) --------------------------

M = load_map("base-2p")
LAND = [r for r in M.regions if not r.water]


def land(pred: Callable[[Region], bool]) -> list[int]:
    """Land regions of the 2-player map satisfying ``pred``."""
    return [r.id for r in LAND if pred(r)]


def pair(a_ok: Callable[[Region], bool], b_ok: Callable[[Region], bool],
         skip: tuple[int, ...] = ()) -> tuple[int, int]:
    """The first two adjacent land regions (a, b) with a_ok(a) and b_ok(b)."""
    return next((a.id, b) for a in LAND if a_ok(a) and a.id not in skip
                for b in sorted(a.neighbors)
                if not M.regions[b].water and b not in skip and b_ok(M.regions[b]))


def anyr(_r: Region) -> bool:
    return True


def plain(r: Region) -> bool:
    """No Mountain marker (a plain 2-token region when empty)."""
    return not r.mountain


def far_from(*regions: int) -> list[int]:
    """Land regions neither in nor adjacent to ``regions``."""
    near = set(regions).union(*(M.regions[r].neighbors for r in regions))
    return [r.id for r in LAND if r.id not in near]


def pinned(races: list[str], powers: list[str], players: int = 2, map_name: str | None = None,
           **kw: Any) -> GameState:
    """A new game whose column starts with the given races/powers; no neutral defenders."""
    g = new_game(NAMES[:players], map_name, 0, kw.pop("options", None), races=races,
                 powers=powers, **kw)
    for r, army in enumerate(g.region_army):
        if army == NEUTRAL:
            empty(g, r)
    return g


def of(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def scored(events: list[Event], seat: int) -> int:
    return int(next(e["coins"] for e in events if e.kind == "scored" and e.seat == seat))


def finish(g: GameState, region: int | None = None) -> list[Event]:
    """End conquest (if still conquering) and place the whole hand in one region."""
    events = []
    if g.phase == "conquer":
        events += act(g, "end_conquest")
    army = g.armies[g.turn.acting]
    if army.hand and army.mask:
        target = region if region is not None else min(
            r for r in range(len(g.map.regions)) if army.mask >> r & 1)
        events += act(g, "deploy", target, army.hand)
    events += act(g, "end_redeploy")
    return events
