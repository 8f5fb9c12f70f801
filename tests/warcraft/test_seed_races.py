"""The 16 races of Small World of Warcraft, one scenario per rule, worked out by hand from
the rulebook (seed 000, "種族"; unscrambled in ../shared/rules/warcraft.md §6) with the edge
cases its text implies: decline, being conquered, islands, artifacts.  The Tauren are left
to their own tests.  Map: see test_seed_core.py.
"""

from __future__ import annotations

import pytest
from invariants import check
from scenario import act, begin_turn, count, give, kinds, of, put, targets

from smallworld_tui.engine import GameState, IllegalAction
from smallworld_tui.engine.bitset import NOBODY
from smallworld_tui.engine.conquest import Costs
from smallworld_tui.engine.content.warcraft.races import artifacts
from smallworld_tui.engine.phase import Phase
from smallworld_tui.engine.state import Army
from warcraft.helpers import (
    breakdown,
    lay,
    lines,
    play_out,
    to_end,
    wc_game,
    with_setup,
)

GOBLINS, HARMONY = "warcraft:goblins", "warcraft:harmony"
FROSTMOURNE, KARAZHAN = "warcraft:frostmourne", "warcraft:karazhan"


def pile(g: GameState) -> list[int]:
    """The Goblins' bomb pile (1: exploding), drawn from its end."""
    bombs: list[int] = g.item_data[GOBLINS]["pile"]
    return bombs


def next_bomb(g: GameState, exploding: int) -> None:
    """Put a bomb of the kind wanted on top of the pile."""
    bombs = pile(g)
    k = bombs.index(exploding)
    bombs[k], bombs[-1] = bombs[-1], bombs[k]


def test_blood_elves_score_a_coin_per_magic_region_while_active() -> None:
    g = wc_game()
    elves = give(g, 0, "blood_elves", "herbalist", {4: 2, 13: 1})
    begin_turn(g, 0)
    assert lines(play_out(g), 0) == {"race:warcraft:blood_elves": 1}
    begin_turn(g, 0)
    events = act(g, "decline")
    assert elves.declined and breakdown(events, 0) == {"regions:warcraft:blood_elves": 2}


def test_draenei_keep_the_first_token_lost_in_each_opponent_turn() -> None:
    """A region held by one Draenei token is taken: that token, normally discarded, goes to
    hand; the next loss that turn is discarded; both are placed at the end of the turn."""
    g = wc_game()
    draenei = give(g, 0, "draenei", "herbalist", {9: 1, 10: 3, 13: 1})
    give(g, 1, "trolls", "farming", {8: 1}, hand=9)
    begin_turn(g, 1)
    first = of(act(g, "conquer", 9), "conquered")[0]
    assert (first["lost"], first["returned"]) == (0, 1)
    second = of(act(g, "conquer", 10), "conquered")[0]
    assert (second["lost"], second["returned"]) == (1, 2)
    play_out(g)
    assert g.region_tokens[13] == 4 and draenei.mask == 1 << 13
    give(g, 2, "orcs", "mining", {14: 2}, hand=8)
    begin_turn(g, 2)
    assert of(act(g, "conquer", 13), "token_saved")  # another opponent's turn
    check(g)


def test_declined_draenei_keep_no_token() -> None:
    g = wc_game()
    give(g, 0, "draenei", "herbalist", {9: 1}, declined=True)
    give(g, 1, "trolls", "farming", {8: 1}, hand=9)
    begin_turn(g, 1)
    events = act(g, "conquer", 9)
    assert of(events, "conquered")[0]["lost"] == 1 and not of(events, "token_saved")


def test_dwarves_pay_two_less_for_a_mountain_region_never_below_one() -> None:
    g = wc_game()
    dwarves = give(g, 0, "dwarves", "herbalist", {5: 1}, hand=8)
    assert Costs(g, dwarves).of(3) == 1  # 2 + Mountain - 2
    assert Costs(g, dwarves).of(0) == 2  # no Mountain, no discount
    give(g, 1, "orcs", "mining", {3: 1})
    put(g, "fort", 3)
    assert Costs(g, dwarves).of(3) == 2 + 1 + 1 + 1 - 2


