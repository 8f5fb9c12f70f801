"""The board of a game as one viewer sees it: the prompt, the map and its legend, the players,
the teams, the combos, the log, the line on the region under the cursor and the keys.  The
game screen (``GameScreen``) and the replay viewer (``ReplayScreen``) are boards; each says
what the prompt and the log hold, and which keys it has."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen

from smallworld_tui.engine import PlayerView
from smallworld_tui.i18n import _
from smallworld_tui.ui.bindings import TranslatedBindings
from smallworld_tui.ui.screens.help import shown_keys
from smallworld_tui.ui.widgets.combo_column import ComboColumn
from smallworld_tui.ui.widgets.combo_details import ComboDetails
from smallworld_tui.ui.widgets.key_footer import KeyFooter
from smallworld_tui.ui.widgets.legend import Legend
from smallworld_tui.ui.widgets.log_panel import LogPanel
from smallworld_tui.ui.widgets.map_view import MapView, Mark
from smallworld_tui.ui.widgets.players_panel import PlayersPanel
from smallworld_tui.ui.widgets.region_info import RegionInfo
from smallworld_tui.ui.widgets.status_line import StatusLine
from smallworld_tui.ui.widgets.team_panel import TeamPanel

LEGEND_HEIGHT = 50  # terminals at least this tall show the legend from the start


class BoardScreen(TranslatedBindings, Screen[None]):
    """A game's board for one viewer (``view``: the view last drawn)."""

    view: PlayerView

    def compose(self) -> ComposeResult:
        yield StatusLine(id="status")
        with Horizontal(id="main"):
            with Vertical(id="board"):
                yield MapView(self.view.map, id="map")
                yield Legend(id="legend")
            with Vertical(id="side"):
                yield PlayersPanel(id="players")
                yield TeamPanel(id="teams")
                yield ComboColumn(id="combos")
                yield ComboDetails(id="combo-details")
                yield LogPanel(id="log")
        yield RegionInfo(id="region-info")
        yield KeyFooter()

    def set_up_board(self) -> None:
        """The panels' titles, and the legend in tall terminals (from ``on_mount``)."""
        self.query_one("#combos").border_title = _("Combos")
        self.query_one("#combos").border_subtitle = _("¢ price · t tokens")
        self.query_one("#legend").border_title = _("Legend (↑↓ scroll it, g hides it)")
        self.set_class(self.app.size.height >= LEGEND_HEIGHT, "-legend")

    @property
    def map_view(self) -> MapView:
        return self.query_one("#map", MapView)

    def typed(self) -> str:
        """The digits of a region's number being typed (none here)."""
        return ""

    def show_board(self, view: PlayerView, marked: dict[int, Mark],
                   pickable: frozenset[int] = frozenset()) -> None:
        """Draw ``view`` (the prompt aside): the regions ``marked``, the combos ``pickable``
        lit."""
        self.view = view
        players, title = self.query_one("#players"), _("Players · Round {round}/{turns}").format(
            round=view.round, turns=view.turns)
        if players.border_title != title:  # setting it repaints the whole panel
            players.border_title = title
        self._show_players()
        self.query_one(TeamPanel).show(view)
        self.query_one(ComboColumn).show(view, set(pickable))
        self.query_one(Legend).show(view)
        self.map_view.show(view, marked)
        self.show_region(self.map_view.cursor)

    def show_region(self, region: int | None) -> None:
        """The line on ``region`` (and the number being typed)."""
        self.query_one(RegionInfo).show(self.view, region, self.view.costs, entry=self.typed())

    def on_map_view_region_highlighted(self, message: MapView.RegionHighlighted) -> None:
        self.show_region(message.region)

    def on_resize(self) -> None:
        # after Screen's own handler has set the breakpoint classes (-short, -tall)
        self.call_after_refresh(self._show_players)

    def _show_players(self) -> None:
        for panel in self.query(PlayersPanel):  # none once the screen has been replaced
            panel.show(self.view, compact=not self.has_class("-tall"))

    def action_legend(self) -> None:
        """Show or hide the legend.  In a short terminal it takes the map's place and the
        focus, so that the arrow keys scroll it; hidden, the focus goes back to the map."""
        self.toggle_class("-legend")
        legend = self.query_one(Legend)
        if self.has_class("-legend") and self.has_class("-short"):
            legend.focus()
        elif legend.has_focus:
            self.map_view.focus()

    def help_intro(self) -> str:
        """A word on what the screen is about, for the help screen."""
        return ""

    def help_keys(self) -> list[tuple[str, str]]:
        """The keys that work now, for the help screen."""
        return shown_keys(self)
