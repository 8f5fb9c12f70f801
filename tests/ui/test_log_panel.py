"""The log: it fills down and turns half a page when full, keeps at most SHOWN sentences,
folded at its width."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest
from rich.text import Text
from textual import events
from textual.pilot import Pilot

from smallworld_tui.engine import Action
from smallworld_tui.session import GameSession
from smallworld_tui.ui.app import SmallWorldApp
from smallworld_tui.ui.controllers.handover import narrator
from smallworld_tui.ui.widgets.log_panel import DROPPED, SHOWN, LogPanel
from smallworld_tui.ui.wrap import fold_lines
from ui.driver import act, advance, dismiss_modals, game_screen, session, settle


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
    log.write_events(screen.session.log * times, narrator(screen.view))
    return log


async def test_the_newest_sentence_shows_below_the_others() -> None:
    s = session()
    app = SmallWorldApp(s, pass_screens=False)
    async with app.run_test(size=(100, 35)) as pilot:
        log = game_screen(app).query_one(LogPanel)
        await act(pilot, Action("pick", 0))
        await settle(pilot)
        assert "Amy picked" in log.sentences[-1].plain
        assert log.virtual_size.height >= len(folded(log))
        assert log.scroll_y == log.max_scroll_y
        assert bottom_line(log) == folded(log)[-1].rstrip()


@asynccontextmanager
async def two_players() -> AsyncIterator[tuple[GameSession, SmallWorldApp, Pilot[None]]]:
    """A new two-player game on a terminal of 100×35."""
    s = session()
    app = SmallWorldApp(s, pass_screens=False)
    async with app.run_test(size=(100, 35)) as pilot:
        yield s, app, pilot


async def test_the_log_fills_down_drawing_only_new_lines_then_turns_half_a_page(
        monkeypatch: pytest.MonkeyPatch) -> None:
    async with two_players() as (s, app, pilot):
        screen = game_screen(app)
        log = screen.query_one(LogPanel)
        await act(pilot, Action("pick", 0))
        advance(s, lambda g: len(g.log) >= 8, prefer=("conquer",))
        await settle(pilot)
        height = log.scrollable_content_region.height
        drawn: list[int] = []
        render_line = log.render_line
        monkeypatch.setattr(log, "render_line", lambda y: (drawn.append(y), render_line(y))[1])
        turned = False
        width = log.scrollable_content_region.width
        starts = {fold_lines(Text(narrator(screen.view).sentence(event)), width)[0].plain.rstrip()
                  for event in s.log}  # sentences of one line and of two, in turn
        for n in range(3 * height):
            top, lines, first = round(log.scroll_y), len(folded(log)), log.render_line(0).text
            drawn.clear()
            log.write_events(s.log[n % len(s.log):][:1], narrator(screen.view))
            await settle(pilot)
            redrawn = sorted(set(drawn))
            new = len(folded(log)) - lines
            rows = [log.render_line(y).text.rstrip() for y in range(height)]
            last = max(y for y, row in enumerate(rows) if row)
            assert rows[last] == folded(log)[-1].rstrip()  # the newest line is in sight
            if round(log.scroll_y) == top:  # room left: only the new lines are drawn
                assert log.render_line(0).text == first
                assert redrawn == list(range(lines - top, lines - top + new))
            else:  # full: half a page turned (to a sentence), the newest in the upper half
                turned = True
                assert last <= (height + 1) // 2 - 1 and not any(rows[last + 1:])
                assert rows[0] in starts
        assert turned


async def test_the_log_keeps_its_newest_sentences_and_folds_them_again_when_resized() -> None:
    s = session()
    app = SmallWorldApp(s, pass_screens=False)
    async with app.run_test(size=(100, 35)) as pilot:
        log = await picked_and_logged(pilot, app, SHOWN + DROPPED)
        assert SHOWN <= len(log.sentences) <= SHOWN + DROPPED
        assert log.virtual_size.height >= len(folded(log))
        assert bottom_line(log) == folded(log)[-1].rstrip()
        width = log.scrollable_content_region.width
        await pilot.resize_terminal(140, 40)
        await settle(pilot)
        assert log.scrollable_content_region.width != width
        assert log.virtual_size.height >= len(folded(log))
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
        height = log.scrollable_content_region.height
        for _ in range(height):  # back until the newest lines are out of sight
            log.post_message(events.MouseScrollUp(log, 0, 0, 0, 0, 0, False, False, False))
            await settle(pilot)
        below = len(folded(log)) - round(log.scroll_y) - height
        assert below > 0 and log.border_title == f"Log · ↓ {below} newer lines"
        log.write_events(s.log[-1:], narrator(game_screen(app).view))  # a new one shows the end
        await settle(pilot)
        assert log.scroll_y == log.max_scroll_y and log.border_title == "Log"


async def test_the_newest_line_stays_in_sight_when_the_log_changes_height() -> None:
    # The terminal is made taller and shorter again between moves.
    s = session()
    app = SmallWorldApp(s, pass_screens=False)
    chooser = random.Random(1)
    async with app.run_test(size=(80, 24)) as pilot:
        log = game_screen(app).query_one(LogPanel)
        heights = set()
        for n in range(20):
            await pilot.resize_terminal(80, 24 + n % 3)
            await act(pilot, chooser.choice(s.view(s.actor).legal))
            await dismiss_modals(pilot)
            await settle(pilot)
            if log.display:
                heights.add(log.size.height)
                assert bottom_line(log) == folded(log)[-1].rstrip()
        assert len(heights) > 1  # (the case in question did happen)


async def test_a_long_game_lets_old_sentences_go_in_batches_not_one_by_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    async with two_players() as (s, app, pilot):
        screen = game_screen(app)
        log = await picked_and_logged(pilot, app, SHOWN + DROPPED - 2)
        await settle(pilot)
        refreshes: list[tuple[object, ...]] = []
        refresh = log.refresh
        monkeypatch.setattr(log, "refresh", lambda *regions, **kw: (
            refreshes.append(regions), refresh(*regions, **kw))[1])
        whole = []
        for _ in range(DROPPED):
            refreshes.clear()
            log.write_events(s.log[-1:], narrator(screen.view))
            await settle(pilot)
            whole.append(() in refreshes)  # the whole log drawn again
            assert bottom_line(log) == folded(log)[-1].rstrip()
        assert SHOWN <= len(log.sentences) <= SHOWN + DROPPED
        assert 1 <= sum(whole) <= DROPPED // 2  # the batch let go, and page turns only


async def test_going_back_takes_back_the_last_sentences_as_a_rewrite_would(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A log given fewer events than it followed (a replay going back) lets the last
    sentences go without folding the others again, and ends as a rewrite would; once fewer
    than SHOWN - DROPPED would remain, it writes the older ones again."""
    async with two_players() as (s, app, pilot):
        screen = game_screen(app)
        log = screen.query_one(LogPanel)
        await act(pilot, Action("pick", 0))
        advance(s, lambda g: len(g.log) >= 40)
        await settle(pilot)
        events = s.log * 10  # more than the SHOWN sentences it keeps
        told = narrator(screen.view)
        log.follow(events, told, again=True)
        folds: list[int] = []
        add = log._add
        monkeypatch.setattr(log, "_add", lambda text: (folds.append(1), add(text))[1])
        log.follow(events[:-25], told)
        await settle(pilot)
        assert folds == []
        kept = [t.plain for t in log.sentences]
        lines = [line.text for line in log._lines]
        drawn = bottom_line(log)
        assert len(kept) == SHOWN - 25
        log.follow(events[:-25], told, again=True)  # a rewrite keeps SHOWN sentences
        await settle(pilot)
        rewritten = [t.plain for t in log.sentences]
        assert rewritten[-len(kept):] == kept
        assert [line.text for line in log._lines][-len(lines):] == lines
        assert bottom_line(log) == drawn
        folds.clear()
        log.follow(events[:-25 - DROPPED], told)
        assert [t.plain for t in log.sentences] == rewritten[:-DROPPED] and folds == []
        log.follow(events[:-26 - DROPPED], told)  # below SHOWN - DROPPED: the older again
        assert folds and [t.plain for t in log.sentences] == [
            told.sentence(e) for e in events[-26 - DROPPED - SHOWN:-26 - DROPPED]]
