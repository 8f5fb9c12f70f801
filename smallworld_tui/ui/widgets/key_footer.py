"""The keys that work now, at the bottom of every screen: on as many lines as they need (at
most three), never cut.  A click on a key presses it.  The command-palette key comes last,
at the right."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.screen import Screen
from textual.widget import Widget

MAX_LINES = 3
GAP = 2  # spaces between two keys


@dataclass(frozen=True)
class FooterKey:
    key: str  # the key to press (for a click)
    display: str  # how the key is shown ("^q", "⏎")
    description: str
    right: bool = False  # shown at the right end of the last line

    @property
    def width(self) -> int:
        return Text(f"{self.display} {self.description}").cell_len


def footer_keys(screen: Screen[object]) -> list[FooterKey]:
    """The enabled keys the screen shows, once per action, the palette key last."""
    app = screen.app
    active_bindings = screen.active_bindings
    found: dict[str, FooterKey] = {}
    for key, active in active_bindings.items():
        binding = active.binding
        if active.enabled and binding.show and binding.description:
            found.setdefault(binding.action, FooterKey(
                key, app.get_key_display(binding), binding.description))
    palette = active_bindings.get(app.COMMAND_PALETTE_BINDING)
    if app.ENABLE_COMMAND_PALETTE and palette is not None and palette.enabled:
        binding = palette.binding
        found["command_palette"] = FooterKey(app.COMMAND_PALETTE_BINDING,
                                             app.get_key_display(binding),
                                             binding.description, right=True)
    return list(found.values())


def arrange(keys: list[FooterKey], width: int) -> list[list[FooterKey]]:
    """Keys in lines of ``width`` cells, in order, the first lines as full as they get."""
    lines: list[list[FooterKey]] = [[]]
    used = 0
    for key in keys:
        need = key.width + (GAP if lines[-1] else 0)
        if lines[-1] and used + need > width:
            lines.append([])
            used, need = 0, key.width
        lines[-1].append(key)
        used += need
    return lines[:MAX_LINES] if lines[0] else []


class KeyFooter(Widget):
    DEFAULT_CSS = """
    KeyFooter {
        dock: bottom;
        height: auto;
        background: $footer-background;
        color: $footer-foreground;
        padding: 0 1;
        & > .key-footer--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        & > .key-footer--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
    }
    """
    COMPONENT_CLASSES = {"key-footer--key", "key-footer--description"}  # noqa: RUF012

    def __init__(self) -> None:
        super().__init__()
        self._keys: list[FooterKey] = []
        self._spans: list[tuple[int, int, int, str]] = []  # (line, start, end, key)

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self._bindings_changed(self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen[object]) -> None:
        keys = footer_keys(screen)
        if keys != self._keys:
            width = self.content_region.width
            lines = self._lines(self._keys, width)
            self._keys = keys
            # a layout of the screen only when the footer's height changes
            self.refresh(layout=not width or self._lines(keys, width) != lines)

    def _lines(self, keys: list[FooterKey], width: int) -> int:
        """The footer's height for ``keys``: at least its ``min-height`` (a screen may keep
        room for a second line so that nothing above moves when the keys need it)."""
        least = self.styles.min_height
        return max(1, int(least.value) if least is not None else 1, len(arrange(keys, width)))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return max(1, len(arrange(self._keys, width)))

    def render(self) -> Text:
        width = self.content_region.width
        key_style = self.get_component_rich_style("key-footer--key")
        description_style = self.get_component_rich_style("key-footer--description")
        text = Text(no_wrap=True, overflow="crop")
        self._spans = []
        for n, line in enumerate(arrange(self._keys, width)):
            if n:
                text.append("\n")
            x = 0
            for i, key in enumerate(line):
                if i:
                    gap = GAP
                    if key.right:
                        gap = max(GAP, width - x - key.width)
                    text.append(" " * gap)
                    x += gap
                text.append(key.display, key_style)
                text.append(" " + key.description, description_style)
                self._spans.append((n, x, x + key.width, key.key))
                x += key.width
        return text

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        for line, start, end, key in self._spans:
            if line == offset.y and start <= offset.x < end:
                self.app.simulate_key(key)
                return
