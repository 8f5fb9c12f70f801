"""Rich renderables for the rules reference: one topic, the topic list grouped by game and kind,
the candidates of a name several games share."""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.text import Text

from smallworld_tui.i18n import translations
from smallworld_tui.names import game_name
from smallworld_tui.reference.topics import TOPIC_KINDS, Topic, TopicKind

_BOLD = re.compile(r"\*\*(.+?)\*\*")
_BULLETS = ("•", "◦")
_NO_LINE_START = "、。，．）」』】！？：；・"  # Japanese punctuation that never starts a line


def kind_heading(kind: TopicKind, lang: str) -> str:
    """The heading of a kind's group of topics, in `lang`."""
    _ = translations(lang).gettext
    return {
        "general": _("General rules"),
        "faction": _("Factions"),
        "race": _("Races"),
        "power": _("Special powers"),
        "relic": _("Relics"),
        "artifact": _("Artifacts"),
        "place": _("Places"),
        "piece": _("Pieces"),
        "terrain": _("Terrains"),
        "symbol": _("Symbols"),
    }[kind]


def kind_label(kind: TopicKind, lang: str) -> str:
    """A topic's kind in words ("Race", "Special power"...; "" for a general topic)."""
    _ = translations(lang).gettext
    return {
        "general": "",
        "faction": _("Faction"),
        "race": _("Race"),
        "power": _("Special power"),
        "relic": _("Relic"),
        "artifact": _("Artifact"),
        "place": _("Place"),
        "piece": _("Piece"),
        "terrain": _("Terrain"),
        "symbol": _("Symbol"),
    }[kind]


def game_heading(game: str | None, lang: str) -> str:
    """The name of a topic's game; "Every game" for the shared topics."""
    return game_name(game, lang) if game else translations(lang).gettext("Every game")


def facts(topic: Topic, show_game: bool = False) -> str:
    """A topic's game (if `show_game`), kind and numbers from the data table, on one line."""
    _ = translations(topic.lang).gettext
    parts = [game_heading(topic.game, topic.lang)] if show_game else []
    parts += [kind_label(topic.kind, topic.lang)] if topic.kind != "general" else []
    if topic.kind == "race":
        parts += [
            _("{tokens} tokens + the power's").format(tokens=topic.tokens),
            _("{count} in the box").format(count=topic.max_tokens),
        ]
    elif topic.kind == "power":
        parts.append(_("+{tokens} tokens for its race").format(tokens=topic.tokens))
    elif topic.kind == "piece":
        parts.append(_("{count} in the box").format(count=topic.count))
    return " · ".join(parts)


def inline(text: str) -> Text:
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
            lines = _no_punctuation_first(list(inline(text).wrap(console, width)))
            for number, wrapped in enumerate(lines or [Text()]):
                wrapped.rstrip()
                yield Text(rest if number else first) + wrapped


def render_topic(topic: Topic, show_game: bool = False) -> RenderableType:
    """A topic: its title, its game (if `show_game`), kind and numbers, then its text."""
    header = [Text(topic.title, style="bold")]
    line = facts(topic, show_game)
    if line:
        header.append(Text(line, style="dim"))
    return Group(*header, Text(), TopicBody(topic.body))


def render_topic_list(topics: Sequence[Topic]) -> RenderableType:
    """Topics grouped by game, then by kind, one line each: id and title."""
    if not topics:
        return Text()
    lang = topics[0].lang
    parts: list[RenderableType] = []
    for game in dict.fromkeys(topic.game for topic in topics):
        parts += [Text(game_heading(game, lang), style="bold underline")]
        width = max(len(topic.id) for topic in topics if topic.game == game)
        for kind in TOPIC_KINDS:
            group = [topic for topic in topics if topic.game == game and topic.kind == kind]
            if group:
                parts += [Text("  " + kind_heading(kind, lang), style="bold")]
                parts += [Text.assemble("    ", (topic.id.ljust(width), "bold"), "  ", topic.title,
                                        no_wrap=True, overflow="ellipsis")
                          for topic in group]
        parts.append(Text())
    return Group(*parts[:-1])


def render_candidates(query: str, topics: Sequence[Topic]) -> RenderableType:
    """The topics of several games a name matches, each with its id and game."""
    _ = translations(topics[0].lang).gettext
    width = max(len(topic.id) for topic in topics)
    lines = [Text(_("'{query}' names a topic in several games:").format(query=query))]
    lines += [Text.assemble("  ", (topic.id.ljust(width), "bold"), "  ", topic.title,
                            (" · " + game_heading(topic.game, topic.lang), "dim"))
              for topic in topics]
    return Group(*lines)
