"""docs/rulings.md is one document: a section per game, each ruling numbered once, in order,
and every cross-reference ("ruling 94") names a ruling that exists."""

from __future__ import annotations

import re
from pathlib import Path

from smallworld_tui.engine import games
from smallworld_tui.names import game_name

TEXT = (Path(__file__).resolve().parents[1] / "docs" / "rulings.md").read_text(encoding="utf-8")


def test_a_section_per_game() -> None:
    sections = re.findall(r"^## (.+)$", TEXT, flags=re.MULTILINE)
    assert sections == [game_name(game, "en") for game in games()]


def test_rulings_are_numbered_once_and_in_order() -> None:
    numbers = [int(n) for n in re.findall(r"^(\d+)\. ", TEXT, flags=re.MULTILINE)]
    assert numbers == list(range(1, len(numbers) + 1))


def test_cross_references_name_existing_rulings() -> None:
    last = len(re.findall(r"^\d+\. ", TEXT, flags=re.MULTILINE))
    cited = [int(n) for n in re.findall(r"\brulings? (\d+)", TEXT)]
    assert cited and all(1 <= n <= last for n in cited)
