"""Hides the board between players at one terminal: "pass the device to <name>"."""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

from smallworld_tui.i18n import N_, _
from smallworld_tui.ui.bindings import TranslatedBindings
from smallworld_tui.ui.widgets.key_footer import KeyFooter


class PassScreen(TranslatedBindings, Screen[None]):
    """Covers the board.  Pages, each closed with Enter: ``before`` (a private note for the
    player who just finished, e.g. their score), then the cover asking for ``name``, then
    ``after`` (a private note for ``name``)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "continue", N_("Continue"), id="pass.continue"),
    ]

    def __init__(self, name: str, reason: str = "", before: RenderableType = "",
                 after: RenderableType = "") -> None:
        super().__init__()
        self.player = name
        self.reason = reason
        self.pages: list[str] = [page for page, note in (("before", before), ("cover", "x"),
                                                          ("after", after)) if note]
        self.notes = {"before": before, "after": after}

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(self._content(), id="pass-text")
        yield KeyFooter()

    @property
    def page(self) -> str:
        return self.pages[0]

    def _content(self) -> RenderableType:
        """The page on top: built in ``compose`` (not on mount, when an app closing at that
        moment has already dropped the screen's children) and again on each Enter."""
        page = self.page
        if page == "cover":
            text = Text(_("Pass the device to {name}").format(name=self.player),
                        style="bold reverse", justify="center")
            if self.reason:
                text.append("\n\n" + self.reason)
            text.append("\n\n" + _("{name}: press Enter when you are ready.").format(
                name=self.player))
            return text
        hint = (_("Press Enter to hide this, then pass the device to {name}.").format(
            name=self.player) if page == "before" else _("Press Enter to continue."))
        return Group(self.notes[page], Text(), Text(hint, style="dim"))

    def action_continue(self) -> None:
        self.pages.pop(0)
        if self.pages:
            self.query_one("#pass-text", Static).update(self._content())
        else:
            self.dismiss()
