"""The browser path: a login form, then a one-time ticket for the terminal's socket; attacks
from other sites fail."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pyte
import pytest

from remote.servers import PASSWORD, Host
from smallworld_tui.ssh.web import WebDoor, WebEnd, start_web

SIZE = (100, 32)


@pytest.fixture
async def web(host: Host) -> AsyncIterator[str]:
    door = WebDoor(host.server, origins=("https://games.example",))
    runner, port = await start_web(door, "127.0.0.1", 0)
    yield f"http://127.0.0.1:{port}"
    await runner.cleanup()


async def log_in(http: aiohttp.ClientSession, url: str, name: str, password: str,
                 **headers: str) -> tuple[int, str]:
    async with http.post(f"{url}/login", data={"name": name, "password": password},
                         headers=headers) as response:
        return response.status, await response.text()


def ticket_of(page: str) -> str:
    match = re.search(r'"/ws/([\w-]+)"', page)
    assert match, page
    return match.group(1)


class Browser:
    """A browser terminal: the socket's bytes into a pyte screen."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.screen = pyte.Screen(*SIZE)
        self.stream = pyte.ByteStream(self.screen)

    async def shows(self, text: str, timeout: float = 20) -> None:
        async def read() -> None:
            while text not in "\n".join(self.screen.display):
                message = await self.ws.receive()
                assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), message
                if message.type == aiohttp.WSMsgType.BINARY:
                    self.stream.feed(message.data)

        await asyncio.wait_for(read(), timeout)


async def test_a_browser_logs_in_then_plays_through_its_socket(host: Host, web: str) -> None:
    async with aiohttp.ClientSession() as http:
        async with http.get(web) as page:
            text = await page.text()
            assert page.status == 200 and 'type="password"' in text
            assert PASSWORD not in text  # never filled in
            assert "default-src 'self'" in page.headers["Content-Security-Policy"]
        status, terminal_page = await log_in(http, web, "Amy", PASSWORD)
        assert status == 200
        for page_text in (text, terminal_page):  # nothing loaded from elsewhere
            assert not re.search(r'(src|href)="(https?:)?//', page_text), page_text
        for asset in ("/static/js/textual.js", "/static/css/xterm.css"):
            async with http.get(web + asset) as response:
                assert response.status == 200
                assert not re.search(rb"url\(['\"]?(https?:)?//", await response.read())
        ticket = ticket_of(terminal_page)
        async with http.ws_connect(f"{web}/ws/{ticket}?width={SIZE[0]}&height={SIZE[1]}") as ws:
            browser = Browser(ws)
            await browser.shows("Amy in the lobby")
            await ws.send_json(["stdin", "\r"])
            await browser.shows("Take a seat")
            await ws.send_json(["ping", "x"])
            await ws.send_json(["stdin", "\r"])
            await browser.shows("This seat is yours")
        with pytest.raises(aiohttp.WSServerHandshakeError) as reused:
            await http.ws_connect(f"{web}/ws/{ticket}")  # a ticket serves once
        assert reused.value.status == 403


async def test_requests_from_another_site_are_refused(host: Host, web: str) -> None:
    async with aiohttp.ClientSession() as http:
        status, _ = await log_in(http, web, "Amy", PASSWORD, Origin="http://evil.example")
        assert status == 403
        status, page = await log_in(http, web, "Amy", PASSWORD, Origin="https://games.example")
        assert status == 200  # an origin the host allowed (its TLS proxy)
        ticket = ticket_of(page)
        for headers in ({"Origin": "http://evil.example"},
                        {"Origin": "http://127.0.0.1.evil.example"},
                        {"Host": "evil.example"}):  # a site that rebinds its name to us
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(f"{web}/ws/{ticket}", headers=headers)
            assert refused.value.status == 403
        async with http.get(web, headers={"Host": "evil.example"}) as response:
            assert response.status == 403
        async with http.ws_connect(f"{web}/ws/{ticket}",
                                   headers={"Origin": web}) as ws:  # still valid
            await Browser(ws).shows("Amy in the lobby")


async def test_only_the_names_the_server_serves_reach_it(host: Host) -> None:
    """A site that rebinds its own name to the server's address (DNS rebinding) is refused:
    the Host must be a name the server serves, or an address."""
    door = WebDoor(host.server, hosts=("games.example",))
    runner, port = await start_web(door, "127.0.0.1", 0)
    url = f"http://127.0.0.1:{port}"
    try:
        async with aiohttp.ClientSession() as http:
            for name, status in (("127.evil.example", 403), ("127.0.0.1.evil.example", 403),
                                 ("localhost.evil.example", 403), ("evil.example", 403),
                                 ("games.example.evil.example", 403), ("GAMES.example", 200),
                                 ("games.example", 200), ("localhost", 200),
                                 ("127.0.0.1", 200), ("[::1]", 200), ("10.1.2.3", 200)):
                async with http.get(url, headers={"Host": f"{name}:{port}"}) as response:
                    assert response.status == status, name
            for origin, status in (("http://evil.example", 403),
                                   (f"http://127.evil.example:{port}", 403),
                                   (f"http://games.example:{port}", 200)):
                got, _ = await log_in(http, url, "Amy", PASSWORD, Origin=origin,
                                      Host=f"games.example:{port}")
                assert got == status, origin
            got, _ = await log_in(http, url, "Amy", PASSWORD, Origin=f"http://127.evil.example:"
                                  f"{port}", Host=f"127.evil.example:{port}")  # rebound
            assert got == 403
    finally:
        await runner.cleanup()


