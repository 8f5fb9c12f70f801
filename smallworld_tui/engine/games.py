"""Every game the engine plays, by name: its ruleset."""

from __future__ import annotations

from smallworld_tui.engine.content.underground.rules import UndergroundRules
from smallworld_tui.engine.content.warcraft.rules import WarcraftRules
from smallworld_tui.engine.errors import IllegalAction
from smallworld_tui.engine.ruleset import Ruleset

RULESETS: dict[str, Ruleset] = {"base": Ruleset("base"), "underground": UndergroundRules(),
                                "warcraft": WarcraftRules()}


def ruleset(game: str) -> Ruleset:
    """The ruleset of ``game`` (IllegalAction naming the known games if there is none)."""
    if game not in RULESETS:
        raise IllegalAction("unknown game {game} (known: {known})", game=repr(game),
                            known=", ".join(RULESETS))
    return RULESETS[game]