def test_ethereals_steal_an_artifact_next_to_them_and_use_it_at_once() -> None:
    """Once per turn the Ethereals move an artifact lying next to one of their regions into
    one of theirs, and may use it; the place discount is then spent for the turn."""
    g = wc_game()
    ethereals = give(g, 0, "ethereals", "herbalist", {1: 1, 2: 1}, hand=6)
    give(g, 1, "orcs", "mining", {4: 3, 7: 3})
    lay(g, FROSTMOURNE, 4)
    begin_turn(g, 0)
    act(g, "steal", artifacts().index(FROSTMOURNE), 2)
    assert g.items[FROSTMOURNE] == 2 and g.region_army[4] != ethereals.id
    assert "place_discount" not in kinds(g) and "steal" not in kinds(g)
    act(g, "frostmourne")
    assert Costs(g, ethereals).of(7) == 2 + 3 - 2
    act(g, "conquer", 7)
    assert g.items[FROSTMOURNE] == 7
    check(g)


def test_ethereals_take_a_legendary_place_region_for_two_less() -> None:
    g = wc_game()
    ethereals = give(g, 0, "ethereals", "herbalist", {11: 1}, hand=6)
    give(g, 1, "orcs", "mining", {10: 3})
    lay(g, KARAZHAN, 10)
    begin_turn(g, 0)
    assert Costs(g, ethereals).of(10) == 5
    act(g, "place_discount")
    assert Costs(g, ethereals).of(10) == 3 and Costs(g, ethereals).of(12) == 3
    act(g, "conquer", 10)
    assert ethereals.hand == 6 - 3
    check(g)


def test_forsaken_raise_a_token_per_coin_for_the_murloc_and_kobold_they_destroyed() -> None:
    """The rulebook's example: one Murloc and one Kobold token lost this turn, so up to two
    extra Forsaken tokens for a coin each, taken after the last conquest, before
    redeployment — too late to conquer with this turn."""
    g = wc_game(murlocs=True)
    forsaken = give(g, 0, "forsaken", "herbalist", {8: 1}, hand=9)
    give(g, 1, "kobolds", "mining", {10: 2})
    begin_turn(g, 0)
    act(g, "conquer", 9)  # the Murloc
    act(g, "conquer", 10)  # a Kobold lost, one back to hand
    assert "recruit" not in kinds(g)
    act(g, "end_conquest")
    assert targets(g, "recruit") == {1, 2}
    hand, coins = forsaken.hand, g.coins[0]
    act(g, "recruit", 1)
    assert forsaken.hand == hand + 1 and g.coins[0] == coins - 1
    assert g.phase == Phase.REDEPLOY and "conquer" not in kinds(g)
    assert targets(g, "recruit") == {1}
    check(g)


def test_gnomes_raid_a_region_of_another_island_rolling_the_die_off_its_cost() -> None:
    g = wc_game()
    gnomes = give(g, 0, "gnomes", "herbalist", {13: 1}, hand=5)
    give(g, 1, "orcs", "mining", {10: 2})
    begin_turn(g, 0)
    assert 10 not in targets(g, "conquer")  # neither next to them nor an entry region
    g.dice = [3]
    act(g, "air_raid", 10)
    assert Costs(g, gnomes).of(10) == 1  # as if adjacent: 2 + 2 Orcs, no travel, - 3
    act(g, "conquer", 10)
    assert "air_raid" not in kinds(g)
    check(g)


def test_an_air_raid_that_is_the_last_conquest_rolls_the_die_twice() -> None:
    g = wc_game()
    gnomes = give(g, 0, "gnomes", "herbalist", {13: 1}, hand=1)
    give(g, 1, "orcs", "mining", {10: 3})
    begin_turn(g, 0)
    g.dice = [1, 3]
    act(g, "air_raid", 10)  # 5 - 1 = 4 with 1 in hand: short by 3
    events = act(g, "final", 10)
    assert of(events, "die_rolled")[0]["success"] and g.region_army[10] == gnomes.id
    check(g)


