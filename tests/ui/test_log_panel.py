"""The log: newest sentence at the bottom, at most SHOWN sentences, folded at its width."""

from __future__ import annotations

import random

from textual import events
from textual.pilot import Pilot

from smallworld_tui.engine import Action
from smallworld_tui.ui.app import SmallWorldApp
from smallworld_tui.ui.widgets.log_panel import SHOWN, LogPanel
from smallworld_tui.ui.wrap import fold_lines
from ui.driver import act, dismiss_modals, game_screen, session, settle


def folded(log: LogPanel) -> list[str]:
    width = log.scrollable_content_region.width
    return [line.plain for text in log.sentences for line in fold_lines(text, width)]


def bottom_line(log: LogPanel) -> str:
    """The last line the log draws that is not blank."""
    drawn = [log.render_line(y).text.rstrip()
             for y in range(log.scrollable_content_region.height)]
    return [line for line in drawn if line][-1]


async def picked_and_logged(pilot: Pilot[None], app: SmallWorldApp, times: int) -> LogPanel:
    """The first player picks; then the log is given the game's sentences ``times`` over."""
    screen = game_screen(app)
    log = screen.query_one(LogPanel)
    await act(pilot, Action("pick", 0))
    await settle(pilot)
    log.write_events(screen.session.log * times, screen.narrator())
    return log


async def test_the_newest_sentence_shows_at_the_bottom_of_the_log() -> None:
    s = session()
    app = SmallWorldApp(s, pass_screens=False)
    async with app.run_test(size=(100, 35)) as pilot:
        log = game_screen(app).query_one(LogPanel)
        await act(pilot, Action("pick", 0))
        await settle(pilot)
        assert "Amy picked" in log.sentences[-1].plain
        assert log.virtual_size.height == len(folded(log))
        assert log.scroll_y == log.max_scroll_y
        assert bottom_line(log) == folded(log)[-1].rstrip()


async def test_the_log_keeps_its_newest_sentences_and_folds_them_again_when_resized() -> None:
    s = session()
    app = SmallWorldApp(s, pass_screens=False)
    async with app.run_test(size=(100, 35)) as pilot:
        log = await picked_and_logged(pilot, app, SHOWN)
        assert len(log.sentences) == SHOWN
        assert log.virtual_size.height == len(folded(log))
        assert bottom_line(log) == folded(log)[-1].rstrip()
        width = log.scrollable_content_region.width
        await pilot.resize_terminal(140, 40)
        await settle(pilot)
        assert log.scrollable_content_region.width != width
        assert log.virtual_size.height == len(folded(log))
        assert bottom_line(log) == folded(log)[-1].rstrip()


async def test_the_wheel_scrolls_the_log_back_and_its_title_counts_the_lines_below() -> None:
    s = session()
    app = SmallWorldApp(s, pass_screens=False)
    async with app.run_test(size=(100, 35)) as pilot:
        log = await picked_and_logged(pilot, app, 20)
        await settle(pilot)
        assert log.vertical_scrollbar.size.width == 0  # no scroll bar to draw
        assert log.scrollable_content_region.width == log.content_region.width
        assert log.border_title == "Log" and log.scroll_y == log.max_scroll_y
        for _ in range(2):
            log.post_message(events.MouseScrollUp(log, 0, 0, 0, 0, 0, False, False, False))
            await settle(pilot)
        below = round(log.max_scroll_y - log.scroll_y)
        assert below > 0 and log.border_title == f"Log · ↓ {below} newer lines"
        log.write_events(s.log[-1:], game_screen(app).narrator())  # a new one shows the end
        await settle(pilot)
        assert log.scroll_y == log.max_scroll_y and log.border_title == "Log"


async def test_the_newest_line_stays_in_sight_when_the_log_changes_height() -> None:
    # At 80×24 the footer takes a second line in some phases, and the log one line less.
    s = session()
    app = SmallWorldApp(s, pass_screens=False)
    chooser = random.Random(1)
    async with app.run_test(size=(80, 24)) as pilot:
        log = game_screen(app).query_one(LogPanel)
        heights = set()
        for _ in range(20):
            await act(pilot, chooser.choice(s.view(s.actor).legal))
            await dismiss_modals(pilot)
            await settle(pilot)
            if log.display:
                heights.add(log.size.height)
                assert bottom_line(log) == folded(log)[-1].rstrip()
        assert len(heights) > 1  # (the case in question did happen)
