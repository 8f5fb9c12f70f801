"""Every use of a library's private API, in one place (tests/test_compat.py checks each one
against the installed versions, so an upgrade that breaks one fails there first).

Sections by library.  Code elsewhere never reaches into a ``_private`` name of Textual or
textual-serve; it calls the functions here.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual.binding import BindingsMap
from textual.dom import DOMNode

if TYPE_CHECKING:
    from aiohttp import web
    from textual.app import App
    from textual.driver import Driver
    from textual.notifications import Notification
    from textual_serve.server import Server

__all__ = ["aiohttp_app", "app_driver", "keep_process_stdio", "node_bindings",
           "notifications", "watch_frames", "xterm_parser"]


# --- textual --------------------------------------------------------------------------------

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


# --- textual-serve -------------------------------------------------------------------------

async def aiohttp_app(server: Server) -> web.Application:
    """textual-serve's aiohttp application, to run on our own runner and site (its public
    ``serve()`` owns the event loop and prints a banner)."""
    app: web.Application = await server._make_app()
    return app
