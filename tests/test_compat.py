"""Each private library API the project uses (smallworld_tui/compat.py) still works."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sys
import time
from typing import Any, ClassVar

import asyncssh
import pytest
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.command import CommandList, CommandPalette, Hit, Hits, Provider
from textual.geometry import Size
from textual.screen import ModalScreen, Screen
from textual.scroll_view import ScrollView
from textual.widgets import Static

from smallworld_tui import compat
from smallworld_tui.ssh.web import ASSETS


def test_the_xterm_parser_turns_input_into_key_events() -> None:
    parser = compat.xterm_parser()
    keys = [e.key for e in parser.feed("a\x1b[A\r") if isinstance(e, events.Key)]
    keys += [e.key for e in parser.feed("\x1b") if isinstance(e, events.Key)]
    time.sleep(0.2)  # a lone Escape comes out once nothing followed it for a while
    keys += [e.key for e in parser.tick() if isinstance(e, events.Key)]
    assert keys == ["a", "up", "enter", "escape"]


def test_apps_stop_redirecting_the_process_streams() -> None:
    import textual.app

    compat.keep_process_stdio()
    assert textual.app.redirect_stdout is contextlib.nullcontext  # type: ignore[attr-defined]
    assert textual.app.redirect_stderr is contextlib.nullcontext  # type: ignore[attr-defined]


class Modal(ModalScreen[None]):
    def compose(self) -> ComposeResult:
        yield Static("modal")


class Base(Screen[None]):
    def compose(self) -> ComposeResult:
        yield Static("base")


async def test_a_screen_dismissed_twice_leaves_the_screen_below() -> None:
    compat.dismiss_only_the_top_screen()
    compat.dismiss_only_the_top_screen()  # idempotent
    app: App[None] = App()
    async with app.run_test() as pilot:
        base = Base()
        await app.push_screen(base)
        modal = Modal()
        await app.push_screen(modal)
        modal.dismiss()
        modal.dismiss()  # two Enters in one read
        await pilot.pause()
        assert app.screen is base


class Titled(Screen[None]):
    mounted: ClassVar[list[str]] = []

    def compose(self) -> ComposeResult:
        yield Static(id="text")

    @compat.while_open
    def on_mount(self) -> None:
        self.query_one("#text", Static).border_title = "titled"
        self.mounted.append("titled")


@pytest.mark.parametrize("closing", ["quit", "pop", None])
async def test_a_mount_handler_runs_only_while_its_screen_is_open(closing: str | None) -> None:
    Titled.mounted.clear()
    app: App[None] = App()
    async with app.run_test() as pilot:
        app.push_screen(Titled())  # Textual mounts it, children or not, in a later tick
        if closing == "quit":
            app.exit()
        elif closing == "pop":
            app.pop_screen()
        await pilot.pause()
    # (had the handler reached for its missing child, run_test would raise NoMatches)
    assert Titled.mounted == ([] if closing else ["titled"])


class SlowProvider(Provider):
    async def search(self, query: str) -> Hits:
        await asyncio.sleep(0.3)
        yield Hit(1, "found", lambda: None)


class PaletteApp(App[None]):
    COMMANDS: ClassVar = {SlowProvider}


async def test_a_search_outlives_its_closed_palette_without_ending_the_app() -> None:
    compat.palette_search_outliving_the_palette()
    app = PaletteApp()
    async with app.run_test() as pilot:
        app.action_command_palette()
        await pilot.pause()
        palette = app.screen
        assert isinstance(palette, CommandPalette)
        await pilot.press("f")  # a search starts...
        # ...and, before it ends, the palette leaves the top and loses its list: what closing
        # it does, the moment the search ends in the middle of that
        await app.push_screen(Base())
        await palette.query_one(CommandList).remove()
        await pilot.pause(0.6)
        assert app.is_running and app.return_code is None


class Tiny(App[None]):
    BINDINGS = [Binding("x", "bell", "Ring")]  # noqa: RUF012


def test_node_bindings_are_the_ones_the_footer_reads() -> None:
    app = Tiny()
    bindings = compat.node_bindings(app)
    assert [b.description for b in bindings.key_to_bindings["x"]] == ["Ring"]


async def test_notifications_driver_and_frames_of_a_running_app() -> None:
    app = Tiny()
    frames: list[Any] = []
    compat.watch_frames(app, lambda screen, update: frames.append(update))
    async with app.run_test() as pilot:
        app.notify("hello")
        await pilot.pause()
        assert [n.message for n in compat.notifications(app)] == ["hello"]
        assert compat.app_driver(app) is not None
        await pilot.pause()
    assert frames


class Canvas(App[None]):
    CSS = "ScrollView { height: 5; overflow-y: scroll; }"

    def compose(self) -> ComposeResult:
        yield ScrollView()


async def test_a_scroll_canvas_grows_without_a_layout() -> None:
    app = Canvas()
    async with app.run_test(size=(20, 10)) as pilot:
        await pilot.pause()
        view = app.query_one(ScrollView)
        compat.set_scroll_canvas(view, Size(10, 50))
        assert not view._layout_required
        assert view.virtual_size == Size(10, 50)
        assert view.vertical_scrollbar.window_virtual_size == 50
        view.scroll_end(animate=False, immediate=True)
        assert view.scroll_y == view.max_scroll_y == 45


def test_ssh_user_names_may_hold_any_printable_character() -> None:
    import asyncssh.connection
    from asyncssh.saslprep import SASLPrepError

    compat.accept_any_printable_ssh_user_name()
    prep = asyncssh.connection.saslprep  # type: ignore[attr-defined]
    assert prep("😀 Eli") == "😀 Eli" and prep("Amy") == "Amy"
    with pytest.raises(SASLPrepError):
        prep("Amy\x00")


class OpenDoor(asyncssh.SSHServer):
    def begin_auth(self, username: str) -> bool:
        return False  # no login needed


STOPPED_CLIENT = """
import asyncio, sys, asyncssh
async def main():
    conn = await asyncssh.connect("127.0.0.1", int(sys.argv[1]), known_hosts=None,
                                  agent_path=None, config=[], window=1 << 30)
    await conn.create_process(term_type="xterm", encoding=None)
    print("ready", flush=True)
    await asyncio.sleep(60)
