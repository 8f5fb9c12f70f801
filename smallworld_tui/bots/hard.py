"""The ``hard`` level: searches its turn, and plays its big decisions out beyond it.

Within a turn, ``normal`` judges each move by what follows if the rest of the turn is played
greedily; ``hard`` takes ``normal``'s best few moves and plays each of them out to the end of
its turn the way ``normal`` would play every later move of it (which combo, then each conquest
weighed against all the others, a last roll of the die weighed by its odds, redeployment), and
keeps the move whose turn ends best.  At a pick (a few decisions a game, the largest) it
searches every combo it may take, each as thoroughly as one of four.

In a 2-player game, two kinds of decision are played out further, in a few imagined games
(``engine.imagine``: what the seat cannot see drawn at random; the same games for every move,
so that moves are compared on equal terms), every seat played the way ``normal`` plays it:

- *Turn decisions* — which combo to take, whether to decline — are played out to the end of
  the seat's next turn: this turn, every opponent's turn (the attacks they actually make on
  what it holds, with the combos they can see), then its own next turn (the combo it gets after
  declining, what is left of its race otherwise).  The evaluation is asked only at the end of
  one of its own turns, the kind of position it is made for.
- *The end game* — every pick and conquest in the last ``ENDGAME_ROUNDS`` rounds — is played
  out to the end of the game and judged by the coins alone.

With more players a play-out passes through several opponents' turns; one or two imagined
games of them were measured too noisy to help (32.5% of 4-player games won against three
``normal``, against 39% searching the turn only), so there ``hard`` searches its turn only.
Nor did any of these help in 4-player games (docs/bots.md): playing the last round out to the
game's end, searching ``normal``'s best six moves instead of four, valuing the strongest
opponent rather than the opponents' mean, weighing that mean by half, a threatened region
weighed still less (``exposure`` 0.75), more losses a round (``losses`` 1.4), or a declined race
wearing away faster (``declined_keep`` 0.5).

In 2-player games ``hard`` values positions with ``evaluate.TUNED`` (weights found by
self-play, which beat ``normal``'s defaults), and assumes its opponents play as ``normal`` does
(its weights, ``NormalBot.weights``).  In games of more players ``TUNED`` lost to the defaults
(17.5% of 200 4-player games against three default ``normal``, where a default ``normal`` won
21.5%); there it plays by ``evaluate.TUNED_MANY``, the defaults with threatened regions weighed
less (``exposure`` 1.05; 168/400 4-player games won against three ``normal`` where the defaults
won 157/400) and a declined race wearing away more slowly (``declined_keep`` 0.85; 178/400
on other seeds, where ``exposure`` 1.05 alone won 162/400).

``Budget.work`` scales the number of moves searched and of turns played out; a
``Budget.seconds`` cap stops the search early, at the next move played ahead (in a play-out or
in a turn's plan) once the time is up: the moves are tried in ``normal``'s order and the best
of those judged in full is kept (``normal``'s own choice when none was).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from smallworld_tui.bots.base import Bot, Budget, Decision
from smallworld_tui.bots.evaluate import TUNED, TUNED_MANY, Weights
from smallworld_tui.bots.normal import DECLINE, NormalBot, Planner
from smallworld_tui.bots.tactics import quick_move
from smallworld_tui.bots.worlds import outcomes
from smallworld_tui.engine import Action, GameState, Phase, apply, legal_actions

CANDIDATES = 4  # normal's best moves searched at Budget.work == 1
PLAYED_TURNS = 36  # turns played out per decision at Budget.work == 1
ENDGAME_ROUNDS = 2  # rounds at the end in which decisions are played out to the game's end
PLAYED_OUT_SEATS = 2  # games of at most this many seats are played out beyond the turn
SEARCHED = (Phase.PICK, Phase.CONQUER)
clock = time.perf_counter  # what ``Budget.seconds`` is counted by

Judge = Callable[[GameState], float]


class OutOfTime(Exception):
    """The decision's ``Budget.seconds`` ran out while a move was being judged."""


class HardBot(Bot):
    """Searches its turn and plays big decisions out; see the module docstring."""

    level = "hard"
    weights: Weights | None = TUNED  # in 2-player games; TUNED_MANY with more (TUNED lost)

    def decide(self, decision: Decision) -> Action:
        g = decision.world()
        planner = Planner(g, decision.side, self.weights if g.players <= 2 else TUNED_MANY)
        legal = list(decision.legal)
        if g.phase not in SEARCHED:
            return planner.choose(g, legal)
        ranked = [a for _, a in planner.rank(g, legal)]
        wanted = max(2, round(CANDIDATES * self.budget.work))
        search = Search(decision, planner, self.budget)
        if g.phase == Phase.PICK:  # few decisions, the largest: every combo is searched
            wanted = max(wanted, round(len(ranked) * self.budget.work))
        if g.players > PLAYED_OUT_SEATS:
            return search.best(ranked[:wanted], search.this_turn)
        if g.map.turns - g.round < ENDGAME_ROUNDS:
            return search.best(ranked[:wanted], search.to_the_end)
        if g.phase == Phase.PICK:
            return search.best(ranked[:wanted], search.to_next_turn)
        if DECLINE in legal:
            going_on = next(a for a in ranked if a != DECLINE)
            if search.best([going_on, DECLINE], search.to_next_turn) == DECLINE:
                return DECLINE
            ranked.remove(DECLINE)
        return search.best(ranked[:wanted], search.this_turn)


