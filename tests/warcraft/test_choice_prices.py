"""What a race's choice costs in coins, as every menu shows it, comes from the engine's view
(``PlayerView.prices``): the Worgen's forms (human: gain 2 coins; worgen: pay 1) and the
Forsaken's new tokens (1 coin each), warcraft.md §6."""

from __future__ import annotations

from scenario import act, begin_turn, give

from smallworld_tui.engine import Action, view
from warcraft.helpers import wc_game


def test_the_worgens_forms_are_priced_in_the_view_of_their_player_only() -> None:
    g = wc_game()
    give(g, 0, "worgen", "farming", {8: 2}, hand=3)
    begin_turn(g, 0)
    assert view(g, 0).prices == {Action("human_form"): -2, Action("worgen_form"): 1}
    assert view(g, 1).prices == {}  # the others see no choices of hers
    coins = g.coins[0]
    act(g, "worgen_form")
    assert g.coins[0] == coins - 1


def test_the_forsakens_tokens_cost_a_coin_each() -> None:
    g = wc_game(murlocs=True)
    give(g, 0, "forsaken", "farming", {10: 2}, hand=12)
    give(g, 1, "humans", "herbalist", {11: 2})
    begin_turn(g, 0)
    for region in (9, 11):  # a Murloc and a Human token lost
        act(g, "conquer", region)
    act(g, "end_conquest")
    assert view(g, 0).prices == {Action("recruit", 1): 1, Action("recruit", 2): 2}
