"""Who sees the board at a terminal, and what shows over it first: the big die, each player's
score for their turn, the pass-the-device screens between people, and at last the end of the
game — one screen after another (``ModalQueue``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.screen import Screen

from smallworld_tui.engine import Event, PlayerView
from smallworld_tui.i18n import _
from smallworld_tui.session import GameSession
from smallworld_tui.ui.controllers.modal_queue import ModalQueue
from smallworld_tui.ui.describe import Narrator
from smallworld_tui.ui.scores import turn_score
from smallworld_tui.ui.screens.die_roll import DieScreen
from smallworld_tui.ui.screens.end import EndScreen
from smallworld_tui.ui.screens.pass_device import PassScreen
from smallworld_tui.ui.screens.seating import Seating

DIE_SECONDS = 4.0  # how long the die stays up on a terminal of one's own (SSH)


def narrator(view: PlayerView) -> Narrator:
    """Sentences of the game's events as ``view``'s viewer may read them."""
    return Narrator(view.names, view.map, view.viewer, view.finished)


class Handover:
    """The screens ``seating`` shows over the game ``screen``; ``switch(seat)`` turns the
    board to ``seat``'s view (once the pass screen before it is closed)."""

    def __init__(self, screen: Screen[Any], session: GameSession, seating: Seating,
                 viewer: int, switch: Callable[[int], None]) -> None:
        self.screen = screen
        self.session = session
        self.seating = seating
        self.switch = switch
        self.queue = ModalQueue(screen)
        self.next_viewer = viewer  # the viewer once the queued pass screens are done
        self._note: Text | None = None  # a score for the player the device passes from
        self._ending = False

    def greet(self, viewer: int) -> None:
        """A game continued at one terminal starts behind a pass screen."""
        if self.seating.pass_screens and viewer >= 0:
            self._pass(viewer)

    def moved(self, events: list[Event], view: PlayerView) -> None:
        """After a change seen from ``view`` (the board before it): the die, the scores and
        the pass screen to the player whose decision it is now, then the end."""
        for event in events:
            if event.kind == "die_rolled":
                self._die(event, view)
        self._scores(events, view)
        target = self.seating.seat(self.session)
        if target != self.next_viewer and target >= 0:
            if self.seating.pass_screens:
                self._pass(target)
            else:
                self.next_viewer = target
                self.switch(target)

    def end(self) -> None:
        """After the screens queued (the last die roll), the end screen replaces the game."""
        if not self._ending:
            self._ending = True
            self.queue.add(None, lambda _result: self._show_end())

    def _die(self, event: Event, view: PlayerView) -> None:
        """The big die for whoever rolled it (and for everyone at one terminal).  On a
        terminal of one's own it closes by itself after a while.  Those watching another
        terminal's roll, or a computer player's, read it in the log (in bold), which blocks
        no one: a notice would cost every watcher's terminal several layouts."""
        if self.seating.hotseat and event.seat not in self.session.record.bots:
            self.queue.add(DieScreen(event, narrator(view)))
        elif event.seat == view.viewer:
            self.queue.add(DieScreen(event, narrator(view), close_after=DIE_SECONDS))

    def _scores(self, events: list[Event], view: PlayerView) -> None:
        """Each score goes to its player, with its breakdown, before the device passes on:
        on the pass screen when they hold the device, else on a pass screen of its own (a
        defender held the device); as a notice on a terminal of one's own or when the board
        is not hidden between players."""
        for event in events:
            if event.kind != "scored" or event.seat in self.session.record.bots:
                continue  # a computer player's total stays hidden, like anyone's
            seat = event.seat
            note = turn_score(event, view.names[seat], self.session.view(seat).coins[seat])
            if not self.seating.hotseat:
                if seat == view.viewer:
                    self.screen.notify(note.plain, title=_("Your score"), timeout=12)
            elif not self.seating.pass_screens:
                self.screen.notify(note.plain, title=_("Score"), timeout=12)
            elif seat == self.next_viewer:
                self._note = note
            else:
                self._pass(seat, reason=_("{name} sees their score for the turn.").format(
                    name=view.names[seat]), after=note)

    def _pass(self, seat: int, reason: str = "", after: Text | None = None) -> None:
        view = self.session.view(-1)
        name = view.names[seat]
        if not reason:
            if view.phase == "defender":
                reason = _("{name} places the survivors of {attacker}'s attack.").format(
                    name=name, attacker=view.names[view.seat])
            else:
                reason = _("Round {round}: {name}'s turn.").format(round=view.round,
                                                                   name=name)
        before, self._note = self._note or "", None
        self.next_viewer = seat
        self.queue.add(PassScreen(name, reason, before=before, after=after or ""),
                       lambda _result: self.switch(seat))

    def _show_end(self) -> None:
        note, self._note = self._note, None
        app = self.screen.app
        app.switch_screen(EndScreen(self.session))
        if note is not None:
            app.notify(note.plain, title=_("Score"), timeout=12)
