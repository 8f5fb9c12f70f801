"""A quick rules reference in English and Japanese for every game, with names and numbers from
the data tables.

Rendering (rich) lives in `smallworld_tui.reference.render`, imported only by those who draw.
"""

from smallworld_tui.reference.lookup import find_topics, search, suggest
from smallworld_tui.reference.topics import TOPIC_KINDS, Topic, TopicKind, get_topic, list_topics

__all__ = [
    "TOPIC_KINDS",
    "Topic",
    "TopicKind",
    "find_topics",
    "get_topic",
    "list_topics",
    "search",
    "suggest",
]
