"""What the engine remembers to be fast (docs/engine.md, "Determinism and speed") follows
every change: an army's rules follow the items moved into and out of its regions however
``items`` is changed, a copy of a game is independent of the original, and the regions next
to a set of regions are those next to one of them, on every shipped map, and what the pieces
keep in step with where they lie matches them all through random games; so do every army's
hooks, against its rules worked out from scratch, and the sieve of the armies that may fill
a hook in.
"""

from __future__ import annotations

import random

import pytest
from scenario import give
from underground.helpers import MOUNTAIN, MUDPOOL_W, reveal, ug
from underground.helpers import qid as q

from smallworld_tui.bots.random_play import play_random_game
from smallworld_tui.engine import (
    Action,
    Event,
    actions,
    apply,
    legal_actions,
    list_maps,
    load_map,
    new_game,
)
from smallworld_tui.engine.bitset import bits
from smallworld_tui.engine.board import (
    RegionSpec,
    derive_map,
    draw_faces,
    join_faces,
    list_faces,
    load_face,
)
from smallworld_tui.engine.conquest import (
    Costs,
    conquest_choices,
    conquest_costs,
    conquest_price,
    reach_mask,
    shielded,
)
from smallworld_tui.engine.content.traits import Content, Item
from smallworld_tui.engine.content.underground.powers import Magic
from smallworld_tui.engine.hooks import HOT_HOOKS, Hooks, hooks_of
from smallworld_tui.engine.map_model import moved
from smallworld_tui.engine.placements import ItemPlaces
from smallworld_tui.engine.registry import ITEMS, POWERS, RACES, ruleset
from smallworld_tui.engine.rng import Rng
from smallworld_tui.engine.ruleset import OWN_HOT_HOOKS, Ruleset
from smallworld_tui.engine.state import Army, GameState

SWORD, STONEHEDGE = q("sword_of_the_killer_rabbit"), q("stonehedge")


def lent(g: GameState, army: Army) -> list[str]:
    """The ids of the rules ``army`` has beyond its race and power (items, what they lend)."""
    return [t.qid for t in g.rules_of(army)[len(army.traits()):]]


def test_an_armys_rules_follow_its_items_however_they_are_moved() -> None:
    g = ug()
    drow = give(g, 0, "drow", "stone", {MUDPOOL_W: 1, MOUNTAIN: 2})
    assert lent(g, drow) == []
    reveal(g, SWORD, MUDPOOL_W)
    assert lent(g, drow) == [SWORD]
    assert g.hooks(drow).all == g.rules_of(drow)
    g.items[SWORD] = -1  # off the map
    assert lent(g, drow) == []
    g.items.update({SWORD: MOUNTAIN})
    assert lent(g, drow) == [SWORD]
    del g.items[SWORD]
    assert lent(g, drow) == []
    g.items.setdefault(SWORD, MUDPOOL_W)
    assert lent(g, drow) == [SWORD]
    g.items.pop(SWORD)
    assert lent(g, drow) == []


def test_an_armys_rules_follow_its_regions_and_its_decline() -> None:
    g = ug()
    drow = give(g, 0, "drow", "stone", {MOUNTAIN: 2})
    reveal(g, SWORD, MUDPOOL_W)
    assert lent(g, drow) == []
    drow.mask |= 1 << MUDPOOL_W
    assert lent(g, drow) == [SWORD]
    drow.declined = True  # a declined race cannot use its relic
    assert lent(g, drow) == []
    drow.declined = False
    assert lent(g, drow) == [SWORD]


def test_the_power_a_stonehedge_lends_is_seen_once_drawn() -> None:
    g = ug()
    drow = give(g, 0, "drow", "stone", {MUDPOOL_W: 1})
    g.items[STONEHEDGE] = MUDPOOL_W  # face up, its badge not drawn yet
    assert lent(g, drow) == [STONEHEDGE]
    g.item_data[STONEHEDGE] = {"badge": g.rules.powers[0]}
    assert lent(g, drow) == [STONEHEDGE, g.rules.powers[0]]


