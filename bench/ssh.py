"""SSH serving: repaint time per number of tables, and what a burst of logins does to it.

    python bench/ssh.py [--tables 1,5,10] [--workers 0,2] [--seconds 30] [--interval 2]
                        [--burst 30] [--size 100x30] [--compare REF] [--no-control]
                        [--burst-niceness 0] [--profile DIR]

For each worker count W and table count T, a child process runs the server on loopback
(``--workers W``) with T five-player tables (base-5p) whose seats are taken; this process
connects the 5T players' terminals (each logs in with its key, goes from the lobby to its seat,
then only reads, but for a key that closes the die its player rolled, 0.3 s after it shows: else
the board under it waits for it to close by itself, 4 s, and a move made meanwhile would count
as a repaint of seconds).  Each table gets one random legal move every ``interval`` seconds, the
tables' moves spread evenly, played where the table's game runs (the server, or its worker).  A
terminal's repaint time for a move is the time from the move to the last byte of the burst of
output it caused (until 50 ms of silence).  Prints, per W and T, the median, 90th percentile and
largest repaint over the table's five terminals, the bytes per move per terminal, and the CPU
time the server (with its workers) spent per repaint, a figure other load on the machine does
not change much (its load average is printed too, and the cores the benchmark's own clients
used: they share the machine).
Then, with the largest T still playing, ``burst`` players log in with the password at once:
prints how long they took to see the lobby, the seated players' repaints meanwhile, the server
process's own CPU per login and how late its main loop woke from 10 ms sleeps meanwhile.  A
second run, the burst's control, plays the same moves at the same times with no burst: each
repaint of a move made during the burst is compared with the same move's repaint on the same
terminal in the control, which says how much the burst delayed it (a move is the same in both
runs: the tables' games and their random moves are seeded; the difference also holds the
noise of two runs, which the same comparison of the moves made before the burst shows).
The goal (issue 8): 10 tables at median <= 100 ms and p90 <= 250 ms on 2 cores; a burst of 30
logins delays no seated player's repaint by more than 500 ms.
``--compare REF`` runs each measurement twice in turn, first with the server's code as it is at
the git revision REF (e.g. ``main``), then with the working tree's, so that both figures come
from one run on the same machine.  ``--profile DIR`` runs each table worker under cProfile (the
figures include the profiler's own cost, so only the shares are meaningful).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

import asyncssh
import pyte

if TYPE_CHECKING:
    from smallworld_tui.session import GameSession

PASSWORD = "bench"
LOBBY_WAIT = 120.0  # a burst's login that has not seen its lobby by then counts as failed
SEATS = 5
QUIET = 0.05  # seconds of silence that end a repaint
DIE_PROMPT = b"press any key"  # the die a player rolled waits for a key (or 4 s)
REACTION = 0.3  # seconds a player takes to press it
LAG_SLEEP = 0.01  # the server's main loop is probed with sleeps of this long
GOAL = "goal: 10 tables, median <= 100 ms, p90 <= 250 ms; a burst delays repaints <= 500 ms"


# --- the tables' moves (in the server, or in each worker) -------------------------------------

async def play(sessions: dict[int, GameSession], interval: float, go: Path,
               moves: Path) -> None:
    """One random legal move per table every ``interval`` seconds, the tables taking turns."""
    while not go.exists():
        await asyncio.sleep(0.1)
    chooser = random.Random(1)
    with moves.open("a") as log:
        while True:
            tables = sorted(t for t, s in sessions.items() if not s.state.finished)
            if not tables:
                return
            for table in tables:
                session = sessions[table]
                legal = session.view(session.actor).legal
                log.write(f"{table} {time.monotonic():.6f}\n")
                log.flush()
                session.apply(chooser.choice(legal))
                await asyncio.sleep(interval / len(tables))


def worker() -> None:
    """A table worker (see smallworld_tui.ssh.worker) that also plays its tables' moves."""
    from smallworld_tui.ssh import worker as table_worker

    sys.argv.remove("--worker")
    args = table_worker.arguments()
    host = table_worker.prepare(args)

    async def run() -> None:
        moves = asyncio.create_task(play(
            host.sessions, float(os.environ["BENCH_INTERVAL"]), Path(os.environ["BENCH_GO"]),
            Path(os.environ["BENCH_MOVES"])))
        await table_worker.serve(host, args.socket)
        moves.cancel()

    profile = os.environ.get("BENCH_PROFILE")
    if profile:  # --profile: this worker under cProfile, its figures written when it ends
        cProfile.runctx("asyncio.run(run())", globals(), {"run": run, "asyncio": asyncio},
                        str(Path(profile) / f"worker-{os.getpid()}.prof"))
        return
    asyncio.run(run())


