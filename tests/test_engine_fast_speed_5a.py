"""The short cuts of a new game and of a turn's bookkeeping give what the general path gives:
a board set joined from its faces' placed masks is the map its drawing derives, a region
moved by a join is the region with those fields replaced.
"""

from __future__ import annotations

import dataclasses

import pytest

from smallworld_tui.engine.board import (
    RegionSpec,
    board_rules,
    derive_map,
    join_faces,
    list_faces,
    load_face,
    selections,
)
from smallworld_tui.engine.map_model import Map, moved


def _derived(m: Map) -> dict[str, object]:
    """Every field of a map worked out from its regions, those equality skips included."""
    names = [f.name for f in dataclasses.fields(m) if not f.init and f.name not in
             ("_adjacent", "_placed")]
    return {name: getattr(m, name) for name in names}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_board_set_joined_from_placed_faces_is_the_map_its_drawing_derives(
        players: int) -> None:
    rules = board_rules("warcraft")
    assert rules is not None
    catalogue = rules.faces()
    sets = [*selections(rules, players, catalogue),
            *(selections(rules, players, catalogue, alternative=True)
              if players in rules.alternative else ())]
    for chosen in sets[::3] if players == 5 else sets:
        faces = [load_face(face.name, "warcraft") for face in rules.in_order(chosen)]
        joined = join_faces(faces, name="set", title="set", players=players, turns=10)
        specs = [RegionSpec(r.id, r.code, r.terrain, r.symbols) for r in joined.regions]
        drawn = derive_map(name="set", title="set", game="warcraft", players=players, turns=10,
                           grid=joined.grid, specs=specs, links=joined.links,
                           faces=joined.faces)
        assert joined == drawn
        assert _derived(joined) == _derived(drawn)


def test_a_moved_region_is_the_region_with_its_placed_fields_replaced() -> None:
    for name in list_faces("warcraft"):
        for region in load_face(name, "warcraft").regions:
            for offset, islands, down, right in [(0, 0, 0, 0), (13, 1, 8, 26)]:
                code = f"{name}:{region.id:02d}"
                assert moved(region, offset=offset, code=code, islands=islands, down=down,
                             right=right) == dataclasses.replace(
                    region, id=region.id + offset, code=code, island=region.island + islands,
                    cells=tuple((y + down, x + right) for y, x in region.cells),
                    neighbors=frozenset(n + offset for n in region.neighbors),
                    bit=region.bit << offset)
