"""The rules that apply to an army now, sorted by the hooks they fill in.

The core asks an army's rules at many moments; most races, powers and items fill in only a
few hooks.  ``Hooks`` lists, per hook, only the rules that override it, and folds the static
properties, so the hot paths (reach, costs, legal actions) never call a hook that does
nothing.  Built once per distinct tuple of rules and cached.
"""

from __future__ import annotations

from smallworld_tui.engine.content.traits import Content
from smallworld_tui.engine.registry import rule

HOT_HOOKS = ("entry_mask", "reach_mask", "cost_changes", "conquest_actions", "shielded_mask",
          "unaided_mask", "turn_actions", "redeploy_actions", "end_actions", "loss_dealt",
          "conquest_aid", "conquest_blocker", "on_any_conquest", "offered_actions",
          "on_attacked", "save_tokens", "on_region_emptied", "on_conquered", "on_turn_start",
          "on_ready", "on_redeploy_start", "redeploy_blocker", "score", "on_region_lost")


_FILLED: dict[type[Content], frozenset[str]] = {}


def _filled(kind: type[Content]) -> frozenset[str]:
    """The hot hooks a class of content fills in (overrides; cached)."""
    found = _FILLED.get(kind)
    if found is None:
        found = _FILLED[kind] = frozenset(
            h for h in HOT_HOOKS if getattr(kind, h) is not getattr(Content, h))
    return found


class Hooks:
    """One tuple of rules, with the rules that fill in each hot hook and folded flags."""

    __slots__ = ("aid", "all", "attacked", "blocker", "conquered", "conquest", "costs", "dealt",
                 "emptied", "end", "enters_water", "entry", "helps", "kept", "lost", "minimum",
                 "no_final_roll", "no_travel_cost", "offer", "reach", "ready", "redeploy",
                 "redeploy_blocker", "redeploy_start", "saves", "score", "shield", "token_aid",
                 "turn", "turn_start", "unaided", "watch")

    def __init__(self, rules: tuple[Content, ...]) -> None:
        self.all = rules
        by_hook: dict[str, tuple[Content, ...]] = {}
        enters = no_roll = no_travel = helps = False
        minimum = kept = 1
        for i, r in enumerate(rules):  # one pass: a game meets thousands of tuples of rules
            for h in _filled(type(r)):
                by_hook[h] = (*by_hook[h], r) if h in by_hook else (r,)
            if r.enters_water:
                enters = True
            if r.no_final_roll:
                no_roll = True
            if r.no_travel_cost:
                no_travel = True
            if r.helps_conquest:
                helps = True
            least, keeps = r.min_cost(), r.tokens_kept()
            minimum = least if i == 0 or least > minimum else minimum
            kept = keeps if i == 0 or keeps > kept else kept
        get = by_hook.get
        self.entry = get("entry_mask", ())
        self.reach = get("reach_mask", ())
        self.costs = get("cost_changes", ())
        self.conquest = get("conquest_actions", ())
        self.shield = get("shielded_mask", ())
        self.unaided = get("unaided_mask", ())
        self.turn = get("turn_actions", ())
        self.redeploy = get("redeploy_actions", ())
        self.end = get("end_actions", ())
        self.dealt = get("loss_dealt", ())
        self.aid = get("conquest_aid", ())
        self.token_aid = tuple(r for r in self.aid if r.aid_is_tokens) if self.aid else ()
        self.blocker = get("conquest_blocker", ())
        self.watch = get("on_any_conquest", ())
        self.offer = get("offered_actions", ())
        self.attacked = get("on_attacked", ())
        self.saves = get("save_tokens", ())
        self.emptied = get("on_region_emptied", ())
        self.conquered = get("on_conquered", ())
        self.turn_start = get("on_turn_start", ())
        self.ready = get("on_ready", ())
        self.redeploy_start = get("on_redeploy_start", ())
        self.redeploy_blocker = get("redeploy_blocker", ())
        self.score = get("score", ())
        self.lost = get("on_region_lost", ())
        self.enters_water = enters
        self.no_final_roll = no_roll
        self.no_travel_cost = no_travel
        self.helps = helps
        self.minimum = minimum
        self.kept = kept


def hooks_used(ids: list[str]) -> frozenset[str]:
    """The hot hooks filled in by any of the content ``ids``."""
    rules = [rule(i) for i in ids]
    return frozenset(h for r in rules for h in _filled(type(r)))


def filled_by(ids: list[str]) -> dict[str, frozenset[str]]:
    """For each hot hook, which of the content ``ids`` fill it in."""
    return {h: frozenset(i for i in ids if h in _filled(type(rule(i)))) for h in HOT_HOOKS}


_CACHE: dict[tuple[Content, ...], Hooks] = {}


def hooks_of(rules: tuple[Content, ...]) -> Hooks:
    """The (cached) hooks of a tuple of rules."""
    found = _CACHE.get(rules)
    if found is None:
        found = _CACHE[rules] = Hooks(rules)
    return found
