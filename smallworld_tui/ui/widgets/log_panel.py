"""What happened, in words: the game's events through a Narrator, newest at the bottom,
folded so that no line starts with a closing bracket or a comma (``wrap.Folded``)."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from rich.text import Text
from textual.events import Resize
from textual.widgets import RichLog

from smallworld_tui.engine import Event
from smallworld_tui.ui.describe import Narrator
from smallworld_tui.ui.wrap import Folded

SHOWN = 300  # sentences kept


class LogPanel(RichLog, can_focus=False):
    """The game log.  It keeps its sentences so that it can wrap them again when its width
    changes (or when it was hidden), and is rewritten when the viewer changes."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, markup=False, highlight=False, min_width=1,
                         auto_scroll=True)
        self.sentences: deque[Text] = deque(maxlen=SHOWN)
        self._wrapped_at = 0

    def write_events(self, events: Sequence[Event], narrator: Narrator) -> None:
        for event in events:
            text = Text(narrator.sentence(event),
                        style="bold" if event.kind == "turn_started" else "")
            self.sentences.append(text)
            if self._wrapped_at and self.display:
                self.write(Folded(text))
            else:
                self._wrapped_at = 0  # wrap everything when shown again

    def rewrite(self, events: Sequence[Event], narrator: Narrator) -> None:
        self.sentences.clear()
        self.clear()
        self.write_events(events[-SHOWN:], narrator)

    def on_resize(self, event: Resize) -> None:
        self._wrap()

    def on_show(self) -> None:
        self._wrap()

    def _wrap(self) -> None:
        width = self.scrollable_content_region.width
        if width and width != self._wrapped_at:
            self._wrapped_at = width
            self.clear()
            for text in self.sentences:
                self.write(Folded(text))
