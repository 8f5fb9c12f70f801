"""The hard bot's play-outs in 2-player games: a turn decision is played to the end of the
seat's next turn, an end-game decision to the end of the game, and neither reads what the seat
cannot know; with more players it searches its turn only; its weights are those for the count
of players."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from smallworld_tui.bots import Budget, hard, make_bot
from smallworld_tui.bots.base import Decision
from smallworld_tui.bots.evaluate import TUNED, TUNED_MANY, Weights, turn_underway
from smallworld_tui.bots.hard import ENDGAME_ROUNDS, Search
from smallworld_tui.bots.normal import DECLINE, NormalBot, Planner
from smallworld_tui.engine import Action, GameState, Phase, apply, legal_actions, new_game, observe

QUICK = Budget(work=0.25)


def reached(wanted: Callable[[GameState], bool], seed: int = 6) -> GameState:
    """The first position of a 2-player game between normal bots where ``wanted`` holds."""
    g = new_game(["Amy", "Ben"], "base-2p", seed)
    bots = [make_bot("normal", s) for s in range(2)]
    while not wanted(g):
        assert not g.finished, "the game ended before the position was reached"
        seat = g.actor
        apply(g, bots[seat].choose(observe(g, seat), legal_actions(g)))
    return g


def later_pick(g: GameState) -> bool:
    return g.phase == Phase.PICK and g.round >= 2


def may_decline(g: GameState) -> bool:
    return g.phase == Phase.CONQUER and DECLINE in legal_actions(g)


def end_game(g: GameState) -> bool:
    return (g.phase == Phase.CONQUER and g.map.turns - g.round < ENDGAME_ROUNDS
            and len(legal_actions(g)) > 2)


def four_player_conquest() -> GameState:
    """A 4-player game at a conquest of its second round, between normal bots."""
    g = new_game(["Amy", "Ben", "Cai", "Dee"], "base-4p", 11)
    bots = [make_bot("normal", s) for s in range(4)]
    while not (g.phase == Phase.CONQUER and g.round >= 2
               and sum(a.kind == "conquer" for a in legal_actions(g)) >= 4):
        apply(g, bots[g.actor].choose(observe(g, g.actor), legal_actions(g)))
    return g


def search_at(g: GameState) -> Search:
    decision = Decision(observe(g, g.actor), legal_actions(g), frozenset(), 1)
    return Search(decision, Planner(decision.world(), decision.side), QUICK)


def test_a_turn_decision_is_played_out_to_the_end_of_the_next_turn() -> None:
    g = reached(later_pick)
    seat, round_now = g.actor, g.round
    search = search_at(g)
    after = search.play_turns(search.decision.world().clone(), 2)
    if after.seat == seat:  # stopped in its next turn's end-of-turn choices
        assert (after.phase, after.round) == (Phase.END, round_now + 1)
    else:  # or at the very start of the turn that follows it
        following = (seat + 1) % g.players
        assert after.seat == following and not turn_underway(after)
        assert after.round == round_now + 1 + (following == 0)
    assert g.round == round_now  # the real game is not touched


def test_an_end_game_decision_is_played_out_to_the_end_of_the_game() -> None:
    g = reached(end_game)
    search = search_at(g)
    turns = (g.map.turns - g.round + 1) * g.players
    assert search.play_turns(search.decision.world().clone(), turns).finished
    assert not g.finished


@pytest.mark.parametrize("wanted", [later_pick, may_decline, end_game],
                         ids=["pick", "decline", "end-game"])
def test_the_played_out_decisions_ignore_what_the_seat_cannot_know(
        wanted: Callable[[GameState], bool]) -> None:
    g = reached(wanted)
    seat = g.actor
    legal = legal_actions(g)
    bot = make_bot("hard", 3, budget=QUICK)
    choice: Action = bot.choose(observe(g, seat), legal)
    secret = g.clone()
    secret.coins[1 - seat] += 41
    secret.race_stack.reverse()
    secret.power_stack.reverse()
    secret.rng.next64()
    secret.dice = [1, 2, 3]
    assert observe(secret, seat) == observe(g, seat)
    assert bot.choose(observe(secret, seat), legal) == choice
    assert choice in legal


def test_with_more_than_two_players_hard_searches_its_turn_only(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def played_out(*_: object) -> float:
        raise AssertionError("a 4-player decision was played out beyond the turn")

    monkeypatch.setattr(Search, "to_next_turn", played_out)
    monkeypatch.setattr(Search, "to_the_end", played_out)
    g = new_game(["Amy", "Ben", "Cai", "Dee"], "base-4p", 2)
    bot = make_bot("hard", 1, budget=QUICK)
    for _ in range(12):  # picks and the first conquests of several seats
        legal = legal_actions(g)
        action = bot.choose(observe(g, g.actor), legal)
        assert action in legal
        apply(g, action)


@pytest.mark.parametrize(("players", "weights"), [(2, TUNED), (4, TUNED_MANY)])
def test_hard_values_its_positions_by_weights_for_the_player_count(
        monkeypatch: pytest.MonkeyPatch, players: int, weights: Weights) -> None:
    used: list[Weights | None] = []

    class Recording(Planner):
        def __init__(self, g: GameState, side: frozenset[int], w: Weights | None = None
                     ) -> None:
            used.append(w)
            super().__init__(g, side, w)

    monkeypatch.setattr(hard, "Planner", Recording)
    g = new_game(["Amy", "Ben", "Cai", "Dee"][:players], f"base-{players}p", 2)
    bot = make_bot("hard", 1, budget=QUICK)
    bot.choose(observe(g, g.actor), legal_actions(g))
    assert used[0] is weights  # the seat's own planner (play-outs add opponents' after it)
    assert NormalBot.weights is None  # normal keeps the defaults


def test_a_planner_values_a_position_alike_whether_it_met_it_before_or_not() -> None:
    """Planners work out each position's value once (``GameState.position`` the key): the
    values a planner gives after valuing other moves first are those a fresh planner gives."""
    g = four_player_conquest()
    conquests = [a for a in legal_actions(g) if a.kind == "conquer"][:6]

    def values(planner: Planner, actions: list[Action]) -> list[tuple[float, float]]:
        def quick(h: GameState, legal: list[Action]) -> Action:
            return legal[0]

        return [(planner.expected(g, a, planner.after_conquests),
                 planner.expected(g, a, lambda h: planner.turn_value(h, quick)))
                for a in actions]

    side = frozenset({g.actor})
    warm = values(Planner(g, side, TUNED_MANY), conquests)
    for action, seen in zip(conquests, warm, strict=True):
        assert values(Planner(g, side, TUNED_MANY), [action]) == [seen]


class Clock:
    """A clock for ``Budget.seconds`` that stands still until told the time is up."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.mark.parametrize("position", [lambda: reached(later_pick), four_player_conquest],
                         ids=["2p-played-out", "4p-turn-plan"])
