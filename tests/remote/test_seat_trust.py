"""Who may enter a seat, over loopback as a hostile client would try it: a screen left open
from before, a seat reserved for a name, secrets guessed between successful logins."""

from __future__ import annotations

import asyncio

from remote.client import ENTER, ESCAPE, Player
from remote.servers import PASSWORD, Host
from remote.test_ssh import game, until
from smallworld_tui.engine import Action
from smallworld_tui.ssh.tables import new_table


async def test_a_menu_left_open_on_a_seat_given_up_meanwhile_never_enters_it(
        host: Host) -> None:
    host.server.tables.open(new_table(3, seed=2))  # table 2, on the lobby's second row
    amy = await Player.join(host.port, "Amy", PASSWORD)
    secret = await amy.take_seat(row=1)
    assert secret is not None
    cai = await Player.join(host.port, "Cai", PASSWORD)
    await cai.take_seat(row=1)
    await amy.wait_for("You have seat 1")
    amy.send(ESCAPE)
    await amy.open_table(row=1)  # "Wait at your seat", left open on this terminal
    await amy.wait_for("Wait at your seat", "Give up your seat")
    again = await Player.join(host.port, "Amy", PASSWORD)  # her second terminal
    await again.open_table(row=1)
    await again.choose("Give up your seat")
    await again.wait_for("Type the secret")
    again.send(secret + ENTER)
    await again.wait_for("You gave up your seat at table 2")
    ben = await Player.join(host.port, "Ben", PASSWORD)
    await ben.take_seat(row=1)  # seat 1, Amy's before
    await ben.wait_for("You have seat 1")
    amy.send(ENTER)  # the old menu's "Wait at your seat"
    await amy.wait_for("You no longer have a seat at table 2")
    dee = await Player.join(host.port, "Dee", PASSWORD)
    await dee.take_seat(row=1)
    await ben.wait_for("Round 1", "5¢")  # the game is Ben's to play, on his own terminal
    ben.send("0")
    await until(lambda: game(host, 2).record.actions == [Action("pick", 0)], "Ben's pick")
    await asyncio.sleep(0.3)
    assert ben.process.exit_status is None and b"taken over" not in ben.raw
    assert "Round 1" not in amy.text() and "in the lobby" in amy.text()
    for player in (amy, again, ben, cai, dee):
        await player.close()
