"""Every use of a library's private API, in one place, each with a test (tests/test_compat.py).

When a library changes one of these, its test fails and this module is the only one to fix;
code elsewhere never reaches into a ``_private`` name of Textual, asyncssh or textual-serve.
"""

from __future__ import annotations

import contextlib
import functools
import unicodedata
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from textual.binding import BindingsMap
from textual.dom import DOMNode
from textual.geometry import Size
from textual.widget import Widget

if TYPE_CHECKING:
    from asyncssh import SSHServerProcess
    from textual.app import App
    from textual.driver import Driver
    from textual.notifications import Notification

# --- Textual ----------------------------------------------------------------------------------

PARSED_CSS_KEPT = 256  # stylesheet sources whose parsed rules a process keeps


def node_bindings(node: DOMNode) -> BindingsMap:
    """The key bindings a screen, widget or app was built with (Textual keeps them in
    ``_bindings``; replacing its ``key_to_bindings`` changes what the footer and help show)."""
    bindings: BindingsMap = node._bindings
    return bindings


def xterm_parser() -> Any:
    """Textual's own parser of terminal input (keys, mouse reports, pastes) for a custom
    driver: ``feed(text)`` and ``tick()`` yield Textual events."""
    from textual._xterm_parser import XTermParser

    return XTermParser(False)


def keep_process_stdio() -> None:
    """Several Apps share this process: stop each from redirecting the process-wide stdout
    and stderr while it runs (they would restore each other's streams out of order)."""
    import textual.app

    module: Any = textual.app
    module.redirect_stdout = contextlib.nullcontext
    module.redirect_stderr = contextlib.nullcontext


def dismiss_only_the_top_screen() -> None:
    """``Screen.dismiss`` pops whatever screen is on top, so a screen that gets two
    dismissing events in one read (two Enters pasted into the command palette) also pops
    the screen below it.  Make a second dismissal of a screen no longer on top do nothing."""
    from textual.await_complete import AwaitComplete
    from textual.screen import Screen

    dismiss = Screen.dismiss
    if getattr(dismiss, "_top_only", False):
        return

    def top_only(self: Screen[Any], result: Any = None) -> AwaitComplete:
        if self.is_attached and self.app.screen is not self:
            nothing: AwaitComplete = AwaitComplete.nothing()  # type: ignore[no-untyped-call]
            return nothing
        return dismiss(self, result)

    top_only._top_only = True  # type: ignore[attr-defined]
    Screen.dismiss = top_only  # type: ignore[method-assign]


def palette_search_outliving_the_palette() -> None:
    """Textual's command palette searches in a worker; when Enter or Escape closes the palette
    while a search runs (pasted text), the search ends by updating a list the palette no
    longer has, and that failure ends the App.  A closed palette's search now just stops."""
    from textual import work
    from textual.command import CommandList, CommandPalette
    from textual.css.query import NoMatches

    palette: Any = CommandPalette
    if getattr(palette, "_search_may_outlive_it", False):
        return
    search = palette._gather_commands.__wrapped__
    list_visible = palette._watch__list_visible
    show_busy = palette._watch__show_busy

    @work(exclusive=True, group=palette._GATHER_COMMANDS_GROUP)
    async def gather_while_open(self: CommandPalette, search_value: str) -> None:
        try:
            await search(self, search_value)
        except NoMatches:
            if self.is_attached and self.app.screen is self:
                raise

    def list_visible_while_open(self: CommandPalette) -> None:
        if self.query(CommandList):
            list_visible(self)

    async def show_busy_while_open(self: CommandPalette) -> None:
        if self.query(CommandList):
            await show_busy(self)

    palette._gather_commands = gather_while_open
    palette._watch__list_visible = list_visible_while_open
    palette._watch__show_busy = show_busy_while_open
    palette._search_may_outlive_it = True


def share_parsed_css() -> None:
    """Every App parses its stylesheet (its CSS and each widget's default CSS) as it starts,
    and again when its theme is set: a server that starts an App per connection parsed the
    same text over and over.  Keep the parsed rules in one cache for the process, keyed by
    the text and the theme variables they were parsed with (parsed rules are never changed:
    Textual already reuses them within an App)."""
    from textual.cache import LRUCache
    from textual.css.model import RuleSet
    from textual.css.stylesheet import Stylesheet

    sheet: Any = Stylesheet
    if getattr(sheet._parse_rules, "_shared", False):
        return
    parse_rules = sheet._parse_rules
    shared: LRUCache[tuple[Any, ...], list[RuleSet]] = LRUCache(PARSED_CSS_KEPT)

    def parse_shared(self: Any, css: str, read_from: Any, is_default_rules: bool = False,
                     tie_breaker: int = 0, scope: str = "") -> list[RuleSet]:
        variables = self._variables
        known = getattr(self, "_shared_variables", None)
        if known is None or known[0] is not variables:
            known = self._shared_variables = (variables, tuple(sorted(variables.items())))
        key = (css, read_from, is_default_rules, tie_breaker, scope, known[1])
        rules = shared.get(key)
        if rules is None:
            rules = parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)
            shared[key] = rules
        return rules

    parse_shared._shared = True  # type: ignore[attr-defined]
    sheet._parse_rules = parse_shared