def goblins_bomb(exploding: int = 1) -> tuple[GameState, Army]:
    """Seat 0's Goblins (8) laid a bomb on region 9 of seat 1's Humans (9, 10, 13) at the
    end of their turn; it is seat 1's turn (seat 2 plays Trolls far away)."""
    g = wc_game()
    with_setup(g, 0, "goblins", "herbalist", {8: 2}, hand=3)
    humans = give(g, 1, "humans", "mining", {9: 3, 10: 1, 13: 2})
    give(g, 2, "naga", "ranger", {11: 1}, declined=True)
    give(g, 2, "trolls", "ranger", {16: 1})
    begin_turn(g, 0)
    to_end(g)
    assert targets(g, "bomb") == {9, 10}  # opponents' active race only, next to them
    next_bomb(g, exploding)
    act(g, "bomb", 9)
    act(g, "end_turn")
    assert g.seat == 1
    return g, humans


def test_an_exploding_bomb_is_a_goblin_conquest_that_leaves_the_region_empty() -> None:
    """At the start of the Goblins' next turn: the holder loses a token and takes the rest
    back to place them; the region is left empty; the bomb leaves the game.  It counts as
    a successful conquest: the Horde Goblins beat the Alliance Humans."""
    g, humans = goblins_bomb()
    play_out(g)  # the Humans put their hand in region 9: 4 tokens there
    tokens = g.region_tokens[9]
    events = play_out(g)  # the Trolls' turn, then the Goblins' starts
    blast = of(events, "bomb_revealed")[0]
    assert blast["exploding"] and (blast["lost"], blast["returned"]) == (1, tokens - 1)
    assert g.region_army[9] == NOBODY and not count(g, "bomb", 9)
    assert humans.hand == tokens - 1
    events = play_out(g)
    assert lines(events, 0)["faction:warcraft:horde"] == 1
    assert [e["count"] for e in of(events, "deployed") if e.seat == 1] == [tokens - 1]
    check(g)


def test_a_dud_does_nothing_and_leaves_the_game() -> None:
    g, humans = goblins_bomb(exploding=0)
    play_out(g)
    events = play_out(g)
    assert not of(events, "bomb_revealed")[0]["exploding"]
    assert g.region_army[9] == humans.id and g.item_data[GOBLINS]["seen"] == [1, 0]


def test_a_bomb_goes_back_on_the_pile_once_its_region_is_emptied_even_if_retaken() -> None:
    """Seed 000: "あなたの次のターンの前にその地域が空きになった場合、その爆弾トークンは爆弾の
    山の上に、内容を見ないまま戻します" — emptied before the Goblins' next turn, the bomb goes
    back on top of the pile, unseen.  The Humans abandon the bombed region and take it back
    in the same turn: the bomb is gone, nothing blows up at the Goblins' next turn."""
    g, humans = goblins_bomb()
    laid = len(pile(g))
    act(g, "abandon", 9)
    assert not count(g, "bomb", 9) and len(pile(g)) == laid + 1 and pile(g)[-1] == 1
    act(g, "conquer", 9)
    play_out(g)
    events = play_out(g)
    assert not of(events, "bomb_revealed") and g.region_army[9] == humans.id
    check(g)


def test_the_goblins_decline_after_every_bomb_turned_up() -> None:
    g, _ = goblins_bomb()
    play_out(g)
    assert of(play_out(g), "bomb_revealed") and g.seat == 0
    act(g, "decline")
    assert not g.pieces.mask("warcraft:bomb")
    check(g)


