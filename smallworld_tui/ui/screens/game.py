"""The game screen: map, combos, players and log for one viewer, and its keys.

It shows, and never decides what is legal: ``view.legal`` (the viewer's legal actions) marks
the map and enables keys.  Its controllers (``ui/controllers``) do the rest: ``sending`` (the
viewer's moves), ``handover`` (die, scores, pass screens and the end, in turn), ``saving``
and ``bot_control`` (computer players, suggestions).  It serves hotseat play (the viewer
follows the decision-maker) and one SSH seat alike.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from textual import events
from textual.app import App
from textual.binding import BindingType
from textual.widget import Widget

from smallworld_tui.compat import while_open
from smallworld_tui.engine import PLACING, Action, Event, PlayerView
from smallworld_tui.i18n import _
from smallworld_tui.session import GameSession
from smallworld_tui.session.bot_seats import BotSeats
from smallworld_tui.ui.controllers.bots import BotController, Suggested
from smallworld_tui.ui.controllers.handover import Handover, narrator
from smallworld_tui.ui.controllers.saving import SaveController
from smallworld_tui.ui.controllers.sending import Sender
from smallworld_tui.ui.describe import action_label, refusal
from smallworld_tui.ui.keymap import target_of
from smallworld_tui.ui.messages import OpenHelp
from smallworld_tui.ui.region_entry import RegionEntry
from smallworld_tui.ui.rule_topics import combo_topics, phase_topics, played_game, region_topics
from smallworld_tui.ui.screens.action_commands import LegalActionsProvider
from smallworld_tui.ui.screens.board import BoardScreen
from smallworld_tui.ui.screens.game_keys import (
    WhyNotice,
    game_bindings,
    help_intro,
    help_keys,
    key_works,
)
from smallworld_tui.ui.screens.map_marks import changed_regions, hand, marks
from smallworld_tui.ui.screens.seating import Seating
from smallworld_tui.ui.widgets.combo_column import ComboColumn, combo_numbered
from smallworld_tui.ui.widgets.combo_details import ComboDetails
from smallworld_tui.ui.widgets.log_panel import LogPanel
from smallworld_tui.ui.widgets.map_view import MapView, Mark
from smallworld_tui.ui.widgets.status_line import StatusLine


class GameScreen(BoardScreen):
    """One game as one viewer sees it."""

    COMMANDS: ClassVar = {LegalActionsProvider}
    BINDINGS: ClassVar[list[BindingType]] = game_bindings()

    def __init__(self, session: GameSession, seating: Seating, *, greet: bool = False,
                 bots: BotSeats | None = None) -> None:
        super().__init__()
        self.session = session
        self.seating = seating
        self.viewer = seating.seat(session)
        self.saving = SaveController(self, session, may_load=seating.hotseat)
        self.sending = Sender(self, session, session.view(self.viewer), self.saving,
                              on_send=self._clear_entry)
        self.handover = Handover(self, session, seating, self.viewer, self._set_viewer)
        self.bot_control = BotController(self, session, bots)
        self.entry = RegionEntry(len(self.view.map.regions))
        self._greet = greet
        self._undone = False  # an undo since the log was last written
        self._changed: set[int] = set()  # regions the last move watched changed
        self._phase_key: tuple[int, int, str] = (-2, -2, "")
        self._bindings_key: object = None
        self._focus_later: Widget | None = None
        self._behind = False  # the game changed while a modal screen was on top (SSH)
        self._unsubscribe: Callable[[], None] | None = None
        self._own_app: App[Any] | None = None  # the App this screen is in (set at mount)
        self.why = WhyNotice(self)

    @property
    def view(self) -> PlayerView:
        """The viewer's view of the game, as last drawn (handed down to ``sending``)."""
        return self.sending.view

    @view.setter
    def view(self, view: PlayerView) -> None:
        self.sending.view = view

    @while_open
    def on_mount(self) -> None:
        self.set_up_board()
        self._own_app = self.app
        self._unsubscribe = self.session.subscribe(self._session_changed)
        self._write_log(again=True)
        self.redraw()
        if self._greet:
            self.handover.greet(self.viewer)
        if self.view.finished:
            self.handover.end()
        self.bot_control.wake()

    def on_unmount(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()

    def resume_modals(self) -> None:
        """Show the screens queued over the board (held back while the terminal was too
        small)."""
        self.handover.queue.resume()

    # --- typing a region's number ------------------------------------------------------
    def action_digit(self, digit: int) -> None:
        """A digit picks a combo in the pick phase; otherwise it types a region's number
        (``RegionEntry``): the region is chosen as soon as its number is complete."""
        if any(a.kind == "pick" for a in self.view.legal):
            slot = combo_numbered(self.view, digit)
            if slot is not None:
                self.sending.send(Action("pick", slot))
            else:
                self.why.say(str(digit), _("There is no combo {n}: the combos are 0 to "
                                            "{last}.").format(
                    n=digit, last=max(c.price for c in self.view.combos)))
            return
        region, complete = self.entry.type(str(digit))
        if region is not None:
            self.map_view.cursor = region
            self.map_view.focus()
        if complete and region is not None:
            self.sending.choose_region(region)
        else:
            self._show_entry()

    def action_entry_choose(self) -> None:
        """Space or Enter while a number is typed chooses its region at once, wherever the
        focus is."""
        region = self.entry.region()
        if region is not None:
            self.sending.choose_region(region)

    def action_entry_back(self) -> None:
        self.entry.back()
        region = self.entry.region()
        if region is not None:
            self.map_view.cursor = region
        self._show_entry()

    def action_entry_clear(self) -> None:
        self._clear_entry()

    def _clear_entry(self) -> None:
        if self.entry.digits:
            self.entry.clear()
            self._show_entry()

    def _show_entry(self) -> None:
        """The number being typed, on the map, the prompt and the region line."""
        self.map_view.show_entry(self.entry.digits)
        self._show_prompt(self.view)
        self.show_region(self.map_view.cursor)
        self.refresh_bindings()

    def typed(self) -> str:
        return self.entry.digits

    def _show_prompt(self, view: PlayerView) -> None:
        self.query_one(StatusLine).show(view, self._blocker(view), self.entry)

    def on_key(self, event: events.Key) -> None:
        """A key of the game that does nothing now says why (the bindings come after)."""
        self.why.after_key(event.key)

    # --- messages from widgets and controllers -----------------------------------------
    def on_map_view_region_chosen(self, message: MapView.RegionChosen) -> None:
        self.sending.choose_region(message.region)

    def on_map_view_region_highlighted(self, message: MapView.RegionHighlighted) -> None:
        if (self.entry.digits and message.region == self.map_view.cursor
                and message.region != self.entry.region()):
            self._clear_entry()  # the cursor went elsewhere: the number is dropped
        super().on_map_view_region_highlighted(message)

    def on_combo_column_highlighted(self, message: ComboColumn.Highlighted) -> None:
        """The combo's rules, shown only while the viewer picks (as ``redraw``): a change
        while they are hidden would lay out the screen for nothing."""
        self.query_one(ComboDetails).show(message.combo if self.picking() else None)

    def picking(self) -> bool:
        """Whether the viewer is picking a combo: the combos' rules then show beside the
        column.  Those watching someone else pick keep the log, which tells them the pick
        (and spares each watcher's terminal a layout of the screen as the phase comes and
        goes)."""
        return self.view.phase == "pick" and bool(self.view.legal)

    def on_combo_column_chosen(self, message: ComboColumn.Chosen) -> None:
        self.sending.send(Action("pick", message.slot))

    def on_suggested(self, message: Suggested) -> None:
        """The hard computer player's move for the viewer: a notice names it and the map
        cursor (or the combo column) goes to it; ``y`` plays it."""
        action = message.action
        if not self.bot_control.offer(message, self.viewer):
            return
        if target_of(action.kind) == "region":
            self.map_view.cursor = action.target
        elif action.kind == "pick":
            self.query_one(ComboColumn).highlight_slot(action.target)
        self.notify(_("{move} ({key} plays it)").format(move=action_label(action, self.view),
                                                        key="y"),
                    title=_("Suggestion"), timeout=20, markup=False)
        self.redraw()

    def on_screen_resume(self) -> None:
        """Catch up with the game (see ``sync``); focus what the new phase needs (deferred
        while a modal screen was on top)."""
        if self._behind:
            self._behind = False
            self._write_log()
            self.redraw()
        if self._focus_later is not None:
            if not self._focus_later.has_focus:  # focusing repaints the whole widget
                self._focus_later.focus()
            self._focus_later = None

    # --- the session's changes -----------------------------------------------------------
    def _session_changed(self, events: list[Event]) -> None:
        """The session's listener.  It runs wherever the move was made: another seat's App
        over SSH (where ``self.app``, Textual's App of the running context, is that seat's),
        or a thread.  So it only posts, to this screen's own App, kept at mount, and to the
        App, not the screen: a message handled by this screen while a modal screen is on top
        would repaint that whole modal screen (Textual repaints a screen over one that was
        busy)."""
        if self._own_app is not None:
            self._own_app.call_later(self._synced, events)

    def _synced(self, events: list[Event]) -> None:
        if self.is_attached:  # not replaced meanwhile (by the end screen)
            self.sync(events)

    def sync(self, events: list[Event]) -> None:
        """Bring the screen up to date after the session changed.  On a terminal of one's
        own, the board under a die or a menu is brought up to date when that closes: each
        change under a dimmed screen would cost the player a repaint of the whole terminal."""
        self.bot_control.game_changed()
        watched = self.view.actor != self.viewer  # another player's move
        self._changed = changed_regions(events) if watched else set()
        self._undone = self._undone or any(e.kind == "undone" for e in events)
        behind = not self.seating.hotseat and self.app.screen is not self
        if not behind:
            self._write_log()
        self.handover.moved(events, self.view)
        if behind:
            self._behind = True
            self.view = self.session.view(self.viewer)
        else:
            self.redraw()
        if self.view.finished:
            self.handover.end()
        self.bot_control.wake()

    def _set_viewer(self, seat: int) -> None:
        """The board turns to ``seat``'s view (``Handover``)."""
        self.viewer = seat
        self.redraw()
        self._write_log(again=True)

    def _write_log(self, again: bool = False) -> None:
        """The log's new sentences (all of them ``again``, and after an undo)."""
        self.query_one(LogPanel).follow(self.session.log, narrator(self.view),
                                        again or self._undone)
        self._undone = False

    # --- drawing -----------------------------------------------------------------------
    def redraw(self) -> None:
        view = self.session.view(self.viewer)
        pickable = frozenset(a.target for a in view.legal if a.kind == "pick")
        self._show_prompt(view)
        marked = marks(view)
        self.show_board(view, marked if view.legal
                        else dict.fromkeys(self._changed, Mark("changed")), pickable)
        combos = self.query_one(ComboColumn)
        picking = self.picking()
        self.query_one(ComboDetails).show(combos.current if picking else None)
        for panel in (self.query_one(ComboDetails), self.query_one(LogPanel)):
            panel.set_class(picking, "-pick")
        mine = bool(view.legal)  # what check_action depends on, and only that
        bindings_key = (frozenset(a.kind for a in view.legal), tuple(view.anytime),
                        mine and view.phase in PLACING, mine and self.session.can_undo(),
                        self.bot_control.to_move(), self.bot_control.suggestion)
        key = (self.viewer, view.actor, view.phase)
        if key != self._phase_key:
            self._phase_key = key
            self._focus_later = combos if pickable else self.map_view
            if self.is_current:
                self.on_screen_resume()
            if marked and self.map_view.cursor not in marked:
                self.map_view.cursor = min(marked)
        if bindings_key != self._bindings_key:
            self._bindings_key = bindings_key
            self.refresh_bindings()

    def _blocker(self, view: PlayerView) -> str:
        """Why the redeployment cannot end yet, once every token is placed (e.g. Heroes
        still to place), in the engine's words."""
        if not view.legal or view.phase not in PLACING or hand(view):
            return ""
        exc = self.session.refusal(Action("end_redeploy"))
        return refusal(exc, view.map) if exc is not None else ""

    # --- key actions -------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return key_works(self, action, parameters)

    def help_intro(self) -> str:
        return help_intro(self)

    def help_keys(self) -> list[tuple[str, str]]:
        return help_keys(self)

    def action_act(self, kind: str) -> None:
        self.sending.act(kind, self.map_view.cursor)

    def action_anytime(self, kind: str) -> None:
        """What the viewer may do whoever's decision it is (show or hide their coins to their
        partners)."""
        self.sending.submit(Action(kind, self.viewer))

    def action_other_actions(self) -> None:
        self.sending.other_actions()

    def action_place(self, count: int) -> None:
        region = self.map_view.cursor
        if region is not None:
            self.sending.send(Action("deploy", region, min(count, max(hand(self.view), 1))))

    def action_place_all(self) -> None:
        self.action_place(hand(self.view))

    def action_pick_highlighted(self) -> None:
        combo = self.query_one(ComboColumn).current
        if combo is not None:
            self.sending.send(Action("pick", combo.slot))

    def action_undo(self) -> None:
        self.sending.undo()

    def action_save(self) -> None:
        self.saving.ask_name()

    def action_load(self) -> None:
        self.saving.ask_save()

    def action_hurry(self) -> None:
        self.bot_control.hurry()

    def action_slower(self) -> None:
        self.bot_control.step_pace(1)

    def action_faster(self) -> None:
        self.bot_control.step_pace(-1)

    def action_suggest(self) -> None:
        self.bot_control.suggest(self.view)

    def action_play_suggestion(self) -> None:
        if self.bot_control.suggestion is not None:
            self.sending.send(self.bot_control.suggestion)

    def action_rule_of_this(self) -> None:
        """The rules of what is highlighted: the combo in the column, else the region under
        the map cursor, else the current phase."""
        combos = self.query_one(ComboColumn)
        game = played_game(self.session)
        topics: list[str] = []
        if self.focused is combos and combos.current is not None:
            topics = combo_topics(combos.current, game, bool(self.view.teams))
        elif self.map_view.cursor is not None:
            topics = region_topics(self.view, self.map_view.cursor, game)
        self.post_message(OpenHelp("rules", topics or phase_topics(self.view)))
