"""Pinned playthroughs: one whole game per game (the base game, Underground, Warcraft, Warcraft
in teams, a mixed game), fixed by its record, with the state's hash and the number of legal
actions pinned every ``EVERY`` actions — the way chess engines pin perft counts.  Any change in
behaviour shows up at once in ``tests/test_playthroughs.py`` and has to be explained.

When a change of behaviour is intended, regenerate the pins (and say why in the commit):

    python tests/playthroughs.py            # every game
    python tests/playthroughs.py warcraft   # some of them

Each game is played anew from its setup, every move chosen among the legal actions by a
generator of the engine's own (``Rng``, the same on every Python version), and written to
``tests/records/playthroughs/<name>.json``: a record (it replays with ``smallworld-tui
replay``) with one more field, ``checkpoints``.  The hash is the sha256 of the state's
canonical JSON (``GameState.dumps``), stable across processes, machines and Python versions.
"""

from __future__ import annotations

import hashlib
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from smallworld_tui.bots.worlds import play_game
from smallworld_tui.engine import Action, GameState, Record, legal_actions
from smallworld_tui.engine.record import load_record
from smallworld_tui.engine.rng import Rng

FOLDER = Path(__file__).parent / "records" / "playthroughs"
EVERY = 10  # actions between two checkpoints (the last state is pinned too)
CHOOSER = 0x9E7F  # mixed into the seed for the generator choosing the moves


@dataclass(frozen=True)
class Playthrough:
    """The setup of one pinned game."""

    name: str
    game: str
    map: str
    players: list[str]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    races: list[str] | None = None
    powers: list[str] | None = None
    piles: dict[str, list[str]] | None = None

    @property
    def path(self) -> Path:
        return FOLDER / f"{self.name}.json"


NAMES = ["Amy", "Ben", "Cai", "Dee", "Eli"]
PLAYTHROUGHS = [
    Playthrough("base", "base", "base-4p", NAMES[:4], 11),
    Playthrough("underground", "underground", "underground-3p", NAMES[:3], 12,
                piles={"lairs": ["stonehedge", "shiny_orb", "wickedest_pentacle"]}),
    Playthrough("warcraft", "warcraft", "warcraft-3p", NAMES[:3], 13,
                races=["goblins", "humans"],
                piles={"markers": ["well_of_eternity", "doomhammer"],
                       "bombs": ["exploding", "dud", "exploding"]}),
    Playthrough("warcraft-teams", "warcraft", "warcraft-5p", NAMES[:5], 14,
                options={"teams": True}, piles={"markers": ["dark_portal"]}),
    Playthrough("mixed", "underground", "base-4p", NAMES[:4], 15,
                piles={"lairs": ["crypt_of_the_tomb_raider"]}),
]


def state_hash(g: GameState) -> str:
    """The sha256 of the state's canonical JSON."""
    return hashlib.sha256(g.dumps().encode("utf-8")).hexdigest()


def checkpoint(g: GameState, done: int) -> dict[str, Any]:
    """What is pinned after ``done`` actions."""
    return {"after": done, "sha256": state_hash(g), "legal": len(legal_actions(g))}


def generate(spec: Playthrough) -> dict[str, Any]:
    """Play ``spec``'s game anew; its record with the checkpoints, as JSON data."""
    record = Record(players=spec.players, map=spec.map, seed=spec.seed, game=spec.game,
                    options=dict(spec.options), races=spec.races, powers=spec.powers,
                    piles=spec.piles)
    g = record.new_state()
    pins = [checkpoint(g, 0)]
    chooser = Rng(spec.seed ^ CHOOSER)

    def choose(_g: GameState, legal: list[Action]) -> Action:
        return legal[chooser.below(len(legal))]

    def after(g: GameState, _action: Action) -> None:
        if len(record.actions) % EVERY == 0 or g.finished:
            pins.append(checkpoint(g, len(record.actions)))

    play_game(g, record, choose, after)
    return {**record.to_json(), "checkpoints": pins}


def as_text(data: dict[str, Any]) -> str:
    """The JSON text of a pinned record: one action, one checkpoint per line."""
    fields = []
    for key, value in data.items():
        if isinstance(value, list) and value and isinstance(value[0], dict):
            rows = ",\n".join(f"  {json.dumps(row)}" for row in value)
            fields.append(f" {json.dumps(key)}: [\n{rows}\n ]")
        else:
            fields.append(f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}")
    return "{\n" + ",\n".join(fields) + "\n}\n"


def load(spec: Playthrough) -> tuple[Record, list[dict[str, Any]]]:
    """The pinned record of ``spec`` and its checkpoints."""
    checkpoints: list[dict[str, Any]] = json.loads(spec.path.read_text("utf-8"))["checkpoints"]
    return load_record(spec.path), checkpoints


def main(names: list[str]) -> None:
    unknown = set(names) - {p.name for p in PLAYTHROUGHS}
    if unknown:
        sys.exit(f"unknown playthrough(s): {', '.join(sorted(unknown))} "
                 f"(known: {', '.join(p.name for p in PLAYTHROUGHS)})")
    for spec in PLAYTHROUGHS:
        if names and spec.name not in names:
            continue
        data = generate(spec)
        spec.path.parent.mkdir(parents=True, exist_ok=True)
        spec.path.write_text(as_text(data), encoding="utf-8")
        print(f"{spec.path}: {len(data['actions'])} actions, "
              f"{len(data['checkpoints'])} checkpoints")


if __name__ == "__main__":
    main(sys.argv[1:])
