"""The lobby's dialogs: what to do at a table, a new table's game and settings, a seat's
secret."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from smallworld_tui.bots import LEVELS
from smallworld_tui.engine import games, list_maps, ruleset
from smallworld_tui.i18n import N_, _
from smallworld_tui.names import game_name
from smallworld_tui.ssh.proofs import SECRET_GROUP_LENGTH, SECRET_GROUPS
from smallworld_tui.ui.bindings import TranslatedBindings
from smallworld_tui.ui.game_options import option_choices, option_label, value_label
from smallworld_tui.ui.screens.new_game import maps_for

DIALOG_CSS = """
{name} {{ align: center middle; }}
{name} > Vertical {{
    width: 64; max-width: 100%; height: auto; max-height: 100%;
    border: round $accent; padding: 0 1; background: $surface;
}}
{name} .hint {{ color: $text-muted; }}
{name} .error {{ color: $error; height: auto; }}
{name} Horizontal {{ height: auto; }}
{name} Label {{ width: 10; padding: 0 1 0 0; }}
"""


class Dialog(TranslatedBindings, ModalScreen[object]):
    """A small box in the middle; Escape cancels (returns None)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", N_("Cancel"), id="dialog.cancel"),
    ]

    def action_cancel(self) -> None:
        self.dismiss(None)


class TableMenu(Dialog):
    """The choices at one table; returns the chosen one's key."""

    DEFAULT_CSS = DIALOG_CSS.format(name="TableMenu")

    def __init__(self, title: Text, choices: list[tuple[str, str]]) -> None:
        super().__init__()
        self.title_text = title
        self.choices = choices

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text)
            yield OptionList(*(Option(label, id=key) for key, label in self.choices),
                             markup=False)
            yield Static(_("Enter chooses · Esc cancels"), classes="hint")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)


def map_choices(players: int, game: str) -> list[tuple[str, str]]:
    """The maps a new table of ``game`` for ``players`` may use, as (label, name)."""
    shipped = set(list_maps(game))
    return [(name if name in shipped else _("{map} (boards drawn at random)").format(map=name),
             name) for name in maps_for(players, game)]


class NewTableDialog(Dialog):
    """Game, players, map, options and computer players of a new table; returns ``(game,
    players, map, options, bots)``, ``bots`` the levels of the computer players in the last
    seats."""

    DEFAULT_CSS = DIALOG_CSS.format(name="NewTableDialog") + """
    NewTableDialog #options { height: auto; }
    NewTableDialog #options Label { width: 22; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.game = "base"

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(_("Open a new table (you take its first seat)"))
            with Horizontal():
                yield Label(_("Game"))
                yield Select([(game_name(game), game) for game in games()], value=self.game,
                             allow_blank=False, compact=True, id="game")
            with Horizontal():
                yield Label(_("Players"))
                yield Select(self._counts(), value=3, allow_blank=False, compact=True,
                             id="players")
            with Horizontal():
                yield Label(_("Map"))
                maps = map_choices(3, self.game)
                yield Select(maps, value=maps[0][1], allow_blank=False, compact=True, id="map")
            yield Vertical(*self._option_fields(), id="options")
            with Horizontal():
                yield Label(_("Bots"))
                yield Select(self._bot_counts(3), value=0, allow_blank=False, compact=True,
                             id="bots")
                yield Select([(level, level) for level in LEVELS], value="normal",
                             allow_blank=False, compact=True, id="level")
            yield Button(_("Open the table"), variant="primary", compact=True, id="open")
            yield Static(_("Esc cancels"), classes="hint")

    def _option_fields(self) -> list[Widget]:
        """A checkbox for each yes/no option of the game, a choice for each other one."""
        fields: list[Widget] = []
        for name, values in option_choices(self.game).items():
            if isinstance(values[0], bool):
                fields.append(Checkbox(option_label(name), values[0], compact=True,
                                       id=f"option-{name}"))
            else:
                fields.append(Horizontal(
                    Label(option_label(name)),
                    Select([(value_label(v), v) for v in values], value=values[0],
                           allow_blank=False, compact=True, id=f"option-{name}")))
        return fields

    def _counts(self) -> list[tuple[str, int]]:
        rules = ruleset(self.game)
        return [(str(n), n) for n in range(rules.min_players, rules.max_players + 1)]

    @staticmethod
    def _bot_counts(players: int) -> list[tuple[str, int]]:
        """How many of the seats computer players may take: all but the opener's."""
        return [(_("none"), 0)] + [(str(n), n) for n in range(1, players)]

    def _players(self) -> int:
        players = self.query_one("#players", Select).value
        assert isinstance(players, int)
        return players

    @on(Select.Changed, "#game")
    async def _game_changed(self, event: Select.Changed) -> None:
        if not isinstance(event.value, str) or event.value == self.game:
            return
        self.game = event.value
        box = self.query_one("#options", Vertical)
        await box.remove_children()
        await box.mount_all(self._option_fields())
        players: Select[int] = self.query_one("#players", Select)
        count = self._players()
        players.set_options(self._counts())
        counts = [n for _label, n in self._counts()]
        players.value = count if count in counts else counts[0]
        self._show_maps()

    @on(Select.Changed, "#players")
    def _show_maps(self) -> None:
        maps = map_choices(self._players(), self.game)
        select: Select[str] = self.query_one("#map", Select)
        select.set_options(maps)
        select.value = maps[0][1]
        bots: Select[int] = self.query_one("#bots", Select)
        count = bots.value
        bots.set_options(self._bot_counts(self._players()))
        bots.value = count if isinstance(count, int) and count < self._players() else 0

    @on(Button.Pressed, "#open")
    def _open(self) -> None:
        options = {}
        for name in option_choices(self.game):
            field = self.query_one(f"#option-{name}")
            assert isinstance(field, Checkbox | Select)
            options[name] = field.value
        count = self.query_one("#bots", Select).value
        level = self.query_one("#level", Select).value
        bots = [level] * count if isinstance(count, int) else []
        self.dismiss((self.game, self._players(), self.query_one("#map", Select).value,
                      options, bots))


class SecretShown(Dialog):
    """A new seat's secret, shown this once."""

    DEFAULT_CSS = DIALOG_CSS.format(name="SecretShown")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "cancel", N_("Done"), id="secret.done"),
    ]

    def __init__(self, secret: str) -> None:
        super().__init__()
        self.secret = secret

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(_("This seat is yours. Its secret:"))
            yield Static(Text(self.secret, style="bold reverse"))
            yield Static(_("Write it down. To take your seat back after a lost connection, "
                           "log in with the same name and type it. It is shown only now."))
            yield Static(_("Enter: I have written it down"), classes="hint")


class SecretAsked(Dialog):
    """Asks for a seat's secret (or the host's code of a reserved seat); returns what was
    typed."""

    DEFAULT_CSS = DIALOG_CSS.format(name="SecretAsked")

    def __init__(self, title: Text, placeholder: str | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.placeholder = placeholder or _("the seat's secret, e.g. abcd-efgh-jkmn")

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text)
            yield Input(password=True, compact=True, id="secret",
                        max_length=SECRET_GROUPS * (SECRET_GROUP_LENGTH + 1) + 8,
                        placeholder=self.placeholder)
            yield Static(_("Enter checks · Esc cancels"), classes="hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value)
