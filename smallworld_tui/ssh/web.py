"""``serve --web``: the game in a browser, served by the server process itself.

A visitor first logs in on a plain form (name and the server's password: never filled in for
them), checked like an SSH login and counted by the same guard.  Success gives a one-time
ticket, valid for a minute, in the page of the browser terminal (textual-serve's xterm.js
client); its socket, opened with that ticket, is a remote terminal exactly like an SSH channel:
the same lobby, seats and limits.  No session starts before a login succeeded.

The page loads nothing from elsewhere, and a request from a page of another site (its
``Origin``) is refused: only the page's own host, or an origin named with ``--web-origin`` (a
TLS proxy in front), may log in or open a socket.  The ``Host`` must be a name the server
serves (``localhost``, a ``--web-host`` or an origin's host) or an address: a site that rebinds
its own name to this server's address (DNS rebinding) is refused.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import ipaddress
import json
import logging
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from aiohttp import WSMsgType, web
from aiohttp.typedefs import Handler

from smallworld_tui.compat import browser_terminal_assets
from smallworld_tui.i18n import _
from smallworld_tui.ssh.bounds import Input
from smallworld_tui.ssh.names import MAX_NAME_CHARS
from smallworld_tui.ssh.server import GameServer

log = logging.getLogger(__name__)

TICKET_SECONDS = 60.0
MAX_MESSAGE = 64 * 1024
LOCAL_NAME = "localhost"  # nobody else can give their site this name
ASSETS = ("js/textual.js", "css/xterm.css", "fonts/RobotoMono-VariableFont_wght.ttf")
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' "
        "'unsafe-inline'; connect-src 'self' ws: wss:; img-src 'self' data:; font-src 'self'; "
        "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}

PAGE = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Small World</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
@font-face {{ font-family: "Roboto Mono";
  src: url("/static/fonts/RobotoMono-VariableFont_wght.ttf"); }}
body {{ background: #0c181f; color: #eee; font-family: "Roboto Mono", monospace; margin: 0; }}
form, .message {{ max-width: 26em; margin: 4em auto; padding: 1em 2em; background: #12232d; }}
input, button {{ display: block; width: 100%; margin: .5em 0 1em; font: inherit; }}
.error {{ color: #f88; }}
{style}
</style>{head}</head>
<body>{body}</body></html>
"""

LOGIN = """<form method="post" action="/login">
<h1>Small World</h1>
<p class="error">{error}</p>
<label>{name_label}<input name="name" value="{name}" maxlength="{max_name}" autofocus required>
</label>
<label>{password_label}<input name="password" type="password" required></label>
<button type="submit">{join}</button>
</form>"""

TERMINAL_STYLE = """
.textual-terminal { opacity: 0; }
body.-first-byte .textual-terminal { opacity: 1; }
.closed-dialog { display: none; }
body.-closed .closed-dialog { display: block; }
body.-closed .textual-terminal { display: none; }
"""

TERMINAL = """<div class="message closed-dialog">{ended} <a href="/">{again}</a></div>
<div id="terminal" class="textual-terminal" data-font-size="16"></div>
<script>
document.getElementById("terminal").dataset.sessionWebsocketUrl =
  (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws/{ticket}";
</script>"""


