"""Small World of Warcraft: 16 races, 20 special powers, 5 artifacts and 7 legendary places;
its own rules (islands, set-up, faction bonus, the Battle for Azeroth team game) in
``rules``, ``markers``, ``factions`` and ``teams``."""

from importlib import resources

from smallworld_tui.engine.action_keys import PUT, READY, TAKE, ActionKeys
from smallworld_tui.engine.content.warcraft import items, powers, races
from smallworld_tui.engine.content.warcraft.rules import WarcraftRules
from smallworld_tui.engine.registry import Game
from smallworld_tui.i18n import N_

GAME = Game(
    name="warcraft",
    table=resources.files(__name__) / "table.json",
    rules=WarcraftRules,
    content=(*races.ALL, *powers.ALL, *items.ALL),
    keys={
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
        "aegis": ActionKeys(text=PUT),
        "aegis_toll": ActionKeys(text=N_("Pay the toll of {owner} to attack {region}")),
        "ashes": ActionKeys(text=READY),
        "doomhammer": ActionKeys(text=TAKE),
        "frostmourne": ActionKeys(text=READY),
        "heart": ActionKeys(text=PUT),
        "side_with": ActionKeys(text=N_("Fight for the {faction} this turn")),
        "recruit": ActionKeys(text=N_("Raise {tokens} for {coins}")),
        "human_form": ActionKeys(text=N_("Take human form (+{coins})")),
        "worgen_form": ActionKeys(
            text=N_("Take worgen form (pay {coins}: conquests cost {tokens} fewer)"),
            details=lambda row: {"tokens": row["discount"]}),
    },
    ways={"champion": N_("with the Champion"), "doomhammer": N_("with the Doomhammer")},
    option_labels={
        "teams": N_("Battle for Azeroth: play in teams"),
        "two_player_boards": N_("Boards"),
        "garrison_forts": N_("Garrison"),
        "ashes_travel_cost": N_("Ashes"),  # of Al'ar
    },
    value_labels={
        ("two_player_boards", "LM"): N_("large + medium island"),
        ("two_player_boards", "LS"): N_("large + small island"),
        ("garrison_forts", "per_region"): N_("a fort in each region"),
        ("garrison_forts", "one_per_turn"): N_("one fort a turn"),
        ("ashes_travel_cost", "waived"): N_("waive the travel cost"),
        ("ashes_travel_cost", "paid"): N_("pay the travel cost"),
    },
    option_counts={"two_player_boards": (2,)},
    option_words={
        "teams": N_("Teams (Battle for Azeroth)"),
        "two_player_boards": N_("Boards for 2 players"),
        "garrison_forts": N_("Garrison forts"),
        "ashes_travel_cost": N_("Ashes of Al'ar: travel cost"),
    },
    value_words={
        "LM": N_("large and medium"),
        "LS": N_("large and small"),
        "per_region": N_("one in each region"),
        "one_per_turn": N_("one per turn"),
        "waived": N_("waived"),
        "paid": N_("paid"),
    },
)
