"""The 16 races of Small World of Warcraft, each with its whole rule."""

from __future__ import annotations

from smallworld_tui.engine.content.traits import Content

ALL: list[type[Content]] = []
