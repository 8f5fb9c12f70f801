"""Refusals say what players would say: content the map leaves in the box says why (ruling
41), regions are named as printed on the board, names that carry their own article get no
second one, and a choice the end of the turn waits for is named."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from scenario import NAMES, UG_TEST_MAP, act, begin_turn, finish, give, scenario
from test_reference import extracted
from warcraft.helpers import wc_game

from smallworld_tui.engine import (
    Action,
    GameState,
    IllegalAction,
    apply,
    games,
    legal_actions,
    new_game,
)
from smallworld_tui.engine.errors import RecordError
from smallworld_tui.engine.phase import Phase
from smallworld_tui.engine.record import load_record
from smallworld_tui.engine.registry import RACES
from smallworld_tui.engine.tables import entries
from smallworld_tui.i18n import set_language
from smallworld_tui.ui.describe import refusal

MAPS = Path(__file__).parent.parent / "maps"


def setup_refusal(game: str, map_name: str | None, players: int, **kw: object) -> str:
    with pytest.raises(IllegalAction) as info:
        new_game(NAMES[:players], map_name, 0, game=game, **kw)  # type: ignore[arg-type]
    return str(info.value)


# --- ruling 41: what stays in the box, and why ----------------------------------------------

def test_a_record_pinning_the_wizards_on_a_map_without_a_magic_source_says_so(
        tmp_path: Path) -> None:
    text = (MAPS / "base-2p.map").read_text()
    (tmp_path / "plain.map").write_text(re.sub(r"\bmagic\b", "", text))
    (tmp_path / "game.json").write_text(json.dumps({
        "format": "smallworld-record/2", "game": "base", "map": "plain.map",
        "players": NAMES[:2], "stacks": {"races": ["wizards"]}, "actions": []}))
    with pytest.raises(RecordError) as info:
        load_record(tmp_path / "game.json").replay("game.json")
    assert str(info.value) == ("game.json: bad game setup: Wizards stay in the box on this "
                               "map: it has no Magic Source")


@pytest.mark.parametrize(("game", "map_name", "pins", "message"), [
    ("base", "underground-2p", {"races": ["humans"]},
     "Humans stay in the box on this map: it has no Farmland"),
    ("base", "underground-2p", {"powers": ["base:mounted"]},
     "the Mounted badge stays in the box on this map: it has neither Hill nor Farmland"),
    ("underground", "base-2p", {"races": ["spiderines"]},
     "Spiderines stay in the box on this map: it has no Abysmal Chasm"),
    ("underground", "base-2p", {"races": ["underground:flames"]},
     "Flames stay in the box on this map: it has no Volcano site"),
])
def test_content_the_map_leaves_in_the_box_is_named_with_the_reason(
        game: str, map_name: str, pins: dict[str, list[str]], message: str) -> None:
    assert setup_refusal(game, map_name, 2, **pins) == message


@pytest.mark.parametrize("players", [2, 4])
def test_a_neutral_race_stays_in_the_box_of_a_team_game_without_a_neutral_player(
        players: int) -> None:
    message = setup_refusal("warcraft", None, players, options={"teams": True},
                            races=["pandaren"])
    assert message == "Pandaren stay in the box: this team game has no Neutral player"
    new_game(NAMES[:3], None, 0, game="warcraft", options={"teams": True}, races=["pandaren"])


@pytest.mark.parametrize(("races", "message"), [
    (["ratmen", "ratmen"], "stacks.races, entry 1: 'base:ratmen' is pinned twice; there is "
                           "only one"),
    (["hobbits"], "stacks.races, entry 0: 'hobbits' is not one of amazons, dwarves, "),
    (["warcraft:orcs"], "stacks.races, entry 0: 'warcraft:orcs' is not one of amazons, "),
])
def test_a_bad_pinned_stack_names_the_field_and_the_entry(races: list[str],
                                                          message: str) -> None:
    assert setup_refusal("base", "base-2p", 2, races=races).startswith(message)


# --- regions named as on the board ------------------------------------------------------

def test_regions_are_named_by_their_terrain_as_printed() -> None:
    """The engine's own words (a record's error, the command line) name a Black Mountain
    region "Black Mountain 6", as the interface does."""
    g = new_game(NAMES[:2], UG_TEST_MAP, 0, game="underground")
    give(g, 0, "mummies", "mining", {13: 3}, hand=4)
    begin_turn(g, 0)
    with pytest.raises(IllegalAction) as info:
        act(g, "conquer", 6)
    assert str(info.value).startswith("Black Mountain 6 ")
    assert refusal(info.value, g.map).startswith("Black Mountain 6 ")


# --- no doubled articles ----------------------------------------------------------------

#: what a placeholder names: its data table kinds
PLACEHOLDER_KINDS = {"race": ("race",), "power": ("power",), "piece": ("piece",),
                     "faction": ("faction",), "item": ("relic", "place", "artifact")}


def test_no_message_puts_the_before_a_name_that_has_its_own() -> None:
    """Relic and place names start with "The" ("The Crypt of the Tomb-raider"): a message
    saying "the {item}" would read "the The Crypt…"."""
    with_article = {kind for kind, sections in PLACEHOLDER_KINDS.items()
                    for section in sections for game in games()
                    for row in entries(section, game).values()  # type: ignore[arg-type]
                    if row["name_en"].startswith("The ")}
    assert "item" in with_article
    doubled = sorted(m for m in extracted() for kind in with_article
                     if re.search(rf"\b[Tt]he \{{{kind}\}}", m))
    assert not doubled


def crypt_at_the_end_of_the_turn() -> GameState:
    """Seat 0 holds the Crypt (region 5) and region 6, at the end of its turn."""
    from underground.test_items import CRYPT, reveal, ug

    g = ug()
    give(g, 0, "mummies", "mining", {5: 2, 6: 2})
    reveal(g, CRYPT, 5)
    begin_turn(g, 0)
    finish(g)
    assert g.phase == Phase.END
    return g


def refused(g: GameState, action: Action) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        apply(g, action)
    return info.value


def in_japanese(exc: IllegalAction, g: GameState | None = None) -> str:
    set_language("ja")
    try:
        return refusal(exc, g.map if g else None)
    finally:
        set_language("en")


def test_the_crypt_refuses_its_own_region_without_a_doubled_article() -> None:
    message = str(refused(crypt_at_the_end_of_the_turn(), Action("ghost", 5)))
    assert message == ("The Crypt of the Tomb-raider keeps the Tomb-raider's Ghost out of its "
                       "own region")


# --- a choice the end of the turn waits for ---------------------------------------------

def humans_at_the_end_of_their_turn() -> GameState:
    g = wc_game()
    humans = give(g, 0, "humans", "farming", {0: 3, 1: 2})
    RACES[humans.race].on_picked(g, humans)
    begin_turn(g, 0)
    finish(g)
    assert g.phase == Phase.END and {"objective"} <= {a.kind for a in legal_actions(g)}
    return g


@pytest.mark.parametrize("action", [Action("pick", 0), Action("conquer", 2),
                                    Action("deploy", 0, 1), Action("end_redeploy")])
def test_an_action_refused_while_the_humans_objectives_wait_says_so(action: Action) -> None:
    g = humans_at_the_end_of_their_turn()
    exc = refused(g, action)
    assert str(exc) == ("your turn is ending and Humans still have a choice to make: make it or "
                        "end your turn")
    assert in_japanese(exc, g) == ("手番の終わりにヒューマンの選択が残っています："
                                   "選ぶか、手番を終えてください")


def test_a_power_or_an_item_waiting_at_the_end_of_the_turn_is_named() -> None:
    g = scenario(players=2)
    give(g, 0, "ratmen", "diplomat", {1: 3})
    give(g, 1, "orcs", "hill", {22: 3})
    begin_turn(g, 0)
    finish(g)
    assert str(refused(g, Action("pick", 0))) == (
        "your turn is ending and your Diplomat badge still has a choice to make: make it or "
        "end your turn")
    assert str(refused(crypt_at_the_end_of_the_turn(), Action("conquer", 1))) == (
        "your turn is ending and The Crypt of the Tomb-raider still offers a choice: take it "
        "or end your turn")


def test_the_reason_is_worded_in_the_players_language() -> None:
    with pytest.raises(IllegalAction) as info:
        new_game(NAMES[:2], "underground-2p", 0, game="base", races=["humans"])
    assert in_japanese(info.value) == "このマップでは人間は箱に残ります：畑がありません"