def test_a_copy_is_independent_of_the_original() -> None:
    g = ug()
    drow = give(g, 0, "drow", "stone", {MUDPOOL_W: 1})
    reveal(g, SWORD, MUDPOOL_W)
    kind = next(iter(g.pieces.kinds))
    before = g.pieces.count(kind, MOUNTAIN)
    g.item_data[SWORD] = {"seen": [1, 2]}
    copy = g.clone()
    copy.pieces.add(kind, MOUNTAIN)
    copy.item_data[SWORD]["seen"].append(3)
    copy.items[SWORD] = MOUNTAIN
    assert g.pieces.count(kind, MOUNTAIN) == before
    assert copy.pieces.count(kind, MOUNTAIN) == before + 1
    assert g.item_data[SWORD] == {"seen": [1, 2]}
    assert lent(g, drow) == [SWORD] and lent(copy, copy.armies[drow.id]) == []


@pytest.mark.parametrize("name", list_maps())
def test_the_regions_next_to_a_set_are_those_next_to_one_of_them(name: str) -> None:
    board = load_map(name)
    rng = random.Random(name)
    for _ in range(50):
        mask = rng.getrandbits(len(board.regions)) & rng.getrandbits(len(board.regions))
        expected = 0
        for r in bits(mask):
            expected |= board.neighbor_masks[r]
        assert board.adjacent(mask) == expected
        assert board.adjacent(mask) == expected  # remembered alike


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_board_set_joined_from_its_faces_is_the_map_its_drawing_gives(players: int) -> None:
    rng = random.Random(players)
    for _ in range(6):  # joined here, not through load_board_set: its cache stays as it was
        drawn = draw_faces(players, Rng(rng.getrandbits(32)), "warcraft")
        faces = [load_face(face, "warcraft") for face in drawn]
        joined = join_faces(faces, name="set", title="set", players=players, turns=10)
        specs = [RegionSpec(r.id, r.code, r.terrain, r.symbols) for r in joined.regions]
        assert joined == derive_map(name="set", title="set", game="warcraft", players=players,
                                    turns=10, grid=joined.grid, specs=specs,
                                    links=joined.links, faces=joined.faces)
        assert [face.name for face in joined.faces] == drawn
        # the faces' regions placed as remembered
        assert join_faces(faces, name="set", title="set", players=players, turns=10) == joined


def test_a_faces_regions_are_placed_where_each_join_asks() -> None:
    face = load_face(list_faces("warcraft")[0], "warcraft")
    label = face.faces[0].name
    for offset, islands, down, right in [(0, 0, 0, 0), (9, 1, 0, 30), (9, 1, 14, 0),
                                         (0, 0, 14, 30), (9, 1, 0, 30), (0, 0, 0, 0)]:
        assert face.placed(offset=offset, islands=islands, down=down, right=right,
                           label=label).regions == tuple(
            moved(r, offset=offset, code=f"{label}:{r.id:02d}", islands=islands, down=down,
                  right=right) for r in face.regions)


@pytest.mark.parametrize(("game", "map_name"), [("base", "base-4p"),
                                                 ("underground", "underground-4p"),
                                                 ("warcraft", "warcraft-4p")])
def test_what_the_pieces_keep_in_step_matches_the_pieces(game: str, map_name: str) -> None:
    def check(g: GameState, _: Action) -> None:
        pieces = g.pieces
        occupied = immune_others = immune_all = 0
        for kind, counts in pieces.counts.items():
            where = sum(1 << r for r, n in enumerate(counts) if n)
            assert pieces.masks[kind] == where
            occupied |= where
            scope = pieces.kinds[kind].immune
            immune_others |= where if scope == "others" else 0
            immune_all |= where if scope == "all" else 0
        assert pieces.occupied == occupied
        assert pieces.immune_mask("others") == immune_others
        assert pieces.immune_mask("all") == immune_all
        assert pieces.immune_any == immune_others | immune_all

    play_random_game(["Amy", "Ben", "Cai", "Dee"], map_name, 3, check, game=game)


def test_the_conquests_offered_are_those_named_one_by_one() -> None:
    """``actions.conquests`` takes shared instances from a table for regions below 128 and
    builds the others: both are the actions named for each region."""
    rng = random.Random(27)
    for high in (30, 200):
        for _ in range(50):
            regions = sorted(rng.sample(range(high), rng.randrange(1, 12)))
            costs = [(r, rng.randrange(1, 9)) for r in regions]
            hand = rng.randrange(0, 8)
            most = hand + rng.randrange(0, 2)
            expected = [Action("conquer" if cost <= hand else "final", r)
                        for r, cost in costs if cost <= most]
            assert actions.conquests(costs, hand, most) == expected
    assert actions.conquests([], 3, 4) == []