async def serve(folder: Path, workers: int, interval: float) -> None:
    """The server: the store's tables, keys bound to the players' names, W workers."""
    from smallworld_tui.ssh.files import load_host_key
    from smallworld_tui.ssh.guard import Guard, Limits
    from smallworld_tui.ssh.hosting import prepare_process
    from smallworld_tui.ssh.hosts import HostPool
    from smallworld_tui.ssh.keys import read_key_book
    from smallworld_tui.ssh.server import Door, GameServer, start_ssh
    from smallworld_tui.ssh.store import Store
    from smallworld_tui.ssh.tables import Tables

    prepare_process()
    os.environ.update(BENCH_INTERVAL=str(interval), BENCH_GO=str(folder / "go"),
                      BENCH_MOVES=str(folder / "moves"))
    store = Store(folder / "tables.sqlite3")
    tables = Tables(store)
    tables.restore()
    sockets = Path(tempfile.mkdtemp(prefix="bench-ssh-"))
    hosts = HostPool(store, tables, workers, sockets,
                     command=[sys.executable, __file__, "--worker"])
    await hosts.start()
    moves = asyncio.create_task(play(hosts.local.sessions, interval, folder / "go",
                                     folder / "moves")) if hosts.local is not None else None
    server = GameServer(tables, hosts, Door(PASSWORD, read_key_book(folder / "keys")),
                        Guard(Limits(max_connections=1000, max_per_address=1000)))
    acceptor = await start_ssh(server, "127.0.0.1", 0, load_host_key(folder / "host_key"))
    lag = asyncio.create_task(probe_lag(folder / "lag"))
    (folder / "port").write_text(str(acceptor.sockets[0].getsockname()[1]))
    while not (folder / "stop").exists():
        await asyncio.sleep(0.2)
    lag.cancel()
    acceptor.close()
    await server.stop()
    await hosts.stop()
    if moves is not None:
        moves.cancel()


async def probe_lag(path: Path) -> None:
    """How late the server's main loop wakes from 10 ms sleeps: ``time lateness`` lines."""
    loop = asyncio.get_running_loop()
    with path.open("a", buffering=1) as out:  # line by line: read while the server runs
        while True:
            before = loop.time()
            await asyncio.sleep(LAG_SLEEP)
            out.write(f"{time.monotonic():.6f} {loop.time() - before - LAG_SLEEP:.6f}\n")


# --- the players' terminals (this process) -----------------------------------------------------

def press(process: asyncssh.SSHClientProcess[bytes], keys: bytes) -> None:
    """Type ``keys``, unless the session has ended meanwhile."""
    with contextlib.suppress(BrokenPipeError, asyncssh.Error):
        process.stdin.write(keys)