def test_humans_objectives_pay_non_horde_conquerors_and_the_humans() -> None:
    """At the end of their turn the Humans put their two objectives on regions no Alliance
    race holds.  A Neutral conqueror earns 2, the Humans 2 more, the objective goes back; a
    Horde conqueror gets nothing and the objective stays."""
    g = wc_game()
    humans = with_setup(g, 0, "humans", "herbalist", {8: 1}, hand=4)
    give(g, 1, "naga", "mining", {11: 1}, hand=6)
    give(g, 1, "dwarves", "ranger", {12: 1}, declined=True)
    give(g, 2, "trolls", "ranger", {13: 1}, hand=6)
    begin_turn(g, 0)
    to_end(g)
    assert 12 not in targets(g, "objective") and 8 not in targets(g, "objective")
    act(g, "objective", 10)
    act(g, "objective", 14)
    assert humans.reserve.get("warcraft:objective", 0) == 0
    assert g.seat == 1
    before = list(g.coins)
    act(g, "conquer", 10)
    assert g.coins[1] == before[1] + 2 and g.coins[0] == before[0] + 2
    assert humans.reserve["warcraft:objective"] == 1 and not count(g, "objective", 10)
    play_out(g)
    before = list(g.coins)
    act(g, "conquer", 14)
    assert g.coins[2] == before[2] and count(g, "objective", 14) == 1
    check(g)


def test_kobolds_attack_a_great_cavern_of_any_island_without_travel() -> None:
    g = wc_game(murlocs=True)
    kobolds = give(g, 0, "kobolds", "herbalist", {13: 1}, hand=6)
    assert Costs(g, kobolds).of(7) == 3  # 2 + its Murloc, as if adjacent
    fresh = wc_game(murlocs=True)
    newcomers = give(fresh, 0, "kobolds", "herbalist", hand=6)
    begin_turn(fresh, 0)
    assert 7 in targets(fresh, "conquer") and Costs(fresh, newcomers).of(7) == 3
    assert Costs(fresh, newcomers).of(5) == 3  # an entry region pays the travel
    act(fresh, "conquer", 7)
    check(fresh)


def test_naga_enter_on_a_lake_for_two_spread_ashore_and_stay_on_it_in_decline() -> None:
    g = wc_game()
    naga = give(g, 0, "naga", "herbalist", hand=6)
    begin_turn(g, 0)
    assert Costs(g, naga).of(6) == 2
    act(g, "conquer", 6)
    assert {3, 4, 5, 7} <= targets(g, "conquer")
    act(g, "conquer", 7)
    play_out(g)
    begin_turn(g, 0)
    act(g, "decline")
    assert g.region_army[6] == naga.id and g.region_tokens[6] == 1
    check(g)


def test_night_elves_forest_costs_one_less_and_its_wisp_wall_outlives_decline() -> None:
    g = wc_game()
    elves = give(g, 0, "night_elves", "herbalist", {11: 1}, hand=5)
    begin_turn(g, 0)
    assert Costs(g, elves).of(8) == 1 and Costs(g, elves).of(10) == 2
    act(g, "conquer", 8)
    assert count(g, "wisp_wall", 8) == 1
    play_out(g)
    begin_turn(g, 0)
    act(g, "decline")
    assert count(g, "wisp_wall", 8) == 1
    orcs = give(g, 1, "orcs", "mining", {10: 1}, hand=8)
    begin_turn(g, 1)
    assert Costs(g, orcs).of(8) == 2 + 1 + 1
    act(g, "conquer", 8)
    assert not count(g, "wisp_wall", 8)
    check(g)


def test_orcs_score_each_alliance_region_they_took_on_top_of_the_faction_bonus() -> None:
    g = wc_game()
    give(g, 0, "orcs", "mining", {8: 1}, hand=10)
    give(g, 1, "humans", "herbalist", {9: 1, 10: 1})
    give(g, 1, "dwarves", "ranger", {11: 1}, declined=True)
    begin_turn(g, 0)
    for r in (9, 10, 11):
        act(g, "conquer", r)
    assert lines(play_out(g), 0) == {"race:warcraft:orcs": 3, "faction:warcraft:horde": 2}


