"""The private APIs of Textual and textual-serve that smallworld_tui.compat reaches into
still behave as it expects with the installed versions (one test each)."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from textual import events
from textual.app import App
from textual.binding import Binding

from smallworld_tui import compat


class Tiny(App[None]):
    BINDINGS = [Binding("x", "bell", "Ring")]  # noqa: RUF012


def test_node_bindings_are_the_ones_the_footer_reads() -> None:
    app = Tiny()
    bindings = compat.node_bindings(app)
    assert [b.description for b in bindings.key_to_bindings["x"]] == ["Ring"]


def test_the_xterm_parser_turns_bytes_into_keys() -> None:
    parser = compat.xterm_parser()
    keys = [m for m in parser.feed("a\x1b[A") if isinstance(m, events.Key)]
    keys += [m for m in parser.tick() if isinstance(m, events.Key)]
    assert [k.key for k in keys] == ["a", "up"]


def test_sharing_the_process_stdio_replaces_textuals_redirects(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import textual.app

    monkeypatch.setattr(textual.app, "redirect_stdout", textual.app.redirect_stdout)
    monkeypatch.setattr(textual.app, "redirect_stderr", textual.app.redirect_stderr)
    compat.keep_process_stdio()
    assert textual.app.redirect_stdout is contextlib.nullcontext
    assert textual.app.redirect_stderr is contextlib.nullcontext


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


async def test_textual_serve_gives_its_aiohttp_application() -> None:
    from aiohttp import web
    from textual_serve.server import Server

    app = await compat.aiohttp_app(Server("true", host="127.0.0.1", port=0))
    assert isinstance(app, web.Application)
