"""Names that look alike are one player or refused: their canonical form (PRECIS), their
skeleton (Unicode TR39), and names stored before these rules, over SSH and the web form."""

from __future__ import annotations

import asyncio
from pathlib import Path

import aiohttp
import asyncssh
import pytest

from remote.client import Player
from remote.servers import PASSWORD, Host, two_player_table
from remote.test_attacks import key_file
from remote.test_web import SIZE, Browser, log_in, ticket_of, web
from smallworld_tui.ssh.alike import likeness
from smallworld_tui.ssh.keys import KeyFileError, read_key_book
from smallworld_tui.ssh.names import looks_like, name_key, same_name, shown_name
from smallworld_tui.ssh.proofs import new_secret, proves

__all__ = ["web"]  # the fixture, from the web tests


def test_one_player_whatever_the_case_width_or_composition_of_the_name() -> None:
    assert name_key("Amy") == name_key("amy") == name_key("ＡＭＹ") == "amy"
    assert shown_name("Ａｍｙ") == "Amy"  # shown as ordinary letters
    assert shown_name("Zoe\u0301") == "Zoé" and same_name("Zoe\u0301", "ZOÉ")
    assert not same_name("Amy", "аmy") and not same_name("Amy", "Ann")


def test_names_that_look_alike_are_found_whatever_their_case() -> None:
    known = ["Ben", "Amy", "Alice", "Bot 2 (hard)"]
    for name, like in (("аmy", "Amy"), ("АMY", "Amy"), ("arny", "Amy"), ("AIice", "Alice"),
                       ("Вen", "Ben"), ("B0t 2 (hard)", "Bot 2 (hard)")):
        assert looks_like(name, known) == like, name
    for name in ("amy", "ＡＭＹ", "Ann", "Cai", "Bot 3 (hard)"):  # the same player, or unlike
        assert looks_like(name, known) is None, name
    assert likeness("Zoe\u0301") == likeness("Zoé") and likeness("1l") == likeness("Il")


async def said_to(port: int, name: str) -> str:
    """What the server says to a password login under ``name``, until it hangs up."""
    async with asyncssh.connect("127.0.0.1", port, username=name, password=PASSWORD,
                                known_hosts=None, agent_path=None, config=[]) as conn:
        process = await conn.create_process(term_type="xterm", encoding=None)
        said = await asyncio.wait_for(process.stdout.read(), 15)
    return bytes(said).decode()


async def test_look_alikes_of_a_player_here_and_blank_names_are_refused_clearly(
        host: Host) -> None:
    amy = await Player.join(host.port, "Amy", PASSWORD)
    await amy.take_seat()
    await amy.close()  # gone, but seated: her name is known
    for name, why in (("аmy", "it looks like Amy, another player's name here"),  # Cyrillic а
                      ("AMY\u3164", "U+1160 HANGUL JUNGSEONG FILLER: invisible"),
                      ("\u2800", "U+2800 BRAILLE PATTERN BLANK: symbols"),
                      ("\u3164", "FILLER: invisible")):
        said = await said_to(host.port, name)  # (asyncssh makes U+3164 the filler U+1160)
        assert said.startswith("Your name cannot be used (") and why in said, (name, said)
        assert "Connect with the name you want to play under" in said
    again = await Player.join(host.port, "AMY", PASSWORD)  # Amy herself, in capitals
    await again.wait_for("AMY in the lobby", "seat 1")
    await again.close()


async def test_a_name_like_one_bound_to_a_key_is_refused(tmp_path: Path) -> None:
    ben_key = asyncssh.generate_private_key("ssh-ed25519")
    host = Host(tmp_path, keys=read_key_book(key_file(tmp_path, Ben=ben_key)))
    await host.start()
    try:
        said = await said_to(host.port, "Вen")  # Cyrillic В
        assert "it looks like Ben" in said
    finally:
        await host.stop()
        host.store.close()


def test_a_keys_file_may_not_bind_names_that_look_alike(tmp_path: Path) -> None:
    amy, other = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    path = key_file(tmp_path, Amy=amy, **{"Аmy": other})
    with pytest.raises(KeyFileError, match="line 2: the name 'Аmy' looks like 'Amy'"):
        read_key_book(path)


async def test_the_web_form_refuses_stuffed_and_look_alike_names_and_knows_composed_ones(
        host: Host, web: str) -> None:
    zoe = await Player.join(host.port, "Zoé", PASSWORD)
    await zoe.take_seat()
    async with aiohttp.ClientSession() as http:
        for name, why in (("Amy" + "\u200b" * 5000, "more than 20 characters"),
                          ("Z\u200bo\u200be\u0301", "U+200B ZERO WIDTH SPACE"),
                          ("Ζoé", "it looks like Zoé")):  # Greek Ζ
            status, page = await log_in(http, web, name, PASSWORD)
            assert status == 400 and why in page, (name, page[:300])
            assert "\u200b" * 30 not in page  # the name is not sent back whole
        status, page = await log_in(http, web, "zoe\u0301", PASSWORD)  # two code points
        assert status == 200
        async with http.ws_connect(f"{web}/ws/{ticket_of(page)}?width={SIZE[0]}"
                                   f"&height={SIZE[1]}") as ws:
            browser = Browser(ws)
            await browser.shows("zoé in the lobby")
            await browser.shows("seat 1")  # Zoé's seat: the same player
    await zoe.close()


async def test_names_stored_before_the_rules_still_find_their_seats(tmp_path: Path) -> None:
    host = Host(tmp_path)
    table = host.tables.open(two_player_table())
    eli_secret, eli_proof = new_secret()
    zoe_secret, zoe_proof = new_secret()
    # as an older version stored them: an emoji name, an accent in two code points, as typed
    host.tables.take_seat(table, "😀 Eli", eli_proof)
    host.tables.take_seat(table, "Zoe\u0301", zoe_proof)
    await host.start()
    try:
        for name, secret in (("😀 Eli", eli_secret), ("Zoé", zoe_secret)):
            player = await Player.join(host.port, name, PASSWORD)
            await player.wait_for(f"{name} in the lobby", "seat ")
            await player.open_table()
            await player.choose("Play your seat")
            await player.wait_for("Type the secret")
            player.send(secret + "\r")
            await player.wait_for("Round 1", "5¢")
            await player.close()
        assert "cannot be used" in await said_to(host.port, "😀 Ann")  # not for new names
    finally:
        await host.stop()
        host.store.close()
    assert proves("key:strasse", key_holder="Straße")  # a key's seat, stored case folded
    assert proves("key:ame\u0301", key_holder="Amé")
