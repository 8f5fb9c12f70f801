"""Finding topics by a typed name (any case, plural, English or Japanese, typos) or by words."""

from __future__ import annotations

import re
import unicodedata
from difflib import SequenceMatcher
from functools import cache

from smallworld_tui.i18n import LANGUAGES, current_language
from smallworld_tui.reference.topics import Topic, TopicKind, get_topic, list_topics

FOUND = 0.75  # lowest score `find_topic` accepts
CLOSE = 0.45  # lowest score `suggest` offers
_SEPARATORS = re.compile(r"[\W_]+")
_SINGULAR = (("men", "man"), ("ves", "f"), ("ies", "y"), ("oes", "o"), ("sses", "ss"), ("s", ""))
# order among equal scores (要塞 names both a power and a piece)
_PREFERENCE: dict[TopicKind, int] = {"race": 0, "power": 1, "piece": 2, "general": 3}


def fold(text: str) -> str:
    """Text in one width and case, apostrophes dropped: "Troll's ＬＡＩＲ" -> "trolls lair"."""
    return unicodedata.normalize("NFKC", text).casefold().replace("'", "").replace("’", "")


def singular(word: str) -> str:
    """An English word without its plural ending ("dwarves" -> "dwarf"); other words unchanged."""
    if len(word) > 3 and word.isascii() and not word.endswith("ss"):
        for ending, replacement in _SINGULAR:
            if word.endswith(ending):
                return word[: -len(ending)] + replacement
    return word


def normalize(name: str) -> str:
    """The form names are compared in: folded, words split on punctuation, singular."""
    return " ".join(singular(word) for word in _SEPARATORS.split(fold(name)) if word)


@cache
def _keys() -> dict[str, tuple[str, ...]]:
    """Topic id -> every normalized name it answers to, in every language (in topic order)."""
    keys: dict[str, set[str]] = {}
    for lang in LANGUAGES:
        for topic in list_topics(lang):
            names = keys.setdefault(topic.id, {normalize(topic.id)})
            names.update(normalize(name) for name in (topic.title, *topic.aliases))
    return {id_: tuple(sorted(names - {""})) for id_, names in keys.items()}


@cache
def _tie_breaks() -> dict[str, tuple[int, int]]:
    """Topic id -> (kind preference, position in the topic list)."""
    return {
        topic.id: (_PREFERENCE[topic.kind], index)
        for index, topic in enumerate(list_topics(LANGUAGES[0]))
    }


def _score(query: str, key: str) -> float:
    """How well a normalized query matches a normalized name, from 0 to 1."""
    if query == key or query.replace(" ", "") == key.replace(" ", ""):
        return 1.0
    coverage = len(query) / len(key)
    if key.startswith(query):
        return 0.9 + 0.05 * coverage
    if any(word.startswith(query) for word in key.split()):
        return 0.85 + 0.05 * coverage
    if len(query) > 1 and query in key:
        return 0.8 + 0.05 * coverage
    if len(key) > 2 and re.search(rf"\b{re.escape(key)}\b", query):
        return 0.75 + 0.05 * min(1.0, len(key) / len(query))
    return 0.95 * SequenceMatcher(None, query, key).ratio()


def _ranked(query: str) -> list[tuple[float, str]]:
    """(score, topic id) pairs, best first; exact ties broken by kind."""
    wanted = normalize(query)
    if not wanted:
        return []
    scores = [(max(_score(wanted, key) for key in keys), id_) for id_, keys in _keys().items()]
    ties = _tie_breaks()
    return sorted(scores, key=lambda pair: (-pair[0], *ties[pair[1]]))


def find_topic(query: str, lang: str | None = None) -> Topic | None:
    """The topic a typed name means (id, English or Japanese name, alias, plural, typo), or None."""
    ranked = _ranked(query)
    if not ranked or ranked[0][0] < FOUND:
        return None
    return get_topic(ranked[0][1], lang or current_language())


def suggest(query: str, n: int = 3) -> list[str]:
    """Up to `n` topic ids close to `query`, best first."""
    return [id_ for score, id_ in _ranked(query)[:n] if score >= CLOSE]


def search(words: str, lang: str | None = None) -> list[Topic]:
    """Topics containing every word (in their names or text), best first; all topics if no words.

    A word matches inside longer words ("sorc" finds "Sorcerers"), so it suits search as you type.
    """
    lang = lang or current_language()
    terms = fold(words).split()
    ranked: list[tuple[int, int, Topic]] = []
    for index, topic in enumerate(list_topics(lang)):
        names = " ".join((topic.id.replace("_", " "), *_keys()[topic.id], fold(topic.title)))
        body = fold(topic.body)
        score = 0
        for term in terms:
            forms = {term, singular(term)}
            in_names = any(form in names for form in forms)
            hits = max(body.count(form) for form in forms)
            if not in_names and not hits:
                break
            score += 10 * in_names + min(hits, 5)
        else:
            ranked.append((-score, index, topic))
    return [topic for *_, topic in sorted(ranked, key=lambda item: item[:2])]
