"""Invariants every reachable game state satisfies, for every ruleset (property tests)."""

from __future__ import annotations

from smallworld_tui.engine.bitset import NEUTRAL, NOBODY, bits
from smallworld_tui.engine.conquest import redeploy_room, too_few
from smallworld_tui.engine.content.warcraft.factions import faction
from smallworld_tui.engine.content.warcraft.markers import marker_mask
from smallworld_tui.engine.content.warcraft.teams import TeamMarket
from smallworld_tui.engine.phase import PLACING, Phase
from smallworld_tui.engine.registry import POWERS, RACES
from smallworld_tui.engine.state import OFF_MAP, GameState


def check(g: GameState) -> None:
    """Raise AssertionError naming the first broken invariant."""
    rules = g.rules
    alive = [a for a in g.armies if a.alive]
    # one race per region, regions and masks agree, every held region has as many tokens
    # as the race keeps in a region (a piece defending like a token counting: the Warcraft
    # Champion may hold a region alone, and no Tauren token stands alone) — but while a race
    # places its tokens and the Beasts it lifted, the regions they left short can all still
    # be filled
    seen = 0
    for a in alive:
        assert not (a.mask & seen), f"army {a.id} shares a region"
        seen |= a.mask
        placing = g.phase in PLACING and g.turn.acting == a.id and g.hooks(a).token_aid
        for r in bits(a.mask):
            assert g.region_army[r] == a.id, f"region {r} mask/army mismatch"
            assert placing or not too_few(g, a, r), (
                f"region {r} held with {g.region_tokens[r]} tokens: too few")
        if placing:
            assert redeploy_room(g, a)[1] >= 0, f"army {a.id} cannot fill its regions"
        assert a.hand >= 0
        assert all(n >= 0 for n in a.reserve.values())
    for r, army in enumerate(g.region_army):
        if army == NOBODY:
            assert g.region_tokens[r] == 0, f"empty region {r} has tokens"
            assert g.neutral[r] == "", f"empty region {r} has a neutral kind"
        elif army == NEUTRAL:
            assert g.neutral[r] in rules.neutrals, f"region {r}: unknown neutral"
            assert g.region_tokens[r] >= 1
        else:
            assert g.armies[army].alive and g.armies[army].mask >> r & 1
    # tokens conserved per race and per neutral kind, never above the box count
    for race in rules.races:
        used = sum(g.tokens_on_board(a) + a.hand for a in alive if a.race == race)
        assert g.tray[race] >= 0, f"tray of {race} below zero"
        assert used + g.tray[race] == RACES[race].max_tokens, f"{race} tokens not conserved"
    for kind, piece in rules.neutrals.items():
        on_map = sum(t for r, t in enumerate(g.region_tokens) if g.neutral[r] == kind)
        assert g.tray[kind] >= 0 and on_map + g.tray[kind] == piece.count, (
            f"{kind} tokens not conserved")
    # coins conserved: starting coins + coins from the bank - coins paid to it = every coin
    # in hand or on a combo
    start = rules.starting_coins * g.players
    banked = sum(sum(row) for row in g.gains) - g.to_bank
    assert sum(g.coins) + sum(c.coins for c in g.combos) == start + banked
    assert all(c >= 0 for c in g.coins)
    # closed regions never held; water only by races whose rules allow it
    for r in bits(g.closed_mask):
        assert g.region_army[r] == NOBODY, f"closed region {r} entered"
    for r in bits(g.water_mask):
        army = g.region_army[r]
        assert army == NOBODY or (army >= 0 and any(
            t.enters_water for t in (g.armies[army].race_trait, g.armies[army].power_trait))
        ), f"water region {r} held without a rule allowing it"
    # at most one declined race per player besides those outside the limit; one active
    for seat in range(g.players):
        normal = [a for a in alive if a.seat == seat and a.declined
                  and not (a.badge and POWERS[a.power].outside_decline_limit)]
        assert len(normal) <= 1, f"seat {seat} has {len(normal)} declined races"
        assert sum(1 for a in alive if a.seat == seat and not a.declined) <= 1
    # pieces within the box, and only where their rules allow
    for kind, piece in g.pieces.kinds.items():
        assert g.pieces.total(kind) <= piece.count, f"too many {kind}"
        if piece.on_capture != "stay":
            assert not (g.pieces.mask(kind) & ~seen), f"{kind} on a region nobody holds"
    # every banner and badge is in exactly one place: the market (or the box), an army
    banners, badges = g.market.contents(g)
    races = banners + [a.race for a in alive]
    assert sorted(races) == sorted(rules.in_play(g, rules.races)), (
        "race banners lost or duplicated")
    powers = (badges + [a.power for a in alive if a.badge]
              + [d["badge"] for d in g.item_data.values() if "badge" in d])  # Stonehedge
    assert sorted(powers) == sorted(rules.in_play(g, rules.powers)), (
        "power badges lost or duplicated")
    assert len(g.combos) <= rules.visible_combos
    # every item is in play face up, face down, or in the box — once; face up on a region
    # that can be entered (or off the map), never in the box's count twice
    placed = [*g.items, *g.hidden, *g.facedown.values()]
    assert len(placed) == len(set(placed)) and set(placed) <= set(rules.items)
    for item, r in g.items.items():
        assert r == OFF_MAP or (0 <= r < len(g.map.regions) and not g.closed_mask >> r & 1), (
            f"{item} in region {r}")
    # a river is held only by the race conquering now or by a race whose rules keep it
    for r in bits(g.leave_mask):
        army = g.region_army[r]
        if army >= 0:
            holder = g.armies[army]
            assert holder.has("stays_in_rivers") or (
                g.phase == Phase.CONQUER and g.turn.acting == army), f"river {r} kept"
    for r in g.facedown:
        assert g.region_army[r] < 0, f"a race holds region {r} with its marker face down"
    if g.game == "warcraft":
        _warcraft(g)
        _no_lone_tauren(g)
    if g.game == "underground":
        _stonehedge_tomb(g)
    # pieces that belong to an item are where the item's rules put them
    for piece, check_piece in PIECE_RULES.items():
        if piece in g.pieces.kinds:
            check_piece(g, g.pieces.mask(piece))


