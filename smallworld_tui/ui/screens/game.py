"""The game screen: map, combos, players and log for one viewer; it sends the viewer's actions.

The screen never decides what is legal: it reads ``view.legal`` (the viewer's legal actions),
offers them through keys (``keymap``), region numbers typed on the keyboard, the map, the
combo column and the command palette, and sends them to the session, whose engine explains
any refusal.  The same screen serves hotseat play (the viewer follows the decision-maker,
with pass-the-device screens in between) and one SSH seat.  In hotseat play it also plays
the computer players' seats (``BotSeats``, in a worker: their thinking happens in a thread);
the moves of others light up the regions they changed on the map.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widget import Widget
from textual.worker import Worker

from smallworld_tui.compat import while_open
from smallworld_tui.engine import Action, Event, IllegalAction, PlayerView
from smallworld_tui.engine.phase import PLACING
from smallworld_tui.i18n import N_, _
from smallworld_tui.saves import SaveInfo, path_for
from smallworld_tui.session import GameSession
from smallworld_tui.session.bot_seats import BotSeats, suggest
from smallworld_tui.session.game_session import StorageError
from smallworld_tui.ui.bindings import TranslatedBindings
from smallworld_tui.ui.describe import (
    Narrator,
    action_label,
    combo_name,
    race_name,
    refusal,
    region_label,
)
from smallworld_tui.ui.keymap import ACTIONS, BOT_KEYS, keys_of, others, target_of
from smallworld_tui.ui.messages import OpenHelp, OpenSave
from smallworld_tui.ui.region_entry import RegionEntry
from smallworld_tui.ui.rule_topics import combo_topics, phase_topics, played_game, region_topics
from smallworld_tui.ui.scores import turn_score
from smallworld_tui.ui.screens.action_commands import LegalActionsProvider
from smallworld_tui.ui.screens.choice import ChoiceScreen
from smallworld_tui.ui.screens.die_roll import DieScreen
from smallworld_tui.ui.screens.end import EndScreen
from smallworld_tui.ui.screens.help import shown_keys
from smallworld_tui.ui.screens.map_marks import hand, marks, region_actions
from smallworld_tui.ui.screens.pass_device import PassScreen
from smallworld_tui.ui.screens.save_dialogs import LoadDialog, SaveDialog
from smallworld_tui.ui.screens.seating import Seating
from smallworld_tui.ui.screens.too_small import TooSmallScreen
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


def phase_help(phase: str) -> str:
    """A word on what the phase is about, for the help screen."""
    return {
        "pick": _("Pick a combo: the number is its price in coins; coins lying on it are "
                  "yours."),
        "conquer": _("Conquer: type a region's number or choose a highlighted region (3t: "
                     "it costs 3 tokens; -2t: you are 2 tokens short, a last conquest with "
                     "the die)."),
        "redeploy": _("Redeploy: put the tokens in your hand into your regions."),
        "defender": _("Place the survivors of the attack in your remaining regions."),
        "end": _("End of the turn: the last choices of your powers."),
    }.get(phase, "")


DIE_SECONDS = 4.0  # how long the die stays up on a terminal of one's own (SSH)
PACES = (0.2, 0.4, 0.8, 1.5, 3.0)  # seconds per computer player's move, slower and faster
RETRY_SECONDS = 5.0  # a computer player's move that could not be saved is tried again


def changed_regions(events: list[Event]) -> set[int]:
    """The regions a move changed (every region its events name)."""
    return {region for e in events for key in ("region", "to")
            if isinstance(region := e.data.get(key), int) and region >= 0}


def _action_bindings() -> list[BindingType]:
    """A key per action kind that has one (``keymap.ACTIONS``), then the digits."""
    out: list[BindingType] = [
        Binding(keys.key, f"act('{kind}')", keys.label, id=f"game.{kind}")
        for kind, keys in ACTIONS.items() if keys.key
    ]
    out += [Binding(str(n), f"digit({n})", N_("Region number (or combo in the pick phase)"),
                    show=False, id=f"game.digit_{n}") for n in range(10)]
    out += [Binding(keys.key, name, keys.label, tooltip=keys.text, id=f"game.{name}")
            for name, keys in BOT_KEYS.items()]
    return out


class GameScreen(TranslatedBindings, Screen[None]):
    """One game as one viewer sees it."""

    COMMANDS: ClassVar = {LegalActionsProvider}
    BINDINGS: ClassVar[list[BindingType]] = [
        *_action_bindings(),
        Binding("escape", "entry_clear", N_("Clear number"), show=False,
                id="game.entry_clear"),
        Binding("backspace", "entry_back", N_("Erase a digit"), show=False,
                id="game.entry_back"),
        Binding("p", "pick_highlighted", N_("Pick"), id="game.pick"),
        Binding("plus", "place(1)", N_("Place 1"), show=False, id="game.place_one"),
        Binding("a", "place_all", N_("Place all"), id="game.place_all"),
        Binding("u,ctrl+z", "undo", N_("Undo"), id="game.undo"),
        Binding("ctrl+s", "save", N_("Save"), show=False, id="game.save"),
        Binding("ctrl+o", "load", N_("Load"), show=False, id="game.load"),
        Binding("o", "other_actions", N_("Other actions"), id="game.other_actions"),
        Binding("g", "legend", N_("Legend"), id="game.legend"),
        Binding("t", "anytime('show_coins')", N_("Show coins"),
                tooltip=N_("Show your coins to your team partners"), id="game.show_coins"),
        Binding("t", "anytime('hide_coins')", N_("Hide coins"),
                tooltip=N_("Hide your coins from your team partners again"),
                id="game.hide_coins"),
        Binding("i", "rule_of_this", N_("Rule of this"), show=False, id="game.rule_of_this"),
    ]

    def __init__(self, session: GameSession, seating: Seating, *, greet: bool = False,
                 bots: BotSeats | None = None) -> None:
        super().__init__()
        self.session = session
        self.seating = seating
        self.bots = bots  # the computer players this screen plays (hotseat), if any
        self._bot_worker: Worker[None] | None = None
        self._suggestion: Action | None = None  # the hard bot's move offered to the viewer
        self._thinking = False  # a suggestion is being worked out
        self._changes = 0  # session changes seen (a suggestion is for the game it was asked)
        self._changed: set[int] = set()  # regions the last move watched changed
        self.viewer = seating.seat(session)
        self.view: PlayerView = session.view(self.viewer)
        self.entry = RegionEntry(len(self.view.map.regions))
        self._greet = greet
        self._logged = 0
        self._viewing_since = len(session.log)
        self._modals: deque[tuple[Screen[Any] | None, Callable[[Any], None] | None]] = deque()
        self._modal_open = False
        self._next_viewer = self.viewer  # the viewer once the queued pass screens are done
        self._ending = False
        self._phase_key: tuple[int, int, str] = (-2, -2, "")
        self._unsubscribe: Callable[[], None] | None = None
        self._own_app: App[Any] | None = None  # the App this screen is in (set at mount)
        self._focus_later: Widget | None = None
        self._bindings_key: object = None
        self._storage_error: OSError | None = None  # why the last move could not be stored
        self._behind = False  # the game changed while a modal screen was on top (SSH)
        self._undone = False  # an undo since the log was last written

    # --- layout ------------------------------------------------------------------------
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

    @while_open
    def on_mount(self) -> None:
        self.query_one("#combos").border_title = _("Combos")
        self.query_one("#combos").border_subtitle = _("¢ price · t tokens")
        self.query_one("#legend").border_title = _("Legend (g hides it)")
        self.set_class(self.app.size.height >= LEGEND_HEIGHT, "-legend")
        self._own_app = self.app
        self._unsubscribe = self.session.subscribe(self._session_changed)
        self._rewrite_log()
        self.redraw()
        if self._greet and self.seating.pass_screens and self.viewer >= 0:
            self._queue_pass(self.viewer)
        if self.view.finished:
            self._queue_end()
        self._wake_bots()

    def on_unmount(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()

    # --- helpers -----------------------------------------------------------------------
    @property
    def map_view(self) -> MapView:
        return self.query_one("#map", MapView)

    def narrator(self) -> Narrator:
        return Narrator(self.view.names, self.view.map, self.viewer, self.view.finished)

    def label(self, region: int) -> str:
        return region_label(self.view.map, region)

    def legal_kinds(self) -> set[str]:
        return {a.kind for a in self.view.legal}

    def my_decision(self) -> bool:
        return bool(self.view.legal)

    # --- sending actions ---------------------------------------------------------------
    def send(self, action: Action) -> None:
        """Apply an action for the viewer; the engine's refusal is shown as a notice."""
        self._clear_entry()
        if not self.my_decision():
            self.notify(_("It is {name}'s decision.").format(
                name=self.view.names[self.view.actor]) if self.view.actor >= 0
                else _("The game is over."), severity="warning", markup=False)
            return
        self._submit(action)

    def _submit(self, action: Action) -> None:
        """Send an action for the viewer to the session; a refusal is shown as a notice."""
        try:
            self.session.apply(action, seat=self.viewer)
        except StorageError as exc:
            self._storage_error = exc.error
            message = refusal(exc, self.view.map)
            if self.host_files():
                message += " " + _("ctrl+s saves the game elsewhere.")
            self.notify(message, title=_("Not saved"), severity="error", timeout=30,
                        markup=False)
        except IllegalAction as exc:
            self.notify(refusal(exc, self.view.map), severity="warning", markup=False)

    def choose_region(self, region: int) -> None:
        """Enter, a click or a typed number on a region: do the one thing it offers, or
        ask which."""
        self._clear_entry()
        actions = region_actions(self.view, region)
        if self.view.phase in PLACING:
            one = Action("deploy", region, 1)
            if one in actions:
                self.send(one)
                return
            actions = [a for a in actions if a.kind != "deploy"]
        if not actions:
            probe = {"conquer": Action("conquer", region),
                     "redeploy": Action("deploy", region, 1),
                     "defender": Action("deploy", region, 1)}.get(self.view.phase)
            if probe is not None:
                self.send(probe)
            else:
                self.notify(_("Nothing to do on {region} now.").format(
                    region=self.label(region)), markup=False)
            return
        if len(actions) == 1 and keys_of(actions[0].kind).direct:
            self.send(actions[0])
        else:
            self.ask(self.label(region), actions)

    def ask(self, title: str, actions: list[Action], warning: str = "") -> None:
        """A menu of actions; the chosen one is sent."""
        costs, in_hand = self.view.costs, hand(self.view)
        choices = [(action_label(a, self.view.names, self.view.map, costs, in_hand), a)
                   for a in actions]

        def chosen(action: Action | None) -> None:
            if action is not None:
                self.send(action)

        self.app.push_screen(ChoiceScreen(title, choices, warning), chosen)

    # --- typing a region's number ------------------------------------------------------
    def action_digit(self, digit: int) -> None:
        """A digit picks a combo in the pick phase; otherwise it types a region's number
        (``RegionEntry``): the region is chosen as soon as its number is complete."""
        if "pick" in self.legal_kinds():
            if digit < len(self.view.combos):
                self.send(Action("pick", digit))
            return
        region, complete = self.entry.type(str(digit))
        if region is not None:
            self.map_view.cursor = region
            self.map_view.focus()
        if complete and region is not None:
            self.choose_region(region)
        else:
            self._show_entry()

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
        self.query_one(RegionInfo).show(self.view, self.map_view.cursor, self.view.costs,
                                        entry=self.entry.digits)
        self.refresh_bindings()

    # --- messages from widgets and the session -----------------------------------------
    def on_map_view_region_chosen(self, message: MapView.RegionChosen) -> None:
        self.choose_region(message.region)

    def on_map_view_region_highlighted(self, message: MapView.RegionHighlighted) -> None:
        self.query_one(RegionInfo).show(self.view, message.region, self.view.costs,
                                        entry=self.entry.digits)

    def on_combo_column_highlighted(self, message: ComboColumn.Highlighted) -> None:
        """The combo's rules, shown only while the viewer picks (as ``redraw``): a change
        while they are hidden would lay out the screen for nothing."""
        self.query_one(ComboDetails).show(message.combo if self.picking() else None)

    def picking(self) -> bool:
        """Whether the viewer is picking a combo: the combos' rules then show beside the
        column.  Those watching someone else pick keep the log, which tells them the pick
        (and spares each watcher's terminal a layout of the screen as the phase comes and
        goes)."""
        return self.view.phase == "pick" and self.my_decision()

    def on_combo_column_chosen(self, message: ComboColumn.Chosen) -> None:
        self.send(Action("pick", message.slot))

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

    def on_resize(self) -> None:
        # after Screen's own handler has set the breakpoint classes (-short, -tall)
        self.call_after_refresh(self._show_players)

    def _show_players(self) -> None:
        for panel in self.query(PlayersPanel):  # none once the screen has been replaced
            panel.show(self.view, compact=not self.has_class("-tall"))

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
        self._changes += 1
        if self._suggestion is not None:  # its notice speaks of a game that has moved on
            self._suggestion = None
            self.app.clear_notifications()
        watched = self.view.actor != self.viewer  # another player's move
        self._changed = changed_regions(events) if watched else set()
        self._undone = self._undone or any(e.kind == "undone" for e in events)
        behind = not self.seating.hotseat and self.app.screen is not self
        if not behind:
            self._write_log()
        for event in events:
            if event.kind == "die_rolled":
                self._show_die(event)
        self._show_scores(events)
        target = self.seating.seat(self.session)
        if target != self._next_viewer and target >= 0:
            if self.seating.pass_screens:
                self._queue_pass(target)
            else:
                self._set_viewer(target)
        if behind:
            self._behind = True
            self.view = self.session.view(self.viewer)
        else:
            self.redraw()
        if self.view.finished:
            self._queue_end()
        self._wake_bots()

    def _write_log(self) -> None:
        """The log's new sentences (all of them again after an undo)."""
        if self._undone or len(self.session.log) < self._logged:
            self._rewrite_log()
        else:
            self.query_one(LogPanel).write_events(self.session.log[self._logged:],
                                                  self.narrator())
            self._logged = len(self.session.log)

    def _show_die(self, event: Event) -> None:
        """The big die for whoever rolled it (and for everyone at one terminal).  On a
        terminal of one's own it closes by itself after a while.  Those watching another
        terminal's roll, or a computer player's, read it in the log (in bold), which blocks
        no one: a notice would cost every watcher's terminal several layouts."""
        if self.seating.hotseat and event.seat not in self.session.record.bots:
            self._queue(DieScreen(event, self.narrator()))
        elif event.seat == self.viewer:
            self._queue(DieScreen(event, self.narrator(), close_after=DIE_SECONDS))

    def _show_scores(self, events: list[Event]) -> None:
        """Each score goes to its player, with its breakdown, before the device passes on:
        on the pass screen when they hold the device, else on a pass screen of its own (a
        defender held the device); as a notice on a terminal of one's own or when the board
        is not hidden between players."""
        for event in events:
            if event.kind != "scored" or event.seat in self.session.record.bots:
                continue  # a computer player's total stays hidden, like anyone's
            seat = event.seat
            note = turn_score(event, self.view.names[seat],
                              self.session.view(seat).coins[seat])
            if not self.seating.hotseat:
                if seat == self.viewer:
                    self.notify(note.plain, title=_("Your score"), timeout=12)
            elif not self.seating.pass_screens:
                self.notify(note.plain, title=_("Score"), timeout=12)
            elif seat == self._next_viewer:
                self._pending_note = note
            else:
                self._queue_pass(seat, reason=_("{name} sees their score for the turn.")
                                 .format(name=self.view.names[seat]), after=note)

    _pending_note: Text | None = None

    # --- viewer, pass screens, modals --------------------------------------------------
    def _set_viewer(self, seat: int) -> None:
        self.viewer = self._next_viewer = seat
        self._viewing_since = len(self.session.log)
        self.redraw()
        self._rewrite_log()

    def _queue_pass(self, seat: int, reason: str = "", after: Text | None = None) -> None:
        view = self.session.view(-1)
        name = view.names[seat]
        if not reason:
            if view.phase == "defender":
                reason = _("{name} places the survivors of {attacker}'s attack.").format(
                    name=name, attacker=view.names[view.seat])
            else:
                reason = _("Round {round}: {name}'s turn.").format(round=view.round,
                                                                   name=name)
        before, self._pending_note = self._pending_note or "", None
        self._next_viewer = seat
        self._queue(PassScreen(name, reason, before=before, after=after or ""),
                    lambda _result: self._set_viewer(seat))

    def _queue_end(self) -> None:
        """After the queued screens (the last die roll), replace this screen by the end."""
        if not self._ending:
            self._ending = True
            self._queue(None, lambda _result: self._show_end())

    def _show_end(self) -> None:
        note, self._pending_note = self._pending_note, None
        self.app.switch_screen(EndScreen(self.session))
        if note is not None:
            self.notify(note.plain, title=_("Score"), timeout=12)

    def _queue(self, screen: Screen[Any] | None,
               then: Callable[[Any], None] | None = None) -> None:
        """Show modal screens one after another (die roll, then pass screen, then the end);
        ``None`` only runs ``then`` in its turn."""
        self._modals.append((screen, then))
        self._next_modal()

    def resume_modals(self) -> None:
        """Show the queued modal screens (held back while the terminal was too small)."""
        self._next_modal()

    def _next_modal(self) -> None:
        if self._modal_open or not self._modals or isinstance(self.app.screen, TooSmallScreen):
            return
        screen, then = self._modals.popleft()

        def closed(result: Any) -> None:
            self._modal_open = False
            if then is not None:
                then(result)
            self._next_modal()

        if screen is None:
            closed(None)
            return
        self._modal_open = True
        self.app.push_screen(screen, closed)

    # --- drawing -----------------------------------------------------------------------
    def _rewrite_log(self) -> None:
        self.query_one(LogPanel).rewrite(self.session.log, self.narrator())
        self._logged = len(self.session.log)
        self._undone = False

    def redraw(self) -> None:
        view = self.view = self.session.view(self.viewer)
        pickable = {a.target for a in view.legal if a.kind == "pick"}
        players, title = self.query_one("#players"), _("Players · Round {round}/{turns}").format(
            round=view.round, turns=view.turns)
        if players.border_title != title:  # setting it repaints the whole panel
            players.border_title = title
        self.query_one(StatusLine).show(view, self._blocker(view))
        self._show_players()
        self.query_one(TeamPanel).show(view)
        combos = self.query_one(ComboColumn)
        combos.show(view, pickable)
        picking = self.picking()
        self.query_one(ComboDetails).show(combos.current if picking else None)
        self.query_one(Legend).show(view)
        marked = marks(view)
        self.map_view.show(view, marked if view.legal
                           else dict.fromkeys(self._changed, Mark("changed")))
        self.query_one(RegionInfo).show(view, self.map_view.cursor, view.costs,
                                        entry=self.entry.digits)
        for panel in (self.query_one(ComboDetails), self.query_one(LogPanel)):
            panel.set_class(picking, "-pick")
        mine = self.my_decision()  # what check_action depends on, and only that
        bindings_key = (frozenset(a.kind for a in view.legal), tuple(view.anytime),
                        mine and view.phase in PLACING,
                        mine and self.session.can_undo(),
                        self.bots is not None and self.bots.to_move(), self._suggestion)
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
        if not self.my_decision() or view.phase not in PLACING or hand(view):
            return ""
        exc = self.session.refusal(Action("end_redeploy"))
        return refusal(exc, view.map) if exc is not None else ""

    # --- key actions -------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        kinds = self.legal_kinds()
        if action == "act":
            kind = str(parameters[0])
            if kind == "end_redeploy" and self.my_decision():
                # shown for the whole redeployment: the engine says what is still missing
                return self.view.phase in PLACING
            return kind in kinds
        needs = {"place": "deploy", "place_all": "deploy", "pick_highlighted": "pick"}
        if action in needs:
            return needs[action] in kinds
        if action == "entry_clear":
            return bool(self.entry.digits)
        if action == "other_actions":
            return bool(others([a.kind for a in self.view.legal]))
        if action == "undo":
            return self.my_decision() and self.session.can_undo()
        if action == "anytime":
            return any(a.kind == parameters[0] for a in self.view.anytime)
        if action == "save":
            return self.host_files()
        if action == "load":
            return self.seating.hotseat and self.host_files()
        if action in ("hurry", "slower", "faster"):
            return self.bots is not None and self.bots.to_move()
        if action == "suggest":
            return self.my_decision()
        if action == "play_suggestion":
            return self._suggestion in self.view.legal
        return True

    def action_act(self, kind: str) -> None:
        """The key of an action kind: sent as it is, on the region under the cursor, or
        chosen in a menu (a player, or anything else), by its parameters."""
        legal = [a for a in self.view.legal if a.kind == kind]
        if kind == "decline":
            self._confirm_decline(legal)
            return
        what = target_of(kind)
        if not what:
            self.send(Action(kind))
        elif what == "region":
            region = self.map_view.cursor
            here = [a for a in legal if a.target == region]
            self.send(here[0] if here else Action(kind, region))
        elif legal:
            self.ask(action_label(Action(kind), self.view.names, self.view.map)
                     if keys_of(kind).text else keys_of(kind).label or kind, legal)

    def action_anytime(self, kind: str) -> None:
        """What the viewer may do whoever's decision it is (show or hide their coins to their
        partners)."""
        self._submit(Action(kind, self.viewer))

    def host_files(self) -> bool:
        """Whether saving and loading by name in this computer's folders is offered."""
        return bool(getattr(self.app, "host_files", True))

    def _confirm_decline(self, declines: list[Action]) -> None:
        """Ask before a decline, saying what it will cause (from a preview of the action on
        a copy of the game: the older declined race leaving the map, the turn ending)."""
        if not declines:
            self.send(Action("decline"))
            return
        warnings = [_("Your turn ends (when you decline at the start of it, you score and "
                      "pass).")] if self.view.phase == "conquer" else []
        try:
            events = self.session.preview(declines[0])
        except IllegalAction:
            events = []
        for event in events:
            if event.kind == "race_removed" and event.seat == self.viewer:
                warnings.append(_("Your declined {race} leave the map.").format(
                    race=race_name(event["race"])))
        self.ask(_("Go into decline?"), declines, warning="\n".join(warnings))

    def action_other_actions(self) -> None:
        """A menu of every legal action without a key of its own (what the race, power and
        items offer besides regions typed on the map)."""
        kinds = others([a.kind for a in self.view.legal])
        self.ask(_("Other actions"), [a for a in self.view.legal if a.kind in kinds])

    def action_place(self, count: int) -> None:
        region = self.map_view.cursor
        if region is not None:
            self.send(Action("deploy", region, min(count, max(hand(self.view), 1))))

    def action_place_all(self) -> None:
        self.action_place(hand(self.view))

    def action_pick_highlighted(self) -> None:
        combo = self.query_one(ComboColumn).current
        if combo is not None:
            self.send(Action("pick", combo.slot))

    def action_legend(self) -> None:
        self.toggle_class("-legend")

    def action_undo(self) -> None:
        try:
            self.session.undo(seat=self.viewer)
        except IllegalAction as exc:
            self.notify(refusal(exc, self.view.map), severity="warning", markup=False)

    def action_save(self) -> None:
        if not self.host_files():
            return
        default = self.session.path.stem if self.session.path else "game"

        def save(name: str | None) -> None:
            if name:
                self.save_as(name)

        self.app.push_screen(SaveDialog(default, self._storage_error), save)

    def save_as(self, name: str) -> None:
        """Save under ``name``; never over a file that is not this game's or not a save."""
        from smallworld_tui.engine import RecordError, load_record

        path = path_for(name)
        if path.exists() and path != self.session.path:
            try:
                load_record(path)
            except RecordError:
                self.notify(_("{path} is not a saved game; it was left untouched. "
                              "Choose another name.").format(path=path.name), severity="error",
                            markup=False)
                return
            self.notify(_("A save named {name} exists already; choose another name.").format(
                name=path.stem), severity="error", markup=False)
            return
        try:
            self.session.save_as(path)
        except OSError as exc:
            self.notify(_("Could not save to {path}: {error}").format(
                path=path, error=exc.strerror or exc), severity="error", markup=False)
            return
        self._storage_error = None
        self.notify(_("Saved as {name}.").format(name=path.stem), markup=False)

    def action_load(self) -> None:
        if not self.host_files() or not self.seating.hotseat:
            return

        def load(save: SaveInfo | None) -> None:
            if save is not None:
                self.post_message(OpenSave(save.path))

        self.app.push_screen(LoadDialog(), load)

    def help_keys(self) -> list[tuple[str, str]]:
        """The keys that work now, for the help screen (a computer player's key with what
        it does)."""
        said = {_(k.label): _(k.text) for k in BOT_KEYS.values()}
        keys = [(key, said.get(words, words)) for key, words in shown_keys(self)]
        if "pick" in self.legal_kinds():
            keys.append(("0–5", _("Pick the combo with that number")))
        else:
            keys.append(("0–9", _("Type a region's number: it is chosen as soon as the "
                                  "number is complete, or with Enter")))
        keys += [
            ("i", _("Rule of this: the rules of what is highlighted")),
            ("r", _("Rules: search the rules reference")),
            ("←↑↓→, " + _("mouse"), _("Move on the map; Enter or a click chooses a region")),
            ("tab", _("Switch between the map and the combo column")),
            ("ctrl+p", _("Command palette: every action possible now and the rules, by name")),
        ]
        if self.host_files():
            keys += [
                ("ctrl+s", _("Save the game under a name (it is saved after every action)")),
                ("ctrl+o", _("Load a saved game")),
            ]
        return keys

    def help_intro(self) -> str:
        """A word on the phase, for the help screen."""
        return (phase_help(self.view.phase) if self.my_decision()
                else _("Watching: it is not your decision."))

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

    # --- computer players -----------------------------------------------------------------
    def _wake_bots(self) -> None:
        """Play the computer players' moves if the decision is theirs (in a worker)."""
        if self.bots is None or not self.bots.to_move():
            return
        if self._bot_worker is None or not self._bot_worker.is_running:
            self._bot_worker = self.run_worker(self._play_bots(), group="bots")

    async def _play_bots(self) -> None:
        assert self.bots is not None
        try:
            await self.bots.play()
        except IllegalAction as exc:  # the move could not be saved: the game is unchanged
            self.notify(refusal(exc, self.view.map), title=_("Not saved"), severity="error",
                        timeout=RETRY_SECONDS, markup=False)
            self.set_timer(RETRY_SECONDS, self._wake_bots)

    def action_hurry(self) -> None:
        if self.bots is not None:
            self.bots.hurry()

    def action_slower(self) -> None:
        self._step_pace(1)

    def action_faster(self) -> None:
        self._step_pace(-1)

    def _step_pace(self, step: int) -> None:
        bots = self.bots
        if bots is None:
            return
        now = min(range(len(PACES)), key=lambda i: abs(PACES[i] - bots.pace))
        bots.pace = PACES[max(0, min(len(PACES) - 1, now + step))]
        self.notify(_("Computer players: {seconds} s a move.").format(
            seconds=f"{bots.pace:g}"), timeout=3)

    def action_suggest(self) -> None:
        """Ask the hard computer player for a move for the viewer (in a thread)."""
        if self._thinking or not self.my_decision():
            return
        self._thinking = True
        self.notify(_("Thinking of a move for you…"), timeout=3)
        self.run_worker(self._suggest(), group="suggest")

    async def _suggest(self) -> None:
        asked, seat = self._changes, self.viewer
        try:
            action = await asyncio.to_thread(suggest, self.session, seat,
                                             self.session.record.seed)
        finally:
            self._thinking = False
        if action is None or asked != self._changes or seat != self.viewer:
            return  # the game moved on meanwhile
        self._suggestion = action
        if target_of(action.kind) == "region":
            self.map_view.cursor = action.target
        elif action.kind == "pick":
            combos = self.query_one(ComboColumn)
            combos.highlighted = next(
                (i for i, c in enumerate(combos.combos) if c.slot == action.target), None)
        view = self.view
        words = action_label(action, view.names, view.map, view.costs, hand(view))
        self.notify(_("{move} ({key} plays it)").format(move=words, key="y"),
                    title=_("Suggestion"), timeout=20, markup=False)
        self.redraw()

    def action_play_suggestion(self) -> None:
        if self._suggestion is not None:
            self.send(self._suggestion)

    # --- for the command palette -------------------------------------------------------
    def palette_entries(self) -> list[tuple[str, Action]]:
        """The viewer's legal actions by name (a single and an all-tokens deployment)."""
        view = self.view
        costs, in_hand = view.costs, hand(view)
        combos = {c.slot: c for c in view.combos}
        out = []
        for action in view.legal:
            if action.kind == "deploy" and action.count not in (1, in_hand):
                continue
            combo = ""
            if action.kind == "pick" and action.target in combos:
                c = combos[action.target]
                combo = combo_name(c.race, c.power)
            out.append((action_label(action, view.names, view.map, costs, in_hand, combo),
                        action))
        return out
