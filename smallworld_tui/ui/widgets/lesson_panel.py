"""The lesson's words for the step under way, beside the map."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from smallworld_tui.reference.render import inline
from smallworld_tui.ui.wrap import Folded


class LessonPanel(VerticalScroll, can_focus=False):
    """A title (the step) and the words (``**bold**`` as the rules reference writes it),
    folded as Japanese reads well too; redrawn only when they change."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.text = Static(id="lesson-text")
        self.shown = ("", "")

    def compose(self) -> ComposeResult:
        yield self.text

    def show(self, title: str, words: str) -> None:
        if (title, words) == self.shown:
            return
        self.shown = (title, words)
        self.border_title = title
        self.text.update(Folded(inline(words)))
        self.scroll_home(animate=False)
