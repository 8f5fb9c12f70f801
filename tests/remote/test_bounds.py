"""A connection's input gate, the places of connections not logged in yet and the input an App
is given, on their own (a clock of the test's, no network)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field

from textual import events
from textual.app import App

from remote.test_ssh import until
from smallworld_tui.ssh.bounds import Bounds, Input, InputGate
from smallworld_tui.ssh.driver import MAX_QUEUED, AppTerminal, SSHDriver
from smallworld_tui.ssh.pending import PendingLogins

BOUNDS = Bounds(keys_per_second=10, key_burst=5, flood_keys_per_second=30, flood_seconds=3,
                held_keys=4, coalesce_seconds=0.5, output_rate=1000, output_burst=2000)


@dataclass
class Timer:
    at: float
    call: Callable[[], None]
    cancelled: bool = False

    def cancel(self) -> None:
        self.cancelled = True


@dataclass
class Gate:
    """An ``InputGate`` on a clock of the test's, with what it delivered."""

    bounds: Bounds = BOUNDS
    now: float = 100.0
    delivered: list[Input] = field(default_factory=list)
    timers: list[Timer] = field(default_factory=list)
    floods: int = 0

    def __post_init__(self) -> None:
        self.gate = InputGate(self.bounds, self.delivered.append, self._flooded,
                              clock=lambda: self.now, schedule=self._schedule)

    def _flooded(self) -> None:
        self.floods += 1

    def _schedule(self, delay: float, call: Callable[[], None]) -> Timer:
        timer = Timer(self.now + delay, call)
        self.timers.append(timer)
        return timer

    def wait(self, seconds: float) -> None:
        """Let ``seconds`` pass, running the gate's timers as they come."""
        end = self.now + seconds
        while due := sorted((t for t in self.timers if not t.cancelled and t.at <= end),
                            key=lambda t: t.at):
            timer = due[0]
            timer.cancelled = True
            self.now = max(self.now, timer.at)
            timer.call()
        self.now = end

    def typed(self) -> bytes:
        return b"".join(d for d in self.delivered if isinstance(d, bytes))


def test_keys_beyond_the_burst_and_the_rate_are_dropped_whole() -> None:
    gate = Gate()
    gate.gate.take(b"ab\x1b[A\x1bOP\xc3\xa9" + b"z" * 10)  # 5 keys go: a, b, Up, F1, é
    assert gate.typed() == b"ab\x1b[A\x1bOP\xc3\xa9"
    gate.wait(0.5)  # 5 more keys' worth of time
    gate.gate.take(b"\x1b[B" * 8)
    assert gate.typed().endswith(b"\x1b[B" * 5) and gate.typed().count(b"\x1b[B") == 5
    assert gate.gate.dropped == 13 and gate.floods == 0


def test_a_connection_is_told_it_floods_after_seconds_of_keys_beyond_the_flood_rate() -> None:
    gate = Gate()
    for _second in range(3):  # 40 keys a second: more than 30
        for _ in range(4):
            gate.gate.take(b"x" * 10)
            gate.wait(0.25)
    gate.gate.take(b"x")  # the third second is over
    assert gate.floods == 1


def test_a_paste_or_a_key_held_down_is_no_flood() -> None:
    gate = Gate()
    gate.gate.take(b"y" * 300)  # a long paste, once
    for _ in range(10 * 25):  # then a key repeating 25 times a second for 10 s
        gate.wait(0.04)
        gate.gate.take(b"\x1b[C")
    assert gate.floods == 0
    assert gate.typed().count(b"\x1b[C") >= 95  # about the rate: 10 a second


def test_a_paste_is_always_closed_even_when_its_text_is_dropped() -> None:
    gate = Gate()
    gate.gate.take(b"\x1b[200~" + b"p" * 50 + b"\x1b[201~" + b"q")
    assert gate.typed() == b"\x1b[200~pppp\x1b[201~"  # the App is not left inside a paste


