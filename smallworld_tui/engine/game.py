"""The turn flow: ``new_game``, ``legal_actions`` and ``apply`` (the one mutator).

Phases of a turn (``GameState.phase``):

- ``conquer``: an army conquers (declined Ghouls first, then the active race).  Troops are
  readied when the phase starts; the active race may still go into decline until it acts.
- ``pick``: a player without an active race takes a combo.
- ``redeploy``: the army that conquered places its tokens (and its pieces).
- ``defender``: at the end of the turn, players who lost regions place their survivors
  (``actor`` is then the defender, not the player whose turn it is).
- ``end``: after scoring, the last choices of the turn (Stout's decline, Diplomat's ally).
- ``over``: the game has ended.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from smallworld_tui.data import table
from smallworld_tui.engine import actions as A
from smallworld_tui.engine.actions import Action
from smallworld_tui.engine.bitset import LOST_TRIBE, NOBODY, bits
from smallworld_tui.engine.board import load_map, map_for_players
from smallworld_tui.engine.conquest import (
    MAX_SHORTFALL,
    VISIBLE_COMBOS,
    after_roll,
    conquest_cost,
    conquest_costs,
    discount_masks,
    draw_power,
    lift_for_redeploy,
    ready_troops,
    take_region,
)
from smallworld_tui.engine.content import POWERS, RACES, Trait
from smallworld_tui.engine.decline import go_into_decline
from smallworld_tui.engine.errors import IllegalAction
from smallworld_tui.engine.events import Event
from smallworld_tui.engine.explain import illegal, redeploy_blocker
from smallworld_tui.engine.rng import Rng
from smallworld_tui.engine.state import Army, Combo, GameState, TurnState

STARTING_COINS: int = table()["setup"]["starting_coins"]
MIN_PLAYERS, MAX_PLAYERS = 2, 5
DEFAULT_OPTIONS: dict[str, Any] = {"flying_enters_anywhere": False}


def new_game(
    names: Sequence[str],
    map_name: str | None = None,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    races: Sequence[str] | None = None,
    powers: Sequence[str] | None = None,
    dice: Sequence[int] | None = None,
) -> GameState:
    """Set up a base game.  ``races``/``powers`` pin the top of the stacks (the rest is
    shuffled); ``dice`` pins the first die results."""
    n = len(names)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise IllegalAction("Small World is played by {low} to {high} players",
                            low=MIN_PLAYERS, high=MAX_PLAYERS)
    if len(set(names)) != n or any(not name.strip() for name in names):
        raise IllegalAction("every player needs a different, non-empty name")
    board = load_map(map_name or map_for_players(n))
    if board.players != n:
        raise IllegalAction("map {map} is for {players} players, not {n}",
                            map=board.name, players=board.players, n=n)
    unknown = set(options or {}) - set(DEFAULT_OPTIONS)
    if unknown:
        raise IllegalAction("unknown game option(s): {names}", names=", ".join(sorted(unknown)))
    for die in dice or ():
        if die not in (0, 1, 2, 3):
            raise IllegalAction("a pinned die result must be 0-3, not {die}", die=die)
    rng = Rng(seed)
    race_stack = _stack(rng, list(RACES), races, "race")
    power_stack = _stack(rng, list(POWERS), powers, "power")
    region_army = [NOBODY] * len(board.regions)
    region_tokens = [0] * len(board.regions)
    for r in bits(board.lost_tribe_mask):
        region_army[r] = LOST_TRIBE
        region_tokens[r] = 1
    g = GameState(
        map=board, names=list(names), seed=seed, options={**DEFAULT_OPTIONS, **(options or {})},
        rng=rng, dice=list(dice or ()), round=1, seat=0, turn_number=0, phase="pick", actor=0,
        region_army=region_army, region_tokens=region_tokens,
        encampments=[0] * len(board.regions), lairs=0, fortresses=0, holes=0, heroes=0,
        dragon=0, armies=[], combos=[], race_stack=race_stack, power_stack=power_stack,
        power_discard=[], tray={r: RACES[r].max_tokens for r in RACES},
        coins=[STARTING_COINS] * n, gains=[[0] * n for _ in range(board.turns)],
        turn=TurnState(),
    )
    for _ in range(VISIBLE_COMBOS):
        g.combos.append(Combo(g.race_stack.pop(0), g.power_stack.pop(0)))
    _start_turn(g)
    g.events.clear()
    return g


def _stack(rng: Rng, ids: list[str], pinned: Sequence[str] | None, what: str) -> list[str]:
    rest = list(ids)
    top = list(pinned or ())
    for id_ in top:
        if id_ not in rest:
            raise IllegalAction("unknown or repeated {what} {id} in the pinned stack",
                                what=what, id=repr(id_))
        rest.remove(id_)
    rng.shuffle(rest)
    return top + rest


# --- legal actions -----------------------------------------------------------------------

def legal_actions(g: GameState) -> list[Action]:
    """Every action ``apply`` accepts now, for ``g.actor``."""
    phase = g.phase
    if phase == "conquer":
        return _conquer_actions(g, g.armies[g.turn.acting])
    if phase in ("redeploy", "defender"):
        return _redeploy_actions(g, g.armies[g.turn.acting])
    if phase == "pick":
        return [A.pick(k) for k in range(len(g.combos)) if k <= g.coins[g.seat]]
    if phase == "end":
        return [*_end_actions(g), A.END_TURN]
    return []


def _end_actions(g: GameState) -> list[Action]:
    """The last choices of the turn offered by the active race's traits."""
    army = g.active_army(g.seat)
    if army is None:
        return []
    return [a for t in army.traits() for a in t.end_actions(g, army)]