def _stonehedge_tomb(g: GameState) -> None:
    """A Tomb lent by the Stonehedge keeps the tokens of a declined race that holds it."""
    stonehedge = "underground:stonehedge"
    lent = g.item_data.get(stonehedge, {}).get("kept_for")
    if lent is not None:
        holder = g.holder(g.items[stonehedge])
        assert holder is g.armies[lent] and holder.declined, "a Stonehedge Tomb mark left"


def _keep(g: GameState, mask: int) -> None:
    keep = g.items.get("underground:keep_on_the_motherland")
    assert mask == (0 if keep is None else 1 << keep), "the Keep is not on its place"


def _balrog(g: GameState, mask: int) -> None:
    if mask:
        assert "underground:wickedest_pentacle" in g.items, "a Balrog without its Pentacle"
        r = mask.bit_length() - 1
        assert g.region_army[r] == NOBODY, "the Balrog's region is held"


def _ghost(g: GameState, mask: int) -> None:
    crypt = g.items.get("underground:crypt_of_the_tomb_raider")
    assert not mask or crypt is not None, "a Ghost without its Crypt"
    assert crypt is None or not mask >> crypt & 1, "the Ghost guards the Crypt's own region"


def _champion(g: GameState, mask: int) -> None:
    assert mask.bit_count() <= 1, "more than one Champion"
    for army in g.armies:
        if army.reserve.get("warcraft:champion"):
            assert not mask, "the Champion both on the map and in hand"
    for r in bits(mask):
        holder = g.holder(r)
        assert holder is not None and holder.power == "warcraft:champion" and (
            not holder.declined), f"the Champion in region {r} away from its race"


