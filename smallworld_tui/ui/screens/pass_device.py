"""Hides the board between players at one terminal: "pass the device to <name>"."""

from __future__ import annotations

from typing import ClassVar

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
    """Covers the board.  With a ``private`` note for the player who just finished (their
    score), that note shows first; Enter hides it and asks for the next player."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "continue", N_("Continue"), id="pass.continue"),
    ]

    def __init__(self, name: str, reason: str = "", private: str = "") -> None:
        super().__init__()
        self.player = name
        self.reason = reason
        self.private = private

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(id="pass-text")
        yield KeyFooter()

    def on_mount(self) -> None:
        self._show()

    def _show(self) -> None:
        if self.private:
            text = Text(self.private, style="bold")
            text.append("\n\n" + _("Press Enter to hide this, then pass the device to {name}.")
                        .format(name=self.player))
        else:
            text = Text(_("Pass the device to {name}").format(name=self.player),
                        style="bold reverse")
            if self.reason:
                text.append("\n\n" + self.reason)
            text.append("\n\n" + _("{name}: press Enter when you are ready.").format(
                name=self.player))
        text.justify = "center"
        self.query_one("#pass-text", Static).update(text)

    def action_continue(self) -> None:
        if self.private:
            self.private = ""
            self._show()
        else:
            self.dismiss()
