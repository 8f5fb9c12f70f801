"""The keys and words of every action kind: the one table the game screen's key bindings,
footer, help, menus and command palette are built from.

An action kind's parameters (``engine.actions.PARAMS``) say how its key works: no parameter
— the key sends it; a region — the key acts on the region under the map cursor; a seat — the
key asks which player.  A kind missing here still works: it shows in the menus of its
region and in the command palette, named after the race, power or item that offers it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from smallworld_tui.engine.actions import PARAMS
from smallworld_tui.i18n import N_


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


ACTIONS: dict[str, ActionKeys] = {
    # the core's kinds
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
    # kinds of the base game's races and powers
    "berserk_roll": ActionKeys("b", N_("Berserk roll"), N_("Roll the Berserk die")),
    "ally": ActionKeys("n", N_("Name ally"), N_("Name {name} as your ally")),
    "dragon": ActionKeys(text=N_("Send the {piece} to {region}"), piece="base:dragon"),
    "sorcery": ActionKeys(text=N_("Cast sorcery on {region}")),
    "fortify": ActionKeys("f", N_("Fortress"), N_("Build a {piece} in {region}"), direct=True,
                          piece="base:fortress"),
    "encamp": ActionKeys("c", N_("Encampment"), N_("Place an {piece} in {region}"),
                         direct=True, piece="base:encampment"),
    "hero": ActionKeys("H", N_("Hero"), N_("Place a {piece} in {region}"), direct=True,
                       piece="base:hero"),
    # kinds of Small World Underground's races, powers, relics and places
    "ancient": ActionKeys(text=N_("Put the {piece} in {region}"),
                          piece="underground:great_ancient"),
    "volcano": ActionKeys(text=N_("Put the {piece} on {region}"), piece="underground:volcano"),
    "wisp": ActionKeys(text=N_("Roll the die of the {owner} for {region}")),
    "reborn": ActionKeys(text=N_("Pass {region} to your active race ({owner})")),
    "vampire": ActionKeys(text=N_("Bite the lone token in {region} ({owner})")),
    "vanish": ActionKeys(text=N_("Use {owner} when you decline this turn")),
    "mime": ActionKeys(text=N_("Swap badges with combo {slot}")),
    "queen": ActionKeys("q", N_("Queen"), N_("Place the {piece} in {region}"), direct=True,
                        piece="underground:queen"),
    "armor": ActionKeys("m", N_("Mushroom Armor"), N_("Place a {piece} in {region}"),
                        direct=True, piece="underground:mushroom_armor"),
    "bag": ActionKeys(text=N_("Let the {piece} act as {item}"), piece="underground:bag"),
    "doormat": ActionKeys(text=N_("Ready {owner} for the next conquest")),
    "sword": ActionKeys(text=N_("Ready {owner} for the next conquest")),
    "socks": ActionKeys(text=N_("Ready {owner} for the next conquest")),
    "orb": ActionKeys(text=N_("Take {region} with {owner}")),
    "ring": ActionKeys(text=N_("Put {owner} in {region}")),
    "scepter": ActionKeys(text=N_("Put {owner} in {region}")),
    "sacrifice": ActionKeys(text=N_("Sacrifice a declined token from {region} on {owner}")),
    "ghost": ActionKeys(text=N_("Send the {piece} to guard {region}"),
                        piece="underground:ghost"),
    "balrog": ActionKeys(text=N_("Send the {piece} into {region}"), piece="underground:balrog"),
    # kinds of Small World of Warcraft's races, powers, artifacts and places
    "champion": ActionKeys(text=N_("Send the {piece} to take {region} (no token)"),
                           piece="warcraft:champion"),
    "place_champion": ActionKeys(text=N_("Place the {piece} in {region}"), direct=True,
                                 piece="warcraft:champion"),
    "beast": ActionKeys(text=N_("Place a {piece} in {region}"), direct=True,
                        piece="warcraft:beast"),
    "fort": ActionKeys(text=N_("Build a {piece} in {region}"), direct=True,
                       piece="warcraft:fort"),
    "bomb": ActionKeys(text=N_("Lay a {piece} in {region}"), piece="warcraft:bomb"),
    "objective": ActionKeys(text=N_("Place a {piece} in {region}"),
                            piece="warcraft:objective"),
    "recall_objective": ActionKeys(text=N_("Pick up the {piece} in {region}"),
                                   piece="warcraft:objective"),
    "air_raid": ActionKeys(text=N_("Fly an air raid on {region} (roll the die)")),
    "intimidate": ActionKeys(text=N_("Intimidate {region}: move a token to {to}"),
                             short=N_("Intimidate {region}")),
    "portal": ActionKeys(text=N_("Open a portal between {region} and {to}")),
    "steal": ActionKeys(text=N_("Steal {item} into {region}")),
    "place_discount": ActionKeys(text=N_("Ready the discount of the {owner} on a place")),
    "aegis": ActionKeys(text=N_("Put {owner} in {region}")),
    "aegis_toll": ActionKeys(text=N_("Pay the toll of {owner} to attack {region}")),
    "ashes": ActionKeys(text=N_("Ready {owner} for the next conquest")),
    "doomhammer": ActionKeys(text=N_("Take {region} with {owner}")),
    "frostmourne": ActionKeys(text=N_("Ready {owner} for the next conquest")),
    "heart": ActionKeys(text=N_("Put {owner} in {region}")),
    "side_with": ActionKeys(text=N_("Fight for the {faction} this turn")),
    "recruit": ActionKeys(text=N_("Raise {tokens} for {coins}")),
    "human_form": ActionKeys(text=N_("Take human form (+{coins})")),
    "worgen_form": ActionKeys(
        text=N_("Take worgen form (pay {coins}: conquests cost {tokens} fewer)"),
        details=lambda row: {"tokens": row["discount"]}),
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

# how a conquest was made (the ``via`` of a ``conquered`` event), for the log; an ordinary
# conquest, or one of a kind not listed, needs no words
CONQUEST_WAYS: dict[str, str] = {
    "final": N_("with the die"),
    "dragon": N_("with the Dragon"), "sorcery": N_("by sorcery"),
    "rolled": N_("with the die rolled first"),
    "vampire": N_("by a Vampire's bite"), "wisps": N_("after the Will-o'-Wisps' roll"),
    "orb": N_("with the Shiny Orb"), "champion": N_("with the Champion"),
    "doomhammer": N_("with the Doomhammer"),
}


def keys_of(kind: str) -> ActionKeys:
    """How the interface offers ``kind`` (no key, no words of its own if it is unknown)."""
    return ACTIONS.get(kind, NO_KEYS)


def target_of(kind: str) -> str:
    """What an action kind's target is: "region", "seat", "slot", another parameter's name,
    or "" for none."""
    params = PARAMS.get(kind, ())
    return params[0] if params else ""


def region_kinds() -> frozenset[str]:
    """Every action kind whose target is a region (content declares kinds when the engine
    registers it, so this is read when needed)."""
    return frozenset(kind for kind in PARAMS if target_of(kind) == "region")
