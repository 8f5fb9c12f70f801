"""Command palette: the legal actions of the game screen's viewer, found by name.

Labels name players ("Name Amy as your ally"), so they are shown as plain text, never markup.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, cast

from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.content import Content
from textual.markup import escape

from smallworld_tui.engine import Action, PlayerView
from smallworld_tui.ui.describe import action_label, combo_name
from smallworld_tui.ui.screens.map_marks import hand

if TYPE_CHECKING:
    from smallworld_tui.ui.screens.game import GameScreen


def palette_entries(view: PlayerView) -> list[tuple[str, Action]]:
    """The viewer's legal actions by name (of deployments, one token and all of them)."""
    in_hand = hand(view)
    combos = {c.slot: c for c in view.combos}
    out = []
    for action in view.legal:
        if action.kind == "deploy" and action.count not in (1, in_hand):
            continue
        combo = ""
        if action.kind == "pick" and action.target in combos:
            c = combos[action.target]
            combo = combo_name(c.race, c.power)
        out.append((action_label(action, view, combo), action))
    return out


class LegalActionsProvider(Provider):
    """"End conquest", "Decline", "Roll the Berserk die", "Conquer Forest 7 (3 tokens)"…"""

    def _entries(self) -> list[tuple[str, Action]]:
        return palette_entries(cast("GameScreen", self.screen).view)

    def _run(self, action: Action) -> None:
        cast("GameScreen", self.screen).sending.send(action)

    async def discover(self) -> Hits:
        for label, action in self._entries():
            yield DiscoveryHit(Content(label), partial(self._run, action), text=label)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for label, action in self._entries():
            score = matcher.match(label)
            if score > 0:  # labels hold player names: never markup
                yield Hit(score, matcher.highlight(escape(label)), partial(self._run, action),
                          text=label)
