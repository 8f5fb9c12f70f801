"""Starting a Warcraft game joins a board set from faces read once a process: the joined
drawing is laid out as docs/map-format.md says (islands side by side in rows of at most
ROW_WIDTH columns, GAP empty columns apart, one empty row between rows, a shorter row centred
by whole pairs of columns), a set of the wrong sizes is refused with the same words, and what
games remember of a map (read once, joined once) never drifts from a map read afresh."""

from __future__ import annotations

import itertools
import random

import pytest
from random_games import GAMES, play

from smallworld_tui.engine import GameState, new_game
from smallworld_tui.engine.board import (
    EMPTY,
    board_rules,
    check_set,
    draw_faces,
    join_faces,
    list_faces,
    load_board_set,
    load_face,
    load_map_file,
    maps_dir,
)
from smallworld_tui.engine.map_faces import GAP, ROW_WIDTH
from smallworld_tui.engine.map_model import Map
from smallworld_tui.engine.rng import Rng


def _laid_out(faces: list[Map]) -> list[tuple[int, ...]]:
    """The joined drawing cell by cell: each face's cells, ids counted on from the faces
    before it, at its place in its row."""
    rows: list[list[Map]] = [[]]
    for face in faces:
        row = rows[-1]
        width = sum(len(f.grid[0]) + GAP for f in row) + len(face.grid[0])
        if row and width > ROW_WIDTH:
            rows.append([])
        rows[-1].append(face)
    widths = [sum(len(f.grid[0]) for f in row) + GAP * (len(row) - 1) for row in rows]
    full = max(widths)
    lines: list[tuple[int, ...]] = []
    offset = 0
    for row, width in zip(rows, widths, strict=True):
        if lines:
            lines.append((EMPTY,) * full)
        cells = [[EMPTY] * full for _ in range(max(len(f.grid) for f in row))]
        left = (full - width) // 4 * 2
        for face in row:
            for y, drawn in enumerate(face.grid):
                for x, here in enumerate(drawn):
                    cells[y][left + x] = EMPTY if here == EMPTY else here + offset
            left += len(face.grid[0]) + GAP
            offset += len(face.regions)
        lines += [tuple(line) for line in cells]
    return lines


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_joined_board_set_is_drawn_face_by_face_in_rows(players: int) -> None:
    rng = random.Random(players)
    for alternative in (False, True):
        for _ in range(8):
            drawn = draw_faces(players, Rng(rng.getrandbits(32)), "warcraft",
                               alternative=alternative)
            faces = [load_face(face, "warcraft") for face in drawn]
            joined = join_faces(faces, name="set", title="set", players=players, turns=10)
            assert list(joined.grid) == _laid_out(faces)
            assert {len(line) for line in joined.grid} == {len(joined.grid[0])}


def test_faces_in_any_order_and_number_are_drawn_in_rows() -> None:
    """Rows of one, two or more faces, of unequal heights (the shorter padded below)."""
    faces = [load_face(name, "warcraft") for name in list_faces("warcraft")]
    rng = random.Random(7)
    for count in (1, 2, 3, 4, 5):
        for _ in range(6):
            chosen = rng.sample(faces, count)
            joined = join_faces(chosen, name="x", title="x", players=4, turns=10)
            assert list(joined.grid) == _laid_out(chosen)


def _refusal(faces: list[str], players: int) -> str | None:
    """The refusal check_set gives a set, by the words of the sizes shown and needed."""
    rules = board_rules("warcraft")
    assert rules is not None
    chosen = [load_face(face, "warcraft").faces[0] for face in faces]

    def words(sizes: dict[str, int]) -> str:
        return " + ".join(f"{count} {size}" for size, count in sizes.items())

    needed = {words(dict(rules.set_sizes(players, alternative)))
              for alternative in (False, True)}
    shown = words({size: sum(f.size == size for f in chosen) for size in rules.sizes
                   if any(f.size == size for f in chosen)})
    if len({f.board for f in chosen}) != len(chosen):
        return "a board set shows one face of each board, never both"
    if shown in needed:
        return None
    return f"{players} players use {' or '.join(sorted(needed))} boards, not {shown}"


def test_a_set_of_the_wrong_sizes_is_refused_in_the_same_words() -> None:
    rules = board_rules("warcraft")
    assert rules is not None
    names = list_faces("warcraft")
    refused = accepted = 0
    for players, count in itertools.product((2, 3, 4, 5), (1, 2, 3, 4, 5)):
        for faces in itertools.islice(itertools.combinations(names, count), 0, None, 7):
            expected = _refusal(list(faces), players)
            chosen = [load_face(face, "warcraft").faces[0] for face in faces]
            try:
                check_set(chosen, players, rules)
            except ValueError as exc:
                assert str(exc) == expected
                refused += 1
            else:
                assert expected is None
                accepted += 1
    assert refused and accepted


def _afresh(faces: tuple[str, ...], players: int, name: str, turns: int) -> Map:
    """The board set joined from its faces' files read again (nothing remembered)."""
    read = [load_map_file(maps_dir() / "warcraft" / f"{face}.map") for face in faces]
    return join_faces(read, name=name, title=f"{name} ({', '.join(faces)})", players=players,
                      turns=turns)


@pytest.mark.parametrize(("game", "map_name", "options"),
                         [g for g in GAMES if g[0] == "warcraft"])
def test_the_maps_games_share_stay_as_read(game: str, map_name: str | None,
                                           options: dict[str, bool] | None) -> None:
    """Games drawing the same set share one map, read and joined once: after games were
    played on it, it is still the map its faces' files give, and a new game on it starts
    as the first did."""
    ends = play(game, map_name, options, lambda g, a: None)
    for end in ends:
        faces = tuple(end.map_source.split("+"))
        again = load_board_set(faces, game)
        assert again is end.map
        assert again == _afresh(faces, end.map.players, end.map.name, end.map.turns)
        for face in faces:
            assert load_face(face, game) == load_map_file(maps_dir() / game / f"{face}.map")
    names = ["Amy", "Ben", "Cai", "Dee"]
    first: GameState = new_game(names, map_name, 0, options, game=game)
    second = new_game(names, map_name, 0, options, game=game)
    assert second.map is first.map
    assert second.to_json() == first.to_json()
