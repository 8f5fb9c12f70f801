"""Line breaking: Japanese folds between characters but never starts a line with a closing
bracket or punctuation mark; English breaks at spaces; the log and the prompt use it."""

from __future__ import annotations

import pytest
from rich.console import Console
from rich.text import Text

from smallworld_tui.ui.wrap import NO_END, NO_START, Folded, fold_lines

SENTENCE = "太郎の飛行能力のトロールが丘14を奪った（失われた種族から、−1トークン）。次の手番へ。"


@pytest.mark.parametrize("width", range(6, 40))
def test_no_japanese_line_starts_with_a_closing_mark(width: int) -> None:
    lines = [line.plain for line in fold_lines(Text(SENTENCE), width)]
    assert "".join(lines) == SENTENCE
    assert all(Text(line).cell_len <= width for line in lines)
    assert not any(line[0] in NO_START for line in lines[1:])
    assert not any(line[-1] in NO_END for line in lines[:-1])


def test_english_breaks_at_spaces() -> None:
    text = Text("Amy's Flying Halflings took Hill 14 from Lost Tribe (−1 token)")
    assert [line.plain for line in fold_lines(text, 20)] == [
        "Amy's Flying", "Halflings took Hill", "14 from Lost Tribe", "(−1 token)"]


def test_a_word_longer_than_the_line_is_cut_where_it_must() -> None:
    assert [line.plain for line in fold_lines(Text("Supercalifragilistic"), 8)] == [
        "Supercal", "ifragili", "stic"]


def test_folded_renders_at_the_width_it_is_given() -> None:
    console = Console(width=12, record=True, color_system=None)
    console.print(Folded(Text(SENTENCE)))
    lines = console.export_text().splitlines()
    assert len(lines) > 1 and not any(line[:1] in NO_START for line in lines)
