"""Rich renderables for the rules reference: one topic, and the topic list grouped by kind."""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.text import Text

from smallworld_tui.i18n import translations
from smallworld_tui.reference.topics import TOPIC_KINDS, Topic, TopicKind

_BOLD = re.compile(r"\*\*(.+?)\*\*")
_BULLETS = ("•", "◦")
_NO_LINE_START = "、。，．）」』】！？：；・"  # Japanese punctuation that never starts a line


def _headings(lang: str) -> dict[TopicKind, str]:
    """The heading of each kind's group in the topic list, in `lang`."""
    _ = translations(lang).gettext
    return {
        "general": _("General rules"),
        "race": _("Races"),
        "power": _("Special powers"),
        "piece": _("Pieces"),
    }


def facts(topic: Topic) -> str:
    """A race's, power's or piece's kind and numbers from the data table, on one line ("" else)."""
    _ = translations(topic.lang).gettext
    if topic.kind == "race":
        parts = [
            _("Race"),
            _("{tokens} tokens + the power's").format(tokens=topic.tokens),
            _("{count} in the box").format(count=topic.max_tokens),
        ]
    elif topic.kind == "power":
        parts = [_("Special power"), _("+{tokens} tokens for its race").format(tokens=topic.tokens)]
    elif topic.kind == "piece":
        parts = [_("Piece"), _("{count} in the box").format(count=topic.count)]
    else:
        parts = []
    return " · ".join(parts)


def _inline(text: str) -> Text:
    """One line of a topic's Markdown with its **bold** parts styled."""
    result = Text()
    for index, part in enumerate(_BOLD.split(text)):
        result.append(part, style="bold" if index % 2 else "")
    return result


def _no_punctuation_first(lines: list[Text]) -> list[Text]:
    """Wrapped lines where no line starts with Japanese closing punctuation (kinsoku).

    One such mark hangs at the end of the line before; two or more pull down its last character.
    """
    for index in range(1, len(lines)):
        before, line = lines[index - 1], lines[index]
        marks = len(line.plain) - len(line.plain.lstrip(_NO_LINE_START))
        if marks == 1:
            lines[index - 1], lines[index] = before + line[:1], line[1:]
        elif marks > 1 and len(before) > 1:
            lines[index - 1], lines[index] = before[:-1], before[-1:] + line
    return [line for line in lines if line.plain]


class TopicBody:
    """A topic's text (paragraphs, nested "- " bullets) wrapped with hanging indents, unpadded."""

    def __init__(self, markdown: str) -> None:
        self.markdown = markdown

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in self.markdown.splitlines():
            text = line.lstrip(" ")
            depth = (len(line) - len(text)) // 2
            first = rest = ""
            if text.startswith("- "):
                text = text[2:]
                first = "  " * depth + _BULLETS[min(depth, 1)] + " "
                rest = " " * len(first)
            # wrap 2 cells short, so Japanese punctuation may hang past the line end
            width = max(options.max_width - len(rest) - 2, 1)
            lines = _no_punctuation_first(list(_inline(text).wrap(console, width)))
            for number, wrapped in enumerate(lines or [Text()]):
                wrapped.rstrip()
                yield Text(rest if number else first) + wrapped


def render_topic(topic: Topic) -> RenderableType:
    """A topic: its title, its kind and numbers, then its text."""
    header = [Text(topic.title, style="bold")]
    if facts(topic):
        header.append(Text(facts(topic), style="dim"))
    return Group(*header, Text(), TopicBody(topic.body))


def render_topic_list(topics: Sequence[Topic]) -> RenderableType:
    """Topics grouped by kind, one line each: id and title."""
    if not topics:
        return Text()
    headings = _headings(topics[0].lang)
    parts: list[RenderableType] = []
    for kind in TOPIC_KINDS:
        group = [topic for topic in topics if topic.kind == kind]
        if not group:
            continue
        width = max(len(topic.id) for topic in group)
        parts += [Text(headings[kind], style="bold underline")]
        parts += [
            Text.assemble((topic.id.ljust(width), "bold"), "  ", topic.title) for topic in group
        ]
        parts.append(Text())
    return Group(*parts[:-1])
