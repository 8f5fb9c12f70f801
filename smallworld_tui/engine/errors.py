"""Typed errors raised by the engine, each with a message a player can read."""

from __future__ import annotations


class EngineError(Exception):
    """Base class of every error the engine raises on purpose."""


class IllegalAction(EngineError):
    """An action that the rules do not allow in the current state."""


class RecordError(EngineError):
    """A record or save file that cannot be read or replayed.

    ``source`` names the file, ``index`` the 0-based action that failed (None when the
    problem is not tied to an action).
    """

    def __init__(self, source: str, reason: str, index: int | None = None) -> None:
        self.source = source
        self.reason = reason
        self.index = index
        where = f"{source}: action {index}" if index is not None else source
        super().__init__(f"{where}: {reason}")
