"""Screens over the board come one after another, in the order they were queued, and none
while the terminal is too small (``controllers/modal_queue``)."""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.screen import ModalScreen, Screen

from smallworld_tui.ui.controllers.modal_queue import ModalQueue
from smallworld_tui.ui.screens.too_small import TooSmallScreen


class Note(ModalScreen[str]):
    def __init__(self, name: str) -> None:
        super().__init__()
        self.note = name


class Board(App[None]):
    def get_default_screen(self) -> Screen[Any]:
        return Screen()


async def test_queued_screens_open_one_after_another_in_order() -> None:
    app = Board()
    async with app.run_test() as pilot:
        queue = ModalQueue(app.screen)
        done: list[str] = []
        queue.add(Note("die"), lambda result: done.append(f"die closed: {result}"))
        queue.add(None, lambda _result: done.append("between"))
        queue.add(Note("pass"), lambda result: done.append(f"pass closed: {result}"))
        for name in ("die", "pass"):
            await pilot.pause()
            shown = app.screen
            assert isinstance(shown, Note) and shown.note == name
            shown.dismiss(name.upper())
        await pilot.pause()
        assert done == ["die closed: DIE", "between", "pass closed: PASS"]
        assert not isinstance(app.screen, Note)


async def test_nothing_opens_over_a_too_small_notice_until_resumed() -> None:
    app = Board()
    async with app.run_test() as pilot:
        queue = ModalQueue(app.screen)
        await app.push_screen(TooSmallScreen())
        queue.add(Note("die"))
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        app.pop_screen()
        queue.resume()
        await pilot.pause()
        assert isinstance(app.screen, Note)
