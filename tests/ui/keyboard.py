"""A player at the keyboard: the keys for what they mean to do (pick a combo, conquer a
region, place tokens, end a phase), pressed through Pilot and counted.

Used by the keypress test of a typical turn and by ``bench/ui.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from textual.pilot import Pilot

from smallworld_tui.ui.app import SmallWorldApp
from smallworld_tui.ui.region_entry import RegionEntry
from smallworld_tui.ui.screens.die_roll import DieScreen
from smallworld_tui.ui.screens.game import GameScreen
from smallworld_tui.ui.screens.pass_device import PassScreen


def region_keys(region: int, regions: int) -> list[str]:
    """The keys that type a region's number: its digits, then Enter if the number is still
    waiting for more."""
    entry = RegionEntry(regions)
    keys = list(str(region))
    complete = [entry.type(d)[1] for d in keys][-1]
    return keys if complete else [*keys, "enter"]


@dataclass
class Keyboard:
    """Presses keys on a running app and counts them."""

    pilot: Pilot[None]
    pressed: list[str] = field(default_factory=list)

    @property
    def screen(self) -> GameScreen:
        app = self.pilot.app
        assert isinstance(app, SmallWorldApp)
        return next(s for s in app.screen_stack if isinstance(s, GameScreen))

    async def press(self, *keys: str) -> None:
        for key in keys:
            self.pressed.append(key)
            await self.pilot.press(key)
            await self.pilot.pause()

    async def pick(self, slot: int) -> None:
        """The number before the combo: its price."""
        await self.press(str(next(c.price for c in self.screen.view.combos if c.slot == slot)))

    async def region(self, region: int) -> None:
        """Type a region's number: conquer it, roll for it, or place a token there."""
        await self.press(*region_keys(region, len(self.screen.view.map.regions)))

    async def place(self, region: int, tokens: int) -> None:
        """Put ``tokens`` tokens in ``region``: its number places one, then ``a`` the rest of
        the hand or ``+`` one more each."""
        await self.region(region)
        rest = tokens - 1
        army = self.screen.view.army(self.screen.view.acting)
        if rest and army is not None and rest == army.hand:
            await self.press("a")
        else:
            await self.press(*["plus"] * rest)

    async def on_region(self, key: str, region: int) -> None:
        """What ``key`` puts on a region (a Hero, a Fortress…) put on ``region``: the region
        chosen with a click (counted), then the key."""
        self.screen.map_view.cursor = region
        self.pressed.append("click")
        await self.press(key)

    async def end(self) -> None:
        await self.press("e")

    async def close_die(self) -> None:
        """Read the die and press a key to go on (counted: the player presses it)."""
        assert isinstance(self.pilot.app.screen, DieScreen)
        await self.press("space")

    async def pass_device(self) -> None:
        """Between players (not part of anyone's turn: not counted)."""
        app = self.pilot.app
        for _ in range(6):
            if isinstance(app.screen, PassScreen):
                app.screen.action_continue()
                await self.pilot.pause()