def test_the_choices_on_regions_are_those_named_one_by_one() -> None:
    """``actions.on_regions`` takes shared instances from a table per kind (the core's own
    for the core's kinds) for regions below 128 and builds the others."""
    rng = random.Random(4)
    for kind in ("objective", "abandon", "encamp"):
        for high in (30, 200):
            for _ in range(30):
                mask = sum(1 << r for r in rng.sample(range(high), rng.randrange(0, 12)))
                assert actions.on_regions(kind, mask) == [Action(kind, r) for r in bits(mask)]
    assert actions.on_regions("abandon", 1 << 5)[0] is actions.abandon(5)
    assert actions.on_regions("encamp", 1 << 5)[0] is actions.on_regions("encamp", 1 << 5)[0]


def test_the_picks_offered_are_those_named_one_by_one() -> None:
    """``actions.picks`` takes shared instances from the table below 128 slots and builds
    the others."""
    for count in (0, 1, 6, 128, 131):
        assert actions.picks(count) == [Action("pick", k) for k in range(count)]
    assert actions.picks(3)[2] is actions.pick(2)


def test_the_events_apply_returns_stay_as_they_were() -> None:
    """``apply`` hands over the events of its action (no copy): a later action leaves the
    lists it returned before as they were."""
    g = new_game(["Amy", "Ben", "Cai"], "base-3p", 5)
    chooser = random.Random(5)
    returned: list[tuple[list[Event], list[Event]]] = []
    while not g.finished and len(returned) < 300:
        legal = legal_actions(g)
        events = apply(g, legal[chooser.randrange(len(legal))], checked=True)
        returned.append((events, list(events)))
    assert any(events for events, _ in returned)
    assert all(events == copy for events, copy in returned)
    assert len({id(events) for events, _ in returned}) == len(returned)


@pytest.mark.parametrize(("game", "options"), [("base", {}), ("underground", {}),
                                               ("warcraft", {}), ("warcraft", {"teams": True})])
def test_an_action_applied_quietly_plays_alike(game: str, options: dict[str, bool]) -> None:
    """``apply(quiet=True)`` builds no event and returns none, and the game goes on as when
    the events are built: the same states all along."""
    for seed in range(2):
        loud = new_game(["Amy", "Ben", "Cai", "Dee"], None, seed, options, game=game)
        quiet = loud.clone()
        chooser = random.Random(seed)
        heard: set[str] = set()
        while not loud.finished:
            legal = legal_actions(loud)
            action = legal[chooser.randrange(len(legal))]
            heard |= {event.kind for event in apply(loud, action, checked=True)}
            assert apply(quiet, action, checked=True, quiet=True) == []
            assert quiet.events == [] and quiet.dumps() == loud.dumps()
        assert heard >= {"turn_started", "picked", "readied", "conquered", "redeploy_started",
                         "deployed", "scored", "game_over"}


def plain_rules(g: GameState, army: Army) -> tuple[object, ...]:
    """The rules that apply to ``army`` worked out from scratch: its race and power (in
    decline, those that keep working and a badge still held that works then), then the rules
    lent by the face-up items in its regions, in the order of ``items``."""
    race, power = RACES[army.race], POWERS[army.power]
    if not army.declined:
        traits: tuple[object, ...] = (race, power)
    else:
        traits = (race,) if race.works_in_decline else ()
        if army.badge and (power.outside_decline_limit or power.works_in_decline):
            traits += (power,)
    lent = [rule for qid, region in g.items.items() if region >= 0 and army.mask >> region & 1
            for rule in ITEMS[qid].lent(g) if not army.declined or rule.works_in_decline]
    return (*traits, *lent)


def check_hooks(g: GameState, _: Action) -> None:
    """Every army's hooks are its rules worked out from scratch, and the sieve of the armies
    that may fill a hook in keeps every army whose rules do."""
    for army in g.armies:
        hooks = g.hooks(army)
        assert hooks.all == plain_rules(g, army), (army.race, army.power)
        assert hooks is hooks_of(hooks.all)
        assert g.hooks(army) is hooks  # asked again, alike
    for hook in HOT_HOOKS:
        filling = [a for a in g.armies if a.alive
                   and any(getattr(type(r), hook) is not getattr(Content, hook)
                           for r in plain_rules(g, a))]
        sieved = {id(a) for a in g.armies_filling(hook)}
        assert all(id(a) in sieved for a in filling), hook


