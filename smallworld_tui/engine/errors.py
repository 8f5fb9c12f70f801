"""Typed errors raised by the engine, each with a message a player can read."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from smallworld_tui.engine.tables import Kind, entry

#: the parameters holding content ids or map features, and the kind of name each is shown as
NAMED = {"race": "race", "power": "power", "piece": "piece", "item": "item",
         "faction": "faction", "feature": "feature", "feature2": "feature"}
SECTIONS: dict[str, tuple[Kind, ...]] = {
    "race": ("race",), "power": ("power",), "piece": ("piece",), "faction": ("faction",),
    "item": ("relic", "place", "artifact"), "terrain": ("terrain",), "symbol": ("symbol",)}


def split_feature(feature: str) -> tuple[str, str]:
    """A map feature parameter ``"terrain:underground:chasm"`` as (kind, qualified id)."""
    kind, _, qid = feature.partition(":")
    return kind, qid


def english_name(kind: str, qid: str) -> str:
    """The English name of a race, power, piece, item, faction or map feature (``feature``:
    ``"symbol:base:magic"``) from its game's data table; the id itself if none is known."""
    if kind == "feature":
        kind, qid = split_feature(qid)
    for section in SECTIONS.get(kind, ()):
        try:
            name: str = entry(section, qid)["name_en"]
            return name
        except KeyError:
            continue
    return qid


class EngineError(Exception):
    """Base class of every error the engine raises on purpose."""


class IllegalAction(EngineError):
    """An action that the rules do not allow in the current state.

    The message is a ``template`` with named ``params`` so that an interface can translate
    it; a parameter named ``region`` holds a region id, shown through ``label``; parameters
    named ``race``, ``power``, ``piece``, ``item`` or ``faction`` hold content ids and
    ``feature``, ``feature2`` map features (``"symbol:base:magic"``), shown through
    ``name(kind, id)`` (by default their English names from the data table).
    """

    def __init__(self, template: str, label: Callable[[int], str] | None = None,
                 **params: Any) -> None:
        self.template = template
        self.params = params
        self.label = label
        super().__init__(self.render())

    def render(self, translate: Callable[[str], str] = str,
               label: Callable[[int], str] | None = None,
               name: Callable[[str, str], str] | None = None) -> str:
        """The message, optionally translated, with regions labelled by ``label`` and
        content named by ``name(kind, id)``."""
        region = label or self.label or (lambda r: f"region {r}")
        named = name or english_name
        params = {k: region(v) if k == "region" else named(NAMED[k], v) if k in NAMED else v
                  for k, v in self.params.items()}
        return translate(self.template).format(**params)


class RecordError(EngineError):
    """A record or save file that cannot be read or replayed.

    ``source`` names the file, ``index`` the 0-based action that failed (None when the
    problem is not tied to an action).
    """

    def __init__(self, source: str, reason: str, index: int | None = None) -> None:
        self.source = source
        self.reason = reason
        self.index = index
        where = f"{source}: action {index}" if index is not None else source
        super().__init__(f"{where}: {reason}")
