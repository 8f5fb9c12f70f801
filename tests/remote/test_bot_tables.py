"""Tables with computer players: set up, seated and stored; the table host plays them."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from remote.client import ENTER, Player
from remote.servers import PASSWORD, Host
from remote.test_ssh import until
from smallworld_tui.cli import main
from smallworld_tui.engine import Action, IllegalAction
from smallworld_tui.session import GameSession
from smallworld_tui.ssh.proofs import proves
from smallworld_tui.ssh.store import Store
from smallworld_tui.ssh.table_host import TableHost
from smallworld_tui.ssh.tables import SeatRefused, Tables, new_table


@pytest.fixture
def tables(tmp_path: Path) -> Tables:
    return Tables(Store(tmp_path / "t.sqlite3"))


def test_bots_take_the_last_seats_and_the_opener_the_first(tables: Tables) -> None:
    settings = new_table(3, bots=["hard", "easy"])
    assert settings.bots == {1: "hard", 2: "easy"}
    table = tables.open(settings)
    assert [s.name if s else None for s in table.seats] == [None, "Bot 2 (hard)",
                                                            "Bot 3 (easy)"]
    assert tables.take_seat(table, "Amy", "p") == 0
    assert table.started  # the person was the last seat to fill
    restored = Tables(tables.store)
    restored.restore()
    again = restored.by_id[table.id]
    assert again.settings.bots == {1: "hard", 2: "easy"} and again.started
    assert again.settings.record(["Amy", "Bot 2 (hard)", "Bot 3 (easy)"]).bots == \
        {1: "hard", 2: "easy"}


def test_nobody_takes_plays_or_gives_up_a_bots_seat(tables: Tables) -> None:
    table = tables.open(new_table(3, bots=["normal"]))
    bot = table.seats[2]
    assert bot is not None and bot.bot
    assert table.free_seat_for("bot 3 (NORMAL)") is None  # nobody sits beside a namesake
    assert table.seat_of("Bot 3 (normal)") is None  # a namesake does not own the bot's seat
    assert not any(proves(bot.proof, key_holder=name, secret=name)
                   for name in ("Bot 3 (normal)", "", "bot:normal", "normal"))
    tables.leave(table, 2)
    assert table.seats[2] is bot
    tables.take_seat(table, "Amy", "p")
    tables.leave(table, 0)  # only bots left: the table closes
    assert table.id not in tables.by_id
    with pytest.raises(SeatRefused):
        tables.take_seat(table, "Ben", "p")


def test_bot_tables_are_checked() -> None:
    with pytest.raises(IllegalAction, match="at least one person"):
        new_table(2, bots=["easy", "easy"])
    with pytest.raises(IllegalAction, match="unknown computer player level"):
        new_table(2, bots=["grandmaster"])
    with pytest.raises(IllegalAction):
        new_table(3, names=["Amy", "Ben", "Cai"], bots=["hard"])
    settings = new_table(3, names=["Amy", "Ben"], bots=["hard"])
    assert settings.names == ("Amy", "Ben", "Bot 3 (hard)")


@pytest.mark.parametrize("bots", [{"1": "grandmaster"}, {"7": "easy"}, {"x": "easy"}])
def test_a_stored_table_with_bad_bots_is_damaged_not_played(tables: Tables,
                                                            bots: dict[str, str]) -> None:
    settings = new_table(2).to_json()
    settings["bots"] = bots
    table_id = tables.store.create_table(settings)
    tables.restore()
    assert tables.by_id[table_id].damaged is not None


def human_turn(session: GameSession) -> None:
    """Seat 0 picks the first combo and ends its turn at once."""
    while session.actor == 0:
        legal = session.observe(0)[1]
        plain = [a for a in legal if a.kind in ("end_conquest", "end_redeploy", "end_turn")]
        session.apply(plain[0] if plain else Action("pick", 0) if Action("pick", 0) in legal
                      else legal[-1], 0)


def test_the_table_host_plays_the_bots_and_stores_their_moves(tables: Tables) -> None:
    table = tables.open(new_table(3, seed=4, bots=["easy", "random"]))
    tables.take_seat(table, "Amy", "p")
    news: list[dict[str, Any]] = []
    host = TableHost(tables.store, news.append, bot_pace=0)

    async def play() -> int:
        session = host.session(table.id)
        assert session is not None
        human_turn(session)  # the bots' turns follow at once, played by the host
        for _ in range(200):
            await asyncio.sleep(0.02)
            if session.actor == 0:
                break
        await host.stop()
        assert session.actor == 0 and session.state.turn_number > 0
        return len(session.record.actions)

    played = asyncio.run(play())
    assert len(tables.store.actions(table.id)) == played  # every move stored
    assert news[-1]["progress"]["actor"] == 0


def test_serve_checks_the_bots_of_its_first_table(tmp_path: Path) -> None:
    env = {"SMALLWORLD_TUI_DATA": str(tmp_path)}
    args = ["--lang", "en", "serve", "--port", "1", "--db", str(tmp_path / "s.sqlite3")]
    result = CliRunner().invoke(main, [*args, "--bots", "hard,wizard"], env=env)
    assert "unknown computer player level wizard" in result.output
    result = CliRunner().invoke(main, [*args, "--bots", "hard", "--players", "3", "--names",
                                       "Amy,Ben,Cai"], env=env)
    assert "--names must give exactly 2 names" in result.output


async def test_a_player_opens_a_table_with_bots_in_the_lobby_and_they_play(host: Host) -> None:
    amy = await Player.join(host.port, "Amy", PASSWORD)
    await amy.open_bot_table()
    await amy.wait_for("This seat is yours")
    amy.send(ENTER)
    await amy.wait_for("Round 1", "Bot 2 (normal)", "Bot 3 (normal)")
    assert host.hosting is not None and host.hosting.hosts.local is not None
    local = host.hosting.hosts.local
    table = next(t for t in host.server.tables.listing() if t.settings.bots)
    assert table.settings.bots == {1: "normal", 2: "normal"} and table.started
    session = local.sessions[table.id]
    local.bots[table.id].pace = 0
    human_turn(session)
    await until(lambda: session.actor == 0, "the bots played their turns")
    assert session.state.round == 2  # each bot played one turn
    await amy.wait_for("Round 2")
    await amy.close()
