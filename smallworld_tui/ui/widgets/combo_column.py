"""The visible combos: price, race + power, tokens, and coins lying on each; in a market of
several columns (a team game's), each column under a heading saying whose it is."""

from __future__ import annotations

from rich.text import Text
from textual.content import Content
from textual.css.styles import RulesMap
from textual.message import Message
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from smallworld_tui.engine import ComboView, PlayerView
from smallworld_tui.i18n import _
from smallworld_tui.names import display_name
from smallworld_tui.ui.describe import combo_name
from smallworld_tui.ui.palette import faction_colour, race_colour
from smallworld_tui.ui.widgets.fitted import fitted_line

MIN_COINS = 3  # cells the coins lying on a combo take, even when there are none


class ComboPrompt(Visual):
    """ "0¢ Flying Trolls   9t +2¢": price first, coins lying on the combo last; a long name
    is shortened to fit, never the numbers.  A one-line Textual visual laid out at the
    width the column gives (a Rich table did the same at several times the cost, measured
    then drawn, on every terminal at each pick)."""

    def __init__(self, combo: ComboView, affordable: bool) -> None:
        bold = "bold" if affordable else ""
        name = f"{bold} {race_colour(combo.race)}".strip()
        coins = _("+{coins}¢").format(coins=combo.coins) if combo.coins else ""
        self._left = [(_("{price}¢").format(price=combo.price), bold or "dim"), (" ", ""),
                      (combo_name(combo.race, combo.power), name)]
        self._right = [(_("{tokens}t").format(tokens=combo.tokens), ""), (" ", ""),
                       (coins.rjust(MIN_COINS), "bold")]
        self._fill = name
        self._drawn: dict[int, Content] = {}

    def line(self, width: int) -> Text:
        return fitted_line(self._left, self._right, width, [2], fill=self._fill)

    def render_strips(self, width: int, height: int | None, style: Style,
                      options: RenderOptions) -> list[Strip]:
        content = self._drawn.get(width)
        if content is None:
            content = self._drawn[width] = Content.from_rich_text(self.line(width))
        return content.render_strips(width, height, style, options)

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return container_width

    def get_height(self, rules: RulesMap, width: int) -> int:
        return 1


class ComboColumn(OptionList):
    """Browse the combos (their rules show beside); Enter picks one when you may pick."""

    class Highlighted(Message):
        def __init__(self, combo: ComboView) -> None:
            super().__init__()
            self.combo = combo

    class Chosen(Message):
        def __init__(self, slot: int) -> None:
            super().__init__()
            self.slot = slot

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.rows: list[ComboView | Text] = []  # the combos and the headings, as shown
        self.combos: list[ComboView] = []
        self._shown: object = None

    def show(self, view: PlayerView, pickable: set[int]) -> None:
        """Show the column; ``pickable`` are the slots the viewer may pick now.  A market of
        several columns (the team game's, one per faction) shows the viewer's own column
        first, each under a heading saying whose it is."""
        shown = (tuple(view.combos), frozenset(pickable), view.viewer)
        if shown == self._shown:
            return
        self._shown = shown
        keep = self.highlighted
        before = self.rows
        self.rows = market_rows(view)
        self.combos = [row for row in self.rows if isinstance(row, ComboView)]
        any_pick = bool(pickable)
        prompts: list[ComboPrompt | Text] = [
            ComboPrompt(row, row.slot in pickable or not any_pick)
            if isinstance(row, ComboView) else row for row in self.rows]
        if [_row_id(r) for r in before] == [_row_id(r) for r in self.rows]:
            # the same options, new prompts (each a line): no layout of the screen
            for index, prompt in enumerate(prompts):
                self.replace_option_prompt_at_index(index, prompt)
            return
        self.set_options(Option(prompt, id=_row_id(row), disabled=isinstance(row, Text))
                         for row, prompt in zip(self.rows, prompts, strict=True))
        first = next((i for i, row in enumerate(self.rows) if isinstance(row, ComboView)), None)
        if first is not None:
            self.highlighted = min(max(keep or 0, first), len(self.rows) - 1)

    def highlight_slot(self, slot: int) -> None:
        """Move the highlight to the combo of ``slot``."""
        self.highlighted = next((i for i, row in enumerate(self.rows)
                                 if isinstance(row, ComboView) and row.slot == slot), None)

    @property
    def current(self) -> ComboView | None:
        index = self.highlighted
        row = self.rows[index] if index is not None and index < len(self.rows) else None
        return row if isinstance(row, ComboView) else None

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        combo = self.current
        if combo is not None:
            self.post_message(self.Highlighted(combo))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        row = self.rows[event.option_index] if event.option_index < len(self.rows) else None
        if isinstance(row, ComboView):
            self.post_message(self.Chosen(row.slot))


def _row_id(row: ComboView | Text) -> str:
    return f"combo-{row.slot}" if isinstance(row, ComboView) else f"heading-{row.plain}"


def market_rows(view: PlayerView) -> list[ComboView | Text]:
    """The combos in the order shown: a single column as it is; a market of several columns
    (one per faction) the viewer's own first, each after a heading naming the faction and
    whose combos they are (the prices start again at 0 in each)."""
    columns = list(dict.fromkeys(c.column for c in view.combos))
    if columns == [""] or not columns:
        return list(view.combos)
    own = next((team for team, seats in view.teams.items() if view.viewer in seats), "")
    columns.sort(key=lambda column: column != own)
    rows: list[ComboView | Text] = []
    for column in columns:
        name = display_name("faction", column, game=view.game)
        if not own:
            words = name
        elif column == own:
            words = _("{faction} · yours to take").format(faction=name)
        else:
            words = _("{faction} · the other team's").format(faction=name)
        rows.append(Text(words, style=f"bold {faction_colour(view.game, column)}",
                         no_wrap=True, overflow="ellipsis"))
        rows += [c for c in view.combos if c.column == column]
    return rows


def combo_numbered(view: PlayerView, number: int) -> int | None:
    """The slot of the combo a digit names: the number before a combo is its price, and in a
    market of several columns the prices start again in each, so the viewer's own combo of
    that price comes first (one they may take), else any of that price (the engine then
    says why not).  None when no combo has that number."""
    pickable = {a.target for a in view.legal if a.kind == "pick"}
    priced = sorted((c for c in view.combos if c.price == number),
                    key=lambda c: c.slot not in pickable)
    return priced[0].slot if priced else None
