"""Line breaking that reads well in Japanese as in English (``Folded``).

Rich folds text without spaces (Japanese) at any character, so a line may start with "）" or
"、".  Here a line breaks at a space, or between two wide characters, but never before a
closing bracket or punctuation mark, nor after an opening bracket (the Japanese *kinsoku*
rules); a run with no such place is cut where it must.
"""

from __future__ import annotations

import unicodedata

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text

NO_START = frozenset("、。，．,.)）]］」』】〕〉》〙〗!！?？:：;；・ー～…‥"
                     "ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々")
NO_END = frozenset("(（[［「『【〔〈《〘〖")


def _wide(char: str) -> bool:
    return unicodedata.east_asian_width(char) in ("W", "F")


def _break_ok(text: str, i: int) -> bool:
    """Whether a line may end before ``text[i]``."""
    before, after = text[i - 1], text[i]
    if after in NO_START or before in NO_END:
        return False
    return before == " " or after == " " or _wide(before) or _wide(after)


def fold_lines(text: Text, width: int) -> list[Text]:
    """``text`` in lines of at most ``width`` cells (existing newlines kept)."""
    out: list[Text] = []
    for line in text.split("\n", allow_blank=True):
        out += _fold(line, max(1, width))
    return out


def _fold(line: Text, width: int) -> list[Text]:
    plain = line.plain
    lines: list[Text] = []
    start = 0
    while cell_len(plain[start:]) > width:
        cells, end = 0, start
        while end < len(plain) and cells + cell_len(plain[end]) <= width:
            cells += cell_len(plain[end])
            end += 1
        cut = next((i for i in range(end, start, -1) if _break_ok(plain, i)), end)
        if cut <= start:
            cut = max(end, start + 1)
        piece = line[start:cut]
        piece.rstrip()
        lines.append(piece)
        start = cut
        while start < len(plain) and plain[start] == " ":
            start += 1
    lines.append(line[start:])
    return lines


class Folded:
    """A rich renderable: ``text`` folded with ``fold_lines`` at the width it is given."""

    def __init__(self, text: Text) -> None:
        self.text = text

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in fold_lines(self.text, options.max_width):
            line.end = "\n"
            line.no_wrap = True
            yield line

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.text)
