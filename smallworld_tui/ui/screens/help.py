"""The keys that work now (F1 / ?), with a word on the current phase."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from smallworld_tui.i18n import _


def keys_table(intro: str, keys: list[tuple[str, str]]) -> Table:
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for key, description in keys:
        table.add_row(key, description)
    title = Table.grid()
    title.add_row(Text(intro))
    title.add_row(Text())
    title.add_row(table)
    return title


class HelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f1,question_mark,q", "close", _("Close"), id="help.close"),
    ]

    def __init__(self, intro: str, keys: list[tuple[str, str]]) -> None:
        super().__init__()
        self.intro = intro
        self.keys = keys

    def compose(self) -> ComposeResult:
        with Vertical(id="help-box"):
            yield Static(_("Keys"), id="help-title")
            with VerticalScroll():
                yield Static(keys_table(self.intro, self.keys))
            yield Static(_("Esc closes"), classes="hint")

    def action_close(self) -> None:
        self.dismiss()
