"""What one seat may see of a game (``view``): coin totals of others, the order of the
stacks, pinned dice and the random generator stay hidden until the game is over."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from smallworld_tui.engine.actions import Action
from smallworld_tui.engine.bitset import LOST_TRIBE
from smallworld_tui.engine.board import Map
from smallworld_tui.engine.conquest import after_roll, conquest_costs
from smallworld_tui.engine.content import POWERS, RACES
from smallworld_tui.engine.game import legal_actions, tokens_on_board
from smallworld_tui.engine.state import GameState

SPECTATOR = -1


@dataclass(frozen=True, slots=True)
class RegionView:
    id: int
    army: int  # -1 empty, -2 Lost Tribe, else an army id
    seat: int  # -1 empty, -2 Lost Tribe, else the holder's seat
    race: str
    declined: bool
    tokens: int
    lair: bool
    fortress: bool
    encampments: int
    hero: bool
    hole: bool
    dragon: bool

    @property
    def lost_tribe(self) -> bool:
        return self.army == LOST_TRIBE


@dataclass(frozen=True, slots=True)
class ArmyView:
    id: int
    seat: int
    race: str
    power: str
    declined: bool
    badge: bool
    hand: int
    regions: int
    on_board: int
    extra: dict[str, int]


@dataclass(frozen=True, slots=True)
class ComboView:
    slot: int
    race: str
    power: str
    coins: int
    tokens: int  # tokens the combo gives (banner + badge)


@dataclass(frozen=True)
class PlayerView:
    """One seat's view of the game.  ``coins[s]`` is None where hidden from the viewer."""

    viewer: int
    map: Map
    names: list[str]
    round: int
    turns: int
    seat: int
    actor: int
    phase: str
    regions: list[RegionView]
    armies: list[ArmyView]
    combos: list[ComboView]
    coins: list[int | None]
    gains: list[list[int | None]]
    tokens_on_board: list[int]
    race_stack: int
    power_stack: int
    acting: int
    conquest_over: bool
    berserk_roll: int
    finished: bool
    winners: list[int]
    legal: list[Action]  # the viewer's legal actions (empty unless it is their decision)
    costs: dict[int, int]  # region -> tokens the acting army pays now (after a Berserk roll)

    def army(self, army_id: int) -> ArmyView | None:
        return next((a for a in self.armies if a.id == army_id), None)

    def armies_of(self, seat: int) -> list[ArmyView]:
        return [a for a in self.armies if a.seat == seat]

    def active_army(self, seat: int) -> ArmyView | None:
        return next((a for a in self.armies if a.seat == seat and not a.declined), None)

    def to_json(self) -> dict[str, Any]:
        return {
            "viewer": self.viewer, "map": self.map.name, "names": self.names,
            "round": self.round, "turns": self.turns, "seat": self.seat, "actor": self.actor,
            "phase": self.phase, "coins": self.coins, "finished": self.finished,
            "winners": self.winners, "legal": [a.to_json() for a in self.legal],
        }


def view(g: GameState, viewer: int) -> PlayerView:
    """The game as ``viewer`` (a seat, or -1 for a spectator) may see it."""
    done = g.finished
    regions = []
    for r in range(len(g.map.regions)):
        army = g.region_army[r]
        bit = 1 << r
        holder = g.armies[army] if army >= 0 else None
        regions.append(RegionView(
            id=r, army=army, seat=holder.seat if holder else army,
            race=holder.race if holder else "", declined=bool(holder and holder.declined),
            tokens=g.region_tokens[r], lair=bool(g.lairs & bit),
            fortress=bool(g.fortresses & bit), encampments=g.encampments[r],
            hero=bool(g.heroes & bit), hole=bool(g.holes & bit), dragon=bool(g.dragon & bit),
        ))
    armies = [
        ArmyView(id=a.id, seat=a.seat, race=a.race, power=a.power, declined=a.declined,
                 badge=a.badge, hand=a.hand, regions=a.mask.bit_count(),
                 on_board=g.tokens_on_board(a), extra=dict(a.extra))
        for a in g.armies if a.alive
    ]
    combos = [ComboView(k, c.race, c.power, c.coins,
                        RACES[c.race].tokens + POWERS[c.power].tokens)
              for k, c in enumerate(g.combos)]
    visible = [done or s == viewer for s in range(g.players)]
    costs: dict[int, int] = {}
    if g.phase == "conquer":
        roll = g.turn.berserk_roll
        costs = {r: after_roll(c, roll) for r, c in conquest_costs(g, g.armies[g.turn.acting])}
    return PlayerView(
        viewer=viewer, map=g.map, names=list(g.names), round=g.round, turns=g.map.turns,
        seat=g.seat, actor=g.actor, phase=g.phase, regions=regions, armies=armies,
        combos=combos,
        coins=[c if visible[s] else None for s, c in enumerate(g.coins)],
        gains=[[x if visible[s] else None for s, x in enumerate(row)] for row in g.gains],
        tokens_on_board=[tokens_on_board(g, s) for s in range(g.players)],
        race_stack=len(g.race_stack), power_stack=len(g.power_stack),
        acting=g.turn.acting, conquest_over=g.turn.conquest_over,
        berserk_roll=g.turn.berserk_roll, finished=done, winners=list(g.winners),
        legal=legal_actions(g) if viewer == g.actor and viewer >= 0 else [],
        costs=costs,
    )

