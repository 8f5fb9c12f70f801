"""A compact JSON summary of a game (``smallworld-tui replay --json``): public facts plus
coins, so use it only where everything may be shown (replays, finished games, tests)."""

from __future__ import annotations

from typing import Any

from smallworld_tui.engine.bitset import LOST_TRIBE
from smallworld_tui.engine.game import tokens_on_board
from smallworld_tui.engine.state import GameState


def summary(g: GameState) -> dict[str, Any]:
    players = []
    for seat, name in enumerate(g.names):
        armies = g.armies_of(seat)
        active = next(({"race": a.race, "power": a.power} for a in armies if not a.declined),
                      None)
        players.append({
            "name": name, "coins": g.coins[seat], "tokens_on_board": tokens_on_board(g, seat),
            "active": active,
            "declined": [{"race": a.race, "power": a.power} for a in armies if a.declined],
        })
    regions = []
    for r in range(len(g.map.regions)):
        army = g.region_army[r]
        holder = g.armies[army] if army >= 0 else None
        regions.append({
            "id": r,
            "race": holder.race if holder else ("lost_tribe" if army == LOST_TRIBE else None),
            "owner": g.names[holder.seat] if holder else None,
            "tokens": g.region_tokens[r],
            "declined": bool(holder and holder.declined) or army == LOST_TRIBE,
        })
    return {
        "finished": g.finished, "round": g.round, "players": players, "regions": regions,
        "winners": [g.names[s] for s in g.winners],
    }
