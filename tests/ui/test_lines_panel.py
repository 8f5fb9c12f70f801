"""The lines panel (the players panel's base): only changed lines are drawn again, and the
screen is laid out only when the number of lines changes."""

from __future__ import annotations

import pytest
from rich.text import Text
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.strip import Strip

from smallworld_tui.ui.widgets.lines_panel import LinesPanel


class Panel(LinesPanel):
    def __init__(self) -> None:
        super().__init__()
        self.drawn: list[int] = []

    def render_line(self, y: int) -> Strip:
        self.drawn.append(y)
        return super().render_line(y)


class PanelApp(App[None]):
    CSS = "Panel { height: auto; border: round white; padding: 0 1; }"

    def compose(self) -> ComposeResult:
        yield Panel()


def texts(*lines: str) -> list[Text]:
    return [Text(line) for line in lines]


async def test_only_the_changed_lines_are_drawn_again(monkeypatch: pytest.MonkeyPatch) -> None:
    app = PanelApp()
    async with app.run_test(size=(30, 10)) as pilot:
        panel = app.query_one(Panel)
        panel.show_lines(texts("Amy 5¢", "  Trolls 3+2", "Ben ?¢"))
        await pilot.pause()
        assert panel.outer_size.height == 5  # three lines and the border
        layouts: list[bool] = []
        refresh = panel.refresh
        monkeypatch.setattr(panel, "refresh", lambda *regions, layout=False, **kw: (
            layouts.append(layout), refresh(*regions, layout=layout, **kw))[1])
        panel.drawn = []
        panel.show_lines(texts("Amy 5¢", "  Trolls 4+1", "Ben ?¢"))
        await pilot.pause()
        assert set(panel.drawn) == {1} and layouts == [False]
        shown = [strip.text[1:-1].strip() for strip in
                 panel.render_lines(Region(0, 0, *panel.outer_size))]
        assert shown[1:4] == ["Amy 5¢", "Trolls 4+1", "Ben ?¢"]
        panel.drawn = []
        panel.show_lines(texts("Amy 5¢", "  Trolls 4+1", "Ben ?¢"))  # nothing new
        await pilot.pause()
        assert panel.drawn == [] and layouts == [False]
        panel.show_lines(texts("Amy 5¢", "  Trolls 4+1", "Ben ?¢", "  Elves 6"))
        await pilot.pause()
        assert layouts[:2] == [False, True] and panel.outer_size.height == 6


async def test_a_line_wider_than_the_panel_is_cropped_not_wrapped() -> None:
    app = PanelApp()
    async with app.run_test(size=(20, 10)) as pilot:
        panel = app.query_one(Panel)
        panel.show_lines(texts("Amy " + "x" * 40))
        await pilot.pause()
        assert panel.outer_size.height == 3
        assert panel.render_line(0).cell_length == panel.content_region.width
