"""The reinforcement die, big: what was rolled, what was needed, and the outcome."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Center, Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from smallworld_tui.engine import Event
from smallworld_tui.i18n import _
from smallworld_tui.ui.describe import Narrator
from smallworld_tui.ui.widgets.die_face import DieFace


def outcome_text(event: Event, narrator: Narrator) -> Text:
    name = narrator.name(event.seat)
    if event["region"] < 0:
        headline = _("{name} rolled {value}").format(name=name, value=event["value"])
        detail = _("Berserk: the next conquest costs {value} tokens less.").format(
            value=event["value"])
        return Text.assemble((headline, "bold"), "\n", detail)
    headline = _("Rolled {value} — needed {short}").format(
        value=event["value"], short=event["short"])
    region = narrator.region(event["region"])
    if event["success"]:
        detail = _("{name} conquers {region}!").format(name=name, region=region)
    else:
        detail = _("{name} fails to take {region}; conquest is over.").format(
            name=name, region=region)
    return Text.assemble((headline, "bold"), "\n", detail)


class DieScreen(ModalScreen[None]):
    """Any key or click closes it; so does ``close_after`` seconds when given."""

    def __init__(self, event: Event, narrator: Narrator,
                 close_after: float | None = None) -> None:
        super().__init__()
        self.event = event
        self.narrator = narrator
        self.close_after = close_after

    def on_mount(self) -> None:
        if self.close_after is not None:
            self.set_timer(self.close_after, self._close)

    def _close(self) -> None:
        if self.is_current:
            self.dismiss()

    def compose(self) -> ComposeResult:
        with Vertical(id="die-box"):
            with Center():
                yield DieFace(self.event["value"], id="die-face")
            text = outcome_text(self.event, self.narrator)
            text.append("\n\n" + _("(press any key)"), style="dim")
            text.justify = "center"
            yield Static(text, id="die-text")

    def on_key(self, event: events.Key) -> None:
        event.stop()
        self.dismiss()

    def on_click(self) -> None:
        self.dismiss()
