"""Battle for Azeroth: coins shown to partners.  Seed 002: each player's coins are secret even
from their own team, but a player may show them to their allies at any time; at the end
every player reveals their coins.  A player shows them (and hides them again) at any moment,
whoever's turn it is; the views, the observations, records, saves and sessions follow."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from smallworld_tui.engine import (
    Event,
    GameState,
    IllegalAction,
    Record,
    apply,
    legal_actions,
    observe,
    view,
    why_illegal,
)
from smallworld_tui.engine import actions as A
from smallworld_tui.engine.phase import Phase
from smallworld_tui.session import GameSession
from warcraft.helpers import wc_game

Maps = Callable[[int], str]
NAMES = ["Amy", "Ben", "Cai", "Dee", "Eli"]
TEAMS = {"teams": True, "two_player_boards": "LM", "garrison_forts": "per_region"}


def team_game(wc_map: Maps, players: int = 4, teams: bool = True) -> GameState:
    """Amy (Alliance #1), Ben (Horde #1), Cai (Alliance #2), Dee (Horde #2) with 11–14
    coins; Amy decides."""
    g = wc_game(players, wc_map(players), teams=teams)
    g.coins = [11, 12, 13, 14, 15][:players]
    return g


# --- the views and observations --------------------------------------------------------------

def test_shown_coins_are_seen_by_the_partners_only(wc_map: Maps) -> None:
    g = team_game(wc_map)
    assert view(g, 0).coins == [11, None, None, None]
    events = apply(g, A.show_coins(2))  # Cai shows while Amy decides
    assert events == [Event("coins_shown", 2, {"shown": True})]
    assert view(g, 0).coins == [11, None, 13, None]
    assert observe(g, 0)["coins"] == [11, None, 13, None]
    assert view(g, 0).gains[0] == [0, None, 0, None]
    for other in (1, 3, -1):  # the other team and a spectator
        assert view(g, other).coins[2] is None and observe(g, other)["coins"][2] is None
    assert view(g, 2).coins == [None, None, 13, None]  # Amy's stay hidden from Cai
    assert view(g, 1).coins_shown == [2]


def test_shown_coins_are_hidden_again(wc_map: Maps) -> None:
    g = team_game(wc_map)
    apply(g, A.show_coins(2))
    apply(g, A.show_coins(0))
    assert view(g, 2).coins == [11, None, 13, None]
    events = apply(g, A.show_coins(2, shown=False))
    assert events == [Event("coins_shown", 2, {"shown": False})]
    assert view(g, 0).coins == [11, None, None, None]
    assert observe(g, 0)["coins"] == [11, None, None, None]
    assert view(g, 2).coins == [11, None, 13, None]  # Amy still shows hers
    assert view(g, 0).anytime == [A.show_coins(0, shown=False)]
    assert view(g, 2).anytime == [A.show_coins(2)]


def test_showing_is_no_move_of_the_turn(wc_map: Maps) -> None:
    g = team_game(wc_map)
    apply(g, legal_actions(g)[0])
    before = (g.seat, g.actor, g.phase, legal_actions(g), g.turn.position())
    apply(g, A.show_coins(3))  # Dee, whose turn it is not
    assert (g.seat, g.actor, g.phase, legal_actions(g), g.turn.position()) == before
    seen = view(g, 3)
    assert seen.legal == [] and seen.anytime == [A.show_coins(3, shown=False)]
    assert all(a.kind not in A.ANYTIME for a in legal_actions(g))


@pytest.mark.parametrize(("players", "teams", "seat", "reason"), [
    (3, True, 2, "only a player with team partners"),  # the Neutral player
    (3, True, 0, "only a player with team partners"),  # one player per faction
    (2, True, 1, "only a player with team partners"),
    (4, False, 0, "only a player with team partners"),  # no team game
    (4, True, 4, "there is no seat 4"),
    (4, True, -1, "there is no seat -1"),
])
def test_only_a_player_with_partners_shows_coins(
        wc_map: Maps, players: int, teams: bool, seat: int, reason: str) -> None:
    g = team_game(wc_map, players, teams)
    if 0 <= seat < players:
        assert view(g, seat).anytime == []
    with pytest.raises(IllegalAction, match=reason):
        apply(g, A.show_coins(seat))
    assert g.coins_shown == []


def test_showing_twice_or_hiding_hidden_coins_is_refused(wc_map: Maps) -> None:
    g = team_game(wc_map)
    assert "hidden from your partners already" in why_illegal(g, A.show_coins(1, False))
    with pytest.raises(IllegalAction, match="hidden from your partners already"):
        apply(g, A.show_coins(1, shown=False))
    apply(g, A.show_coins(1))
    with pytest.raises(IllegalAction, match="shown to your partners already"):
        apply(g, A.show_coins(1))
    assert g.coins_shown == [1]


def test_at_the_end_every_coin_is_shown_and_nothing_is_left_to_show(wc_map: Maps) -> None:
    g = team_game(wc_map)
    g.phase = Phase.OVER
    assert view(g, 1).coins == view(g, -1).coins == [11, 12, 13, 14]
    assert view(g, 1).anytime == []
    with pytest.raises(IllegalAction, match="the game is over"):
        apply(g, A.show_coins(1))


# --- the state, records and saves ------------------------------------------------------------

def test_the_state_keeps_who_shows(wc_map: Maps) -> None:
    g = team_game(wc_map)
    hidden = g.position()
    apply(g, A.show_coins(3))
    assert g.position() != hidden
    again = GameState.from_json(json.loads(g.dumps()))
    assert again.coins_shown == [3] and again.position() == g.position()
    copy = g.clone()
    apply(copy, A.show_coins(3, shown=False))
    assert g.coins_shown == [3] and copy.coins_shown == []


def test_a_game_where_nobody_shows_keeps_the_json_it_had_before_coins_could_be_shown(
        wc_map: Maps) -> None:
    g = team_game(wc_map)
    data = g.to_json()
    assert "coins_shown" not in data and GameState.from_json(data).coins_shown == []
    apply(g, A.show_coins(1))
    apply(g, A.show_coins(1, shown=False))
    assert g.to_json() == data


def team_record(*actions: A.Action) -> Record:
    return Record(players=NAMES[:4], map="warcraft-4p", seed=3, options=dict(TEAMS),
                  game="warcraft", actions=list(actions))


def test_a_record_keeps_each_showing_in_its_place() -> None:
    first = team_record().replay()
    record = team_record(A.show_coins(2), legal_actions(first)[0], A.show_coins(1),
                         A.show_coins(2, shown=False))
    data = json.loads(json.dumps(record.to_json()))
    assert data["actions"][0] == {"do": "show_coins", "seat": 2}
    assert data["actions"][3] == {"do": "hide_coins", "seat": 2}
    again = Record.from_json(data)
    assert again.replay(upto=2).coins_shown == [2]
    assert again.replay().coins_shown == [1]
    assert team_record(legal_actions(first)[0]).replay().coins_shown == []  # older records


# --- a session (hotseat and SSH seats go through it) -----------------------------------------

def test_a_session_stores_the_showing_and_undo_goes_no_further(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    s = GameSession.new(NAMES[:4], "warcraft-4p", 3, dict(TEAMS), path=path, game="warcraft")
    s.apply(s.observe(0)[1][0], seat=0)  # Amy picks
    assert s.can_undo()
    s.apply(A.show_coins(2), seat=2)  # Cai shows, while Amy decides
    assert not s.can_undo()  # undo takes back neither the showing nor what came before
    assert s.view(0).coins[2] is not None and s.view(1).coins[2] is None
    assert {"do": "show_coins", "seat": 2} in json.loads(path.read_text())["actions"]
    loaded = GameSession.load(path)
    assert loaded.view(0).coins == s.view(0).coins and loaded.state.coins_shown == [2]


@pytest.mark.parametrize("seat", [0, 1, -1])
def test_a_seat_shows_or_hides_only_its_own_coins(seat: int) -> None:
    s = GameSession.new(NAMES[:4], "warcraft-4p", 3, dict(TEAMS), game="warcraft")
    with pytest.raises(IllegalAction, match="only a player may show or hide their own coins"):
        s.apply(A.show_coins(2), seat=seat)
    assert s.state.coins_shown == [] and s.record.actions == []
