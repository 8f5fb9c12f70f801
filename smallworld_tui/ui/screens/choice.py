"""A small menu of choices (several actions on one region, an ally, a confirmation)."""

from __future__ import annotations

from typing import ClassVar, Generic, TypeVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from smallworld_tui.i18n import N_, _
from smallworld_tui.ui.bindings import TranslatedBindings

T = TypeVar("T")


class ChoiceScreen(TranslatedBindings, ModalScreen[T | None], Generic[T]):
    """Returns the chosen value, or None when cancelled with Escape."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", N_("Cancel"), id="choice.cancel"),
    ]

    def __init__(self, title: str, choices: list[tuple[str, T]], warning: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.choices = choices
        self.warning = warning

    def compose(self) -> ComposeResult:
        with Vertical(id="choice-box"):
            yield Static(self.title_text, id="choice-title", markup=False)
            if self.warning:
                yield Static(Text(self.warning), id="choice-warning", classes="warning")
            yield OptionList(*(Option(label, id=f"choice-{i}")
                               for i, (label, _value) in enumerate(self.choices)),
                             id="choice-list", markup=False)
            yield Static(_("Enter chooses · Esc cancels"), classes="hint")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.choices[event.option_index][1])

    def action_cancel(self) -> None:
        self.dismiss(None)
