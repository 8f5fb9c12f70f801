"""End to end over loopback: a real asyncssh server, asyncssh clients with pyte screens."""

from __future__ import annotations

import asyncio
import re

import asyncssh
import pytest

from remote.client import Player
from remote.servers import PASSWORD, Host
from smallworld_tui.names import display_name


def coins(screen: str, name: str) -> str:
    """The coin figure shown next to ``name`` in the players panel ("5" or "?")."""
    match = re.search(rf"{name}\s+(\d+|\?)¢", screen)
    assert match, f"no coins shown for {name}:\n{screen}"
    return match.group(1)


async def two_players(host: Host) -> tuple[Player, Player]:
    amy = await Player.join(host.port, "Amy", PASSWORD)
    await amy.wait_for("Waiting for 1 more")
    ben = await Player.join(host.port, "Ben", PASSWORD)
    await amy.wait_for("Amy", "Ben", "Round 1")
    await ben.wait_for("Amy", "Ben", "Round 1")
    return amy, ben


async def test_players_see_only_their_own_coins_and_spectators_none(host: Host) -> None:
    amy, ben = await two_players(host)
    cai = await Player.join(host.port, "Cai", PASSWORD)
    watch = await cai.wait_for("Amy", "Ben", "Round 1")
    assert coins(watch, "Amy") == "?" and coins(watch, "Ben") == "?"
    assert coins(amy.text(), "Amy") == "5" and coins(amy.text(), "Ben") == "?"
    assert coins(ben.text(), "Ben") == "5" and coins(ben.text(), "Amy") == "?"
    for p in (amy, ben, cai):
        await p.close()


async def test_players_joining_at_the_same_moment_all_get_the_game(host: Host) -> None:
    amy, ben = await asyncio.gather(Player.join(host.port, "Amy", PASSWORD),
                                    Player.join(host.port, "Ben", PASSWORD))
    for player in (amy, ben):
        await player.wait_for("Round 1", "Players")
        await player.close()


async def test_moves_show_on_every_screen_and_only_the_actor_acts(host: Host) -> None:
    amy, ben = await two_players(host)
    assert host.server is not None and host.server.session is not None
    session = host.server.session
    ben.send("0")  # not Ben's turn: nothing happens
    await asyncio.sleep(0.5)
    assert session.record.actions == []
    race = session.view(0).combos[0].race
    amy.send("0")  # Amy picks the top combo
    for _ in range(100):
        if session.record.actions:
            break
        await asyncio.sleep(0.05)
    assert [a.kind for a in session.record.actions] == ["pick"]
    army = session.view(1).active_army(0)
    assert army is not None and army.race == race
    await ben.wait_for(display_name("race", race))
    await amy.close()
    await ben.close()


async def test_dropped_player_gets_the_seat_back(host: Host) -> None:
    amy, ben = await two_players(host)
    assert host.server is not None and host.server.session is not None
    amy.send("0")
    await asyncio.sleep(0.5)
    picked = len(host.server.session.record.actions)
    await amy.close()  # the connection drops mid-turn
    await asyncio.sleep(0.3)
    again = await Player.join(host.port, "Amy", PASSWORD)
    screen = await again.wait_for("Amy", "Round 1")
    assert coins(screen, "Amy") != "?"
    assert len(host.server.session.record.actions) == picked
    assert host.server.names == ["Amy", "Ben"]
    await again.close()
    await ben.close()


async def test_server_restart_resumes_the_game(host: Host) -> None:
    amy, ben = await two_players(host)
    assert host.server is not None and host.server.session is not None
    amy.send("0")
    await asyncio.sleep(0.5)
    before = host.server.session.state.dumps()
    await amy.close()
    await ben.close()
    await host.stop()
    server = await host.start(resume=True)
    assert server.session is not None
    assert server.session.state.dumps() == before
    ben = await Player.join(host.port, "Ben", PASSWORD)
    screen = await ben.wait_for("Amy", "Ben", "Round 1")
    assert coins(screen, "Ben") == "5"
    await ben.close()


async def test_wrong_password_is_refused(host: Host) -> None:
    with pytest.raises(asyncssh.PermissionDenied):
        await asyncssh.connect("127.0.0.1", host.port, username="Amy", password="nope",
                               known_hosts=None)


async def test_garbage_and_wild_resizes_do_not_hurt(host: Host) -> None:
    amy, ben = await two_players(host)
    assert host.server is not None and host.server.session is not None
    amy.send(bytes(range(256)) * 4 + b"\x1b[999;999R\x1b[<0;1;1M\x1b[200~paste")
    for size in ((0, 0), (5000, 3000), (1, 1), (120, 36)):
        amy.process.change_terminal_size(*size)
        await asyncio.sleep(0.1)
    await ben.wait_for("Round 1")
    actions = host.server.session.record.actions
    # whatever the garbage did, the game is intact and still playable by its actor
    host.server.session.record.replay()
    assert all(a.kind in {"pick", "conquer", "end_conquest", "deploy", "end_redeploy",
                          "final", "abandon"} for a in actions)
    await amy.close()
    await ben.close()


async def test_a_client_without_a_terminal_is_told_why(host: Host) -> None:
    async with asyncssh.connect("127.0.0.1", host.port, username="Amy", password=PASSWORD,
                                known_hosts=None) as conn:
        result = await conn.run("play", check=False)
    assert "interactive terminal" in str(result.stdout)
