"""Small World Underground: 15 races, 21 special powers, 6 relics and 9 places; its own rules
(Monsters guarding relics and places, the mixing rules on a base-game map) in ``rules``."""

from importlib import resources

from smallworld_tui.engine.action_keys import PUT, READY, TAKE, ActionKeys
from smallworld_tui.engine.content.underground import items, powers, races
from smallworld_tui.engine.content.underground.rules import UndergroundRules
from smallworld_tui.engine.registry import Game
from smallworld_tui.i18n import N_

GAME = Game(
    name="underground",
    table=resources.files(__name__) / "table.json",
    rules=UndergroundRules,
    content=(*races.ALL, *powers.ALL, *items.ALL),
    keys={
        "ancient": ActionKeys(text=N_("Put the {piece} in {region}"),
                              piece="underground:great_ancient"),
        "volcano": ActionKeys(text=N_("Put the {piece} on {region}"),
                              piece="underground:volcano"),
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
        "doormat": ActionKeys(text=READY),
        "sword": ActionKeys(text=READY),
        "socks": ActionKeys(text=READY),
        "orb": ActionKeys(text=TAKE),
        "ring": ActionKeys(text=PUT),
        "scepter": ActionKeys(text=PUT),
        "sacrifice": ActionKeys(text=N_("Sacrifice a declined token from {region} on {owner}")),
        "ghost": ActionKeys(text=N_("Send the {piece} to guard {region}"),
                            piece="underground:ghost"),
        "balrog": ActionKeys(text=N_("Send the {piece} into {region}"),
                             piece="underground:balrog"),
    },
    ways={"vampire": N_("by a Vampire's bite"), "wisps": N_("after the Will-o'-Wisps' roll"),
          "orb": N_("with the Shiny Orb")},
    option_labels={
        "fisher_pairs_share_a_river": N_("Fisher pairs must share a river (game option)"),
    },
    option_words={"fisher_pairs_share_a_river": N_("Fisher counts pairs along one river")},
)
