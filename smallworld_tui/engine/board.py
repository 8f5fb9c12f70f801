"""Maps: the place to import them from. Loading files, shipped maps and board faces, joining
faces into a game's map, and which map a game uses for a player count.

The format and its validator live in ``map_parser``, the model (regions, bitmasks, derivation
from the drawing) in ``map_model``, board faces and sets in ``map_faces``; see
docs/map-format.md. Standard library only.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Sequence
from functools import cache, lru_cache
from pathlib import Path

from smallworld_tui.engine.map_faces import (
    ENTRY,
    BoardRules,
    RandomSource,
    board_rules,
    check_set,
    draw_faces,
    face_problems,
    join_faces,
    selections,
    set_problems,
    showing,
)
from smallworld_tui.engine.map_model import (
    EMPTY,
    KINDS,
    Cell,
    Face,
    Legend,
    Map,
    Region,
    RegionSpec,
    derive_map,
    legend,
)
from smallworld_tui.engine.map_parser import (
    EMPTY_CELL,
    MAX_CHARACTERS,
    MAX_COLUMNS,
    MAX_REGIONS,
    MAX_ROWS,
    MAX_TURNS,
    MapError,
    MapProblem,
    parse_map,
)
from smallworld_tui.engine.registry import definition, games
from smallworld_tui.engine.tables import table

__all__ = [
    "EMPTY",
    "EMPTY_CELL",
    "ENTRY",
    "KINDS",
    "MAX_CHARACTERS",
    "MAX_COLUMNS",
    "MAX_REGIONS",
    "MAX_ROWS",
    "MAX_TURNS",
    "BoardRules",
    "Cell",
    "Face",
    "Legend",
    "Map",
    "MapError",
    "MapProblem",
    "RandomSource",
    "Region",
    "RegionSpec",
    "board_rules",
    "board_set_source",
    "check_set",
    "compose_map",
    "derive_map",
    "draw_faces",
    "face_problems",
    "join_faces",
    "legend",
    "list_faces",
    "list_maps",
    "load_board_set",
    "load_face",
    "load_map",
    "load_map_file",
    "map_folders",
    "map_for_players",
    "maps_dir",
    "parse_map",
    "selections",
    "set_problems",
    "showing",
]

_PACKAGE_DIR = Path(__file__).resolve().parent.parent


def load_map_file(path: str | os.PathLike[str]) -> Map:
    """Read and parse a map file (UTF-8); an unreadable or oversized file is a MapError at
    line 0."""
    source = os.fspath(path)
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read(MAX_CHARACTERS + 1)
    except (OSError, UnicodeDecodeError) as exc:
        raise MapError([MapProblem(0, 0, f"cannot read the file: {exc}")], source) from exc
    return parse_map(text, source)


def maps_dir() -> Path:
    """The folder of shipped maps (inside the installed package, else the checkout's maps/)."""
    packaged = _PACKAGE_DIR / "maps"
    return packaged if packaged.is_dir() else _PACKAGE_DIR.parent / "maps"


def map_folders() -> list[Path]:
    """Where maps are found by name: the shipped maps, then the folders of the registered
    games that bring maps of their own (``Game.maps``)."""
    own = [definition(game).maps for game in games()]
    return [maps_dir(), *(folder for folder in own if folder is not None)]


def _named(name: str) -> Path | None:
    """The file of the map called ``name``, if one of ``map_folders`` has it."""
    return next((path for folder in map_folders() if (path := folder / f"{name}.map").is_file()),
                None)


def list_maps(game: str | None = None) -> list[str]:
    """Names of the shipped maps (and the registered games' own), sorted; with ``game``, only
    that game's. Board faces are not maps of their own (see list_faces)."""
    names = sorted(p.stem for folder in map_folders() for p in folder.glob("*.map"))
    return names if game is None else [n for n in names if load_map(n).game == game]


def list_faces(game: str) -> list[str]:
    """Names of a game's shipped board faces (``maps/<game>/``), sorted."""
    return sorted(p.stem for p in (maps_dir() / game).glob("*.map"))


def load_face(name: str, game: str) -> Map:
    """A shipped board face by name, e.g. "L1-A" (cached)."""
    return _face(name, game)


@cache
def _face(name: str, game: str) -> Map:
    path = maps_dir() / game / f"{name}.map"
    if not path.is_file():
        message = f"no such {game} board face (shipped: {', '.join(list_faces(game))})"
        raise MapError([MapProblem(0, 0, message)], name)
    return load_map_file(path)


#: board sets (and the joined maps behind them) kept at once: enough for the games a server
#: plays together, never all the sets a long-running one has drawn
BOARD_SETS_KEPT = 64


@lru_cache(maxsize=BOARD_SETS_KEPT)
def _composed(faces: tuple[str, ...], name: str, players: int, turns: int, game: str) -> Map:
    rules = board_rules(game)
    if rules is None:
        raise ValueError(f"the {game} game has no board faces")
    maps = [load_face(face, game) for face in faces]
    check_set([m.faces[0] for m in maps], players, rules)
    return join_faces(maps, name=name, title=f"{name} ({', '.join(faces)})", players=players,
                      turns=turns)


def compose_map(faces: Sequence[str], name: str, players: int, turns: int,
                game: str) -> Map:
    """A game's map joined from shipped board faces (e.g. from draw_faces): one island per
    face, in the order given (cached). ValueError unless they are a legal set for the players."""
    return _composed(tuple(faces), name, players, turns, game)


def board_set_source(faces: Sequence[str]) -> str:
    """The name load_map knows a board set by, e.g. "L1-A+M2-B" (a game records it)."""
    return "+".join(faces)


def load_board_set(faces: Sequence[str], game: str) -> Map:
    """The game's map for the board set that shipped faces form: the player count whose set
    they are, and that count's map name and turns from the data table; the islands in the
    order of draw_faces (cached). MapError if they form no set."""
    return _board_set(tuple(faces), game)


@lru_cache(maxsize=BOARD_SETS_KEPT)
def _board_set(faces: tuple[str, ...], game: str) -> Map:
    source = board_set_source(faces)
    rules = board_rules(game)
    chosen = [load_face(face, game).faces[0] for face in faces]
    sizes = Counter(face.size for face in chosen)
    players = None
    if rules is not None:
        players = next((n for n in sorted(rules.counts) for alternative in (False, True)
                        if rules.set_sizes(n, alternative) == sizes), None)
    if rules is None or players is None:
        raise MapError([MapProblem(0, 0, "these faces form no board set of the game")], source)
    row = table(game)["maps"][str(players)]
    try:
        return compose_map([face.name for face in rules.in_order(chosen)], row["name"], players,
                           row["turns"], game)
    except ValueError as exc:
        raise MapError([MapProblem(0, 0, str(exc))], source) from exc


def _face_game(name: str) -> str | None:
    """The game whose shipped board faces include ``name``, if any (cached, as the faces)."""
    return _face_game_among(name, games())


@lru_cache(maxsize=256)  # names come from records and command lines: bounded
def _face_game_among(name: str, among: tuple[str, ...]) -> str | None:
    return next((game for game in among if (maps_dir() / game / f"{name}.map").is_file()), None)


_shipped: dict[str, Map] = {}


def load_map(name_or_path: str) -> Map:
    """A shipped map by name (e.g. "base-4p", cached), a shipped board face ("L1-A"), a board
    set of shipped faces ("L1-A+M2-B", see load_board_set), or else a map file by path."""
    if name_or_path in _shipped:
        return _shipped[name_or_path]
    if os.sep not in name_or_path and "/" not in name_or_path:
        shipped = _named(name_or_path)
        if shipped is not None:
            _shipped[name_or_path] = load_map_file(shipped)
            return _shipped[name_or_path]
        faces = name_or_path.split("+")
        games = {_face_game(face) for face in faces}
        if len(games) == 1 and (game := games.pop()) is not None:
            return load_face(faces[0], game) if len(faces) == 1 else load_board_set(faces, game)
    if not Path(name_or_path).is_file():
        message = f"no such map file, nor a shipped map (shipped: {', '.join(list_maps())})"
        raise MapError([MapProblem(0, 0, message)], name_or_path)
    return load_map_file(name_or_path)


def map_for_players(players: int, game: str = "base") -> str:
    """Name of a game's map for a player count, from the game's data table."""
    data = table(game)
    low, high = data["players"]["min"], data["players"]["max"]
    if not low <= players <= high:
        raise ValueError(f"the {game} game has maps for {low} to {high} players, not {players}")
    name: str = data["maps"][str(players)]["name"]
    return name
