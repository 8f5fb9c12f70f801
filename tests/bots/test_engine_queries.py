"""The engine's queries computer players use: scoring now, conquest costs, what a combo taken
now would pay to enter the map; records name the seats bots play."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from invariants import check
from scenario import begin_turn, give, scenario
from underground.helpers import BORDER, RIVER_END, RIVER_TOP, ug
from warcraft.helpers import ENTRIES, LAKE, wc_game

from smallworld_tui.engine import (
    Action,
    Record,
    RecordError,
    apply,
    conquest_costs,
    entry_costs,
    games,
    legal_actions,
    load_record,
    new_game,
    score_breakdown,
    view,
)
from smallworld_tui.engine.record import save_record


def test_score_breakdown_is_what_the_turn_scores_and_changes_nothing() -> None:
    g = scenario(players=2, clear_tribes=True)
    give(g, 0, "humans", "alchemist", {1: 2, 9: 2})  # two farmlands
    begin_turn(g, 0)
    before = g.dumps()
    breakdown = score_breakdown(g, 0)
    assert g.dumps() == before
    assert sorted(breakdown) == sorted([["regions:base:humans", 2], ["race:base:humans", 2],
                                        ["power:base:alchemist", 2]])
    apply(g, Action("end_conquest"))
    events = []
    while g.phase == "redeploy":
        events = apply(g, legal_actions(g)[-1])
    scored = next(e for e in events if e.kind == "scored")
    assert scored["breakdown"] == breakdown and scored["coins"] == 6
    check(g)


def test_conquest_costs_match_the_legal_conquests() -> None:
    g = scenario(players=2, clear_tribes=True)
    army = give(g, 0, "ratmen", "commando", {1: 3})
    begin_turn(g, 0)
    costs = dict(conquest_costs(g, army))
    legal = {a.target for a in legal_actions(g) if a.kind == "conquer"}
    assert legal == {r for r, c in costs.items() if c <= army.hand}
    plain = [r for r in costs if g.region_tokens[r] == 0 and g.pieces.defence[r] == 0
             and g.base_cost[r] == 2]
    assert plain and all(costs[r] == 1 for r in plain)  # Commando: 1 less than 2
    within = 1 << plain[0] | 1 << 0  # region 0 may be out of reach: then it is left out
    assert dict(conquest_costs(g, army, within)) == {
        r: c for r, c in costs.items() if within >> r & 1}
    assert conquest_costs(g, army, 0) == []


@pytest.mark.parametrize("game", sorted(games()))
def test_entry_costs_are_what_the_combo_pays_once_taken(game: str) -> None:
    for seed in range(3):
        g = new_game(["Amy", "Ben"], None, seed, game=game)
        before = g.dumps()
        for pick in (a for a in legal_actions(g) if a.kind == "pick"):
            combo = view(g, 0).combos[pick.target]
            asked = entry_costs(g, 0, combo.race, combo.power)
            assert g.dumps() == before  # a query: the game is not changed
            taken = g.clone()
            apply(taken, pick)
            army = taken.active_army(0)
            assert army is not None and asked == conquest_costs(taken, army), combo


def test_base_entry_costs_keep_the_border_and_the_race_and_power_changes() -> None:
    g = scenario(players=2, clear_tribes=True)
    border = {r for r in range(len(g.map.regions)) if g.map.border_mask >> r & 1
              and not g.water_mask >> r & 1}
    plain = dict(entry_costs(g, 0, "base:ratmen", "base:alchemist"))
    assert set(plain) == border
    assert all(c == g.base_cost[r] + g.pieces.defence[r] for r, c in plain.items())
    commando = dict(entry_costs(g, 0, "base:ratmen", "base:commando"))
    assert commando == {r: max(1, c - 1) for r, c in plain.items()}  # 1 token less, at least 1
    anywhere = dict(entry_costs(g, 0, "base:halflings", "base:alchemist"))
    land = {r for r in range(len(g.map.regions)) if not g.water_mask >> r & 1}
    assert set(anywhere) == land  # Halflings may start anywhere
    within = 1 << min(border) | 1 << max(land - border)
    assert entry_costs(g, 0, "base:ratmen", "base:alchemist", within) == [
        (min(border), plain[min(border)])]


def test_warcraft_entry_costs_pay_the_travel_cost_on_entry_regions() -> None:
    g = wc_game()  # empty islands, every base cost 2
    assert dict(entry_costs(g, 0, "warcraft:orcs", "warcraft:farming")) == {
        r: 3 for r in ENTRIES}  # an empty entry region costs 3 from the sea
    assert dict(entry_costs(g, 0, "warcraft:orcs", "warcraft:sailor")) == {
        r: 2 for r in ENTRIES}  # Sailor: no travel cost
    assert dict(entry_costs(g, 0, "warcraft:naga", "warcraft:farming")) == {
        **{r: 3 for r in ENTRIES}, LAKE: 2}  # Naga may start on a lake, no travel cost
    great_cavern = 7
    assert dict(entry_costs(g, 0, "warcraft:kobolds", "warcraft:farming")) == {
        **{r: 3 for r in ENTRIES}, great_cavern: 2}  # a Great Cavern, no travel cost
    forests = {2, 8, 14}
    assert dict(entry_costs(g, 0, "warcraft:night_elves", "warcraft:farming")) == {
        r: 2 if r in forests else 3 for r in ENTRIES}  # a Forest costs them 1 less


def test_underground_entry_costs_count_the_river_ends_as_edge_regions() -> None:
    g = ug()  # no Monsters; Black Mountain markers on 6 and 9
    costs = dict(entry_costs(g, 0, "underground:lizardmen", "underground:stone"))
    assert set(costs) == BORDER
    assert costs[RIVER_TOP] == costs[RIVER_END] == 1  # a river region costs 1
    assert costs[9] == 3  # the Black Mountain marker defends with 1 more
    assert {costs[r] for r in BORDER - {RIVER_TOP, RIVER_END, 9}} == {2}


def test_records_keep_the_bot_seats(tmp_path: Path) -> None:
    record = Record(players=["Amy", "Ben", "Cai"], map="base-3p", seed=4,
                    bots={2: "hard", 1: "easy"})
    path = tmp_path / "game.json"
    save_record(record, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["bots"] == {"1": "easy", "2": "hard"}
    assert load_record(path).bots == {1: "easy", 2: "hard"}
    save_record(Record(players=["Amy", "Ben"], map="base-2p"), path)
    assert "bots" not in json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("bots", [[1], {"3": "hard"}, {"x": "hard"}, {"1": 5}, {"²": "hard"}])
def test_bad_bot_seats_are_refused_with_their_entry(bots: object) -> None:
    data = {"format": "smallworld-record/2", "map": "base-3p", "players": ["A", "B", "C"],
            "bots": bots}
    with pytest.raises(RecordError, match="bots"):
        Record.from_json(data, "odd.json")
