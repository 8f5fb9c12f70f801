"""Sessions: a game plus the people playing it.  Hotseat and SSH both drive a GameSession."""

from smallworld_tui.session.game_session import GameSession

__all__ = ["GameSession"]
