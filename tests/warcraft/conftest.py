"""Warcraft rule tests run on the engine's Warcraft rules whatever content exists yet: every
race, power, artifact and place of the data table that has no class stands in as plain
content (its table row, no rule of its own) for the length of a test."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from smallworld_tui.data import Kind, entries
from smallworld_tui.engine.content import ITEMS, POWERS, RACES, Content, instantiate
from smallworld_tui.engine.content.traits import Artifact, Place, Power, Race
from smallworld_tui.engine.games import RULESETS
from warcraft.helpers import WC_TEST_MAP

GAME = "warcraft"
PLAIN: dict[Kind, type[Content]] = {"race": Race, "power": Power, "place": Place,
                                    "artifact": Artifact}


def _plain(kind: Kind, id_: str) -> Content:
    cls = type(f"Plain_{id_}", (PLAIN[kind],), {"id": id_})
    return instantiate(GAME, cls)


@pytest.fixture(autouse=True)
def standins(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    rules = RULESETS[GAME]
    lists: dict[str, list[str]] = {"races": [], "powers": [], "items": []}
    for kind, registry, listed in (("race", RACES, "races"), ("power", POWERS, "powers"),
                                   ("place", ITEMS, "items"), ("artifact", ITEMS, "items")):
        for id_ in entries(kind, GAME):
            qid = f"{GAME}:{id_}"
            if qid not in registry:
                monkeypatch.setitem(registry, qid, _plain(kind, id_))
            lists[listed].append(qid)
    for name, ids in lists.items():
        monkeypatch.setattr(rules, name, ids)
    yield


@pytest.fixture(scope="session")
def wc_map(tmp_path_factory: pytest.TempPathFactory) -> Callable[[int], str]:
    """The test islands as a map file for a number of players."""
    folder = tmp_path_factory.mktemp("wc-maps")
    text = WC_TEST_MAP.read_text(encoding="utf-8")

    def for_players(players: int) -> str:
        path = folder / f"wc-test-{players}p.map"
        if not path.exists():
            path.write_text(text.replace("players = 3", f"players = {players}"), "utf-8")
        return str(path)

    return for_players