def may_decline(g: GameState, army: Army) -> bool:
    """The active race may go into decline: start of its turn, before it acted."""
    return (not army.declined and not g.turn.expanded and g.turn.acting == army.id
            and army.picked_turn != g.turn_number)


def _conquer_actions(g: GameState, army: Army) -> list[Action]:
    turn = g.turn
    out: list[Action] = []
    if may_decline(g, army):
        out.append(A.DECLINE)
    if not turn.conquest_over:
        hand = army.hand
        roll = turn.berserk_roll
        if roll >= 0:
            out += [A.conquer(r) for r, cost in conquest_costs(g, army)
                    if after_roll(cost, roll) <= hand]
        else:
            if not turn.conquered.get(army.id, 0):
                out += [A.abandon(r) for r in bits(army.mask)]
            if hand >= 1:
                final = not army.has("rolls_before_conquest")
                for r, cost in conquest_costs(g, army):
                    if cost <= hand:
                        out.append(A.conquer(r))
                    elif final and cost - hand <= MAX_SHORTFALL:
                        out.append(A.final(r))
            for t in army.traits():
                out += t.conquest_actions(g, army)
    out.append(A.END_CONQUEST)
    return out


def _redeploy_actions(g: GameState, army: Army) -> list[Action]:
    out: list[Action] = []
    for t in army.traits():
        out += t.redeploy_actions(g, army)
    hand = army.hand
    if hand and army.mask:
        out += [A.deploy(r, n) for r in bits(army.mask) for n in range(1, hand + 1)]
    if (not hand or not army.mask) and not redeploy_blocker(g, army)[0]:
        out.append(A.END_REDEPLOY)
    return out


# --- apply ---------------------------------------------------------------------------------

def apply(g: GameState, action: Action, *, checked: bool = False) -> list[Event]:
    """Validate and carry out one action for ``g.actor``; returns the events it caused.

    ``checked=True`` skips validation for callers that took ``action`` from
    ``legal_actions(g)`` (bots, the simulator).
    """
    if not checked and action not in legal_actions(g):
        raise illegal(g, action)
    g.events.clear()
    handler = _CORE.get((g.phase, action.kind))
    if handler is not None:
        handler(g, action)
    else:
        army = g.armies[g.turn.acting] if g.phase != "end" else g.active_army(g.seat)
        assert army is not None
        if g.phase == "conquer":
            _mark_expanding(g)
        _owner(army, action.kind).apply(g, army, action)
        if g.phase == "end":
            _next_turn(g)
    events = list(g.events)
    g.events.clear()
    return events


