"""Event sentences and action labels: every event kind of the engine has words."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from smallworld_tui.engine import Action, Event, new_game, ruleset, view
from smallworld_tui.engine.actions import PARAMS
from smallworld_tui.engine.board import load_map
from smallworld_tui.engine.content.warcraft.races import artifacts
from smallworld_tui.i18n import set_language
from smallworld_tui.ui.describe import Narrator, action_label, combo_name, region_label

BOARD = load_map("base-2p")
NAMES = ["Amy", "Ben"]
VIEW = view(new_game(NAMES, "base-2p", seed=1), 0)  # Amy's, on BOARD
EVENTS_DOC = Path(__file__).parents[2] / "smallworld_tui" / "engine" / "events.py"

SAMPLES = [
    Event("turn_started", 0, {"round": 3}),
    Event("picked", 1, {"race": "base:trolls", "power": "base:flying", "slot": 2, "paid": 2,
                        "collected": 1, "tokens": 10}),
    Event("declined", 0, {"race": "base:elves", "power": "base:hill", "removed": "base:orcs"}),
    Event("conquered", 1, {"race": "base:trolls", "power": "base:flying", "declined": False,
                           "region": 7, "cost": 3, "via": "conquer", "defender_seat": 0,
                           "defender_race": "base:elves",
                           "defender_declined": False, "lost": 1, "returned": 0}),
    Event("die_rolled", 0, {"value": 2, "region": 7, "short": 2, "success": True}),
    Event("abandoned", 0, {"race": "base:elves", "region": 7}),
    Event("readied", 0, {"race": "base:elves", "hand": 6}),
    Event("redeploy_started", 0, {"race": "base:elves", "hand": 4}),
    Event("deployed", 0, {"race": "base:elves", "region": 7, "count": 3}),
    Event("piece_placed", 1, {"piece": "base:troll_lair", "region": 7}),
    Event("tokens_gained", 0, {"race": "base:amazons", "count": 4, "reason": "amazons"}),
    Event("tokens_returned", 0, {"race": "base:amazons", "count": 4, "reason": "amazons"}),
    Event("race_removed", 0, {"race": "base:orcs"}),
    Event("scored", 0, {"coins": 7, "breakdown": [["regions:elves", 5],
                                                  ["power:alchemist", 2]]}),
    Event("ally_named", 0, {"ally": 1}),
    Event("item_revealed", 1, {"item": "underground:stonehedge", "region": 7}),
    Event("item_readied", 0, {"item": "underground:flying_doormat"}),
    Event("item_moved", 0, {"item": "underground:froggys_ring", "region": 7}),
    Event("power_drawn", 1, {"item": "underground:stonehedge", "power": "underground:mining"}),
    Event("token_sacrificed", 0, {"item": "underground:altar_of_souls",
                                  "race": "underground:ogres", "region": 7}),
    Event("struck", 1, {"piece": "underground:balrog", "region": 7, "defender_seat": 0,
                        "defender_race": "underground:drow", "defender_declined": False,
                        "lost": 2, "returned": 1}),
    Event("piece_removed", 0, {"piece": "underground:ghost", "region": 7}),
    Event("coins_paid", 0, {"payer": 1, "coins": 1, "reason": "underground:liches"}),
    Event("bag_chosen", 0, {"item": "underground:shiny_orb"}),
    Event("pieces_gained", 1, {"piece": "underground:silver_hammer", "count": 2}),
    Event("badge_swapped", 0, {"race": "underground:shadow_mimes", "power": "underground:wise",
                               "given": "underground:stone", "slot": 2, "hand": 11}),
    Event("region_switched", 0, {"region": 7, "race": "underground:ogres",
                                 "old_race": "underground:shrooms"}),
    Event("token_moved", 0, {"region": 7, "to": 3, "defender_seat": 1,
                             "defender_race": "warcraft:orcs", "defender_declined": False,
                             "piece": ""}),
    Event("regions_swapped", 1, {"region": 7, "to": 3}),
    Event("token_saved", 1, {"race": "warcraft:draenei", "region": 7, "count": 1}),
    Event("artifact_stolen", 0, {"item": "warcraft:frostmourne", "source": 6, "region": 7}),
    Event("discount_readied", 0, {"race": "warcraft:ethereals"}),
    Event("tokens_bought", 1, {"race": "warcraft:forsaken", "count": 2, "coins": 2}),
    Event("air_raid", 0, {"race": "warcraft:gnomes", "region": 7, "value": 2}),
    Event("bomb_revealed", 1, {"region": 7, "exploding": True, "defender_seat": 0,
                               "defender_race": "warcraft:humans", "defender_declined": False,
                               "lost": 1, "returned": 2}),
    Event("bomb_returned", 1, {"region": 7}),
    Event("objective_reached", 0, {"region": 7, "by": 1}),
    Event("harmony_given", 0, {"race": "warcraft:pandaren", "seats": [1]}),
    Event("harmony_returned", 0, {"race": "warcraft:pandaren"}),
    Event("form_taken", 1, {"race": "warcraft:worgen", "form": "worgen_form", "coins": 1}),
    Event("item_relocated", 1, {"item": "warcraft:well_of_eternity", "region": 7}),
    Event("item_boxed", 1, {"item": "warcraft:well_of_eternity", "region": 7}),
    Event("side_chosen", 0, {"race": "warcraft:naga", "faction": "horde"}),
    Event("coins_shown", 1, {"shown": True}),
    Event("coins_shown", 0, {"shown": False}),
    Event("game_over", -1, {"winners": [1], "coins": [40, 45]}),
    Event("undone", 0, {}),
]


def test_every_documented_event_kind_has_a_sample() -> None:
    documented = set(re.findall(r"^- ``(\w+)``", EVENTS_DOC.read_text(), re.MULTILINE))
    documented |= set(re.findall(r"``(\w+)`` / ``(\w+)``", EVENTS_DOC.read_text())[0])
    assert documented <= {e.kind for e in SAMPLES}


@pytest.mark.parametrize("event", SAMPLES, ids=lambda e: e.kind)
def test_every_event_kind_reads_as_a_sentence(event: Event) -> None:
    text = Narrator(NAMES, BOARD, viewer=0).sentence(event)
    assert text and ":" + event.kind not in text  # never the fallback "Amy: kind"
    name = NAMES[event.seat] if event.seat >= 0 else "Ben"
    assert name in text


def test_conquest_names_attacker_region_defender_and_losses() -> None:
    text = Narrator(NAMES, BOARD).sentence(SAMPLES[3])
    assert text == (f"Ben's Flying Trolls took {region_label(BOARD, 7)} from Amy's Elves "
                    "(−1 token)")


def test_lost_tribe_dragon_and_declined_defenders() -> None:
    base = dict(SAMPLES[3].data)
    tribe = Event("conquered", 1, {**base, "defender_seat": -2, "via": "dragon",
                                   "defender_race": "base:lost_tribe"})
    assert "from Lost Tribe with the Dragon" in Narrator(NAMES, BOARD).sentence(tribe)
    empty = Event("conquered", 1, {**base, "defender_seat": -1, "lost": 0})
    assert Narrator(NAMES, BOARD).sentence(empty).endswith(f"took {region_label(BOARD, 7)}")
    declined = Event("conquered", 1, {**base, "defender_declined": True, "returned": 2})
    assert "Amy's declined Elves" in Narrator(NAMES, BOARD).sentence(declined)
    assert "2 tokens back to hand" in Narrator(NAMES, BOARD).sentence(declined)


def test_a_declined_attacker_is_named_by_its_race_alone() -> None:
    """Ghouls in decline have lost their power: "Ben's Ghouls", not "Ben's Flying Ghouls"."""
    ghouls = Event("conquered", 1, {**SAMPLES[3].data, "race": "base:ghouls",
                                    "declined": True})
    sentence = Narrator(NAMES, BOARD).sentence(ghouls)
    assert sentence.startswith("Ben's Ghouls took") and "Flying" not in sentence


def test_scores_are_shown_only_to_the_scorer_until_the_end() -> None:
    scored = SAMPLES[13]
    assert Narrator(NAMES, BOARD, viewer=0).sentence(scored).startswith("Amy scored 7 coins")
    assert "Alchemist +2" in Narrator(NAMES, BOARD, viewer=0).sentence(scored)
    assert Narrator(NAMES, BOARD, viewer=1).sentence(scored) == (
        "Amy scored (how much stays secret until the end)")
    assert "7" in Narrator(NAMES, BOARD, viewer=1, reveal_all=True).sentence(scored)


def test_berserk_roll_has_no_region() -> None:
    roll = Event("die_rolled", 0, {"value": 3, "region": -1, "short": 0, "success": True})
    assert Narrator(NAMES, BOARD).sentence(roll) == "Amy rolled the Berserk die: 3"


def test_every_action_kind_has_a_label() -> None:
    for kind, params in PARAMS.items():
        action = Action(kind, 1 if params else -1, 2 if len(params) > 1 else 0)
        label = action_label(action, dataclasses.replace(VIEW, costs={1: 4},
                                                         shortfalls={1: 2}))
        assert label and label != kind


def test_action_labels_show_the_views_costs_and_shortfalls() -> None:
    forest = region_label(BOARD, 1)
    seen = dataclasses.replace(VIEW, costs={1: 3, 2: 4}, shortfalls={2: 2})
    assert action_label(Action("conquer", 1), seen) == f"Conquer {forest} (3 tokens)"
    assert "needs 2 more" in action_label(Action("final", 2), seen)
    assert action_label(Action("ally", 1), seen) == "Name Ben as your ally"


def test_coins_paid_names_payer_or_bank_and_the_rule() -> None:
    toll = Event("coins_paid", 0, {"payer": 1, "coins": 1, "reason": "underground:liches"})
    assert Narrator(NAMES, BOARD).sentence(toll) == "Ben paid Amy 1 coin (Liches)"
    bank = Event("coins_paid", 1, {"payer": -1, "coins": 2, "reason": "underground:martyr"})
    assert Narrator(NAMES, BOARD).sentence(bank) == (
        "Ben received 2 coins from the bank (Martyr)")


def test_underground_swaps_and_pieces_read_as_sentences() -> None:
    narrator = Narrator(NAMES, BOARD)
    swap = next(e for e in SAMPLES if e.kind == "badge_swapped")
    assert narrator.sentence(swap) == (
        "Amy's Shadow Mimes swapped badges: took Wise, left Stone in combo 2")
    hammers = next(e for e in SAMPLES if e.kind == "pieces_gained")
    assert narrator.sentence(hammers) == "Ben received 2 × Silver Hammer"
    bite = Event("conquered", 1, {**SAMPLES[3].data, "via": "vampire"})
    assert "by a Vampire's bite" in narrator.sentence(bite)


def test_warcraft_power_sentences_and_two_region_labels() -> None:
    n = Narrator(NAMES, BOARD)
    r3, r7 = region_label(BOARD, 3), region_label(BOARD, 7)
    moved = next(e for e in SAMPLES if e.kind == "token_moved")
    assert n.sentence(moved) == f"Amy intimidated Ben's Orcs: a token went from {r7} to {r3}"
    gone = Event("token_moved", 0, {**moved.data, "to": -1, "piece": "warcraft:beast"})
    assert n.sentence(gone) == f"Amy intimidated Ben's Orcs: a Beast left {r7} for good"
    swapped = next(e for e in SAMPLES if e.kind == "regions_swapped")
    assert n.sentence(swapped) == (
        f"Ben opened a portal: everything on {r7} and {r3} changed places")
    champion = Event("conquered", 1, {**SAMPLES[3].data, "via": "champion"})
    assert "with the Champion" in n.sentence(champion)
    assert action_label(Action("intimidate", 7, 3), VIEW) == (
        f"Intimidate {r7}: move a token to {r3}")
    assert action_label(Action("intimidate", 7, -1), VIEW) == f"Intimidate {r7}"
    assert action_label(Action("portal", 3, 7), VIEW) == (
        f"Open a portal between {r3} and {r7}")


def test_item_sentences_name_the_item_and_what_happened() -> None:
    n = Narrator(NAMES, BOARD)
    r7 = region_label(BOARD, 7)
    revealed = next(e for e in SAMPLES if e.kind == "item_revealed")
    assert n.sentence(revealed) == f"Ben found Stonehedge in {r7}"
    nobody = Event("item_revealed", -1, dict(revealed.data))
    assert n.sentence(nobody) == f"Stonehedge turned up in {r7}"
    struck = next(e for e in SAMPLES if e.kind == "struck")
    assert n.sentence(struck) == (f"Ben's Balrog struck {r7}, held by Amy's Drow "
                                  "(−2 tokens, 1 token back to hand)")
    orb = Event("conquered", 1, {**SAMPLES[3].data, "via": "orb"})
    assert n.sentence(orb).endswith("with the Shiny Orb (−1 token)")


def test_the_bag_names_the_relic_it_acts_as() -> None:
    chosen = next(e for e in SAMPLES if e.kind == "bag_chosen")
    assert Narrator(NAMES, BOARD).sentence(chosen) == (
        "Amy's Bag-o'-Many-Things acts as The Shiny Orb this turn")
    orb = ruleset("underground").items.index("underground:shiny_orb")
    assert action_label(Action("bag", orb), VIEW) == (
        "Let the Bag-o'-Many-Things act as The Shiny Orb")


def test_warcraft_race_events_and_choices_read_as_sentences() -> None:
    n = Narrator(NAMES, BOARD)
    r6, r7 = region_label(BOARD, 6), region_label(BOARD, 7)
    blast = next(e for e in SAMPLES if e.kind == "bomb_revealed")
    assert n.sentence(blast) == (f"Ben's bomb blew up {r7}, held by Amy's Humans "
                                 "(−1 token, 2 tokens back to hand)")
    dud = Event("bomb_revealed", 1, {**blast.data, "exploding": False})
    assert n.sentence(dud) == f"Ben's bomb in {r7} was a dud"
    stolen = next(e for e in SAMPLES if e.kind == "artifact_stolen")
    assert n.sentence(stolen) == f"Amy stole Frostmourne from {r6} into {r7}"
    human = Event("form_taken", 0, {"race": "warcraft:worgen", "form": "human_form",
                                    "coins": 2})
    assert n.sentence(human) == "Amy's Worgen took human form (+2 coins)"
    assert n.sentence(next(e for e in SAMPLES if e.kind == "objective_reached")) == (
        f"Ben reached Amy's Military Objective in {r7}")
    steal = Action("steal", artifacts().index("warcraft:frostmourne"), 7)
    assert action_label(steal, VIEW) == f"Steal Frostmourne into {r7}"
    priced = dataclasses.replace(VIEW, prices={Action("worgen_form"): 1,
                                               Action("human_form"): -2,
                                               Action("recruit", 2): 2})
    assert action_label(Action("worgen_form"), priced) == (
        "Take worgen form (pay 1 coin: conquests cost 1 token fewer)")
    assert action_label(Action("human_form"), priced) == "Take human form (+2 coins)"
    assert action_label(Action("recruit", 2), priced) == "Raise 2 tokens for 2 coins"
def test_coins_paid_to_the_bank_and_the_battleground_side() -> None:
    paid = Event("coins_paid", -1, {"payer": 0, "coins": 2, "reason": "warcraft:doomhammer"})
    assert Narrator(NAMES, BOARD).sentence(paid) == "Amy paid 2 coins to the bank (Doomhammer)"
    assert action_label(Action("side_with", 1), VIEW) == (
        "Fight for the Horde this turn")
    toll = action_label(Action("aegis_toll", 7), VIEW)
    assert toll == f"Pay the toll of Aegis of Aggramar to attack {region_label(BOARD, 7)}"


def test_the_faction_bonus_line_names_the_faction() -> None:
    scored = Event("scored", 0, {"coins": 3, "breakdown": [["regions:warcraft:orcs", 2],
                                                          ["faction:warcraft:horde", 1]]})
    assert "Horde bonus +1" in Narrator(NAMES, BOARD, viewer=0).sentence(scored)
    set_language("ja")
    try:
        assert "ホード陣営ボーナス +1" in Narrator(NAMES, BOARD, viewer=0).sentence(scored)
    finally:
        set_language(None)


def test_japanese_combo_names_join_an_attributive_power_directly() -> None:
    set_language("ja")
    try:
        worgen = combo_name("warcraft:worgen", "warcraft:explorer")
        gnomes = combo_name("underground:gnomes", "underground:fisher")
        trolls = combo_name("trolls", "flying")
    finally:
        set_language(None)
    assert worgen.startswith("探検家の") and "のの" not in worgen
    assert gnomes.startswith("漁をする") and "るの" not in gnomes
    assert trolls.startswith("飛行能力の")  # a base game power is a noun: "の" joins it
    assert combo_name("trolls", "flying") == "Flying Trolls"