asyncio.run(main())
"""


async def test_ssh_output_a_client_does_not_take_is_counted_wherever_it_waits() -> None:
    """A client that announced a large window, then stopped reading: what the server writes
    waits in the connection's transport, not in the channel."""
    sessions: asyncio.Queue[asyncssh.SSHServerProcess[bytes]] = asyncio.Queue()

    async def session(process: asyncssh.SSHServerProcess[bytes]) -> None:
        await sessions.put(process)
        await process.wait_closed()

    server = await asyncssh.create_server(
        OpenDoor, "127.0.0.1", 0, server_host_keys=[asyncssh.generate_private_key(
            "ssh-ed25519")], process_factory=session, encoding=None)
    client = await asyncio.create_subprocess_exec(
        sys.executable, "-c", STOPPED_CLIENT, str(server.sockets[0].getsockname()[1]),
        stdout=asyncio.subprocess.PIPE)
    try:
        assert client.stdout is not None
        assert await asyncio.wait_for(client.stdout.readline(), 30) == b"ready\n"
        process = await asyncio.wait_for(sessions.get(), 10)
        client.send_signal(signal.SIGSTOP)
        assert compat.ssh_unsent_bytes(process) == 0
        process.stdout.write(b"x" * (24 << 20))  # more than the kernel's buffers hold
        await asyncio.sleep(0.2)
        assert process.channel.get_write_buffer_size() == 0  # the window took it all
        assert compat.ssh_unsent_bytes(process) > 8 << 20
    finally:
        client.kill()
        await client.wait()
        server.close()


def test_the_browser_terminal_assets_are_where_the_page_points() -> None:
    folder = compat.browser_terminal_assets()
    for asset in ASSETS:
        assert (folder / asset).is_file(), asset
    assert b"sessionWebsocketUrl" in (folder / "js/textual.js").read_bytes()


class Styled(App[None]):
    CSS = "Static { color: $accent; }"

    def compose(self) -> ComposeResult:
        yield Static("styled")


async def rules_of(app: App[None]) -> set[int]:
    async with app.run_test() as pilot:
        await pilot.pause()
        return {id(rule) for rule in app.stylesheet.rules}


async def test_apps_of_one_process_share_their_parsed_css() -> None:
    compat.share_parsed_css()
    compat.share_parsed_css()  # a second call changes nothing
    first, second = await rules_of(Styled()), await rules_of(Styled())
    assert first == second  # the same text and theme: parsed once
    light = Styled()
    light.theme = "textual-light"
    assert not await rules_of(light) & first  # other theme variables: parsed again


def test_the_confusables_table_holds_unicode_s_pairs_both_ways() -> None:
    pairs = set(compat.confusable_pairs())
    assert ("а", "a") in pairs and ("a", "а") in pairs  # Cyrillic а, Latin a
    assert ("m", "rn") in pairs and ("0", "O") in pairs
    assert ("ߺ", "_") in pairs  # NKO LAJANYALAN: right to left, its marks taken out
    assert len(pairs) > 10_000 and not any("\u200e" in a + b for a, b in pairs)
