"""A terminal relay: a Textual app that joins the SSH game server and shows its terminal.

``serve --web`` has textual-serve run this app once per browser tab.  It logs in over SSH like
any player (user name = seat name), feeds what the server draws into a ``pyte`` screen and
renders that screen, and turns its own keys and mouse back into terminal input for the server.
"""

from __future__ import annotations

import contextlib
from functools import lru_cache

import asyncssh
import pyte
from rich.segment import Segment
from rich.style import Style
from textual import events, on
from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.geometry import Region
from textual.message import Message
from textual.screen import Screen
from textual.strip import Strip
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Static

from smallworld_tui.i18n import _
from smallworld_tui.ssh.server import MAX_NAME

TERM_TYPE = "xterm-256color"
REFRESH_SECONDS = 1 / 30  # repaint at most ~30 times a second, however fast output comes
CONNECT_SECONDS = 10

# what a terminal sends for Textual's key names (printable characters and ctrl+letter aside)
KEYS = {
    "enter": "\r", "tab": "\t", "shift+tab": "\x1b[Z", "escape": "\x1b", "backspace": "\x7f",
    "up": "\x1b[A", "down": "\x1b[B", "right": "\x1b[C", "left": "\x1b[D",
    "home": "\x1b[H", "end": "\x1b[F", "insert": "\x1b[2~", "delete": "\x1b[3~",
    "pageup": "\x1b[5~", "pagedown": "\x1b[6~",
    "f1": "\x1bOP", "f2": "\x1bOQ", "f3": "\x1bOR", "f4": "\x1bOS", "f5": "\x1b[15~",
    "f6": "\x1b[17~", "f7": "\x1b[18~", "f8": "\x1b[19~", "f9": "\x1b[20~", "f10": "\x1b[21~",
    "f11": "\x1b[23~", "f12": "\x1b[24~",
}

# pyte's colour names that rich spells differently ("bfightmagenta" is pyte's own typo)
COLOR_NAMES = {"brown": "yellow", "brightbrown": "bright_yellow",
               "bfightmagenta": "bright_magenta"}


def key_sequence(key: str, character: str | None) -> str | None:
    """The input a terminal sends for a Textual key; None if it has none."""
    if key in KEYS:
        return KEYS[key]
    letter = key.removeprefix("ctrl+")
    if letter != key and len(letter) == 1 and "a" <= letter.lower() <= "z":
        return chr(ord(letter.lower()) - ord("a") + 1)
    if character is not None and character.isprintable():
        return character
    return None


def mouse_report(event: events.MouseEvent) -> str | None:
    """The SGR mouse report (1-based cells) of a press, release, move or wheel turn."""
    final = "M"
    if isinstance(event, events.MouseScrollUp):
        code = 64
    elif isinstance(event, events.MouseScrollDown):
        code = 65
    elif isinstance(event, events.MouseDown):
        code = max(event.button - 1, 0)
    elif isinstance(event, events.MouseUp):
        code, final = max(event.button - 1, 0), "m"
    elif isinstance(event, events.MouseMove):
        code = 32 + (event.button - 1 if event.button else 3)
    else:
        return None
    code += 4 * event.shift + 8 * event.meta + 16 * event.ctrl
    return f"\x1b[<{code};{event.x + 1};{event.y + 1}{final}"


def _color(name: str) -> str | None:
    if name == "default":
        return None
    if len(name) == 6 and all(c in "0123456789abcdefABCDEF" for c in name):
        return f"#{name}"
    name = COLOR_NAMES.get(name, name)
    return f"bright_{name[6:]}" if name.startswith("bright") and "_" not in name else name


@lru_cache(maxsize=4096)
def cell_style(fg: str, bg: str, bold: bool, italics: bool, underscore: bool,
               strikethrough: bool, reverse: bool) -> Style:
    """The rich style of a pyte character's attributes."""
    return Style(color=_color(fg), bgcolor=_color(bg), bold=bold, italic=italics,
                 underline=underscore, strike=strikethrough, reverse=reverse)


