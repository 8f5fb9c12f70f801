"""The Textual app: the new-game screen, the game screen for a session, and the end screen.

``SmallWorldApp(session, seating=...)`` opens a game directly; without a session it opens the
new-game screen.  Hotseat play follows the decision-maker and plays the computer players'
seats; an SSH server passes a ``FixedSeat`` per connection (its tables play the bots).
Below 80×24 a notice replaces the screens until enlarged.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, ClassVar

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.command import CommandPalette
from textual.geometry import Size
from textual.screen import Screen

from smallworld_tui.engine import IllegalAction, MapError, RecordError, load_record
from smallworld_tui.i18n import N_, _, current_language
from smallworld_tui.lessons import load_lesson
from smallworld_tui.lessons.seats import LessonSeats
from smallworld_tui.lessons.store import lesson_of, open_lesson
from smallworld_tui.saves import continue_in_saves, new_autosave_path
from smallworld_tui.session import GameSession
from smallworld_tui.session.bot_seats import DEFAULT_PACE, BotSeats
from smallworld_tui.session.replay import Replay
from smallworld_tui.ui import palette  # (reads NO_COLOR before App pops it)
from smallworld_tui.ui.bindings import TranslatedBindings
from smallworld_tui.ui.describe import refusal
from smallworld_tui.ui.messages import (
    OpenHelp,
    OpenSave,
    ShowNewGame,
    StartGame,
    StartLesson,
    Tab,
    WatchGame,
    WatchSave,
)
from smallworld_tui.ui.rule_topics import played_game
from smallworld_tui.ui.screens.board import BoardScreen
from smallworld_tui.ui.screens.game import GameScreen
from smallworld_tui.ui.screens.help import HelpScreen, shown_keys
from smallworld_tui.ui.screens.lesson import LessonScreen
from smallworld_tui.ui.screens.new_game import NewGameScreen
from smallworld_tui.ui.screens.replay import ReplayScreen
from smallworld_tui.ui.screens.rules_commands import RulesTopicsProvider
from smallworld_tui.ui.screens.seating import Seating, hotseat
from smallworld_tui.ui.screens.too_small import TooSmallScreen, too_small
from smallworld_tui.ui.textual_texts import SEARCH_PLACEHOLDER, translated
from smallworld_tui.ui.widgets.legend import legend_renderable


class SmallWorldApp(TranslatedBindings, App[None]):
    CSS_PATH = "app.tcss"
    TITLE = "Small World"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (120, "-wide")]  # noqa: RUF012
    VERTICAL_BREAKPOINTS = [(0, "-short"), (36, "-tall")]  # noqa: RUF012
    # Command-palette providers available everywhere: Textual's and the rules topics.
    # (The game screen adds its own provider of the legal actions.)
    COMMANDS: ClassVar = App.COMMANDS | {RulesTopicsProvider}
    # whether the player may save and load games by name in this computer's folders (not over
    # SSH, where the player is on another computer and the server's store is the save)
    host_files: ClassVar[bool] = True
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1,question_mark", "help", N_("Help"), id="app.help"),
        Binding("r", "rules", N_("Rules"), show=False, id="app.rules"),
        Binding("ctrl+q", "quit", N_("Quit"), priority=True, id="app.quit"),
        Binding("ctrl+p", "command_palette", N_("palette"), show=False, priority=True,
                tooltip=N_("Open the command palette"), id="app.command_palette"),
    ]

    def __init__(self, session: GameSession | None = None, *, seating: Seating | None = None,
                 pass_screens: bool = True, seed: int | None = None, notice: str = "",
                 bot_pace: float = DEFAULT_PACE, replay: Replay | None = None,
                 lesson: str = "", restart: bool = False,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.session = session
        self.replay = replay  # a game to watch again, first
        self.seating = seating
        self.pass_screens = pass_screens
        self.bot_pace = bot_pace  # seconds per computer player's move, at first
        self.seed = seed
        self.notice = notice  # shown once the first screen is up
        self.lesson = lesson  # a lesson to open first (``restart``: from its first step)
        self.restart = restart

    def on_mount(self) -> None:
        self.push_screen(self.first_screen())
        self._check_size()
        if self.notice:
            self.notify(self.notice, timeout=10)

    def first_screen(self) -> Screen[Any]:
        """The screen the app opens with (subclasses may open another, e.g. a lobby)."""
        if self.replay is not None:
            return ReplayScreen(self.replay, closable=False)
        if self.lesson:
            self.session, self.notice = open_lesson(load_lesson(self.lesson),
                                                    current_language(), self.restart)
        if self.session is None:
            return self._new_game_screen()
        return self.game_screen(self.session, greet=bool(self.session.record.actions))

    def game_screen(self, session: GameSession, greet: bool = False) -> GameScreen:
        """The game screen of ``session`` for this app's seating (hotseat by default, which
        plays the computer players' seats)."""
        seating = self.seating or hotseat(session, self.pass_screens)
        lesson = lesson_of(session)
        if lesson is not None:
            bots: BotSeats | None = LessonSeats(session, lesson, self.bot_pace)
            return LessonScreen(session, seating, lesson, greet=greet, bots=bots)
        bots = BotSeats(session, self.bot_pace) if session.record.bots and seating.hotseat \
            else None
        return GameScreen(session, seating, greet=greet, bots=bots)

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size)

    def _check_size(self, size: Size | None = None) -> None:
        """Cover the screens with a notice below the minimum size (``size``: the new one)."""
        small = too_small(*(size or self.size))
        shown = isinstance(self.screen, TooSmallScreen)
        if small and not shown:
            self.push_screen(TooSmallScreen())
        elif shown and not small:
            self.pop_screen()
            if isinstance(self.screen, GameScreen):
                self.screen.resume_modals()

    def _new_game_screen(self) -> NewGameScreen:
        seed = self.seed if self.seed is not None else random.randrange(1_000_000)
        return NewGameScreen(seed)

    # --- help, rules and the command palette --------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("help", "rules"):
            return not isinstance(self.screen, TooSmallScreen | HelpScreen)
        return True

    def action_help(self) -> None:
        self.open_help("keys")

    def action_rules(self) -> None:
        self.open_help("rules")

    def on_open_help(self, message: OpenHelp) -> None:
        self.open_help(message.tab, message.topics)

    def open_help(self, tab: Tab, topics: Sequence[str] = ()) -> None:
        """The help screen on the keys of the current screen, its map legend, or the rules
        (``topics`` shown first); an open help screen switches to them."""
        screen = self.screen
        if isinstance(screen, HelpScreen):
            if topics:
                screen.open_topics(topics)
            return
        if isinstance(screen, TooSmallScreen):
            return
        legend = None
        game = played_game(self.session)
        if isinstance(screen, BoardScreen):
            intro, keys = screen.help_intro(), screen.help_keys()
            legend = legend_renderable(screen.view, palette.no_color() or self.no_color)
            game = screen.view.game
        else:
            intro, keys = "", shown_keys(screen)
        self.push_screen(HelpScreen(intro, keys, tab, topics, legend, game))

    def action_command_palette(self) -> None:
        if self.use_command_palette and not isinstance(self.screen, CommandPalette):
            self.push_screen(CommandPalette(placeholder=_(SEARCH_PLACEHOLDER),
                                            id="--command-palette"))

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        return translated(super().get_system_commands(screen))

    # --- asked by the screens (messages) ----------------------------------------------
    def on_show_new_game(self, message: ShowNewGame) -> None:
        self.switch_screen(self._new_game_screen())

    def on_start_game(self, message: StartGame) -> None:
        """Start a new game, autosaved after every action; a setup the engine refuses is
        reported to the new-game screen."""
        setup = message.setup
        try:
            session = GameSession.new(setup.names, setup.map_name, setup.seed, setup.options,
                                      path=new_autosave_path(setup.names), game=setup.game,
                                      bots=setup.bots)
        except IllegalAction as exc:
            message.error(refusal(exc))
            return
        except MapError as exc:
            message.error(str(exc))
            return
        self.session = session
        self.pass_screens = setup.pass_screens
        self.switch_screen(self.game_screen(session))

    def on_start_lesson(self, message: StartLesson) -> None:
        self.open_lesson(message.lesson, message.restart)

    def open_lesson(self, id_: str, restart: bool = False) -> None:
        """Start a lesson, or go on with the one left in progress (unless ``restart``)."""
        session, notice = open_lesson(load_lesson(id_), current_language(), restart)
        self.session = session
        self.switch_screen(self.game_screen(session, greet=bool(session.record.actions)))
        if notice:
            self.notify(notice, timeout=10, markup=False)

    def on_open_save(self, message: OpenSave) -> None:
        self.open_save(message.path)

    def open_save(self, path: Path) -> None:
        """Continue a saved game; an unreadable file is reported and left untouched.  A
        file from outside the saves folder goes on in a new save there (the file given is
        never written)."""
        try:
            session = GameSession.load(path)
        except RecordError as exc:
            self.notify(str(exc), title=_("Cannot load this game"), severity="error",
                        timeout=10)
            return
        self.session = session
        moved = continue_in_saves(session)
        self.switch_screen(self.game_screen(session, greet=True))
        if moved:
            self.notify(moved, timeout=10)

    def on_watch_save(self, message: WatchSave) -> None:
        """Watch a saved game again; an unreadable file is reported and left untouched."""
        try:
            replay = Replay(load_record(message.path), str(message.path))
        except RecordError as exc:
            self.notify(str(exc), title=_("Cannot watch this game"), severity="error",
                        timeout=10)
            return
        self.push_screen(ReplayScreen(replay))

    def on_watch_game(self, message: WatchGame) -> None:
        self.push_screen(ReplayScreen(Replay(message.record)))
