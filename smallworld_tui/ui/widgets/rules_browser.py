"""The rules reference in the app: a search box (search as you type), the matching topics,
and the chosen topic rendered in a scrollable pane."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option, OptionDoesNotExist

from smallworld_tui.i18n import N_, _
from smallworld_tui.reference import TOPIC_KINDS, Topic, TopicKind, get_topic, search
from smallworld_tui.reference.render import render_topic
from smallworld_tui.ui.bindings import TranslatedBindings


def kind_label(kind: TopicKind) -> str:
    """A topic kind in words ("Race", "Special power"...; "" for the general rules)."""
    return {"general": "", "race": _("Race"), "power": _("Special power"),
            "piece": _("Piece")}[kind]


def kind_heading(kind: TopicKind) -> str:
    return {"general": _("General rules"), "race": _("Races"), "power": _("Special powers"),
            "piece": _("Pieces")}[kind]


def topic_option(topic: Topic, with_kind: bool) -> Option:
    """One topic in the list: its title (and its kind, for search results)."""
    text = Text(topic.title, no_wrap=True, overflow="ellipsis")
    if with_kind and kind_label(topic.kind):
        text.append(" " + kind_label(topic.kind), style="dim")
    return Option(text, id=topic.id)


def topics_text(topics: Sequence[Topic]) -> RenderableType:
    """Several topics one after another, with a line between."""
    parts: list[RenderableType] = []
    for topic in topics:
        if parts:
            parts += [Text(), Rule(style="dim"), Text()]
        parts.append(render_topic(topic))
    return Group(*parts)


class RulesBrowser(TranslatedBindings, Vertical):
    """Type to search; ↑↓ choose a topic, PgUp/PgDn scroll its text."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down", "move(1)", N_("Next topic"), show=False, id="rules.next"),
        Binding("up", "move(-1)", N_("Previous topic"), show=False, id="rules.previous"),
        Binding("pagedown", "scroll_text(1)", N_("Scroll down"), show=False,
                id="rules.page_down"),
        Binding("pageup", "scroll_text(-1)", N_("Scroll up"), show=False, id="rules.page_up"),
    ]

    def __init__(self, topics: Sequence[str] = (), *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.first = list(topics)  # shown together on opening
        self.shown: list[str] = []

    def compose(self) -> ComposeResult:
        yield Input(placeholder=_("Search the rules: a name or words"), compact=True,
                    id="rules-search")
        with Horizontal(id="rules-body"):
            yield OptionList(id="rules-topics")
            with VerticalScroll(id="rules-pane"):
                yield Static(id="rules-text")

    def on_mount(self) -> None:
        self.query_one(Input).cursor_blink = False
        self.fill("")
        if self.first:
            self.show(self.first)

    @property
    def topics(self) -> OptionList:
        return self.query_one("#rules-topics", OptionList)

    def fill(self, query: str) -> None:
        """List the topics matching ``query`` (all, grouped by kind, when it is empty)."""
        found = search(query)
        options: list[Option | None] = []
        if query.strip():
            options += [topic_option(topic, True) for topic in found]
        else:
            for kind in TOPIC_KINDS:
                group = [topic for topic in found if topic.kind == kind]
                heading = Text(kind_heading(kind), style="bold underline")
                options += [Option(heading, disabled=True), *(topic_option(t, False)
                                                              for t in group)]
        self.topics.set_options(options)
        if found:
            self.show([found[0].id] if query.strip() else self.shown or [found[0].id])
        else:
            self.shown = []
            self.query_one("#rules-text", Static).update(Text(_("No topic matches."),
                                                              style="dim"))

    def show(self, ids: Sequence[str]) -> None:
        """Show these topics in the pane, the first highlighted in the list."""
        self.shown = list(ids)
        try:
            index = self.topics.get_option_index(ids[0])
        except OptionDoesNotExist:
            index = None
        if index is not None and self.topics.highlighted != index:
            self.topics.highlighted = index
        pane = self.query_one("#rules-pane", VerticalScroll)
        pane.query_one(Static).update(topics_text([get_topic(id_) for id_ in ids]))
        pane.scroll_home(animate=False)

    @on(Input.Changed, "#rules-search")
    def searched(self, event: Input.Changed) -> None:
        self.fill(event.value)

    @on(Input.Submitted, "#rules-search")
    def read(self) -> None:
        self.query_one("#rules-pane").focus()

    @on(OptionList.OptionHighlighted, "#rules-topics")
    def highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """Show the topic the player moved to (not one highlighted since replaced)."""
        topic = event.option.id
        current = event.option_index == self.topics.highlighted
        if current and topic is not None and self.shown[:1] != [topic]:
            self.show([topic])

    @on(OptionList.OptionSelected, "#rules-topics")
    def selected(self) -> None:
        self.query_one("#rules-pane").focus()

    def action_move(self, step: int) -> None:
        if step > 0:
            self.topics.action_cursor_down()
        else:
            self.topics.action_cursor_up()

    def action_scroll_text(self, pages: int) -> None:
        pane = self.query_one("#rules-pane", VerticalScroll)
        if pages > 0:
            pane.scroll_page_down()
        else:
            pane.scroll_page_up()

    def focus_search(self) -> None:
        self.query_one(Input).focus()