def row_segments(row: dict[int, pyte.screens.Char], columns: int) -> list[Segment]:
    """One pyte screen row as segments, runs of equal attributes joined."""
    segments: list[Segment] = []
    text: list[str] = []
    attrs: tuple[str, str, bool, bool, bool, bool, bool] | None = None
    for x in range(columns):
        char = row[x]
        if not char.data:  # the right half of a wide character
            continue
        here = (char.fg, char.bg, char.bold, char.italics, char.underscore, char.strikethrough,
                char.reverse)
        if here != attrs and attrs is not None:
            segments.append(Segment("".join(text), cell_style(*attrs)))
            text = []
        attrs = here
        text.append(char.data)
    if attrs is not None:
        segments.append(Segment("".join(text), cell_style(*attrs)))
    return segments


class RemoteTerminal(Widget, can_focus=True):
    """Shows the terminal of an SSH process and sends it this widget's keys, pastes and mouse."""

    DEFAULT_CSS = "RemoteTerminal { width: 1fr; height: 1fr; }"
    ALLOW_SELECT = False

    class Closed(Message):
        """The session ended: the server ended it, or the connection was ``lost``."""

        def __init__(self, lost: bool) -> None:
            super().__init__()
            self.lost = lost

    def __init__(self, process: asyncssh.SSHClientProcess[bytes], size: tuple[int, int]) -> None:
        super().__init__()
        self.process = process
        self.term = pyte.Screen(*size)
        self._stream = pyte.ByteStream(self.term)
        self._repaint: Timer | None = None

    def on_mount(self) -> None:
        self.run_worker(self._pump())

    async def _pump(self) -> None:
        try:
            while data := await self.process.stdout.read(65536):
                self._stream.feed(data)
                if self._repaint is None:
                    self._repaint = self.set_timer(REFRESH_SECONDS, self._repaint_dirty)
        except (OSError, asyncssh.Error):
            self.post_message(self.Closed(lost=True))
            return
        self.post_message(self.Closed(lost=self.process.exit_status is None))

    def _repaint_dirty(self) -> None:
        self._repaint = None
        width = self.size.width
        if self.term.dirty:
            self.refresh(*(Region(0, y, width, 1) for y in self.term.dirty))
            self.term.dirty.clear()

    def render_line(self, y: int) -> Strip:
        base = self.rich_style
        width = self.size.width
        if y >= self.term.lines:
            return Strip.blank(width, base)
        strip = Strip(row_segments(self.term.buffer[y], self.term.columns))
        return strip.apply_style(base).crop_extend(0, width, base)

    def on_resize(self, event: events.Resize) -> None:
        width, height = max(event.size.width, 1), max(event.size.height, 1)
        if (width, height) != (self.term.columns, self.term.lines):
            self.term.resize(lines=height, columns=width)
            with contextlib.suppress(OSError, asyncssh.Error):
                self.process.change_terminal_size(width, height)

    def send(self, data: str) -> None:
        with contextlib.suppress(OSError, asyncssh.Error):
            self.process.stdin.write(data.encode())

    def on_key(self, event: events.Key) -> None:
        data = key_sequence(event.key, event.character)
        if data is not None:
            event.stop()
            event.prevent_default()
            self.send(data)

    def on_paste(self, event: events.Paste) -> None:
        event.stop()
        self.send(f"\x1b[200~{event.text}\x1b[201~")

    @on(events.MouseDown)
    @on(events.MouseUp)
    @on(events.MouseMove)
    @on(events.MouseScrollUp)
    @on(events.MouseScrollDown)
    def _mouse(self, event: events.MouseEvent) -> None:
        event.stop()
        report = mouse_report(event)
        if report is not None:
            self.send(report)


