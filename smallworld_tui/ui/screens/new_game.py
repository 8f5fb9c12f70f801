"""Start a game (game, players — each a person or a computer player — names, map, seed,
options), continue a saved one or watch it again."""

from __future__ import annotations

from functools import cache
from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from smallworld_tui.bots import LEVELS
from smallworld_tui.compat import while_open
from smallworld_tui.engine import (
    IllegalAction,
    MapError,
    definition,
    games,
    list_maps,
    load_map,
    map_for_players,
    new_game,
    ruleset,
)
from smallworld_tui.i18n import N_, _, current_language
from smallworld_tui.lessons import LESSON_IDS, load_lesson
from smallworld_tui.lessons.store import lesson_step
from smallworld_tui.names import game_name
from smallworld_tui.saves import SaveInfo
from smallworld_tui.session.bot_seats import bot_name
from smallworld_tui.ui.bindings import TranslatedBindings
from smallworld_tui.ui.lesson_words import title
from smallworld_tui.ui.messages import GameSetup, OpenSave, StartGame, StartLesson, WatchSave
from smallworld_tui.ui.widgets.key_footer import KeyFooter
from smallworld_tui.ui.widgets.save_list import SaveList

DEFAULT_NAMES = ("Amy", "Ben", "Cai", "Dee", "Eli")
MAX_PLAYERS = len(DEFAULT_NAMES)
PERSON = "person"  # a seat's player: a person, or a computer player of one of ``LEVELS``
LEVEL_LABELS = {"random": N_("Bot: random"), "easy": N_("Bot: easy"),
                "normal": N_("Bot: normal"), "hard": N_("Bot: hard")}


def all_options() -> dict[str, tuple[Any, tuple[Any, ...]]]:
    """Every game option of every game: (its default, the values it may take).  The form
    offers each: a yes/no one as a checkbox, one with a list of values as a menu."""
    out: dict[str, tuple[Any, tuple[Any, ...]]] = {}
    for game in games():
        rules = ruleset(game)
        for name, default in rules.default_options.items():
            values = tuple(rules.option_values.get(name, ()))
            out[name] = (default, values)
    return out


def option_label(name: str) -> str:
    """An option's label (its game's ``option_labels``; else its name)."""
    label = next((definition(g).option_labels[name] for g in games()
                  if name in definition(g).option_labels), "")
    return _(label) if label else name


def value_label(name: str, value: Any) -> str:
    """An option value's label (its game's ``value_labels``; else the value)."""
    label = next((definition(g).value_labels[name, value] for g in games()
                  if (name, value) in definition(g).value_labels), "")
    return _(label) if label else str(value)


def option_counts(name: str) -> tuple[int, ...] | range:
    """The player counts for which an option means something (its game's
    ``option_counts``; else every count)."""
    return next((definition(g).option_counts[name] for g in games()
                 if name in definition(g).option_counts), range(2, MAX_PLAYERS + 1))


def seat_kinds() -> list[tuple[str, str]]:
    """(label, value) of who may play a seat: a person, or a computer player of a level."""
    return [(_("Person"), PERSON),
            *((_(LEVEL_LABELS[level]) if level in LEVEL_LABELS else level, level)
              for level in LEVELS)]


def default_names(seat: int) -> list[str]:
    """The names a seat gets by default: a person's, then each computer player's."""
    return [DEFAULT_NAMES[seat], *(bot_name(seat, level, _) for level in LEVELS)]


@cache
def playable(content: str, maps: str) -> bool:
    """Whether the engine plays ``content``'s races and powers on ``maps``'s shipped maps
    (it says so by setting up a game on the first of them)."""
    if content not in games():
        return False
    for players in range(2, MAX_PLAYERS + 1):
        shipped = maps_for(players, maps)
        if shipped:
            try:
                new_game([str(seat) for seat in range(players)], shipped[0], 0, game=content)
            except (IllegalAction, MapError):
                return False
            return True
    return False


def game_choices() -> list[tuple[str, str]]:
    """(label, value) of every game playable here, then each mix of one game's races and
    powers on another game's maps that the engine accepts; a value is "content" or
    "content@maps"."""
    out = [(game_name(g), g) for g in games() if playable(g, g)]
    out += [(_("{content} on a {maps} map (mixed)").format(
                content=game_name(content), maps=game_name(maps)), f"{content}@{maps}")
            for content in games() for maps in games()
            if content != maps and playable(content, maps)]
    return out


def split_choice(value: str) -> tuple[str, str]:
    """The game whose races and powers are played and the game whose maps are used."""
    content, _sep, maps = value.partition("@")
    return content, maps or content


