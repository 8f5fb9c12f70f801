"""Board faces (Small World of Warcraft): every face of a physical board is one island, drawn
as an ordinary map file whose ``[map]`` names its board and side; a game's map joins the faces
of a board set, one face of each board drawn.

What a face and a set must respect comes from the game's data table, section ``boards``: the
boards of each size and their sides, how many boards of each size a player count uses, the
most regions of a piece's terrain or symbol a face may ask for (``caps``) with the box's
supply of that piece, which symbols never sit on neighbouring regions (``apart``), how many land
regions a water region borders (``water_borders``), and how far the size icon stays from the
entry regions; the symbols marked ``"marker": true`` are the size icons, one per size
(``"size"``), each showing where a face-down marker goes. Standard library only.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from smallworld_tui.engine.map_model import (
    EMPTY,
    Face,
    Map,
    Region,
    joined,
    legend,
)
from smallworld_tui.engine.tables import per_tables, table

ENTRY = "entry"  # symbol of the regions where a race lands
ROW_WIDTH = 50  # grid columns in a row of islands (25 two-cell columns fit an 80x24 screen)
GAP = 2  # empty columns between islands in a row (one empty row between rows)


class RandomSource(Protocol):
    """Anything that draws a uniform integer in [0, n), like the engine's ``Rng``."""

    def below(self, n: int) -> int: ...


@dataclass(frozen=True)
class SizeRules:
    """The rules of one board size: how many boards, the piece caps of a face, and the
    least number of steps from the size icon to an entry region."""

    boards: int
    caps: Mapping[str, int]
    marker_distance: int


@dataclass(frozen=True)
class BoardRules:
    """A game's boards and board sets, from its data table."""

    game: str
    sizes: Mapping[str, SizeRules]
    sides: tuple[str, ...]
    counts: Mapping[int, Mapping[str, int]]
    alternative: Mapping[int, Mapping[str, int]]
    box: Mapping[str, int]
    apart: tuple[str, ...]
    water_borders: tuple[int, int]
    icons: Mapping[str, str]  # size -> the symbol of its icon

    def boards(self) -> tuple[str, ...]:
        """Every board, e.g. ("L1", "L2", "M1", …)."""
        return tuple(f"{size}{n}" for size, rules in self.sizes.items()
                     for n in range(1, rules.boards + 1))

    def faces(self) -> tuple[Face, ...]:
        """Every face of every board."""
        return tuple(Face(board, side) for board in self.boards() for side in self.sides)

    def in_order(self, faces: Sequence[Face]) -> list[Face]:
        """Faces by size (in the table's order of sizes), then board and side."""
        sizes = list(self.sizes)
        return sorted(faces, key=lambda f: (sizes.index(f.size), f.board, f.side))

    def set_sizes(self, players: int, alternative: bool = False) -> Mapping[str, int]:
        """How many boards of each size a player count uses (``alternative``: the optional
        set, where the game has one for that count)."""
        if alternative and players in self.alternative:
            return self.alternative[players]
        if players not in self.counts:
            known = ", ".join(str(n) for n in sorted(self.counts))
            raise ValueError(f"the {self.game} game has board sets for {known} players, "
                             f"not {players}")
        return self.counts[players]


@per_tables
def board_rules(game: str) -> BoardRules | None:
    """The board rules of a game whose maps are joined from faces, else None."""
    boards: dict[str, Any] | None = table(game).get("boards")
    if boards is None:
        return None
    pieces: dict[str, dict[str, Any]] = table(game).get("pieces", {})
    symbols: dict[str, dict[str, Any]] = table(game).get("symbols", {})
    sizes = {size: SizeRules(row["boards"], row["caps"], row["marker_distance"])
             for size, row in boards["sizes"].items()}
    capped = {name for rules in sizes.values() for name in rules.caps}
    low, high = boards["water_borders"]
    return BoardRules(
        game=game,
        sizes=sizes,
        sides=tuple(boards["sides"]),
        counts={int(n): sizes_ for n, sizes_ in boards["counts"].items()},
        alternative={int(n): sizes_ for n, sizes_ in boards.get("counts_alternative", {}).items()},
        box={name: pieces[name]["count"] for name in sorted(capped)},
        apart=tuple(boards["apart"]),
        water_borders=(low, high),
        icons={row["size"]: symbol for symbol, row in symbols.items() if row.get("marker")},
    )