@pytest.mark.parametrize(("game", "options"), [("base", {}), ("underground", {}),
                                               ("warcraft", {}), ("warcraft", {"teams": True})])
def test_an_armys_hooks_are_its_rules_through_random_games(game: str,
                                                           options: dict[str, bool]) -> None:
    for seed in range(3):
        play_random_game(["Amy", "Ben", "Cai", "Dee"], None, seed, check_hooks, game=game,
                         options=options)


def priced(g: GameState, costs: Costs, region: int) -> int:
    """What ``costs`` asks for ``region``, from its parts: the region's own cost, each cost
    change covering it, the travel cost if it is distant, less a pending roll, at least the
    minimum, less what the aid pays."""
    cost = (g.base_cost[region] + g.pieces.defence[region] + g.region_tokens[region]
            + sum(delta for mask, delta in costs.changes if mask >> region & 1)
            + (costs.travel_cost if costs.travel >> region & 1 else 0) - costs.roll)
    cost = max(cost, costs.minimum)
    return costs.after_aid(region, cost) if costs.aid else cost


@pytest.mark.parametrize(("game", "map_name", "teams"), [("base", "base-4p", False),
                                                         ("underground", "underground-4p", False),
                                                         ("warcraft", "warcraft-4p", False),
                                                         ("warcraft", None, True)])
def test_the_conquests_listed_in_one_pass_are_those_the_costs_give(
        game: str, map_name: str | None, teams: bool) -> None:
    """``conquest_choices`` lists the conquests in one pass, what changes the costs worked
    out once: for every army, hand and margin, and with a die rolled, they are those of
    the costs each region has from its parts, which ``conquest_costs`` and ``Costs.of``
    give too, for armies whose costs nothing changes and for those whose costs rules
    change (cost changes, travel cost, aid) alike."""
    checked, changed = 0, 0

    def check(g: GameState, _: Action) -> None:
        nonlocal checked, changed
        for army in g.armies:
            if not army.alive:
                continue
            for roll in (-1, 0, 2):
                g.turn.roll, kept = roll, g.turn.roll
                parts = Costs(g, army)
                costs = [(r, priced(g, parts, r)) for r in bits(reach_mask(g, army))]
                assert conquest_costs(g, army) == costs, army.race
                assert [(r, parts.of(r)) for r, _ in costs] == costs, army.race
                for hand in (0, 1, 3, 6):
                    for most in (hand, hand + 1, hand + 3):
                        assert (conquest_choices(g, army, g.hooks(army), hand, most)
                                == actions.conquests(costs, hand, most)), (army.race, hand)
                g.turn.roll = kept
                checked += bool(costs)
                changed += bool(costs and (parts.changes or parts.travel or parts.aid))

    for seed in range(2):
        play_random_game(["Amy", "Ben", "Cai", "Dee"], map_name, seed, check, game=game,
                         options={"teams": True} if teams else None)
    assert checked
    assert changed


@pytest.mark.parametrize(("game", "map_name"), [("base", "base-4p"),
                                                 ("underground", "underground-4p"),
                                                 ("warcraft", "warcraft-4p")])
def test_the_regions_shielded_are_those_every_other_players_rules_shield(
        game: str, map_name: str) -> None:
    """``shielded`` asks only the armies whose race or power shields and those holding an
    item that may lend such a rule (``GameState.fillers_near``): for each army, the regions
    are those the rules of every other player's army keep it out of."""
    shields = 0

    def check(g: GameState, _: Action) -> None:
        nonlocal shields
        every = g.map.all_mask
        for army in g.armies:
            out = 0
            for other in g.armies:
                if other.alive and other.seat != army.seat:
                    for t in g.hooks(other).all:
                        out |= t.shielded_mask(g, other, army)
            assert shielded(g, army, every) == out & every, (army.race, army.power)
            shields += bool(out)

    pinned = ["diplomat"] if game == "base" else None  # a first combo that shields
    for seed in range(4):
        play_random_game(["Amy", "Ben", "Cai", "Dee"], map_name, seed, check, game=game,
                         powers=pinned)
    assert shields or game != "base"


