"""Command palette: the legal actions of the game screen's viewer, found by name.

Labels name players ("Name Amy as your ally"), so they are shown as plain text, never markup.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, cast

from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.content import Content
from textual.markup import escape

if TYPE_CHECKING:
    from smallworld_tui.engine import Action
    from smallworld_tui.ui.screens.game import GameScreen


class LegalActionsProvider(Provider):
    """"End conquest", "Decline", "Roll the Berserk die", "Conquer Forest 7 (3 tokens)"…"""

    def _entries(self) -> list[tuple[str, Action]]:
        screen = cast("GameScreen", self.screen)
        return screen.palette_entries()

    def _run(self, action: Action) -> None:
        cast("GameScreen", self.screen).send(action)

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