def _owner(army: Army, kind: str) -> Trait:
    for t in army.traits():
        if kind in t.actions:
            return t
    raise IllegalAction("no rule of {race} offers {kind}", race=army.race, kind=kind)


def _pick(g: GameState, action: Action) -> None:
    slot = action.target
    seat = g.seat
    for k in range(slot):
        g.combos[k].coins += 1
    combo = g.combos.pop(slot)
    g.coins[seat] += combo.coins - slot
    race, power = RACES[combo.race], POWERS[combo.power]
    army = Army(id=len(g.armies), seat=seat, race=combo.race, power=combo.power,
                picked_turn=g.turn_number)
    army.hand = g.take_from_tray(combo.race, race.tokens + power.tokens)
    g.armies.append(army)
    if g.race_stack:
        g.combos.append(Combo(g.race_stack.pop(0), draw_power(g)))
    g.emit("picked", seat, race=combo.race, power=combo.power, slot=slot, paid=slot,
           collected=combo.coins, tokens=army.hand)
    for t in army.traits():
        t.on_picked(g, army)
    g.turn.acting = army.id
    g.turn.readied = True
    g.phase = "conquer"


def _decline(g: GameState, action: Action) -> None:
    army = g.armies[g.turn.acting]
    for r, tokens in g.turn.snapshot:
        army.hand -= tokens - g.region_tokens[r]
        g.region_tokens[r] = tokens
    for t in army.traits():
        t.on_unready(g, army)
    go_into_decline(g, army)
    _finish_turn(g)


def _mark_expanding(g: GameState) -> Army:
    army = g.armies[g.turn.acting]
    if not army.declined:
        g.turn.expanded = True
    return army


def _abandon(g: GameState, action: Action) -> None:
    army = _mark_expanding(g)
    r = action.target
    army.hand += g.region_tokens[r]
    g.region_tokens[r] = 0
    g.region_army[r] = NOBODY
    g.clear_pieces(r)
    army.mask &= ~(1 << r)
    g.emit("abandoned", army.seat, race=army.race, region=r)


def _conquer(g: GameState, action: Action) -> None:
    army = _mark_expanding(g)
    cost = conquest_cost(g, action.target, discount_masks(g, army))
    roll = g.turn.berserk_roll
    g.turn.berserk_roll = -1
    via = "berserk" if roll >= 0 else "conquer"
    take_region(g, army, action.target, after_roll(cost, roll), via)


def _final(g: GameState, action: Action) -> None:
    army = _mark_expanding(g)
    r = action.target
    cost = conquest_cost(g, r, discount_masks(g, army))
    short = cost - army.hand
    value = g.roll_die()
    success = value >= short
    g.emit("die_rolled", army.seat, value=value, region=r, short=short, success=success)
    if success:
        take_region(g, army, r, army.hand, "final", cost)
    g.turn.conquest_over = True
    _start_redeploy(g, army)


def _end_conquest(g: GameState, action: Action) -> None:
    _start_redeploy(g, _mark_expanding(g))


def _start_redeploy(g: GameState, army: Army) -> None:
    g.turn.berserk_roll = -1
    g.phase = "redeploy"
    lift_for_redeploy(g, army)


def _deploy(g: GameState, action: Action) -> None:
    army = g.armies[g.turn.acting]
    g.region_tokens[action.target] += action.count
    army.hand -= action.count
    g.emit("deployed", army.seat, race=army.race, region=action.target, count=action.count)


def _end_redeploy(g: GameState, action: Action) -> None:
    army = g.armies[g.turn.acting]
    if g.phase == "defender":
        _next_defender(g)
    elif army.declined:  # the Ghoul phase is over: now the active race
        _main_phase(g)
    else:
        _finish_turn(g)


def _end_turn(g: GameState, action: Action) -> None:
    _next_turn(g)


