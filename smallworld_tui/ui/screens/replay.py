"""The replay viewer: a recorded game watched again on the game's own board, read-only.

It steps through the record (``session.replay.Replay``) one move, a turn or a round at a
time, or goes to its start or end; the prompt says where it stands, and the map (the regions
the last move changed lit), the players, the combos and the log follow.  It shows the game as
a spectator saw it (nobody's coins until the end) or as any one seat (that seat's own coins
only).  It holds no game session: nothing it does can play a move.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType

from smallworld_tui.compat import while_open
from smallworld_tui.engine import SPECTATOR
from smallworld_tui.i18n import N_, _
from smallworld_tui.session.replay import Replay
from smallworld_tui.ui.controllers.handover import narrator
from smallworld_tui.ui.screens.board import BoardScreen
from smallworld_tui.ui.screens.end import headline
from smallworld_tui.ui.screens.map_marks import changed_regions
from smallworld_tui.ui.widgets.log_panel import LogPanel
from smallworld_tui.ui.widgets.map_view import Mark
from smallworld_tui.ui.widgets.seat_text import seat_chip
from smallworld_tui.ui.widgets.status_line import LINES, StatusLine, doing
from smallworld_tui.ui.wrap import Folded

# keys that go forward (off at the end) and back (off at the start)
FORWARD = frozenset({("step", 1), ("turn", 1), ("round", 1), ("go_to_end", None)})
BACK = frozenset({("step", -1), ("turn", -1), ("round", -1), ("go_to_start", None)})


class ReplayScreen(BoardScreen):
    """A record watched again; ``closable``: Esc goes back to the screen it was opened from
    (the saves list, the end of a game)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("full_stop", "step(1)", N_("Next move"), id="replay.next_move"),
        Binding("comma", "step(-1)", N_("Move back"), id="replay.previous_move"),
        Binding("right_square_bracket", "turn(1)", N_("Next turn"), id="replay.next_turn"),
        Binding("left_square_bracket", "turn(-1)", N_("Turn back"),
                id="replay.previous_turn"),
        Binding("right_curly_bracket", "round(1)", N_("Next round"), id="replay.next_round"),
        Binding("left_curly_bracket", "round(-1)", N_("Round back"),
                id="replay.previous_round"),
        # the map scrolls with Home and End when it has the focus: these come first
        Binding("home", "go_to_start", N_("Beginning"), priority=True, id="replay.start"),
        Binding("end", "go_to_end", N_("End"), priority=True, id="replay.end"),
        Binding("v", "next_viewer", N_("View as"),
                tooltip=N_("See the game as a spectator or as each player in turn"),
                id="replay.viewer"),
        Binding("g", "legend", N_("Legend"), id="replay.legend"),
        Binding("escape", "close", N_("Close"), id="replay.close"),
    ]

    def __init__(self, replay: Replay, *, closable: bool = True) -> None:
        super().__init__()
        self.replay = replay
        self.closable = closable
        self.viewer = SPECTATOR
        self.view = replay.view(self.viewer)
        self._reader: tuple[int, bool] | None = None  # whom the log was written for

    @while_open
    def on_mount(self) -> None:
        self.set_up_board()
        self.redraw()
        self.map_view.focus()

    def redraw(self) -> None:
        """Draw the position the replay is at (the whole log again when it reads otherwise:
        another viewer, or the end reached or left, which shows or hides what was secret)."""
        replay = self.replay
        view = replay.view(self.viewer)
        reader, self._reader = self._reader, (self.viewer, view.finished)
        text = self.where(view.names)
        text.append("\n")
        if view.finished:
            text.append(_("Game over — {headline}").format(headline=headline(view)),
                        style="bold")
        else:
            text.append_text(seat_chip(view.actor, view.names))
            text.append(" " + doing(view))
        self.query_one(StatusLine).show_content(Folded(text), key=text, lines=LINES)
        changed = changed_regions(replay.last_events)
        self.show_board(view, dict.fromkeys(changed, Mark("changed")))
        self.query_one(LogPanel).follow(replay.log, narrator(view), reader != self._reader)
        self.refresh_bindings()

    def where(self, names: list[str]) -> Text:
        """Which move of how many, and who is looking."""
        replay = self.replay
        text = Text(_("Watching again: move {n} of {total}").format(
            n=replay.position, total=len(replay)), style="bold")
        text.append(" · ")
        if self.viewer == SPECTATOR:
            text.append(_("as a spectator"))
        else:
            text.append(_("as {name}").format(name=names[self.viewer]))
        return text

    def go(self, position: int) -> None:
        self.replay.go(position)
        self.redraw()

    # --- keys ----------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        key = (action, parameters[0] if parameters else None)
        if key in FORWARD:
            return self.replay.position < len(self.replay)
        if key in BACK:
            return self.replay.position > 0
        if action == "close":
            return self.closable
        return True

    def action_step(self, step: int) -> None:
        self.go(self.replay.position + step)

    def action_turn(self, step: int) -> None:
        self.go(self.replay.turn(step))

    def action_round(self, step: int) -> None:
        self.go(self.replay.round(step))

    def action_go_to_start(self) -> None:
        self.go(0)

    def action_go_to_end(self) -> None:
        self.go(len(self.replay))

    def action_next_viewer(self) -> None:
        """The next seat's view (after the last seat's, the spectator's)."""
        seats = len(self.view.names)
        self.viewer = self.viewer + 1 if self.viewer + 1 < seats else SPECTATOR
        self.redraw()

    def action_close(self) -> None:
        self.dismiss()

    def help_keys(self) -> list[tuple[str, str]]:
        return [*super().help_keys(),
                ("←↑↓→, " + _("mouse"), _("Move on the map: the line under it describes the "
                                          "region")),
                ("tab", _("Switch between the map and the combo column"))]

    def help_intro(self) -> str:
        return _("Watching a recorded game again: nothing can be played here. Step through "
                 "it a move, a turn or a round at a time, as a spectator (nobody's coins "
                 "until the end) or as any player (their own coins only).")
