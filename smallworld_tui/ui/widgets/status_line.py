"""One line that says whose decision it is and what they can do now."""

from __future__ import annotations

from rich.text import Text

from smallworld_tui.engine import PlayerView
from smallworld_tui.i18n import _
from smallworld_tui.ui.describe import combo_name, joined, race_name, tokens
from smallworld_tui.ui.widgets.seat_text import seat_chip
from smallworld_tui.ui.widgets.steady_static import SteadyStatic


def doing(view: PlayerView) -> str:
    """What the player whose decision it is does now, for those watching."""
    return {
        "pick": _("is picking a combo"), "conquer": _("is conquering"),
        "redeploy": _("is redeploying"), "defender": _("is placing survivors"),
        "end": _("is finishing the turn"),
    }.get(view.phase, "")


def task(view: PlayerView) -> str:
    """What the viewer, whose decision it is, can do now."""
    kinds = {a.kind for a in view.legal}
    army = view.army(view.acting) if view.acting >= 0 else None
    if view.phase == "pick":
        return _("pick a combo: ↑↓ and Enter, or its number (you have {coins}¢)").format(
            coins=view.coins[view.viewer])
    if army is None:
        return ""
    combo = combo_name(army.race, army.power)
    if view.phase == "conquer":
        parts = []
        if army.declined:
            parts.append(_("Ghoul phase: your declined {race} act first.").format(
                race=race_name(army.race)))
        if view.roll >= 0:
            parts.append(_("Berserk roll {n}: the next conquest costs {n} less.").format(
                n=view.roll))
        parts.append(_("{combo}, {hand} in hand: choose a region to conquer").format(
            combo=combo, hand=army.hand))
        return " ".join(parts)
    if view.phase in ("redeploy", "defender"):
        if army.hand:
            head = _("place {tokens} (Enter/+ one, 1–9 several, a all)").format(
                tokens=tokens(army.hand))
        else:
            head = _("all tokens placed")
        if view.phase == "defender":
            head = _("{race} survivors of {name}'s attack: {task}").format(
                race=race_name(army.race), name=view.names[view.seat], task=head)
        pieces = {"fortify": _("f Fortress"), "encamp": _("c Encampment"), "hero": _("H Hero")}
        extra = [label for kind, label in pieces.items() if kind in kinds]
        if extra:
            head = _("{task}; {more}").format(task=head, more=joined(extra))
        return head
    if view.phase == "end":
        choices = []
        if "decline" in kinds:
            choices.append(_("d declines (Stout)"))
        if "ally" in kinds:
            choices.append(_("n names an ally (Diplomat)"))
        choices.append(_("e ends the turn"))
        return _("end of turn: {choices}").format(choices=joined(choices))
    return ""


def status_text(view: PlayerView) -> Text:
    text = Text(_("Round {round}/{turns}").format(round=view.round, turns=view.turns),
                style="bold")
    text.append(" ")
    if view.finished:
        text.append(_("Game over"))
        return text
    text.append_text(seat_chip(view.actor, view.names))
    if view.actor == view.viewer:
        text.append(": " + task(view))
    else:
        text.append(" " + doing(view))
    return text


class StatusLine(SteadyStatic):
    def show(self, view: PlayerView) -> None:
        self.show_content(status_text(view))
