"""The action vocabulary: every move a player (or a rule's choice) can make.

An action is a small immutable tuple ``Action(kind, target, count)``; ``target`` is a region,
a combo slot or a seat depending on the kind.  ``PARAMS`` names the JSON fields of each kind,
so records read like ``{"do": "conquer", "region": 12}``.  The core declares its own kinds
below; races, powers and items declare theirs (``Content.actions``) and the content registry
adds them with ``declare`` (and takes them away with ``forget``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from smallworld_tui.engine.bitset import bits


class Action(NamedTuple):
    kind: str
    target: int = -1
    count: int = 0  # type: ignore[assignment]  # a field named like tuple.count, on purpose

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"do": self.kind}
        names = PARAMS[self.kind]
        if names:
            out[names[0]] = self.target
        if len(names) > 1:
            out[names[1]] = self.count
        return out

    @staticmethod
    def from_json(data: Any) -> Action:
        """Parse ``{"do": kind, ...}``; raises ValueError with a readable reason."""
        if not isinstance(data, dict) or not isinstance(data.get("do"), str):
            raise ValueError('an action must be an object with a "do" field')
        kind = data["do"]
        if kind not in PARAMS:
            raise ValueError(f"unknown action {kind!r}")
        names = PARAMS[kind]
        values = []
        for name in names:
            value = data.get(name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"action {kind!r} needs an integer {name!r}")
            values.append(value)
        extra = set(data) - {"do", *names}
        if extra:
            raise ValueError(f"action {kind!r} has unknown field(s): {', '.join(sorted(extra))}")
        return Action(kind, *values)

    def __str__(self) -> str:
        names = PARAMS[self.kind]
        args = [f"{names[0]}={self.target}"] if names else []
        if len(names) > 1:
            args.append(f"{names[1]}={self.count}")
        return f"{self.kind}({', '.join(args)})"


# kind -> names of its parameters (target, count): the core's kinds, then content's
PARAMS: dict[str, tuple[str, ...]] = {
    "pick": ("slot",),            # take combo number `slot` (0 = top of the column)
    "decline": (),                # put the active race into decline
    "abandon": ("region",),       # empty one of your regions
    "conquer": ("region",),       # ordinary conquest, paying the full cost
    "final": ("region",),         # last conquest of the turn with the reinforcement die
    "end_conquest": (),           # stop conquering and go to redeployment
    "deploy": ("region", "count"),  # place `count` tokens from hand in one of your regions
    "end_redeploy": (),           # finish placing tokens and pieces
    "end_turn": (),               # finish the turn
    "show_coins": ("seat",),      # a team player shows their coins to their partners
    "hide_coins": ("seat",),      # … and hides them again
}
CORE_KINDS = frozenset(PARAMS)
#: kinds a player may take at any moment, whoever's decision it is (each names its own seat):
#: no move of the turn, so ``legal_actions`` never lists them (``engine.showing``)
ANYTIME = frozenset({"show_coins", "hide_coins"})


def declare(kinds: Mapping[str, tuple[str, ...]], owner: str) -> None:
    """Add content action kinds; a kind declared twice must keep its parameters."""
    for kind, params in kinds.items():
        known = PARAMS.get(kind)
        if known is not None and known != params:
            raise ValueError(f"{owner}: action {kind!r} redeclared as {params}, was {known}")
        PARAMS[kind] = params


def forget(kinds: set[str]) -> None:
    """Take content action kinds away again (a game unregistered); the core's stay."""
    for kind in kinds - CORE_KINDS:
        PARAMS.pop(kind, None)


#: actions on regions/slots/counts below this are shared instances (``CONQUERS``…)
CACHED = 128


def _table(kind: str) -> tuple[Action, ...]:
    return tuple(Action(kind, i) for i in range(CACHED))


#: the shared ``conquer`` and ``final`` action of each region below ``CACHED``
CONQUERS, FINALS = _table("conquer"), _table("final")
_PICK, _ABANDON = _table("pick"), _table("abandon")
_DEPLOY: dict[tuple[int, int], Action] = {}


def pick(slot: int) -> Action:
    return _PICK[slot] if 0 <= slot < CACHED else Action("pick", slot)


def picks(count: int) -> list[Action]:
    """``pick`` of each slot below ``count`` (shared instances: no call per slot)."""
    return list(_PICK[:count]) if count <= CACHED else [pick(k) for k in range(count)]


def conquer(region: int) -> Action:
    return CONQUERS[region] if 0 <= region < CACHED else Action("conquer", region)


def final(region: int) -> Action:
    return FINALS[region] if 0 <= region < CACHED else Action("final", region)


def abandon(region: int) -> Action:
    return _ABANDON[region] if 0 <= region < CACHED else Action("abandon", region)


@lru_cache(maxsize=4096)
def abandons(regions: int) -> tuple[Action, ...]:
    """``abandon`` of each region of the mask ``regions``, ascending (cached: an army asks
    again for the same regions)."""
    return tuple(on_regions("abandon", regions))


def conquests(costs: Sequence[tuple[int, int]], hand: int, most: int) -> list[Action]:
    """For each (region, cost) of ``costs``, regions ascending (``conquest_costs``):
    ``conquer`` it if ``hand`` pays the cost, else ``final`` if the cost is at most ``most``
    (the die may make up the rest)."""
    if costs and costs[-1][0] < CACHED:  # every region has a shared instance
        conquers, finals = CONQUERS, FINALS
        return [conquers[r] if cost <= hand else finals[r] for r, cost in costs if cost <= most]
    return [conquer(r) if cost <= hand else final(r) for r, cost in costs if cost <= most]


#: each kind's shared actions, by region: the core's, then content's as they are asked for
_ON_REGION = {"pick": _PICK, "conquer": CONQUERS, "final": FINALS, "abandon": _ABANDON}


def on_regions(kind: str, regions: int) -> list[Action]:
    """``Action(kind, r)`` for each region ``r`` of the mask ``regions``, ascending: a
    content choice on a region (shared instances below 128, like ``conquer``'s: a choice
    listed at every action is built once)."""
    if regions >> CACHED:  # a region beyond the table
        return [Action(kind, r) for r in bits(regions)]
    table = _ON_REGION.get(kind)
    if table is None:
        table = _ON_REGION[kind] = _table(kind)
    return [table[r] for r in bits(regions)]


def deploy(region: int, count: int) -> Action:
    key = (region, count)
    action = _DEPLOY.get(key)
    if action is None:
        action = _DEPLOY[key] = Action("deploy", region, count)
    return action


def deploys(regions: int, hand: int) -> list[Action]:
    """Every ``deploy`` of 1 to ``hand`` tokens in each region of the mask ``regions``, by
    region then count."""
    out: list[Action] = []
    for r in bits(regions):
        out += deploy_row(r, hand)
    return out


@lru_cache(maxsize=4096)
def deploy_row(region: int, hand: int) -> tuple[Action, ...]:
    """``deploy`` of 1 to ``hand`` tokens in ``region``, none if ``hand`` is below 1 (cached:
    a redeployment asks again after each placement)."""
    row = []  # a loop: a generator and a call per action cost more
    for n in range(1, hand + 1):
        row.append(deploy(region, n))
    return tuple(row)


def show_coins(seat: int, shown: bool = True) -> Action:
    """``seat`` shows its coins to its team partners (``shown``), or hides them again."""
    return Action("show_coins" if shown else "hide_coins", seat)


DECLINE = Action("decline")
END_CONQUEST = Action("end_conquest")
END_REDEPLOY = Action("end_redeploy")
END_TURN = Action("end_turn")
