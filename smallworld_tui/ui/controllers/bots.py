"""The computer players a game screen plays (their moves at a pace people can follow, in a
worker) and the hard computer player's suggestion of a move for a person."""

from __future__ import annotations

import asyncio
from typing import Any

from textual.message import Message
from textual.screen import Screen
from textual.worker import Worker

from smallworld_tui.engine import Action, IllegalAction, PlayerView
from smallworld_tui.i18n import _
from smallworld_tui.session import GameSession
from smallworld_tui.session.bot_seats import BotSeats, suggest
from smallworld_tui.ui.describe import refusal

PACES = (0.2, 0.4, 0.8, 1.5, 3.0)  # seconds per computer player's move, slower and faster
RETRY_SECONDS = 5.0  # a computer player's move that could not be saved is tried again


class Suggested(Message):
    """The hard computer player's move for ``seat``, asked after ``changes`` changes of the
    game (``BotController.offer`` says if it still fits)."""

    def __init__(self, action: Action, seat: int, changes: int) -> None:
        super().__init__()
        self.action = action
        self.seat = seat
        self.changes = changes


class BotController:
    """``bots``: the seats this screen plays (hotseat), if any; over SSH the table host plays
    them and only suggestions are asked here.  ``suggestion``: the move offered to the
    viewer (``y`` plays it) once the screen shows it (``Suggested``, ``offer``)."""

    def __init__(self, screen: Screen[Any], session: GameSession,
                 bots: BotSeats | None) -> None:
        self.screen = screen
        self.session = session
        self.bots = bots
        self.suggestion: Action | None = None
        self._worker: Worker[None] | None = None
        self._thinking = False  # a suggestion is being worked out
        self._changes = 0  # changes of the game seen (a suggestion is for the game it was
        # asked in)

    def to_move(self) -> bool:
        """Whether the decision is a computer player's this screen plays."""
        return self.bots is not None and self.bots.to_move()

    def wake(self) -> None:
        """Play the computer players' moves if the decision is theirs (in a worker)."""
        if self.to_move() and (self._worker is None or not self._worker.is_running):
            self._worker = self.screen.run_worker(self._play(), group="bots")

    async def _play(self) -> None:
        assert self.bots is not None
        try:
            await self.bots.play()
        except IllegalAction as exc:  # the move could not be saved: the game is unchanged
            self.screen.notify(refusal(exc, self.session.view(-1).map), title=_("Not saved"),
                               severity="error", timeout=RETRY_SECONDS, markup=False)
            self.screen.set_timer(RETRY_SECONDS, self.wake)

    def hurry(self) -> None:
        """No more waiting between the computer players' moves until the turn ends."""
        if self.bots is not None:
            self.bots.hurry()

    def step_pace(self, step: int) -> None:
        """The next slower (``step`` 1) or faster (-1) pace of ``PACES``."""
        bots = self.bots
        if bots is None:
            return
        now = min(range(len(PACES)), key=lambda i: abs(PACES[i] - bots.pace))
        bots.pace = PACES[max(0, min(len(PACES) - 1, now + step))]
        self.screen.notify(_("Computer players: {seconds} s a move.").format(
            seconds=f"{bots.pace:g}"), timeout=3)

    def game_changed(self) -> None:
        """The game moved on: a suggestion on screen no longer fits it, nor do its notices
        (cleared, so suggestions asked move after move never pile up over the board)."""
        self._changes += 1
        if self.suggestion is not None:
            self.suggestion = None
            self.screen.app.clear_notifications()

    def suggest(self, view: PlayerView) -> None:
        """Ask the hard computer player for a move for ``view``'s viewer (one at a time, in
        a thread); it is posted to the screen (``Suggested``), which ``offer``s it."""
        if self._thinking or not view.legal:
            return
        self._thinking = True
        self.screen.notify(_("Thinking of a move for you…"), timeout=3)
        self.screen.run_worker(self._suggest(view.viewer, self._changes), group="suggest")

    async def _suggest(self, seat: int, asked: int) -> None:
        try:
            action = await asyncio.to_thread(suggest, self.session, seat,
                                             self.session.record.seed)
        finally:
            self._thinking = False
        if action is not None:
            self.screen.post_message(Suggested(action, seat, asked))

    def offer(self, suggested: Suggested, viewer: int) -> bool:
        """Offer the suggestion to ``viewer`` unless the game or the viewer changed since it
        was asked for; whether it is offered."""
        if suggested.changes != self._changes or suggested.seat != viewer:
            return False
        self.suggestion = suggested.action
        return True

    def playable(self, view: PlayerView) -> bool:
        """Whether the suggestion on screen is a move ``view``'s viewer may make."""
        return self.suggestion in view.legal
