"""Sending the viewer's moves to the session: a legal move is applied; any other is never
applied, the engine's reason for refusing it shows as a notice (``GameSession.refusal``).
A region or a key that offers several moves asks which in a menu."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.screen import Screen

from smallworld_tui.engine import PLACING, Action, IllegalAction, PlayerView
from smallworld_tui.i18n import _
from smallworld_tui.session import GameSession
from smallworld_tui.session.game_session import StorageError
from smallworld_tui.ui.controllers.saving import SaveController
from smallworld_tui.ui.describe import action_label, race_name, refusal, region_label
from smallworld_tui.ui.keymap import keys_of, others, target_of
from smallworld_tui.ui.screens.choice import ChoiceScreen
from smallworld_tui.ui.screens.map_marks import region_actions


class Sender:
    """Sends for the viewer of ``view`` (the screen keeps it the view of the moment);
    ``on_send`` is called as a move is sent or refused (the screen forgets a number being
    typed); a move that could not be saved goes to ``saving``.  ``vet`` may refuse a move
    before the game is asked, returning the words that say why (a lesson's, for a move it does
    not expect now); "" lets it through."""

    def __init__(self, screen: Screen[Any], session: GameSession, view: PlayerView,
                 saving: SaveController, on_send: Callable[[], None]) -> None:
        self.screen = screen
        self.session = session
        self.view = view
        self.saving = saving
        self.on_send = on_send
        self.vet: Callable[[Action], str] = lambda action: ""

    def send(self, action: Action) -> None:
        """Apply ``action`` if it is legal, else say why not (whose decision it is, or the
        engine's reason)."""
        self.on_send()
        view, notify = self.view, self.screen.notify
        if not view.legal:
            notify(_("It is {name}'s decision.").format(name=view.names[view.actor])
                   if view.actor >= 0 else _("The game is over."), severity="warning",
                   markup=False)
        elif words := self.vet(action):
            notify(words, severity="warning", markup=False)
        elif action in view.legal or (exc := self.session.refusal(action)) is None:
            self.submit(action)
        else:
            notify(refusal(exc, view.map), severity="warning", markup=False)

    def submit(self, action: Action) -> None:
        """Send ``action`` to the session for the viewer (also a choice at any moment, such
        as showing one's coins); a refusal is shown as a notice."""
        try:
            self.session.apply(action, seat=self.view.viewer)
        except StorageError as exc:
            self.saving.not_saved(exc, self.view)
        except IllegalAction as exc:
            self.screen.notify(refusal(exc, self.view.map), severity="warning", markup=False)

    def choose_region(self, region: int) -> None:
        """Enter, a click or a typed number on a region: do the one thing it offers, or ask
        which; a region that offers nothing says why (the conquest or the token refused)."""
        self.on_send()
        view = self.view
        actions = region_actions(view, region)
        if view.phase in PLACING:
            one = Action("deploy", region, 1)
            if one in actions:
                self.send(one)
                return
            actions = [a for a in actions if a.kind != "deploy"]
        if not actions:
            refused = {"conquer": Action("conquer", region),
                       "redeploy": Action("deploy", region, 1),
                       "defender": Action("deploy", region, 1)}.get(view.phase)
            if refused is not None:
                self.send(refused)
            else:
                self.screen.notify(_("Nothing to do on {region} now.").format(
                    region=region_label(view.map, region)), markup=False)
        elif len(actions) == 1 and keys_of(actions[0].kind).direct:
            self.send(actions[0])
        else:
            self.ask(region_label(view.map, region), actions)

    def ask(self, title: str, actions: list[Action], warning: str = "") -> None:
        """A menu of actions; the chosen one is sent."""
        choices = [(action_label(a, self.view), a) for a in actions]

        def chosen(action: Action | None) -> None:
            if action is not None:
                self.send(action)

        self.screen.app.push_screen(ChoiceScreen(title, choices, warning), chosen)

    def act(self, kind: str, region: int | None) -> None:
        """The key of an action kind: sent as it is, on ``region`` (the map cursor's), or
        chosen in a menu (a player, or anything else), by its parameters."""
        legal = [a for a in self.view.legal if a.kind == kind]
        if kind == "decline":
            self.confirm_decline(legal)
            return
        what = target_of(kind)
        if not what:
            self.send(Action(kind))
        elif what == "region":
            here = [a for a in legal if a.target == region]
            self.send(here[0] if here else Action(kind, -1 if region is None else region))
        elif legal:
            self.ask(action_label(Action(kind), self.view) if keys_of(kind).text
                     else keys_of(kind).label or kind, legal)

    def confirm_decline(self, declines: list[Action]) -> None:
        """Ask before a decline, saying what it will cause (from a preview of the action on
        a copy of the game: the older declined race leaving the map, the turn ending)."""
        if not declines:
            self.send(Action("decline"))
            return
        view = self.view
        warnings = [_("Your turn ends (when you decline at the start of it, you score and "
                      "pass).")] if view.phase == "conquer" else []
        try:
            events = self.session.preview(declines[0])
        except IllegalAction:
            events = []
        for event in events:
            if event.kind == "race_removed" and event.seat == view.viewer:
                warnings.append(_("Your declined {race} leave the map.").format(
                    race=race_name(event["race"])))
        self.ask(_("Go into decline?"), declines, warning="\n".join(warnings))

    def other_actions(self) -> None:
        """A menu of every legal action without a key of its own (what the race, power and
        items offer besides regions typed on the map)."""
        kinds = others([a.kind for a in self.view.legal])
        self.ask(_("Other actions"), [a for a in self.view.legal if a.kind in kinds])

    def undo(self) -> None:
        try:
            self.session.undo(seat=self.view.viewer)
        except IllegalAction as exc:
            self.screen.notify(refusal(exc, self.view.map), severity="warning", markup=False)
