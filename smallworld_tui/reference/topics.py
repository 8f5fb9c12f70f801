"""Rules topics: ``texts/<lang>.toml`` with the names and numbers of the data table filled in."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Literal, get_args

from smallworld_tui.i18n import current_language
from smallworld_tui.names import display_name, entries, entry
from smallworld_tui.reference.placeholders import context

TopicKind = Literal["general", "race", "power", "piece"]
TOPIC_KINDS: tuple[TopicKind, ...] = get_args(TopicKind)


@dataclass(frozen=True)
class Topic:
    """One topic in one language; `body` is simple Markdown (paragraphs, bullets, bold)."""

    id: str
    kind: TopicKind
    lang: str
    title: str
    body: str
    aliases: tuple[str, ...] = ()  # other names a player may type, in this language
    tokens: int | None = None  # race banner or power badge value
    max_tokens: int | None = None  # race tokens in the box
    count: int | None = None  # pieces in the box


@cache
def texts(lang: str) -> dict[str, dict[str, dict[str, Any]]]:
    """The raw texts of one language: kind -> topic id -> {"title"?, "aliases", "body"}."""
    source = resources.files("smallworld_tui.reference").joinpath(f"texts/{lang}.toml")
    return tomllib.loads(source.read_text("utf-8"))


def _topic(kind: TopicKind, id_: str, text: dict[str, Any], lang: str) -> Topic:
    numbers: dict[str, int] = {}
    aliases = list(text.get("aliases", []))
    if kind == "general":
        title = text["title"]
    else:
        row = entry(kind, id_)
        numbers = {key: row[key] for key in ("tokens", "max_tokens", "count") if key in row}
        title = display_name(kind, id_, lang)
        if lang == "ja":
            aliases += row.get("aliases_ja", [])
    body = text["body"].strip().format_map({**context(lang), **numbers, "name": title})
    return Topic(id_, kind, lang, title, body, tuple(aliases), **numbers)


@cache
def _topics(lang: str) -> dict[str, Topic]:
    raw = texts(lang)
    result: dict[str, Topic] = {}
    for kind in TOPIC_KINDS:
        written = raw.get(kind, {})
        order = list(written) if kind == "general" else [i for i in entries(kind) if i in written]
        for id_ in order:
            result[id_] = _topic(kind, id_, written[id_], lang)
    return result


def list_topics(lang: str | None = None) -> list[Topic]:
    """Every topic, general ones first, then races, powers and pieces in the data table's order."""
    return list(_topics(lang or current_language()).values())


def get_topic(topic_id: str, lang: str | None = None) -> Topic:
    """The topic with this exact id, or the base game's content id (KeyError if none)."""
    return _topics(lang or current_language())[topic_id.removeprefix("base:")]
