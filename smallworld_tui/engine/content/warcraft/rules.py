"""The rules of Small World of Warcraft that are not a race's, a power's or an item's.

- Islands: a race enters the map on an entry region (symbol ``entry``) of any island; once
  on the map it may attack the regions next to its own or any entry region of any island,
  paying the travel cost (``rules.travel_cost``) for an entry region none of its regions
  borders — every entry region for a race with no region.  A rule that lets a race reach a
  region "as if adjacent" computes ``Costs.of(r, as_if_adjacent=True)``; a trait with
  ``no_travel_cost`` never pays it.
- Set-up: a Murloc on every Murloc symbol and a Mountain on every Mountain region (data
  table ``pieces``), then the face-down markers (``markers``).
- The faction bonus at the end of each turn (``factions``).
- The Battle for Azeroth team game, option ``teams`` (``teams``): seats, market, the team
  result (the core's ``showing`` lets partners show each other their coins).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from smallworld_tui.engine.board import Map, board_set_source, load_board_set
from smallworld_tui.engine.conquest import attack
from smallworld_tui.engine.content.warcraft import teams
from smallworld_tui.engine.content.warcraft.factions import faction, faction_bonus
from smallworld_tui.engine.content.warcraft.markers import MARKERS, lay_markers, reveal_marker
from smallworld_tui.engine.errors import IllegalAction
from smallworld_tui.engine.map_faces import BoardRules, board_rules, draw_faces
from smallworld_tui.engine.market import Market
from smallworld_tui.engine.piles import Pile
from smallworld_tui.engine.rng import Rng
from smallworld_tui.engine.ruleset import Ruleset
from smallworld_tui.i18n import N_

if TYPE_CHECKING:
    from smallworld_tui.engine.content.traits import Reason
    from smallworld_tui.engine.state import Army, GameState

GAME = "warcraft"
ENTRY = "entry"  # the symbol of entry regions
BOARD_STREAM = 0xB0A2D5E7  # the board draw's random stream, apart from the game's own


class WarcraftRules(Ruleset):
    entry_refusal = N_("your first conquest must be in an entry region")
    reach_refusal = N_("{region} is neither next to your regions nor an entry region")

    def __init__(self, game: str) -> None:
        super().__init__(game)
        self.team_market = teams.TeamMarket(self.table)
        boards = board_rules(GAME)
        assert boards is not None, "the Warcraft data table has no boards"
        self.boards: BoardRules = boards
        self._last_entries: tuple[Map | None, int] = (None, 0)

    # --- set-up ------------------------------------------------------------------------
    def board(self, source: str | None, players: int, seed: int,
              options: dict[str, Any]) -> tuple[str, Map]:
        """Without a map, or with the player count's map name (``warcraft-3p``), a board set
        is drawn from the seed (``draw_faces``; option ``two_player_boards`` picks the 2-player
        set) and recorded as its faces; a set may also be chosen by its faces (``L1-A+M2-B``)."""
        if source is None or source == self.map_name(players):
            sizes = "".join(self.boards.set_sizes(players, alternative=True))
            alternative = options.get("two_player_boards") == sizes
            faces = draw_faces(players, Rng(seed ^ BOARD_STREAM), GAME,
                               alternative=alternative)
            return board_set_source(faces), load_board_set(faces, GAME)  # no file to look for
        source, board = super().board(source, players, seed, options)
        if board.game != GAME:
            raise IllegalAction("map {map} is a map of the {other} game, not of {game}",
                                map=board.name, other=board.game, game=GAME)
        return source, board

    def market_for(self, options: dict[str, Any]) -> Market:
        return self.team_market if options.get("teams") else self.market

    def setup(self, g: GameState) -> None:
        super().setup(g)
        lay_markers(g, list(self.items))

    def piles(self, g: GameState) -> list[Pile]:
        return [*super().piles(g), Pile(MARKERS, tuple(self.items))]

    def why_boxed(self, g: GameState, qid: str) -> Reason | None:
        """Also a race of a faction no player plays in a team game (its column is not laid
        out)."""
        if g.options.get("teams") and qid in self.races:
            side = faction(qid)
            if side not in self.team_market.laid_out(g):
                return (N_("{race} stay in the box: this team game has no {faction} player"),
                        {"race": qid, "faction": f"{GAME}:{side}"})
        return super().why_boxed(g, qid)

    # --- islands -----------------------------------------------------------------------
    def entry_mask(self, g: GameState) -> int:
        """The entry regions of the game's map (``GameState.feature_mask``), remembered for
        the last map asked about: each listing of conquests asks again."""
        last = self._last_entries
        if last[0] is not g.map:
            last = self._last_entries = (g.map, g.feature_mask("symbol", ENTRY, GAME))
        return last[1]

    open_mask = entry_mask  # any entry region, from anywhere

    def travel_mask(self, g: GameState, army: Army) -> int:
        """The entry regions the army does not border: the entry regions are the game's
        open regions (``open_mask``, asked once per game: ``GameState.open_regions``), read
        there without a call (each listing and pricing of conquests asks)."""
        return g.open_regions & ~g.map.adjacent(army.mask)

    def on_region_taken(self, g: GameState, army: Army, region: int) -> None:
        if region in g.facedown:  # most regions have no marker left: no call
            reveal_marker(g, region)

    def before_final(self, g: GameState, army: Army, region: int) -> None:
        """Trying to conquer a region with the die attacks its race whatever the roll (the
        rulebook's Pandaren: attacking them is trying to conquer one of their regions)."""
        holder = g.region_army[region]  # ``g.holder``, without a call
        if holder >= 0:
            attack(g, army, g.armies[holder], region)

    # --- scoring and teams -------------------------------------------------------------
    def turn_bonus(self, g: GameState, seat: int) -> list[list[Any]]:
        if not g.turn.beaten:  # most turns beat no race: no bonus, whatever the side
            return []
        side, coins = faction_bonus(g, seat)
        return [[f"faction:{GAME}:{side}", coins]] if coins else []

    def roles(self, g: GameState) -> list[str]:
        return teams.roles(g)

    def teams(self, g: GameState) -> dict[str, list[int]]:
        return teams.teams(g)

    def team_scores(self, g: GameState) -> dict[str, int]:
        return teams.team_scores(g)

    def winners(self, g: GameState) -> list[int]:
        """In a team game with partners, the seats of the winning team(s); otherwise the base
        game's winners (not worked out for a team game with partners: it needs none)."""
        if g.options.get("teams"):
            by_team = teams.teams(g)
            if teams.partners(by_team):
                return teams.team_winners(g, by_team)
        return super().winners(g)
