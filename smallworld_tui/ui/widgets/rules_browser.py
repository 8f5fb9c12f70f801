"""The rules reference in the app: a search box (search as you type), the matching topics of
every game (the game being played first), and the chosen topic rendered in a scrollable pane."""

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

from smallworld_tui.compat import while_open
from smallworld_tui.engine import games
from smallworld_tui.i18n import N_, _, current_language
from smallworld_tui.reference import TOPIC_KINDS, Topic, get_topic, search
from smallworld_tui.reference.render import game_heading, kind_heading, kind_label, render_topic
from smallworld_tui.ui.bindings import TranslatedBindings


def topic_option(topic: Topic, game: str | None) -> Option:
    """One topic in the list: its title (for search results, `game` given: its kind, and its
    game when it is not that one)."""
    text = Text(topic.title, no_wrap=True, overflow="ellipsis")
    if game is not None:
        lang = current_language()
        label = [kind_label(topic.kind, lang)] if topic.kind != "general" else []
        label += [game_heading(topic.game, lang)] if topic.game not in (None, game) else []
        if label:
            text.append(" " + " · ".join(label), style="dim")
    return Option(text, id=topic.id)


def grouped_options(topics: Sequence[Topic], game: str) -> list[Option]:
    """Every topic under headings: `game`'s first (with the shared ones), then the other
    games', each by kind."""
    lang = current_language()
    options: list[Option] = []
    for section in (game, *(other for other in games() if other != game)):
        options.append(Option(Text(game_heading(section, lang), style="bold reverse"),
                              disabled=True))
        mine = [topic for topic in topics
                if topic.game == section or (topic.game is None and section == game)]
        for kind in TOPIC_KINDS:
            group = [topic for topic in mine if topic.kind == kind]
            if group:
                heading = Text(kind_heading(kind, lang), style="bold underline")
                options += [Option(heading, disabled=True),
                            *(topic_option(topic, None) for topic in group)]
    return options


def topics_text(topics: Sequence[Topic], game: str) -> RenderableType:
    """Several topics one after another, with a line between; another game's are named."""
    parts: list[RenderableType] = []
    for topic in topics:
        if parts:
            parts += [Text(), Rule(style="dim"), Text()]
        parts.append(render_topic(topic, show_game=topic.game not in (None, game)))
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

    def __init__(self, topics: Sequence[str] = (), *, game: str, id: str | None = None) -> None:
        super().__init__(id=id)
        self.first = list(topics)  # shown together on opening
        self.game = game  # the game being played: its topics come first
        self.shown: list[str] = []

    def compose(self) -> ComposeResult:
        yield Input(placeholder=_("Search the rules: a name or words"), compact=True,
                    id="rules-search")
        with Horizontal(id="rules-body"):
            yield OptionList(id="rules-topics")
            with VerticalScroll(id="rules-pane"):
                yield Static(id="rules-text")

    @while_open
    def on_mount(self) -> None:
        self.query_one(Input).cursor_blink = False
        self.fill("")
        if self.first:
            self.show(self.first)

    @property
    def topics(self) -> OptionList:
        return self.query_one("#rules-topics", OptionList)

    def fill(self, query: str) -> None:
        """List the topics matching ``query`` (all, grouped by game and kind, when it is empty)."""
        found = search(query, game=self.game)
        options: list[Option | None] = []
        if query.strip():
            options += [topic_option(topic, self.game) for topic in found]
        else:
            options += grouped_options(found, self.game)
        self.topics.set_options(options)
        first = next((option.id for option in options if option and option.id), None)
        if first is not None:
            self.show([first] if query.strip() else self.shown or [first])
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
        shown = [get_topic(id_, game=self.game) for id_ in ids]
        pane.query_one(Static).update(topics_text(shown, self.game))
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
