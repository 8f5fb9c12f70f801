"""A Textual driver that talks to a remote terminal instead of the process's own.

Each remote player runs their own Textual ``App`` in a server process's event loop with this
driver: output goes to the player's terminal, input bytes from it go through Textual's own
escape sequence parser.  Four pitfalls are handled here: the parser's ``tick()`` must run
regularly or a lone Escape is held back and swallows the next key; clients may report absurd
terminal sizes (0×0 from piped clients), which are clamped; an App may try to deliver a
file (a screenshot), which would land on the server's disk: that is refused; and input that
comes faster than the App takes it would wait without end: past ``MAX_QUEUED`` messages
waiting for the App, it is dropped.
"""

from __future__ import annotations

import asyncio
import codecs
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, Literal, Protocol, TextIO

from textual import events
from textual.driver import Driver
from textual.geometry import Size
from textual.message import Message

from smallworld_tui.compat import xterm_parser

if TYPE_CHECKING:
    from textual.app import App

TICK_SECONDS = 0.05
DEFAULT_SIZE = (80, 24)
MIN_SIZE = (20, 5)
MAX_SIZE = (500, 200)
MAX_QUEUED = 64  # messages waiting for the App beyond which input is dropped

# what a terminal needs to be usable again after an App, however the App ended: leave the
# alternate screen, stop mouse and focus reports and bracketed paste, wrap lines, show the cursor
RESTORE = ("\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l\x1b[?1004l\x1b[?2004l\x1b[?7h"
           "\x1b[?1049l\x1b[?25h")


def clamp_size(width: int, height: int) -> tuple[int, int]:
    """A usable terminal size from what a client reported."""
    if width <= 0 or height <= 0:
        return DEFAULT_SIZE
    return (min(max(width, MIN_SIZE[0]), MAX_SIZE[0]),
            min(max(height, MIN_SIZE[1]), MAX_SIZE[1]))


class Terminal(Protocol):
    """What the driver needs from a connection: a size, a way out and a way in."""

    size: tuple[int, int]

    def write(self, data: str) -> None: ...

    def attach(self, driver: SSHDriver | None) -> None: ...


class AppTerminal:
    """A ``Terminal`` whose output goes to ``send`` and whose input is handed to it."""

    def __init__(self, send: Callable[[bytes], None], size: tuple[int, int]) -> None:
        self.send = send
        self.size = clamp_size(*size)
        self.driver: SSHDriver | None = None
        self._decode = codecs.getincrementaldecoder("utf-8")(errors="replace").decode

    def write(self, data: str) -> None:
        self.send(data.encode("utf-8"))

    def attach(self, driver: SSHDriver | None) -> None:
        self.driver = driver

    def received(self, raw: bytes) -> None:
        if self.driver is not None:
            self.driver.feed(self._decode(raw))

    def resized(self, width: int, height: int) -> None:
        self.size = clamp_size(width, height)
        if self.driver is not None:
            self.driver.resize(*self.size)


class SSHDriver(Driver):
    """Renders an App on ``app.terminal`` (a ``Terminal``), reading keys and mouse from it."""

    def __init__(self, app: App[Any], *, debug: bool = False, mouse: bool = True,
                 size: tuple[int, int] | None = None) -> None:
        terminal: Terminal = app.terminal  # type: ignore[attr-defined]
        # the App is laid out at the remote terminal's size from the start, rather than at
        # the server's own (then again at the right one)
        super().__init__(app, debug=debug, mouse=mouse, size=size or terminal.size)
        # kept here too: the base class keeps them under private names of Textual's
        self._hosted_app = app
        self._mouse_reports = mouse
        self._terminal = terminal
        self._parser = xterm_parser()
        self._ticker: asyncio.Task[None] | None = None

    @property
    def can_suspend(self) -> bool:
        return False

    def write(self, data: str) -> None:
        self._terminal.write(data)

    def flush(self) -> None:
        """Nothing to do: the terminal sends as it is written to."""

    def deliver_binary(self, binary: BinaryIO | TextIO, *, delivery_key: str,
                       save_path: Path, open_method: Literal["browser", "download"] = "download",
                       encoding: str | None = None, mime_type: str | None = None,
                       name: str | None = None) -> None:
        """Ignored: a remote player never writes a file on the server."""

    def start_application_mode(self) -> None:
        write = self.write
        write("\x1b[?1049h")  # alternate screen
        if self._mouse_reports:
            write("\x1b[?1000h\x1b[?1003h\x1b[?1015h\x1b[?1006h")
        write("\x1b[?25l")  # hide the cursor
        write("\x1b[?1004h")  # focus in/out
        write("\x1b[?2004h")  # bracketed paste
        write("\x1b[?7l")  # no line wrap
        self.resize(*self._terminal.size)
        self._terminal.attach(self)
        self._ticker = asyncio.get_running_loop().create_task(self._tick())

    def feed(self, text: str) -> None:
        """Input from the client: keys, mouse reports, pasted text, garbage."""
        for message in self._parser.feed(text):
            self._take(message)

    def _take(self, message: Message) -> None:
        if self._hosted_app.message_queue_size < MAX_QUEUED:
            self.process_message(message)

    def send_message(self, message: Message) -> None:
        """Straight into the App's queue: this driver runs in the App's own thread."""
        self._hosted_app.post_message(message)

    def resize(self, width: int, height: int) -> None:
        size = Size(*clamp_size(width, height))
        self.process_message(events.Resize(size, size))

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(TICK_SECONDS)
            for message in self._parser.tick():
                self._take(message)

    def disable_input(self) -> None:
        self._terminal.attach(None)
        if self._ticker is not None:
            self._ticker.cancel()
            self._ticker = None

    def stop_application_mode(self) -> None:
        self.disable_input()
        write = self.write
        if self._mouse_reports:
            write("\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l")
        write("\x1b[?2004l\x1b[?7h\x1b[?1004l")
        write("\x1b[?1049l")  # leave the alternate screen
        write("\x1b[?25h")  # show the cursor