def showing(m: Map, name: str) -> list[Region]:
    """The regions showing ``name`` as their terrain or as a symbol."""
    return [r for r in m.regions if r.terrain == name or name in r.symbols]


def _distances(m: Map, start: int) -> dict[int, int]:
    """Steps from ``start`` to every region it reaches."""
    steps = {start: 0}
    todo = [start]
    for here in todo:
        for n in sorted(m.regions[here].neighbors):
            if n not in steps:
                steps[n] = steps[here] + 1
                todo.append(n)
    return steps


def face_problems(m: Map, face: Face, rules: BoardRules) -> list[tuple[int | None, str]]:
    """What keeps a face from being used: (region id or None for the whole face, message)."""
    found: list[tuple[int | None, str]] = []
    size = rules.sizes[face.size]
    if len(m.islands) > 1:
        cut = ", ".join(r.code for r in m.regions if r.island > 0)
        found.append((None, f"a face is one island, but {cut} are cut off from the rest"))
    for name in rules.apart:
        for a, b in itertools.combinations(showing(m, name), 2):
            if b.id in a.neighbors:
                found.append((b.id, f"{name} regions {a.code} and {b.code} border each other"))
    for name, cap in size.caps.items():
        if len(showing(m, name)) > cap:
            found.append((None, f"a {face.size} face has at most {cap} {name} regions, "
                                f"not {len(showing(m, name))}"))
    low, high = rules.water_borders
    for water in (r for r in m.regions if r.kind == "water"):
        borders = (m.neighbor_masks[water.id] & m.land_mask).bit_count()
        if not low <= borders <= high:
            found.append((water.id, f"a water region borders {low} to {high} land regions, "
                                    f"not {borders}"))
    entries = showing(m, ENTRY)
    found += [(e.id, "an entry region must be on the coast") for e in entries
              if not e.at_board_edge]
    if not any(not set(size.caps) & ({e.terrain} | e.symbols) for e in entries):
        found.append((None, f"a face needs an entry region with no {' and no '.join(size.caps)} "
                            f"(a landing at the lowest cost)"))
    icon = rules.icons[face.size]
    found += [(r.id, f"{symbol} is the icon of a {other} board, not of this {face.size} face")
              for other, symbol in rules.icons.items() if other != face.size
              for r in showing(m, symbol)]
    icons = showing(m, icon)
    if len(icons) != 1:
        return [*found, (None, f"a {face.size} face has exactly one {icon} region (its size "
                               f"icon), not {len(icons)}")]
    steps = _distances(m, icons[0].id)
    near = [e for e in entries if steps.get(e.id, size.marker_distance) < size.marker_distance]
    if near:
        found.append((icons[0].id, f"the {icon} region must be at least "
                                   f"{size.marker_distance} steps from every entry region, "
                                   f"and {near[0].code} is {steps[near[0].id]}"))
    return found


def selections(rules: BoardRules, players: int, catalogue: Sequence[Face],
               alternative: bool = False) -> Iterator[tuple[Face, ...]]:
    """Every legal board set for a player count among the ``catalogue``'s faces: distinct
    boards, the right number of each size, any face of each board."""
    by_board: dict[str, list[Face]] = {}
    for face in sorted(set(catalogue)):
        by_board.setdefault(face.board, []).append(face)
    choices: list[list[tuple[Face, ...]]] = []
    for size, count in rules.set_sizes(players, alternative).items():
        boards = [b for b in sorted(by_board) if b[0] == size]
        choices.append([picked for chosen in itertools.combinations(boards, count)
                        for picked in itertools.product(*(by_board[b] for b in chosen))])
    for parts in itertools.product(*choices):
        yield tuple(face for part in parts for face in part)


def set_problems(faces: Sequence[Map], rules: BoardRules) -> list[str]:
    """What keeps a board set from being played: pieces beyond the box, a land terrain or
    water missing."""
    found = []
    for name, supply in rules.box.items():
        needed = sum(len(showing(m, name)) for m in faces)
        if needed > supply:
            found.append(f"{needed} {name} regions, more than the {supply} {name} pieces "
                         f"in the box")
    terms = legend(rules.game)
    present = {r.terrain for m in faces for r in m.regions}
    found += [f"no {terrain} region" for terrain, kind in terms.terrains.items()
              if kind == "land" and terrain not in present]
    if not any(m.water_mask for m in faces):
        found.append("no water region")
    return found


