"""End to end over loopback: a real server, asyncssh clients with pyte screens, playing."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from pathlib import Path

import asyncssh

from remote.client import DOWN, ENTER, ESCAPE, Player
from remote.servers import PASSWORD, Host, two_player_table
from smallworld_tui.engine import Action
from smallworld_tui.names import display_name
from smallworld_tui.session import GameSession
from smallworld_tui.ssh.tables import new_table


def coins(screen: str, name: str) -> str:
    """The coin figure shown next to ``name`` in the players panel ("5" or "?")."""
    match = re.search(rf"{re.escape(name)}\s+(\d+|\?)¢", screen)
    assert match, f"no coins shown for {name}:\n{screen}"
    return match.group(1)


async def seated(host: Host, *names: str) -> list[tuple[Player, str | None]]:
    """Players who took the first table's seats, in order, once its game shows."""
    players = []
    for name in names:
        player = await Player.join(host.port, name, PASSWORD)
        players.append((player, await player.take_seat()))
    for player, _secret in players:
        await player.wait_for("Round 1", *names)
    return players


async def until(check: Callable[[], object], what: str, timeout: float = 10.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not check():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"never happened: {what}")
        await asyncio.sleep(0.05)


def game(host: Host, table: int = 1) -> GameSession:
    assert host.hosting is not None and host.hosting.hosts.local is not None
    return host.hosting.hosts.local.sessions[table]


async def test_each_sees_their_own_coins_only_the_actor_acts_and_a_watcher_never(
        host: Host) -> None:
    (amy, _), (ben, _) = await seated(host, "Amy", "Ben")
    cai = await Player.join(host.port, "Cai", PASSWORD)
    await cai.open_table()
    await cai.choose("Watch")
    watch = await cai.wait_for("Round 1", "you are watching; you cannot act")
    assert coins(watch, "Amy") == "?" and coins(watch, "Ben") == "?"
    assert coins(amy.text(), "Amy") == "5" and coins(amy.text(), "Ben") == "?"
    assert coins(ben.text(), "Ben") == "5" and coins(ben.text(), "Amy") == "?"
    assert "watching" not in amy.text()
    session = game(host)
    for key in ("0", "e", "u", "\x1a", "p", ENTER):  # a watcher's keys change nothing,
        cai.send(key)
    ben.send("0")  # nor do those of a player whose turn it is not
    await asyncio.sleep(0.5)
    assert session.record.actions == []
    race = session.view(0).combos[0].race
    amy.send("0")  # Amy picks the top combo, and everyone sees it
    await until(lambda: session.record.actions == [Action("pick", 0)], "Amy's pick")
    for p in (ben, cai):  # (the race was in the column already: the log says it is done)
        await p.wait_for("Amy picked", display_name("race", race), "Amy is conquering")
    for p in (amy, ben, cai):
        await p.close()


async def test_a_restart_restores_every_table(host: Host) -> None:
    (amy, _), (ben, _) = await seated(host, "Amy", "Ben")
    host.server.tables.open(new_table(3, seed=7))
    cai = await Player.join(host.port, "Cai", PASSWORD)
    await cai.wait_for("waiting for 3 more")
    await cai.take_seat(row=1)
    amy.send("0")
    await until(lambda: game(host).record.actions, "Amy's pick")
    before = game(host).state.dumps()
    for p in (amy, ben, cai):
        await p.close()
    await host.stop()
    await host.start()
    assert game(host).state.dumps() == before
    dee = await Player.join(host.port, "Dee", PASSWORD)
    lobby = await dee.wait_for("waiting for 2 more", "Cai")
    assert re.search(r"Amy, Ben\s+round 1/10, Amy to play", lobby), lobby
    await dee.close()


