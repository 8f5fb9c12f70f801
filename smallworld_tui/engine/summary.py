"""A compact JSON summary of a game (``smallworld-tui replay --json``): public facts plus
coins, so use it only where everything may be shown (replays, finished games, tests)."""

from __future__ import annotations

from typing import Any

from smallworld_tui.engine.bitset import NEUTRAL
from smallworld_tui.engine.state import Army, GameState


def _army(a: Army) -> dict[str, Any]:
    return {"race": a.race, "power": a.power, "hand": a.hand,
            **({"reserve": dict(sorted(a.reserve.items()))} if a.reserve else {})}


def summary(g: GameState) -> dict[str, Any]:
    players = []
    for seat, name in enumerate(g.names):
        armies = g.armies_of(seat)
        active = next((_army(a) for a in armies if not a.declined), None)
        players.append({
            "name": name, "coins": g.coins[seat], "tokens_on_board": g.seat_tokens(seat),
            "active": active, "declined": [_army(a) for a in armies if a.declined],
        })
    holders = {}
    for qid, r in sorted(g.items.items()):
        army = g.region_army[r] if r >= 0 else -1
        holders[qid] = {"region": r if r >= 0 else None,
                        "holder": g.names[g.armies[army].seat] if army >= 0 else None}
    regions = []
    for r in range(len(g.map.regions)):
        army = g.region_army[r]
        holder = g.armies[army] if army >= 0 else None
        region: dict[str, Any] = {
            "id": r,
            "race": holder.race if holder else (g.neutral[r] if army == NEUTRAL else None),
            "owner": g.names[holder.seat] if holder else None,
            "tokens": g.region_tokens[r],
            "declined": bool(holder and holder.declined) or army == NEUTRAL,
        }
        pieces = g.pieces.on(r)
        if pieces:
            region["pieces"] = dict(pieces)
        regions.append(region)
    out = {
        "game": g.game, "finished": g.finished, "round": g.round, "players": players,
        "combos": [c.to_json() for c in g.combos], "regions": regions, "items": holders,
        "face_down_items": len(g.hidden) + len(g.facedown),
        "winners": [g.names[s] for s in g.winners],
    }
    columns = g.market.columns(g)
    if columns:  # a market of columns: their visible rows
        out["columns"] = columns
    return out