class Terminal:
    """One player's terminal: a pyte screen until seated, then only the times of its output."""

    def __init__(self, table: int, size: tuple[int, int]) -> None:
        self.table = table
        self.size = size
        self.screen = pyte.Screen(*size)
        self.stream: pyte.ByteStream | None = pyte.ByteStream(self.screen)
        self.chunks: list[tuple[float, int]] = []
        self.ready = asyncio.Event()

    def shows(self, text: str) -> bool:
        return text in "\n".join(self.screen.display)

    async def run(self, port: int, name: str, key: asyncssh.SSHKey | None, row: int,
                  stop: asyncio.Event) -> None:
        async with asyncssh.connect("127.0.0.1", port, username=name, client_keys=[key] if key
                                    else None, password=None if key else PASSWORD,
                                    known_hosts=None, agent_path=None, config=[]) as conn:
            process = await conn.create_process(term_type="xterm-256color",
                                                term_size=self.size, encoding=None)
            steps = [("in the lobby", "\x1b[B" * row + "\r"), ("Play your seat", "\r"),
                     ("Round", None)] if key else [("in the lobby", None)]
            while not stop.is_set():
                try:
                    data = await asyncio.wait_for(process.stdout.read(65536), 0.2)
                except TimeoutError:
                    continue
                if not data:
                    return
                if self.stream is None:
                    self.chunks.append((time.monotonic(), len(data)))
                    if DIE_PROMPT in data:  # the player's own die: a key closes it
                        asyncio.get_running_loop().call_later(REACTION, press, process, b" ")
                    continue
                self.stream.feed(data)
                while steps and self.shows(steps[0][0]):
                    keys = steps.pop(0)[1]
                    if keys:
                        process.stdin.write(keys.encode())
                if not steps:
                    self.stream = None
                    self.ready.set()


def cpu_seconds(pid: int, *, children: bool = True) -> float:
    """CPU time used so far by a process and (unless ``children`` is false) its children's
    children (the server and its workers), from /proc (Linux); 0 elsewhere."""
    total = 0.0
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        if not children:
            return total
        kids = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except (OSError, IndexError, ValueError):
        return total
    return total + sum(cpu_seconds(int(kid)) for kid in kids)


def first_burst(chunks: Iterable[tuple[float, int]]) -> list[tuple[float, int]]:
    """The output that answers a move: chunks until the first silence of ``QUIET`` seconds
    (later output, like a die closing by itself, is not that repaint)."""
    burst: list[tuple[float, int]] = []
    for chunk in chunks:
        if burst and chunk[0] - burst[-1][0] > QUIET:
            break
        burst.append(chunk)
    return burst


Repaint = tuple[int, int, int]  # a move's repaint on a terminal: (table, move, terminal)
# a burst's run: how long the burst lasted, the seated repaints meanwhile and before it
Burst = tuple[float, dict[Repaint, tuple[float, int]], dict[Repaint, tuple[float, int]]]


def keyed_repaints(moves: list[tuple[int, float]], terminals: list[Terminal],
                   since: float = 0.0, until: float = float("inf")
                   ) -> dict[Repaint, tuple[float, int]]:
    """Repaint times (ms) and sizes of the moves made in ``[since, until)`` on every terminal
    of the moved table, by (table, how many moves the table had made before, terminal): the
    same move of another run has the same key."""
    counts: dict[int, int] = {}
    out = {}
    for i, (table, start) in enumerate(moves):
        count = counts[table] = counts.get(table, -1) + 1
        if not since <= start < until:
            continue
        end = next((t for tb, t in moves[i + 1:] if tb == table), start + 5.0)
        for index, terminal in enumerate(terminals):
            if terminal.table == table:
                burst = first_burst(c for c in terminal.chunks if start <= c[0] < end)
                if burst:
                    out[table, count, index] = ((burst[-1][0] - start) * 1000,
                                                sum(n for _, n in burst))
    return out


def repaints(moves: list[tuple[int, float]], terminals: list[Terminal],
             since: float = 0.0, until: float = float("inf")) -> tuple[list[float], list[int]]:
    """Repaint times (ms) and sizes of every terminal of the moved table, per move."""
    found = keyed_repaints(moves, terminals, since, until).values()
    return [ms for ms, _ in found], [size for _, size in found]


