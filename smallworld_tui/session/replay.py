"""A recorded game watched again: the position after any number of its actions, as any seat
or a spectator sees it, and what the log said up to there.

It reads a record and changes nothing: the record is replayed once when it is opened (a bad
record is refused then, with the action at fault), keeping a copy of the state every
``SNAPSHOT_EVERY`` actions and every action's events.  Going to an action starts from the
nearest copy at or before it (``clone`` is cheap) and applies at most ``SNAPSHOT_EVERY - 1``
actions: going back is as quick as going forward.  The views it gives hold no legal action:
nobody decides anything in a game watched again.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import replace

from smallworld_tui.engine import Event, PlayerView, Record, apply, view

SNAPSHOT_EVERY = 16  # actions between two kept copies of the state


class Replay:
    """A record and a position in it (``position``: how many of its actions are played)."""

    def __init__(self, record: Record, source: str = "<record>",
                 every: int = SNAPSHOT_EVERY) -> None:
        """Replay ``record`` once; ``RecordError`` (``source``, the action, the reason) if it
        cannot be replayed."""
        record.replay(source)  # checks the whole record: a bad one is refused here
        self.record = record
        self.source = source
        self.actions = list(record.actions)
        self._every = every
        state = record.new_state()
        self._snapshots = [state.clone()]
        self._events: list[Event] = []
        self._said = [0]  # events said after n actions
        self._turn_starts = [0]  # positions where a turn starts
        self._round_starts = [0]  # positions where a round starts
        for n, action in enumerate(self.actions, start=1):
            turn, round_ = state.turn_number, state.round
            self._events += apply(state, action)
            self._said.append(len(self._events))
            if state.turn_number != turn:
                self._turn_starts.append(n)
            if state.round != round_:
                self._round_starts.append(n)
            if n % every == 0:
                self._snapshots.append(state.clone())
        self.position = 0
        self.state = self._snapshots[0].clone()

    def __len__(self) -> int:
        """How many actions the record holds."""
        return len(self.actions)

    @property
    def game(self) -> str:
        return self.record.game

    def go(self, position: int) -> None:
        """Go to the position after ``position`` actions (kept within the record)."""
        position = max(0, min(position, len(self)))
        if position == self.position:
            return
        if not self.position < position < self.position + self._every:
            # from the kept copy at or before it, unless moving on a little from here
            self.state = self._snapshots[position // self._every].clone()
            self.position = position // self._every * self._every
        for action in self.actions[self.position:position]:
            apply(self.state, action)
        self.position = position

    def turn(self, step: int) -> int:
        """The position where the next turn starts (``step`` 1; the end after the last), or
        where this one started (``step`` -1; the one before when at its start)."""
        return self._jump(self._turn_starts, step)

    def round(self, step: int) -> int:
        """As ``turn``, by rounds."""
        return self._jump(self._round_starts, step)

    def _jump(self, starts: list[int], step: int) -> int:
        if step > 0:
            later = bisect_right(starts, self.position)
            return starts[later] if later < len(starts) else len(self)
        earlier = bisect_left(starts, self.position) - 1
        return starts[earlier] if earlier >= 0 else 0

    def view(self, viewer: int) -> PlayerView:
        """The position as ``viewer`` (a seat, or ``SPECTATOR``) saw it, with no decision to
        take: no legal action, nothing to show or hide, no price."""
        return replace(view(self.state, viewer), legal=[], anytime=[], prices={})

    @property
    def log(self) -> list[Event]:
        """The events of the actions played so far."""
        return self._events[:self._said[self.position]]

    @property
    def last_events(self) -> list[Event]:
        """The events of the last action played (none at the start)."""
        if not self.position:
            return []
        return self._events[self._said[self.position - 1]:self._said[self.position]]
