"""What one seat may see of a game (``view``): coin totals of others (but those a team
partner shows), the order of the stacks, face-down items, pinned dice and the random
generator stay hidden until the game is over."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from smallworld_tui.engine.actions import Action
from smallworld_tui.engine.bitset import NEUTRAL
from smallworld_tui.engine.board import Map
from smallworld_tui.engine.market import ComboView
from smallworld_tui.engine.moves import Moves, moves
from smallworld_tui.engine.phase import Phase
from smallworld_tui.engine.pieces import PieceKind
from smallworld_tui.engine.showing import choices
from smallworld_tui.engine.state import GameState

SPECTATOR = -1


@dataclass(frozen=True, slots=True)
class RegionView:
    id: int
    army: int  # -1 empty, -2 neutral defenders, else an army id
    seat: int  # -1 empty, -2 neutral defenders, else the holder's seat
    race: str  # the holder's race, or the kind of the neutral defenders ("" if empty)
    declined: bool
    tokens: int
    pieces: tuple[tuple[str, int], ...]  # (piece kind, how many), in the data table's order
    items: tuple[str, ...]  # items face up in the region
    face_down: bool  # a face-down item lies here

    @property
    def neutral(self) -> bool:
        return self.army == NEUTRAL

    def count(self, piece: str) -> int:
        """How many pieces of kind ``piece`` lie here."""
        return next((n for k, n in self.pieces if k == piece), 0)


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
    reserve: dict[str, int]


@dataclass(frozen=True)
class PlayerView:
    """One seat's view of the game.  ``coins[s]`` is None where hidden from the viewer."""

    viewer: int
    game: str
    map: Map
    names: list[str]
    round: int
    turns: int
    seat: int
    actor: int
    phase: Phase
    regions: list[RegionView]
    armies: list[ArmyView]
    combos: list[ComboView]
    coins: list[int | None]
    coins_shown: list[int]  # seats showing their coins to their team partners
    gains: list[list[int | None]]
    tokens_on_board: list[int]
    race_stack: int
    power_stack: int
    columns: dict[str, list[str]]  # visible rows of the market's columns (team game)
    stacks: dict[str, int]  # banners or badges unseen in each stack of the market
    hidden_items: int  # face-down items not yet revealed
    acting: int
    conquest_over: bool
    roll: int  # a die rolled for the next conquest (-1: none)
    finished: bool
    winners: list[int]
    legal: list[Action]  # the viewer's legal actions (empty unless it is their decision)
    anytime: list[Action]  # what the viewer may do whoever's decision it is (``showing``)
    costs: dict[int, int]  # region -> tokens the acting army pays now
    shortfalls: dict[int, int]  # region -> tokens it lacks in hand: a last conquest's need
    prices: dict[Action, int]  # coins a legal choice costs the viewer (``Moves.prices``)
    pieces: dict[str, PieceKind]  # the kinds of pieces of this game
    roles: list[str]  # each seat's role in a team game ("alliance_1"…; empty otherwise)
    teams: dict[str, list[int]]  # each team's seats in a team game
    team_scores: dict[str, int]  # each team's score once the game is over (team games)

    def army(self, army_id: int) -> ArmyView | None:
        return next((a for a in self.armies if a.id == army_id), None)

    def armies_of(self, seat: int) -> list[ArmyView]:
        return [a for a in self.armies if a.seat == seat]

    def active_army(self, seat: int) -> ArmyView | None:
        return next((a for a in self.armies if a.seat == seat and not a.declined), None)

    def team_of(self, seat: int) -> str:
        """The team of ``seat`` ("" outside team games)."""
        return next((team for team, seats in self.teams.items() if seat in seats), "")

    def partners(self, seat: int) -> list[int]:
        """The other players of ``seat``'s team."""
        return [s for s in self.teams.get(self.team_of(seat), []) if s != seat]

    def to_json(self) -> dict[str, Any]:
        return {
            "viewer": self.viewer, "game": self.game, "map": self.map.name,
            "names": self.names, "round": self.round, "turns": self.turns, "seat": self.seat,
            "actor": self.actor, "phase": str(self.phase), "coins": self.coins,
            "coins_shown": self.coins_shown,
            "finished": self.finished, "winners": self.winners,
            "roles": self.roles, "teams": self.teams, "team_scores": self.team_scores,
            "legal": [a.to_json() for a in self.legal],
            "anytime": [a.to_json() for a in self.anytime],
        }


def view(g: GameState, viewer: int, known: Moves | None = None) -> PlayerView:
    """The game as ``viewer`` (a seat, or -1 for a spectator) may see it; ``known``: the
    ``moves`` of this position, if they were worked out already."""
    done = g.finished
    mine = viewer == g.actor and viewer >= 0
    now = known if known is not None else moves(g, choices=mine)
    items: dict[int, list[str]] = {}
    for qid, r in g.items.items():
        if r >= 0:
            items.setdefault(r, []).append(qid)
    regions = []
    on = g.pieces.on
    for r in range(len(g.map.regions)):
        army = g.region_army[r]
        holder = g.armies[army] if army >= 0 else None
        regions.append(RegionView(
            id=r, army=army, seat=holder.seat if holder else army,
            race=holder.race if holder else g.neutral[r],
            declined=bool(holder and holder.declined), tokens=g.region_tokens[r],
            pieces=tuple(on(r)), items=tuple(items.get(r, ())), face_down=r in g.facedown,
        ))
    armies = [
        ArmyView(id=a.id, seat=a.seat, race=a.race, power=a.power, declined=a.declined,
                 badge=a.badge, hand=a.hand, regions=a.mask.bit_count(),
                 on_board=g.tokens_on_board(a), extra=dict(a.extra), reserve=dict(a.reserve))
        for a in g.armies if a.alive
    ]
    market = g.market
    visible = [g.rules.coins_visible(g, viewer, s) for s in range(g.players)]
    return PlayerView(
        viewer=viewer, game=g.game, map=g.map, names=list(g.names), round=g.round,
        turns=g.map.turns, seat=g.seat, actor=g.actor, phase=g.phase, regions=regions,
        armies=armies, combos=market.views(g),
        coins=[c if visible[s] else None for s, c in enumerate(g.coins)],
        coins_shown=list(g.coins_shown),
        gains=[[x if visible[s] else None for s, x in enumerate(row)] for row in g.gains],
        tokens_on_board=[g.seat_tokens(s) for s in range(g.players)],
        race_stack=len(g.race_stack), power_stack=len(g.power_stack), stacks=market.stacks(g),
        columns=market.columns(g),
        hidden_items=len(g.hidden), acting=g.turn.acting,
        conquest_over=g.turn.conquest_over, roll=g.turn.roll, finished=done,
        winners=list(g.winners),
        legal=list(now.legal) if mine else [],
        anytime=choices(g, viewer),
        costs=dict(now.costs), shortfalls=dict(now.shortfalls),
        prices=dict(now.prices) if mine else {}, pieces=g.rules.pieces,
        roles=g.rules.roles(g), teams=g.rules.teams(g),
        team_scores=g.rules.team_scores(g) if done else {},
    )
