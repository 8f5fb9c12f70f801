"""The 15 races of Small World Underground, each with its whole rule."""

from __future__ import annotations

from smallworld_tui.engine.content.traits import Content

ALL: list[type[Content]] = []
