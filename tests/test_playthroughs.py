"""Pinned playthroughs (``tests/playthroughs.py``): one whole game per game replays to the
same states and the same numbers of legal actions as when it was pinned.  A failure names the
game, the action and what changed; if the change is intended, regenerate the pins with
``python tests/playthroughs.py`` and explain it in the commit (docs/engine.md)."""

from __future__ import annotations

import pytest
from playthroughs import PLAYTHROUGHS, Playthrough, checkpoint, generate, load

from smallworld_tui.engine import IllegalAction, apply

REGENERATE = "if the change is intended: python tests/playthroughs.py, and say why in the commit"


@pytest.mark.parametrize("spec", PLAYTHROUGHS, ids=lambda p: p.name)
def test_the_pinned_game_replays_to_the_pinned_states(spec: Playthrough) -> None:
    record, checkpoints = load(spec)
    g = record.new_state()
    pins = {pin["after"]: pin for pin in checkpoints}
    assert checkpoint(g, 0) == pins[0], _changed(spec, pins[0], checkpoint(g, 0), "set-up")
    for done, action in enumerate(record.actions, start=1):
        try:
            apply(g, action)
        except IllegalAction as exc:
            pytest.fail(f"{spec.name}: action {done - 1} ({action}) is no longer legal: {exc}"
                        f" — {REGENERATE}")
        if done in pins:
            got = checkpoint(g, done)
            assert got == pins[done], _changed(spec, pins[done], got, f"action {done - 1} "
                                                                       f"({action})")
    assert g.finished and max(pins) == len(record.actions), (
        f"{spec.name}: the game is not over after its {len(record.actions)} actions"
        f" — {REGENERATE}")


def _changed(spec: Playthrough, expected: dict[str, object], got: dict[str, object],
             where: str) -> str:
    return (f"{spec.name}: after {where}: state sha256 expected {expected['sha256']:.16}…, "
            f"got {got['sha256']:.16}…; legal actions expected {expected['legal']}, got "
            f"{got['legal']} — {REGENERATE}")


@pytest.mark.parametrize("spec", PLAYTHROUGHS[:1], ids=lambda p: p.name)
def test_regenerating_the_pins_without_a_change_gives_the_same_file(spec: Playthrough) -> None:
    record, checkpoints = load(spec)
    data = generate(spec)
    assert data["checkpoints"] == checkpoints
    assert data["actions"] == [a.to_json() for a in record.actions]


def test_the_pinned_games_meet_the_pinned_piles() -> None:
    """The Underground games reveal their pinned relics and places first, the Warcraft game
    its pinned markers and bombs (so the pins are part of what is checked)."""
    seen: dict[str, list[object]] = {}
    for spec in PLAYTHROUGHS:
        record, _ = load(spec)
        g = record.new_state()
        if spec.name == "warcraft":
            assert [g.facedown[r] for r in sorted(g.facedown)][:2] == [
                "warcraft:well_of_eternity", "warcraft:doomhammer"]
        for action in record.actions:
            for event in apply(g, action):
                if event.kind in ("item_revealed", "bomb_revealed"):
                    seen.setdefault(spec.name, []).append(
                        event.data.get("item", event.data.get("exploding")))
    assert seen["underground"][0] == "underground:stonehedge"
    assert seen["mixed"][0] == "underground:crypt_of_the_tomb_raider"
    assert True in seen["warcraft"] or False in seen["warcraft"]
