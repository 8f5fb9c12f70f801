"""Play as fast as clicking: a typical turn — pick, four conquests, a last conquest with the
die, redeployment into three regions, end — in 15 keypresses or fewer."""

from __future__ import annotations

from smallworld_tui.engine import Action, Record
from smallworld_tui.session import GameSession
from smallworld_tui.ui.app import SmallWorldApp
from ui.keyboard import Keyboard, region_keys

MOST_KEYS = 15


def typical_session() -> GameSession:
    """base-2p, Amy first; Merchant Ratmen (10 tokens) on top of the column; a 3 rolled."""
    return GameSession(Record(players=["Amy", "Ben"], map="base-2p", seed=1,
                              races=["ratmen"], powers=["merchant"], dice=[3]))


async def play_typical_turn(keyboard: Keyboard) -> None:
    """Amy enters from the west: Farmland 1, Forest 2, Swamp 3 (a Lost Tribe), Hill 4, then
    Farmland 9 with her last token and the die; she puts a token in Swamp 3 and Hill 4 and
    the rest in Farmland 9, and ends her turn."""
    await keyboard.pick(0)
    for region in (1, 2, 3, 4):
        await keyboard.region(region)
    await keyboard.region(9)  # 1 token short: a last conquest with the die
    await keyboard.close_die()
    await keyboard.place(3, 1)
    await keyboard.place(4, 1)
    army = keyboard.screen.view.army(keyboard.screen.view.acting)
    assert army is not None
    await keyboard.place(9, army.hand)  # all that is left
    await keyboard.end()


async def test_a_typical_turn_takes_at_most_15_keypresses() -> None:
    s = typical_session()
    app = SmallWorldApp(s, pass_screens=False)
    async with app.run_test(size=(80, 24)) as pilot:
        keyboard = Keyboard(pilot)
        await play_typical_turn(keyboard)
        actions = s.record.actions
        assert actions[0] == Action("pick", 0)
        conquered = [a.target for a in actions if a.kind in ("conquer", "final")]
        assert conquered == [1, 2, 3, 4, 9]
        placed = {a.target for a in actions if a.kind == "deploy"}
        assert placed == {3, 4, 9}
        assert actions[-1] == Action("end_redeploy")
        assert s.view(1).seat == 1  # Ben's turn: Amy's is over
        assert len(keyboard.pressed) <= MOST_KEYS, keyboard.pressed


def test_a_region_number_takes_its_digits_and_enter_only_while_it_waits() -> None:
    assert region_keys(7, 23) == ["7"]
    assert region_keys(1, 23) == ["1", "enter"]  # 10-19 exist
    assert region_keys(14, 23) == ["1", "4"]
    assert region_keys(4, 48) == ["4", "enter"] and region_keys(47, 48) == ["4", "7"]
