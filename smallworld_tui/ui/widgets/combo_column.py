"""The six visible combos: price (slot), race + power, tokens, and coins lying on each."""

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
from smallworld_tui.ui.describe import combo_name
from smallworld_tui.ui.palette import race_colour
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
        self.combos: list[ComboView] = []
        self._shown: object = None

    def show(self, view: PlayerView, pickable: set[int]) -> None:
        """Show the column; ``pickable`` are the slots the viewer may pick now."""
        shown = (tuple(view.combos), frozenset(pickable))
        if shown == self._shown:
            return
        self._shown = shown
        keep = self.highlighted
        before = [c.slot for c in self.combos]
        self.combos = list(view.combos)
        any_pick = bool(pickable)
        prompts = [ComboPrompt(c, c.slot in pickable or not any_pick) for c in self.combos]
        if before == [c.slot for c in self.combos]:
            # the same options, new prompts (each a line): no layout of the screen
            for index, prompt in enumerate(prompts):
                self.replace_option_prompt_at_index(index, prompt)
            return
        self.set_options(Option(prompt, id=f"combo-{c.slot}")
                         for c, prompt in zip(self.combos, prompts, strict=True))
        if self.combos:
            self.highlighted = min(keep or 0, len(self.combos) - 1)

    @property
    def current(self) -> ComboView | None:
        index = self.highlighted
        return self.combos[index] if index is not None and index < len(self.combos) else None

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if event.option_index < len(self.combos):
            self.post_message(self.Highlighted(self.combos[event.option_index]))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_index < len(self.combos):
            self.post_message(self.Chosen(self.combos[event.option_index].slot))