def test_the_regions_of_a_mask_are_its_bits_set() -> None:
    """``bits`` (from byte tables, and beyond them) lists the bits set, ascending."""
    rng = random.Random(4)
    for width in (0, 1, 7, 8, 40, 127, 128, 129, 300):
        for _ in range(50):
            mask = rng.getrandbits(width) if width else 0
            assert bits(mask) == tuple(i for i in range(width) if mask >> i & 1), mask


@pytest.mark.parametrize(("game", "options"), [("base", {}), ("underground", {}),
                                               ("warcraft", {}), ("warcraft", {"teams": True})])
def test_one_region_costs_what_it_costs_among_all(game: str, options: dict[str, bool]) -> None:
    """``Costs.of`` (one region, as ``apply`` costs a conquest) gives what ``each`` gives
    that region among every region of the map, with and without the aid and the travel
    cost, for every army through random games."""
    def check(g: GameState, _: Action) -> None:
        every = g.map.all_mask
        for army in g.armies:
            costs = Costs(g, army)
            for aided in (True, False):
                for adjacent in (True, False):
                    listed = costs.each(every, aided=aided, as_if_adjacent=adjacent)
                    assert [(r, costs.of(r, aided=aided, as_if_adjacent=adjacent))
                            for r in bits(every)] == listed

    for seed in range(2):
        play_random_game(["Amy", "Ben", "Cai", "Dee"], None, seed, check, game=game,
                         options=options)


@pytest.mark.parametrize(("game", "options"), [("base", {}), ("underground", {}),
                                               ("warcraft", {}), ("warcraft", {"teams": True})])
def test_a_conquest_is_priced_as_its_costs_price_it(game: str, options: dict[str, bool]) -> None:
    """``conquest_price`` (what ``apply`` charges for a conquest, without a ``Costs`` unless
    an aid pays part of it) gives what ``Costs.of`` gives, with
    and without the aid, for every region every army may attack, a die rolled or not,
    through random games."""
    plain = travelled = 0

    def check(g: GameState, _: Action) -> None:
        nonlocal plain, travelled
        for army in g.armies:
            for roll in (-1, 2):
                g.turn.roll, kept = roll, g.turn.roll
                costs = Costs(g, army)
                for r in bits(reach_mask(g, army)):
                    cost, full, told = conquest_price(g, army, r)
                    assert (cost, full) == (costs.of(r), costs.of(r, aided=False)), army.race
                    assert (told is None) == (cost == full), army.race  # when aid pays
                    if told is None:
                        plain += 1
                        travelled += costs.travel >> r & 1
                g.turn.roll = kept

    for seed in range(2):
        play_random_game(["Amy", "Ben", "Cai", "Dee"], None, seed, check, game=game,
                         options=options)
    assert plain
    assert bool(travelled) == (game == "warcraft")  # the only game with a travel cost


@pytest.mark.parametrize("game", ["base", "underground", "warcraft"])
def test_the_rulesets_hooks_skipped_are_those_that_do_nothing(game: str) -> None:
    """The core skips a ruleset's hot hook (``Ruleset.own_hooks``) only where the game's
    ruleset keeps the default, which does nothing."""
    rules = ruleset(game)
    for hook in OWN_HOT_HOOKS:
        default = getattr(Ruleset, hook) is getattr(type(rules), hook)
        assert (hook not in rules.own_hooks) == default, hook
    assert ruleset("warcraft").own_hooks >= {"on_region_taken", "turn_bonus", "open_mask",
                                            "travel_mask"}


#: each attribute of ``Hooks`` and the hook whose rules it lists
HOOK_LISTS = {
    "entry": "entry_mask", "reach": "reach_mask", "costs": "cost_changes",
    "conquest": "conquest_actions", "shield": "shielded_mask", "unaided": "unaided_mask",
    "turn": "turn_actions", "redeploy": "redeploy_actions", "end": "end_actions",
    "dealt": "loss_dealt", "aid": "conquest_aid", "blocker": "conquest_blocker",
    "watch": "on_any_conquest", "offer": "offered_actions", "attacked": "on_attacked",
    "saves": "save_tokens", "emptied": "on_region_emptied", "conquered": "on_conquered",
    "turn_start": "on_turn_start", "ready": "on_ready", "redeploy_start": "on_redeploy_start",
    "redeploy_blocker": "redeploy_blocker", "score": "score", "lost": "on_region_lost",
    "defeat": "loss_on_defeat",
}