def test_pandaren_give_harmony_and_a_holder_pays_two_once_to_attack_them() -> None:
    g = wc_game()
    pandaren = give(g, 0, "pandaren", "herbalist", {8: 1, 10: 1}, hand=6)
    give(g, 1, "humans", "mining", {9: 1})
    give(g, 2, "trolls", "ranger", {11: 1}, hand=8)
    begin_turn(g, 0)
    act(g, "conquer", 9)  # the Humans are attacked: no Harmony for them
    events = play_out(g)
    assert of(events, "harmony_given")[0]["seats"] == [2]
    play_out(g)  # seat 1
    assert g.seat == 2
    before = list(g.coins)
    act(g, "conquer", 10)
    act(g, "conquer", 9)
    assert g.coins[2] == before[2] - 2 and g.coins[0] == before[0] + 2
    play_out(g)
    assert g.seat == 0 and HARMONY not in pandaren.extra
    check(g)


def test_a_harmony_holder_pays_before_trying_the_die_against_the_pandaren() -> None:
    """Seed 000: a Harmony holder who attacks the Pandaren — tries to conquer (征服を試みる)
    one of their regions — pays them 2 coins first: a last conquest with the die is such a
    try, and the coins stay paid when the die fails."""
    g = wc_game()
    pandaren = give(g, 0, "pandaren", "herbalist", {10: 3})
    pandaren.extra[HARMONY] = 1 << 1
    give(g, 1, "trolls", "ranger", {11: 1}, hand=1)
    begin_turn(g, 1)
    coins = list(g.coins)
    g.dice = [0]
    assert not of(act(g, "final", 10), "die_rolled")[0]["success"]
    assert (g.coins[0], g.coins[1]) == (coins[0] + 2, coins[1] - 2)
    check(g)


def test_the_pandarens_own_try_with_the_die_is_an_attack() -> None:
    """The Pandaren give no Harmony to a player whose race they tried to conquer, even if
    the die failed them."""
    g = wc_game()
    give(g, 0, "pandaren", "herbalist", {8: 1}, hand=1)
    give(g, 1, "humans", "mining", {10: 2})
    give(g, 2, "trolls", "ranger", {16: 1})
    begin_turn(g, 0)
    g.dice = [0]
    events = act(g, "final", 10)  # the conquests end: the Harmony tokens are given
    assert not of(events, "die_rolled")[0]["success"]
    assert of(events, "harmony_given")[0]["seats"] == [2]


def test_pandaren_taken_first_give_harmony_to_players_without_a_race() -> None:
    g = wc_game()
    give(g, 0, "pandaren", "herbalist", hand=6)
    begin_turn(g, 0)
    act(g, "conquer", 8)
    assert of(play_out(g), "harmony_given")[0]["seats"] == [1, 2]


def test_trolls_pay_one_less_for_a_region_with_tokens_not_for_a_mountain_alone() -> None:
    g = wc_game(murlocs=True)
    trolls = give(g, 0, "trolls", "herbalist", {5: 1}, hand=8)
    give(g, 0, "humans", "mining", {13: 1}, declined=True)
    assert Costs(g, trolls).of(0) == 2 + 1 - 1  # a Murloc
    assert Costs(g, trolls).of(3) == 3  # only a Mountain: an empty region
    assert Costs(g, trolls).of(13) == 2 + 1 + 1 - 1  # their own declined race, landing


def test_worgen_take_human_form_for_two_coins_or_pay_one_for_worgen_form() -> None:
    """At the start of each turn the Worgen must choose a form.  The seed does not say
    whether a turn spent going into decline is such a turn: ruling 115 — the form is the
    first deed of an expanding turn, so declining is still offered before it."""
    g = wc_game()
    worgen = give(g, 0, "worgen", "herbalist", {8: 1}, hand=6)
    give(g, 1, "orcs", "mining", {10: 2})
    begin_turn(g, 0)
    assert kinds(g) == {"decline", "human_form", "worgen_form"}
    coins = g.coins[0]
    act(g, "human_form")
    assert g.coins[0] == coins + 2 and Costs(g, worgen).of(10) == 4
    play_out(g)
    play_out(g)  # the Orcs' turn
    begin_turn(g, 0)
    coins = g.coins[0]
    act(g, "worgen_form")
    assert g.coins[0] == coins - 1
    assert Costs(g, worgen).of(10) == 3 and Costs(g, worgen).of(11) == 1
    with pytest.raises(IllegalAction, match="already took their form"):
        act(g, "human_form")
    check(g)
