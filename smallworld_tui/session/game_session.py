"""A game being played: its record, its state, its log, saving and undo.

Every change goes through ``apply``: the action is checked by the engine, stored (a JSON file
written atomically, or an append-only journal), and only once stored does it join the record
and the state; then it is announced to listeners (the views of every connected player).  A move
that cannot be stored (a full disk) is refused with ``StorageError`` and leaves the game as it
was, so the same move can be made again once the disk has room (or the game is saved
elsewhere).  The legal moves of a position (``engine.moves``) are worked out once, when first
asked for, and shared by every view of it and by the check of the next move.  A new game
writes nothing until its first move.  Undo restores the copy of the
state taken before the last action, never past the start of the turn, a die roll, another
player's decision or a computer player's move; it too is stored before it takes effect.  A
player's choice at any moment (showing their coins to their partners) is stored like a move;
undo never takes it back (the same key does) nor goes past it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from smallworld_tui.bots import LEVELS
from smallworld_tui.engine import (
    ANYTIME,
    Action,
    Event,
    GameState,
    IllegalAction,
    MapError,
    Moves,
    Observation,
    PlayerView,
    Record,
    RecordError,
    apply,
    illegal,
    load_map,
    load_record,
    moves,
    observe,
    ruleset,
    view,
    write_json_atomic,
)
from smallworld_tui.i18n import N_

Listener = Callable[[list[Event]], None]
RANDOM_EVENTS = ("die_rolled",)


class Journal(Protocol):
    """Append-only storage of a game's actions (the SSH server's SQLite store).  Both methods
    raise ``OSError`` when the change could not be stored, and then store nothing."""

    def append(self, index: int, action: Action) -> None: ...

    def truncate(self, length: int) -> None: ...


class StorageError(IllegalAction):
    """A move or an undo refused because it could not be stored; the game is unchanged."""

    def __init__(self, error: OSError) -> None:
        super().__init__(N_("The move could not be saved ({error}), so it was not played. "
                            "Try again in a moment."), error=error.strerror or str(error))
        self.error = error


class GameSession:
    """One game; thread-safe, so several interfaces may share it."""

    def __init__(self, record: Record, path: Path | None = None, source: str = "",
                 journal: Journal | None = None) -> None:
        unknown = sorted(set(record.bots.values()) - set(LEVELS))
        if unknown:
            raise RecordError(source or "<game>", f"unknown computer player level(s) "
                                                  f"{', '.join(map(repr, unknown))} (levels: "
                                                  f"{', '.join(LEVELS)})")
        self.record = record
        self.path = path
        self.journal = journal
        self._moves: Moves | None = None  # the moves of ``state``, once worked out
        self.state = record.new_state()
        self.log: list[Event] = []
        self._floors: list[int] = []  # per action: index below which undo may not go
        self._before: list[tuple[GameState, int]] = []  # state and log length before each
        # action since the undo floor
        self._listeners: list[Listener] = []
        self._lock = threading.RLock()
        actions = list(record.actions)
        record.actions = []
        for i, action in enumerate(actions):
            try:
                self._apply(action)
            except IllegalAction as exc:
                raise RecordError(source or "<game>", f"illegal action {action}: {exc}",
                                  i) from None

    # --- creation ----------------------------------------------------------------------
    @classmethod
    def new(cls, names: list[str], map_name: str | None = None, seed: int = 0,
            options: dict[str, Any] | None = None, path: Path | None = None,
            game: str | None = None, bots: dict[int, str] | None = None) -> GameSession:
        """A new game (nothing is written before its first action).  Without ``game`` the
        map's game is played (the base game without a map either); a game played on
        another game's map follows the mixing rules.  ``bots`` names the seats computer
        players play (seat -> level).  IllegalAction or MapError if the engine refuses the
        setup."""
        if game is None:
            game = load_map(map_name).game if map_name else "base"
        rules = ruleset(game)
        record = Record(players=list(names), map=map_name or rules.map_name(len(names)),
                        seed=seed, options=rules.options(options), game=game,
                        bots=dict(bots or {}))
        return cls(record, path)

    @classmethod
    def load(cls, path: Path) -> GameSession:
        """Load a saved game; ``RecordError`` (file, action, reason) if it is unusable."""
        record = load_record(path)
        try:
            return cls(record, path, str(path))
        except (IllegalAction, MapError) as exc:
            raise RecordError(str(path), f"bad game setup: {exc}") from None

    @property
    def state(self) -> GameState:
        """The game now (never changed in place but by the session, which then forgets
        its moves)."""
        return self._state

    @state.setter
    def state(self, state: GameState) -> None:
        self._state = state
        self._moves = None

    @property
    def actor(self) -> int:
        """The seat whose decision it is (-1 once the game is over)."""
        return self.state.actor

    # --- playing -----------------------------------------------------------------------
    def moves(self) -> Moves:
        """The legal moves now, with their costs (worked out once per position)."""
        with self._lock:
            if self._moves is None:
                self._moves = moves(self.state)
            return self._moves

    def view(self, seat: int) -> PlayerView:
        with self._lock:
            return view(self.state, seat, self.moves())

    def observe(self, seat: int) -> tuple[Observation, list[Action]]:
        """What ``seat`` knows of the game (``engine.observe``: a computer player's input) and
        its legal actions (none unless the decision is its)."""
        with self._lock:
            legal = list(self.moves().legal) if seat == self.state.actor else []
            return observe(self.state, seat), legal

    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        """Apply ``action``; when ``seat`` is given it must be the seat whose decision it is
        (for a choice at any moment, ``actions.ANYTIME``: the seat it names).
        ``StorageError`` (an ``IllegalAction``) if it could not be stored."""
        with self._lock:
            if action.kind not in ANYTIME:
                self._check_seat(seat)
                self._check_legal(action)
            elif seat is not None and seat != action.target:
                raise IllegalAction("only a player may show or hide their own coins")
            snapshot = self.state.clone()
            before = (self.state.seat, self.state.actor, self.state.turn_number)
            events = apply(self.state, action, checked=True)
            self._moves = None
            try:
                self._store_append(action)
            except OSError as exc:
                self.state = snapshot
                raise StorageError(exc) from None
            self._record(action, before, events, snapshot)
        self._announce(events)
        return events

    def preview(self, action: Action) -> list[Event]:
        """The events ``action`` would cause now, on a copy of the game (nothing changes;
        IllegalAction if it is refused)."""
        with self._lock:
            self._check_legal(action)
            return apply(self.state.clone(), action, checked=True)

    def refusal(self, action: Action) -> IllegalAction | None:
        """Why ``action`` is refused now, or None if it is legal."""
        with self._lock:
            if action in self.moves().legal:
                return None
            return illegal(self.state, action)

    def _check_legal(self, action: Action) -> None:
        """``IllegalAction`` (the engine's reason) unless ``action`` is a legal move now."""
        if action not in self.moves().legal:
            raise illegal(self.state, action)

    def _check_seat(self, seat: int | None) -> None:
        if seat is not None and seat != self.state.actor:
            raise IllegalAction("it is not your turn to act")

    def _store_append(self, action: Action) -> None:
        if self.journal is not None:
            self.journal.append(len(self.record.actions), action)
        if self.path is not None:
            data = self.record.to_json(self.path.parent)
            data["actions"].append(action.to_json())
            write_json_atomic(self.path, data)

    def _apply(self, action: Action) -> list[Event]:
        snapshot = self.state.clone()
        before = (self.state.seat, self.state.actor, self.state.turn_number)
        events = apply(self.state, action)
        self._moves = None
        self._record(action, before, events, snapshot)
        return events

    def _record(self, action: Action, before: tuple[int, int, int], events: list[Event],
                snapshot: GameState) -> None:
        """Add an action already applied to the state to the record, the undo floors and
        the log; ``snapshot`` is the state before it (kept while undo may go back to it)."""
        index = len(self.record.actions)
        floor = self._floors[-1] if self._floors else 0
        by_bot = before[1] in self.record.bots  # a computer player's move: beyond undo
        moved_on = before != (self.state.seat, self.state.actor, self.state.turn_number)
        if by_bot or moved_on or action.kind in ANYTIME or any(
                e.kind in RANDOM_EVENTS for e in events):
            floor = index + 1
            self._before.clear()
        else:
            self._before.append((snapshot, len(self.log)))
        self.record.actions.append(action)
        self._floors.append(floor)
        self.log.extend(events)

    def can_undo(self) -> bool:
        with self._lock:
            return bool(self._floors) and self._floors[-1] < len(self.record.actions)

    def undo(self, seat: int | None = None) -> None:
        """Take back the last action (same player, same turn, no die roll or computer
        player's move since); when ``seat`` is given it must be the seat whose decision it
        is."""
        with self._lock:
            self._check_seat(seat)
            if not self.can_undo():
                raise IllegalAction("nothing to undo in this turn")
            kept = len(self.record.actions) - 1
            try:
                if self.journal is not None:
                    self.journal.truncate(kept)
                if self.path is not None:
                    data = self.record.to_json(self.path.parent)
                    data["actions"].pop()
                    write_json_atomic(self.path, data)
            except OSError as exc:
                raise StorageError(exc) from None
            self.state, logged = self._before.pop()
            del self.log[logged:]
            self.record.actions.pop()
            self._floors.pop()
        self._announce([Event("undone", self.state.actor)])

    # --- saving and listeners ----------------------------------------------------------
    def save(self) -> None:
        """Write the game to its file, if it has one (OSError if that fails)."""
        with self._lock:
            if self.path is not None:
                write_json_atomic(self.path, self.record.to_json(self.path.parent))

    def save_as(self, path: Path) -> None:
        """Go on saving into ``path`` from now on; OSError (and the old file kept) if it
        cannot be written."""
        with self._lock:
            write_json_atomic(path, self.record.to_json(path.parent))
            self.path = path

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(events)`` after every change; returns the unsubscribe function."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def _announce(self, events: list[Event]) -> None:
        for listener in list(self._listeners):
            listener(events)
