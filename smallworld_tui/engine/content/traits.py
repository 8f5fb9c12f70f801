"""The hooks a race, a special power or an item (relic, place, artifact) can fill in.

Races and powers are *traits* of an army (a race/power combo on the map); an item lends its
hooks to the army holding its region.  The core calls these hooks at well-named moments; a
class overrides only the ones its rule touches, so each race's, power's or item's whole
behaviour sits in one class.  Hooks receive the game state and the army; they change the
state through the state's helpers.  Numbers come from the data table row (``num``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from smallworld_tui.engine.actions import Action

if TYPE_CHECKING:
    from smallworld_tui.engine.piles import Pile
    from smallworld_tui.engine.rng import Rng
    from smallworld_tui.engine.state import Army, GameState

#: (mask of regions, tokens added to their cost): a negative change is a discount
CostChange = tuple[int, int]
#: a refusal: a translatable message template and its parameters
Reason = tuple[str, dict[str, Any]]


class Content:
    """Default behaviour: no effect.  Subclasses set ``kind`` and ``id`` (bare, as in the
    game's data table); the registry sets ``game``, ``qid`` (``game:id``) and ``row``."""

    kind: ClassVar[str] = ""
    id: ClassVar[str] = ""
    game: str = ""
    qid: str = ""
    row: dict[str, Any] = {}  # noqa: RUF012  # replaced per instance by the registry
    # numbers, filled from the data table by the registry
    tokens: int = 0
    max_tokens: int = 0

    # --- static properties -------------------------------------------------------------
    #: the rule keeps working while the race is in decline (Dwarves' mines, Ghouls); a class
    #: may read it from its data table row (``read_row``)
    works_in_decline: bool = False
    #: may hold water regions (Seafaring)
    enters_water: ClassVar[bool] = False
    #: its tokens need not leave the regions that must be emptied at redeployment (rivers)
    stays_in_rivers: ClassVar[bool] = False
    #: the declined race still conquers and redeploys at the start of each turn (Ghouls)
    acts_in_decline: ClassVar[bool] = False
    #: every token stays on the map when the race goes into decline (Ghouls)
    keeps_tokens_on_decline: ClassVar[bool] = False
    #: the race redeploys its tokens once more right after going into decline
    redeploys_on_decline: ClassVar[bool] = False
    #: the race outside the one-declined-race limit, never removed by a decline (Spirit)
    outside_decline_limit: ClassVar[bool] = False
    #: no token is lost when a region of this race is conquered (Elves, while active)
    keeps_tokens_when_defeated: ClassVar[bool] = False
    #: the reinforcement die is never rolled for a last conquest (Berserk rolls before)
    no_final_roll: ClassVar[bool] = False
    #: pays no travel cost to land on a distant entry region (islands)
    no_travel_cost: ClassVar[bool] = False
    #: its ``loss_dealt`` and ``on_conquered`` are help it gives a conquest (a readied relic
    #: taken along, what it spares or costs the defender): not called when the region is
    #: one no rule may help to take (``unaided_mask``, Gnomes) — nor used nor moved there
    helps_conquest: ClassVar[bool] = False
    #: its ``conquest_aid`` is race tokens kept as pieces (Beasts): they count toward the
    #: token in hand a conquest needs and may pay a whole conquest, of any region; lifted at
    #: redeployment, they may leave regions short, to be filled again (``redeploy_room``)
    aid_is_tokens: ClassVar[bool] = False
    #: the kind of piece (qualified id) without which in a region its ``on_any_conquest``
    #: does nothing there (the Humans' objectives): a conquest of a region with none of the
    #: kinds the game's watching rules name tells none of them (``Ruleset.watched_pieces``);
    #: "" if it may react to a conquest of any region
    watched_piece: ClassVar[str] = ""
    #: its rules may change the power its army holds (Shadow Mimes swap badges): the core
    #: then never counts on an army keeping its power (``Ruleset.swaps_power``)
    swaps_power: ClassVar[bool] = False
    #: why this trait keeps an attacker out of the regions of ``shielded_mask``
    shield_reason: ClassVar[str] = ""
    #: its ``score`` changes the game or scores other rules (Thieving takes coins, Magic
    #: scores the relic in its bag): a rule weighing what the others pay (the Scepter) scores
    #: it on a copy of the game, and the others on the game itself
    acts_when_scoring: ClassVar[bool] = False
    #: the map features the rule is about ("terrain:mudpool", "symbol:volcano",
    #: "kind:chasm"): on a map with none of them it means nothing, and the game leaves it out
    #: (the mixing rules); empty: it means something on every map
    needs: ClassVar[tuple[str, ...]] = ()

    #: the kinds of the actions this class offers and carries out in ``apply``, with the
    #: names of their parameters (target, count) as in the record format (see ``kinds``)
    actions: ClassVar[Mapping[str, tuple[str, ...]]] = MappingProxyType({})

    def read_row(self) -> None:
        """Take from the data table row (``row``, just given by the registry) what the class
        reads there besides its numbers (nothing by default)."""

    def num(self, key: str) -> int:
        """A number of this content's data table row."""
        return int(self.row[key])

    def terrain(self, g: GameState, name: str) -> int:
        """Regions of terrain ``name`` (in this content's game, through the mixing
        equivalences when the map belongs to another game)."""
        return g.feature_mask("terrain", name, self.game)

    def symbol(self, g: GameState, name: str) -> int:
        """Regions showing symbol ``name`` (same rules as ``terrain``)."""
        return g.feature_mask("symbol", name, self.game)

    def fits(self, g: GameState) -> bool:
        """Whether the rule means something on the game's map (see ``needs``)."""
        for need in self.needs:
            kind, _, name = need.partition(":")
            if g.map.kind_mask(name) if kind == "kind" else g.feature_mask(kind, name,
                                                                            self.game):
                return True
        return not self.needs

    def min_cost(self) -> int:
        """The fewest tokens this race ever pays for a conquest."""
        return 1

    def tokens_kept(self) -> int:
        """Tokens the race leaves in each region when it readies troops or declines, and the
        fewest a region of the race ever holds, active or declined (the Tauren's 2)."""
        return 1

    # --- conquest ----------------------------------------------------------------------
    def entry_mask(self, g: GameState, army: Army) -> int:
        """Regions besides border regions where a race with no region may enter (Halflings)."""
        return 0

    def reach_mask(self, g: GameState, army: Army) -> int:
        """Regions this trait lets the army reach besides adjacent ones (Flying, Underworld)."""
        return 0

    def cost_changes(self, g: GameState, army: Army) -> tuple[CostChange, ...]:
        """Changes to the army's conquest costs, as (regions, tokens added) pairs."""
        return ()

    def conquest_aid(self, g: GameState, army: Army) -> int:
        """Strength left this turn that pays for conquests besides the tokens in hand and
        never defends a region (Silver Hammers).  It pays all but the tokens a region of the
        race keeps (``tokens_kept``, one for most races) of a conquest, never against a
        region no rule may help to take (``unaided_mask``)."""
        return 0

    def on_aid_used(self, g: GameState, army: Army, region: int, used: int) -> None:
        """``used`` of the army's ``conquest_aid`` paid for taking ``region``."""

    def conquest_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        """Extra choices while the army conquers (Dragon, Sorcery, Berserk roll)."""
        return ()

    def conquest_blocker(self, g: GameState, army: Army) -> str:
        """Why the army may not conquer, abandon or end its conquests yet ("" when it may):
        a choice of ``conquest_actions`` comes first (the Worgen's form)."""
        return ""

    def shielded_mask(self, g: GameState, army: Army, attacker: Army) -> int:
        """Regions of ``army`` that ``attacker`` may not attack (Diplomat's ally)."""
        return 0

    def unaided_mask(self, g: GameState, army: Army, attacker: Army) -> int:
        """Regions of ``army`` that ``attacker`` may attack only without help from a power,
        an item or a race's rule: no reach beyond adjacency, no discount, no special
        conquest (content offering special conquests checks ``GameState.unaided``)."""
        return 0

    def offered_actions(self, g: GameState, army: Army, to: Army) -> Iterable[Action]:
        """Choices this rule of ``army`` offers ``to``, another player's army conquering now
        (buying the right to attack a guarded region).  ``apply`` and ``why_not`` get the
        offering ``army``; the acting one is ``g.turn.acting``."""
        return ()

    def turn_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        """Choices the owner may make while any of its armies conquers, whichever race acts
        (a declined race's power, a place's piece to move)."""
        return ()

    def on_conquered(self, g: GameState, army: Army, region: int) -> None:
        """After the army took ``region`` (Troll's Lair, Halfling Hole)."""

    def on_any_conquest(self, g: GameState, army: Army, region: int, attacker: Army) -> None:
        """After ``attacker``, any player's army, took ``region``: called for every army
        whose rules fill this in (Military Objectives lying anywhere)."""

    def loss_dealt(self, g: GameState, army: Army, region: int, victim: Army, loss: int) -> int:
        """Tokens ``victim`` loses when ``army`` takes ``region`` from it, before the victim's
        own rules (``loss_on_defeat``) have their say (``loss`` by default)."""
        return loss

    def loss_on_defeat(self, g: GameState, army: Army, region: int, loss: int) -> int:
        """Tokens the army loses when ``region`` is taken from it (``loss`` by default): what
        defends the region pays first (a Beast, a hostage).  Not asked when a rule of the army
        keeps every token (``keeps_tokens_when_defeated``)."""
        return loss

    def save_tokens(self, g: GameState, army: Army, region: int, lost: int) -> int:
        """Of ``lost`` tokens the army is about to lose in ``region`` to another player's rule
        (a conquest once ``loss_on_defeat`` had its say, a bomb, a token discarded), how many
        it still loses: the others go to its hand, to be redeployed (Draenei)."""
        return lost

    def on_attacked(self, g: GameState, army: Army, region: int, attacker: Army) -> None:
        """``attacker``, another player's army, is about to take ``region`` from the army or
        tokens out of it (a conquest, a bomb, a token moved or discarded, a portal): the
        price of an attack is paid here (Harmony)."""

    def on_region_lost(self, g: GameState, army: Army, region: int, attacker: Army,
                       victim: Army) -> None:
        """After ``attacker`` took ``region`` from ``victim``, an army of the same player as
        ``army`` (``victim is army`` when it was this army's region)."""

    def on_region_emptied(self, g: GameState, army: Army, region: int) -> None:
        """``region`` was just left empty other than by a conquest (abandoned, its race
        withdrew or left the map): called for every army whose rules fill this in (a bomb
        lying there goes back on its pile)."""

    def on_regions_swapped(self, g: GameState, army: Army, a: int, b: int) -> None:
        """Everything that moves on regions ``a`` and ``b`` just changed places (a portal):
        called for every army, so that a rule keeping its own record of pieces follows
        them (the Goblins' bombs)."""

    def on_revealed(self, g: GameState, army: Army | None, region: int) -> None:
        """An item was just turned face up in ``region`` (``army`` holds it, if anyone)."""

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

    def redeploy_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        """Extra redeployment choices (Fortress, Encampments, Heroes)."""
        return ()

    def redeploy_blocker(self, g: GameState, army: Army) -> str:
        """Why redeployment cannot end yet ("" when it can), e.g. Heroes not placed."""
        return ""

    # --- decline, scoring, end of turn -------------------------------------------------
    def on_decline(self, g: GameState, army: Army) -> None:
        """When the army goes into decline (before its tokens are trimmed)."""

    def score(self, g: GameState, army: Army) -> int:
        """Bonus coins at the end of the owner's turn (active, or declined if it works then)."""
        return 0

    def scores_nothing(self, g: GameState, army: Army) -> bool:
        """Whether ``score`` pays the army no coin now, and would pay none without any of its
        regions either, whatever else it does (asked of the rules that ``acts_when_scoring``
        by one weighing what the others pay for a region, the Scepter: it leaves them out,
        and makes no copy of the game for them)."""
        return False

    def end_actions(self, g: GameState, army: Army) -> Iterable[Action]:
        """Choices at the end of the turn, after scoring (Stout decline, Diplomat ally)."""
        return ()

    # --- hidden information ------------------------------------------------------------
    def piles(self, g: GameState) -> tuple[Pile, ...]:
        """The face-down piles of this rule a record may pin (``engine.piles``)."""
        return ()

    def conceal(self, data: dict[str, Any]) -> dict[str, Any]:
        """This content's own state (``GameState.item_data[qid]``) as players know it: what
        nobody may see (face-down bombs) taken out (``engine.observe``)."""
        return data

    def imagine(self, data: dict[str, Any], rng: Rng) -> dict[str, Any]:
        """A state agreeing with ``conceal``'s: what it took out drawn at random."""
        return data

    def apply(self, g: GameState, army: Army, action: Action) -> None:
        """Carry out one of this class's own actions (already known to be legal)."""
        raise AssertionError(f"{self.qid} has no action {action.kind}")

    def why_not(self, g: GameState, army: Army, action: Action) -> Reason | None:
        """Why one of this class's own actions is refused now, if this class can tell."""
        return None


def kinds(**params: tuple[str, ...]) -> Mapping[str, tuple[str, ...]]:
    """Action kinds with the names of their parameters: ``kinds(ally=("seat",))``."""
    return MappingProxyType(params)


class Trait(Content):
    """A race or a special power."""


class Race(Trait):
    kind = "race"


class Power(Trait):
    kind = "power"


class Item(Content):
    """A relic, place or artifact: it lends its rules to the army holding its region
    (``works_in_decline``: to a declined army too)."""

    #: the item moves (a relic ends the turn where it was last used); places never do
    movable: ClassVar[bool] = False

    def seat_bonus(self, g: GameState, seat: int) -> int:
        """Coins the item gives ``seat`` at the end of its turn wherever it lies, whoever
        holds its region (a place rewarding the regions around it)."""
        return 0

    def lent(self, g: GameState) -> tuple[Content, ...]:
        """The rules this item lends to the army holding its region: itself, and any rule
        it carries (Stonehedge's power badge)."""
        return (self,)

    def on_holder_left(self, g: GameState, army: Army, region: int) -> None:
        """``army`` no longer holds ``region``, where this item lies: the region was taken
        from it, it left the region, or the race left the map (a rule the item lent ends)."""


class Relic(Item):
    kind = "relic"
    movable = True


class Place(Item):
    kind = "place"


class Artifact(Item):
    kind = "artifact"
    movable = True


def discount(mask: int, tokens: int = 1) -> tuple[CostChange, ...]:
    """A cost change taking ``tokens`` off the conquest of every region of ``mask``."""
    return ((mask, -tokens),) if mask else ()


class NonEmptyConquestBonus(Trait):
    """+1 coin per non-empty region the army conquered this turn (Orcs, Pillaging)."""

    def score(self, g: GameState, army: Army) -> int:
        return g.turn.nonempty.get(army.id, 0)
