"""The turn flow: ``new_game``, ``legal_actions`` and ``apply`` (the one mutator).

The phases are listed in ``engine.phase``.  The core offers the moves every game shares
(pick, decline, abandon, conquer, final, deploy, the ends of phases); races, powers and items
offer their own through their hooks, and carry them out in their ``apply``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from smallworld_tui.engine import actions, showing
from smallworld_tui.engine.actions import ANYTIME, Action
from smallworld_tui.engine.bitset import bits
from smallworld_tui.engine.conquest import (
    conquest_choices,
    conquest_costs,
    conquest_price,
    empty_region,
    in_hand,
    lift_for_redeploy,
    ready_troops,
    redeploy_room,
    shortfall,
    take_region,
)
from smallworld_tui.engine.content.traits import Content
from smallworld_tui.engine.decline import go_into_decline, may_decline
from smallworld_tui.engine.errors import IllegalAction
from smallworld_tui.engine.events import QUIET, Event
from smallworld_tui.engine.explain import conquest_blocker, illegal, redeploy_blocker
from smallworld_tui.engine.phase import (
    CONQUER,
    DEFENDER,
    END,
    OVER,
    PICK,
    PLACING,
    REDEPLOY,
    Phase,
)
from smallworld_tui.engine.piles import check_pins
from smallworld_tui.engine.registry import ITEMS, RACES, ruleset
from smallworld_tui.engine.state import Army, GameState, TurnState


def new_game(
    names: Sequence[str],
    map_name: str | None = None,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    races: Sequence[str] | None = None,
    powers: Sequence[str] | None = None,
    dice: Sequence[int] | None = None,
    game: str = "base",
    piles: Mapping[str, Sequence[str]] | None = None,
) -> GameState:
    """Set up a game of ``game``.  ``races``/``powers`` pin the top of the stacks (ids, bare
    ids taken as the game's own; the rest is shuffled); ``dice`` pins the first die results;
    ``piles`` the first draws of face-down piles, by pile (``engine.piles``)."""
    rules = ruleset(game)
    n = len(names)
    if not rules.min_players <= n <= rules.max_players:
        raise IllegalAction("this game is played by {low} to {high} players",
                            low=rules.min_players, high=rules.max_players)
    if len(set(names)) != n or any(not name.strip() for name in names):
        raise IllegalAction("every player needs a different, non-empty name")
    chosen = rules.options(options)
    source, board = rules.board(map_name, n, seed, chosen)
    if board.players != n:
        raise IllegalAction("map {map} is for {players} players, not {n}",
                            map=board.name, players=board.players, n=n)
    for die in dice or ():
        if die not in rules.die_faces:
            raise IllegalAction("a pinned die result must be one of the die's faces, not {die}",
                                die=die)
    g = GameState.blank(rules, board, source, list(names), seed, chosen, list(dice or ()))
    g.pins = check_pins(g, piles)
    g.market.setup(g, races, powers)
    rules.setup(g)
    _start_turn(g)
    g.events.clear()
    return g


# --- legal actions -----------------------------------------------------------------------

def legal_actions(g: GameState, costs: Sequence[tuple[int, int]] | None = None
                  ) -> list[Action]:
    """Every action ``apply`` accepts now, for ``g.actor``; ``costs``: the acting army's
    ``conquest_costs`` when they are known already (``engine.moves``)."""
    phase = g.phase
    if phase == CONQUER:
        return _conquer_actions(g, g.armies[g.turn.acting], costs)
    if phase in PLACING:
        return _redeploy_actions(g, g.armies[g.turn.acting])
    if phase == PICK:
        return g.market.picks(g)
    if phase == END:
        return [*_end_actions(g), actions.END_TURN]
    return []


def _end_actions(g: GameState) -> list[Action]:
    """The last choices of the turn offered by the player's races, powers and items."""
    out: list[Action] = []
    if "end_actions" in g.rules.hooks_used:
        seat = g.seat
        for army in g.armies:  # the player's armies (``armies_of``, without its list)
            if army.alive and army.seat == seat:
                for t in g.hooks(army).end:
                    out += t.end_actions(g, army)
    return out


def _ends_with_a_choice(g: GameState) -> bool:
    """Whether ``_end_actions`` offers anything: asked of the same rules, in the same order,
    up to the first choice offered (not every region a piece may go to)."""
    if "end_actions" in g.rules.hooks_used:
        seat = g.seat
        for army in g.armies:
            if army.alive and army.seat == seat:
                for t in g.hooks(army).end:
                    for _ in t.end_actions(g, army):
                        return True
    return False


def _conquer_actions(g: GameState, army: Army,
                     costs: Sequence[tuple[int, int]] | None) -> list[Action]:
    turn = g.turn
    rules = g.rules
    # the hooks something in play may fill in (``live_hooks``; without a call when no
    # item fills a hook alone, or when the items know them)
    live = rules.hooks_used
    if rules.item_hooks:
        live = g.items.live or g.live_hooks()
    out: list[Action] = []
    if may_decline(g, army):
        out.append(actions.DECLINE)
    hooks = g.hooks(army)
    if hooks.blocker and conquest_blocker(g, army):  # only the choices that must come first
        for t in hooks.blocker:
            if t.conquest_blocker(g, army):
                out += t.conquest_actions(g, army)
        return out
    if not turn.conquest_over:
        hand = army.hand
        if turn.roll >= 0:
            out += conquest_choices(g, army, hooks, hand, hand, costs)
        else:
            if not turn.conquered.get(army.id, 0):
                out += actions.abandons(army.mask)
            held = in_hand(g, army) if hooks.token_aid else hand
            # the army's rules may ask its reach again: remembered while they are asked
            # (``conquest._reach``)
            listed = g.listing_reach = [army, -1, 0] if hooks.conquest else None
            try:
                if held >= 1:
                    # a last conquest may lack up to ``max_shortfall`` tokens, the die
                    # making them up (``shortfall``: the cost less the hand)
                    most = (hand + max(rules.max_shortfall, 0)
                            if not hooks.no_final_roll and held >= hooks.kept else hand)
                    out += conquest_choices(g, army, hooks, hand, most, costs)
                for t in hooks.conquest:
                    out += t.conquest_actions(g, army)
            finally:
                if listed is not None:
                    g.listing_reach = None
            if "offered_actions" in live:  # the tolls other players ask
                for t, other in _offered(g, army):
                    out += t.offered_actions(g, other, army)
    if "turn_actions" in live:
        mine = g.seat_armies_filling("turn_actions", g.seat)
        if mine:  # most listings: none of the player's armies fills it in, no call
            out += _turn_actions(g, mine)
    out.append(actions.END_CONQUEST)
    return out


def _turn_actions(g: GameState, armies: list[Army] | None = None) -> list[Action]:
    """Choices any of the player's armies or items offers while the player conquers (those
    of ``armies`` when the player's armies filling ``turn_actions`` in are known)."""
    out: list[Action] = []  # plain loops: a comprehension is one more call
    if armies is None:
        armies = g.seat_armies_filling("turn_actions", g.seat)
    for mine in armies:
        for t in g.hooks(mine).turn:
            out += t.turn_actions(g, mine)
    return out


def _is_turn_action(g: GameState, action: Action) -> bool:
    """Whether ``_turn_actions`` offers ``action`` (not asked when nothing in play fills
    ``turn_actions`` in: it offers nothing then)."""
    rules = g.rules
    if "turn_actions" not in (g.live_hooks() if rules.item_hooks else rules.hooks_used):
        return False
    return action in _turn_actions(g)


def _offered(g: GameState, army: Army) -> list[tuple[Content, Army]]:
    """Other players' rules that may offer ``army`` choices (a toll to attack them)."""
    out: list[tuple[Content, Army]] = []
    seat = army.seat
    for other in g.armies_filling("offered_actions"):  # living armies only
        if other.seat != seat:
            for t in g.hooks(other).offer:
                out.append((t, other))
    return out


def _redeploy_actions(g: GameState, army: Army) -> list[Action]:
    out: list[Action] = []
    hooks = g.hooks(army)
    for t in hooks.redeploy:
        out += t.redeploy_actions(g, army)
    hand, mask = army.hand, army.mask
    if hand and mask:
        if hooks.token_aid:  # Beasts lifted: the regions they leave short come first
            needs, spare = redeploy_room(g, army)
            for r in bits(mask):  # a cached row per region (``deploys``'s)
                out += actions.deploy_row(r, min(hand, needs.get(r, 0) + spare))
        else:
            out += actions.deploys(mask, hand)
    elif not hooks.redeploy_blocker or not redeploy_blocker(g, army)[0]:
        out.append(actions.END_REDEPLOY)
    return out


# --- apply ---------------------------------------------------------------------------------

def apply(g: GameState, action: Action, *, checked: bool = False,
          quiet: bool = False) -> list[Event]:
    """Validate and carry out one action for ``g.actor``; returns the events it caused.
    An action any player may take at any moment (``actions.ANYTIME``: showing one's coins to
    one's partners) is carried out for the seat it names instead (``showing``).

    ``checked=True`` skips validation for callers that took ``action`` from
    ``legal_actions(g)`` (bots, the simulator); ``quiet=True`` builds no event (none is
    returned) for callers that never read them (random play, the bots' look-ahead): the
    game goes on alike.
    """
    if action.kind in ANYTIME:
        return showing.choose(g, action)
    if not checked and action not in legal_actions(g):
        raise illegal(g, action)
    g.events = QUIET if quiet else []
    phase = g.phase
    core = _CORE.get(action.kind)
    if core is not None and phase in core[0]:
        core[1](g, action)
    else:
        content, army = provider(g, action)
        if (phase == CONQUER and (army.id == g.turn.acting or army.seat != g.seat)
                and not _is_turn_action(g, action)):
            _mark_expanding(g)
        content.apply(g, army, action)
        if phase == END and not _ends_with_a_choice(g):
            _next_turn(g)
    events = g.events
    g.events = []
    return [] if quiet else events


def provider(g: GameState, action: Action) -> tuple[Content, Army]:
    """The race, power or item offering ``action`` now, with its army (another player's,
    for a choice its rules offer the conquering army): the first rule knowing its kind, or,
    when several do, the first that offers it.  The rules are asked in turn: the acting
    army's (but at the end of the turn), the player's other armies', then, while
    conquering, those of other players that may offer a choice (plain loops: no list of
    every rule is built)."""
    kind = action.kind
    able: list[tuple[Content, Army]] = []
    phase = g.phase
    acting = None
    if phase != END:
        acting = g.armies[g.turn.acting]
        for t in g.hooks(acting).all:
            if kind in t.actions:
                able.append((t, acting))
    seat = g.seat
    for army in g.armies:  # the player's armies (``armies_of``, without its list)
        if army.alive and army.seat == seat and army is not acting:
            for t in g.hooks(army).all:
                if kind in t.actions:
                    able.append((t, army))
    rules = g.rules
    if acting is not None and phase == CONQUER and "offered_actions" in (
            g.live_hooks() if rules.item_hooks else rules.hooks_used):
        for t, other in _offered(g, acting):
            if kind in t.actions:
                able.append((t, other))
    if not able:
        raise IllegalAction("{action} is not possible now", action=kind)
    if len(able) > 1:  # two rules know the kind (a relic and the Bag imitating it)
        offering = next(((c, a) for c, a in able if action in _offers(g, c, a)), None)
        if offering is not None:
            return offering
    return able[0]


def _offers(g: GameState, content: Content, army: Army) -> list[Action]:
    """The choices ``content`` of ``army`` offers in the phase being played."""
    phase = g.phase
    if phase == END:
        return list(content.end_actions(g, army))
    acting = army.id == g.turn.acting
    if phase in PLACING:
        return list(content.redeploy_actions(g, army)) if acting else []
    if phase != CONQUER:
        return []
    if army.seat != g.seat:  # another player's rule: a toll offered to the attacker
        return list(content.offered_actions(g, army, g.armies[g.turn.acting]))
    offered = list(content.turn_actions(g, army))
    return [*content.conquest_actions(g, army), *offered] if acting else offered


def _pick(g: GameState, action: Action) -> None:
    seat = g.seat
    race, power, collected, paid = g.market.take(g, action.target)
    army = Army(id=len(g.armies), seat=seat, race=race, power=power,
                picked_turn=g.turn_number)
    army.hand = g.take_from_tray(race, RACES[race].tokens + army.power_trait.tokens)
    g.armies.append(army)
    if g.events is not QUIET:
        g.emit("picked", seat, race=race, power=power, slot=action.target, paid=paid,
               collected=collected, tokens=army.hand)
    for t in army.traits():
        t.on_picked(g, army)
    g.turn.acting = army.id
    g.turn.readied = True
    g.phase = CONQUER


def _decline(g: GameState, action: Action) -> None:
    army = g.armies[g.turn.acting]
    for r, tokens in g.turn.snapshot:
        army.hand -= tokens - g.region_tokens[r]
        g.region_tokens[r] = tokens
    for t in g.rules_of(army):
        t.on_unready(g, army)
    redeploys = any(t.redeploys_on_decline for t in g.rules_of(army))
    go_into_decline(g, army)
    if redeploys and army.alive and army.mask:
        _start_redeploy(g, army)
    else:
        _finish_turn(g)


def _mark_expanding(g: GameState) -> Army:
    army = g.armies[g.turn.acting]
    if not army.declined:
        g.turn.expanded = True
    return army


def _abandon(g: GameState, action: Action) -> None:
    army = _mark_expanding(g)
    empty_region(g, army, action.target)
    if g.events is not QUIET:
        g.emit("abandoned", army.seat, race=army.race, region=action.target)


def _conquer(g: GameState, action: Action) -> None:
    army = _mark_expanding(g)
    r = action.target
    cost, full, costs = conquest_price(g, army, r)
    via = "rolled" if g.turn.roll >= 0 else "conquer"
    g.turn.roll = -1
    take_region(g, army, r, cost, via, full)
    if costs is not None and full > cost:
        costs.use_aid(r, full, cost)


def _final(g: GameState, action: Action) -> None:
    army = _mark_expanding(g)
    r = action.target
    cost, full, costs = conquest_price(g, army, r)
    short = shortfall(army, cost)
    if "before_final" in g.rules.own_hooks:
        g.rules.before_final(g, army, r)
    value = g.roll_die()
    success = value >= short
    if g.events is not QUIET:
        g.emit("die_rolled", army.seat, value=value, region=r, short=short, success=success)
    if success:
        take_region(g, army, r, army.hand, "final", full)
        if costs is not None and full > cost:
            costs.use_aid(r, full, cost)
    g.turn.conquest_over = True
    _start_redeploy(g, army)


def _end_conquest(g: GameState, action: Action) -> None:
    _start_redeploy(g, _mark_expanding(g))


def _start_redeploy(g: GameState, army: Army) -> None:
    g.turn.roll = -1
    g.phase = REDEPLOY
    lift_for_redeploy(g, army)


def _deploy(g: GameState, action: Action) -> None:
    army = g.armies[g.turn.acting]
    _, region, count = action
    g.region_tokens[region] += count
    army.hand -= count
    if g.events is not QUIET:
        g.emit("deployed", army.seat, race=army.race, region=region, count=count)


def _end_redeploy(g: GameState, action: Action) -> None:
    army = g.armies[g.turn.acting]
    if g.phase == DEFENDER:
        _next_defender(g)
    elif army.declined and not g.turn.declined:  # the Ghoul phase is over: the active race
        _main_phase(g)
    else:
        _finish_turn(g)


def _end_turn(g: GameState, action: Action) -> None:
    _next_turn(g)


#: the core's action kinds: the phases each is carried out in, and how (keyed by kind alone:
#: a phase, an enum, hashes slowly)
_CORE: dict[str, tuple[tuple[Phase, ...], Callable[[GameState, Action], None]]] = {
    "pick": ((PICK,), _pick),
    "decline": ((CONQUER,), _decline),
    "abandon": ((CONQUER,), _abandon),
    "conquer": ((CONQUER,), _conquer),
    "final": ((CONQUER,), _final),
    "end_conquest": ((CONQUER,), _end_conquest),
    "deploy": (PLACING, _deploy),
    "end_redeploy": (PLACING, _end_redeploy),
    "end_turn": ((END,), _end_turn),
}


# --- turn sequence -------------------------------------------------------------------------

def _start_turn(g: GameState) -> None:
    g.turn = TurnState()
    g.turn_number += 1
    g.actor = g.seat
    if g.events is not QUIET:
        g.emit("turn_started", g.seat, round=g.round)
    mine = g.armies_of(g.seat)
    if "on_turn_start" in g.rules.hooks_used:
        for army in mine:
            for t in g.hooks(army).turn_start:
                t.on_turn_start(g, army)
    for army in mine:
        if army.declined and RACES[army.race].acts_in_decline:  # Ghouls
            _begin_campaign(g, army)
            return
    _main_phase(g)


def _main_phase(g: GameState) -> None:
    active = g.active_army(g.seat)
    if active is not None:
        _begin_campaign(g, active)
    elif g.market.picks(g):
        g.turn.acting = -1
        g.phase = PICK
    else:  # nothing the player may pick: score and move on
        _finish_turn(g)


def _begin_campaign(g: GameState, army: Army) -> None:
    g.turn.acting = army.id
    g.turn.conquest_over = False
    g.turn.roll = -1
    g.phase = CONQUER
    ready_troops(g, army)


def _finish_turn(g: GameState) -> None:
    """After the player's own redeployment: defenders place survivors, in seat order."""
    defenders = g.turn.defenders
    if defenders:
        n, seat, armies = g.players, g.seat, g.armies
        queue = [a for a in defenders if armies[a].alive]
        queue.sort(key=lambda a: (armies[a].seat - seat - 1) % n)
        g.turn.defenders = queue
    _next_defender(g)


def _next_defender(g: GameState) -> None:
    while g.turn.defenders:
        army = g.armies[g.turn.defenders.pop(0)]
        if army.alive and army.mask and (army.hand or any(army.reserve.values())):
            g.turn.acting = army.id
            g.actor = army.seat
            g.phase = DEFENDER
            return
    g.actor = g.seat
    _score(g)
    if _ends_with_a_choice(g):
        g.phase = END
    else:
        _next_turn(g)


def _score(g: GameState) -> None:
    seat = g.seat
    breakdown = score_breakdown(g, seat)
    total = 0
    for entry in breakdown:
        total += entry[1]
    g.gain(seat, total)
    if g.events is not QUIET:
        g.emit("scored", seat, coins=total, breakdown=breakdown)


def score_breakdown(g: GameState, seat: int) -> list[list[Any]]:
    """What ``seat`` would score if its turn ended now, as [label, coins] pairs: the regions
    of each of its races, each race's, power's and item's bonus, the rules' turn bonus (a
    query: the game is not changed; computer players value positions with it)."""
    breakdown: list[list[Any]] = []
    for army in g.armies:
        if not army.alive or army.seat != seat:
            continue
        regions = army.mask.bit_count()
        if regions:
            breakdown.append([f"regions:{army.race}", regions])
        for t in g.hooks(army).score:
            bonus = t.score(g, army)
            if bonus:
                breakdown.append([f"{t.kind}:{t.qid}", bonus])
    if g.items and g.rules.seat_bonuses:  # only those items give a seat bonus (by id, as
        items = g.items  # ``items`` lists them)
        for qid in g.rules.seat_bonuses:
            if items.get(qid, -1) >= 0:
                item = ITEMS[qid]
                bonus = item.seat_bonus(g, seat)
                if bonus:
                    breakdown.append([f"{item.kind}:{qid}", bonus])
    if "turn_bonus" in g.rules.own_hooks:
        breakdown += g.rules.turn_bonus(g, seat)
    return breakdown


def entry_costs(g: GameState, seat: int, race: str, power: str, within: int = -1
                ) -> list[tuple[int, int]]:
    """(region, cost) for every region where an army of ``race`` and ``power`` that ``seat``
    took now could make its first conquest, or only those of the mask ``within`` (a query:
    the game is not changed).  It is ``conquest_costs`` of that army as the pick leaves it,
    before its own rules act on being taken: where the rules and its race let it enter (in
    Warcraft every entry region, with the travel cost), the rules', its race's and its
    power's cost changes included.  Computer players ask it of the combos a player with no
    active race may take."""
    newcomer = Army(id=len(g.armies), seat=seat, race=race, power=power,
                    picked_turn=g.turn_number)
    return conquest_costs(g, newcomer, within)


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
    g.phase = OVER
    g.actor = -1
    g.turn = TurnState()
    g.winners = g.rules.winners(g)
    g.emit("game_over", -1, winners=g.winners, coins=list(g.coins))


def winners(g: GameState) -> list[int]:
    """Who wins (or would win now): the ruleset decides."""
    return g.rules.winners(g)
