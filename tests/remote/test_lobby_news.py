"""A lobby shows the tables' news, but redraws at most once a second however many come."""

from __future__ import annotations

import asyncio

import pytest

from smallworld_tui.ssh import lobby
from smallworld_tui.ssh.lobby import LobbyVisit
from smallworld_tui.ssh.tables import Table, new_table


class Desk:
    """Answers the lobby's one question here: the tables, as they are now."""

    def __init__(self) -> None:
        self.tables = [Table(id=1, settings=new_table(3, "base-3p", seed=1), seats=[None] * 3)]
        self.asked = 0

    async def listing(self) -> list[Table]:
        self.asked += 1
        return [Table.from_json(table.to_json()) for table in self.tables]


async def test_news_that_keep_coming_redraw_a_lobby_once_a_second_and_the_last_shows(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lobby, "NEWS_SECONDS", 1.0)
    desk = Desk()
    news = [Table(id=table, settings=new_table(2, "base-2p", seed=table), seats=[None] * 2)
            for table in range(2, 17)]
    shown = asyncio.Event()
    output: list[bytes] = []
    visit = LobbyVisit(desk, "Amy", "ssh …", "", (100, 30), output.append,  # type: ignore[arg-type]
                       shown.set)
    task = asyncio.create_task(visit.run())
    await asyncio.wait_for(shown.wait(), 10)
    assert desk.asked == 1
    for table in news:  # a new table every 20 ms for 0.3 s
        desk.tables.append(table)
        visit.tables_changed()
        await asyncio.sleep(0.02)
    assert desk.asked == 2  # the first news at once, the others wait for 1 s to pass
    await asyncio.sleep(1.0)
    assert desk.asked == 3  # then once for all of them
    assert visit.app is not None
    assert visit.app.tables.keys() == {t.id for t in desk.tables}  # the last news shown
    visit.exit()
    await asyncio.wait_for(task, 10)
