"""The short cuts of a new game and of a turn's bookkeeping give what the general path gives:
a board set drawn from a seed is the one drawn face by face, a board set joined from its
faces' placed masks is the map its drawing derives, a region moved by a join is the region
with those fields replaced; at every move of random games, the
items a turn's score skips give no seat bonus, the content in play remembered per map is
what fits the map of each game, a rule scored on the game itself leaves it
as it was, and the Scepter's bonus is the one counted on two copies.
"""

from __future__ import annotations

import dataclasses

import pytest
from random_games import GAMES

from smallworld_tui.bots.random_play import play_random_game
from smallworld_tui.engine import Action
from smallworld_tui.engine.board import (
    RegionSpec,
    board_rules,
    derive_map,
    draw_faces,
    join_faces,
    list_faces,
    load_face,
    selections,
)
from smallworld_tui.engine.content.item_rules import region_of
from smallworld_tui.engine.content.traits import Content
from smallworld_tui.engine.content.underground.items import ScepterOfAvarice, region_bonus
from smallworld_tui.engine.game import new_game
from smallworld_tui.engine.map_model import Face, Map, moved
from smallworld_tui.engine.registry import ITEMS, rule
from smallworld_tui.engine.rng import Rng
from smallworld_tui.engine.state import GameState


@pytest.mark.parametrize(("players", "alternative"), [(2, False), (2, True), (3, False),
                                                     (4, False), (5, False)])
def test_a_board_set_drawn_is_the_one_drawn_face_by_face(players: int,
                                                         alternative: bool) -> None:
    rules = board_rules("warcraft")
    assert rules is not None
    for seed in range(200):
        rng = Rng(seed)
        drawn = []
        for size, count in rules.set_sizes(players, alternative).items():
            pool = [b for b in rules.boards() if b[0] == size]
            for _ in range(count):
                board = pool.pop(rng.below(len(pool)))
                drawn.append(Face(board, rules.sides[rng.below(len(rules.sides))]))
        assert draw_faces(players, Rng(seed), "warcraft", alternative=alternative) == [
            face.name for face in rules.in_order(drawn)]


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


@pytest.mark.parametrize(("game", "map_name", "options"), GAMES)
def test_the_items_a_score_skips_give_no_seat_bonus_and_rules_scored_in_place_change_nothing(
        game: str, map_name: str | None, options: dict[str, bool] | None) -> None:
    asked = given = 0

    def check(g: GameState, _: Action) -> None:
        nonlocal asked, given
        for qid, region in g.items.items():
            if region >= 0:
                bonus = ITEMS[qid].seat_bonus(g, g.seat)
                assert qid in g.rules.seat_bonuses or bonus == 0
                given += bonus
        for army in g.armies:
            if army.alive:
                for t in g.hooks(army).score:
                    if not t.acts_when_scoring:
                        copy = g.clone()
                        t.score(copy, copy.armies[army.id])
                        assert copy.position() == g.position(), t.qid
                        asked += 1

    for seed in (3, 7, 8):  # the Well of Eternity pays in the first Warcraft game
        play_random_game(["Amy", "Ben", "Cai", "Dee"], map_name, seed, check, game=game,
                         options=options)
    assert asked and (given or game != "warcraft")


def test_the_scepters_bonus_counted_on_the_game_is_the_one_counted_on_copies(
        monkeypatch: pytest.MonkeyPatch) -> None:
    counted = 0

    def check(g: GameState, _: Action) -> None:
        nonlocal counted
        scepter = ITEMS["underground:scepter_of_avarice"]
        if g.items.get(scepter.qid, -1) < 0:
            return
        here = region_of(g, scepter)
        for army in g.armies:
            if army.alive and army.mask >> here & 1:
                others = tuple(t for t in g.hooks(army).score if t is not scepter)
                before = g.position()
                fast = region_bonus(g, army, here, others)
                assert g.position() == before
                with monkeypatch.context() as m:
                    m.setattr(Content, "acts_when_scoring", True)
                    assert region_bonus(g, army, here, others) == fast
                counted += bool(others)

    assert isinstance(ITEMS["underground:scepter_of_avarice"], ScepterOfAvarice)
    for seed in range(12):
        play_random_game(["Amy", "Ben", "Cai", "Dee"], "underground-4p", seed, check,
                         game="underground")
    assert counted


def test_the_content_in_play_remembered_per_map_is_what_fits_each_games_map() -> None:
    names = ["Amy", "Ben", "Cai", "Dee"]
    games = [new_game(names, None, seed, game="warcraft") for seed in range(8)]
    games += [new_game(names, "underground-4p", 0, game="underground"),
              new_game(names, "base-4p", 0, game="underground")]
    assert len({id(g.map) for g in games}) > 4
    for _ in range(2):  # asked again, alternating maps: remembered alike
        for g in games:
            every = [*g.rules.races, *g.rules.powers, *g.rules.items]
            assert g.rules.in_play(g, every) == [q for q in every if rule(q).fits(g)]
