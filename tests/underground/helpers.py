"""Facts of the small Underground test map (tests/maps/ug-test.map) and position helpers for
the scenarios worked out from the rulebook (seed 003).

The map: 0 chasm with the volcano site, 1 mine+lair, 2/7/12 river (2 and 12 are its ends, at
the board edge), 3 mushroom forest, 4 mudpool, 5 crystal, 6 black mountain, 8 mine, 9 black
mountain+lair, 10 mudpool, 11 mushroom forest+lair, 13 crystal, 14 chasm.  West bank 1, 5, 6,
10, 11; east bank 3, 4, 8, 9, 13; the banks touch only through the river.  Borders:
0-1 0-5 1-2 1-5 1-6 2-3 2-7 3-4 3-8 4-9 5-6 5-10 6-7 6-10 6-11 7-8 7-12 8-9 8-13 9-14
10-11 11-12 12-13 13-14; every region but 6, 7 and 8 touches the board edge.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from scenario import UG_TEST_MAP, act, finish, pinned, scenario

from smallworld_tui.engine import Event
from smallworld_tui.engine.conquest import Costs
from smallworld_tui.engine.phase import Phase
from smallworld_tui.engine.state import Army, Combo, GameState

CHASM_VOLCANO, MINE_LAIR, RIVER_TOP, FOREST, MUDPOOL, CRYSTAL, MOUNTAIN = 0, 1, 2, 3, 4, 5, 6
RIVER_MID, MINE, MOUNTAIN_LAIR, MUDPOOL_W, FOREST_LAIR, RIVER_END, CRYSTAL_E, CHASM = range(7, 15)
BORDER = {1, 2, 3, 4, 5, 9, 10, 11, 12, 13}  # regions a race may enter by (chasms aside)


def ug(players: int = 2, monsters: bool = False, **kw: Any) -> GameState:
    """A game of Underground on the test map, seat 0 to pick (no Monsters unless asked)."""
    return scenario(players, UG_TEST_MAP, game="underground", clear_tribes=not monsters, **kw)


def picked(race: str, power: str = "stone", map_name: str = UG_TEST_MAP,
           **kw: Any) -> GameState:
    """Seat 0 has just taken ``race`` with ``power`` (the top combo); no Monsters."""
    g = pinned([race], [power], map_name=map_name, game="underground", **kw)
    act(g, "pick", 0)
    return g


def mask(*regions: int) -> int:
    """The mask of ``regions``."""
    return sum(1 << r for r in regions)


def qid(id_: str) -> str:
    """An Underground id, qualified."""
    return id_ if ":" in id_ else f"underground:{id_}"


def reveal(g: GameState, item: str, region: int) -> None:
    """Turn ``item`` face up in ``region`` (out of the face-down pile if it is there)."""
    if qid(item) in g.hidden:
        g.hidden.remove(qid(item))
    g.reveal_item(qid(item), region)
    g.events.clear()


def stonehedge_with(g: GameState, power: str, region: int) -> None:
    """Stonehedge in ``region`` with ``power`` drawn (the pile is stacked)."""
    badge = qid(power)
    for k, combo in enumerate(g.combos):
        if combo.power == badge:
            g.combos[k] = Combo(combo.race, g.power_stack.pop(0), combo.coins)
    stack = [p for p in g.power_stack if p != badge]
    g.power_stack = [badge]
    reveal(g, "stonehedge", region)
    g.power_stack = stack


def cost(g: GameState, army: Army, region: int) -> int:
    """Tokens ``army`` needs from hand to conquer ``region`` now."""
    return Costs(g, army).of(region)


def breakdown(events: list[Event], seat: int) -> dict[str, int]:
    """The score breakdown of ``seat`` in ``events``, by label."""
    s = next(e for e in events if e.kind == "scored" and e.seat == seat)
    return dict(s["breakdown"])


def to_end(g: GameState) -> list[Event]:
    """Finish the conquests and the redeployment; the defenders put their survivors in their
    first region."""
    events = finish(g)
    while g.phase == Phase.DEFENDER:
        events += finish(g)
    return events


def ug_for(players: int, tmp_path: Path) -> GameState:
    """A game of Underground for ``players`` on a copy of the test map (no Monsters)."""
    path = tmp_path / f"ug-test-{players}p.map"
    path.write_text(Path(UG_TEST_MAP).read_text().replace("players = 2",
                                                          f"players = {players}"))
    return scenario(players, str(path), game="underground", clear_tribes=True)
