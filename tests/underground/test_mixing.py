"""The mixing rules (underground.md §9): Underground content on a surface map and base
content on an Underground map, through the terrain and symbol equivalences; content whose
rule means nothing on the map stays in the box (docs/rulings.md, "Small World Underground")."""

from __future__ import annotations

import pytest
from invariants import check
from scenario import (
    NAMES,
    UG_TEST_MAP,
    act,
    begin_turn,
    finish,
    give,
    of,
    scenario,
    scored,
    targets,
)

from smallworld_tui.bots.random_play import play_random_game
from smallworld_tui.engine import IllegalAction, new_game, ruleset
from smallworld_tui.engine.board import load_map
from smallworld_tui.engine.conquest import reach_mask
from smallworld_tui.engine.state import GameState

SEA, FARM_MAGIC, FOREST_MINE, HILL, MOUNTAIN_MINE, LAKE = 0, 1, 2, 6, 5, 7


def column(g: GameState) -> tuple[set[str], set[str]]:
    """Every race and power of the game's stacks and column."""
    races = set(g.race_stack) | {c.race for c in g.combos}
    powers = set(g.power_stack) | {c.power for c in g.combos}
    return races, powers


def ids(*names: str, game: str) -> set[str]:
    return {f"{game}:{n}" for n in names}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_base_game_on_its_own_maps_uses_all_its_content(players):
    g = new_game(NAMES[:players], None, 1)
    assert column(g) == (set(ruleset("base").races), set(ruleset("base").powers))


def test_underground_on_a_surface_map_leaves_out_the_flames_and_spiderines():
    g = new_game(NAMES[:2], "base-2p", 3, game="underground")
    races, powers = column(g)
    content = ruleset("underground")
    assert races == set(content.races) - ids("flames", "spiderines", game="underground")
    assert powers == set(content.powers)  # Fisher fishes the Seas, Shield the Forests
    check(g)


def test_the_base_game_on_an_underground_map_leaves_out_what_it_lacks():
    g = new_game(NAMES[:2], UG_TEST_MAP, 3, game="base")
    races, powers = column(g)
    assert races == set(ruleset("base").races) - ids("humans", game="base")
    assert powers == set(ruleset("base").powers) - ids("hill", "mounted", "underworld",
                                                     game="base")
    check(g)


def test_underground_terrains_score_as_their_surface_equivalents():
    g = scenario(2, "base-2p", game="underground", clear_tribes=True)
    give(g, 0, "shrooms", "mining", {FOREST_MINE: 1, 12: 1, MOUNTAIN_MINE: 1})
    begin_turn(g, 0)
    assert scored(finish(g), 0) == 3 + 2 + 2  # two forests, two mine symbols
    check(g)


def test_surface_terrains_score_as_their_underground_equivalents():
    g = scenario(2, UG_TEST_MAP, game="base", clear_tribes=True)
    give(g, 0, "wizards", "forest", {3: 1, 5: 1, 13: 1})  # forest, two crystals
    begin_turn(g, 0)
    assert scored(finish(g), 0) == 3 + 2 + 1
    check(g)


def test_kraken_hold_the_seas_of_a_surface_map():
    g = scenario(2, "base-2p", game="underground", clear_tribes=True)
    kraken = give(g, 0, "kraken", "stone", {FARM_MAGIC: 4})
    begin_turn(g, 0)
    act(g, "conquer", SEA)
    finish(g)
    assert kraken.mask >> SEA & 1
    check(g)


def test_lizardmen_pass_through_the_lake_of_a_surface_map():
    g = scenario(2, "base-2p", game="underground", clear_tribes=True)
    lizards = give(g, 0, "lizardmen", "stone", {HILL: 4})
    begin_turn(g, 0)
    assert reach_mask(g, lizards) & (1 << 8 | 1 << 13) == 1 << 8 | 1 << 13
    assert not reach_mask(g, lizards) >> LAKE & 1  # passed through, never entered
    check(g)


def test_lizardmen_pass_through_a_lake_the_kraken_hold():
    g = scenario(2, "base-2p", game="underground", clear_tribes=True)
    lizards = give(g, 0, "lizardmen", "stone", {HILL: 4})
    give(g, 1, "kraken", "wise", {LAKE: 2})
    begin_turn(g, 0)
    assert reach_mask(g, lizards) & (1 << 8 | 1 << 13) == 1 << 8 | 1 << 13
    check(g)


def test_fisher_pairs_share_one_sea_or_lake_of_a_surface_map():
    g = scenario(2, "base-2p", game="underground", clear_tribes=True)
    give(g, 0, "ogres", "fisher", {1: 1, 2: 1, 20: 1})  # by the sea, the lake, the far sea
    begin_turn(g, 0)
    assert not any(line == "power:underground:fisher" for line, _ in
                   of(finish(g), "scored")[0]["breakdown"])
    check(g)


def test_seafaring_keeps_the_rivers_of_an_underground_map():
    g = scenario(2, UG_TEST_MAP, game="base", clear_tribes=True)
    sailors = give(g, 0, "ratmen", "seafaring", {3: 4})
    begin_turn(g, 0)
    act(g, "conquer", 2)
    events = finish(g)
    assert sailors.mask >> 2 & 1 and not of(events, "abandoned")
    check(g)


@pytest.mark.parametrize(("game", "map_name"), [
    ("underground", "base-2p"), ("base", UG_TEST_MAP),
    *[("base", f"underground-{n}p") for n in range(2, 6)]])
@pytest.mark.parametrize("seed", range(2))
def test_mixed_random_games_keep_the_invariants(game, map_name, seed):
    players = load_map(map_name).players
    g, record = play_random_game(NAMES[:players], map_name, seed, lambda g, _a: check(g),
                                 game=game)
    assert g.finished and record.replay().dumps() == g.dumps()


def test_reborn_never_passes_a_sea_to_a_race_that_cannot_hold_it():
    g = scenario(2, "base-2p", game="underground", clear_tribes=True)
    give(g, 0, "kraken", "reborn", {SEA: 1, FARM_MAGIC: 1}, declined=True)
    give(g, 0, "shrooms", "stone", {HILL: 3})
    begin_turn(g, 0)
    assert targets(g, "reborn") == {FARM_MAGIC}
    with pytest.raises(IllegalAction, match="may not hold"):
        act(g, "reborn", SEA)
    check(g)
