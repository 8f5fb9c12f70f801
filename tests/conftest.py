"""Shared test setup: the test helpers in tests/ are importable, saves go to a temp dir."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture(autouse=True)
def _isolated_data_dir(tmp_path_factory: pytest.TempPathFactory,
                       monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Never touch the real user data directory from tests."""
    monkeypatch.setenv("SMALLWORLD_TUI_DATA", str(tmp_path_factory.mktemp("data")))
    yield
