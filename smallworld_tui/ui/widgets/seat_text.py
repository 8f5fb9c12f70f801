"""A seat's colour chip: its letter on its colour, then the name (colour-blind safe)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from smallworld_tui.ui.palette import SEAT_COLORS, seat_letters


def seat_color(seat: int) -> str:
    return SEAT_COLORS[seat % len(SEAT_COLORS)]


def seat_chip(seat: int, names: Sequence[str]) -> Text:
    """ " A  Amy" with the letter on the seat's colour."""
    letter = seat_letters(names)[seat]
    color = seat_color(seat)
    return Text.assemble((f" {letter} ", f"bold black on {color}"), " ",
                         (names[seat], f"bold {color}"))
