"""The ``host`` fixture: a running test server, stopped after the test."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from remote.servers import Host


@pytest.fixture
async def host(tmp_path: Path) -> AsyncIterator[Host]:
    h = Host(tmp_path)
    await h.start()
    yield h
    await h.stop()
    h.store.close()
