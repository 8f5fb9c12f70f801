"""The six visible combos: price (slot), race + power, tokens, and coins lying on each."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from smallworld_tui.engine import PlayerView
from smallworld_tui.engine.market import ComboView
from smallworld_tui.i18n import _
from smallworld_tui.ui.describe import combo_name
from smallworld_tui.ui.palette import race_colour


def combo_prompt(combo: ComboView, affordable: bool) -> Table:
    """ "0¢ Flying Trolls   9t +2¢": price first, coins lying on the combo last; a long name
    is shortened to fit, never the numbers."""
    grid = Table.grid(padding=(0, 1), expand=True)
    grid.add_column(no_wrap=True)
    grid.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
    grid.add_column(justify="right", no_wrap=True)
    grid.add_column(justify="right", no_wrap=True, min_width=3)
    coins = _("+{coins}¢").format(coins=combo.coins) if combo.coins else ""
    grid.add_row(Text(_("{price}¢").format(price=combo.price),
                      style="bold" if affordable else "dim"),
                 Text(combo_name(combo.race, combo.power),
                      style=f"{'bold' if affordable else ''} {race_colour(combo.race)}".strip()),
                 _("{tokens}t").format(tokens=combo.tokens), Text(coins, style="bold"))
    return grid


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
        prompts = [combo_prompt(c, c.slot in pickable or not any_pick) for c in self.combos]
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
