"""The hooks a race or a special power can fill in.

A race and a power are both *traits* of an army (a race/power combo on the map).  The core
calls these hooks at well-named moments; a trait overrides only the ones its rule touches,
so each race's or power's whole behaviour sits in one class.  Hooks receive the game state
and the army; they may change the state through the state's helpers.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, ClassVar

from smallworld_tui.engine.actions import Action

if TYPE_CHECKING:
    from smallworld_tui.engine.state import Army, GameState


class Trait:
    """Default behaviour: no effect.  ``kind`` is "race" or "power"."""

    kind: ClassVar[str] = ""
    id: ClassVar[str] = ""
    # numbers, filled from the data table by the registry
    tokens: int = 0
    max_tokens: int = 0

    # --- static properties -------------------------------------------------------------
    #: the rule keeps working while the race is in decline (Dwarves' mines, Ghouls)
    works_in_decline: ClassVar[bool] = False
    #: may hold Seas and the Lake (Seafaring)
    enters_water: ClassVar[bool] = False
    #: all tokens stay on the map in decline, and the race keeps conquering (Ghouls)
    acts_in_decline: ClassVar[bool] = False
    #: the race outside the one-declined-race limit, never removed by a decline (Spirit)
    outside_decline_limit: ClassVar[bool] = False
    #: no token is lost when a region of this race is conquered (Elves, while active)
    keeps_tokens_when_defeated: ClassVar[bool] = False
    #: the race may go into decline at the end of an expanding turn (Stout)
    declines_at_turn_end: ClassVar[bool] = False
    #: the reinforcement die is rolled before conquests instead of for the last one (Berserk)
    rolls_before_conquest: ClassVar[bool] = False

    #: kinds of the actions this trait offers and carries out in ``apply``
    actions: ClassVar[tuple[str, ...]] = ()

    # --- conquest ----------------------------------------------------------------------
    def entry_mask(self, g: GameState, army: Army) -> int:
        """Regions besides border regions where a race with no region may enter (Halflings)."""
        return 0

    def reach_mask(self, g: GameState, army: Army) -> int:
        """Regions this trait lets the army reach besides adjacent ones (Flying, Underworld)."""
        return 0

    def discount_mask(self, g: GameState, army: Army) -> int:
        """Regions whose conquest costs 1 token less thanks to this trait."""
        return 0

    def conquest_actions(self, g: GameState, army: Army) -> Iterator[Action]:
        """Extra conquest choices (Dragon, Sorcery, Berserk roll)."""
        return iter(())

    def shielded_mask(self, g: GameState, army: Army, attacker: Army) -> int:
        """Regions of ``army`` that ``attacker`` may not attack (Diplomat's ally)."""
        return 0

    def on_conquered(self, g: GameState, army: Army, region: int) -> None:
        """After the army took ``region`` (Troll's Lair, Halfling Hole)."""

    def on_turn_start(self, g: GameState, army: Army) -> None:
        """At the start of the owner's turn (Diplomat's protection ends)."""

    # --- troops ------------------------------------------------------------------------
    def on_picked(self, g: GameState, army: Army) -> None:
        """After the combo was taken and its tokens put in hand (Amazons' extra 4)."""

    def on_ready(self, g: GameState, army: Army) -> None:
        """When troops are readied at the start of an expanding turn (Amazons)."""

    def on_unready(self, g: GameState, army: Army) -> None:
        """Undo ``on_ready`` when the player declines instead of expanding."""

    def on_redeploy_start(self, g: GameState, army: Army) -> None:
        """Once tokens are lifted for redeployment (Skeletons, Amazons, pieces lifted)."""

    def redeploy_actions(self, g: GameState, army: Army) -> Iterator[Action]:
        """Extra redeployment choices (Fortress, Encampments, Heroes)."""
        return iter(())

    def redeploy_blocker(self, g: GameState, army: Army) -> str:
        """Why redeployment cannot end yet ("" when it can), e.g. Heroes not placed."""
        return ""

    # --- decline, scoring, end of turn -------------------------------------------------
    def on_decline(self, g: GameState, army: Army) -> None:
        """When the army goes into decline: remove the pieces tied to the active race."""

    def score(self, g: GameState, army: Army) -> int:
        """Bonus coins at the end of the owner's turn (active, or declined if it works then)."""
        return 0

    def end_actions(self, g: GameState, army: Army) -> Iterator[Action]:
        """Choices at the end of the turn, after scoring (Stout decline, Diplomat ally)."""
        return iter(())

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        """Carry out one of this trait's own actions (already known to be legal)."""
        raise AssertionError(f"{self.id} has no action {action.kind}")


class Race(Trait):
    kind = "race"


class NonEmptyConquestBonus(Trait):
    """+1 coin per non-empty region the army conquered this turn (Orcs, Pillaging)."""

    def score(self, g: GameState, army: Army) -> int:
        return g.turn.nonempty.get(army.id, 0)


class Power(Trait):
    kind = "power"
