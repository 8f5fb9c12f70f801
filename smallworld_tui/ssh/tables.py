"""The tables of a server: their settings, who sits where, and how far each game is.

``new_table`` is the one way to set a table up (the host's command line and the lobby's form
both use it).  ``Tables`` keeps every table of the store in memory for the lobby, seats players
(each seat stored with its owner's proof), and hears from the table hosts how the games go.

A table may have computer players (``TableSettings.bots``: seat -> level) in its last seats:
they are seated when the table opens, under names of their own and a proof nothing proves, so
nobody can take, leave or play their seats; the table host plays them.

Remote players are held to ``TableLimits``: unfinished tables in all, waiting ones, and per
player; a waiting table where no seat changes for a while is closed.  A finished game, or one
the host closes, is archived (``Store``): kept whole, it takes no more moves, and the lobby
lists only the newest archived tables.
"""

from __future__ import annotations

import contextlib
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from smallworld_tui.bots import LEVELS
from smallworld_tui.engine import SPECTATOR, IllegalAction, Record, new_game, ruleset, view
from smallworld_tui.i18n import _, ngettext
from smallworld_tui.session.bot_seats import bot_name
from smallworld_tui.ssh.names import same_name
from smallworld_tui.ssh.proofs import new_secret
from smallworld_tui.ssh.store import Store, TableRow

log = logging.getLogger(__name__)

BOT_PROOF = "bot:"  # the proof of a computer player's seat: no key nor secret proves it
CLOSED_BY_HOST = "host"  # a game archived unfinished by the host's ``tables close``


@dataclass(frozen=True)
class TableLimits:
    """What remote players may open (the host's own tables are not counted against them)."""

    max_tables: int = 100  # unfinished tables in all
    max_waiting: int = 20  # tables not yet started
    per_player: int = 3  # unfinished tables a player sits at (or opened and nobody sits at)
    idle_seconds: float = 30 * 60.0  # a waiting table where no seat changes this long closes
    archived_shown: int = 50  # finished or closed tables the lobby lists, the newest


@dataclass(frozen=True)
class TableSettings:
    """How a table's game is set up; stored as a JSON object, so new fields need no schema."""

    players: int
    map: str
    seed: int
    options: dict[str, Any]
    names: tuple[str, ...] = ()  # seats reserved for these names, in seat order
    game: str = "base"  # which Small World (the record's game)
    bots: dict[int, str] = field(default_factory=dict)  # computer players: seat -> level

    def to_json(self) -> dict[str, Any]:
        data = {"game": self.game, "players": self.players, "map": self.map,
                "seed": self.seed, "options": self.options, "names": list(self.names)}
        if self.bots:
            data["bots"] = {str(seat): level for seat, level in sorted(self.bots.items())}
        return data

    @staticmethod
    def from_json(data: dict[str, Any]) -> TableSettings:
        """Settings as stored; ``ValueError`` for a computer player of no known level or
        seat."""
        players = int(data["players"])
        bots = {int(seat): str(level) for seat, level in dict(data.get("bots", {})).items()}
        if any(level not in LEVELS or not 0 <= seat < players for seat, level in bots.items()):
            raise ValueError(f"bad computer players {bots}")
        return TableSettings(players=players, map=str(data["map"]),
                             seed=int(data["seed"]), options=dict(data.get("options", {})),
                             names=tuple(data.get("names", ())),
                             game=str(data.get("game", "base")), bots=bots)

    @cached_property
    def teams(self) -> list[str]:
        """Each seat's team in a team game ("alliance"…), none otherwise."""
        stand_ins = [f"seat {i + 1}" for i in range(self.players)]
        game = view(new_game(stand_ins, self.map, self.seed, self.options, game=self.game),
                     SPECTATOR)
        return [game.team_of(seat) for seat in range(self.players)] if game.teams else []

    def record(self, names: list[str]) -> Record:
        """The record of this table's game played by ``names`` (in seat order)."""
        return Record(players=names, map=self.map, seed=self.seed, options=self.options,
                      game=self.game, bots=dict(self.bots))


