"""Records pin the face-down piles (docs/record-format.md, ``piles``): the relics and places
of Underground's Monster lairs, the Warcraft markers, the Goblins' bombs.  A pinned pile
plays exactly those draws, first drawn first; what it does not pin comes from the seed; the
pins survive a save; a bad pin is refused when the record loads, naming the field and the
entry."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest
from scenario import NAMES, UG_TEST_MAP, act, begin_turn, empty, give, of
from warcraft.helpers import WC_TEST_MAP, play_out

from smallworld_tui.engine import IllegalAction, apply, new_game
from smallworld_tui.engine.bitset import NEUTRAL
from smallworld_tui.engine.errors import RecordError
from smallworld_tui.engine.observe import observe
from smallworld_tui.engine.phase import Phase
from smallworld_tui.engine.record import Record, load_record, save_record
from smallworld_tui.engine.registry import RACES
from smallworld_tui.engine.state import GameState

UG = "underground"
WC = "warcraft"
GOBLINS = "warcraft:goblins"
LAIRS_ON_TEST_MAP = (1, 9, 11)  # tests/maps/ug-test.map
MARKER_REGIONS = (4, 10, 15)  # tests/maps/wc-test.map, one per island


def ug_game(lairs: Sequence[str], seed: int = 0) -> GameState:
    return new_game(NAMES[:2], UG_TEST_MAP, seed, game=UG, piles={"lairs": list(lairs)})


def wc_game(piles: Mapping[str, Sequence[str]], seed: int = 0, **kw: object) -> GameState:
    return new_game(NAMES[:3], str(WC_TEST_MAP), seed, game=WC,
                    piles={k: list(v) for k, v in piles.items()}, **kw)  # type: ignore[arg-type]


# --- Underground: what the Monster lairs hide ----------------------------------------------

def test_the_lairs_reveal_the_pinned_relics_and_places_in_the_order_they_are_taken() -> None:
    g = ug_game(["shiny_orb", "underground:diamond_fields", "froggys_ring"])
    assert [g.neutral[r] for r in LAIRS_ON_TEST_MAP] == ["underground:monster"] * 3
    give(g, 0, "mummies", "mining", {6: 3}, hand=12)
    begin_turn(g, 0)
    found = [e["item"] for r in (11, 1) for e in of(act(g, "conquer", r), "item_revealed")]
    assert found == ["underground:shiny_orb", "underground:diamond_fields"]
    assert g.items == {"underground:diamond_fields": 1, "underground:shiny_orb": 11}
    assert g.hidden == ["underground:froggys_ring"]  # the third lair's


def test_a_partly_pinned_pile_draws_the_rest_from_the_seed() -> None:
    """One relic pinned: the other two lairs hide what the seed draws from the others, and
    an unpinned game draws exactly as it did before pins existed (the same seed, the same
    pile)."""
    seeded = [ug_game([], seed).hidden for seed in range(6)]
    assert len({tuple(h) for h in seeded}) > 1
    for seed in range(6):
        pinned = ug_game(["stonehedge"], seed).hidden
        assert pinned[0] == "underground:stonehedge" and len(set(pinned)) == 3
    assert {tuple(ug_game(["stonehedge"], s).hidden[1:]) for s in range(6)} != {()}
    assert new_game(NAMES[:2], UG_TEST_MAP, 4, game=UG).hidden == seeded[4]


# --- Warcraft: the markers on the size icons, and the box -----------------------------------

def test_the_markers_lie_on_the_icons_in_region_order_and_the_rest_in_the_box() -> None:
    g = wc_game({"markers": ["doomhammer", "karazhan", "warcraft:aegis_of_aggramar",
                             "well_of_eternity"]})
    assert g.facedown == {4: "warcraft:doomhammer", 10: "warcraft:karazhan",
                          15: "warcraft:aegis_of_aggramar"}
    assert g.hidden[0] == "warcraft:well_of_eternity" and len(g.hidden) == 12 - 3
    for r, army in enumerate(g.region_army):
        if army == NEUTRAL:
            empty(g, r)
    give(g, 0, "orcs", "farming", {2: 3}, hand=6)
    begin_turn(g, 0)
    events = act(g, "conquer", 4)
    assert [e["item"] for e in of(events, "item_revealed")] == ["warcraft:doomhammer"]


# --- Warcraft: the Goblins' bombs ---------------------------------------------------------

def goblins_facing_humans(bombs: Sequence[str]) -> GameState:
    """Goblins in 8 and 10 (their pile just made, as when they are taken), the Humans'
    active race in 9 and 11."""
    g = wc_game({"bombs": bombs})
    for r, army in enumerate(g.region_army):
        if army == NEUTRAL:
            empty(g, r)
    g.hidden += g.facedown.values()
    g.facedown.clear()
    goblins = give(g, 0, "goblins", "farming", {8: 2, 10: 2}, hand=4)
    RACES[GOBLINS].on_picked(g, goblins)
    give(g, 1, "humans", "herbalist", {9: 1, 11: 3})
    return g


def test_the_goblins_lay_the_pinned_bombs_first_drawn_first() -> None:
    g = goblins_facing_humans(["dud", "exploding"])
    assert g.pins == {}  # used up: the pile is made once a game
    begin_turn(g, 0)
    act(g, "end_conquest")
    act(g, "deploy", 8, g.armies[0].hand)
    act(g, "end_redeploy")
    act(g, "bomb", 9)
    act(g, "bomb", 11)
    play_out(g)
    revealed = {e["region"]: e["exploding"] for e in of(begin_turn(g, 0), "bomb_revealed")}
    assert revealed == {9: False, 11: True}


def test_the_bomb_pins_wait_for_the_goblins_and_the_seed_draws_the_rest() -> None:
    g = wc_game({"bombs": ["exploding"] * 6})
    assert g.pins == {"bombs": ["exploding"] * 6}
    assert g.position() != wc_game({}).position()
    g = goblins_facing_humans(["exploding"] * 6)
    assert g.item_data[GOBLINS]["pile"] == [0] * 6 + [1] * 6  # the top is the end


# --- records: save, load, refusals --------------------------------------------------------

PINNED = {"lairs": ["shiny_orb", "diamond_fields"]}


def test_pinned_piles_survive_a_save_and_replay_alike(tmp_path: Path) -> None:
    record = Record(players=NAMES[:2], map=UG_TEST_MAP, seed=5, game=UG,
                    piles={k: list(v) for k, v in PINNED.items()})
    g = record.replay()
    save_record(record, tmp_path / "game.json")
    assert json.loads((tmp_path / "game.json").read_text())["piles"] == PINNED
    again = load_record(tmp_path / "game.json")
    assert again.piles == PINNED
    assert again.replay().dumps() == g.dumps()
    assert g.hidden[:2] == ["underground:shiny_orb", "underground:diamond_fields"]
    assert GameState.from_json(json.loads(g.dumps())).position() == g.position()


def test_an_observer_never_sees_the_pins() -> None:
    g = wc_game({"bombs": ["dud", "exploding"]})
    assert observe(g, 0)["pins"] == {}


@pytest.mark.parametrize(("game", "piles", "message"), [
    (UG, {"relics": ["shiny_orb"]},
     "piles: this game has no face-down pile 'relics' (its piles: lairs)"),
    (UG, {"lairs": ["shiny_orb", "base:ratmen"]},
     "piles.lairs, entry 1: 'base:ratmen' is not one of altar_of_souls, "),
    (UG, {"lairs": ["shiny_orb", "shiny_orb"]},
     "piles.lairs, entry 1: 'underground:shiny_orb' is pinned twice; there is only one"),
    (UG, {"lairs": ["shiny_orb", "diamond_fields", "keep_on_the_motherland", "stonehedge"]},
     "piles.lairs: 4 draws pinned; this game draws 3"),
    (UG, {"lairs": ["warcraft:doomhammer"]},
     "piles.lairs, entry 0: 'warcraft:doomhammer' is not one of"),
    (WC, {"bombs": ["exploding"] * 7},
     "piles.bombs, entry 6: 'exploding' is pinned 7 times; there are only 6"),
    (WC, {"bombs": ["fizzle"]}, "piles.bombs, entry 0: 'fizzle' is not one of dud, "
                                "exploding"),
    (WC, {"markers": ["doomhammer", "doomhammer"]},
     "piles.markers, entry 1: 'warcraft:doomhammer' is pinned twice"),
])
def test_a_bad_pin_is_refused_when_the_record_loads(tmp_path: Path, game: str,
                                                    piles: dict[str, list[str]],
                                                    message: str) -> None:
    where = UG_TEST_MAP if game == UG else str(WC_TEST_MAP)
    players = NAMES[:2] if game == UG else NAMES[:3]
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"format": "smallworld-record/2", "game": game, "map": where,
                                "players": players, "piles": piles, "actions": []}))
    with pytest.raises(RecordError) as info:
        load_record(path).replay(str(path))
    assert f"{path}: bad game setup: {message}" in str(info.value)


@pytest.mark.parametrize(("piles", "message"), [
    ([["shiny_orb"]], '"piles" must be an object of lists of ids'),
    ({"lairs": "shiny_orb"}, '"piles.lairs" must be a list of ids'),
    ({"lairs": [3]}, '"piles.lairs" must be a list of ids'),
])
def test_a_pile_that_is_no_list_of_ids_is_refused(piles: object, message: str) -> None:
    data = {"format": "smallworld-record/2", "game": UG, "map": UG_TEST_MAP,
            "players": NAMES[:2], "piles": piles}
    with pytest.raises(RecordError, match=message):
        Record.from_json(data, "game.json")


def test_the_team_game_pins_the_markers_too() -> None:
    """The team game (its own market) lays the pinned markers alike and refuses a bad pin
    by name."""
    g = wc_game({"markers": ["karazhan"]}, options={"teams": True})
    assert g.facedown[MARKER_REGIONS[0]] == "warcraft:karazhan"
    assert g.phase == Phase.PICK
    with pytest.raises(IllegalAction, match=r"piles\.markers, entry 0"):
        wc_game({"markers": ["base:ratmen"]}, options={"teams": True})


# --- the examples of docs/record-format.md ------------------------------------------------

EXAMPLES = Path(__file__).parents[1] / "docs" / "examples"


def test_the_underground_example_finds_the_pinned_relic_and_place() -> None:
    g = load_record(EXAMPLES / "underground-lairs.json").replay()
    assert g.items == {"underground:diamond_fields": 19, "underground:shiny_orb": 18}


def test_the_warcraft_example_lays_the_pinned_markers_and_bombs() -> None:
    record = load_record(EXAMPLES / "warcraft-piles.json")
    g = record.new_state()
    assert g.facedown == {10: "warcraft:doomhammer", 14: "warcraft:karazhan",
                          26: "warcraft:well_of_eternity"}
    blasts = {}
    for action in record.actions:
        for event in of(apply(g, action), "bomb_revealed"):
            blasts[event["region"]] = event["exploding"]
    assert g.items == {"warcraft:karazhan": 14}
    assert blasts == {14: True, 16: False}
