"""Where the face-up items lie (``GameState.items``): a dict that marks its changes.

The rules an army has depend on the items in its regions, and the core asks for them very
often; ``version`` lets the state remember what it derived from the items until they change,
however they are changed (``items[qid] = region``, ``del``, ``pop``, ``update``…).
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import count
from typing import Any

#: the versions handed out: no two dicts, nor two states of one dict, share one
_VERSIONS = count()


class ItemPlaces(dict[str, int]):
    """Item -> region (or ``OFF_MAP``), with ``version`` drawn anew (``_VERSIONS``) at each
    change made to it: one version, one content of one dict.  ``live`` holds the hooks
    live while the items lie so (``GameState.live_hooks``), forgotten at each change."""

    __slots__ = ("live", "version")

    def __init__(self, *args: Any, **kwargs: int) -> None:
        super().__init__(*args, **kwargs)
        self._changed()

    def _changed(self) -> None:
        self.version = next(_VERSIONS)
        self.live: frozenset[str] | None = None

    def __setitem__(self, key: str, value: int) -> None:
        super().__setitem__(key, value)
        self.version = next(_VERSIONS)  # ``_changed`` without the call: the usual change
        self.live = None

    def __delitem__(self, key: str) -> None:
        super().__delitem__(key)
        self._changed()

    def __ior__(self, other: Any) -> ItemPlaces:  # type: ignore[override,misc]
        super().__ior__(other)
        self._changed()
        return self

    def pop(self, *args: Any) -> Any:
        self._changed()
        return super().pop(*args)

    def popitem(self) -> tuple[str, int]:
        self._changed()
        return super().popitem()

    def clear(self) -> None:
        self._changed()
        super().clear()

    def update(self, *args: Any, **kwargs: int) -> None:
        self._changed()
        super().update(*args, **kwargs)

    def setdefault(self, key: str, default: int = -1) -> int:
        self._changed()
        return super().setdefault(key, default)

    def put_back(self, qid: str, region: int, before: Mapping[str, int], version: int) -> None:
        """Put ``qid`` back in ``region`` after a rule moved it for a while (the
        Bag-o'-Many-Things); if the items are then as ``before``, when their version was
        ``version``, they take that version again: what was derived from them then holds."""
        self[qid] = region
        if self == before:
            self.version = version
