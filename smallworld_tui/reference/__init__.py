"""A quick rules reference in English and Japanese, with names and numbers from the data table.

Rendering (rich) lives in `smallworld_tui.reference.render`, imported only by those who draw.
"""

from smallworld_tui.reference.lookup import find_topic, search, suggest
from smallworld_tui.reference.topics import TOPIC_KINDS, Topic, TopicKind, get_topic, list_topics

__all__ = [
    "TOPIC_KINDS",
    "Topic",
    "TopicKind",
    "find_topic",
    "get_topic",
    "list_topics",
    "search",
    "suggest",
]
