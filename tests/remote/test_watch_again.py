"""A finished table watched again over SSH: the lobby opens the replay viewer on the game the
server's store holds, which steps through it and changes nothing; and a remote player's end
screen watches the game again or goes back to the lobby, never to the host's new-game screen
(it lists and writes the host's saves)."""

from __future__ import annotations

import re
from pathlib import Path

from ui.driver import settle

from remote.client import Player
from remote.servers import PASSWORD, Host
from remote.test_table_limits import finished_table
from smallworld_tui.bots.random_play import play_random_game
from smallworld_tui.session import GameSession
from smallworld_tui.ssh.app import LOBBY, TableApp
from smallworld_tui.ssh.driver import AppTerminal
from smallworld_tui.ui.screens.end import EndScreen
from smallworld_tui.ui.screens.new_game import NewGameScreen
from smallworld_tui.ui.screens.replay import ReplayScreen

HOME, END = "\x1b[H", "\x1b[F"
GAME_KEYS = "0123456789edxbpau\rosytfcHqmn \t+"  # every key a game screen acts on


async def test_a_finished_table_is_watched_again_from_the_store_and_never_changed(
        tmp_path: Path) -> None:
    host = Host(tmp_path)
    table = finished_table(host.tables, 5)
    moves = len(host.store.actions(table))
    await host.start()
    try:
        amy = await Player.join(host.port, "Amy", PASSWORD, size=(80, 24))
        await amy.open_table()
        await amy.choose("Watch the game again")
        await amy.wait_for(f"Watching again: move 0 of {moves}", "as a spectator")
        amy.send(".")
        await amy.wait_for(f"move 1 of {moves}", "Amy picked")
        amy.send("]")  # Ben's turn
        screen = await amy.wait_for("Ben is picking")
        assert re.search(rf"move \d+ of {moves}", screen)
        amy.send("v")
        await amy.wait_for("as Amy")
        amy.send(END)
        await amy.wait_for(f"move {moves} of {moves}", "Game over")
        amy.send(GAME_KEYS + HOME)
        await amy.wait_for(f"move 0 of {moves}")
        assert len(host.store.actions(table)) == moves
        amy.send("L")
        await amy.wait_for("in the lobby")
        await amy.close()
    finally:
        await host.stop()
        host.store.close()


async def test_a_remote_end_screen_watches_again_or_goes_back_to_the_lobby() -> None:
    _state, record = play_random_game(["Amy", "Ben"], "base-2p", 5)
    app = TableApp(GameSession(record), 0, 1, AppTerminal(lambda data: None, (100, 35)))
    async with app.run_test(size=(100, 35)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, EndScreen)
        await pilot.press("w")
        await settle(pilot)
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, EndScreen)
        await pilot.press("n")
        await settle(pilot)
        assert not any(isinstance(s, NewGameScreen) for s in app.screen_stack)
    assert app.leaving_to == LOBBY
