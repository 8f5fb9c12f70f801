"""The values a topic text may insert (``{sorcerers.max_tokens}``, ``{rule.max_shortfall}``...).

Every name and number in the texts comes from the data tables, so the reference and the engine
never disagree. In a text of one game:

- ``{<id>}``: the name of a race, power, relic, place, artifact, piece or faction of that game;
  ``{<id>.<field>}``: a field of its row (``tokens``, ``max_tokens``, ``count``, ``name_ja``...).
  Where two kinds share an id, the first in that order wins (Warcraft's ``{champion}`` is the
  power); ``{<kind>.<id>}`` names any row: ``{piece.champion}``, ``{terrain.river}``,
  ``{symbol.volcano}``. A faction's ``.races`` lists its races' names.
- ``{name}``: the topic's own name; ``{tokens}``, ``{discount}``...: the numbers of its own row.
- ``{game}``: the game's name; ``{kept_in_decline}``: its powers that work in decline;
  ``{number.<kind>}``: how many rows of that kind it has (``{number.artifact}``).
- ``{rule.<field>}``: the ``rules`` and ``setup`` numbers, ``column_size``, ``max_combo_cost``,
  ``min_players``, ``max_players``; ``{die}``: the die faces; ``{turns_by_players}``: the rounds
  on each map.
- Warcraft: ``{boards_by_players}``, ``{boards_alternative}`` (the island boards per player
  count) and ``{team.<...>}`` (the team game: ``seating``, ``name``, the columns
  ``alliance.face_up``..., the rulebook's example: ``example.players`` (each seat's coins),
  ``example.scores.horde``..., ``example.winner`` and its score ``example.best``).
- ``{<game>.<...>}``: any of the above from another game (``{base.seafaring}``).

The topics every game shares insert only ``{rule.<field>}``, ``{die}``, ``{turns_by_players}``
(the same in every table) and ``{<game>.<...>}``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from types import SimpleNamespace
from typing import Any

from smallworld_tui.engine import games
from smallworld_tui.i18n import N_, translations
from smallworld_tui.names import Kind, display_name, entries, game_name, table

ROW_KINDS: tuple[Kind, ...] = (
    "faction", "race", "power", "relic", "artifact", "place", "piece", "terrain", "symbol"
)
_BY_ID: tuple[Kind, ...] = ("race", "power", "relic", "artifact", "place", "piece", "faction")
_BOARD_SIZES = {"L": N_("{count} Large"), "M": N_("{count} Medium"), "S": N_("{count} Small")}
_SHARED = ("rule", "die", "turns_by_players")  # the same in every game's table
_QUOTED = {"ja": "『{}』"}  # a power's name standing alone (Japanese names are adjectives)


class Row(SimpleNamespace):
    """A row of the data table inside a text: shows as its name, its fields are attributes."""

    name: str

    def __format__(self, spec: str) -> str:
        return format(self.name, spec)


def fields(row: dict[str, Any]) -> dict[str, Any]:
    """The fields of a row a text may insert: its numbers and names."""
    return {key: value for key, value in row.items()
            if isinstance(value, int | str) and not isinstance(value, bool)}


def numbers(row: dict[str, Any]) -> dict[str, int]:
    """The numbers of a row (a topic inserts its own by their bare names: ``{discount}``)."""
    return {key: value for key, value in fields(row).items() if isinstance(value, int)}


def _row(kind: Kind, id_: str, lang: str, game: str) -> Row:
    return Row(**fields(entries(kind, game)[id_]), name=display_name(kind, id_, lang, game))


def _by_players(lang: str, counts: dict[str, Any], show: Callable[[Any], str]) -> str:
    """``"2 players: …"`` for each player count, joined with " / "."""
    _ = translations(lang).gettext
    return " / ".join(_("{players} players: {what}").format(players=players, what=show(value))
                      for players, value in sorted(counts.items(), key=lambda item: int(item[0])))


def _boards(lang: str, counts: dict[str, dict[str, int]]) -> str:
    _ = translations(lang).gettext
    return _by_players(lang, counts, lambda sizes: _(" + ").join(
        _(_BOARD_SIZES[size]).format(count=count) for size, count in sizes.items()))


def _team(lang: str, data: dict[str, Any], factions: SimpleNamespace) -> SimpleNamespace:
    """The team game's numbers: seating, columns and the rulebook's example."""
    _ = translations(lang).gettext

    def seat(role: str) -> str:
        faction, _sep, number = role.partition("_")
        name = getattr(factions, faction).name
        return _("{faction} #{number}").format(faction=name, number=number) if number else name

    teams = data["teams"]
    example = teams["example"]
    return SimpleNamespace(
        name=teams[f"name_{lang}"],
        seating=_by_players(lang, teams["seat_order"],
                            lambda roles: _(", ").join(seat(role) for role in roles)),
        **{column: SimpleNamespace(**fields(numbers))
           for column, numbers in teams["columns"].items()},
        example=SimpleNamespace(
            players=_(", ").join(_("{seat}: {coins}").format(seat=seat(role), coins=coins)
                                 for role, coins in example["coins"].items()),
            scores=SimpleNamespace(**example["scores"]),
            winner=getattr(factions, example["winner"]),
            best=example["scores"][example["winner"]]),
    )


@cache
def _game_values(lang: str, game: str) -> dict[str, Any]:
    """What a text of `game` may insert, but the other games' values."""
    data = table(game)
    _ = translations(lang).gettext
    values: dict[str, Any] = {}
    for kind in ROW_KINDS:
        rows = {id_: _row(kind, id_, lang, game) for id_ in entries(kind, game)}
        values[kind] = SimpleNamespace(**rows)
        for id_, row in rows.items():
            if kind in _BY_ID:
                values.setdefault(id_, row)
            if kind == "faction":
                row.races = _(", ").join(
                    display_name("race", race, lang, game)
                    for race, fields_ in entries("race", game).items() if fields_["faction"] == id_)
    values["number"] = SimpleNamespace(**{kind: len(entries(kind, game)) for kind in ROW_KINDS})
    values["game"] = game_name(game, lang)
    values["kept_in_decline"] = _(", ").join(
        _QUOTED.get(lang, "{}").format(display_name("power", id_, lang, game))
        for id_, power in entries("power", game).items() if power.get("works_in_decline"))
    visible = data["setup"]["visible_combos"]
    values["rule"] = SimpleNamespace(
        **data["rules"], **data["setup"], column_size=visible - 1, max_combo_cost=visible - 1,
        min_players=data["players"]["min"], max_players=data["players"]["max"])
    values["die"] = ", ".join(str(face) for face in data["die_faces"])
    values["turns_by_players"] = _by_players(
        lang, data["maps"], lambda info: _("{turns} rounds").format(turns=info["turns"]))
    if "boards" in data:
        values["boards_by_players"] = _boards(lang, data["boards"]["counts"])
        values["boards_alternative"] = _boards(lang, data["boards"]["counts_alternative"])
    if "teams" in data:
        values["team"] = _team(lang, data, values["faction"])
    hidden = sorted(id_ for kind in _BY_ID for id_ in entries(kind, game)
                    if not isinstance(values[id_], Row))
    if hidden:
        raise ValueError(f"{game}: ids {hidden} are also the names of other placeholders")
    return values


@cache
def context(lang: str, game: str | None) -> dict[str, Any]:
    """Everything a text of `game` (None: a shared topic) in `lang` may insert, by name."""
    each = {other: SimpleNamespace(**_game_values(lang, other)) for other in games()}
    own = _game_values(lang, game or games()[0])
    if game is None:
        own = {name: own[name] for name in _SHARED}
    clash = sorted(own.keys() & each.keys())
    if clash:
        raise ValueError(f"{game}: ids {clash} hide the games of the same names")
    return {**own, **each}