class Search:
    """The ways ``HardBot`` values a move of the decision: each plays the game on from the
    move with ``planner`` deciding for the seat and a ``Planner`` of their own for the other
    seats."""

    def __init__(self, decision: Decision, planner: Planner, budget: Budget) -> None:
        self.decision = decision
        self.planner = planner
        self.budget = budget
        self.deadline = (clock() + budget.seconds
                         if budget.seconds is not None else None)
        self._opponents: dict[int, Planner] = {}
        if self.deadline is not None:
            planner.interrupt = self.check_time

    def best(self, candidates: list[Action], judge: Callable[[Action, int], float]) -> Action:
        """The candidate ``judge`` values most (``judge`` is told how many candidates share
        the work); candidates are judged in order until the deadline, and one whose
        judging it interrupts does not count."""
        best, best_value = candidates[0], float("-inf")
        if len(candidates) == 1 or self.out_of_time():
            return best
        for action in candidates:
            try:
                value = judge(action, len(candidates))
            except OutOfTime:
                break
            if value > best_value:
                best, best_value = action, value
            if self.out_of_time():
                break
        return best

    def out_of_time(self) -> bool:
        return self.deadline is not None and clock() > self.deadline

    def check_time(self) -> None:
        """``OutOfTime`` if the decision's time is up."""
        if self.out_of_time():
            raise OutOfTime

    def this_turn(self, action: Action, _shared: int) -> float:
        """The value at the end of this turn played the way ``normal`` plays it (the first
        die roll weighed over its faces, later ones drawn)."""
        planner = self.planner
        g = self.decision.world()
        return planner.expected(g, action, lambda h: planner.turn_value(h, self.quick))

    def to_next_turn(self, action: Action, shared: int) -> float:
        """The mean value, over imagined games, at the end of the seat's next turn."""
        def judge(g: GameState) -> float:
            g = self.play_turns(g, 2)
            return self.planner.value(g)

        return self.imagined(action, self.decision.world().players + 1, shared, judge)

    def to_the_end(self, action: Action, shared: int) -> float:
        """The mean value, over imagined games, of the game played to its end (the coins)."""
        g = self.decision.world()
        turns = (g.map.turns - g.round + 1) * g.players

        def judge(h: GameState) -> float:
            h = self.play_turns(h, turns)
            return self.planner.value(h)

        return self.imagined(action, turns, shared, judge)

    def imagined(self, action: Action, turns: int, shared: int, judge: Judge) -> float:
        """``judge``'s mean over imagined games after ``action`` (its die roll weighed): as
        many games as ``PLAYED_TURNS`` allows for ``turns`` turns a game, ``shared``
        candidates (at most ``CANDIDATES`` sharing it: every combo of a pick is played out as
        often as one of four) and the die's outcomes, and at least one."""
        first = outcomes(self.decision.world(), action)
        sharing = min(shared, CANDIDATES)  # more candidates (every combo) get as many games
        games = max(1, int(PLAYED_TURNS * self.budget.work / (turns * sharing * len(first))))
        total = sum(p * judge(h) for p, h in first)
        for k in range(1, games):
            total += self.planner.expected(self.decision.world(k), action, judge)
        return total / games

    def play_turns(self, g: GameState, own_turns: int) -> GameState:
        """``g`` played on until the seat's ``own_turns``-th turn end from now (this one
        counting) or the game's end."""
        seat = self.planner.seat
        self._opponents = {}  # planners keep what they learnt of a position: fresh each game
        while not g.finished:
            self.check_time()
            if g.seat == seat and g.phase != Phase.END:
                g = self.planner.finish_turn(g, self.opponent)
                own_turns -= 1
                if own_turns == 0:
                    break
            else:
                apply(g, self.opponent(g, legal_actions(g)), checked=True, quiet=True)
        return g

    def quick(self, g: GameState, legal: list[Action]) -> Action:
        return quick_move(g, legal, self.planner.arrivals)

    def opponent(self, g: GameState, legal: list[Action]) -> Action:
        """The move of whoever decides in ``g`` outside the seat's own turns: ``normal``'s
        choice (the end of a turn the quick way)."""
        if g.phase == Phase.END:
            return self.quick(g, legal)
        seat = g.actor
        if seat == self.planner.seat:
            return self.planner.choose(g, legal)
        planner = self._opponents.get(seat)
        if planner is None:
            planner = self._opponents[seat] = Planner(g, frozenset({seat}),
                                                      NormalBot.weights)
        return planner.choose(g, legal)

