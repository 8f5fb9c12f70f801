"""Save under a name, or pick a saved game to load."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from smallworld_tui.compat import while_open
from smallworld_tui.i18n import N_, _
from smallworld_tui.saves import SaveInfo, saves_dir
from smallworld_tui.ui.bindings import TranslatedBindings
from smallworld_tui.ui.widgets.save_list import SaveList


class SaveDialog(TranslatedBindings, ModalScreen[str | None]):
    """Asks for a save name; returns it, or None when cancelled."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", N_("Cancel"), id="save.cancel"),
    ]

    def __init__(self, default: str, error: OSError | None = None) -> None:
        super().__init__()
        self.default = default
        self.error = error

    def compose(self) -> ComposeResult:
        with Vertical(id="save-box", classes="dialog"):
            yield Static(_("Save the game as"), classes="dialog-title")
            if self.error is not None:
                yield Static(Text(_("The last save failed: {error}. Give another name, or a "
                                    "path in another folder (e.g. ~/games/sw.json).").format(
                    error=self.error.strerror or self.error)), classes="error")
            yield Input(self.default, id="save-name", compact=True)
            yield Static(Text(_("Saved in {folder} (or give a path ending in .json)").format(
                folder=saves_dir())), classes="hint", id="save-folder")
            yield Static(_("Enter saves · Esc cancels"), classes="hint")

    @while_open
    def on_mount(self) -> None:
        self.query_one(Input).cursor_blink = False

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        name = event.value.strip()
        if name:
            self.dismiss(name)

    def action_cancel(self) -> None:
        self.dismiss(None)


class LoadDialog(TranslatedBindings, ModalScreen[SaveInfo | None]):
    """Lists the saved games; returns the chosen one, or None when cancelled."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", N_("Cancel"), id="load.cancel"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="load-box", classes="dialog"):
            yield Static(_("Load a saved game"), classes="dialog-title")
            yield SaveList(id="load-list")
            yield Static(_("Enter loads · Esc cancels"), classes="hint")

    def on_save_list_chosen(self, event: SaveList.Chosen) -> None:
        event.stop()
        self.dismiss(event.save)

    def action_cancel(self) -> None:
        self.dismiss(None)
