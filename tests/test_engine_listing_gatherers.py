"""The choices the conquest listing gathers through the sieve of the armies filling a hook
(``GameState.armies_filling``) and each army's hooks are those every rule of every army
offers, asked one by one, in the same order: the player's own rules while it conquers
(``turn_actions``), the other players' rules offering the conquering army a toll
(``offered_actions``), the player's rules at the end of the turn (``end_actions``); a hook no
rule of the game fills in sifts no army, whatever lies on the map.
"""

from __future__ import annotations

import pytest
from scenario import give
from underground.helpers import MOUNTAIN, MUDPOOL_W, reveal, ug
from underground.helpers import qid as q

from smallworld_tui.bots.random_play import play_random_game
from smallworld_tui.engine import Action, legal_actions
from smallworld_tui.engine.game import _end_actions, _offered, _turn_actions
from smallworld_tui.engine.hooks import HOT_HOOKS
from smallworld_tui.engine.phase import CONQUER, END
from smallworld_tui.engine.state import Army, GameState

GAMES = [("base", {}), ("underground", {}), ("warcraft", {}), ("warcraft", {"teams": True})]


def every_rule(g: GameState, armies: list[Army], hook: str, *args: Army) -> list[Action]:
    """What ``hook`` of every rule of ``armies`` offers, asked one by one (no sieve, no
    hooks: the rules the army has now)."""
    return [a for army in armies for rule in g.rules_of(army)
            for a in getattr(rule, hook)(g, army, *args)]


def check_gathered(g: GameState, _: Action) -> None:
    """The listing's gatherers give what every rule, asked in turn, offers."""
    mine = [a for a in g.armies if a.alive and a.seat == g.seat]
    if g.phase == CONQUER:
        acting = g.armies[g.turn.acting]
        others = [a for a in g.armies if a.alive and a.seat != acting.seat]
        assert _turn_actions(g) == every_rule(g, mine, "turn_actions")
        offered = [a for t, other in _offered(g, acting)
                   for a in t.offered_actions(g, other, acting)]
        assert offered == every_rule(g, others, "offered_actions", acting)
    if g.phase == END:
        assert _end_actions(g) == every_rule(g, mine, "end_actions")
        assert legal_actions(g)[:-1] == _end_actions(g)


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_the_choices_gathered_are_those_every_rule_offers(game: str,
                                                          options: dict[str, bool]) -> None:
    for seed in range(4):
        play_random_game(["Amy", "Ben", "Cai", "Dee"], None, seed, check_gathered, game=game,
                         options=options)


def test_a_hook_no_rule_fills_sifts_no_army_even_beside_a_changing_item() -> None:
    """Underground fills no toll in (``offered_actions``): no army is sifted for it, even one
    holding the Stonehedge, whose lent power may change (it is sifted for the hooks used)."""
    g = ug()
    assert "offered_actions" not in g.rules.hooks_used
    drow = give(g, 0, "drow", "stone", {MUDPOOL_W: 1, MOUNTAIN: 2})
    assert g.armies_filling("offered_actions") == []
    reveal(g, q("stonehedge"), MUDPOOL_W)
    assert g.armies_filling("offered_actions") == []
    used = [h for h in HOT_HOOKS if h in g.rules.hooks_used]
    assert used and all(g.armies_filling(h) == [drow] for h in used)
