"""Game records (format ``smallworld-record/2``): game + setup + seed + actions, replayable
exactly, and which seats computer players play (the engine replays their actions like any).

Saves are records too.  Reading checks the format and replays every action; any problem
raises ``RecordError`` naming the file, the action index and the reason.  Records of the
first format (``smallworld-record/1``, base game only) still load.  A map given as a path is
resolved relative to the record's own folder, and written relative to it, so a record and its
map can move together.  Writes are atomic (temporary file + rename), so a failed save never
damages an existing file.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from smallworld_tui.engine.actions import Action
from smallworld_tui.engine.board import MapError
from smallworld_tui.engine.errors import EngineError, IllegalAction, RecordError
from smallworld_tui.engine.game import apply, new_game
from smallworld_tui.engine.registry import games
from smallworld_tui.engine.state import GameState

FORMAT = "smallworld-record/2"
READABLE = ("smallworld-record/1", FORMAT)


@dataclass
class Record:
    """Everything needed to rebuild a game: its setup and the actions taken so far."""

    players: list[str]
    map: str
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    races: list[str] | None = None  # pinned top of the race stack
    powers: list[str] | None = None  # pinned top of the power stack
    dice: list[int] | None = None  # pinned die results
    piles: dict[str, list[str]] | None = None  # pinned first draws of face-down piles
    actions: list[Action] = field(default_factory=list)
    game: str = "base"
    bots: dict[int, str] = field(default_factory=dict)  # seat -> level of the computer player
    folder: Path | None = field(default=None, compare=False)  # where a map path is relative to

    def map_source(self) -> str:
        """The map to load: a shipped name, or a path resolved against ``folder``."""
        if not is_map_path(self.map) or self.folder is None:
            return self.map
        return os.path.normpath(self.folder / self.map)

    def new_state(self) -> GameState:
        return new_game(self.players, self.map_source(), self.seed, self.options, self.races,
                        self.powers, self.dice, game=self.game, piles=self.piles)

    def to_json(self, folder: Path | None = None) -> dict[str, Any]:
        """The record as JSON data; a map path is written relative to ``folder`` (the folder
        of the file it goes to) when given."""
        where = self.map
        if folder is not None and is_map_path(where):
            where = os.path.relpath(os.path.abspath(self.map_source()), os.path.abspath(folder))
        out: dict[str, Any] = {
            "format": FORMAT, "game": self.game, "map": where,
            "players": self.players, "seed": self.seed, "options": self.options,
        }
        if self.races is not None or self.powers is not None:
            out["stacks"] = {"races": self.races or [], "powers": self.powers or []}
        if self.dice is not None:
            out["dice"] = self.dice
        if self.piles:
            out["piles"] = self.piles
        if self.bots:
            out["bots"] = {str(seat): level for seat, level in sorted(self.bots.items())}
        out["actions"] = [a.to_json() for a in self.actions]
        return out

    @staticmethod
    def from_json(data: Any, source: str = "<record>") -> Record:
        """Check the header fields and parse the actions (not yet replayed)."""
        if not isinstance(data, dict):
            raise RecordError(source, "not a Small World record (expected a JSON object)")
        fmt = data.get("format")
        if fmt not in READABLE:
            if isinstance(fmt, str) and fmt.startswith("smallworld-record/"):
                raise RecordError(source, f"record version {fmt!r} is not supported "
                                          f"(this program reads {' and '.join(READABLE)})")
            raise RecordError(source, f'not a Small World record (no "format": "{FORMAT}")')
        game = data.get("game", data.get("variant", "base"))
        if game not in games():
            raise RecordError(source, f"unknown game {game!r} (known: {', '.join(games())})")
        players = data.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise RecordError(source, '"players" must be a list of names')
        seed = data.get("seed", 0)
        if not _is_int(seed):
            raise RecordError(source, '"seed" must be an integer')
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise RecordError(source, '"options" must be an object')
        map_name = data.get("map")
        if not isinstance(map_name, str):
            raise RecordError(source, '"map" must name a map')
        stacks = data.get("stacks") or {}
        if not isinstance(stacks, dict):
            raise RecordError(source, '"stacks" must be an object')
        raw_actions = data.get("actions", [])
        if not isinstance(raw_actions, list):
            raise RecordError(source, '"actions" must be a list')
        actions = []
        for i, raw in enumerate(raw_actions):
            try:
                actions.append(Action.from_json(raw))
            except ValueError as exc:
                raise RecordError(source, str(exc), i) from None
        dice = data.get("dice")
        piles = data.get("piles") or {}
        if not isinstance(piles, dict):
            raise RecordError(source, '"piles" must be an object of lists of ids')
        bots = _bots(data.get("bots", {}), source, len(players))
        return Record(
            players=players, map=map_name, seed=seed, options=options,
            races=_strings(stacks.get("races"), source, "stacks.races"),
            powers=_strings(stacks.get("powers"), source, "stacks.powers"),
            dice=None if dice is None else _ints(dice, source),
            piles={name: pinned for name, ids in piles.items()
                   if (pinned := _strings(ids, source, f"piles.{name}"))} or None,
            actions=actions, game=game, bots=bots,
        )

    def replay(self, source: str = "<record>", upto: int | None = None) -> GameState:
        """The state after the first ``upto`` actions (all by default)."""
        try:
            g = self.new_state()
        except (EngineError, MapError, KeyError) as exc:
            raise RecordError(source, f"bad game setup: {exc}") from None
        for i, action in enumerate(self.actions[:upto]):
            try:
                apply(g, action)
            except IllegalAction as exc:
                raise RecordError(source, f"illegal action {action}: {exc}", i) from None
        return g


def _strings(value: Any, source: str, what: str) -> list[str] | None:
    if value is None or value == []:
        return None
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise RecordError(source, f'"{what}" must be a list of ids')
    return list(value)


def _bots(value: Any, source: str, players: int) -> dict[int, str]:
    """The seats played by computer players: {"1": "hard"} -> {1: "hard"}."""
    if not isinstance(value, dict):
        raise RecordError(source, '"bots" must be an object of seat numbers and levels')
    out = {}
    for key, level in value.items():
        if not (isinstance(key, str) and key.isascii() and key.isdigit() and int(key) < players
                and isinstance(level, str)):
            raise RecordError(source, f'"bots" has a bad entry {key!r}: {level!r} (a seat '
                                      f'number below {players} and a level name)')
        out[int(key)] = level
    return out


def _is_int(value: Any) -> bool:
    """A JSON integer (``true`` and ``false`` are not numbers)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _ints(value: Any, source: str) -> list[int]:
    if not isinstance(value, list) or not all(_is_int(v) for v in value):
        raise RecordError(source, '"dice" must be a list of integers')
    return list(value)


def load_record(path: str | os.PathLike[str]) -> Record:
    """Read a record file (not replayed yet); ``RecordError`` if unreadable.  A UTF-8 byte
    order mark at the start is allowed (some editors write one)."""
    source = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise RecordError(source, f"cannot read the file: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise RecordError(source, "not a text file (UTF-8 expected)") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(source, f"not valid JSON (line {exc.lineno}, column {exc.colno}: "
                                  f"{exc.msg})") from None
    except RecursionError:
        raise RecordError(source, "not a Small World record (JSON nested too deeply)") from None
    record = Record.from_json(data, source)
    record.folder = Path(path).parent
    return record


def write_json_atomic(path: str | os.PathLike[str], data: Any) -> None:
    """Write JSON to ``path`` through a temporary file and a rename."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, ensure_ascii=False, indent=1)
            f.write("\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def save_record(record: Record, path: str | os.PathLike[str]) -> None:
    write_json_atomic(path, record.to_json(Path(path).parent))


def is_map_path(map_name: str) -> bool:
    """Whether a record's map is a file path rather than a shipped map's name."""
    return "/" in map_name or os.sep in map_name or map_name.endswith(".map")
