"""Colours, letters and glyphs of the interface, safe for colour-blind players.

Seats are told apart by an Okabe–Ito colour **and** a letter; terrains by a colour **and** an
ASCII glyph; pieces and symbols by one ASCII character. Nothing here is East-Asian-ambiguous,
so a Japanese-locale terminal draws every glyph one column wide.
"""

from __future__ import annotations

import os
import string
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from smallworld_tui.engine import Kind, Region, entries, entry, split_id

# Okabe–Ito: orange, sky blue, bluish green, yellow, reddish purple.
SEAT_COLORS: tuple[str, ...] = ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#CC79A7")


@dataclass(frozen=True)
class TerrainStyle:
    """How a terrain is drawn: a single-width ASCII glyph and a base colour."""

    glyph: str
    color: str


@cache
def terrain_style(game: str, terrain: str) -> TerrainStyle:
    """A terrain's glyph and colour, from its game's data table."""
    row = entry("terrain", terrain, game)
    return TerrainStyle(row["glyph"], row["colour"])


def region_symbols(region: Region, game: str, in_game: bool = True) -> list[str]:
    """The symbols drawn on a region; during a game, not those that only say where set-up
    pieces go (the pieces show instead)."""
    return [s for s, row in entries("symbol", game).items()
            if s in region.symbols and (row.get("drawn", True) or not in_game)]


def setup_marker(game: str, terrain: str) -> str:
    """The glyph of the piece the game puts on every region of ``terrain`` at set-up (a
    Mountain marker), or ""."""
    return next((row.get("glyph", "") for row in entries("piece", game).values()
                 if row.get("setup") == f"terrain:{terrain}"), "")


# Relics, places and artifacts lie in regions: one glyph per kind of item (each item is
# named on the region line), and one for an item still face down.
ITEM_KINDS: tuple[Kind, ...] = ("relic", "place", "artifact")
FACE_DOWN = "face_down"
_ITEM_STYLES = {"relic": TerrainStyle("+", "#F2C14E"), "place": TerrainStyle("[", "#D9A6E8"),
                "artifact": TerrainStyle("+", "#F2C14E"), FACE_DOWN: TerrainStyle("?", "#BBBBBB")}


def item_kind(qid: str) -> Kind:
    """Whether an item (qualified id) is a relic, a place or an artifact."""
    for kind in ITEM_KINDS:
        try:
            entry(kind, qid)
        except KeyError:
            continue
        return kind
    raise KeyError(f"no relic, place or artifact {qid!r}")


def item_style(kind: str) -> TerrainStyle:
    """The glyph and colour of a kind of item (``FACE_DOWN``: an item not yet revealed)."""
    return _ITEM_STYLES[kind]


def glyph(kind: Kind, id_: str, game: str = "base") -> str:
    """The one-character glyph of a piece, neutral defender or map symbol (qualified ids
    name their game) from the data table."""
    mark: str = entry(kind, id_, game).get("glyph", "?")
    return mark

_NO_COLOR = os.environ.get("NO_COLOR") is not None


def no_color() -> bool:
    """Whether NO_COLOR was set when the program started (letters and glyphs carry it all)."""
    return _NO_COLOR


def _initial(name: str) -> str:
    """The name's first character as an uppercase A–Z letter ("Émile" -> "E"), else ""."""
    base = unicodedata.normalize("NFKD", name.strip()[:1]).upper()[:1]
    return base if base in string.ascii_uppercase else ""


def seat_letters(names: Sequence[str]) -> list[str]:
    """One distinct uppercase letter per seat: the name's initial when free, else the next
    free letter of the name, else the first free letter from A (names without Latin letters).
    Worked out once per set of names: every panel asks for them at every repaint."""
    return list(_seat_letters(tuple(names)))


@lru_cache(maxsize=256)
def _seat_letters(names: tuple[str, ...]) -> tuple[str, ...]:
    letters = [""] * len(names)
    used: set[str] = set()
    for seat, name in enumerate(names):
        initial = _initial(name)
        if initial and initial not in used:
            letters[seat] = initial
            used.add(initial)
    for seat, name in enumerate(names):
        if letters[seat]:
            continue
        own = [_initial(ch) for ch in name]
        letter = next((ch for ch in own if ch and ch not in used), "")
        letter = letter or next(ch for ch in string.ascii_uppercase if ch not in used)
        letters[seat] = letter
        used.add(letter)
    return tuple(letters)


NEUTRAL_COLOUR = "#BBBBBB"


@cache
def faction_colour(game: str, faction: str) -> str:
    """A faction's colour, from its game's data table (grey if it gives none)."""
    colour: str = entry("faction", faction, game).get("colour", NEUTRAL_COLOUR)
    return colour


@cache
def race_colour(race: str) -> str:
    """The colour of a race's faction ("" for a race of a game without factions); ``race`` is
    qualified, e.g. "warcraft:orcs"."""
    game, _bare = split_id(race, "base")
    faction = entry("race", race, game).get("faction")
    return faction_colour(game, faction) if faction else ""