async def test_the_lobby_opens_tables_that_others_see_at_once(host: Host) -> None:
    amy = await Player.join(host.port, "Amy", PASSWORD)
    ben = await Player.join(host.port, "Ben", PASSWORD)
    await ben.wait_for("in the lobby", f"Others join with: ssh -p {host.port} NAME@127.0.0.1")
    amy.send("n")
    await amy.wait_for("Open a new table")
    amy.send("\t" * 6 + ENTER)  # game (base), players (3), map, option, bots, level: open
    await amy.wait_for("This seat is yours")
    amy.send(ENTER)
    await amy.wait_for("You have seat 1", "waiting for 2 more")
    await ben.wait_for("base-3p", "Amy, ·, ·")
    amy.send(ESCAPE)  # back to the lobby; the seat stays hers
    await amy.wait_for("in the lobby", "seat 1")
    await amy.open_table(row=1)
    await amy.choose("Give up your seat")
    await ben.wait_gone("base-3p")  # nobody sits there any more: the table closes
    await amy.close()
    await ben.close()


async def test_a_warcraft_team_table_from_the_lobby_shows_coins_to_partners_who_show_them(
        host: Host) -> None:
    amy = await Player.join(host.port, "Amy", PASSWORD)
    amy.send("n")
    await amy.wait_for("Open a new table", "Flying races may enter anywhere")


    async def pick(listed: str, *then: str) -> str:  # the focused field's next choice
        amy.send(ENTER)
        await amy.wait_for(listed)
        await asyncio.sleep(0.3)  # the list has the focus
        amy.send(DOWN + ENTER)
        return await amy.wait_for(*then)

    await pick("Small World of Warcraft",  # Underground: its maps and option
               "underground-3p", "Fisher counts pairs along one river")
    screen = await pick("Small World of Warcraft", "warcraft-3p (boards drawn at random)",
                        "Teams (Battle for Azeroth)")
    assert "Fisher" not in screen
    amy.send("\t")
    await pick("5", "warcraft-4p (boards drawn at random)")  # 4 players
    amy.send("\t\t ")  # teams: yes
    amy.send("\t" * 6 + ENTER)  # boards for 2, garrison forts, the Ashes, bots, level: open
    await amy.wait_for("This seat is yours")
    amy.send(ENTER)
    await amy.wait_for("Small World of Warcraft", "Teams (Battle for Azeroth): yes",
                       "Amy (Alliance), · (Horde), · (Alliance), · (Horde)")
    settings = host.server.tables.by_id[2].settings
    assert (settings.game, settings.players, settings.options["teams"]) == ("warcraft", 4, True)
    players = [amy]
    for name in ("Ben", "Cai", "Dee"):
        player = await Player.join(host.port, name, PASSWORD)
        await player.take_seat(row=1)
        players.append(player)
    screens = [await p.wait_for("Round 1", "Alliance", "Horde") for p in players]
    eve = await Player.join(host.port, "Eve", PASSWORD)
    await eve.open_table(row=1)
    await eve.choose("Watch")
    watched = await eve.wait_for("Round 1", "you are watching")
    names = ("Amy", "Ben", "Cai", "Dee")
    for seat, screen in enumerate(screens):  # each sees their own coins only
        seen = [coins(screen, name) != "?" for name in names]
        assert seen == [s == seat for s in range(4)], (names[seat], screen)
    assert [coins(watched, name) for name in names] == ["?"] * 4
    players[2].send("t")  # Cai, whose turn it is not, shows his coins to Amy, his partner
    await players[2].wait_for("Hide coins", "Teams · your coins shown")
    await amy.wait_for("Alliance Amy 5¢ · Cai 5¢")  # (she picks: the log is hidden)
    assert coins(amy.text(), "Cai") == "5"
    for p in (players[1], players[3], eve):
        await p.wait_for("Cai showed their coins")
        assert coins(p.text(), "Cai") == "?"
    eve.send("t")  # a watcher has no coins to show
    await asyncio.sleep(0.3)
    assert game(host, 2).state.coins_shown == [2]
    for p in (*players, eve):
        await p.close()


async def test_reserved_seats_go_to_their_names_and_the_table_starts(host: Host) -> None:
    host.server.tables.open(new_table(2, names=["Amy", "Ben"]))
    codes = [code for _table, _seat, code in host.server.tables.issue_codes()]
    cai = await Player.join(host.port, "Cai", PASSWORD)
    await cai.open_table(row=1)
    await cai.wait_for("(Amy), (Ben)")
    assert "Take a seat" not in cai.text()
    assert "no free seat for you" in await cai.wait_for("no free seat")
    amy = await Player.join(host.port, "Amy", PASSWORD)
    await amy.take_seat(row=1, code=codes[0])
    ben = await Player.join(host.port, "Ben", PASSWORD)
    await ben.take_seat(row=1, code=codes[1])
    for player in (amy, ben):
        await player.wait_for("Round 1", "Amy", "Ben")
    for player in (amy, ben, cai):
        await player.close()


