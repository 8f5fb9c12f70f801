"""Who looks at a game screen: everyone in turn (hotseat), or one fixed seat (SSH)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from smallworld_tui.session import GameSession


class Seating(Protocol):
    """Which seat a game screen shows, and whether it may switch between players."""

    @property
    def hotseat(self) -> bool: ...

    @property
    def pass_screens(self) -> bool: ...

    def seat(self, session: GameSession) -> int:
        """The seat whose view the screen should show now."""
        ...


@dataclass(frozen=True)
class Hotseat:
    """One terminal for everyone: the screen shows the seat whose decision it is, hidden
    behind a "pass to <name>" screen between decision-makers when ``pass_screens``."""

    pass_screens: bool = True
    hotseat: bool = True

    def seat(self, session: GameSession) -> int:
        return session.actor


@dataclass(frozen=True)
class FixedSeat:
    """One player per terminal (SSH): acts on their own decisions, watches the rest."""

    player: int
    pass_screens: bool = False
    hotseat: bool = False

    def seat(self, session: GameSession) -> int:
        return self.player