class JoinScreen(Screen[None]):
    """Your name (and the server's password unless it was given): then the game."""

    DEFAULT_CSS = """
    JoinScreen { align: center middle; }
    #join { width: 52; height: auto; border: round $accent; padding: 1 2; }
    #join Input, #join Button { margin-top: 1; }
    #message { margin-top: 1; color: $warning; }
    """

    def __init__(self, password: str | None) -> None:
        super().__init__()
        self.password = password

    def compose(self) -> ComposeResult:
        with Vertical(id="join"):
            yield Label(_("Join the Small World game"))
            yield Input(placeholder=_("Your name"), max_length=MAX_NAME, id="name")
            yield Input(placeholder=_("Password"), password=True, id="password")
            yield Button(_("Join"), variant="primary", id="join-button")
            yield Static(id="message", markup=False)

    def on_mount(self) -> None:
        if self.password is not None:
            password = self.query_one("#password", Input)
            password.value = self.password
            password.display = False
        self.query_one("#name", Input).focus()

    @on(Input.Submitted)
    @on(Button.Pressed)
    def _submit(self) -> None:
        name = self.query_one("#name", Input).value.strip()
        password = self.query_one("#password", Input)
        if not name:
            self.show(_("Type your name."))
        elif not password.value:
            password.focus()
        else:
            self.show(_("Connecting…"))
            app = self.app
            assert isinstance(app, RelayApp)
            app.join(name, password.value)

    def show(self, message: str) -> None:
        self.query_one("#message", Static).update(message)


class TerminalScreen(Screen[None]):
    """The server's terminal, full screen; closes the connection when it goes."""

    def __init__(self, conn: asyncssh.SSHClientConnection,
                 process: asyncssh.SSHClientProcess[bytes], size: tuple[int, int]) -> None:
        super().__init__()
        self.conn = conn
        self.process = process
        self.term_size = size

    def compose(self) -> ComposeResult:
        yield RemoteTerminal(self.process, self.term_size)

    def on_mount(self) -> None:
        self.query_one(RemoteTerminal).focus()

    def on_unmount(self) -> None:
        self.conn.close()


class RelayApp(App[None]):
    """Joins the game server at ``host:port`` over SSH and shows it: what browsers run."""

    TITLE = "Small World"
    ENABLE_COMMAND_PALETTE = False  # ctrl+p is for the game's own palette

    def __init__(self, port: int, host: str = "127.0.0.1", password: str | None = None) -> None:
        super().__init__()
        self.host = host
        self.port = port
        self.form = JoinScreen(password)

    def get_default_screen(self) -> Screen[None]:
        return self.form

    def join(self, name: str, password: str) -> None:
        """Log in as ``name`` and show the game (or say on the form why not)."""
        self.run_worker(self._join(name, password), exclusive=True)

    async def _join(self, name: str, password: str) -> None:
        try:
            conn = await asyncssh.connect(
                self.host, self.port, username=name, password=password, known_hosts=None,
                preferred_auth="password", config=[], connect_timeout=CONNECT_SECONDS)
        except asyncssh.PermissionDenied:
            self.form.show(_("Wrong password."))
            return
        except (OSError, asyncssh.Error) as exc:
            self.form.show(_("Cannot reach the game server at {address}: {error}").format(
                address=f"{self.host}:{self.port}", error=exc))
            return
        size = (self.size.width, self.size.height)
        try:
            process = await conn.create_process(term_type=TERM_TYPE, term_size=size,
                                                encoding=None)
        except (OSError, asyncssh.Error):
            conn.close()
            self.form.show(_("The connection to the game was lost."))
            return
        self.form.show("")
        await self.push_screen(TerminalScreen(conn, process, size))

    def on_remote_terminal_closed(self, message: RemoteTerminal.Closed) -> None:
        if not message.lost:
            self.exit()
            return
        self.pop_screen()
        self.form.show(_("The connection to the game was lost."))
