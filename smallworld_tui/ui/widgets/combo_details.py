"""The rules of the highlighted combo: its race's and its power's reference texts."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from smallworld_tui.engine import ComboView
from smallworld_tui.i18n import _
from smallworld_tui.names import entry
from smallworld_tui.ui.describe import combo_name


def trait_text(kind: str, id_: str) -> RenderableType:
    """A race's or power's reference topic (its data-table name and tokens if it has none)."""
    from smallworld_tui.reference import get_topic
    from smallworld_tui.reference.render import render_topic

    try:
        return render_topic(get_topic(id_))
    except KeyError:
        row = entry("race" if kind == "race" else "power", id_)
        return Text(f"{row['name_en']} (+{row['tokens']})", style="bold")


def combo_text(combo: ComboView) -> RenderableType:
    title = Text(combo_name(combo.race, combo.power), style="bold reverse")
    title.append(" " + _("{tokens} tokens").format(tokens=combo.tokens))
    parts: list[RenderableType] = [title, Text(), trait_text("race", combo.race)]
    if combo.power:
        parts += [Text(), trait_text("power", combo.power)]
    return Group(*parts)


class ComboDetails(VerticalScroll, can_focus=False):
    """Scrollable rules text of one combo."""

    def compose(self) -> ComposeResult:
        yield Static(id="combo-text")

    shown: ComboView | None = None

    def show(self, combo: ComboView | None) -> None:
        if combo == self.shown:
            return
        self.shown = combo
        self.query_one("#combo-text", Static).update(combo_text(combo) if combo else "")
        self.scroll_home(animate=False)
