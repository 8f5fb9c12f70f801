"""The 5 Artifacts and 7 Legendary Places of Small World of Warcraft."""

from __future__ import annotations

from smallworld_tui.engine.content.traits import Content

ALL: list[type[Content]] = []
