"""Every level plays every game the engine has — Underground, Warcraft on a drawn board set,
Warcraft's team game — from its own seat's observation only, and knows its team partners."""

from __future__ import annotations

import pytest
from invariants import check

from smallworld_tui.bots import LEVELS, Budget, make_bot
from smallworld_tui.bots.base import Decision
from smallworld_tui.bots.match import NAMES, play_bots
from smallworld_tui.engine import GameState, apply, legal_actions, new_game, observe
from smallworld_tui.engine.actions import show_coins

QUICK = Budget(work=0.25)
GAMES = [("base", 3, {}), ("underground", 3, {}), ("warcraft", 2, {}),
         ("warcraft", 4, {"teams": True})]
IDS = ["base", "underground", "warcraft", "warcraft-teams"]


def played(game: str, players: int, options: dict[str, object], actions: int = 60,
           seed: int = 3) -> GameState:
    """A game some turns in, every seat played by an easy bot."""
    g = new_game(NAMES[:players], None, seed, options, game=game)
    bots = [make_bot("easy", s) for s in range(players)]
    for _ in range(actions):
        seat = g.actor
        apply(g, bots[seat].choose(observe(g, seat), legal_actions(g)))
    return g


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=IDS)
def test_every_level_chooses_a_legal_move_in_every_game(
        game: str, players: int, options: dict[str, object]) -> None:
    for actions in (50, 61, 72):  # decisions in several phases and turns
        g = played(game, players, options, actions)
        check(g)
        legal = legal_actions(g)
        for level in LEVELS:
            assert make_bot(level, 1, budget=QUICK).choose(observe(g, g.actor), legal) in legal


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=IDS)
def test_an_opponents_hidden_coins_do_not_change_the_choice(
        game: str, players: int, options: dict[str, object]) -> None:
    g = played(game, players, options)
    seat = g.actor
    partners = next((s for s in g.rules.teams(g).values() if seat in s), [seat])
    opponent = next(s for s in range(players) if s not in partners)
    assert observe(g, seat)["coins"][opponent] is None
    richer = g.clone()
    richer.coins[opponent] += 40
    for level in LEVELS:
        bot = make_bot(level, 7, budget=QUICK)
        assert bot.choose(observe(richer, seat), legal_actions(g)) == \
            bot.choose(observe(g, seat), legal_actions(g))


def test_a_bot_knows_its_partner_from_the_team_game() -> None:
    g = new_game(NAMES[:4], None, 5, {"teams": True}, game="warcraft")
    teams = g.rules.teams(g)
    assert teams
    for seats in teams.values():
        for seat in seats:
            decision = Decision(observe(g, seat), legal_actions(g), frozenset(), 0)
            assert decision.side == frozenset(seats)
            partner = [s for s in seats if s != seat]
            assert all(observe(g, seat)["coins"][s] is None for s in partner)
            shown = g.clone()
            for s in partner:  # a partner's coins, once shown
                apply(shown, show_coins(s))
            assert all(observe(shown, seat)["coins"][s] is not None for s in partner)
    alone = new_game(NAMES[:3], None, 5, game="warcraft")
    assert Decision(observe(alone, 1), [], frozenset(), 0).side == {1}


def test_bots_play_a_whole_warcraft_team_game() -> None:
    result = play_bots(["easy", "random", "easy", "random"], None, 2, "warcraft",
                       options={"teams": True})
    assert result.record.options["teams"] and len(result.winners) >= 1
    assert "+" in result.record.map  # the board set drawn from the seed