W = TypeVar("W", bound=Widget)


def while_open(handler: Callable[[W], None]) -> Callable[[W], None]:
    """Run a screen's or widget's ``on_mount`` (or other handler reaching for its children)
    only while it is open: attached, not closing.

    Textual sends Mount even to a node whose children never mounted because it began closing
    first (the screen popped in the tick it was pushed: a terminal shrunk and grown again at
    once) or the app did (a player quitting, an SSH client dropping), so a handler reaching
    for a child would fail with ``NoMatches``."""

    @functools.wraps(handler)
    def unless_closing(node: W) -> None:
        if node.is_attached and not (node._closing or node._pruning):
            handler(node)

    return unless_closing


def notifications(app: App[Any]) -> list[Notification]:
    """The notices an App shows now (oldest first), for tests and benchmarks."""
    return list(app._notifications)


def app_driver(app: App[Any]) -> Driver:
    """The driver of a running App (to send it input as a terminal would)."""
    driver = app._driver
    assert driver is not None, "the app is not running"
    return driver


def watch_frames(app: App[Any], callback: Callable[[Any, Any], None]) -> None:
    """Call ``callback(screen, update)`` after each update the App sends to its terminal
    (``App._display``), for benchmarks timing repaints."""
    display: Callable[[Any, Any], None] = app._display

    def timed(screen: Any, renderable: Any) -> None:
        display(screen, renderable)
        callback(screen, renderable)

    setattr(app, "_display", timed)  # noqa: B010


def set_scroll_canvas(widget: Widget, size: Size) -> None:
    """Give a scrolling widget a new virtual size without laying the whole screen out again
    (setting ``virtual_size`` does, at every line a log gains): only its scrollbars are
    updated, and a layout follows only when a scrollbar appears or goes."""
    widget.set_reactive(Widget.virtual_size, size)
    widget._scroll_update(size)


# --- asyncssh ---------------------------------------------------------------------------------


def accept_any_printable_ssh_user_name() -> None:
    """asyncssh refuses, before any of our code runs, a user name with a character that
    Unicode 3.2 did not assign (every emoji): the client only sees "Unassigned character".
    Let such names through (normalised like the rest, NFKC) so that the game can accept them or
    say clearly why not."""
    import asyncssh.connection
    from asyncssh.saslprep import SASLPrepError, saslprep

    module: Any = asyncssh.connection
    if module.saslprep is not saslprep:
        return

    def lenient(name: str) -> str:
        try:
            return saslprep(name)
        except SASLPrepError:
            normal = unicodedata.normalize("NFKC", name)
            if normal.isprintable():
                return normal
            raise

    module.saslprep = lenient


def ssh_unsent_bytes(process: SSHServerProcess[bytes]) -> int:
    """Bytes written to an SSH session that its client has not taken yet: those past the
    client's window, in the channel, and those in the connection's transport (asyncssh does
    not stop writing when the transport asks it to, so a client that stops reading its TCP
    connection, having announced a large window, leaves them there)."""
    channel = process.channel
    transport = channel.get_connection()._transport
    waiting = transport.get_write_buffer_size() if transport is not None else 0
    return channel.get_write_buffer_size() + waiting


# --- textual-serve ----------------------------------------------------------------------------


def browser_terminal_assets() -> Path:
    """The folder of textual-serve's browser terminal: ``js/textual.js`` (xterm.js and the
    socket protocol), ``css/xterm.css`` and its fonts."""
    import textual_serve

    return Path(textual_serve.__file__).with_name("static")


# --- confusable-homoglyphs --------------------------------------------------------------------

LEFT_TO_RIGHT_MARK = "\u200e"


def confusable_pairs() -> Iterator[tuple[str, str]]:
    """Each pair of strings that Unicode's table of confusables (TR39's confusables.txt)
    holds to look alike, both ways, as confusable-homoglyphs keeps them: its loaded data file,
    ``confusables.confusables_data`` (it has no public API for the pairs themselves), with the
    left-to-right marks it writes around right-to-left characters taken out."""
    from confusable_homoglyphs import confusables

    data: dict[str, list[dict[str, str]]] = confusables.confusables_data
    for text, alikes in data.items():
        for alike in alikes:
            yield (text.replace(LEFT_TO_RIGHT_MARK, ""),
                   alike["c"].replace(LEFT_TO_RIGHT_MARK, ""))
