"""How an interface offers one kind of action: its key and its words.

The core's kinds have theirs in the interface's table (``ui/keymap.py``); each game's
definition (``engine.registry.Game``) brings those of its races', powers' and items' kinds, so
a game is added in one place.  Plain data: the words are translatable templates (``N_``), the
interface translates and fills them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from smallworld_tui.i18n import N_

#: words the action kinds of several games' items share: readying one for the next conquest,
#: putting one in a region, taking a region with one
READY = N_("Ready {owner} for the next conquest")
PUT = N_("Put {owner} in {region}")
TAKE = N_("Take {region} with {owner}")


@dataclass(frozen=True)
class ActionKeys:
    """How the interface offers one kind of action.

    ``key``: its key ("" for none: chosen on the map or in a menu, or with the "other
    actions" key); ``label``: the footer's word for the key; ``text``: the menu and palette
    entry, with a placeholder per parameter of the kind (``{region}`` and ``{to}``: regions,
    ``{name}``: a player, ``{slot}``: a combo, ``{item}``: a relic, place or artifact,
    ``{faction}``, ``{tokens}``: a count of tokens), ``{owner}`` (the race, power or item
    that offers the action), ``{piece}`` (the piece named by ``piece``), ``{coins}`` (what
    the action costs or brings, from the view: ``PlayerView.prices``), ``{short}`` (the
    tokens a last conquest lacks: ``PlayerView.shortfalls``) and the token counts that
    ``details`` reads in the owner's data table row; ``short``: the text
    when the second parameter names nothing; ``direct``: Enter or a click on a region sends
    it at once when it is the only thing to do there (otherwise a menu asks)."""

    key: str = ""
    label: str = ""
    text: str = ""
    direct: bool = False
    piece: str = ""
    short: str = ""
    details: Callable[[Mapping[str, Any]], dict[str, int]] | None = None
