"""The reference material in ../shared: tests that need it skip without it, except under CI
(environment variable CI set), where a missing file fails the run instead of testing less."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

SHARED = Path(__file__).parents[2] / "shared"


def shared_json(*parts: str) -> Any:
    """A JSON file under ../shared, parsed."""
    path = SHARED.joinpath(*parts)
    if not path.is_file():
        message = f"{path} is missing: the shared reference is not beside the repository"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return json.loads(path.read_text(encoding="utf-8"))