def test_a_search_out_of_time_stops_at_its_next_move_and_keeps_normals_choice(
        position: Callable[[], GameState], monkeypatch: pytest.MonkeyPatch) -> None:
    g = position()
    legal = legal_actions(g)
    clock = Clock()
    monkeypatch.setattr(hard, "clock", clock)
    timed = Budget(work=0.25, seconds=10.0)
    assert make_bot("hard", 3, budget=timed).choose(observe(g, g.actor), legal) == \
        make_bot("hard", 3, budget=QUICK).choose(observe(g, g.actor), legal)

    ranked = []  # every ranking of moves, the decision's own first; "late" once time is up
    rank = Planner.rank

    def counted(planner: Planner, h: GameState, legal: list[Action]
                ) -> list[tuple[float, Action]]:
        ranked.append("late" if clock.now > 10.0 else "in time")
        if len(ranked) == 2:  # the time runs out in the first move searched
            clock.now = 11.0
        return rank(planner, h, legal)

    monkeypatch.setattr(Planner, "rank", counted)
    choice = make_bot("hard", 3, budget=timed).choose(observe(g, g.actor), legal)
    assert ranked == ["in time", "in time"]  # nothing planned once the time was up
    monkeypatch.setattr(Planner, "rank", rank)
    decision = Decision(observe(g, g.actor), legal, frozenset(), 1)
    weights = TUNED if g.players == 2 else TUNED_MANY
    planner = Planner(decision.world(), decision.side, weights)
    assert choice == planner.rank(decision.world(), list(legal))[0][1]
