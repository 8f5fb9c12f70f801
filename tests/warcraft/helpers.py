"""Facts of the Warcraft test islands (tests/maps/wc-test.map) for the rule tests."""

from __future__ import annotations

from pathlib import Path

from scenario import TEST_MAPS, act, give, scenario

from smallworld_tui.engine import Event, GameState
from smallworld_tui.engine.bitset import bits
from smallworld_tui.engine.phase import PLACING, Phase
from smallworld_tui.engine.registry import RACES
from smallworld_tui.engine.state import Army

WC_TEST_MAP = TEST_MAPS / "wc-test.map"  # for 3 players; the ``wc_map`` fixture: any count
ISLANDS = (range(0, 8), range(8, 13), range(13, 17))
ENTRIES = {0, 2, 5, 8, 11, 13, 14}
MARKERS = {4, 10, 15}  # one size icon per island
MURLOCS = {0, 7, 9}
MOUNTAINS = {3, 12}
LAKE = 6


def wc_game(players: int = 3, map_name: str = str(WC_TEST_MAP), seed: int = 0,
            murlocs: bool = False, markers: bool = False, **options: bool | str) -> GameState:
    """A Warcraft game on the test islands, seat 0 to pick; without Murlocs and with the
    markers put back in the box unless asked for."""
    g = scenario(players, map_name, seed, clear_tribes=not murlocs, game="warcraft",
                 **options)
    if not markers:
        g.hidden += g.facedown.values()
        g.facedown.clear()
    return g


def play_out(g: GameState) -> list[Event]:
    """End the conquests, put every hand (the player's, then the defenders') in the first
    region of its army, and end the turn."""
    events = []
    if g.phase == Phase.CONQUER:
        events += act(g, "end_conquest")
    while g.phase in PLACING:
        army = g.armies[g.turn.acting]
        if army.hand and army.mask:
            events += act(g, "deploy", min(bits(army.mask)), army.hand)
        events += act(g, "end_redeploy")
    if g.phase == Phase.END:
        events += act(g, "end_turn")
    return events


def breakdown(events: list[Event], seat: int) -> dict[str, int]:
    """The scoring lines of ``seat``'s turn, by label."""
    scored = next(e for e in events if e.kind == "scored" and e.seat == seat)
    return {label: coins for label, coins in scored["breakdown"]}


def set_coins(g: GameState, seat: int, coins: int) -> None:
    """Bring ``seat``'s coins to ``coins`` through the bank (coins stay conserved)."""
    if coins < g.coins[seat]:
        g.pay(seat, g.coins[seat] - coins)
    else:
        g.gain(seat, coins - g.coins[seat])


def lay(g: GameState, item: str, region: int) -> None:
    """Put a marker (a qualified id) face up in ``region``, from the box."""
    g.hidden.remove(item)
    g.move_item(item, region)


def lines(events: list[Event], seat: int) -> dict[str, int]:
    """``breakdown`` without the region lines: the bonuses ``seat`` scored."""
    return {k: v for k, v in breakdown(events, seat).items() if not k.startswith("regions:")}


def with_setup(g: GameState, seat: int, race: str, power: str,
               regions: dict[int, int] | None = None, hand: int = 0) -> Army:
    """``give`` a combo as if just picked: its race's set-up (bomb pile, objectives) done."""
    army = give(g, seat, race, power, regions, hand=hand)
    RACES[army.race].on_picked(g, army)
    return army


def to_end(g: GameState) -> None:
    """End the conquests and redeploy (the hand in the first region): the end of the turn,
    after scoring, where the turn's last choices wait."""
    act(g, "end_conquest")
    army = g.armies[g.turn.acting]
    if army.hand:
        act(g, "deploy", min(bits(army.mask)), army.hand)
    act(g, "end_redeploy")
    assert g.phase == Phase.END


def map_with(tmp_path: Path, *changes: tuple[str, str]) -> str:
    """The test islands with some region lines changed."""
    text = WC_TEST_MAP.read_text(encoding="utf-8")
    for old, new in changes:
        assert old in text
        text = text.replace(old, new)
    path = tmp_path / "wc-changed.map"
    path.write_text(text, encoding="utf-8")
    return str(path)
