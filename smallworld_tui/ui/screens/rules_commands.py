"""Command palette: every rules topic of every game, found by its title or any of its names
(English, Japanese, aliases, id); the game being played comes first. Choosing one opens it on
the rules tab of the help screen."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, cast

from textual.command import DiscoveryHit, Hit, Hits, Provider

from smallworld_tui.i18n import LANGUAGES, _, current_language
from smallworld_tui.reference import Topic, get_topic, list_topics
from smallworld_tui.reference.render import game_heading, kind_label
from smallworld_tui.ui.rule_topics import played_game

if TYPE_CHECKING:
    from smallworld_tui.ui.app import SmallWorldApp

WEIGHT = 0.5  # below the legal actions of the game screen for the same words
OTHER_GAME = 0.8  # a topic of another game than the one being played weighs less


def topic_names(topic: Topic) -> list[str]:
    """The title first, then the aliases, then the names in the other languages, the id."""
    names = [topic.title, *topic.aliases]
    for lang in LANGUAGES:
        if lang != topic.lang:
            other = get_topic(topic.id, lang)
            names += [other.title, *other.aliases]
    return list(dict.fromkeys([*names, topic.id]))


def topic_help(topic: Topic) -> str:
    """ "Rules reference · Race · Small World Underground" (the game of a game's topic)."""
    lang = current_language()
    parts = [_("Rules reference"), kind_label(topic.kind, lang)]
    parts += [game_heading(topic.game, lang)] if topic.game else []
    return " · ".join(part for part in parts if part)


class RulesTopicsProvider(Provider):
    """ "Sorcerers", "ソーサラー", "Troll's Lair", "Conquest and conquest costs"…"""

    def _open(self, topic: str) -> None:
        cast("SmallWorldApp", self.app).open_help("rules", [topic])

    def _game(self) -> str:
        return played_game(cast("SmallWorldApp", self.app).session)

    async def discover(self) -> Hits:
        for topic in list_topics(current_language(), self._game()):
            yield DiscoveryHit(topic.title, partial(self._open, topic.id), text=topic.title,
                               help=topic_help(topic))

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        game = self._game()
        for topic in list_topics(current_language()):
            score, name = max(((matcher.match(name), name) for name in topic_names(topic)),
                              key=lambda scored: scored[0])
            if score <= 0:
                continue
            label = (topic.title if name == topic.title
                     else _("{title} ({name})").format(title=topic.title, name=name))
            weight = WEIGHT * (1 if topic.game in (None, game) else OTHER_GAME)
            yield Hit(score * weight, matcher.highlight(label), partial(self._open, topic.id),
                      text=label, help=topic_help(topic))
