"""Every game the engine plays, and everything in them, by name: the registry.

A game is one package, ``engine/content/<game>/``, whose ``GAME`` is its definition
(``Game``): its data table, its ruleset class, its races, powers and items, and the words an
interface needs for them.  ``discover`` registers every such package (the engine does so when
it is imported); ``register_game`` adds a game defined elsewhere (a test's, one shipped apart)
and ``unregister_game`` takes it away.  Everything else reads the registry: the data tables
(``engine.tables``), each game's ruleset (``ruleset``) and content (``RACES``, ``POWERS``,
``ITEMS``: by qualified id ``game:id``, one instance per class with its data table row), the
command line's ``--game``, the new-game screen, the keymap.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from smallworld_tui.engine.action_keys import ActionKeys
from smallworld_tui.engine.actions import declare, forget
from smallworld_tui.engine.content.traits import Content, Item, Power, Race
from smallworld_tui.engine.errors import IllegalAction
from smallworld_tui.engine.tables import Kind, drop_table, entries, entry, use_table

if TYPE_CHECKING:
    from smallworld_tui.engine.ruleset import Ruleset

CONTENT_PACKAGE = "smallworld_tui.engine.content"  # where ``discover`` finds the games


@dataclass(frozen=True, eq=False)
class Game:
    """One game: all the engine and its interfaces need of it but its maps (``maps/``, or
    ``maps``), its rules reference (``reference/texts``) and its tests.  Two definitions are
    the same only if they are one object."""

    #: the game's name ("underground"; its content ids are "underground:…")
    name: str
    #: its data table, a JSON file (docs/engine.md, "Adding a game")
    table: Traversable
    #: its ruleset class, made once as ``rules(name)``
    rules: type[Ruleset]
    #: its races, powers and items (each a class whose ``id`` is a row of the table)
    content: Sequence[type[Content]]
    #: how an interface offers the action kinds its content declares (a kind without keys
    #: still works, named after the race, power or item offering it)
    keys: Mapping[str, ActionKeys] = field(default_factory=dict)
    #: words for the ways its content conquers (the ``via`` of a ``conquered`` event)
    ways: Mapping[str, str] = field(default_factory=dict)
    #: the new-game form's label of each option of its table (else the option's name)
    option_labels: Mapping[str, str] = field(default_factory=dict)
    #: the form's label of an (option, value) pair (else the value)
    value_labels: Mapping[tuple[str, Any], str] = field(default_factory=dict)
    #: options that mean something only for some player counts
    option_counts: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    #: each option's short name, in a table's settings and its summary ("Garrison forts")
    option_words: Mapping[str, str] = field(default_factory=dict)
    #: the short words of the values its options may take ("one per turn")
    value_words: Mapping[str, str] = field(default_factory=dict)
    #: a folder of maps of its own, besides the shipped ones (``maps/``)
    maps: Path | None = None


@dataclass(frozen=True)
class GameContent:
    """The qualified ids of one game's content, in its data table's order."""

    races: tuple[str, ...]
    powers: tuple[str, ...]
    items: tuple[str, ...]  # relics, places, artifacts


RACES: dict[str, Race] = {}
POWERS: dict[str, Power] = {}
ITEMS: dict[str, Item] = {}  # relics, places, artifacts
_GAMES: dict[str, Game] = {}
_CONTENT: dict[str, GameContent] = {}
_RULESETS: dict[str, Ruleset] = {}


def games() -> tuple[str, ...]:
    """The names of every registered game, in the order they were registered."""
    return tuple(_GAMES)


def definition(game: str) -> Game:
    """The definition of ``game`` (KeyError naming the known games if it is unknown)."""
    if game not in _GAMES:
        raise KeyError(f"no game {game!r} (known: {', '.join(_GAMES)})")
    return _GAMES[game]


def content_of(game: str) -> GameContent:
    """The races, powers and items of ``game`` (KeyError if it is unknown)."""
    definition(game)
    return _CONTENT[game]


def ruleset(game: str) -> Ruleset:
    """The ruleset of ``game`` (IllegalAction naming the known games if it is unknown)."""
    rules = _RULESETS.get(game)
    if rules is None:
        if game not in _GAMES:
            raise IllegalAction("unknown game {game} (known: {known})", game=repr(game),
                                known=", ".join(_GAMES))
        rules = _RULESETS[game] = _GAMES[game].rules(game)
    return rules


def rule(qid: str) -> Content:
    """The race, power or item of qualified id ``qid`` (KeyError if there is none)."""
    return RACES.get(qid) or POWERS.get(qid) or ITEMS[qid]


def action_owner(kind: str) -> Content | None:
    """The relic, place, power or race that declares action ``kind`` (None for the core's);
    an item's own action is the item's even when a power can borrow it."""
    for found in (ITEMS, POWERS, RACES):
        for content in found.values():
            if kind in content.actions:
                return content
    return None


def instantiate(game: str, cls: type[Content]) -> Content:
    """One instance of ``cls`` as content of ``game``, with its data table row."""
    made = cls()
    kind: Kind = cls.kind  # type: ignore[assignment]
    made.game = game
    made.qid = f"{game}:{cls.id}"
    made.row = entry(kind, cls.id, game)
    made.tokens = made.row.get("tokens", 0)
    made.max_tokens = made.row.get("max_tokens", 0)
    made.read_row()
    return made


def register_game(game: Game) -> None:
    """Add ``game``: its table, its content and their action kinds (ValueError if a game of
    that name is registered already; KeyError, TypeError or ValueError, and nothing added,
    if its content does not fit its table)."""
    if game.name in _GAMES:
        raise ValueError(f"a game named {game.name!r} is registered already")
    _GAMES[game.name] = game
    use_table(game.name, game.table)
    try:
        _CONTENT[game.name] = _add_content(game)
    except Exception:
        unregister_game(game.name)
        raise


def _add_content(game: Game) -> GameContent:
    name = game.name
    for cls in game.content:
        made = instantiate(name, cls)
        declare(cls.actions, made.qid)
        if isinstance(made, Race):
            RACES[made.qid] = made
        elif isinstance(made, Power):
            POWERS[made.qid] = made
        elif isinstance(made, Item):
            ITEMS[made.qid] = made
        else:
            raise TypeError(f"{cls.__name__} is neither a race, a power nor an item")

    def listed(kinds: tuple[Kind, ...], known: Mapping[str, Content]) -> tuple[str, ...]:
        return tuple(f"{name}:{i}" for kind in kinds for i in entries(kind, name)
                     if f"{name}:{i}" in known)

    return GameContent(listed(("race",), RACES), listed(("power",), POWERS),
                       listed(("relic", "place", "artifact"), ITEMS))


def unregister_game(name: str) -> None:
    """Take game ``name`` away with its table, its content and the action kinds no other
    content declares (KeyError if it is unknown)."""
    game = definition(name)
    del _GAMES[name]
    _CONTENT.pop(name, None)
    _RULESETS.pop(name, None)
    for found in (RACES, POWERS, ITEMS):
        for qid in [qid for qid, content in found.items() if content.game == name]:
            del found[qid]
    still = {kind for found in (RACES, POWERS, ITEMS) for content in found.values()
             for kind in content.actions}
    forget({kind for cls in game.content for kind in cls.actions} - still)
    drop_table(name)


def discover() -> None:
    """Register every game package of ``engine/content`` not registered yet, in the order of
    their names; each exports its definition as ``GAME``."""
    package = importlib.import_module(CONTENT_PACKAGE)
    for found in pkgutil.iter_modules(package.__path__, f"{CONTENT_PACKAGE}."):
        if not found.ispkg:
            continue
        game = getattr(importlib.import_module(found.name), "GAME", None)
        if not isinstance(game, Game):
            raise TypeError(f"{found.name} exports no GAME (a registry.Game)")
        if game.name not in _GAMES:
            register_game(game)
