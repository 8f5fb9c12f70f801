"""The ``host`` fixture: a running test server with one open two-player table, stopped after
the test."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from remote.servers import Host, two_player_table


@pytest.fixture
async def host(tmp_path: Path) -> AsyncIterator[Host]:
    h = Host(tmp_path)
    await h.start(two_player_table())
    yield h
    await h.stop()
    h.store.close()