def test_new_sizes_and_pointer_moves_are_coalesced_and_the_last_arrives() -> None:
    gate = Gate()
    for width in range(80, 120):
        gate.gate.take((width, 30))
        gate.gate.take(b"\x1b[<35;%d;5M" % width)
        gate.wait(0.01)
    sizes = [d for d in gate.delivered if isinstance(d, tuple)]
    assert sizes == [(80, 30)]  # the first at once, the others wait
    gate.wait(1.0)
    sizes = [d for d in gate.delivered if isinstance(d, tuple)]
    assert sizes == [(80, 30), (119, 30)]  # then only the last
    assert gate.typed() == b"\x1b[<35;80;5M\x1b[<35;119;5M"


def test_a_click_keeps_its_place_after_the_pointers_last_move() -> None:
    gate = Gate()
    gate.gate.take(b"\x1b[<35;1;1M")
    gate.gate.take(b"\x1b[<35;7;3M\x1b[<0;7;3M\x1b[<0;7;3m")  # moved, then clicked
    assert gate.typed() == b"\x1b[<35;1;1M\x1b[<35;7;3M\x1b[<0;7;3M\x1b[<0;7;3m"


def test_input_waits_while_the_screen_was_sent_too_much_and_only_a_few_keys() -> None:
    gate = Gate()
    gate.gate.sent(2500)  # 500 bytes beyond the burst: half a second at 1000 bytes/s
    gate.gate.take(b"abcdef")
    gate.gate.take((90, 20))
    assert gate.delivered == []
    gate.wait(0.4)
    assert gate.delivered == []
    gate.wait(0.2)
    assert gate.delivered == [b"abcd", (90, 20)]  # four keys were kept, the others dropped


def test_nothing_goes_on_once_closed() -> None:
    gate = Gate()
    gate.gate.sent(3000)
    gate.gate.take(b"a")
    gate.gate.close()
    gate.wait(5)
    assert gate.delivered == []


def test_pending_logins_are_capped_per_address_and_a_newcomer_displaces_the_biggest() -> None:
    pending = PendingLogins(total=5, per_address=2)
    closed: list[str] = []
    places = {}
    for n, address in enumerate(["a", "a", "b", "b", "c"]):
        places[n] = pending.arrive(address, lambda n=n: closed.append(f"{n}"))
        assert places[n] is not None
    assert pending.arrive("a", lambda: closed.append("refused")) is None  # a has two
    assert pending.arrive("c", lambda: None) is None  # full, and no address has more than 2
    newcomer = pending.arrive("d", lambda: None)  # full: a's oldest makes room
    assert newcomer is not None and closed == ["0"] and pending.count == 5
    pending.settled(places[1])  # logged in: its place is free
    assert pending.arrive("e", lambda: None) is not None and closed == ["0"]


class Counting(App[None]):
    """An App on a remote terminal that counts the keys it is given."""

    def __init__(self, terminal: AppTerminal) -> None:
        super().__init__(driver_class=SSHDriver)
        self.terminal = terminal
        self.keys = 0

    def on_key(self, event: events.Key) -> None:
        self.keys += 1


async def test_an_app_is_given_no_more_input_than_it_can_hold_waiting() -> None:
    terminal = AppTerminal(lambda data: None, (80, 24))
    app = Counting(terminal)
    task = asyncio.create_task(app.run_async())
    await until(lambda: terminal.driver is not None, "the App reads its terminal")
    terminal.received(b"x" * 5000)  # in one read, faster than any App takes them
    assert app.message_queue_size <= MAX_QUEUED
    await asyncio.sleep(0.5)
    assert 0 < app.keys <= MAX_QUEUED
    terminal.received(b"y")  # and once it has taken them, it takes more
    await until(lambda: app.keys > 1 and app.message_queue_size == 0, "the next key")
    app.exit()
    await task
