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
          "on_ready", "on_redeploy_start", "redeploy_blocker", "score", "on_region_lost",
          "loss_on_defeat")


#: each hot hook with no rule filling it in (``Hooks`` starts from a copy)
_NO_RULES: dict[str, tuple[Content, ...]] = dict.fromkeys(HOT_HOOKS, ())

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
                 "defeat", "emptied", "end", "enters_water", "entry", "helps", "keeps_tokens",
                 "kept", "lost", "minimum", "no_final_roll", "no_travel_cost", "offer", "reach",
                 "ready", "redeploy", "redeploy_blocker", "redeploy_start", "saves", "score",
                 "shield", "token_aid", "turn", "turn_start", "unaided", "watch")

    def __init__(self, rules: tuple[Content, ...]) -> None:
        # one pass over the rules, without a comprehension per hook or flag (each costs a
        # function in Python 3.11; a game meets a new tuple of rules at most picks)
        self.all = rules
        by_hook = _NO_RULES.copy()  # a copy: quicker than a dict built key by key
        enters_water = no_final_roll = no_travel_cost = helps = keeps = False
        minimum: list[int] = []
        kept: list[int] = []
        for r in rules:
            for h in _filled(type(r)):
                by_hook[h] += (r,)
            enters_water = enters_water or r.enters_water
            no_final_roll = no_final_roll or r.no_final_roll
            no_travel_cost = no_travel_cost or r.no_travel_cost
            helps = helps or r.helps_conquest
            keeps = keeps or r.keeps_tokens_when_defeated
            minimum.append(r.min_cost())
            kept.append(r.tokens_kept())
        self.entry = by_hook["entry_mask"]
        self.reach = by_hook["reach_mask"]
        self.costs = by_hook["cost_changes"]
        self.conquest = by_hook["conquest_actions"]
        self.shield = by_hook["shielded_mask"]
        self.unaided = by_hook["unaided_mask"]
        self.turn = by_hook["turn_actions"]
        self.redeploy = by_hook["redeploy_actions"]
        self.end = by_hook["end_actions"]
        self.dealt = by_hook["loss_dealt"]
        self.aid = by_hook["conquest_aid"]
        self.token_aid = tuple(r for r in self.aid if r.aid_is_tokens) if self.aid else ()
        self.blocker = by_hook["conquest_blocker"]
        self.watch = by_hook["on_any_conquest"]
        self.offer = by_hook["offered_actions"]
        self.attacked = by_hook["on_attacked"]
        self.saves = by_hook["save_tokens"]
        self.emptied = by_hook["on_region_emptied"]
        self.conquered = by_hook["on_conquered"]
        self.turn_start = by_hook["on_turn_start"]
        self.ready = by_hook["on_ready"]
        self.redeploy_start = by_hook["on_redeploy_start"]
        self.redeploy_blocker = by_hook["redeploy_blocker"]
        self.score = by_hook["score"]
        self.lost = by_hook["on_region_lost"]
        self.defeat = by_hook["loss_on_defeat"]
        self.enters_water = enters_water
        self.no_final_roll = no_final_roll
        self.no_travel_cost = no_travel_cost
        self.helps = helps
        #: a rule keeps every token when a region is taken (``loss_on_defeat`` not asked)
        self.keeps_tokens = keeps
        self.minimum = max(minimum, default=1)
        self.kept = max(kept, default=1)


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
