"""The teams of a team game, one line each: the team, its players and the coins the viewer may
see (their own, and a partner's that partner shows them), and once the game is over each
team's score.  The title tells a player with partners whether they show their own coins."""

from __future__ import annotations

from rich.console import Group

from smallworld_tui.engine import PlayerView
from smallworld_tui.ui.teams import team_lines, team_title
from smallworld_tui.ui.widgets.steady_static import SteadyStatic


class TeamPanel(SteadyStatic):
    """Shown only in a team game."""

    _view: PlayerView | None = None

    def show(self, view: PlayerView) -> None:
        self.display = bool(view.teams)
        self._view = view
        if view.teams:
            self.show_content(Group(*team_lines(view, self.content_region.width)))
            title = team_title(view)
            if self.border_title != title:  # setting it repaints the panel
                self.border_title = title

    def on_resize(self) -> None:
        """Lines are fitted to the width: shown again at the new one."""
        super().on_resize()
        if self._view is not None:
            self.show(self._view)
