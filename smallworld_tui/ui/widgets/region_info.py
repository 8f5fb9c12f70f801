"""One line about the region under the map cursor: its cost first (so a narrow terminal never
cuts it), then holder, tokens, items, symbols and pieces; and the region number being typed."""

from __future__ import annotations

from rich.text import Text

from smallworld_tui.engine import PlayerView
from smallworld_tui.i18n import _
from smallworld_tui.names import display_name
from smallworld_tui.ui.describe import content_name, race_name, region_label, tokens
from smallworld_tui.ui.palette import FACE_DOWN, item_kind, item_style, region_symbols
from smallworld_tui.ui.widgets.legend import item_kind_name
from smallworld_tui.ui.widgets.seat_text import seat_color
from smallworld_tui.ui.widgets.steady_static import SteadyStatic


def counted(name: str, n: int) -> str:
    """A name, with how many when more than one: "Encampment ×2"."""
    return name if n == 1 else f"{name} ×{n}"


def region_text(view: PlayerView, region: int, costs: dict[int, int]) -> Text:
    r = view.regions[region]
    info = view.map.regions[region]
    text = Text(region_label(view.map, region), style="bold")
    parts: list[Text] = []
    if region in costs:
        parts.append(Text(_("costs {tokens}").format(tokens=tokens(costs[region])),
                          style="bold reverse"))
    if r.neutral:
        parts.append(Text(counted(display_name("piece", r.race), r.tokens)))
    elif r.seat >= 0:
        race = race_name(r.race)
        if r.declined:
            race = _("declined {race}").format(race=race)
        owner = _("{name}'s {what}").format(name=view.names[r.seat], what=race)
        parts.append(Text(f"{owner} ×{r.tokens}", style=seat_color(r.seat)))
    for qid in r.items:
        look = item_style(item_kind(qid))
        parts.append(Text(f"{look.glyph} {content_name('item', qid)}", style=look.color))
    if r.face_down:
        look = item_style(FACE_DOWN)
        parts.append(Text(f"{look.glyph} {item_kind_name(FACE_DOWN)}", style=look.color))
    game = view.map.game
    parts += [Text(display_name("symbol", s, game=game)) for s in region_symbols(info, game)]
    parts += [Text(counted(display_name("piece", p), n)) for p, n in r.pieces]
    for part in parts:
        text.append(" · ")
        text.append_text(part)
    text.no_wrap = True
    text.overflow = "ellipsis"
    return text


class RegionInfo(SteadyStatic):
    def show(self, view: PlayerView, region: int | None, costs: dict[int, int],
             entry: str = "") -> None:
        text = Text()
        if entry:
            text.append(_("number {digits}_").format(digits=entry), style="bold reverse")
            text.append(" ")
        if region is not None:
            text.append_text(region_text(view, region, costs))
        text.no_wrap = True
        text.overflow = "ellipsis"
        self.show_content(text)