_CORE: dict[tuple[str, str], Callable[[GameState, Action], None]] = {
    ("pick", "pick"): _pick,
    ("conquer", "decline"): _decline,
    ("conquer", "abandon"): _abandon,
    ("conquer", "conquer"): _conquer,
    ("conquer", "final"): _final,
    ("conquer", "end_conquest"): _end_conquest,
    ("redeploy", "deploy"): _deploy,
    ("defender", "deploy"): _deploy,
    ("redeploy", "end_redeploy"): _end_redeploy,
    ("defender", "end_redeploy"): _end_redeploy,
    ("end", "end_turn"): _end_turn,
}


# --- turn sequence -------------------------------------------------------------------------

def _start_turn(g: GameState) -> None:
    g.turn = TurnState()
    g.turn_number += 1
    g.actor = g.seat
    g.emit("turn_started", g.seat, round=g.round)
    mine = g.armies_of(g.seat)
    for army in mine:
        for t in army.traits():
            t.on_turn_start(g, army)
    ghouls = next((a for a in mine if a.declined and a.race_trait.acts_in_decline), None)
    if ghouls is not None:
        _begin_campaign(g, ghouls)
    else:
        _main_phase(g)


def _main_phase(g: GameState) -> None:
    active = g.active_army(g.seat)
    if active is not None:
        _begin_campaign(g, active)
    elif g.combos:
        g.turn.acting = -1
        g.phase = "pick"
    else:  # nothing left to pick (cannot happen with the base box): score and move on
        _finish_turn(g)


def _begin_campaign(g: GameState, army: Army) -> None:
    g.turn.acting = army.id
    g.turn.conquest_over = False
    g.turn.berserk_roll = -1
    g.phase = "conquer"
    ready_troops(g, army)


def _finish_turn(g: GameState) -> None:
    """After the player's own redeployment: defenders place survivors, in seat order."""
    n = g.players
    queue = [a for a in g.turn.defenders if g.armies[a].alive]
    queue.sort(key=lambda a: (g.armies[a].seat - g.seat - 1) % n)
    g.turn.defenders = queue
    _next_defender(g)


def _next_defender(g: GameState) -> None:
    while g.turn.defenders:
        army = g.armies[g.turn.defenders.pop(0)]
        if army.alive and army.mask and (army.hand or army.extra.get("camps", 0)):
            g.turn.acting = army.id
            g.actor = army.seat
            g.phase = "defender"
            return
    g.actor = g.seat
    _score(g)
    if _end_actions(g):
        g.phase = "end"
    else:
        _next_turn(g)


def _score(g: GameState) -> None:
    seat = g.seat
    breakdown: list[list[Any]] = []
    for army in g.armies_of(seat):
        regions = army.mask.bit_count()
        if regions:
            breakdown.append([f"regions:{army.race}", regions])
        for t in army.traits():
            bonus = t.score(g, army)
            if bonus:
                breakdown.append([f"{t.kind}:{t.id}", bonus])
    total = sum(x[1] for x in breakdown)
    g.coins[seat] += total
    g.gains[g.round - 1][seat] += total
    g.emit("scored", seat, coins=total, breakdown=breakdown)


def _next_turn(g: GameState) -> None:
    g.seat += 1
    if g.seat == g.players:
        g.seat = 0
        g.round += 1
        if g.round > g.map.turns:
            _game_over(g)
            return
    _start_turn(g)


def _game_over(g: GameState) -> None:
    g.round = g.map.turns
    g.seat = 0
    g.phase = "over"
    g.actor = -1
    g.turn = TurnState()
    g.winners = winners(g)
    g.emit("game_over", -1, winners=g.winners, coins=list(g.coins))


def tokens_on_board(g: GameState, seat: int) -> int:
    """Race tokens of ``seat`` on the map (active and declined): the tie-break."""
    return sum(g.tokens_on_board(a) for a in g.armies_of(seat))


def winners(g: GameState) -> list[int]:
    """Most coins; ties broken by most race tokens on the map; still tied: shared win."""
    best = max(g.coins)
    tied = [s for s in range(g.players) if g.coins[s] == best]
    most = max(tokens_on_board(g, s) for s in tied)
    return [s for s in tied if tokens_on_board(g, s) == most]
