"""The 6 Righteous Relics and 9 Popular Places of Small World Underground."""

from __future__ import annotations

from smallworld_tui.engine.content.traits import Content

ALL: list[type[Content]] = []
