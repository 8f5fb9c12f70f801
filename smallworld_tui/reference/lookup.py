"""Finding topics by a typed name (any case, plural, English or Japanese, typos, qualified id)
or by words, across the games."""

from __future__ import annotations

import re
import unicodedata
from difflib import SequenceMatcher
from functools import cache

from smallworld_tui.engine import split_id
from smallworld_tui.i18n import LANGUAGES, current_language
from smallworld_tui.reference.topics import TOPIC_KINDS, Topic, TopicKind, get_topic, list_topics

FOUND = 0.75  # lowest score `find_topics` accepts
CLOSE = 0.45  # lowest score `suggest` offers
_SEPARATORS = re.compile(r"[\W_]+")
_KIND_ORDER: tuple[TopicKind, ...] = (*TOPIC_KINDS[1:], "general")  # order among equal scores
_SINGULAR = (("men", "man"), ("ves", "f"), ("ies", "y"), ("oes", "o"), ("sses", "ss"), ("s", ""))


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
    """Topic id -> every normalized name it answers to, in every language (in topic order):
    its id, qualified and bare, its titles and its aliases."""
    keys: dict[str, set[str]] = {}
    for lang in LANGUAGES:
        for topic in list_topics(lang):
            names = keys.setdefault(topic.id, {normalize(topic.id),
                                               normalize(split_id(topic.id)[1])})
            names.update(normalize(name) for name in (topic.title, *topic.aliases))
    return {id_: tuple(sorted(names - {""})) for id_, names in keys.items()}


@cache
def _topic_games() -> dict[str, str | None]:
    """Topic id -> its game (None: shared by every game)."""
    return {topic.id: topic.game for topic in list_topics(LANGUAGES[0])}


@cache
def _tie_breaks() -> dict[str, tuple[int, int]]:
    """Topic id -> (kind order, position in the topic list): among equal scores, a race
    before a power before a piece (要塞 names both a power and a piece), general last."""
    return {topic.id: (_KIND_ORDER.index(topic.kind), index)
            for index, topic in enumerate(list_topics(LANGUAGES[0]))}


def _score(query: str, key: str) -> float:
    """How well a normalized query matches a normalized name, from 0 to 1 (0 below `CLOSE`)."""
    if query == key or query.replace(" ", "") == key.replace(" ", ""):
        return 1.0
    coverage = len(query) / len(key)
    if key.startswith(query):
        return 0.9 + 0.05 * coverage
    if any(word.startswith(query) for word in key.split()):
        return 0.85 + 0.05 * coverage
    if len(query) > 1 and query in key:
        return 0.8 + 0.05 * coverage
    if len(key) > 2 and f" {key} " in f" {query} ":  # the name as whole words of the query
        return 0.75 + 0.05 * min(1.0, len(key) / len(query))
    fuzzy = SequenceMatcher(None, query, key)
    if 0.95 * fuzzy.real_quick_ratio() < CLOSE or 0.95 * fuzzy.quick_ratio() < CLOSE:
        return 0.0  # too far to be offered: skip the slow exact ratio
    return 0.95 * fuzzy.ratio()


def _ranked(query: str, game: str | None = None) -> list[tuple[float, str]]:
    """(score, topic id) pairs, best first; among equal scores the topics shared by every
    game or of `game` first, then by kind and list order."""
    wanted = normalize(query)
    if not wanted:
        return []
    scores = [(max(_score(wanted, key) for key in keys), id_) for id_, keys in _keys().items()]
    games, ties = _topic_games(), _tie_breaks()
    return sorted(scores, key=lambda pair: (
        -pair[0], game is not None and games[pair[1]] not in (None, game), *ties[pair[1]]))


def find_topics(query: str, lang: str | None = None, game: str | None = None) -> list[Topic]:
    """The topics a typed name means (id, English or Japanese name, alias, plural, typo): one
    when it is clear, one per game when several games have a topic of that name, none if
    nothing matches. With `game`, its topics (and the shared ones) are preferred: another
    game's topic is found only when none of these matches."""
    ranked = [(score, id_) for score, id_ in _ranked(query, game) if score >= FOUND]
    games = _topic_games()
    if game is not None:
        ranked = [pair for pair in ranked if games[pair[1]] in (None, game)] or ranked
    best: dict[str | None, str] = {}  # game -> its best topic among the equal best scores
    for score, id_ in ranked:
        if score == ranked[0][0]:
            best.setdefault(games[id_], id_)
    return [get_topic(id_, lang or current_language()) for id_ in best.values()]


def suggest(query: str, n: int = 3, game: str | None = None) -> list[str]:
    """Up to `n` topic ids close to `query`, best first (`game`'s first among equals)."""
    return [id_ for score, id_ in _ranked(query, game)[:n] if score >= CLOSE]


def search(words: str, lang: str | None = None, game: str | None = None) -> list[Topic]:
    """Topics containing every word (in their names or text): those shared or of `game` first,
    then the other games', each best first; all topics if no words.

    A word matches inside longer words ("sorc" finds "Sorcerers"), so it suits search as you type.
    """
    lang = lang or current_language()
    terms = fold(words).split()
    ranked: list[tuple[bool, int, int, Topic]] = []
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
            other = game is not None and topic.game not in (None, game)
            ranked.append((other, -score, index, topic))
    return [topic for *_, topic in sorted(ranked, key=lambda item: item[:3])]
