"""Who may enter a seat, over loopback as a hostile client would try it: a screen left open
from before, a seat reserved for a name, secrets guessed between successful logins."""

from __future__ import annotations

import asyncio

import asyncssh
import pytest

from remote.client import ENTER, ESCAPE, Player
from remote.servers import PASSWORD, Host
from remote.test_ssh import game, seated, until
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


async def test_a_seat_reserved_for_a_name_goes_only_to_the_holder_of_its_code(
        host: Host) -> None:
    host.server.tables.open(new_table(2, seed=3, names=["Amy", "Ben"]))  # table 2
    (_, _, amy_code), (_, _, ben_code) = host.server.tables.issue_codes()
    mallory = await Player.join(host.port, "amy", PASSWORD)  # the password and Amy's name
    for guess in ("aaaa-bbbb-cccc", ben_code):  # a guess, then the code of Ben's seat
        await claim(mallory, guess)
        await mallory.wait_for("That is not the code of this seat")
    assert host.server.tables.by_id[2].seats == [None, None]
    amy = await Player.join(host.port, "Amy", PASSWORD)
    secret = await amy.take_seat(row=1, code=amy_code)
    assert secret is not None
    await amy.wait_for("You have seat 1")
    amy.send("x")  # she gives it up: her code is used, her secret claims the seat again
    await amy.wait_for("in the lobby")
    again = await Player.join(host.port, "Amy", PASSWORD)
    await claim(again, amy_code)
    await again.wait_for("That is not the code of this seat")
    await claim(again, secret)
    await again.wait_for("This seat is yours")
    for player in (mallory, amy, again):
        await player.close()


async def claim(player: Player, code: str) -> None:
    """Ask for the seat reserved for the player's name at table 2 with ``code``."""
    await player.open_table(row=1)
    await player.wait_gone("That is not the code")
    await player.choose("Take a seat")
    await player.wait_for("type the code")
    player.send(code + ENTER)


async def test_right_passwords_between_wrong_ones_do_not_put_the_lockout_off(
        host: Host) -> None:
    failures = host.limits.failures_per_address
    for guess in range(failures):
        with pytest.raises((asyncssh.PermissionDenied, asyncssh.DisconnectError)):
            await asyncssh.connect("127.0.0.1", host.port, username="Amy",
                                   password=f"guess-{guess}", known_hosts=None,
                                   agent_path=None, config=[])
        if guess % 2 and guess < failures - 1:  # the right password after every second guess
            async with asyncssh.connect("127.0.0.1", host.port, username="Amy",
                                        password=PASSWORD, known_hosts=None, agent_path=None,
                                        config=[]):
                pass
    with pytest.raises(asyncssh.DisconnectError, match="failed logins from your address"):
        await Player.join(host.port, "Amy", PASSWORD)


async def test_secrets_guessed_between_successful_logins_shut_the_guesser_out(
        host: Host) -> None:
    """Each guess from a fresh login still counts: the guessing address is shut out; the seat
    is not, so the guesser cannot keep its owner out of it either."""
    (amy, secret), (ben, _) = await seated(host, "Amy", "Ben")
    assert secret is not None
    for guess in range(host.limits.failures_per_address):  # each try from a new login
        thief = await Player.join(host.port, "Amy", PASSWORD, address="127.0.0.2")
        await thief.open_table()
        await thief.choose("Play your seat")
        await thief.wait_for("Type the secret")
        thief.send(f"aaaa-bbbb-{guess + 2:04d}" + ENTER)
        last = guess == host.limits.failures_per_address - 1
        await thief.wait_for("Too many wrong secrets" if last else "not the secret")
        await thief.close()
    with pytest.raises(asyncssh.DisconnectError, match="failed logins from your address"):
        await Player.join(host.port, "Amy", PASSWORD, address="127.0.0.2")
    assert amy.process.exit_status is None  # Amy plays on
    amy.send("0")
    await until(lambda: game(host).record.actions == [Action("pick", 0)], "Amy's pick")
    await amy.close()
    back = await Player.join(host.port, "Amy", PASSWORD)  # her secret still works for her
    await back.open_table()
    await back.choose("Play your seat")
    await back.wait_for("Type the secret")
    back.send(secret + ENTER)
    await back.wait_for("Round 1", "Amy", "in hand")  # in her seat, her pick still there
    for player in (ben, back):
        await player.close()
