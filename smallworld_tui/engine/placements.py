"""Where the face-up items lie (``GameState.items``): a dict that counts its changes.

The rules an army has depend on the items in its regions, and the core asks for them very
often; ``version`` lets the state remember what it derived from the items until they change,
however they are changed (``items[qid] = region``, ``del``, ``pop``, ``update``…).
"""

from __future__ import annotations

from typing import Any


class ItemPlaces(dict[str, int]):
    """Item -> region (or ``OFF_MAP``), with ``version`` counting the changes made to it."""

    __slots__ = ("version",)

    def __init__(self, *args: Any, **kwargs: int) -> None:
        super().__init__(*args, **kwargs)
        self.version = 0

    def __setitem__(self, key: str, value: int) -> None:
        super().__setitem__(key, value)
        self.version += 1

    def __delitem__(self, key: str) -> None:
        super().__delitem__(key)
        self.version += 1

    def __ior__(self, other: Any) -> ItemPlaces:  # type: ignore[override,misc]
        super().__ior__(other)
        self.version += 1
        return self

    def pop(self, *args: Any) -> Any:
        self.version += 1
        return super().pop(*args)

    def popitem(self) -> tuple[str, int]:
        self.version += 1
        return super().popitem()

    def clear(self) -> None:
        self.version += 1
        super().clear()

    def update(self, *args: Any, **kwargs: int) -> None:
        self.version += 1
        super().update(*args, **kwargs)

    def setdefault(self, key: str, default: int = -1) -> int:
        self.version += 1
        return super().setdefault(key, default)