def new_table(players: int, map_name: str | None = None, seed: int | None = None,
              options: dict[str, Any] | None = None,
              names: list[str] | None = None, game: str = "base",
              bots: list[str] | None = None) -> TableSettings:
    """Settings of a new table; ``IllegalAction`` (or ``MapError``) if the engine would refuse
    them.  Without a seed, a random one that nobody sees.  ``bots`` are the levels of the
    computer players in the last seats (at least one seat stays for a person); ``names``
    then reserves the people's seats only."""
    rules = ruleset(game)
    levels = list(bots or ())
    unknown = [level for level in levels if level not in LEVELS]
    if unknown:
        raise IllegalAction("unknown computer player level {level} (levels: {levels})",
                            level=unknown[0], levels=", ".join(LEVELS))
    people = players - len(levels)
    if people < 1:
        raise IllegalAction("a table needs at least one person besides its computer players")
    if names and len(names) != people:
        raise IllegalAction("give exactly {n} names", n=people)
    seated = {people + i: level for i, level in enumerate(levels)}
    reserved = [*names, *(bot_name(seat, level) for seat, level in seated.items())] \
        if names else []
    settings = TableSettings(
        players=players, map=map_name or rules.map_name(players),
        seed=secrets.randbits(31) if seed is None else seed,
        options=rules.options(options), names=tuple(reserved), game=game, bots=seated)
    stand_ins = list(settings.names) or [f"seat {i + 1}" for i in range(players)]
    new_game(stand_ins, settings.map, settings.seed, settings.options, game=game)
    return settings


def stored_game(store: Store, table: int) -> tuple[TableRow, Record]:
    """A stored table and its game's record: its settings played by the names seated, with
    every move stored (``RecordError``; ``KeyError``, ``ValueError``, ``IllegalAction`` or
    ``MapError`` for bad settings or an empty seat)."""
    row = store.table(table)
    settings = TableSettings.from_json(row.settings)
    record = settings.record([row.seats[seat][0] for seat in range(settings.players)])
    record.actions = store.actions(table)
    return row, record


@dataclass
class Seat:
    name: str
    proof: str

    @property
    def bot(self) -> bool:
        """Whether a computer player sits here."""
        return self.proof.startswith(BOT_PROOF)


@dataclass
class Table:
    """One table as the lobby sees it."""

    id: int
    settings: TableSettings
    seats: list[Seat | None]
    started: bool = False
    result: dict[str, Any] | None = None  # names, coins and winners once finished
    progress: dict[str, Any] | None = None  # round, turns and whose decision, while played
    damaged: str | None = None
    closed: str | None = None  # who closed the game unfinished (``CLOSED_BY_HOST``)
    opener: str | None = None  # the player who opened it from the lobby (not kept)
    since: float = 0.0  # when a seat last changed (or the table opened or was restored)
    claims: dict[int, str] = field(default_factory=dict)  # free reserved seat -> its claim

    @property
    def finished(self) -> bool:
        return self.result is not None

    @property
    def archived(self) -> bool:
        """Whether the game is over: finished, or closed by the host."""
        return self.finished or self.closed is not None

    def has_people(self) -> bool:
        """Whether a person (not only computer players) sits here."""
        return any(seat is not None and not seat.bot for seat in self.seats)

    def seat_of(self, name: str) -> int | None:
        """The seat of the person called ``name`` (never a computer player's)."""
        for index, seat in enumerate(self.seats):
            if seat is not None and not seat.bot and same_name(seat.name, name):
                return index
        return None

    def free_seat_for(self, name: str) -> int | None:
        """The seat ``name`` may take: their reserved one, else the first free one (none if
        someone of that name, a computer player's too, sits here)."""
        if self.started or any(s is not None and same_name(s.name, name) for s in self.seats):
            return None
        for index, seat in enumerate(self.seats):
            reserved = self.settings.names[index] if self.settings.names else None
            if seat is None and (reserved is None or same_name(reserved, name)):
                return index
        return None

    def names(self) -> list[str]:
        return [seat.name for seat in self.seats if seat is not None]

    def to_json(self) -> dict[str, Any]:
        """The table as the lobby host is told of it: the seats' names, not their proofs."""
        return {"id": self.id, "settings": self.settings.to_json(),
                "seats": [None if seat is None else [seat.name, seat.bot]
                          for seat in self.seats],
                "started": self.started, "result": self.result, "progress": self.progress,
                "damaged": self.damaged, "closed": self.closed}

    @staticmethod
    def from_json(data: dict[str, Any]) -> Table:
        """A table as ``to_json`` gave it (its seats proved by nothing but a computer
        player's proof)."""
        seats = [None if seat is None else Seat(str(seat[0]), BOT_PROOF if seat[1] else "")
                 for seat in data["seats"]]
        return Table(int(data["id"]), TableSettings.from_json(data["settings"]), seats,
                     bool(data["started"]), data["result"], data["progress"],
                     data["damaged"], data.get("closed"))