def lesson_choices() -> list[tuple[str, str]]:
    """(label, id) of each lesson: its title, and the step reached if it is in progress."""
    lang = current_language()
    out = []
    for id_ in LESSON_IDS:
        lesson = load_lesson(id_)
        label = title(lesson, lang)
        step = lesson_step(lesson)
        if step is not None:
            label = _("{lesson} (step {n} of {total})").format(lesson=label, n=step,
                                                               total=len(lesson.steps))
        out.append((label, id_))
    return out


def maps_for(players: int, game: str = "base") -> list[str]:
    """Shipped maps of ``game`` for a player count, the official one first.  A game whose
    board is a set of faces drawn from the seed (Warcraft) offers the count's map name, which
    means "drawn"."""
    try:
        official = map_for_players(players, game)
    except ValueError:
        official = ""
    found = [m for m in list_maps(game) if load_map(m).players == players]
    if not found and official:
        return [official]
    return sorted(found, key=lambda m: (m != official, m))


def map_label(name: str) -> str:
    """A map's entry in the menu (a drawn board set says so)."""
    if name in list_maps():
        return name
    return _("{map}: islands drawn from the seed").format(map=name)


class NewGameScreen(TranslatedBindings, Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+n", "start", N_("Start"), id="new.start"),
        Binding("ctrl+o", "continue", N_("Continue saved game"), id="new.continue"),
        Binding("ctrl+r", "watch", N_("Watch saved game"), id="new.watch"),
    ]

    def __init__(self, seed: int, players: int = 2) -> None:
        super().__init__()
        self.seed = seed
        self.players = players
        self.game = "base"

    def compose(self) -> ComposeResult:
        with Horizontal(id="new-main"):
            with Vertical(id="new-form", classes="panel"):
                with Horizontal(classes="field"):
                    yield Label(_("Game"), classes="field-label")
                    yield Select(game_choices(), value="base", allow_blank=False,
                                 compact=True, id="game")
                with Horizontal(classes="field"):
                    yield Label(_("Players"), classes="field-label")
                    yield Select([(str(n), n) for n in range(2, MAX_PLAYERS + 1)],
                                 value=self.players, allow_blank=False, compact=True,
                                 id="player-count")
                for seat, name in enumerate(DEFAULT_NAMES):
                    with Horizontal(classes="field name-field", id=f"name-field-{seat}"):
                        yield Label(_("Player {n}").format(n=seat + 1), classes="field-label")
                        yield Select(seat_kinds(), value=PERSON, allow_blank=False,
                                     compact=True, id=f"kind-{seat}", classes="seat-kind")
                        yield Input(name, max_length=20, compact=True, id=f"name-{seat}")
                with Horizontal(classes="field"):
                    yield Label(_("Map"), classes="field-label")
                    yield Select([], allow_blank=True, compact=True, id="map")
                with Horizontal(classes="field"):
                    yield Label(_("Seed"), classes="field-label")
                    yield Input(str(self.seed), type="integer", compact=True, id="seed")
                yield Checkbox(_("Pass-the-device screen between players"), value=True,
                               compact=True, id="pass-screens")
                for option, (default, values) in all_options().items():
                    if values:
                        with Horizontal(classes="field option-field",
                                        id=f"option-field-{option}"):
                            yield Label(option_label(option), classes="field-label")
                            yield Select([(value_label(option, v), v) for v in values],
                                         value=default, allow_blank=False, compact=True,
                                         id=f"option-{option}")
                    else:
                        yield Checkbox(option_label(option), value=bool(default),
                                       compact=True, id=f"option-{option}")
                yield Static(id="new-error", classes="error")
                yield Button(_("Start the game"), variant="primary", compact=True, id="start")
            with Vertical(id="new-side"):
                with Vertical(id="new-saves", classes="panel"):
                    yield SaveList(id="saves")
                    with Horizontal(id="save-buttons"):
                        yield Button(_("Continue"), compact=True, id="continue")
                        yield Button(_("Watch"), compact=True, id="watch")
                with Vertical(id="new-lessons", classes="panel"):
                    with Horizontal(classes="field"):
                        yield Select(lesson_choices(), value=LESSON_IDS[0], allow_blank=False,
                                     compact=True, id="lesson-choice")
                    yield Button(_("Start the lesson"), compact=True, id="lesson-start")
                    yield Button(_("Start again"), compact=True, id="lesson-restart")
        yield KeyFooter()

    @while_open
    def on_mount(self) -> None:
        self.query_one("#new-form").border_title = _("New game")
        self.query_one("#new-saves").border_title = _("Saved games")
        self.query_one("#new-lessons").border_title = _("Learn to play")
        self._show_lesson(LESSON_IDS[0])
        self._set_players(self.players)
        for field in self.query(Input):
            field.cursor_blink = False  # steady cursor (and stable screenshots)
        self.query_one("#name-0", Input).focus()

    def _set_players(self, players: int) -> None:
        self.players = players
        for seat in range(MAX_PLAYERS):
            self.query_one(f"#name-field-{seat}").display = seat < players
        self._set_maps()

    def _set_maps(self) -> None:
        content, maps_game = split_choice(self.game)
        maps = maps_for(self.players, maps_game)
        select: Select[str] = self.query_one("#map", Select)
        select.set_options([(map_label(name), name) for name in maps])
        if maps:
            select.value = maps[0]
        options = ruleset(content).default_options
        for option, (_default, values) in all_options().items():
            shown = option in options and self.players in option_counts(option)
            self.query_one(f"#option-field-{option}" if values else f"#option-{option}"
                           ).display = shown

    @on(Select.Changed, "#player-count")
    def players_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, int) and event.value != self.players:
            self._set_players(event.value)

    @on(Select.Changed, ".seat-kind")
    def seat_kind_changed(self, event: Select.Changed) -> None:
        """A seat given to a person or a computer player takes its default name, unless
        a name was typed."""
        seat = int(str(event.select.id).removeprefix("kind-"))
        name = self.query_one(f"#name-{seat}", Input)
        if name.value.strip() in default_names(seat) and isinstance(event.value, str):
            name.value = (DEFAULT_NAMES[seat] if event.value == PERSON
                          else bot_name(seat, event.value, _))

    def _bots(self) -> dict[int, str]:
        """The computer players' seats (seat -> level)."""
        kinds = {seat: self.query_one(f"#kind-{seat}", Select).value
                 for seat in range(self.players)}
        return {seat: kind for seat, kind in kinds.items()
                if isinstance(kind, str) and kind != PERSON}

    @on(Select.Changed, "#game")
    def game_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value != self.game:
            self.game = event.value
            self._set_maps()

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
        content, maps_game = split_choice(self.game)
        map_name = self.query_one("#map", Select).value
        if not isinstance(map_name, str):
            self.show_error(_("There is no {game} map for {n} players.").format(
                game=game_name(maps_game), n=self.players))
            return
        defaults = ruleset(content).default_options
        options: dict[str, Any] = {o: self._option_value(o) for o in defaults}
        setup = GameSetup(names, map_name, seed, content, options,
                          self.query_one("#pass-screens", Checkbox).value, self._bots())
        self.post_message(StartGame(setup, self.show_error))

    def _option_value(self, option: str) -> Any:
        field = self.query_one(f"#option-{option}")
        if isinstance(field, Checkbox):
            return field.value
        assert isinstance(field, Select)
        return field.value

    def show_error(self, message: str) -> None:
        self.query_one("#new-error", Static).update(Text(message))

    @on(Button.Pressed, "#continue")
    def action_continue(self) -> None:
        save = self._chosen_save(_("There is no saved game to continue."))
        if save is not None:
            self.post_message(OpenSave(save.path))

    @on(Button.Pressed, "#watch")
    def action_watch(self) -> None:
        """The highlighted save in the replay viewer (Esc comes back here)."""
        save = self._chosen_save(_("There is no saved game to watch."))
        if save is not None:
            self.post_message(WatchSave(save.path))

    def _chosen_save(self, none: str) -> SaveInfo | None:
        """The highlighted save if it can be read; else says why not (``none``: there is
        no save)."""
        save = self.query_one(SaveList).current
        if save is None:
            self.show_error(none)
        elif save.error:
            self.show_error(save.error)
        else:
            return save
        return None

    @on(Select.Changed, "#lesson-choice")
    def lesson_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, str):
            self._show_lesson(event.value)

    def _show_lesson(self, id_: str) -> None:
        """The lesson's buttons: continue it if it is in progress (or start again)."""
        going = lesson_step(load_lesson(id_)) is not None
        self.query_one("#lesson-start", Button).label = (
            _("Continue the lesson") if going else _("Start the lesson"))
        self.query_one("#lesson-restart").display = going

    @on(Button.Pressed, "#lesson-start")
    @on(Button.Pressed, "#lesson-restart")
    def start_lesson(self, event: Button.Pressed) -> None:
        lesson = self.query_one("#lesson-choice", Select).value
        if isinstance(lesson, str):
            self.post_message(StartLesson(lesson, restart=event.button.id == "lesson-restart"))

    def on_save_list_chosen(self, event: SaveList.Chosen) -> None:
        self.post_message(OpenSave(event.save.path))

