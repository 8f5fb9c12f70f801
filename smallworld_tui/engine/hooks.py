"""The rules that apply to an army now, sorted by the hooks they fill in.

The core asks an army's rules at many moments; most races, powers and items fill in only a
few hooks.  ``Hooks`` lists, per hook, only the rules that override it, and folds the static
properties, so the hot paths (reach, costs, legal actions) never call a hook that does
nothing.  Built once per distinct tuple of rules and cached.
"""

from __future__ import annotations

from smallworld_tui.engine.content.traits import Content
from smallworld_tui.engine.registry import rule

#: the hot hooks, in the order ``Hooks.__init__`` unpacks them into its attributes
HOT_HOOKS = ("entry_mask", "reach_mask", "cost_changes", "conquest_actions", "shielded_mask",
          "unaided_mask", "turn_actions", "redeploy_actions", "end_actions", "loss_dealt",
          "conquest_aid", "conquest_blocker", "on_any_conquest", "offered_actions",
          "on_attacked", "save_tokens", "on_region_emptied", "on_conquered", "on_turn_start",
          "on_ready", "on_redeploy_start", "redeploy_blocker", "score", "on_region_lost",
          "loss_on_defeat")


_FILLED: dict[type[Content], frozenset[str]] = {}


def _filled(kind: type[Content]) -> frozenset[str]:
    """The hot hooks a class of content fills in (overrides; cached)."""
    found = _FILLED.get(kind)
    if found is None:
        found = _FILLED[kind] = frozenset(
            h for h in HOT_HOOKS if getattr(kind, h) is not getattr(Content, h))
    return found


#: ``_fold`` bits of a rule's flags, in the order ``Hooks`` reads them
_WATER, _NO_ROLL, _NO_TRAVEL, _HELPS, _KEEPS = 1, 2, 4, 8, 16

#: what one rule brings to ``Hooks``: the places in ``HOT_HOOKS`` of the hot hooks it fills
#: in, its flags as bits, its ``min_cost()`` and ``tokens_kept()``
_Fold = tuple[tuple[int, ...], int, int, int]

_FOLDS: dict[Content, _Fold] = {}


def _fold(r: Content) -> _Fold:
    """What rule ``r`` brings to ``Hooks``, read once per rule (a rule's class attributes
    and data table row never change while the program runs; cached)."""
    found = _FOLDS.get(r)
    if found is None:
        flags = ((_WATER if r.enters_water else 0) | (_NO_ROLL if r.no_final_roll else 0)
                 | (_NO_TRAVEL if r.no_travel_cost else 0) | (_HELPS if r.helps_conquest else 0)
                 | (_KEEPS if r.keeps_tokens_when_defeated else 0))
        filled = tuple(i for i, h in enumerate(HOT_HOOKS) if h in _filled(type(r)))
        found = _FOLDS[r] = (filled, flags, r.min_cost(), r.tokens_kept())
    return found


class Hooks:
    """One tuple of rules, with the rules that fill in each hot hook and folded flags."""

    __slots__ = ("aid", "all", "attacked", "blocker", "conquered", "conquest", "costs", "dealt",
                 "defeat", "emptied", "end", "enters_water", "entry", "helps", "keeps_tokens",
                 "kept", "lost", "minimum", "no_final_roll", "no_travel_cost", "offer", "reach",
                 "ready", "redeploy", "redeploy_blocker", "redeploy_start", "saves", "score",
                 "shield", "token_aid", "turn", "turn_start", "unaided", "watch")

    def __init__(self, rules: tuple[Content, ...]) -> None:
        # one pass over the rules, each rule's part read once per rule (``_fold``), without
        # a comprehension per hook or flag (each costs a function in Python 3.11)
        self.all = rules
        by_hook: list[tuple[Content, ...]] = [()] * len(HOT_HOOKS)  # in ``HOT_HOOKS`` order
        flags = 0
        minimum = kept = 1
        for i, r in enumerate(rules):
            filled, bits, least, keeps = _FOLDS.get(r) or _fold(r)
            for h in filled:
                by_hook[h] += (r,)
            flags |= bits
            if not i or least > minimum:  # the largest, 1 with no rule
                minimum = least
            if not i or keeps > kept:
                kept = keeps
        (self.entry, self.reach, self.costs, self.conquest, self.shield, self.unaided,
         self.turn, self.redeploy, self.end, self.dealt, self.aid, self.blocker, self.watch,
         self.offer, self.attacked, self.saves, self.emptied, self.conquered, self.turn_start,
         self.ready, self.redeploy_start, self.redeploy_blocker, self.score, self.lost,
         self.defeat) = by_hook
        self.token_aid = tuple(r for r in self.aid if r.aid_is_tokens) if self.aid else ()
        self.enters_water = bool(flags & _WATER)
        self.no_final_roll = bool(flags & _NO_ROLL)
        self.no_travel_cost = bool(flags & _NO_TRAVEL)
        self.helps = bool(flags & _HELPS)
        #: a rule keeps every token when a region is taken (``loss_on_defeat`` not asked)
        self.keeps_tokens = bool(flags & _KEEPS)
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
