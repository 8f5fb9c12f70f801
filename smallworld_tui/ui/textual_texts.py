"""Textual's own words that the app shows (command palette), translated through the catalog."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from textual.app import SystemCommand

from smallworld_tui.i18n import N_, _

SEARCH_PLACEHOLDER = N_("Search for commands…")
# the titles and help of Textual's system commands (others stay as Textual words them)
SYSTEM_COMMANDS = frozenset((
    N_("Theme"), N_("Change the current theme"),
    N_("Quit"), N_("Quit the application as soon as possible"),
    N_("Keys"), N_("Hide the keys and widget help panel"),
    N_("Show help for the focused widget and a summary of available keys"),
    N_("Minimize"), N_("Minimize the widget and restore to normal size"),
    N_("Maximize"), N_("Maximize the focused widget"),
    N_("Screenshot"), N_("Save an SVG 'screenshot' of the current screen"),
))


def translated(commands: Iterable[SystemCommand]) -> Iterator[SystemCommand]:
    """Textual's system commands with their title and help in the interface language."""
    for command in commands:
        yield command._replace(title=_local(command.title), help=_local(command.help))


def _local(text: str) -> str:
    return _(text) if text in SYSTEM_COMMANDS else text
