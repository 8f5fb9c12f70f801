"""What the bots expect their opponents to pay: every cost is the engine's, so a player with
no active race threatens only where the rules let a newcomer enter, at the cost it would pay
there (Warcraft: the entry regions, with the travel cost)."""

from __future__ import annotations

from scenario import begin_turn, give
from warcraft.helpers import ENTRIES, wc_game

from smallworld_tui.bots.tactics import Newcomer, threats


def test_a_player_with_no_race_threatens_only_the_warcraft_entry_regions() -> None:
    g = wc_game()  # three players, no Murlocs
    hill, entry_hill = 1, 5  # both touch the edge of the board; only 5 is an entry region
    assert hill not in ENTRIES and entry_hill in ENTRIES
    give(g, 1, "orcs", "farming", {hill: 2, entry_hill: 2})
    begin_turn(g, 0)
    plain = Newcomer("warcraft:orcs", "warcraft:farming", 5)
    sailor = Newcomer("warcraft:humans", "warcraft:sailor", 5)
    found = threats(g, frozenset({1}), (plain, sailor))
    # seats 0 and 2 may each take either combo: 2 for the hill, 2 defending tokens, and the
    # travel cost unless Sailor
    assert found == {entry_hill: [(5, 5, 0.5), (4, 5, 0.5)] * 2}