def figures(latencies: list[float], what: str = "repaints") -> str:
    if not latencies:
        return f"no {what} measured"
    p90 = statistics.quantiles(latencies, n=10)[-1] if len(latencies) > 1 else latencies[0]
    return (f"median {statistics.median(latencies):6.1f} ms, p90 {p90:6.1f} ms, "
            f"max {max(latencies):6.1f} ms ({len(latencies)} {what})")


def set_tables(folder: Path, count: int) -> dict[str, tuple[int, asyncssh.SSHKey]]:
    """A store of ``count`` started tables and a keys file; each player's (table, key)."""
    from smallworld_tui.ssh.proofs import key_proof
    from smallworld_tui.ssh.store import Store
    from smallworld_tui.ssh.tables import Tables, new_table

    store = Store(folder / "tables.sqlite3")
    tables = Tables(store)
    players: dict[str, tuple[int, asyncssh.SSHKey]] = {}
    lines = []
    for index in range(count):
        table = tables.open(new_table(SEATS, "base-5p", seed=index))
        for seat in range(SEATS):
            name = f"t{table.id}p{seat + 1}"
            key = asyncssh.generate_private_key("ssh-ed25519")
            tables.take_seat(table, name, key_proof(name))
            players[name] = (table.id, key)
            lines.append(" ".join(key.export_public_key().decode().split()[:2]) + f" {name}\n")
    store.close()
    (folder / "keys").write_text("".join(lines))
    return players


