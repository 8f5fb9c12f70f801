"""The game screen's keys (built from ``keymap``) and what its help screen says of them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.binding import Binding, BindingType

from smallworld_tui.engine import PLACING
from smallworld_tui.i18n import N_, _
from smallworld_tui.ui.keymap import BOT_KEYS, action_keys, others
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
    if action == "entry_clear":
        return bool(screen.entry.digits)
    if action in ("save", "load"):
        return screen.saving.offered() if action == "save" else screen.saving.load_offered()
    return True


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
    if screen.saving.offered():
        keys += [
            ("ctrl+s", _("Save the game under a name (it is saved after every action)")),
            ("ctrl+o", _("Load a saved game")),
        ]
    return keys
