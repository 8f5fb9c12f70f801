"""The engine's queries computer players use: scoring now, conquest costs; records name the
seats bots play."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from invariants import check
from scenario import begin_turn, give, scenario

from smallworld_tui.engine import (
    Action,
    Record,
    RecordError,
    apply,
    conquest_costs,
    legal_actions,
    load_record,
    score_breakdown,
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