class SeatRefused(Exception):
    """Why a seat cannot be taken (translated, for the player)."""


class CodeNeeded(SeatRefused):
    """The seat is reserved for the player's name: the host's code for it claims it."""


Listener = Callable[[], None]


@dataclass
class Tables:
    store: Store
    limits: TableLimits = field(default_factory=TableLimits)
    clock: Callable[[], float] = time.monotonic
    by_id: dict[int, Table] = field(default_factory=dict)
    listeners: list[Listener] = field(default_factory=list)

    def restore(self) -> None:
        """The store's unfinished tables and its newest archived ones (one whose settings
        cannot be read is marked damaged)."""
        for row in [*self.store.archived_tables(self.limits.archived_shown),
                    *self.store.live_tables()]:
            self.by_id[row.id] = self.table_of(row)
            self.by_id[row.id].since = self.clock()

    def table_of(self, row: TableRow) -> Table:
        """The table a stored row describes (marked damaged if its settings are bad)."""
        try:
            settings = TableSettings.from_json(row.settings)
        except (KeyError, ValueError, TypeError) as exc:
            reason = f"{self.store.path} (table {row.id}): bad settings: {exc!r}"
            log.error("table %s cannot be played: %s", row.id, reason)
            return Table(row.id, TableSettings(0, "?", 0, {}), [], row.started,
                         damaged=reason, closed=row.closed)
        seats: list[Seat | None] = [None] * settings.players
        for index, (name, proof) in row.seats.items():
            if 0 <= index < settings.players:
                seats[index] = Seat(name, proof)
        return Table(row.id, settings, seats, row.started, row.result, closed=row.closed,
                     claims=row.claims)

    def listing(self) -> list[Table]:
        return sorted(self.by_id.values(), key=lambda t: t.id)

    def changed(self) -> None:
        for listener in list(self.listeners):
            listener()

    # --- opening and seating ------------------------------------------------------------
    def open(self, settings: TableSettings, opener: str | None = None) -> Table:
        """A new table, opened by the player ``opener`` or the host (None, not limited);
        ``SeatRefused`` if it would pass a limit."""
        if opener is not None:
            self._check_limits(opener)
        table_id = self.store.create_table(settings.to_json())
        table = Table(table_id, settings, [None] * settings.players, opener=opener,
                      since=self.clock())
        for seat, level in sorted(settings.bots.items()):
            name = bot_name(seat, level)
            self.store.set_seat(table_id, seat, name, BOT_PROOF + level)
            table.seats[seat] = Seat(name, BOT_PROOF + level)
        self.by_id[table_id] = table
        log.info("table %s opened: %s, %d players", table_id, settings.map, settings.players)
        self.changed()
        return table

    def _check_limits(self, opener: str) -> None:
        live = [t for t in self.by_id.values() if not t.archived]
        waiting = sum(not t.started for t in live)
        if waiting >= self.limits.max_waiting:
            raise SeatRefused(_("{n} tables are already waiting for players; join one of "
                                "them").format(n=waiting))
        if len(live) >= self.limits.max_tables:
            raise SeatRefused(_("The server already has {n} unfinished tables, the most it "
                                "takes; join one of them or wait until a game ends.").format(
                n=len(live)))
        self._check_player(opener)

    def _check_player(self, name: str, besides: Table | None = None) -> None:
        """``SeatRefused`` if ``name`` already has as many unfinished tables as a player
        may (``besides`` aside): those they sit at, and those they opened where nobody
        sits."""
        held = sum(not t.archived and t is not besides and (
            t.seat_of(name) is not None
            or (t.opener is not None and same_name(t.opener, name) and not t.has_people()))
            for t in self.by_id.values())
        if held >= self.limits.per_player:
            raise SeatRefused(ngettext(
                "You already have {n} unfinished table, the most one player may; finish a "
                "game or give up a seat first.",
                "You already have {n} unfinished tables, the most one player may; finish a "
                "game or give up a seat first.", held).format(n=held))

    def unfinished_like(self, settings: TableSettings) -> Table | None:
        """An unfinished table set up like ``settings`` (seed aside), if there is one."""
        for table in self.listing():
            mine = table.settings
            same = (mine.game, mine.players, mine.map, mine.names, mine.options,
                    mine.bots) == (settings.game, settings.players, settings.map,
                                   settings.names, settings.options, settings.bots)
            if same and not table.archived and table.damaged is None:
                return table
        return None

    def take_seat(self, table: Table, name: str, proof: str) -> int:
        """Seat ``name`` (owner of ``proof``) at ``table``; the table starts with its last
        seat.  ``SeatRefused`` says why not."""
        seat = table.free_seat_for(name) if self.by_id.get(table.id) is table else None
        if seat is None:
            raise SeatRefused(_("There is no free seat for you at table {id}.").format(
                id=table.id))
        if not table.settings.names:  # a seat the host reserved for them is always theirs
            self._check_player(name, besides=table)
        self.store.set_seat(table.id, seat, name, proof)
        table.seats[seat] = Seat(name, proof)
        table.claims.pop(seat, None)
        table.since = self.clock()
        log.info("%r took seat %d at table %s", name, seat + 1, table.id)
        if all(s is not None for s in table.seats):
            self.store.start(table.id)
            table.started = True
            log.info("table %s started: %s", table.id, ", ".join(table.names()))
        self.changed()
        return seat

    def leave(self, table: Table, seat: int) -> None:
        """Give a seat up before the game starts (a reserved one is claimed again with the
        proof it had); a table nobody sits at any more (and that reserves no names) is
        closed."""
        left = table.seats[seat]
        if table.started or seat in table.settings.bots or left is None:
            return
        claim = left.proof if table.settings.names else None
        self.store.clear_seat(table.id, seat, claim)
        table.seats[seat] = None
        if claim is not None:
            table.claims[seat] = claim
        table.since = self.clock()
        if not table.has_people() and not table.settings.names:
            self._forget(table)
            log.info("table %s closed: nobody sits at it", table.id)
        self.changed()

    def issue_codes(self, keyed: Callable[[str], bool] = lambda _name: False
                    ) -> list[tuple[Table, int, str]]:
        """A code for each free seat reserved for a name that nothing claims yet (the name
        not ``keyed``: a key claims those), as (table, seat, code) for the host to hand out;
        ``OSError`` if one cannot be stored."""
        codes = []
        for table in self.listing():
            if table.started or table.damaged is not None:
                continue
            for seat, name in enumerate(table.settings.names):
                if (table.seats[seat] is None and seat not in table.claims
                        and seat not in table.settings.bots and not keyed(name)):
                    codes.append((table, seat, self._new_code(table, seat)))
        return codes

    def renew_code(self, table_id: int, seat: int) -> tuple[Table, str]:
        """A new code for a free reserved seat (the old code, or the secret it had, no longer
        claims it): the host hands it out when one was lost.  ``SeatRefused`` says why not."""
        table = self.by_id.get(table_id)
        if table is None or table.started:
            raise SeatRefused(_("There is no table {id} waiting for players.").format(
                id=table_id))
        if not 0 <= seat < len(table.seats) or not table.settings.names \
                or seat in table.settings.bots:
            raise SeatRefused(_("Seat {n} at table {id} is not reserved for a name.").format(
                n=seat + 1, id=table_id))
        if table.seats[seat] is not None:
            raise SeatRefused(_("Seat {n} at table {id} is taken.").format(
                n=seat + 1, id=table_id))
        return table, self._new_code(table, seat)

    def _new_code(self, table: Table, seat: int) -> str:
        """A new code for ``seat``, kept as its claim (``OSError`` if it cannot be)."""
        code, proof = new_secret()
        self.store.set_claim(table.id, seat, proof)
        table.claims[seat] = proof
        return code

    def _forget(self, table: Table) -> None:
        """Close a table that never started: nothing of it is kept."""
        self.store.delete_table(table.id)
        del self.by_id[table.id]

    # --- closing ------------------------------------------------------------------------
    def close(self, table: Table) -> None:
        """The host closes ``table``: one that waits is forgotten, a game is archived with
        every move made (``SeatRefused`` if it is already over)."""
        if table.archived or self.by_id.get(table.id) is not table:
            raise SeatRefused(_("Table {id} is already over.").format(id=table.id))
        if not table.started:
            self._forget(table)
            log.info("table %s closed by the host before it started", table.id)
        else:
            if not self.store.close_table(table.id, CLOSED_BY_HOST):
                raise SeatRefused(_("Table {id} is already over.").format(id=table.id))
            table.closed = CLOSED_BY_HOST
            self._archived(table)
            log.info("table %s closed by the host; its game is kept", table.id)
        self.changed()

    def expire(self) -> list[int]:
        """Close the waiting tables where no seat changed for ``limits.idle_seconds`` (not
        those that reserve seats for names: the host set them up); their ids."""
        horizon = self.clock() - self.limits.idle_seconds
        idle = [t for t in self.listing() if not t.started and not t.settings.names
                and t.since <= horizon]
        for table in idle:
            with contextlib.suppress(OSError):  # tried again at the next sweep
                self._forget(table)
                log.info("table %s closed: nobody joined or left it for %.0f minutes",
                         table.id, self.limits.idle_seconds / 60)
        if idle:
            self.changed()
        return [t.id for t in idle if t.id not in self.by_id]

    def _archived(self, table: Table) -> None:
        """``table`` is over: the lobby keeps listing the newest archived tables only."""
        archived = sorted(t.id for t in self.by_id.values() if t.archived)
        for old in archived[:max(len(archived) - self.limits.archived_shown, 0)]:
            del self.by_id[old]

    # --- news from the table hosts ------------------------------------------------------
    def hear(self, news: dict[str, Any]) -> None:
        """A table host's report: ``{"table", "progress"}``, ``{"table", "result"}`` or
        ``{"table", "damaged"}``."""
        table = self.by_id.get(int(news["table"]))
        if table is None:
            return
        if "damaged" in news:
            table.damaged = str(news["damaged"])
            log.error("table %s cannot be played: %s", table.id, table.damaged)
        if "progress" in news:
            table.progress = dict(news["progress"])
        if "result" in news:
            table.result = dict(news["result"])
            self._archived(table)
        self.changed()
