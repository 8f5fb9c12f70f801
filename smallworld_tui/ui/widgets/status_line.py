"""The prompt: whose decision it is and what they can do now.

It always takes two lines, the second blank when the prompt needs one: were it to grow and
shrink with the prompt, the whole board would move (and every widget under it be drawn again,
the costliest repaint a remote terminal has) each time a player's own turn starts and ends.
"""

from __future__ import annotations

from rich.text import Text

from smallworld_tui.engine import PLACING, ArmyView, PlayerView
from smallworld_tui.i18n import _
from smallworld_tui.ui.describe import (
    action_label,
    army_name,
    joined,
    race_name,
    region_label,
    tokens,
)
from smallworld_tui.ui.keymap import TYPED, keys_of, others
from smallworld_tui.ui.region_entry import RegionEntry
from smallworld_tui.ui.widgets.seat_text import seat_chip
from smallworld_tui.ui.widgets.steady_static import SteadyStatic
from smallworld_tui.ui.wrap import Folded

# action kinds the prompt already speaks of, or too common to repeat (the footer shows their
# key); the other kinds with a key are listed after the prompt
_SAID = frozenset({"pick", "conquer", "final", "deploy", "end_conquest", "end_redeploy",
                   "end_turn"})


def doing(view: PlayerView) -> str:
    """What the player whose decision it is does now, for those watching."""
    return {
        "pick": _("is picking a combo"), "conquer": _("is conquering"),
        "redeploy": _("is redeploying"), "defender": _("is placing survivors"),
        "end": _("is finishing the turn"),
    }.get(view.phase, "")


def _extra_keys(view: PlayerView) -> list[str]:
    """ "f Fortress", "b Berserk roll"…: the other things the player can do now, by key."""
    out = []
    # while conquering, abandoning and declining are for the start of the turn: the footer
    # shows their keys, the prompt keeps to one line
    said = _SAID | ({"abandon", "decline"} if view.phase == "conquer" else set())
    for kind in dict.fromkeys(a.kind for a in view.legal):
        keys = keys_of(kind)
        if kind not in said and keys.key:
            out.append(f"{keys.key} {_(keys.label)}")
    return out


def _conquer_task(view: PlayerView, army: ArmyView) -> str:
    parts = []
    if army.declined:
        parts.append(_("Ghoul phase: your declined {race} act first.").format(
            race=race_name(army.race)))
    if view.roll >= 0:
        parts.append(_("Berserk roll {n}: the next conquest costs {n} less.").format(
            n=view.roll))
    if view.conquest_over:
        parts.append(_("{army}: conquests are over for this turn; e ends them").format(
            army=army_name(army)))
    elif not any(a.kind in TYPED or a.kind == "end_conquest" for a in view.legal) and others(
            [a.kind for a in view.legal]):
        # a choice comes before anything else (the Worgen's form, the Balrog of a Pentacle
        # just found), with tokens in hand or not
        choices = joined(action_label(a, view) for a in view.legal
                         if a.kind in others([a.kind]))
        parts.append(_("{army}, {hand} in hand: first o: {choices}").format(
            army=army_name(army), hand=army.hand, choices=choices))
    elif army.hand < 1:
        parts.append(_("{army}: no tokens left in hand; e ends your conquests").format(
            army=army_name(army)))
    else:
        parts.append(_("{army}, {hand} in hand: type or choose a region to conquer").format(
            army=army_name(army), hand=army.hand))
    return " ".join(parts)


def task(view: PlayerView, blocker: str = "") -> str:
    """What the viewer, whose decision it is, can do now (``blocker``: why redeployment
    cannot end yet, in the engine's words)."""
    army = view.army(view.acting) if view.acting >= 0 else None
    if view.phase == "pick":
        return _("pick a combo: its number, or ↑↓ and Enter (you have {coins}¢)").format(
            coins=view.coins[view.viewer])
    if army is None:
        return ""
    extra = _extra_keys(view)
    if view.phase == "conquer":
        head = _conquer_task(view, army)
    elif view.phase in PLACING:
        if army.hand:
            head = _("place {tokens}: type a region (one each), + one more, a all").format(
                tokens=tokens(army.hand))
        elif blocker:
            head = _("all tokens placed, but {reason}").format(reason=blocker)
        else:
            head = _("all tokens placed: e ends the redeployment")
        if view.phase == "defender":
            head = _("{race} survivors of {name}'s attack: {task}").format(
                race=race_name(army.race), name=view.names[view.seat], task=head)
    elif view.phase == "end":
        head = _("end of turn: e ends it")
    else:
        head = ""
    if extra:
        head = _("{task}; {more}").format(task=head, more=joined(extra))
    return head


def status_text(view: PlayerView, blocker: str = "") -> Text:
    """The player whose decision it is, and what they can do (or, to others, are doing);
    the round is in the players panel's title."""
    if view.finished:
        return Text(_("Game over"), style="bold")
    text = seat_chip(view.actor, view.names)
    if view.actor == view.viewer:
        text.append(": " + task(view, blocker))
    else:
        text.append(" " + doing(view))
    return text


def entry_text(view: PlayerView, entry: RegionEntry) -> Text:
    """The prompt while a region number is typed: the number, what Space or Enter chooses,
    the regions one more digit would name instead, and how to clear it."""
    text = seat_chip(view.viewer, view.names)
    text.append(": ")
    text.append(_("number {digits}_").format(digits=entry.digits), style="bold reverse")
    region = entry.region()
    if region is not None:
        text.append(" " + _("Space or Enter chooses {region}").format(
            region=region_label(view.map, region)))
    longer = entry.longer()
    if longer:
        text.append(_("; ") + _("one more digit: {first}–{last}").format(
            first=longer[0], last=longer[-1]))
    text.append(_("; ") + _("Esc clears"))
    return text


LINES = 2  # the prompt's height (app.tcss)


class StatusLine(SteadyStatic):
    def show(self, view: PlayerView, blocker: str = "", entry: RegionEntry | None = None
             ) -> None:
        """The prompt (``entry``: a region number being typed, said instead)."""
        text = entry_text(view, entry) if entry is not None and entry.digits else status_text(
            view, blocker)
        self.show_content(Folded(text), key=text, lines=LINES)
