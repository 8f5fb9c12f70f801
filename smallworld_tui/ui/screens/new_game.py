"""Start a game (players, names, map, seed, options) or continue a saved one."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from smallworld_tui.engine import IllegalAction
from smallworld_tui.engine.board import list_maps, load_map, map_for_players
from smallworld_tui.i18n import N_, _
from smallworld_tui.ui.bindings import TranslatedBindings
from smallworld_tui.ui.describe import refusal
from smallworld_tui.ui.widgets.key_footer import KeyFooter
from smallworld_tui.ui.widgets.save_list import SaveList

DEFAULT_NAMES = ("Amy", "Ben", "Cai", "Dee", "Eli")
MAX_PLAYERS = len(DEFAULT_NAMES)


def maps_for(players: int, game: str = "base") -> list[str]:
    """A game's shipped maps for a player count, the official one first (for Warcraft, the
    official name stands for a board set drawn from the seed)."""
    official = map_for_players(players, game)
    others = [m for m in list_maps(game) if m != official and load_map(m).players == players]
    return [official, *others]


class NewGameScreen(TranslatedBindings, Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+n", "start", N_("Start"), id="new.start"),
        Binding("ctrl+o", "continue", N_("Continue saved game"), id="new.continue"),
    ]

    def __init__(self, seed: int, players: int = 2) -> None:
        super().__init__()
        self.seed = seed
        self.players = players

    def compose(self) -> ComposeResult:
        with Horizontal(id="new-main"):
            with Vertical(id="new-form", classes="panel"):
                with Horizontal(classes="field"):
                    yield Label(_("Players"), classes="field-label")
                    yield Select([(str(n), n) for n in range(2, MAX_PLAYERS + 1)],
                                 value=self.players, allow_blank=False, compact=True,
                                 id="player-count")
                for seat, name in enumerate(DEFAULT_NAMES):
                    with Horizontal(classes="field name-field", id=f"name-field-{seat}"):
                        yield Label(_("Player {n}").format(n=seat + 1), classes="field-label")
                        yield Input(name, max_length=20, compact=True, id=f"name-{seat}")
                with Horizontal(classes="field"):
                    yield Label(_("Map"), classes="field-label")
                    maps = maps_for(self.players)
                    yield Select([(m, m) for m in maps], value=maps[0], allow_blank=False,
                                 compact=True, id="map")
                with Horizontal(classes="field"):
                    yield Label(_("Seed"), classes="field-label")
                    yield Input(str(self.seed), type="integer", compact=True, id="seed")
                yield Checkbox(_("Pass-the-device screen between players"), value=True,
                               compact=True, id="pass-screens")
                yield Checkbox(_("Flying races may enter anywhere (game option)"),
                               value=False, compact=True, id="flying-anywhere")
                yield Static(id="new-error", classes="error")
                yield Button(_("Start the game"), variant="primary", compact=True, id="start")
            with Vertical(id="new-saves", classes="panel"):
                yield SaveList(id="saves")
                yield Button(_("Continue"), compact=True, id="continue")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#new-form").border_title = _("New game")
        self.query_one("#new-saves").border_title = _("Continue a saved game")
        self._set_players(self.players)
        for field in self.query(Input):
            field.cursor_blink = False  # steady cursor (and stable screenshots)
        self.query_one("#name-0", Input).focus()

    def _set_players(self, players: int) -> None:
        self.players = players
        for seat in range(MAX_PLAYERS):
            self.query_one(f"#name-field-{seat}").display = seat < players
        maps = maps_for(players)
        select: Select[str] = self.query_one("#map", Select)
        select.set_options([(name, name) for name in maps])
        select.value = maps[0]

    @on(Select.Changed, "#player-count")
    def players_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, int) and event.value != self.players:
            self._set_players(event.value)

    @on(Button.Pressed, "#start")
    @on(Input.Submitted)
    def action_start(self) -> None:
        names = [self.query_one(f"#name-{s}", Input).value.strip() for s in range(self.players)]
        seed_text = self.query_one("#seed", Input).value.strip()
        try:
            seed = int(seed_text or "0")
        except ValueError:
            self.show_error(_("The seed must be a whole number."))
            return
        options = {"flying_enters_anywhere": self.query_one("#flying-anywhere", Checkbox).value}
        try:
            self.app.start_game(  # type: ignore[attr-defined]
                names, str(self.query_one("#map", Select).value), seed, options,
                self.query_one("#pass-screens", Checkbox).value)
        except IllegalAction as exc:
            self.show_error(refusal(exc))

    def show_error(self, message: str) -> None:
        self.query_one("#new-error", Static).update(message)

    @on(Button.Pressed, "#continue")
    def action_continue(self) -> None:
        save = self.query_one(SaveList).current
        if save is None:
            self.show_error(_("There is no saved game to continue."))
        elif save.error:
            self.show_error(save.error)
        else:
            self.app.open_save(save.path)  # type: ignore[attr-defined]

    def on_save_list_chosen(self, event: SaveList.Chosen) -> None:
        self.app.open_save(event.save.path)  # type: ignore[attr-defined]
