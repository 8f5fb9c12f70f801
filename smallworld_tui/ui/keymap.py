"""The keys and words of every action kind: the one table the game screen's key bindings,
footer, help, menus and command palette are built from — the core's kinds here, each game's
in its definition (``engine.Game.keys``).

An action kind's parameters (``engine.actions.PARAMS``) say how its key works: no parameter
— the key sends it; a region — the key acts on the region under the map cursor; a seat — the
key asks which player.  A kind missing here still works: it shows in the menus of its
region and in the command palette, named after the race, power or item that offers it.
"""

from __future__ import annotations

from functools import cache

from smallworld_tui.engine import PARAMS, ActionKeys, Game, definition, games
from smallworld_tui.i18n import N_

CORE_ACTIONS: dict[str, ActionKeys] = {
    "pick": ActionKeys(text=N_("Pick combo {slot}")),
    "decline": ActionKeys("d", N_("Decline"), N_("Go into decline")),
    "abandon": ActionKeys("x", N_("Abandon"), N_("Abandon {region}")),
    "conquer": ActionKeys(text=N_("Conquer {region}"), direct=True),
    "final": ActionKeys(text=N_("Final conquest of {region} with the die (needs {short} more)"),
                        direct=True),
    "end_conquest": ActionKeys("e", N_("End conquest"), N_("End conquest")),
    "deploy": ActionKeys(text=N_("Place {tokens} in {region}"), direct=True),
    "end_redeploy": ActionKeys("e", N_("End redeploy"), N_("End redeployment")),
    "end_turn": ActionKeys("e", N_("End turn"), N_("End turn")),
}
# kinds chosen by typing a number (a combo, a region) rather than in the "other actions" menu
TYPED = frozenset({"pick", "conquer", "final", "deploy"})


def others(kinds: list[str]) -> list[str]:
    """The kinds among ``kinds`` the "other actions" key offers: those with no key of their
    own that are not chosen by typing a number."""
    return [k for k in dict.fromkeys(kinds) if not keys_of(k).key and k not in TYPED]

NO_KEYS = ActionKeys()

# the game screen's keys for computer players (each calls the screen's ``action_<name>``):
# a suggestion for a person, and the pace of the bots' moves; ``text`` says what the key does
BOT_KEYS: dict[str, ActionKeys] = {
    "suggest": ActionKeys("s", N_("Suggest"), N_("Suggest a move: the hard computer player's "
                                                 "choice, from your seat's view only")),
    "play_suggestion": ActionKeys("y", N_("Play it"), N_("Play the suggested move")),
    "hurry": ActionKeys("full_stop", N_("Hurry"), N_("Hurry the computer player to the end "
                                                     "of its turn")),
    "slower": ActionKeys("less_than_sign", N_("Slower"),
                         N_("Computer players move more slowly")),
    "faster": ActionKeys("greater_than_sign", N_("Faster"),
                         N_("Computer players move faster")),
}

# how a conquest was made (the ``via`` of a ``conquered`` event), for the log: the core's ways
# here, each game's in its definition (``Game.ways``); an ordinary conquest, or one of a way
# not listed, needs no words
CORE_WAYS: dict[str, str] = {"final": N_("with the die"),
                             "rolled": N_("with the die rolled first")}


@cache
def _known(found: tuple[Game, ...]) -> tuple[dict[str, ActionKeys], dict[str, str]]:
    keys, ways = dict(CORE_ACTIONS), dict(CORE_WAYS)
    for game in found:
        keys.update(game.keys)
        ways.update(game.ways)
    return keys, ways


def _registered() -> tuple[dict[str, ActionKeys], dict[str, str]]:
    return _known(tuple(definition(game) for game in games()))


def action_keys() -> dict[str, ActionKeys]:
    """Every action kind's keys and words: the core's, then each game's (``Game.keys``)."""
    return _registered()[0]


def conquest_way(via: str) -> str | None:
    """The words for a way of conquering (None for an ordinary conquest or one not listed)."""
    return _registered()[1].get(via)


def keys_of(kind: str) -> ActionKeys:
    """How the interface offers ``kind`` (no key, no words of its own if it is unknown)."""
    return action_keys().get(kind, NO_KEYS)


def target_of(kind: str) -> str:
    """What an action kind's target is: "region", "seat", "slot", another parameter's name,
    or "" for none."""
    params = PARAMS.get(kind, ())
    return params[0] if params else ""


def region_kinds() -> frozenset[str]:
    """Every action kind whose target is a region (content declares kinds when the engine
    registers it, so this is read when needed)."""
    return frozenset(kind for kind in PARAMS if target_of(kind) == "region")
