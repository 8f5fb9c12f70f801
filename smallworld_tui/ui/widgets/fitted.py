"""One line of styled parts fitted to a width: names are shortened with "…", numbers never."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text

SHORTEST_NAME = 4  # cells a name keeps before the next one in line is shortened

Part = tuple[str, str]  # text, style


def fit(text: str, cells: int) -> str:
    """``text`` in at most ``cells`` cells, shortened with "…"."""
    if cell_len(text) <= cells:
        return text
    out = ""
    for char in text:
        if cell_len(out + char) > cells - 1:
            break
        out += char
    return out + "…" if cells > 0 else ""


def fitted_line(left: Sequence[Part], right: Sequence[Part], width: int,
                squeeze: Sequence[int], fill: str = "") -> Text:
    """``left`` parts, then ``right`` parts aligned to the right of ``width`` cells (at
    least a space between, the others in the ``fill`` style); the left parts listed in
    ``squeeze`` are shortened in that order until it fits (down to SHORTEST_NAME cells for
    all but the last)."""
    parts = [text for text, _style in left]
    after = sum(cell_len(text) for text, _style in right)
    over = sum(cell_len(p) for p in parts) + after + (1 if after else 0) - width
    for n, index in enumerate(squeeze):
        if over <= 0:
            break
        keep = 1 if n == len(squeeze) - 1 else SHORTEST_NAME
        room = max(keep, cell_len(parts[index]) - over)
        over -= cell_len(parts[index]) - cell_len(fit(parts[index], room))
        parts[index] = fit(parts[index], room)
    text = Text(no_wrap=True, overflow="crop")
    for part, (_text, style) in zip(parts, left, strict=True):
        text.append(part, style)
    if after:
        text.append(" " * (width - text.cell_len - after - 1), fill)
        text.append(" ")
        for part, style in right:
            text.append(part, style)
    return text