class StuckSocket:
    """A browser's socket that takes nothing more: each send waits until ``released``."""

    def __init__(self) -> None:
        self.released = asyncio.Event()

    async def send_bytes(self, data: bytes) -> None:
        await self.released.wait()

    async def close(self) -> None:
        pass


class Transport:
    aborted = False

    def abort(self) -> None:
        self.aborted = True


async def test_a_browser_that_stops_reading_is_cut_off_once_its_output_passes_the_limit(
        caplog: pytest.LogCaptureFixture) -> None:
    transport, ws = Transport(), StuckSocket()
    end = WebEnd(ws, "192.0.2.7", (80, 24), "", max_output=1000,  # type: ignore[arg-type]
                 transport=transport)  # type: ignore[arg-type]
    end.write(b"x" * 600)
    await asyncio.sleep(0.01)  # taken by the socket, which then waits
    end.write(b"x" * 600)
    assert not transport.aborted
    end.write(b"x" * 600)  # 1200 bytes wait: past the limit
    assert transport.aborted
    assert "cut off 192.0.2.7: 1200 bytes of output it did not read" in caplog.text
    ws.released.set()
    await end.finish()


async def test_no_session_starts_without_a_login(host: Host, web: str) -> None:
    async with aiohttp.ClientSession() as http:
        for path in ("/ws/", "/ws/made-up-ticket", "/ws/x?width=80&height=24"):
            async with http.get(web + path) as response:
                assert response.status in (403, 404)
        status, page = await log_in(http, web, "Amy", "wrong")
        assert status == 403 and "Wrong password" in page and "/ws/" not in page
        status, page = await log_in(http, web, "[b]A\x1b", PASSWORD)
        assert status == 400 and "control" in page and "[b]A" in page
        async with http.get(web + "/static/../../secret") as response:
            assert response.status == 404
    assert host.server.visitors == []


async def test_wrong_web_passwords_shut_the_address_out(host: Host, web: str) -> None:
    limit = host.limits.failures_per_address
    async with aiohttp.ClientSession() as http:
        for _ in range(limit):
            assert (await log_in(http, web, "Amy", "guess"))[0] == 403
        status, page = await log_in(http, web, "Amy", PASSWORD)
        assert status == 429 and "Too many failed logins" in page


async def test_serve_web_serves_the_page_and_stops_with_the_server(tmp_path: Path) -> None:
    """The real command: its table, the page, a browser that logs in, SIGTERM ending both."""
    env = {**os.environ, "SMALLWORLD_TUI_DATA": str(tmp_path)}
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "smallworld_tui", "--lang", "en", "serve", "--port", "0", "--web",
        "--web-port", "0", "--password", "pw", "--names", "Amy,Ben", env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL)
    try:
        assert proc.stdout is not None
        url = None
        while url is None:
            line = (await asyncio.wait_for(proc.stdout.readline(), 30)).decode()
            assert line, "serve ended early"
            if match := re.search(r"Browsers:\s+(http://127\.0\.0\.1:\d+)", line):
                url = match.group(1)
        async with aiohttp.ClientSession() as http:
            status, page = await log_in(http, url, "Amy", "pw")
            assert status == 200
            async with http.ws_connect(f"{url}/ws/{ticket_of(page)}") as ws:
                await Browser(ws).shows("(Amy), (Ben)")  # --names reserved the seats
                proc.send_signal(signal.SIGTERM)  # stopping serve ends the browser's session
                while (await asyncio.wait_for(ws.receive(), 15)).type not in (
                        aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
                    pass
        assert await asyncio.wait_for(proc.wait(), 15) == 0
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()




async def test_browser_sessions_count_with_ssh_connections_against_the_caps(
        tmp_path: Path) -> None:
    from remote.client import Player
    from remote.servers import TEST_LIMITS
    from smallworld_tui.ssh.guard import Limits

    host = Host(tmp_path, limits=Limits(max_per_address=2, first_delay=TEST_LIMITS.first_delay))
    await host.start()
    door = WebDoor(host.server)
    runner, port = await start_web(door, "127.0.0.1", 0)
    url = f"http://127.0.0.1:{port}"
    try:
        amy = await Player.join(host.port, "Amy", PASSWORD)
        await amy.wait_for("in the lobby")
        async with aiohttp.ClientSession() as http:
            tickets = [ticket_of((await log_in(http, url, name, PASSWORD))[1])
                       for name in ("Ben", "Cai")]
            async with http.ws_connect(f"{url}/ws/{tickets[0]}") as ws:
                await Browser(ws).shows("Ben in the lobby")
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await http.ws_connect(f"{url}/ws/{tickets[1]}")  # a third terminal
                assert refused.value.status == 503
                assert [v.name for v in host.server.visitors] == ["Amy", "Ben"]
        await amy.close()
    finally:
        await runner.cleanup()
        await host.stop()
        host.store.close()
