"""Help: the keys that work now (F1 / ?) with a word on the phase, and the rules (r)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Literal, cast

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static, TabbedContent, TabPane

from smallworld_tui.i18n import N_, _
from smallworld_tui.ui.bindings import TranslatedBindings
from smallworld_tui.ui.rule_topics import played_game
from smallworld_tui.ui.widgets.key_footer import KeyFooter
from smallworld_tui.ui.widgets.rules_browser import RulesBrowser

if TYPE_CHECKING:
    from smallworld_tui.ui.app import SmallWorldApp

Tab = Literal["keys", "rules"]


def shown_keys(screen: Screen[Any]) -> list[tuple[str, str]]:
    """The keys the footer of ``screen`` shows now, with what they do ("u/^z  Undo")."""
    keys: dict[tuple[str, str], list[str]] = {}
    for active in screen.active_bindings.values():
        binding = active.binding
        if active.enabled and binding.show and binding.description:
            keys.setdefault((binding.action, binding.description), []).append(
                screen.app.get_key_display(binding))
    return [("/".join(shown), description) for (_action, description), shown in keys.items()]


def keys_table(intro: str, keys: Sequence[tuple[str, str]]) -> Table:
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold", no_wrap=True)
    table.add_column(overflow="fold")  # Japanese has no spaces to wrap at
    for key, description in keys:
        table.add_row(key, description)
    title = Table.grid()
    title.add_column(overflow="fold")
    if intro:
        title.add_row(Text(intro))
        title.add_row(Text())
    title.add_row(table)
    return title


class HelpScreen(TranslatedBindings, Screen[None]):
    """Two tabs: the keys (with ``intro``) and the rules reference, opened on ``topics``."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Close"), id="help.close"),
        Binding("f1,question_mark", "tab('keys')", N_("Keys"), id="help.keys"),
        Binding("r", "tab('rules')", N_("Rules"), id="help.rules"),
    ]

    def __init__(self, intro: str, keys: Sequence[tuple[str, str]], tab: Tab = "keys",
                 topics: Sequence[str] = ()) -> None:
        super().__init__()
        self.intro = intro
        self.keys = keys
        self.tab = tab
        self.topics = topics

    def compose(self) -> ComposeResult:
        with TabbedContent(initial=self.tab):
            with TabPane(_("Keys"), id="keys"), VerticalScroll(id="keys-scroll"):
                yield Static(keys_table(self.intro, self.keys))
            with TabPane(_("Rules"), id="rules"):
                game = played_game(cast("SmallWorldApp", self.app).session)
                yield RulesBrowser(self.topics, game=game, id="rules-browser")
        yield KeyFooter()

    def on_mount(self) -> None:
        self._focus(self.tab)

    def _focus(self, tab: str) -> None:
        if tab == "rules":
            self.query_one(RulesBrowser).focus_search()
        else:
            self.query_one("#keys-scroll").focus()

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        self.tab = "rules" if event.pane.id == "rules" else "keys"
        self._focus(self.tab)

    def action_tab(self, tab: Tab) -> None:
        """Show a tab; its own key again closes the help."""
        if tab == self.tab:
            self.dismiss()
        else:
            self.query_one(TabbedContent).active = tab

    def open_topics(self, topics: Sequence[str]) -> None:
        """Show these topics on the rules tab."""
        if self.tab != "rules":
            self.action_tab("rules")
        self.query_one(RulesBrowser).show(topics)

    def action_close(self) -> None:
        self.dismiss()
