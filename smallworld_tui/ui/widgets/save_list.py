"""Saved games to continue: newest first, finished ones marked; unreadable entries greyed out
with their error; a word when there are none (or the folder cannot be read)."""

from __future__ import annotations

import time

from rich.text import Text
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from smallworld_tui.i18n import _
from smallworld_tui.saves import SaveInfo, list_saves, saves_dir
from smallworld_tui.ui.describe import joined


def save_prompt(save: SaveInfo) -> Text:
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(save.modified))
    if save.error:
        return Text.assemble((save.name, "strike"), "\n", (f"  {save.error}", "italic"))
    text = Text(save.name, style="bold")
    if save.finished:
        text.append("  " + _("(finished)"), style="italic")
    details = _("{players} · {actions} actions · {when}").format(
        players=joined(save.players), actions=save.actions, when=when)
    text.append(f"\n  {details}", style="dim")
    return text


def empty_text(error: OSError | None) -> Text:
    """What the list says when it lists nothing."""
    if error is not None:
        return Text(_("The saves folder {folder} cannot be read: {error}").format(
            folder=saves_dir(), error=error.strerror or error), style="italic")
    return Text(_("No saved games yet. Every game is saved after each move, in {folder}.")
                .format(folder=saves_dir()), style="italic")


class SaveList(OptionList):
    """Enter (or a click) on a readable save posts ``SaveList.Chosen``."""

    class Chosen(Message):
        def __init__(self, save: SaveInfo) -> None:
            super().__init__()
            self.save = save

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.saves: list[SaveInfo] = []

    def on_mount(self) -> None:
        self.reload()

    def reload(self) -> None:
        error: OSError | None = None
        try:
            self.saves = list_saves()
        except OSError as exc:
            self.saves, error = [], exc
        if not self.saves:
            self.set_options([Option(empty_text(error), id="save-none", disabled=True)])
            return
        self.set_options(Option(save_prompt(s), id=f"save-{i}", disabled=bool(s.error))
                         for i, s in enumerate(self.saves))
        readable = [i for i, s in enumerate(self.saves) if not s.error]
        if readable:
            self.highlighted = readable[0]

    @property
    def current(self) -> SaveInfo | None:
        index = self.highlighted
        return self.saves[index] if index is not None and index < len(self.saves) else None

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_index < len(self.saves):
            self.post_message(self.Chosen(self.saves[event.option_index]))
