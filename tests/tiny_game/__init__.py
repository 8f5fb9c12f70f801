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


class Giants(Race):
    id = "giants"


class Gnats(Race):
    id = "gnats"


class Moles(Race):
    id = "moles"


class Owls(Race):
    id = "owls"


class Voles(Race):
    id = "voles"


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


class Bold(Power):
    id = "bold"


class Calm(Power):
    id = "calm"


class Quick(Power):
    id = "quick"


class Shy(Power):
    id = "shy"


class Loud(Power):
    id = "loud"


GAME = Game(
    name="tiny",
    table=resources.files(__name__) / "table.json",
    rules=Ruleset,
    content=(Giants, Gnats, Moles, Owls, Voles, Restful, Bold, Calm, Quick, Shy, Loud),
    keys={"rest": ActionKeys("r", "Rest", "Rest for a coin")},
    maps=Path(__file__).parent / "maps",
)
