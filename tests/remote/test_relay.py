"""The browser path: the terminal relay app joins the SSH server, and `serve --web` serves it."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import sys
import time
from collections.abc import Callable
from pathlib import Path

import aiohttp
import pyte
from rich.color import Color
from rich.style import Style
from textual import events
from textual.pilot import Pilot
from textual.widgets import Input, Static

from remote.client import Player
from remote.servers import PASSWORD, Host
from smallworld_tui.names import display_name
from smallworld_tui.ssh.relay import (
    RelayApp,
    RemoteTerminal,
    key_sequence,
    mouse_report,
    row_segments,
)

SIZE = (100, 32)


def relay_text(app: RelayApp) -> str:
    """What the relay widget renders, line by line."""
    term = app.screen.query_one(RemoteTerminal)
    return "\n".join("".join(segment.text for segment in term.render_line(y))
                     for y in range(term.size.height))


def form_message(app: RelayApp) -> str:
    return str(app.form.query_one("#message", Static).content)


async def until(pilot: Pilot[None], check: Callable[[], bool], what: str,
                timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"never happened: {what}")
        await pilot.pause(0.05)


async def join(pilot: Pilot[None], app: RelayApp, name: str, password: str | None = None) -> None:
    app.form.query_one("#name", Input).value = name
    if password is not None:
        app.form.query_one("#password", Input).value = password
    await pilot.press("enter")


async def test_a_relay_player_sees_and_plays_the_shared_game(host: Host) -> None:
    app = RelayApp(host.port, password=PASSWORD)
    async with app.run_test(size=SIZE) as pilot:
        assert not app.form.query_one("#password", Input).display  # given: not asked
        await join(pilot, app, "Amy")
        await until(pilot, lambda: app.screen is not app.form
                    and "Waiting for 1 more" in relay_text(app), "the lobby shows")
        ben = await Player.join(host.port, "Ben", PASSWORD)
        await until(pilot, lambda: all(w in relay_text(app) for w in ("Round 1", "Amy", "Ben")),
                    "the game shows")
        assert re.search(r"Amy\s+5¢", relay_text(app))  # her own coins, as her seat sees them
        assert host.server is not None and host.server.session is not None
        session = host.server.session
        await pilot.press("0")  # a key in the relay reaches Amy's app on the server
        await until(pilot, lambda: bool(session.record.actions), "Amy picks")
        assert [a.kind for a in session.record.actions] == ["pick"]
        race = session.view(0).combos[0].race
        await ben.wait_for(display_name("race", race))
        await ben.close()


async def join_connected(pilot: Pilot[None], app: RelayApp, host: Host) -> None:
    """Join as Amy and wait until the server holds her connection."""
    await join(pilot, app, "Amy")
    await until(pilot, lambda: host.server is not None and bool(host.server.connections),
                "Amy is connected")


async def test_the_relay_quits_when_the_server_ends_the_session(host: Host) -> None:
    app = RelayApp(host.port, password=PASSWORD)
    async with app.run_test(size=SIZE) as pilot:
        await join_connected(pilot, app, host)
        assert host.server is not None
        host.server.connections[0].app.exit()
        await until(pilot, lambda: app.return_code == 0, "the relay quits")


async def test_a_dropped_connection_goes_back_to_the_form_and_can_rejoin(host: Host) -> None:
    app = RelayApp(host.port, password=PASSWORD)
    async with app.run_test(size=SIZE) as pilot:
        await join_connected(pilot, app, host)
        assert host.server is not None
        host.server.connections[0].terminal.process.channel.get_connection().abort()
        await until(pilot, lambda: app.screen is app.form, "back to the form")
        assert "connection to the game was lost" in form_message(app)
        await pilot.press("enter")  # the name is still there: join again
        await until(pilot, lambda: app.screen is not app.form
                    and "Waiting for 1 more" in relay_text(app), "back in the lobby")


async def test_a_wrong_password_says_so_on_the_form(host: Host) -> None:
    app = RelayApp(host.port)
    async with app.run_test(size=SIZE) as pilot:
        assert app.form.query_one("#password", Input).display  # not given: asked
        await join(pilot, app, "Amy", "nope")
        await until(pilot, lambda: "Wrong password" in form_message(app), "the refusal")
        assert app.screen is app.form and host.server is not None and not host.server.names


async def test_no_server_says_so_on_the_form() -> None:
    with socket.socket() as sock:  # a port nobody listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    app = RelayApp(port, password=PASSWORD)
    async with app.run_test(size=SIZE) as pilot:
        await join(pilot, app, "Amy")
        await until(pilot, lambda: "Cannot reach the game server" in form_message(app),
                    "the connection error")


def test_keys_translate_to_what_a_terminal_sends() -> None:
    expected = {
        ("a", "a"): "a", ("A", "A"): "A", ("0", "0"): "0", ("space", " "): " ",
        ("question_mark", "?"): "?", ("ー", "ー"): "ー",
        ("enter", "\r"): "\r", ("tab", "\t"): "\t", ("shift+tab", None): "\x1b[Z",
        ("escape", "\x1b"): "\x1b", ("backspace", "\x7f"): "\x7f",
        ("up", None): "\x1b[A", ("down", None): "\x1b[B", ("right", None): "\x1b[C",
        ("left", None): "\x1b[D", ("home", None): "\x1b[H", ("end", None): "\x1b[F",
        ("pageup", None): "\x1b[5~", ("pagedown", None): "\x1b[6~",
        ("insert", None): "\x1b[2~", ("delete", None): "\x1b[3~",
        ("f1", None): "\x1bOP", ("f4", None): "\x1bOS", ("f5", None): "\x1b[15~",
        ("f12", None): "\x1b[24~",
        ("ctrl+a", None): "\x01", ("ctrl+q", "\x11"): "\x11", ("ctrl+z", None): "\x1a",
        ("ctrl+up", None): None, ("f13", None): None,
    }
    assert {k: key_sequence(*k) for k in expected} == expected


def test_the_screen_renders_with_its_colours_and_wide_characters() -> None:
    screen = pyte.Screen(12, 2)
    pyte.ByteStream(screen).feed("\x1b[1;31mR\x1b[0;38;5;21mB\x1b[38;2;1;2;3;48;2;4;5;6;7mT"
                                 "\x1b[0;93;4mY\x1b[0m日本".encode())
    segments = row_segments(screen.buffer[0], screen.columns)
    assert "".join(s.text for s in segments) == "RBTY日本    "
    styles = [s.style for s in segments]
    assert styles[0] == Style(color="red", bold=True, italic=False, underline=False,
                              strike=False, reverse=False)
    assert styles[1] is not None and styles[1].color == Color.parse("#0000ff")
    assert styles[2] is not None and styles[2].color == Color.parse("#010203")
    assert styles[2].bgcolor == Color.parse("#040506") and styles[2].reverse
    assert styles[3] is not None and styles[3].color == Color.parse("bright_yellow")
    assert styles[3].underline and styles[4] is not None and styles[4].color is None


def mouse(kind: type[events.MouseEvent], x: int, y: int, button: int = 0, *,
          shift: bool = False, ctrl: bool = False) -> events.MouseEvent:
    return kind(None, x, y, 0, 0, button, shift, False, ctrl)


def test_mouse_translates_to_sgr_reports() -> None:
    assert mouse_report(mouse(events.MouseDown, 0, 0, 1)) == "\x1b[<0;1;1M"
    assert mouse_report(mouse(events.MouseUp, 9, 4, 1)) == "\x1b[<0;10;5m"
    assert mouse_report(mouse(events.MouseDown, 2, 3, 3)) == "\x1b[<2;3;4M"
    assert mouse_report(mouse(events.MouseMove, 5, 6)) == "\x1b[<35;6;7M"
    assert mouse_report(mouse(events.MouseMove, 5, 6, 1)) == "\x1b[<32;6;7M"
    assert mouse_report(mouse(events.MouseScrollUp, 1, 1)) == "\x1b[<64;2;2M"
    assert mouse_report(mouse(events.MouseScrollDown, 1, 1, ctrl=True)) == "\x1b[<81;2;2M"
    assert mouse_report(mouse(events.MouseDown, 0, 0, 1, shift=True)) == "\x1b[<4;1;1M"


async def test_serve_web_serves_the_relay_to_browsers(tmp_path: Path) -> None:
    """The real command: the page answers, and a browser's websocket gets a relay that joins."""
    env = {**os.environ, "SMALLWORLD_TUI_DATA": str(tmp_path)}
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "smallworld_tui", "--lang", "en", "serve", "--port", "0", "--web",
        "--web-port", "0", "--password", "pw", env=env, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.DEVNULL)
    try:
        assert proc.stdout is not None
        url = None
        while url is None:
            line = (await asyncio.wait_for(proc.stdout.readline(), 20)).decode()
            assert line, "serve ended early"
            if match := re.search(r"Browsers:\s+(http://127\.0\.0\.1:\d+)", line):
                url = match.group(1)
        screen = pyte.Screen(*SIZE)
        stream = pyte.ByteStream(screen)
        async with aiohttp.ClientSession() as http:
            async with http.get(url) as page:
                assert page.status == 200
                assert "/ws" in await page.text()
            async with http.ws_connect(f"{url}/ws?width={SIZE[0]}&height={SIZE[1]}") as ws:

                async def shows(text: str) -> None:
                    while text not in "\n".join(screen.display):
                        message = await ws.receive()
                        assert message.type in (aiohttp.WSMsgType.BINARY,
                                                aiohttp.WSMsgType.TEXT), message
                        if message.type == aiohttp.WSMsgType.BINARY:
                            stream.feed(message.data)

                await asyncio.wait_for(shows("Your name"), 30)
                await ws.send_json(["stdin", "Amy\r"])  # the password is filled in
                await asyncio.wait_for(shows("Waiting for 1 more"), 30)
                proc.send_signal(signal.SIGTERM)  # stopping serve ends the browser's session
                await asyncio.wait_for(ws.receive(), 15)
        assert await asyncio.wait_for(proc.wait(), 15) == 0
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
