"""A ruleset: one game's numbers, content and hooks, held by the game state.

Numbers come from the game's data table (``engine/content/<game>/table.json``): the die, the
starting coins, the combos shown, the cost of an empty region, the final conquest's
shortfall, the player range, the map per player count, the pieces and neutral defenders in
the box, the game options, their defaults and allowed values.  Content (races, powers,
items) comes from the registry (``engine.registry``).  The hooks — map, market, set-up, where
a race enters, scoring bonuses, teams, winners — are methods a game's ruleset overrides.
The base game is one ruleset like the others.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from smallworld_tui.engine.bitset import bits
from smallworld_tui.engine.board import Map, load_map
from smallworld_tui.engine.content.traits import Item
from smallworld_tui.engine.errors import IllegalAction
from smallworld_tui.engine.hooks import filled_by, hooks_used
from smallworld_tui.engine.market import ComboColumn, Market
from smallworld_tui.engine.pieces import PieceKind
from smallworld_tui.engine.registry import POWERS, RACES, content_of, rule
from smallworld_tui.engine.tables import entries, table
from smallworld_tui.i18n import N_

if TYPE_CHECKING:
    from smallworld_tui.engine.content.traits import CostChange, Reason
    from smallworld_tui.engine.piles import Pile
    from smallworld_tui.engine.state import Army, GameState


def feature_id(game: str, need: str) -> str:
    """A map feature a rule of ``game`` needs (``Content.needs``: "symbol:magic",
    "kind:chasm") as a ``feature`` parameter of a message: "symbol:base:magic" (a kind of
    region is named by the game's first terrain of that kind)."""
    kind, _, name = need.partition(":")
    if kind == "kind":
        kind = "terrain"
        name = next((t for t, row in entries("terrain", game).items() if row["kind"] == name),
                    name)
    return f"{kind}:{game}:{name}"


#: the ruleset's hooks the core asks at every conquest or turn, skipped where a game's ruleset
#: does not override them (``Ruleset.own_hooks``): unchanged, they do nothing (``open_mask``
#: and ``travel_mask`` give no region, ``cost_changes`` no change)
OWN_HOT_HOOKS = ("on_region_taken", "on_neutral_taken", "before_final", "turn_bonus",
                 "open_mask", "cost_changes", "travel_mask")


#: answers ``Ruleset.in_play`` remembers before it starts afresh (a few lists of ids for each
#: of the maps that games played together use)
IN_PLAY_KEPT = 256


class Ruleset:
    """The rules of one game (``game``: "base", "underground", …)."""

    market: Market = ComboColumn()
    #: why a race with no region cannot enter a region outside ``entry_mask`` (a refusal)
    entry_refusal = N_("your first conquest must be in a border region")
    #: why a race on the map cannot reach a region (a refusal with a ``region`` parameter)
    reach_refusal = N_("{region} is not adjacent to your regions")

    def __init__(self, game: str) -> None:
        t = table(game)
        self.game = game
        self.table = t
        self.die_faces: tuple[int, ...] = tuple(t["die_faces"])
        self.starting_coins: int = t["setup"]["starting_coins"]
        self.visible_combos: int = t["setup"]["visible_combos"]
        self.empty_region_cost: int = t["rules"]["empty_region_cost"]
        self.max_shortfall: int = t["rules"]["max_shortfall"]
        self.travel_cost: int = t["rules"].get("travel_cost", 0)
        #: a conquered region of a declined race loses every token there, not one
        self.declined_region_loses_all: bool = t["rules"].get("declined_region_loses_all",
                                                              False)
        self.min_players: int = t["players"]["min"]
        self.max_players: int = t["players"]["max"]
        self.coin_total: int = t["coins"]["value_total"]
        self.default_options: dict[str, Any] = dict(t.get("options", {}))
        #: the values an option may take, where the table lists them
        self.option_values: dict[str, list[Any]] = dict(t.get("option_values", {}))
        content = content_of(game)
        self.races: list[str] = list(content.races)
        self.powers: list[str] = list(content.powers)
        self.items: list[str] = list(content.items)
        #: the hooks some race, power or item of the game fills in (the core skips the others)
        self.hooks_used: frozenset[str] = hooks_used([*self.races, *self.powers, *self.items])
        #: for each hook, the races, powers and items of the game that fill it in
        self.filled_by: dict[str, frozenset[str]] = filled_by(
            [*self.races, *self.powers, *self.items])
        #: the hooks only items fill in, with those items (``GameState.live_hooks``)
        items = frozenset(self.items)
        self.item_hooks: dict[str, frozenset[str]] = {
            h: qids for h, qids in self.filled_by.items() if qids and qids <= items}
        #: the items of the game that give a seat coins wherever they lie (``seat_bonus``),
        #: by id as ``GameState.items`` lists them: the core asks only them
        self.seat_bonuses: tuple[str, ...] = tuple(sorted(
            qid for qid in self.items
            if getattr(type(rule(qid)), "seat_bonus", None) is not Item.seat_bonus))
        #: the races and powers of the game whose tokens stay in rivers at redeployment
        #: (``stays_in_rivers``): the core asks only an army of one of them
        self.river_stayers: frozenset[str] = frozenset(
            qid for qid in [*self.races, *self.powers] if rule(qid).stays_in_rivers)
        #: the kinds of piece some rule of the game watching conquests (``on_any_conquest``)
        #: reacts to only where one lies (``Content.watched_piece``): None if a watching rule
        #: may react anywhere (the core tells them of every conquest then)
        watching = [type(rule(qid)).watched_piece for qid in self.filled_by["on_any_conquest"]]
        self.watched_pieces: tuple[str, ...] | None = (
            None if "" in watching else tuple(sorted(set(watching))))
        #: an army's power may change during the game (``Content.swaps_power``)
        self.swaps_power: bool = any(rule(qid).swaps_power
                                     for qid in [*self.races, *self.powers, *self.items])
        #: the hooks of ``OWN_HOT_HOOKS`` this game's ruleset overrides
        self.own_hooks: frozenset[str] = frozenset(
            h for h in OWN_HOT_HOOKS if getattr(type(self), h) is not getattr(Ruleset, h))
        rows = entries("piece", game)
        self.pieces: dict[str, PieceKind] = {
            f"{game}:{k}": PieceKind.from_row(f"{game}:{k}", row) for k, row in rows.items()
            if not row.get("neutral") and row.get("on_map", True)}
        self.neutrals: dict[str, PieceKind] = {
            f"{game}:{k}": PieceKind.from_row(f"{game}:{k}", row) for k, row in rows.items()
            if row.get("neutral")}
        #: (kind placed, "terrain" or "symbol", its id, how many per region) at set-up
        self.placed: list[tuple[str, str, str, int]] = [
            (f"{game}:{k}", *row["setup"].split(":", 1), int(row["per_region"]))
            for k, row in rows.items() if "setup" in row]
        #: ``in_play``'s answer per map (by its id, the map kept to tell) and list of ids
        self._in_play: dict[tuple[int, tuple[str, ...]], tuple[Map, list[str]]] = {}

    def __repr__(self) -> str:
        return f"Ruleset({self.game!r})"

    # --- set-up ------------------------------------------------------------------------
    def map_name(self, players: int) -> str:
        """The shipped map for ``players``."""
        maps = self.table["maps"]
        if str(players) not in maps:
            raise IllegalAction("this game is played by {low} to {high} players",
                                low=self.min_players, high=self.max_players)
        name: str = maps[str(players)]["name"]
        return name

    def board(self, source: str | None, players: int, seed: int,
              options: dict[str, Any]) -> tuple[str, Map]:
        """The map of a game and the source that loads it again (``GameState.map_source``):
        ``source`` (a shipped map's name or a file), else the shipped map for ``players``."""
        source = source or self.map_name(players)
        return source, load_map(source)

    def options(self, given: dict[str, Any] | None) -> dict[str, Any]:
        """The game options: the defaults with ``given`` applied (unknown ones refused, and
        values the table does not allow)."""
        unknown = set(given or {}) - set(self.default_options)
        if unknown:
            raise IllegalAction("unknown game option(s): {names}",
                                names=", ".join(sorted(unknown)))
        for key, value in (given or {}).items():
            if type(value) is not type(self.default_options[key]):
                raise IllegalAction("game option {name} has the wrong kind of value "
                                    "(its default is {default})",
                                    name=key, default=self.default_options[key])
            allowed = self.option_values.get(key)
            if allowed is not None and value not in allowed:
                raise IllegalAction("game option {name} must be one of {values}, not {value}",
                                    name=key, values=", ".join(map(str, allowed)),
                                    value=value)
        return {**self.default_options, **(given or {})}

    def in_play(self, g: GameState, ids: list[str]) -> list[str]:
        """The races, powers or items of ``ids`` the game uses on its map: content whose
        rule means nothing there (no such terrain, symbol or region kind) stays in the box
        (remembered per map: what fits depends on the map alone; a Warcraft game has a board
        set of its own, and the sets of a few dozen games are remembered)."""
        board, key = g.map, (id(g.map), tuple(ids))
        found = self._in_play.get(key)
        if found is None or found[0] is not board:
            if len(self._in_play) >= IN_PLAY_KEPT:
                self._in_play.clear()
            found = self._in_play[key] = (board, [qid for qid in ids if rule(qid).fits(g)])
        return list(found[1])

    def why_boxed(self, g: GameState, qid: str) -> Reason | None:
        """Why ``qid``, a race or power of this game, stays in the box in game ``g`` (ruling
        41: its rule is about map features the map lacks); None if it is in play (or is not
        this game's race or power)."""
        trait = RACES.get(qid) or POWERS.get(qid)
        if trait is None or qid not in (*self.races, *self.powers) or trait.fits(g):
            return None
        features = [feature_id(trait.game, need) for need in trait.needs]
        params = {trait.kind: qid, "feature": features[0]}
        if len(features) == 1:
            return (N_("{race} stay in the box on this map: it has no {feature}") if qid in RACES
                    else N_("the {power} badge stays in the box on this map: it has no "
                            "{feature}")), params
        params["feature2"] = features[1]
        return (N_("{race} stay in the box on this map: it has neither {feature} nor "
                   "{feature2}") if qid in RACES
                else N_("the {power} badge stays in the box on this map: it has neither "
                        "{feature} nor {feature2}")), params

    def piles(self, g: GameState) -> list[Pile]:
        """The face-down piles of game ``g`` a record may pin (``engine.piles``): by default
        those of its races, powers and items in play."""
        ids = self.in_play(g, [*self.races, *self.powers, *self.items])
        return [pile for qid in ids for pile in rule(qid).piles(g)]

    def market_for(self, options: dict[str, Any]) -> Market:
        """The combo market of a game with these options."""
        return self.market

    def setup(self, g: GameState) -> None:
        """Put the neutral defenders and the set-up pieces on the map (data table "setup")."""
        self.place(g, neutrals=True)
        self.place(g, neutrals=False)

    def place(self, g: GameState, *, neutrals: bool) -> None:
        """Put the set-up neutral defenders, or the set-up pieces, on the map."""
        for qid, kind, name, per_region in self.placed:
            if (qid in self.neutrals) != neutrals:
                continue
            for r in bits(g.feature_mask(kind, name, self.game) & ~g.closed_mask):
                if neutrals:
                    g.place_neutral(qid, r, per_region)
                else:
                    g.pieces.add(qid, r, per_region)

    def on_neutral_taken(self, g: GameState, army: Army, region: int, neutral: str) -> None:
        """After ``army`` took a region from neutral defenders of kind ``neutral``."""

    # --- conquest geometry -------------------------------------------------------------
    def entry_mask(self, g: GameState) -> int:
        """Where a race with no region on the map may enter (border regions)."""
        return g.map.border_mask

    def open_mask(self, g: GameState) -> int:
        """Regions a race on the map may attack wherever it stands (beyond adjacency): they
        depend on the map alone, asked once per game (``GameState.open_regions``)."""
        return 0

    def cost_changes(self, g: GameState, army: Army) -> tuple[CostChange, ...]:
        """Changes the rules make to the army's conquest costs."""
        return ()

    def travel_mask(self, g: GameState, army: Army) -> int:
        """Regions that cost the army ``travel_cost`` more unless it reaches them "as if
        adjacent" (landing on a distant island): among the regions reached from anywhere
        (``open_mask``: a conquest priced alone, ``conquest_price``, asks no other region),
        and the same while the army holds the same regions (remembered: ``Army.travelled``)."""
        return 0

    def on_region_taken(self, g: GameState, army: Army, region: int) -> None:
        """After ``army`` took ``region`` (a face-down item there is turned up…)."""

    def before_final(self, g: GameState, army: Army, region: int) -> None:
        """``army`` named ``region`` for its last conquest and is about to roll the die."""

    # --- teams and what players see ----------------------------------------------------
    def roles(self, g: GameState) -> list[str]:
        """Each seat's role in a team game, by seat (none otherwise)."""
        return []

    def teams(self, g: GameState) -> dict[str, list[int]]:
        """Each team's seats in a team game (none otherwise)."""
        return {}

    def team_scores(self, g: GameState) -> dict[str, int]:
        """Each team's score from its players' coins, in a team game (none otherwise)."""
        return {}

    def partners(self, g: GameState, seat: int) -> list[int]:
        """The other players of ``seat``'s team (none outside team games)."""
        seats = next((s for s in self.teams(g).values() if seat in s), [])
        return [s for s in seats if s != seat]

    def coins_visible(self, g: GameState, viewer: int, seat: int) -> bool:
        """Whether ``viewer`` (a seat, or -1 for a spectator) may see ``seat``'s coins: their
        own, a partner's that partner shows them (``showing``), everyone's once the game is
        over."""
        return (viewer == seat or g.finished
                or (seat in g.coins_shown and viewer in self.partners(g, seat)))

    # --- scoring and the end -----------------------------------------------------------
    def turn_bonus(self, g: GameState, seat: int) -> list[list[Any]]:
        """Coins the rules (not a race, power or item) give ``seat`` at the end of its turn,
        as [label, coins] pairs."""
        return []

    def winners(self, g: GameState) -> list[int]:
        """Most coins; ties broken by most race tokens on the map; still tied: shared win."""
        best = max(g.coins)
        tied = [s for s in range(g.players) if g.coins[s] == best]
        most = max(g.seat_tokens(s) for s in tied)
        return [s for s in tied if g.seat_tokens(s) == most]
