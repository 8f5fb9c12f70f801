"""Help: the keys that work now (F1 / ?) with a word on the phase, the map's legend (g) and
the rules (r)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static, TabbedContent, TabPane

from smallworld_tui.compat import while_open
from smallworld_tui.i18n import N_, _
from smallworld_tui.ui.bindings import TranslatedBindings
from smallworld_tui.ui.messages import Tab
from smallworld_tui.ui.widgets.key_footer import KeyFooter
from smallworld_tui.ui.widgets.rules_browser import RulesBrowser


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
    """Tabs: the keys (with ``intro``), the map's ``legend`` (during a game) and the rules
    reference of every game, ``game``'s first, opened on ``topics``."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Close"), id="help.close"),
        Binding("f1,question_mark", "tab('keys')", N_("Keys"), id="help.keys"),
        Binding("g", "tab('legend')", N_("Legend"), id="help.legend"),
        Binding("r", "tab('rules')", N_("Rules"), id="help.rules"),
    ]

    def __init__(self, intro: str, keys: Sequence[tuple[str, str]], tab: Tab = "keys",
                 topics: Sequence[str] = (), legend: RenderableType | None = None,
                 game: str = "base") -> None:
        super().__init__()
        self.game = game  # the game whose rules topics come first
        self.intro = intro
        self.keys = keys
        self.tab = tab if tab != "legend" or legend is not None else "keys"
        self.topics = topics
        self.legend = legend

    def compose(self) -> ComposeResult:
        with TabbedContent(initial=self.tab):
            with TabPane(_("Keys"), id="keys"), VerticalScroll(id="keys-scroll"):
                yield Static(keys_table(self.intro, self.keys))
            if self.legend is not None:
                with TabPane(_("Map legend"), id="legend"), VerticalScroll(id="legend-scroll"):
                    yield Static(self.legend)
            with TabPane(_("Rules"), id="rules"):
                yield RulesBrowser(self.topics, game=self.game, id="rules-browser")
        yield KeyFooter()

    @while_open
    def on_mount(self) -> None:
        self._focus(self.tab)

    def _focus(self, tab: str) -> None:
        if tab == "rules":
            self.query_one(RulesBrowser).focus_search()
        else:
            self.query_one(f"#{tab}-scroll").focus()

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        pane = event.pane.id
        self.tab = "rules" if pane == "rules" else "legend" if pane == "legend" else "keys"
        self._focus(self.tab)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "tab" and parameters and parameters[0] == "legend":
            return self.legend is not None
        return True

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