async def test_random_bytes_and_wild_resizes_do_not_end_a_session(host: Host) -> None:
    (amy, _), (ben, _) = await seated(host, "Amy", "Ben")
    # Enters pasted into the command palette used to dismiss it twice, closing the game too
    amy.send(b"\x10pick\r\r\r\r\x1b\x1b")
    # then every byte but the keys that quit or leave, and broken escape sequences
    amy.send(bytes(b for b in range(256) if b not in (0x11, 0x03, ord("L")))
             + b"\x1b[999;999R\x1b[<0;1;1M\x1b[200~paste\xff\xfe\x1b[201~")
    for size in ((0, 0), (5000, 3000), (1, 1), (120, 36)):
        amy.process.change_terminal_size(*size)
        await asyncio.sleep(0.1)
    await asyncio.sleep(2)
    assert host.hosting is not None and host.hosting.hosts.local is not None
    assert host.hosting.hosts.local.visits == 2  # both game screens still run
    assert len(host.server.visitors) == 2
    await amy.wait_gone("in the lobby", timeout=30)  # a loaded host may still be digesting
    game(host).record.replay()  # whatever the noise did was legal
    amy.screen.resize(5, 20)  # a tiny terminal (resized first, then the server told, as a
    amy.process.change_terminal_size(20, 5)  # real one does) is asked to grow, in words that fit
    # the whole notice, not the first bytes of its frame (a loaded host sends it in pieces)
    await amy.wait_for("Please enlarge", "80×24", "20×5", timeout=30)
    await amy.close()
    await ben.close()


async def test_a_client_without_a_terminal_is_told_why(host: Host) -> None:
    async with asyncssh.connect("127.0.0.1", host.port, username="Amy", password=PASSWORD,
                                known_hosts=None) as conn:
        result = await conn.run("play", check=False)
    assert "interactive terminal" in str(result.stdout)


async def test_tables_play_at_once_in_workers_and_a_worker_that_dies_loses_nothing(
        tmp_path: Path) -> None:
    host = Host(tmp_path, workers=2)
    await host.start(two_player_table(), two_player_table())
    try:
        players = []
        for row, names in ((0, ("Amy", "Ben")), (1, ("Cai", "Dee"))):
            for name in names:
                player = await Player.join(host.port, name, PASSWORD)
                await player.take_seat(row=row)
                players.append(player)
        amy, ben, cai, dee = players
        await ben.wait_for("Round 1", "Amy", "Ben", "5¢")
        await amy.wait_for("pick a combo")  # her own screen shows the game before she types
        amy.send("0")
        await until(lambda: host.store.actions(1) == [Action("pick", 0)], "Amy's pick", 30)
        await dee.wait_for("Round 1", "Cai", "Dee")
        await cai.wait_for("pick a combo")
        cai.send("1")
        await until(lambda: host.store.actions(2) == [Action("pick", 1)], "Cai's pick", 30)
        assert host.hosting is not None
        hosts = host.hosting.hosts
        index = 1 % hosts.workers  # table 1's worker
        worker = hosts.table_workers[index].process
        assert worker is not None
        worker.kill()
        await amy.wait_for("in the lobby", "could not be shown")  # back in the lobby, told
        await until(lambda: hosts.table_workers[index].process is not worker, "a new worker",
                    timeout=30)  # a new process imports the whole App: slow on a loaded host
        await amy.open_table()
        await amy.choose("Play your seat")  # proved in this connection: no secret asked
        await amy.wait_for("Round 1", "Amy", "in hand")  # her pick is still there
        assert "could not be shown" not in cai.text()  # the other worker's table played on
        for p in players:
            await p.close()
    finally:
        await host.stop()
        host.store.close()