def _beasts(g: GameState, mask: int) -> None:
    """Beasts stand only in regions of their active Beastmaster race; no more than the box."""
    for r in bits(mask):
        holder = g.holder(r)
        assert holder is not None and holder.power == "warcraft:beastmaster" and (
            not holder.declined), f"a Beast in region {r} away from its race"
    held = sum(a.reserve.get("warcraft:beast", 0) for a in g.armies)
    kind = g.pieces.kinds["warcraft:beast"]
    assert g.pieces.total(kind.id) + held <= kind.count, "more Beasts than the box holds"


PIECE_RULES = {"underground:keep_on_the_motherland": _keep, "underground:balrog": _balrog,
               "underground:ghost": _ghost, "warcraft:champion": _champion,
               "warcraft:beast": _beasts}


def _warcraft(g: GameState) -> None:
    """Face-down markers only on marker regions, never with a face-up item; the Well of
    Eternity on water; the Doomhammer's owners; in a team game, the team market (faction
    columns holding their own faction's banners) and every seat in one team."""
    assert not set(g.facedown) - set(bits(marker_mask(g))), "a marker off its marker region"
    assert not set(g.facedown) & set(g.items.values()), "an item on a face-down marker"
    well = g.items.get("warcraft:well_of_eternity")
    assert well is None or g.water_mask >> well & 1, "the Well of Eternity is not on water"
    hammer = g.item_data.get("warcraft:doomhammer")
    if hammer is not None:
        assert "warcraft:doomhammer" in g.items, "a Doomhammer owner for a hidden hammer"
        assert 0 <= hammer["owner"] < g.players and -1 <= hammer["previous"] < g.players
        assert hammer["owner"] != hammer["previous"], "the Doomhammer's owner is its previous"
    teams = g.options["teams"]
    assert isinstance(g.market, TeamMarket) == teams == bool(g.columns)
    assert not (teams and (g.combos or g.race_stack or g.power_stack)), "two markets"
    for column, banners in g.columns.items():
        if column != "powers":
            assert all(faction(r) == column for r in banners), f"a stranger in {column}"
    seats = sorted(s for team in g.rules.teams(g).values() for s in team)
    assert seats == (list(range(g.players)) if teams else [])
    _bombs(g)
    for army in g.armies:
        harmony = army.extra.get("warcraft:harmony", 0)
        assert not harmony >> army.seat & 1, "Harmony given to the Pandaren's own player"
        assert harmony.bit_count() <= g.rules.table["pieces"]["harmony"]["count"]


def _no_lone_tauren(g: GameState) -> None:
    """No Tauren token ever stands alone (seed 000), active or declined: a Tauren region
    holds at least 2 Tauren tokens (Beasts are Tauren tokens) or stands with the Champion
    (ruling 114).  Only while the race places its tokens may a region its lifted Beasts left
    wait for its second token."""
    for a in g.armies:
        if not a.alive or a.race != "warcraft:tauren":
            continue
        lifted = a.power == "warcraft:beastmaster" and g.turn.acting == a.id
        placing = lifted and g.phase in PLACING
        for r in bits(a.mask):
            tokens = g.region_tokens[r] + g.pieces.count("warcraft:beast", r)
            champion = g.pieces.count("warcraft:champion", r)
            assert tokens >= 2 or champion or placing, (
                f"a lone Tauren token in region {r} ({'declined' if a.declined else 'active'})")


def _bombs(g: GameState) -> None:
    """The Goblins' bombs: one piece on the map per bomb laid, never two in a region; every
    bomb in the pile, laid, or turned up — as many exploding ones as the box holds."""
    data = g.item_data.get("warcraft:goblins")
    laid = g.pieces.mask("warcraft:bomb")
    if data is None:
        assert not laid, "bombs on the map without a bomb pile"
        return
    regions = [r for r, _ in data["placed"]]
    assert len(set(regions)) == len(regions) and sum(1 << r for r in regions) == laid
    assert all(g.pieces.count("warcraft:bomb", r) == 1 for r in regions)
    values = data["pile"] + [v for _, v in data["placed"]]
    row = g.rules.table["pieces"]["bomb"]
    assert len(values) + sum(data["seen"]) == row["count"], "bombs lost or added"
    assert values.count(1) + data["seen"][1] == row["exploding"], "exploding bombs miscounted"