def assert_folded(hooks: Hooks) -> None:
    """``hooks`` lists, per hot hook, its rules overriding it in their order, and folds
    their flags and token counts."""
    rules = hooks.all
    for attr, hook in HOOK_LISTS.items():
        expected = tuple(r for r in rules if getattr(type(r), hook) is not getattr(Content, hook))
        assert getattr(hooks, attr) == expected, (attr, rules)
    assert hooks.token_aid == tuple(r for r in hooks.aid if r.aid_is_tokens)
    assert hooks.enters_water == any(r.enters_water for r in rules)
    assert hooks.no_final_roll == any(r.no_final_roll for r in rules)
    assert hooks.no_travel_cost == any(r.no_travel_cost for r in rules)
    assert hooks.helps == any(r.helps_conquest for r in rules)
    assert hooks.keeps_tokens == any(r.keeps_tokens_when_defeated for r in rules)
    assert hooks.minimum == max((r.min_cost() for r in rules), default=1)
    assert hooks.kept == max((r.tokens_kept() for r in rules), default=1)


def test_hooks_list_each_rule_that_fills_a_hook_in() -> None:
    """``Hooks`` of any tuple of rules (a race and a power, one of them, none, with items)
    lists, per hot hook, the rules overriding it in their order, and folds their flags."""
    rng = random.Random(27)
    every = [*RACES.values(), *POWERS.values(), *ITEMS.values()]
    tuples: list[tuple[Content, ...]] = [()]
    tuples += [(race, power) for race in RACES.values() for power in POWERS.values()]
    tuples += [(t,) for t in every]
    tuples += [tuple(rng.sample(every, 4)) for _ in range(200)]
    assert set(HOOK_LISTS.values()) == set(HOT_HOOKS)
    for rules in tuples:
        assert_folded(Hooks(rules))


def test_what_stays_in_the_box_follows_the_map_of_each_new_game() -> None:
    """The races and powers in play are remembered per map: games on maps with and without
    farmland, one after the other on the same ruleset, each box what their map lacks."""
    for _ in range(2):
        on_base = new_game(["A", "B"], "base-2p", seed=1)
        on_underground = new_game(["A", "B"], "underground-2p", seed=1)
        assert "base:humans" in on_base.rules.in_play(on_base, on_base.rules.races)
        assert "base:humans" not in on_underground.rules.in_play(on_underground,
                                                                 on_underground.rules.races)
        assert "base:humans" not in on_underground.race_stack


def test_the_armies_of_the_races_filling_a_hook_follow_the_armies_added() -> None:
    """Races alone fill in what cannot be helped in Underground (the Gnomes): the sieve keeps
    the armies of those races, asked again when an army is added, the living ones only."""
    g = ug()
    give(g, 1, "drow", "stone", {MUDPOOL_W: 1})
    assert g.armies_filling("unaided_mask") == []
    gnomes = give(g, 0, "gnomes", "stone", {MOUNTAIN: 2})
    assert g.armies_filling("unaided_mask") == [gnomes]
    gnomes.alive = False
    assert g.armies_filling("unaided_mask") == []


def test_items_put_back_take_their_version_again_only_as_they_were() -> None:
    items = ItemPlaces({SWORD: 1, STONEHEDGE: 2})
    version, before = items.version, dict(items)
    items[SWORD] = 5
    assert items.version != version
    items.put_back(SWORD, 1, before, version)
    assert items == before and items.version == version
    items[SWORD] = 5
    items[STONEHEDGE] = 3  # another item moved meanwhile: no version of before
    items.put_back(SWORD, 1, before, version)
    assert items == {SWORD: 1, STONEHEDGE: 3} and items.version != version


def test_an_armys_hooks_follow_the_bag_imitating_a_relic() -> None:
    """The Bag-o'-Many-Things puts the relic it imitates in its own region while the relic's
    rule is asked, then back (``ItemPlaces.put_back``): every army's hooks follow."""
    imitated = 0

    def check(g: GameState, action: Action) -> None:
        nonlocal imitated
        imitated += any(isinstance(power := POWERS[a.power], Magic)
                        and power.relic(g) is not None for a in g.armies)
        check_hooks(g, action)

    play_random_game(["Amy", "Ben", "Cai", "Dee"], None, 6, check, game="underground")
    assert imitated


