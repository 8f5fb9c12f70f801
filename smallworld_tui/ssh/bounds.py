"""What one connection may cost the server: its limits (``Bounds``) and the gate its input
passes on its way to the screen's host (``InputGate``).

A remote player's input becomes work in a process that runs other players' screens too: each
key is an event for a Textual App, each new terminal size a layout and a repaint of the whole
screen.  So every connection's input is bounded before it leaves the server:

- keys (and mouse clicks, pasted characters) go on at most ``keys_per_second``, after a
  burst of ``key_burst``; the others are dropped, and a connection that sends more than
  ``flood_keys_per_second`` keys in each second for ``flood_seconds`` seconds is closed;
- pointer moves and new terminal sizes are coalesced: only the latest goes on, at most once
  every ``coalesce_seconds``;
- while a connection's screen has been sent more than ``output_rate`` bytes a second lately
  (beyond ``output_burst``), its input waits: a screen's output is what its App's work
  makes, so a client whose keys make a lot of it (a help screen opened and closed again and
  again) is slowed down, not the other tables; at most ``held_keys`` keys wait, the others
  are dropped.

Output a client does not read is bounded by ``max_output``; logins that have not succeeded yet
by ``max_unauthenticated``, ``max_unauthenticated_per_address`` and ``login_seconds``
(``server``).
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Input = bytes | tuple[int, int]  # bytes typed, or the terminal's new size
Schedule = Callable[[float, Callable[[], None]], Any]


@dataclass(frozen=True)
class Bounds:
    """One connection's limits (``serve`` sets those a host may want to change)."""

    keys_per_second: float = 20.0  # faster than anyone types; a key held down goes slower
    key_burst: int = 80  # keys at once beyond the rate: a secret pasted, keys typed fast
    flood_keys_per_second: int = 60  # more than a key held down repeats (about 30)
    flood_seconds: int = 5
    held_keys: int = 8  # keys waiting while the screen's output is over its rate
    coalesce_seconds: float = 0.25  # new terminal sizes and pointer moves: the latest, so often
    output_rate: int = 64 * 1024  # bytes a second a screen is sent before its input waits
    output_burst: int = 1 << 20  # bytes beyond the rate (a whole screen at a large size)
    max_output: int = 2 << 20  # bytes waiting for a client that does not read: then cut off
    max_unauthenticated: int = 32  # connections not logged in yet, in all
    max_unauthenticated_per_address: int = 3
    login_seconds: float = 20.0  # to log in, from the first byte


# one key, mouse report or character of what a terminal sends
UNIT = re.compile(
    rb"\x1b\[<(?P<button>\d+);\d+;\d+[Mm]"  # an SGR mouse report
    rb"|\x1b\[[0-?]*[ -/]*[@-~]"  # a control sequence: arrows, function keys, paste marks
    rb"|\x1b(?:O.|[^\[O\x1b])?"  # F1-F4, a key with Alt, or Escape itself
    rb"|[\xc0-\xff][\x80-\xbf]*"  # a character in UTF-8
    rb"|.", re.DOTALL)
PASTE_START, PASTE_END = b"\x1b[200~", b"\x1b[201~"
MOTION, WHEEL = 32, 64  # bits of an SGR mouse report's button code


def is_pointer_move(unit: re.Match[bytes]) -> bool:
    """Whether a unit reports the pointer moving (no click, no wheel)."""
    button = unit.group("button")
    return button is not None and int(button) & (MOTION | WHEEL) == MOTION


@dataclass
class Bucket:
    """A token bucket: ``level`` grows by ``rate`` a second up to ``size``."""

    rate: float
    size: float
    level: float
    at: float

    def fill(self, now: float) -> float:
        self.level = min(self.size, self.level + (now - self.at) * self.rate)
        self.at = now
        return self.level


