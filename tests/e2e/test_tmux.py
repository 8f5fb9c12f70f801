"""The real program in a real terminal (tmux): start a game, play a turn, pass, quit."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = [
    pytest.mark.e2e,
    # without tmux these tests skip, except under CI, where they must run (and fail)
    pytest.mark.skipif(shutil.which("tmux") is None and not os.environ.get("CI"),
                       reason="tmux is not installed"),
]

ROOT = Path(__file__).parents[2]


class Terminal:
    """A detached tmux session running one command."""

    def __init__(self, name: str) -> None:
        self.name = name

    def tmux(self, *args: str) -> str:
        return subprocess.run(["tmux", *args], capture_output=True, text=True,
                              check=False).stdout

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", self.name)

    def keys(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", self.name, *keys)

    def wait_for(self, text: str, timeout: float = 15) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            screen = self.screen()
            if text in screen:
                return screen
            time.sleep(0.1)
        raise AssertionError(f"{text!r} did not appear; the screen shows:\n{self.screen()}")

    def alive(self) -> bool:
        return subprocess.run(["tmux", "has-session", "-t", self.name],
                              capture_output=True, check=False).returncode == 0


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[Terminal]:
    term = Terminal(f"sw-e2e-{uuid.uuid4().hex[:8]}")
    command = (f"cd {ROOT} && SMALLWORLD_TUI_DATA={tmp_path} {sys.executable} -m smallworld_tui "
               "play --players 2 --names Amy,Ben --seed 1")
    subprocess.run(["tmux", "new-session", "-d", "-s", term.name, "-x", "100", "-y", "30",
                    command], check=True)
    try:
        yield term
    finally:
        if term.alive():
            term.tmux("kill-session", "-t", term.name)


def test_a_turn_in_a_real_terminal(terminal: Terminal, tmp_path: Path) -> None:
    screen = terminal.wait_for("pick a combo")
    assert "Amy" in screen and "Ben" in screen and "Hill Elves" in screen
    terminal.keys("0")
    terminal.wait_for("region to conquer")
    terminal.keys("C-p")
    terminal.wait_for("Search for commands")
    terminal.keys("Conquer")
    time.sleep(0.5)
    terminal.keys("Enter")
    screen = terminal.wait_for("Amy's Hill Elves took")
    terminal.keys("e")
    terminal.wait_for("type a region (one each)")
    terminal.keys("a")
    terminal.wait_for("all tokens placed")
    terminal.keys("e")
    screen = terminal.wait_for("you scored")
    assert "Amy, you scored" in screen
    terminal.keys("Enter")
    screen = terminal.wait_for("Pass the device to Ben")
    assert "Amy, you scored" not in screen
    terminal.keys("Enter")
    terminal.wait_for("Ben: pick a combo")
    terminal.keys("C-q")
    deadline = time.monotonic() + 10
    while terminal.alive() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not terminal.alive()
    (save,) = (tmp_path / "saves").glob("autosave-*.json")
    actions = json.loads(save.read_text())["actions"]
    assert actions[0] == {"do": "pick", "slot": 0} and actions[-1] == {"do": "end_redeploy"}
