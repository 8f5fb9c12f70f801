"""Command palette: every rules topic, found by its title or any of its names (English,
Japanese, aliases); choosing one opens it on the rules tab of the help screen."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, cast

from textual.command import DiscoveryHit, Hit, Hits, Provider

from smallworld_tui.i18n import LANGUAGES, _, current_language
from smallworld_tui.reference import Topic, get_topic, list_topics
from smallworld_tui.ui.widgets.rules_browser import kind_label

if TYPE_CHECKING:
    from smallworld_tui.ui.app import SmallWorldApp

WEIGHT = 0.5  # below the legal actions of the game screen for the same words


def topic_names(topic: Topic) -> list[str]:
    """The title first, then the aliases, then the names in the other languages."""
    names = [topic.title, *topic.aliases]
    for lang in LANGUAGES:
        if lang != topic.lang:
            other = get_topic(topic.id, lang)
            names += [other.title, *other.aliases]
    return list(dict.fromkeys(names))


def topic_help(topic: Topic) -> str:
    kind = kind_label(topic.kind)
    return _("Rules reference") + (f" · {kind}" if kind else "")


class RulesTopicsProvider(Provider):
    """ "Sorcerers", "ソーサラー", "Troll's Lair", "Conquest and conquest costs"…"""

    def _open(self, topic: str) -> None:
        cast("SmallWorldApp", self.app).open_help("rules", [topic])

    async def discover(self) -> Hits:
        for topic in list_topics(current_language()):
            yield DiscoveryHit(topic.title, partial(self._open, topic.id), text=topic.title,
                               help=topic_help(topic))

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for topic in list_topics(current_language()):
            score, name = max(((matcher.match(name), name) for name in topic_names(topic)),
                              key=lambda scored: scored[0])
            if score <= 0:
                continue
            label = (topic.title if name == topic.title
                     else _("{title} ({name})").format(title=topic.title, name=name))
            yield Hit(score * WEIGHT, matcher.highlight(label), partial(self._open, topic.id),
                      text=label, help=topic_help(topic))
