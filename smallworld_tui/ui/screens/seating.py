"""Who looks at a game screen: everyone in turn (hotseat), or one fixed seat (SSH)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from smallworld_tui.engine import SPECTATOR
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
    """One terminal for everyone: the screen shows the person whose decision it is, hidden
    behind a "pass to <name>" screen between them when ``pass_screens``.  While a computer
    player decides, the screen stays with whoever looked last (``SPECTATOR`` if nobody has:
    the game began with a bot's turn)."""

    pass_screens: bool = True
    hotseat: bool = True

    def seat(self, session: GameSession) -> int:
        actor = session.actor
        return SPECTATOR if actor in session.record.bots else actor


def hotseat(session: GameSession, pass_screens: bool = True) -> Hotseat:
    """The hotseat seating of ``session``: pass-the-device screens (when wanted) only if two
    people or more play — with one person and computer players there is nobody to hide the
    board from."""
    people = len(session.record.players) - len(session.record.bots)
    return Hotseat(pass_screens and people >= 2)


@dataclass(frozen=True)
class FixedSeat:
    """One player per terminal (SSH): acts on their own decisions, watches the rest."""

    player: int
    pass_screens: bool = False
    hotseat: bool = False

    def seat(self, session: GameSession) -> int:
        return self.player
