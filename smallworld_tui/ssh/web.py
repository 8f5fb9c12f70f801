"""The game in a browser: textual-serve runs the terminal relay (``smallworld-tui relay``) for
each browser tab, and the relay joins the SSH server like any player."""

from __future__ import annotations

import shlex
import sys

from aiohttp import web
from textual_serve.server import Server

from smallworld_tui.compat import aiohttp_app

WILDCARDS = {"0.0.0.0": "127.0.0.1", "::": "::1", "": "127.0.0.1"}


def relay_command(ssh_host: str, ssh_port: int, lang: str) -> str:
    """The shell command of one browser tab's relay to the SSH server at ``ssh_host``."""
    return shlex.join([sys.executable, "-m", "smallworld_tui", "--lang", lang, "relay",
                       "--host", WILDCARDS.get(ssh_host, ssh_host), "--port", str(ssh_port)])


class WebServer(Server):
    """textual-serve's server without its banner, its pages pointing back at whatever address
    the browser used (its own default, ``http://HOST:PORT``, is wrong for ``0.0.0.0``)."""

    async def on_startup(self, app: web.Application) -> None:
        """`serve` prints the address itself."""

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        self.public_url = f"{request.scheme}://{request.host}"
        response: web.StreamResponse = await super().handle_index(request)
        return response


async def start_web(command: str, host: str, port: int) -> tuple[web.AppRunner, int]:
    """Serve ``command`` to browsers on ``host:port``; the runner (to clean up) and the port."""
    server = WebServer(command, host=host, port=port, title="Small World")
    runner = web.AppRunner(await aiohttp_app(server), access_log=None, shutdown_timeout=0.5)
    await runner.setup()
    try:
        await web.TCPSite(runner, host, port).start()
    except OSError:
        await runner.cleanup()
        raise
    bound: int = runner.addresses[0][1]
    return runner, bound
