"""Computer players at a table: the seats bots play, played at a pace people can follow.

``BotSeats(session)`` makes a bot for every seat the session's record gives one
(``Record.bots``: seat -> level).  ``await seats.play()`` plays while the decision is a bot
seat's: the bot thinks in a worker thread from that seat's observation only, its move waits
out the pace (``pace`` seconds per move, counted from when it started thinking; ``hurry()``
skips the waiting until the turn ends or a person must decide), then goes through the
session like any player's move — checked, recorded, saved, announced — and the session
never lets undo take it back.  The hotseat app and SSH tables both run it; ``suggest`` asks
the hard bot what a person could play.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

from smallworld_tui.bots import Bot, Budget, make_bot
from smallworld_tui.bots.match import bot_seed
from smallworld_tui.engine import Action, Observation
from smallworld_tui.i18n import N_
from smallworld_tui.session.game_session import GameSession

BOT_NAME = N_("Bot {n} ({level})")
# the levels in words (a level unknown here is named by its id)
LEVEL_WORDS = {"random": N_("random"), "easy": N_("easy"), "normal": N_("normal"),
               "hard": N_("hard")}
DEFAULT_PACE = 0.8  # seconds per bot move
THINKING = Budget(seconds=1.5)  # the hard bot's cap on one decision at a table
SUGGESTING = "hard"  # the level that suggests moves to people


def bot_name(seat: int, level: str, gettext: Callable[[str], str] = str) -> str:
    """The name a computer player sits under ("Bot 3 (hard)"); in the interface's language
    with ``gettext=_`` (the names an SSH table reserves stay English)."""
    return gettext(BOT_NAME).format(n=seat + 1, level=gettext(LEVEL_WORDS.get(level, level)))


class BotSeats:
    """The bots of one session, with the pace of their moves."""

    def __init__(self, session: GameSession, pace: float = DEFAULT_PACE,
                 budget: Budget = THINKING) -> None:
        self.session = session
        self.pace = pace
        record = session.record
        self.bots: dict[int, Bot] = {
            seat: make_bot(level, bot_seed(record.seed, seat), budget=budget)
            for seat, level in record.bots.items()}
        self._hurry = asyncio.Event()
        self._hurried_turn = -1  # the turn hurried (hurrying stops when it ends)

    def plays(self, seat: int) -> bool:
        """Whether a bot plays ``seat``."""
        return seat in self.bots

    def to_move(self) -> bool:
        """Whether the decision now is a bot's."""
        return self.plays(self.session.actor)

    def hurry(self) -> None:
        """Play the bots' moves without waiting until the turn ends or a person must
        decide."""
        self._hurried_turn = self.session.state.turn_number
        self._hurry.set()

    def next_move(self, seat: int, observation: Observation, legal: list[Action]) -> Action:
        """The move ``seat`` makes now (slow: run in a worker thread); a subclass may play
        moves of its own (a lesson's computer players play its script)."""
        return self.bots[seat].choose(observation, legal)

    async def play(self) -> list[Action]:
        """Play bot moves while the decision is a bot seat's; returns the moves played."""
        loop = asyncio.get_running_loop()
        played: list[Action] = []
        session = self.session
        while self.to_move():
            if session.state.turn_number != self._hurried_turn:
                self._hurry.clear()
            seat = session.actor
            started = loop.time()
            known = len(session.record.actions)
            observation, legal = session.observe(seat)
            action = await asyncio.to_thread(self.next_move, seat, observation, legal)
            wait = self.pace - (loop.time() - started)
            if wait > 0 and not self._hurry.is_set():
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._hurry.wait(), wait)
            if len(session.record.actions) != known or session.actor != seat:
                continue  # the game moved on while the bot thought: think again
            session.apply(action, seat)
            played.append(action)
        self._hurry.clear()
        return played


def suggest(session: GameSession, seat: int, seed: int = 0, budget: Budget = THINKING
            ) -> Action | None:
    """The move the hard bot would make for ``seat`` now (None if it is not its decision);
    slow: run it in a worker thread."""
    observation, legal = session.observe(seat)
    if not legal:
        return None
    return make_bot(SUGGESTING, seed, budget=budget).choose(observation, legal)
