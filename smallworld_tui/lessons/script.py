"""A lesson as data: the game it sets up and its steps, and where a game stands in them.

A lesson file (``<id>.toml`` in this folder) has

- ``[lesson]``: ``title.en``/``title.ja`` and ``learner``, the seat of the person learning;
- ``[record]``: the game to set up, in the record format (``docs/record-format.md``): ``game``,
  ``map``, ``seed``, ``options``, ``stacks``, ``dice``, ``piles``, ``bots`` (the level each
  computer player plays at once the lesson is over), with ``players.en``/``players.ja``;
- ``[[step]]``, in order: ``moves``, the moves of the step (``"conquer 14"``, ``"deploy 6 3"``:
  the kind, then its parameters as in a record), made by whoever's decision it is — the
  learner's are waited for, the computer players' are played by the lesson — and its words,
  ``en`` and ``ja``, with ``refused.en``/``refused.ja`` for a move of the learner's that the
  lesson does not expect (the words themselves by default);
- ``[end]``: ``en``/``ja``, the words once every step is done: the game goes on freely.

So a lesson always plays the same way.  The tokens of a step's consecutive ``deploy`` moves may
be placed in any order and any number at a time (the same tokens in the same regions: the same
game).  A choice at any moment (showing one's coins) is never a step's move unless listed.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from smallworld_tui.engine import ANYTIME, PARAMS, Action, Record, RecordError

LESSON_IDS = ("base", "underground", "warcraft", "teams")
LANGUAGES = ("en", "ja")


class LessonError(ValueError):
    """A lesson file that cannot be used, naming the file and the step."""


@dataclass(frozen=True)
class Beat:
    """One thing a step waits for: a move, or tokens to place (region -> tokens) in any order
    and any number at a time."""

    move: Action | None = None
    tokens: Mapping[int, int] = field(default_factory=dict)

    def next_move(self, placed: Mapping[int, int]) -> Action:
        """The move that does (the rest of) this beat at once."""
        if self.move is not None:
            return self.move
        region = next(r for r, n in self.tokens.items() if placed.get(r, 0) < n)
        return Action("deploy", region, self.tokens[region] - placed.get(region, 0))


@dataclass(frozen=True)
class Step:
    """One step: its moves (in beats) and its words by language."""

    number: int  # from 1
    moves: tuple[Action, ...]
    beats: tuple[Beat, ...]
    words: Mapping[str, str]
    refused: Mapping[str, str]

    def text(self, lang: str) -> str:
        return self.words.get(lang) or self.words["en"]

    def refusal(self, lang: str) -> str:
        """The words for a move the lesson does not expect now."""
        return self.refused.get(lang) or self.refused.get("en") or self.text(lang)


@dataclass(frozen=True)
class Position:
    """Where a game stands in a lesson: the step (``len(steps)`` once all are done), the
    actions made before it began, its beats done and the tokens placed of the current one."""

    step: int = 0
    start: int = 0
    beat: int = 0
    placed: Mapping[int, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Lesson:
    id: str
    title: Mapping[str, str]
    learner: int
    setup: Mapping[str, Any]  # the record's fields but the players and the actions
    players: Mapping[str, Sequence[str]]
    steps: tuple[Step, ...]
    end: Mapping[str, str]

    @property
    def game(self) -> str:
        return str(self.setup["game"])

    def record(self, lang: str) -> Record:
        """A new game of this lesson, its players named in ``lang``."""
        return Record.from_json({**self.setup, "players": list(self.names(lang))}, self.id)

    def names(self, lang: str) -> Sequence[str]:
        return self.players.get(lang) or self.players["en"]

    def fits(self, record: Record) -> bool:
        """Whether ``record`` was set up as this lesson sets a game up (names aside)."""
        mine = self.record("en")
        return (record.game, record.map, record.seed, record.options, record.races,
                record.powers, record.dice, record.piles, record.bots) == (
            mine.game, mine.map, mine.seed, mine.options, mine.races, mine.powers, mine.dice,
            mine.piles, mine.bots)

    def over(self, position: Position) -> bool:
        return position.step >= len(self.steps)

    def current(self, position: Position) -> Step | None:
        """The step under way (None once the lesson is over)."""
        return None if self.over(position) else self.steps[position.step]

    def position(self, actions: Sequence[Action]) -> Position | None:
        """Where the game of ``actions`` stands in the lesson; None if it left the lesson (a
        move the lesson does not make)."""
        position: Position | None = Position()
        for done, action in enumerate(actions, 1):
            assert position is not None
            if self.over(position) or (action.kind in ANYTIME and not self.expects(
                    position, action)):
                continue
            position = self.after(position, action, done)
            if position is None:
                return None
        return position

    def expects(self, position: Position, action: Action) -> bool:
        """Whether ``action`` is (part of) the move the lesson waits for now (anything goes
        once it is over)."""
        return self.over(position) or self.after(position, action, 0) is not None

    def after(self, position: Position, action: Action, done: int) -> Position | None:
        """The position once ``action`` is made (the ``done``-th action of the game), None if
        the lesson does not expect it."""
        step = self.steps[position.step]
        beat = step.beats[position.beat]
        placed = dict(position.placed)
        if beat.move is not None:
            if action != beat.move:
                return None
        elif action.kind != "deploy" or placed.get(action.target, 0) + action.count > \
                beat.tokens.get(action.target, 0):
            return None
        else:
            placed[action.target] = placed.get(action.target, 0) + action.count
            if placed != beat.tokens:
                return Position(position.step, position.start, position.beat, placed)
        if position.beat + 1 < len(step.beats):
            return Position(position.step, position.start, position.beat + 1)
        return Position(position.step + 1, done)

    def next_move(self, position: Position) -> Action | None:
        """The move that goes on with the lesson (a computer player's), None once over."""
        step = self.current(position)
        if step is None:
            return None
        return step.beats[position.beat].next_move(position.placed)


# --- reading lesson files ----------------------------------------------------------------
def parse_move(text: str) -> Action:
    """``"conquer 14"`` -> ``Action("conquer", 14)``; ValueError with the reason."""
    kind, *numbers = text.split()
    if kind not in PARAMS:
        raise ValueError(f"unknown move {kind!r}")
    if len(numbers) != len(PARAMS[kind]) or not all(n.isdigit() for n in numbers):
        raise ValueError(f"{kind!r} takes {len(PARAMS[kind])} number(s): "
                         f"{', '.join(PARAMS[kind]) or 'none'}")
    return Action(kind, *map(int, numbers))


def beats(moves: Sequence[Action]) -> tuple[Beat, ...]:
    """A step's moves as beats: consecutive deploys make one."""
    out: list[Beat] = []
    for move in moves:
        if move.kind == "deploy":
            if out and out[-1].move is None:
                tokens = dict(out[-1].tokens)
                tokens[move.target] = tokens.get(move.target, 0) + move.count
                out[-1] = Beat(tokens=tokens)
            else:
                out.append(Beat(tokens={move.target: move.count}))
        else:
            out.append(Beat(move))
    return tuple(out)


def _texts(value: Any, where: str, required: bool = True) -> dict[str, str]:
    """``{"en": …, "ja": …}`` checked: both languages, strings."""
    if value is None and not required:
        return {}
    if not isinstance(value, dict) or set(value) != set(LANGUAGES) or not all(
            isinstance(text, str) and text.strip() for text in value.values()):
        raise LessonError(f"{where}: needs its words in {' and '.join(LANGUAGES)}")
    return {lang: text.strip() for lang, text in value.items()}


def read_lesson(id_: str, data: Mapping[str, Any]) -> Lesson:
    """A lesson from the data of its file (``id_`` names it in errors)."""
    where = f"lesson {id_}"
    try:
        head, record = dict(data["lesson"]), dict(data["record"])
        raw_steps, end = data["step"], data["end"]
    except KeyError as exc:
        raise LessonError(f"{where}: no [{exc.args[0]}] section") from None
    players = record.pop("players", None)
    if not isinstance(players, dict) or set(players) != set(LANGUAGES):
        raise LessonError(f"{where}: [record] needs players.en and players.ja")
    learner = head.get("learner", 0)
    lesson = Lesson(id_, _texts(head.get("title"), f"{where}: title"), learner,
                    {"format": "smallworld-record/2", **record}, players, (),
                    _texts(end, f"{where}: [end]"))
    for lang in LANGUAGES:
        try:
            seats = lesson.record(lang)
            seats.new_state()
        except (RecordError, ValueError) as exc:
            raise LessonError(f"{where}: bad [record]: {exc}") from None
    if not isinstance(learner, int) or learner not in range(len(seats.players)) or \
            learner in seats.bots:
        raise LessonError(f"{where}: the learner must be a seat no computer player plays")
    steps = []
    for number, raw in enumerate(raw_steps, 1):
        place = f"{where}, step {number}"
        try:
            moves = tuple(parse_move(text) for text in raw["moves"])
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise LessonError(f"{place}: bad moves ({exc})") from None
        if not moves:
            raise LessonError(f"{place}: no moves")
        steps.append(Step(number, moves, beats(moves),
                          _texts({lang: raw.get(lang) for lang in LANGUAGES}, place),
                          _texts(raw.get("refused"), f"{place}: refused", required=False)))
    return Lesson(lesson.id, lesson.title, lesson.learner, lesson.setup, lesson.players,
                  tuple(steps), lesson.end)


@cache
def load_lesson(id_: str) -> Lesson:
    """The shipped lesson ``id_`` (one of ``LESSON_IDS``); LessonError if its file is bad."""
    if id_ not in LESSON_IDS:
        raise LessonError(f"no lesson {id_!r} (lessons: {', '.join(LESSON_IDS)})")
    text = resources.files("smallworld_tui.lessons").joinpath(f"{id_}.toml").read_text("utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise LessonError(f"lesson {id_}: {exc}") from None
    return read_lesson(id_, data)