def draw_faces(players: int, rng: RandomSource, game: str, *,
               alternative: bool = False) -> list[str]:
    """The faces of a board set drawn at random: for each size, as many distinct boards as
    the player count uses, then one side of each. By size then board (``in_order``); a pure
    function of the random source's draws."""
    rules = board_rules(game)
    if rules is None:
        raise ValueError(f"the {game} game has no board faces")
    pools, sizes, sides = _pools(game), list(rules.sizes), rules.sides
    drawn = []
    for size, count in rules.set_sizes(players, alternative).items():
        pool = list(pools[size])
        for _ in range(count):
            board = pool.pop(rng.below(len(pool)))
            drawn.append((sizes.index(size), board, sides[rng.below(len(sides))]))
    return [f"{board}-{side}" for _, board, side in sorted(drawn)]  # names of ``Face``s


@per_tables
def _pools(game: str) -> dict[str, tuple[str, ...]]:
    """The boards of each size of a game (``BoardRules.boards``), by size."""
    rules = board_rules(game)
    assert rules is not None
    return {size: tuple(b for b in rules.boards() if b[0] == size) for size in rules.sizes}


def _boards(sizes: Mapping[str, int]) -> str:
    """Board counts as words, e.g. "1 L + 1 M"."""
    return " + ".join(f"{count} {size}" for size, count in sizes.items())


def check_set(faces: Sequence[Face], players: int, rules: BoardRules) -> None:
    """Raise ValueError unless the faces are a legal board set for the player count."""
    if len({f.board for f in faces}) != len(faces):
        raise ValueError("a board set shows one face of each board, never both")
    sets = [rules.set_sizes(players, alternative) for alternative in (False, True)]
    counts = Counter(f.size for f in faces)
    shown = {size: counts[size] for size in rules.sizes if size in counts}
    if any(list(shown.items()) == list(needs.items()) for needs in sets):
        return  # the same counts in the same order: the same words below
    needed = {_boards(needs) for needs in sets}
    sizes = _boards(shown)
    if sizes not in needed:
        raise ValueError(f"{players} players use {' or '.join(sorted(needed))} boards, "
                         f"not {sizes}")


def join_faces(faces: Sequence[Map], *, name: str, title: str, players: int,
               turns: int) -> Map:
    """One map of several face maps: islands side by side in rows (a row holds at most
    ROW_WIDTH columns; shorter rows are centred by whole pairs of columns, so the faces' column
    pairs stay aligned on screen), regions numbered face after face, each code "<face>:<id>".
    The faces lie apart, so each face's regions, drawing and masks are moved where the join
    puts them (``Map.placed``, ``joined``) rather than derived again from the joined drawing
    (the same map: tested)."""
    rows: list[list[Map]] = []
    widths: list[int] = []  # of each row, its faces and the gaps between them
    for face in faces:
        width = len(face.grid[0])
        if rows and widths[-1] + GAP + width <= ROW_WIDTH:
            rows[-1].append(face)
            widths[-1] += GAP + width
        else:
            rows.append([face])
            widths.append(width)
    full = max(widths)
    lines: list[tuple[int, ...]] = []
    regions: list[Region] = []
    links: list[tuple[int, int]] = []
    derived = []
    islands = 0
    gap = (EMPTY,) * GAP
    for row, width in zip(rows, widths, strict=True):
        if lines:
            lines.append((EMPTY,) * full)
        top, left = len(lines), (full - width) // 4 * 2  # centred, in whole two-cell columns
        lead, trail = (EMPTY,) * left, (EMPTY,) * (full - left - width)
        height = max(len(f.grid) for f in row)
        columns = []  # each face's rows moved, as tall as the row's tallest face
        for face in row:
            offset = len(regions)
            part = face.placed(offset=offset, islands=islands, down=top, right=left,
                               label=face.faces[0].name)
            regions += part.regions
            derived.append(part.derived)
            links += [(a + offset, b + offset) for a, b in face.links]
            islands += len(face.islands)
            size = len(face.grid[0])
            left += size + GAP
            columns.append(part.rows + ((EMPTY,) * size,) * (height - len(part.rows)))
        # each line: the faces' rows side by side, GAP empty cells apart
        for cells in zip(*columns, strict=True):
            line = lead + cells[0]
            for more in cells[1:]:
                line += gap + more
            lines.append(line + trail)
    return Map(name=name, title=title, players=players, turns=turns, regions=tuple(regions),
               grid=tuple(lines), links=tuple(links), game=faces[0].game,
               faces=tuple(face.faces[0] for face in faces), derived=joined(derived))
