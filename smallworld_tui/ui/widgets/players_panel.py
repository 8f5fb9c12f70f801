"""The players: whose turn it is, coins (hidden as "?" from others but team partners), both
races with their tokens (a Warcraft race in its faction's colour), and the relics, places and
artifacts they hold.  Names are shortened to fit, never numbers; a race's name gives way
before a player's name (a newcomer reads the names; the race is on the map and in the log).
A team game's teams are in the team panel."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text

from smallworld_tui.engine import PlayerView
from smallworld_tui.i18n import _
from smallworld_tui.ui.describe import combo_name, content_name, joined, race_name
from smallworld_tui.ui.palette import item_kind, item_style, race_colour, seat_letters
from smallworld_tui.ui.widgets.fitted import fitted_line
from smallworld_tui.ui.widgets.lines_panel import LinesPanel
from smallworld_tui.ui.widgets.seat_text import seat_color


@dataclass(frozen=True)
class RaceLine:
    """A race of a player: its name and its numbers ("3+12": on the map + in hand)."""

    name: str
    numbers: str
    declined: bool = False
    colour: str = ""  # the race's faction colour (Warcraft), else ""


def race_lines(view: PlayerView, seat: int) -> list[RaceLine]:
    """The active race first (with its ally), then the declined ones."""
    out: list[RaceLine] = []
    active = view.active_army(seat)
    if active is not None:
        name = combo_name(active.race, active.power)
        if "ally" in active.extra:
            name += " " + _("ally {name}").format(name=view.names[active.extra["ally"]])
        numbers = str(active.on_board) + (_("+{hand}").format(hand=active.hand)
                                          if active.hand else "")
        out.append(RaceLine(name, numbers, colour=race_colour(active.race)))
    out += [RaceLine(_("† {race}").format(race=race_name(a.race)), str(a.on_board), True,
                     race_colour(a.race))
            for a in view.armies_of(seat) if a.declined]
    return out


def held_items(view: PlayerView, seat: int) -> list[str]:
    """The relics, places and artifacts lying in the player's regions."""
    return [qid for r in view.regions if r.seat == seat for qid in r.items]


def player_lines(view: PlayerView, seat: int, width: int, compact: bool = False) -> list[Text]:
    """One player in lines of ``width`` cells: marker, letter, name and coins, then each
    race with its numbers (``compact``: the first race on the name's line), then the items
    held."""
    coins = view.coins[seat]
    color = seat_color(seat)
    letter = seat_letters(view.names)[seat]
    money = _("{coins}¢").format(coins="?" if coins is None else coins)
    marker = "▶" if seat == view.seat else " "
    head = [(marker, "bold"), (letter, f"bold black on {color}"), (" ", ""),
            (view.names[seat], f"bold {color}"), (" ", ""), (money, "bold" if coins is not None
                                                           else "dim")]
    if seat == view.actor and seat != view.seat:
        head.append((" " + _("(placing survivors)"), "italic"))
    races = race_lines(view, seat)
    lines = []
    if compact and races:
        first = races.pop(0)
        style = f"dim {first.colour}" if first.declined else first.colour
        lines.append(fitted_line([*head, (" ", ""), (first.name, style)],
                                 [(first.numbers, "bold")], width, [len(head) + 1, 3]))
    else:
        lines.append(fitted_line(head, [], width, [3]))
        if not races and not compact:
            races = [RaceLine(_("no race yet"), "", True)]
    for race in races:
        lines.append(fitted_line([("  ", ""), (race.name, f"{'dim' if race.declined else 'bold'} "
                                                           f"{race.colour}".strip())],
                                 [(race.numbers, "bold")], width, [1]))
    items = held_items(view, seat)
    if items:
        names = joined(f"{item_style(item_kind(q)).glyph} {content_name('item', q)}"
                       for q in items)
        lines.append(fitted_line([("  ", ""), (names, "")], [], width, [1]))
    return lines


class PlayersPanel(LinesPanel):
    """Every player, the one whose turn it is marked with ▶."""

    _inputs: object = None  # what the lines shown were made from

    def show(self, view: PlayerView, compact: bool = False) -> None:
        width = self.content_region.width or 31
        # everything ``player_lines`` reads: most moves change none of it for most players,
        # and making the lines is the dearer part of finding that out
        inputs = (width, compact, view.names, view.coins, view.seat, view.actor, view.armies,
                  [(r.seat, r.items) for r in view.regions if r.items])
        if inputs == self._inputs:
            return
        self._inputs = inputs
        self.show_lines([line for seat in range(len(view.names))
                         for line in player_lines(view, seat, width, compact)])

    def on_resize(self) -> None:
        """Lines are fitted to the width: the screen shows them again at the new one."""
        self._inputs = None
        super().on_resize()
