"""The game screen's keys (built from ``keymap``) and what its help screen says of them."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from textual.actions import parse as parse_action
from textual.binding import Binding, BindingType

from smallworld_tui.compat import node_bindings
from smallworld_tui.engine import PLACING, Action
from smallworld_tui.i18n import N_, _
from smallworld_tui.ui.describe import refusal
from smallworld_tui.ui.keymap import BOT_KEYS, action_keys, others, target_of
from smallworld_tui.ui.screens.help import shown_keys

if TYPE_CHECKING:
    from smallworld_tui.ui.screens.game import GameScreen


def game_bindings() -> list[BindingType]:
    """A key per action kind that has one (``keymap.action_keys``), the digits, the computer
    players' keys, then the screen's own."""
    out: list[BindingType] = [
        Binding(keys.key, f"act('{kind}')", keys.label, id=f"game.{kind}")
        for kind, keys in action_keys().items() if keys.key
    ]
    out += [Binding(str(n), f"digit({n})", N_("Region number (or combo in the pick phase)"),
                    show=False, id=f"game.digit_{n}") for n in range(10)]
    out += [Binding(keys.key, name, keys.label, tooltip=keys.text, id=f"game.{name}")
            for name, keys in BOT_KEYS.items()]
    return [
        *out,
        Binding("escape", "entry_clear", N_("Clear number"), show=False,
                id="game.entry_clear"),
        Binding("enter,space", "entry_choose", N_("Choose the number typed"), show=False,
                priority=True, id="game.entry_choose"),
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


# keys that work while the viewer may take an action of a kind
KIND_KEYS = {"place": "deploy", "place_all": "deploy", "pick_highlighted": "pick"}


def key_works(screen: GameScreen, action: str, parameters: tuple[object, ...]) -> bool:
    """Whether the key of ``action`` works now on ``screen`` (its ``check_action``): an
    action kind's key while the viewer may take that kind, the others as their controllers
    say."""
    view = screen.view
    kinds = {a.kind for a in view.legal}
    if action == "act":
        kind = str(parameters[0])
        if kind == "end_redeploy" and view.legal:
            # shown for the whole redeployment: the engine says what is still missing
            return view.phase in PLACING
        return kind in kinds
    if action in KIND_KEYS:
        return KIND_KEYS[action] in kinds
    if action in ("hurry", "slower", "faster"):
        return screen.bot_control.to_move()
    if action == "play_suggestion":
        return screen.bot_control.playable(view)
    if action == "suggest":
        return bool(view.legal)
    if action == "undo":
        return bool(view.legal) and screen.session.can_undo()
    if action == "anytime":
        return any(a.kind == parameters[0] for a in view.anytime)
    if action == "other_actions":
        return bool(others(list(kinds)))
    if action in ("entry_clear", "entry_choose"):
        return bool(screen.entry.digits)
    if action in ("save", "load"):
        return screen.saving.offered() if action == "save" else screen.saving.load_offered()
    return True


def why_not(screen: GameScreen, action: str, parameters: tuple[object, ...]) -> str:
    """Why the key of ``action`` does nothing now (``key_works`` said no), in a few words:
    whose decision it is, the engine's reason, or what the key is for ("" to say nothing)."""
    view = screen.view
    if action in ("act", "suggest", "undo", "other_actions", *KIND_KEYS) and not view.legal:
        return (_("It is {name}'s decision.").format(name=view.names[view.actor])
                if view.actor >= 0 else _("The game is over."))
    if action == "act":
        kind = str(parameters[0])
        cursor = screen.map_view.cursor
        exc = screen.session.refusal(
            Action(kind, cursor) if target_of(kind) == "region" else Action(kind))
        return refusal(exc, view.map) if exc is not None else ""
    return {
        "pick_highlighted": _("Only while you pick a combo."),
        "place": _("Only while you place tokens."),
        "place_all": _("Only while you place tokens."),
        "other_actions": _("Your races, powers and items offer no other action now."),
        "undo": _("Nothing to undo: undo takes back your moves of this turn, not past a die "
                  "roll, another player's decision or a computer player's move."),
        "hurry": _("No computer player is moving now."),
        "slower": _("No computer player is moving now."),
        "faster": _("No computer player is moving now."),
        "play_suggestion": _("No suggestion to play: s asks for one."),
        "anytime": _("Only in a team game."),
        "save": _("Not here: the server keeps this game."),
        "load": _("Not here: the server keeps this game."),
    }.get(action, "")


class WhyNotice:
    """Why a key of the game did nothing, said in a short notice (it used to be silent), and
    not again while it is on screen: a key held down, or pressed again and again over SSH,
    shows it once."""

    SECONDS = 4  # how long the notice shows

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        self._shown: tuple[str, float] = ("", 0.0)  # the last one, and when

    def after_key(self, key: str) -> None:
        """``key`` came to the screen: if it is a key of the game whose binding is off now,
        say why (a key with an enabled binding is left to it)."""
        screen = self.screen
        if key in screen.active_bindings:
            return
        for binding in node_bindings(screen).key_to_bindings.get(key, ()):
            _namespace, name, parameters = parse_action(binding.action)
            why = why_not(screen, name, parameters)
            if why:
                self.say(f"{screen.app.get_key_display(binding)} · {_(binding.description)}",
                         why)
                return

    def say(self, title: str, why: str) -> None:
        now = time.monotonic()
        if self._shown[0] == why and now - self._shown[1] < self.SECONDS:
            return
        self._shown = (why, now)
        self.screen.notify(why, title=title, timeout=self.SECONDS, markup=False)


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


def help_intro(screen: GameScreen) -> str:
    """A word on the phase, for the help screen."""
    view = screen.view
    return (phase_help(view.phase) if view.legal
            else _("Watching: it is not your decision."))


def help_keys(screen: GameScreen) -> list[tuple[str, str]]:
    """The keys that work now, for the help screen (a computer player's key with what it
    does)."""
    said = {_(k.label): _(k.text) for k in BOT_KEYS.values()}
    keys = [(key, said.get(words, words)) for key, words in shown_keys(screen)]
    if any(a.kind == "pick" for a in screen.view.legal):
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
    saved = screen.session.path
    if screen.saving.offered() and saved is not None and saved.exists():
        keys.append(("ctrl+q", _("Quit: the game is saved after every move in {path}").format(
            path=saved)))
    if screen.saving.offered():
        keys += [
            ("ctrl+s", _("Save the game under a name (it is saved after every action)")),
            ("ctrl+o", _("Load a saved game")),
        ]
    return keys