@dataclass
class WebDoor:
    """The web page's routes: served under ``hosts`` (names) and addresses, and used from
    pages of its own or of ``origins``."""

    server: GameServer
    hosts: tuple[str, ...] = ()
    origins: tuple[str, ...] = ()
    tickets: dict[str, tuple[str, float]] = field(default_factory=dict)
    assets: Path = field(default_factory=browser_terminal_assets)

    def app(self) -> web.Application:
        app = web.Application(client_max_size=MAX_MESSAGE, middlewares=[self._checked])
        app.add_routes([web.get("/", self.login_page), web.post("/login", self.login),
                        web.get("/ws/{ticket}", self.socket),
                        web.get("/static/{path:.+}", self.asset)])
        return app

    # --- who may ask ----------------------------------------------------------------------
    @web.middleware
    async def _checked(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if not self.host_allowed(request.host):
            log.warning("refused a web request from %s for the host %r (serve it with "
                        "--web-host NAME)", request.remote, request.host)
            raise web.HTTPForbidden(text="This server does not serve that name.")
        if not self.origin_allowed(request):
            log.warning("refused a web request from %s: Origin %r, Host %r", request.remote,
                        request.headers.get("Origin"), request.host)
            raise web.HTTPForbidden(text="This page may only be used from its own site.")
        response = await handler(request)
        response.headers.update(SECURITY_HEADERS)
        return response

    def origin_allowed(self, request: web.Request) -> bool:
        """A browser names the page that sends a request: it must be this site's own (or one
        the host allowed).  Requests without an Origin are not from a page."""
        origin = request.headers.get("Origin")
        if origin is None or origin in self.origins:
            return True
        return urlsplit(origin).netloc.lower() == request.host.lower()

    def host_allowed(self, host: str) -> bool:
        """Whether ``host`` (a ``Host`` header) names this server: exactly one of its names,
        or an address, which no other site can rebind to it."""
        try:
            name = urlsplit(f"//{host}").hostname or ""
        except ValueError:
            return False
        with contextlib.suppress(ValueError):
            ipaddress.ip_address(name)
            return True
        served = {LOCAL_NAME, *(h.lower() for h in self.hosts),
                  *(urlsplit(o).hostname for o in self.origins)}
        return name in served

    # --- pages ----------------------------------------------------------------------------
    @staticmethod
    def page(body: str, *, style: str = "", head: str = "", status: int = 200) -> web.Response:
        return web.Response(text=PAGE.format(body=body, style=style, head=head),
                            content_type="text/html", status=status)

    async def login_page(self, request: web.Request, error: str = "", name: str = "",
                         status: int = 200) -> web.Response:
        return self.page(LOGIN.format(
            error=html.escape(error), name=html.escape(name[:MAX_NAME_CHARS]),
            max_name=MAX_NAME_CHARS,
            name_label=html.escape(_("Your name")), password_label=html.escape(_("Password")),
            join=html.escape(_("Join"))), status=status)

    async def login(self, request: web.Request) -> web.Response:
        form = await request.post()
        name, password = str(form.get("name", "")), str(form.get("password", ""))
        address = request.remote or "?"
        guard = self.server.guard
        if guard.shut_out(address):
            return await self.login_page(request, _("Too many failed logins from your "
                                                    "address; try again later."), name, 429)
        if not self.server.door.password_opens(name, password):
            await guard.failed(address, "web password", name)
            return await self.login_page(request, _("Wrong password."), name, 403)
        problem = self.server.name_refusal(name)  # (after the password: it names players)
        if problem is not None:
            return await self.login_page(request, _("This name cannot be used: {problem}.")
                                         .format(problem=problem), name, 400)
        ticket = secrets.token_urlsafe(32)
        self._forget_old_tickets()
        self.tickets[ticket] = (name, time.monotonic() + TICKET_SECONDS)
        body = TERMINAL.format(ticket=ticket, ended=html.escape(_("The session ended.")),
                               again=html.escape(_("Join again")))
        return self.page(body, style=TERMINAL_STYLE,
                         head='<link rel="stylesheet" href="/static/css/xterm.css">'
                              '<script src="/static/js/textual.js"></script>')

    def _forget_old_tickets(self) -> None:
        now = time.monotonic()
        for ticket, (_name, deadline) in list(self.tickets.items()):
            if deadline < now:
                del self.tickets[ticket]

    async def asset(self, request: web.Request) -> web.StreamResponse:
        path = request.match_info["path"]
        if path not in ASSETS:
            raise web.HTTPNotFound()
        return web.FileResponse(self.assets / path)

    # --- the terminal's socket ------------------------------------------------------------
    async def socket(self, request: web.Request) -> web.StreamResponse:
        self._forget_old_tickets()
        name, _deadline = self.tickets.pop(request.match_info["ticket"], ("", 0.0))
        if not name:
            raise web.HTTPForbidden(text="Log in first.")
        address = request.remote or "?"
        refused = self.server.guard.admit(address)
        if refused is not None:
            raise web.HTTPServiceUnavailable(text=refused)
        try:
            ws = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE)
            await ws.prepare(request)
            size = (_int(request.query.get("width")), _int(request.query.get("height")))
            page = request.headers.get("Origin") or f"{request.scheme}://{request.host}"
            end = WebEnd(ws, address, size, f"{page}/", self.server.bounds.max_output,
                         request.transport)
            try:
                await self.server.welcome(end, name)
            finally:
                await end.finish()
            return ws
        finally:
            self.server.guard.left(address)


def _int(text: str | None) -> int:
    try:
        return int(text or "")
    except ValueError:
        return 0


class WebEnd:
    """A browser terminal's socket as a ``RemoteEnd``: textual-serve's protocol, JSON
    ``["stdin", text]``, ``["resize", {"width", "height"}]``, ``["ping", x]`` in, terminal
    bytes out.  A browser that leaves more than ``max_output`` bytes unread is cut off."""

    def __init__(self, ws: web.WebSocketResponse, address: str, size: tuple[int, int],
                 join_hint: str, max_output: int,
                 transport: asyncio.Transport | None) -> None:
        self.ws = ws
        self.address = address
        self.size = size
        self.join_hint = join_hint
        self.max_output = max_output
        self._transport = transport
        self._out: asyncio.Queue[bytes | str | None] = asyncio.Queue()
        self._unsent = 0  # bytes in ``_out``
        self._sender = asyncio.create_task(self._send())

    def write(self, data: bytes) -> None:
        self._out.put_nowait(data)
        self._unsent += len(data)
        if self._unsent > self.max_output and self._transport is not None:
            log.warning("cut off %s: %d bytes of output it did not read", self.address,
                        self._unsent)
            self._transport.abort()
            self._transport = None

    def close(self) -> None:
        self._out.put_nowait(None)

    async def finish(self) -> None:
        """Send what is left, then close the socket."""
        self.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._sender, 5)
        await self.ws.close()

    async def _send(self) -> None:
        """One sender, so that frames leave in order: terminal bytes, or a JSON answer."""
        while (data := await self._out.get()) is not None:
            with contextlib.suppress(ConnectionError, RuntimeError):
                if isinstance(data, bytes):
                    self._unsent -= len(data)
                    await self.ws.send_bytes(data)
                else:
                    await self.ws.send_str(data)

    async def read(self) -> Input | None:
        while True:
            message = await self.ws.receive()
            if message.type != WSMsgType.TEXT:
                if message.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED,
                                    WSMsgType.ERROR):
                    return None
                continue
            try:
                kind, value = json.loads(message.data)
                if kind == "stdin":
                    return str(value).encode()
                if kind == "resize":
                    return (int(value["width"]), int(value["height"]))
                if kind == "ping":
                    self._out.put_nowait(json.dumps(["pong", value]))
            except (ValueError, TypeError, KeyError):
                continue


async def start_web(door: WebDoor, host: str, port: int) -> tuple[web.AppRunner, int]:
    """Serve the web page on ``host:port``; the runner (to clean up) and the port."""
    runner = web.AppRunner(door.app(), access_log=None, shutdown_timeout=0.5)
    await runner.setup()
    try:
        await web.TCPSite(runner, host, port).start()
    except OSError:
        await runner.cleanup()
        raise
    bound: int = runner.addresses[0][1]
    return runner, bound
