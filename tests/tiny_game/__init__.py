"""A game that exists only for the tests: five races, six powers (one with an action of its
own), one small map.  It is registered through the engine's public hook (``register_game``),
which is all a game needs besides its maps, texts and tests."""

from __future__ import annotations

from collections.abc import Iterator
from importlib import resources
from pathlib import Path

from smallworld_tui.engine import (
    Action,
    ActionKeys,
    Army,
    Game,
    GameState,
    Power,
    Race,
    Ruleset,
    kinds,
)


def plain(kind: type[Race] | type[Power], *ids: str) -> list[type[Race] | type[Power]]:
    """Races or powers with no rule of their own, one class per id."""
    return [type(id_.title(), (kind,), {"id": id_}) for id_ in ids]


RACES = plain(Race, "giants", "gnats", "moles", "owls", "voles")


class Restful(Power):
    """Once a turn, at its end, the player may rest for the coins of its data table row."""

    id = "restful"
    actions = kinds(rest=())

    def end_actions(self, g: GameState, army: Army) -> Iterator[Action]:
        if not g.turn.extra.get(self.qid):
            yield Action("rest")

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        g.turn.extra[self.qid] = 1
        g.gain(army.seat, self.num("coins"))


POWERS = [Restful, *plain(Power, "bold", "calm", "quick", "shy", "loud")]


GAME = Game(
    name="tiny",
    table=resources.files(__name__) / "table.json",
    rules=Ruleset,
    content=(*RACES, *POWERS),
    keys={"rest": ActionKeys("r", "Rest", "Rest for a coin")},
    maps=Path(__file__).parent / "maps",
)
