"""What happened, in words: the game's events through a Narrator, newest at the bottom,
folded so that no line starts with a closing bracket or a comma (``wrap.Folded``).

The panel draws its own lines (Textual's line API) and grows its scrollable canvas without a
layout of the whole screen: a move adds a sentence to every terminal watching the game, and a
layout per sentence was a large share of a repaint over SSH.  For the same reason it has no
scroll bar (drawn whole again with each sentence, it cost 13% of a repaint): the mouse wheel
scrolls it, and its title counts the lines below while scrolled back.  And it fills down,
turning half a page once full, rather than moving every line up at each sentence: a terminal
then draws only the new lines, but at a turn of the page (drawing the whole log at every
sentence was the largest share of an ordinary move's repaint).  Going back (the replay viewer
stepping back) lets the last sentences go, the others kept as they were folded: folding the
whole log again was nine tenths of a step back.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from rich.style import Style
from rich.text import Text
from textual.events import Resize
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from smallworld_tui.compat import set_scroll_canvas
from smallworld_tui.engine import Event
from smallworld_tui.i18n import _
from smallworld_tui.ui.describe import Narrator
from smallworld_tui.ui.wrap import Folded

SHOWN = 300  # sentences kept
DROPPED = 50  # sentences beyond SHOWN let go at once (each time, the whole log is drawn); and
# going back, as many below SHOWN taken back before the older ones are written again
BOLD = frozenset({"turn_started", "die_rolled"})  # events that stand out: a turn, a die roll


class LogPanel(ScrollView, can_focus=False):
    """The game log.  It keeps its sentences so that it can wrap them again when its width
    changes (or when it was hidden), and is rewritten when the viewer changes."""

    DEFAULT_CSS = """
    LogPanel {
        background: $surface;
        color: $foreground;
        overflow-y: scroll;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.sentences: deque[Text] = deque()  # at most SHOWN + DROPPED
        self._lines: list[Strip] = []  # the sentences folded, oldest first
        self._counts: deque[int] = deque()  # how many lines each sentence takes
        self._wrapped_at = 0  # the width the lines are folded at (0: none yet)
        self._style: Style | None = None  # the panel's own style (worked out once)
        self._followed = 0  # events of the followed log written (``follow``)

    def follow(self, log: Sequence[Event], narrator: Narrator, again: bool = False) -> None:
        """Keep up with a game's log: write its new sentences, take back those of the events
        it no longer holds (a replay going back), or write all of them ``again`` (another
        reader, an undo)."""
        gone = self._followed - len(log)
        if again or (gone > 0 and not self._take_back(gone, min(len(log), SHOWN - DROPPED))):
            self.rewrite(log, narrator)
        elif gone < 0:
            self.write_events(log[self._followed:], narrator)
        self._followed = len(log)

    def _take_back(self, count: int, kept: int) -> bool:
        """Let the last ``count`` sentences go, the others kept as they are folded, if at
        least ``kept`` sentences remain (else the older ones must be written again); whether
        it did."""
        if len(self.sentences) - count < kept:
            return False
        for _sentence in range(count):
            self.sentences.pop()
        if self._wrapped_at and self.display:
            lines = sum(self._counts.pop() for _ in range(count))
            del self._lines[len(self._lines) - lines:]
            self._show_end()
        else:
            self._wrapped_at = 0  # wrap everything when shown again
        return True

    def write_events(self, events: Sequence[Event], narrator: Narrator) -> None:
        texts = [Text(narrator.sentence(event), style="bold" if event.kind in BOLD else "")
                 for event in events]
        self.sentences.extend(texts)
        if not texts:
            return
        let_go = 0  # the oldest sentences let go, DROPPED at once: the log is drawn whole
        if len(self.sentences) > SHOWN + DROPPED:  # only that often
            let_go = len(self.sentences) - SHOWN
            for _ in range(let_go):
                self.sentences.popleft()
        if self._wrapped_at and self.display:
            dropped = sum(self._counts.popleft() for _ in range(min(let_go, len(self._counts))))
            del self._lines[:dropped]
            before = len(self._lines)
            for text in texts[max(0, len(texts) - len(self.sentences)):]:
                self._add(text)
            self._show_end(new=len(self._lines) - before, dropped=dropped)
        else:
            self._wrapped_at = 0  # wrap everything when shown again

    def rewrite(self, events: Sequence[Event], narrator: Narrator) -> None:
        self.sentences.clear()
        self._lines.clear()
        self._counts.clear()
        self._wrapped_at = 0  # the sentences are only kept, then folded and shown once
        self.write_events(events[-SHOWN:], narrator)
        self._wrap()

    def _add(self, text: Text) -> None:
        """Fold a sentence into lines at the end."""
        options = self.app.console.options.update_width(self._wrapped_at)
        lines = self.app.console.render_lines(Folded(text), options, pad=False)
        self._lines += (Strip(line) for line in lines)
        self._counts.append(len(lines))

    def _show_end(self, new: int | None = None, page: bool = False, dropped: int = 0) -> None:
        """Show the newest line: where it is if it is in sight (drawing only the ``new``
        lines at the end, or all with None), else at most half a page from the top, the rest
        left for the sentences to come (``page``: a whole page of the newest lines), the top
        line beginning a sentence.  ``dropped``: lines let go at the top meanwhile."""
        height = self.scrollable_content_region.height
        total = len(self._lines)
        top = max(0, round(self.scroll_y) - dropped)
        if page or not top <= total - 1 < top + height:
            top = self._sentence_start(max(0, total - (height if page else (height + 1) // 2)))
        set_scroll_canvas(self, Size(self._wrapped_at, max(total, top + height)))
        if top != round(self.scroll_y) or dropped:
            self.scroll_to(y=top, animate=False, immediate=True)
            self.refresh()  # every line moved
        elif new is None:
            self.refresh()
        elif new:
            self.refresh(Region(0, total - new - top, self._wrapped_at, new))
        self._title(top)

    def _sentence_start(self, line: int) -> int:
        """The first line of the first sentence that starts at ``line`` or below, so that
        the log's top line begins a sentence; ``line`` itself if that is the last one's."""
        start = 0
        for count in self._counts:
            if start >= line:
                return start
            start += count
        return line

    def on_resize(self, event: Resize) -> None:
        """Fold again at a new width; at a new height show a page of the newest lines (a
        footer that takes a second line makes the log a line shorter)."""
        if not self._wrap():
            self._show_end(page=True)

    def on_show(self) -> None:
        self._wrap()

    def _wrap(self) -> bool:
        """Fold the sentences again if the width changed (and show the newest)."""
        width = self.scrollable_content_region.width
        if not width or width == self._wrapped_at:
            return False
        self._wrapped_at = width
        self._lines.clear()
        self._counts.clear()
        for text in self.sentences:
            self._add(text)
        self._show_end(page=True)
        return True

    def on_mount(self) -> None:
        self.border_title = _("Log")

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self._title(round(new_value))

    def _title(self, top: int) -> None:
        """The title says how many lines are below when scrolled back: the panel has no
        scroll bar, which cost every terminal a redraw of it with each sentence."""
        below = len(self._lines) - top - self.scrollable_content_region.height
        title = _("Log · ↓ {lines} newer lines").format(lines=below) if below > 0 else _("Log")
        if self.border_title != title:  # setting it repaints the whole panel
            self.border_title = title

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._style = None

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        if self._style is None:  # rich_style walks the ancestors: too dear for every line
            self._style = self.rich_style
        style = self._style
        if not 0 <= scroll_y + y < len(self._lines):
            return Strip.blank(width, style)
        line = self._lines[scroll_y + y]
        return line.crop_extend(scroll_x, scroll_x + width, style).apply_style(style)
