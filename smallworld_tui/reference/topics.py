"""Rules topics: ``texts/<lang>/<section>.toml`` with the names and numbers of the data tables
filled in.

Topic ids:

- ``<game>:<id>`` for a row of a game's data table, named by the table: ``underground:gnomes``
  (race), ``warcraft:champion`` (power; it also explains the Champion piece, a row of the same
  id), ``base:troll_lair`` (piece), ``underground:river`` (terrain), ``warcraft:entry``
  (symbol). One topic per id and game explains every row of that id in the game.
- ``<game>:<name>`` for a general topic of one game: ``underground:setup``, ``warcraft:teams``.
- a bare ``<name>`` for a general topic every game shares: ``turn``, ``conquest``, ``die``.

The texts of one language are in one file per section: ``common.toml`` (the shared topics) and
one file per game (``base.toml``...), with tables ``[general.<name>]`` and ``[<kind>.<id>]``.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Literal, get_args

from smallworld_tui.engine import games, qualify
from smallworld_tui.i18n import current_language
from smallworld_tui.names import Kind, display_name, entries
from smallworld_tui.reference.placeholders import ROW_KINDS, context, numbers

TopicKind = Literal[
    "general", "faction", "race", "power", "relic", "artifact", "place", "piece", "terrain",
    "symbol",
]
TOPIC_KINDS: tuple[TopicKind, ...] = get_args(TopicKind)  # in the order topics are listed
SHARED = "common"  # the section of the topics every game shares
SECTIONS: tuple[str, ...] = (SHARED, *games())
_NUMBERS: dict[str, tuple[str, ...]] = {  # the numbers a topic's kind shows with its title
    "race": ("tokens", "max_tokens"),
    "power": ("tokens",),
    "piece": ("count",),
}


@dataclass(frozen=True)
class Topic:
    """One topic in one language; `body` is simple Markdown (paragraphs, bullets, bold)."""

    id: str
    kind: TopicKind
    lang: str
    title: str
    body: str
    game: str | None = None  # None: a topic every game shares
    aliases: tuple[str, ...] = ()  # other names a player may type, in this language
    tokens: int | None = None  # race banner or power badge value
    max_tokens: int | None = None  # race tokens in the box
    count: int | None = None  # pieces in the box


@cache
def texts(lang: str, section: str) -> dict[str, dict[str, dict[str, Any]]]:
    """The raw texts of one section: kind -> id -> {"title"?, "aliases"?, "body"}."""
    source = resources.files("smallworld_tui.reference").joinpath(f"texts/{lang}/{section}.toml")
    return tomllib.loads(source.read_text("utf-8"))


def _fill(body: str, lang: str, game: str | None, own: dict[str, Any]) -> str:
    """A text with its placeholders filled: the game's values and the topic's own fields."""
    values = context(lang, game)
    clash = sorted(own.keys() & values.keys())
    if clash:
        raise ValueError(f"{game}: fields {clash} hide placeholders of the same names")
    return body.strip().format_map({**values, **own})


def _general(game: str | None, name: str, text: dict[str, Any], lang: str) -> Topic:
    id_ = name if game is None else qualify(game, name)
    body = _fill(text["body"], lang, game, {})
    return Topic(id_, "general", lang, text["title"], body, game, tuple(text.get("aliases", [])))


def _content(game: str, kind: Kind, id_: str, text: dict[str, Any], lang: str) -> Topic:
    """The topic of a data-table row; rows of other kinds with the same id add their names."""
    kinds: list[Kind] = [kind, *(k for k in ROW_KINDS if k != kind and id_ in entries(k, game))]
    rows = [entries(other, game)[id_] for other in kinds]
    name = display_name(kind, id_, lang, game)
    title = name[:1].upper() + name[1:]  # "face-down marker" in a sentence, capital as a title
    names = [display_name(other, id_, lang, game) for other in kinds[1:]]
    names_ja = [alias for row in rows for alias in row.get("aliases_ja", [])]
    aliases = [*text.get("aliases", []), *names, *(names_ja if lang == "ja" else [])]
    shown = {key: rows[0][key] for key in _NUMBERS.get(kind, ()) if key in rows[0]}
    body = _fill(text["body"], lang, game, {**numbers(rows[0]), "name": name})
    unique = tuple(alias for alias in dict.fromkeys(aliases) if alias != title)
    return Topic(qualify(game, id_), kind, lang, title, body, game, unique, **shown)


def _section(section: str, lang: str) -> list[Topic]:
    raw = texts(lang, section)
    game = None if section == SHARED else section
    topics = [_general(game, name, text, lang) for name, text in raw.get("general", {}).items()]
    if game is None:
        return topics
    for kind in ROW_KINDS:
        written = raw.get(kind, {})
        unknown = sorted(set(written) - set(entries(kind, game)))
        if unknown:
            raise KeyError(f"{lang}/{section}: texts for {kind} ids not in the table: {unknown}")
        topics += [_content(game, kind, id_, written[id_], lang)
                   for id_ in entries(kind, game) if id_ in written]
    return topics


@cache
def _topics(lang: str) -> dict[str, Topic]:
    topics: dict[str, Topic] = {}
    for section in SECTIONS:
        for topic in _section(section, lang):
            if topic.id in topics:
                raise ValueError(f"{lang}/{section}: two topics have the id {topic.id!r}")
            topics[topic.id] = topic
    return topics


def list_topics(lang: str | None = None, game: str | None = None) -> list[Topic]:
    """Every topic (or the shared ones and those of `game`): the shared general topics first,
    then each game's general topics, factions, races, powers... in the data table's order."""
    topics = _topics(lang or current_language()).values()
    return [topic for topic in topics if game is None or topic.game in (None, game)]


def get_topic(topic_id: str, lang: str | None = None, game: str = "base") -> Topic:
    """The topic with this id (KeyError if there is none). A bare id that names no shared
    topic is one of `game`'s: ``get_topic("trolls")`` is ``base:trolls``."""
    topics = _topics(lang or current_language())
    if topic_id in topics:
        return topics[topic_id]
    return topics[qualify(game, topic_id)]