@pytest.mark.parametrize(("game", "map_name"), [("base", "base-4p"),
                                                 ("underground", "underground-4p")])
def test_the_lone_enemy_tokens_sifted_are_those_named_one_by_one(game: str,
                                                                   map_name: str) -> None:
    """``lone_enemies`` sifts the regions holding one race token before asking
    ``lone_enemy_token`` of them: the same regions and enemies as asking of each region."""
    from smallworld_tui.engine.content.common import lone_enemies, lone_enemy_token

    found = 0

    def check(g: GameState, _: Action) -> None:
        nonlocal found
        everywhere = g.map.all_mask
        for army in g.armies:
            expected = [(r, enemy) for r in bits(everywhere)
                        if (enemy := lone_enemy_token(g, army, r)) is not None]
            assert lone_enemies(g, army, everywhere) == expected
            found += len(expected)

    play_random_game(["Amy", "Ben", "Cai", "Dee"], map_name, 2, check, game=game)
    assert found


def test_the_feature_masks_remembered_for_a_map_are_those_of_the_map() -> None:
    """Every game on a map and ruleset shares the feature masks it asked for: each is the
    map's, whichever game asked first."""
    from smallworld_tui.engine.features import feature_mask

    first = new_game(["Amy", "Ben", "Cai", "Dee"], "underground-4p", 1, game="underground")
    second = new_game(["Amy", "Ben", "Cai", "Dee"], "underground-4p", 2, game="underground")
    asked = [("terrain", "mystic_crystal", "underground"), ("symbol", "cavern", "base"),
             ("terrain", "mountain", "base")]
    for kind, name, game in asked:
        expected = feature_mask(first.map, kind, name, game)
        assert first.feature_mask(kind, name, game) == expected
        assert second.feature_mask(kind, name, game) == expected
    assert first._features is second._features



def asking_every_hook(g: GameState, army: Army, bag: Magic, hook: str,
                      default: object) -> object:
    """The Bag's answer to ``hook`` with its relic asked whatever hooks the relic fills in."""
    def ask(relic: Item) -> object:
        found = getattr(relic, hook)(g, army)
        return list(found) if hook.endswith("_actions") else found

    return bag._as_bag(g, army, ask, default)


def test_the_bag_skips_only_the_hooks_its_relic_keeps() -> None:
    """The Bag-o'-Many-Things asks the relic it imitates only the hooks the relic's class
    fills in: through random Underground games, each of its hooks answers as the relic asked
    every hook with the Bag's place and turn mark."""
    checked = 0

    def check(g: GameState, _: Action) -> None:
        nonlocal checked
        for army in g.armies:
            bag = POWERS[army.power]
            if not isinstance(bag, Magic) or bag.relic(g) is None:
                continue
            for hook in ("conquest_actions", "redeploy_actions", "end_actions"):
                assert bag._relic_actions(g, army, hook) == asking_every_hook(
                    g, army, bag, hook, []), hook
            assert bag.reach_mask(g, army) == asking_every_hook(g, army, bag, "reach_mask", 0)
            assert bag.cost_changes(g, army) == asking_every_hook(
                g, army, bag, "cost_changes", ())
            checked += 1

    for seed in range(40):
        play_random_game(["Amy", "Ben", "Cai", "Dee"], "underground-4p", seed, check,
                         game="underground")
    assert checked


def test_the_relics_the_bag_may_choose_are_those_face_up_in_play() -> None:
    """The relics the Bag-o'-Many-Things may choose (found from the ruleset's relics, once
    per ruleset) are, through random Underground games, the items face up on the map that
    are relics, in the order of the game's items."""
    seen = 0

    def check(g: GameState, _: Action) -> None:
        nonlocal seen
        expected = [k for k, qid in enumerate(g.rules.items)
                    if ITEMS[qid].kind == "relic" and g.items.get(qid, -1) >= 0]
        for army in g.armies:
            bag = POWERS[army.power]
            if isinstance(bag, Magic):
                assert bag._relics(g) == expected
                seen += len(expected)

    for seed in range(20):
        play_random_game(["Amy", "Ben", "Cai", "Dee"], "underground-4p", seed, check,
                         game="underground")
    assert seen