async def measure(workers: int, count: int, args: argparse.Namespace,
                  size: tuple[int, int], burst: int, code: Path | None = None,
                  label: str = "",
                  control: Burst | None = None) -> Burst | None:
    """One run; the server (and its workers) import the package from ``code`` if given.
    With a ``burst``, returns how long it lasted, the seated repaints meanwhile and those
    before it (by ``keyed_repaints``); given those as ``control``, this run is the burst's
    control: the same run with nothing else happening for as long, its repaints of the same
    moves compared with those made during the burst, and with those made before it (the noise
    of two runs)."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        players = set_tables(folder, count)
        env = dict(os.environ, PYTHONPATH=str(code)) if code is not None else None
        child = subprocess.Popen([sys.executable, __file__, "--serve", str(folder),
                                  "--workers", str(workers), "--interval",
                                  str(args.interval)], env=env)
        stop = asyncio.Event()
        tasks: list[asyncio.Task[None]] = []
        try:
            while not (folder / "port").exists() or not (folder / "port").read_text():
                await asyncio.sleep(0.1)
            port = int((folder / "port").read_text())
            terminals = []
            for row, table in enumerate(sorted({t for t, _ in players.values()})):
                for name, (t, key) in players.items():
                    if t == table:
                        terminal = Terminal(table, size)
                        terminals.append(terminal)
                        tasks.append(asyncio.create_task(
                            terminal.run(port, name, key, row, stop)))
                await asyncio.gather(*(t.ready.wait() for t in terminals[-SEATS:]))
            await asyncio.sleep(3)  # every screen drawn and quiet
            (folder / "go").touch()
            started, cpu_before = time.monotonic(), cpu_seconds(child.pid)
            clients_before = time.process_time()
            await asyncio.sleep(args.seconds)
            cpu = cpu_seconds(child.pid) - cpu_before
            clients = time.process_time() - clients_before
            logins: list[float] = []
            burst_from = burst_to = per_login = clients_cpu = 0.0
            if burst:
                serve_before = cpu_seconds(child.pid, children=False)
                clients_before = time.process_time()
                burst_from, logins = await login_burst(port, burst, size,
                                                       args.burst_niceness)
                burst_to = time.monotonic()
                clients_cpu = (time.process_time() - clients_before) / (burst_to - burst_from)
                per_login = (cpu_seconds(child.pid, children=False) - serve_before) / burst
                await asyncio.sleep(args.interval)
            elif control is not None:
                await asyncio.sleep(control[0] + args.interval)
            (folder / "stop").touch()
            moves = [(int(t), float(at)) for t, at in (
                line.split() for line in (folder / "moves").read_text().splitlines())]
            latencies, sizes = repaints(moves, terminals, started, burst_from or float("inf"))
            kib = statistics.median(sizes) / 1024 if sizes else 0.0
            per_repaint = cpu / max(len(latencies), 1) * 1000
            print(f"{label}workers {workers}, {count:2d} tables ({count * SEATS:2d} terminals): "
                  f"{figures(latencies)}, {kib:5.1f} KiB per move per terminal; server CPU "
                  f"{cpu / args.seconds:4.2f} cores, {per_repaint:5.1f} ms per repaint; the "
                  f"clients {clients / args.seconds:4.2f} cores; load "
                  f"{os.getloadavg()[0]:4.1f}", flush=True)
            if burst:
                during, _ = repaints(moves, terminals, burst_from, burst_to)
                lags = [late * 1000 for at, late in (
                    map(float, line.split()) for line in
                    (folder / "lag").read_text().splitlines()) if burst_from <= at <= burst_to]
                shown = [x for x in logins if x != float("inf")]
                failed = (f" ({len(logins) - len(shown)} never saw it)"
                          if len(shown) < burst else "")
                print(f"  {burst} logins at once: lobby shown after median "
                      f"{statistics.median(shown or logins):5.2f} s, "
                      f"max {max(shown or logins):5.2f} s{failed}; "
                      f"seated repaints meanwhile: {figures(during)}; the server's own "
                      f"process {per_login * 1000:.0f} ms of CPU per login; its main loop "
                      f"late by {figures(lags, 'wake-ups')}; the clients "
                      f"{clients_cpu:4.2f} cores meanwhile (the seated ones)", flush=True)
                return (burst_to - burst_from,
                        keyed_repaints(moves, terminals, burst_from, burst_to),
                        keyed_repaints(moves, terminals, started, burst_from))
            if control is not None:
                alone = keyed_repaints(moves, terminals)

                def delays(then: dict[Repaint, tuple[float, int]]) -> list[float]:
                    return [ms - alone[key][0] for key, (ms, _) in then.items() if key in alone]

                print(f"  the same moves in a run without the burst: the burst delayed them "
                      f"by {figures(delays(control[1]))}; the moves before the burst, the "
                      f"same way (the noise of two runs): {figures(delays(control[2]))}",
                      flush=True)
            return None
        finally:
            (folder / "stop").touch()
            stop.set()
            await asyncio.gather(*tasks, return_exceptions=True)
            child.wait(timeout=60)


async def login_burst(port: int, count: int, size: tuple[int, int], niceness: int
                      ) -> tuple[float, list[float]]:
    """``count`` players log in at once, from a child process (their work must not delay
    this process's clock of the seated terminals' output) at ``niceness`` (on a real host they
    are elsewhere, taking no core from the server); when they started, and how long each
    waited for the lobby (s)."""
    child = await asyncio.create_subprocess_exec(
        sys.executable, __file__, "--burst-clients", str(port), str(count),
        f"{size[0]}x{size[1]}", str(niceness), stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert child.stdin is not None and child.stdout is not None
    await child.stdout.readline()  # started
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    child.stdin.write(b"go\n")
    out, _ = await child.communicate()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    print(f"  the burst's clients (niceness {niceness}): "
          f"{cpu / (time.monotonic() - start):4.2f} cores, "
          "their process's start included",
          flush=True)
    return start, [float(x) for x in out.split()]


def burst_clients(port: int, count: int, size: tuple[int, int], niceness: int) -> None:
    """The burst's clients (a child process): once told to go, print how long each login
    took to the lobby."""
    os.nice(niceness)
    print("started", flush=True)
    sys.stdin.readline()
    print(*asyncio.run(logins(port, count, size)))


async def logins(port: int, count: int, size: tuple[int, int]) -> list[float]:
    """``count`` players log in at once; how long each waited for the lobby (s), infinite
    for a login whose connection ended, or that waited ``LOBBY_WAIT`` seconds, without it
    (its screen then goes to stderr)."""
    async def one(index: int) -> float:
        start = time.monotonic()
        terminal = Terminal(0, size)
        stop = asyncio.Event()  # not a cancel: wait_for (Python 3.11) can swallow one, and a
        # terminal reading on then kept the process from ending
        task = asyncio.create_task(terminal.run(port, f"guest{index}", None, 0, stop))
        ready = asyncio.create_task(terminal.ready.wait())
        await asyncio.wait([task, ready], timeout=LOBBY_WAIT,
                           return_when=asyncio.FIRST_COMPLETED)
        waited = time.monotonic() - start
        stop.set()
        ready.cancel()
        await asyncio.wait([task], timeout=5)  # its connection closed
        if terminal.ready.is_set():
            return waited
        error = task.exception() if task.done() and not task.cancelled() else None
        shown = "\n".join(line.rstrip() for line in terminal.screen.display if line.strip())
        print(f"guest{index}: no lobby after {waited:.0f} s ({error!r}); "
              f"its screen:\n{shown}", file=sys.stderr, flush=True)
        return float("inf")

    return list(await asyncio.gather(*(one(i) for i in range(count))))


def checkout(revision: str, folder: Path) -> Path:
    """The package as it is at git ``revision``, unpacked in ``folder``."""
    root = Path(__file__).resolve().parent.parent
    archive = subprocess.run(["git", "-C", str(root), "archive", revision, "smallworld_tui",
                              "maps"], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder


def main() -> None:
    if "--worker" in sys.argv:
        worker()
        return
    if sys.argv[1:2] == ["--burst-clients"]:
        cols, rows = (int(x) for x in sys.argv[4].split("x"))
        burst_clients(int(sys.argv[2]), int(sys.argv[3]), (cols, rows), int(sys.argv[5]))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="1,5,10")
    parser.add_argument("--workers", default="0,2")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--interval", type=float, default=2.0)
    parser.add_argument("--burst", type=int, default=30)
    parser.add_argument("--size", default="100x30", help="terminal size, COLSxROWS")
    parser.add_argument("--burst-niceness", type=int, default=0,
                        help="the burst's clients' niceness (0: they compete with the server "
                             "for the cores as equals)")
    parser.add_argument("--no-control", dest="control", action="store_false",
                        help="do not run the burst's control (the same run without it)")
    parser.add_argument("--compare", metavar="REF",
                        help="also measure the server's code at this git revision")
    parser.add_argument("--profile", metavar="DIR", type=Path,
                        help="run each table worker under cProfile, its figures written to "
                             "DIR/worker-PID.prof when it ends (read with python -m pstats)")
    parser.add_argument("--serve", type=Path)
    args = parser.parse_args()
    if args.profile:
        args.profile.mkdir(parents=True, exist_ok=True)
        os.environ["BENCH_PROFILE"] = str(args.profile.resolve())  # the workers inherit it
    if args.serve:
        asyncio.run(serve(args.serve, int(args.workers), args.interval))
        return
    cols, rows = (int(x) for x in args.size.split("x"))
    counts = [int(x) for x in args.tables.split(",")]
    print(f"terminals of {cols}x{rows}; one move per table every {args.interval} s; "
          f"{args.seconds:.0f} s per run; {os.cpu_count()} cores. {GOAL}", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        codes: list[tuple[Path | None, str]] = [(None, "")]
        if args.compare:
            codes = [(checkout(args.compare, Path(tmp)), f"{args.compare:>8}: "),
                     (None, f"{'now':>8}: ")]
        for workers in (int(x) for x in args.workers.split(",")):
            for count in counts:
                burst = args.burst if count == counts[-1] else 0
                for code, label in codes:
                    during = asyncio.run(measure(workers, count, args, (cols, rows), burst,
                                                 code, label))
                    if during is not None and args.control:
                        asyncio.run(measure(workers, count, args, (cols, rows), 0, code,
                                            f"{label}(control) ", control=during))


if __name__ == "__main__":
    main()
