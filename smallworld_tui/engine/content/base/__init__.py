"""The base game: 14 races and 20 special powers."""

from importlib import resources

from smallworld_tui.engine.action_keys import ActionKeys
from smallworld_tui.engine.content.base import powers, races
from smallworld_tui.engine.registry import Game
from smallworld_tui.engine.ruleset import Ruleset
from smallworld_tui.i18n import N_

GAME = Game(
    name="base",
    table=resources.files(__name__) / "table.json",
    rules=Ruleset,
    content=(*races.ALL, *powers.ALL),
    keys={
        "berserk_roll": ActionKeys("b", N_("Berserk roll"), N_("Roll the Berserk die")),
        "ally": ActionKeys("n", N_("Name ally"), N_("Name {name} as your ally")),
        "dragon": ActionKeys(text=N_("Send the {piece} to {region}"), piece="base:dragon"),
        "sorcery": ActionKeys(text=N_("Cast sorcery on {region}")),
        "fortify": ActionKeys("f", N_("Fortress"), N_("Build a {piece} in {region}"),
                              direct=True, piece="base:fortress"),
        "encamp": ActionKeys("c", N_("Encampment"), N_("Place an {piece} in {region}"),
                             direct=True, piece="base:encampment"),
        "hero": ActionKeys("H", N_("Hero"), N_("Place a {piece} in {region}"), direct=True,
                           piece="base:hero"),
    },
    ways={"dragon": N_("with the Dragon"), "sorcery": N_("by sorcery")},
    option_labels={
        "flying_enters_anywhere": N_("Flying races may enter anywhere (game option)"),
    },
    option_words={"flying_enters_anywhere": N_("Flying races may enter anywhere")},
)
