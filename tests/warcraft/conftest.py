"""Warcraft test fixtures: the test islands as a map file for any number of players."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from warcraft.helpers import WC_TEST_MAP


@pytest.fixture(scope="session")
def wc_map(tmp_path_factory: pytest.TempPathFactory) -> Callable[[int], str]:
    """The test islands as a map file for a number of players."""
    folder = tmp_path_factory.mktemp("wc-maps")
    text = WC_TEST_MAP.read_text(encoding="utf-8")

    def for_players(players: int) -> str:
        path = folder / f"wc-test-{players}p.map"
        if not path.exists():
            path.write_text(text.replace("players = 3", f"players = {players}"), "utf-8")
        return str(path)

    return for_players