class InputGate:
    """One connection's input: ``take`` what the client sent, ``sent`` what its screen was
    sent; what passes goes to ``deliver``, now or later; ``flooded`` is called once if the
    connection keeps sending keys faster than its rate."""

    def __init__(self, bounds: Bounds, deliver: Callable[[Input], None],
                 flooded: Callable[[], None], *, clock: Callable[[], float] = time.monotonic,
                 schedule: Schedule | None = None) -> None:
        self.bounds = bounds
        self._deliver = deliver
        self._flooded = flooded
        self._clock = clock
        self._schedule = schedule
        now = clock()
        self._keys = Bucket(bounds.keys_per_second, bounds.key_burst, bounds.key_burst, now)
        self._output = Bucket(bounds.output_rate, bounds.output_burst, bounds.output_burst, now)
        self._second, self._keys_this_second = now, 0  # keys sent in the current second
        self._flood_run = 0  # seconds in a row of more than ``flood_keys_per_second``
        self._held = bytearray()
        self._held_keys = 0
        self._pointer: bytes | None = None
        self._size: tuple[int, int] | None = None
        self._moved = self._resized = float("-inf")  # when the last of each went on
        self._pasting = False
        self._timer: asyncio.TimerHandle | None = None
        self.dropped = 0
        self.flooding = False

    def take(self, got: Input) -> None:
        """What the client sent: bytes, or its terminal's new size."""
        if isinstance(got, tuple):
            self._size = got
        else:
            self._sort(got, self._clock())
        self._flush()

    def sent(self, size: int) -> None:
        """The client's screen was sent ``size`` bytes."""
        self._output.fill(self._clock())
        self._output.level -= size

    def close(self) -> None:
        """Nothing more goes on."""
        self._cancel()
        self._deliver = lambda _input: None

    def _sort(self, data: bytes, now: float) -> None:
        self._count_flood(now)
        waiting = self._output.fill(now) <= 0  # the keys kept now will wait
        for unit in UNIT.finditer(data):
            key = unit.group()
            if is_pointer_move(unit):
                self._pointer = key  # only the latest matters
            elif key == PASTE_END and self._pasting:  # never dropped: the App would wait
                self._pasting = False  # for it, taking every later key for the paste
                self._hold(key, always=True)
            else:
                self._keys_this_second += 1
                if self._keys.fill(now) >= 1:
                    self._keys.level -= 1
                    self._pasting = self._pasting or key == PASTE_START
                    self._hold(key, always=not waiting)
                else:
                    self.dropped += 1

    def _count_flood(self, now: float) -> None:
        """Close the seconds past; past ``flood_seconds`` of flood in a row, say so."""
        while now - self._second >= 1:
            if self._keys_this_second > self.bounds.flood_keys_per_second:
                self._flood_run += 1
            else:
                self._flood_run = 0
            self._second += 1
            self._keys_this_second = 0
            if self._flood_run >= self.bounds.flood_seconds and not self.flooding:
                self.flooding = True
                self._flooded()
            if now - self._second >= 1 and not self._flood_run:
                self._second = now  # a quiet stretch: no need to count its seconds one by one

    def _hold(self, key: bytes, always: bool = False) -> None:
        if self._pointer is not None:  # the pointer's last move goes before the key
            self._held += self._pointer
            self._pointer = None
        if self._held_keys < self.bounds.held_keys or always:
            self._held += key
            self._held_keys += 1

    def _flush(self) -> None:
        """Pass on what may go now; come back for the rest when it may."""
        self._cancel()
        now = self._clock()
        level = self._output.fill(now)
        if level <= 0:
            if self._held or self._pointer is not None or self._size is not None:
                self._later(-level / self.bounds.output_rate)
            return
        if self._held:
            held = bytes(self._held)
            self._held.clear()
            self._held_keys = 0
            self._deliver(held)
        gap = self.bounds.coalesce_seconds
        if self._pointer is not None and now - self._moved >= gap:
            pointer, self._pointer, self._moved = self._pointer, None, now
            self._deliver(pointer)
        if self._size is not None and now - self._resized >= gap:
            size, self._size, self._resized = self._size, None, now
            self._deliver(size)
        waits = [since + gap - now for pending, since in ((self._pointer, self._moved),
                                                          (self._size, self._resized))
                 if pending is not None]
        if waits:
            self._later(min(waits))

    def _later(self, delay: float) -> None:
        schedule = self._schedule or asyncio.get_running_loop().call_later
        self._timer = schedule(max(delay, 0.001), self._flush)

    def _cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
