"""What a hostile client costs the other players: a seated player's keypress-to-screen time at
another table of the same server, with no attack and during each attack, and the server's memory.

    python bench/ssh_hostile.py [--quick] [--seconds 8] [--rounds 3] [--attacks NAME,...]
                                [--compare REF] [--attacker-niceness 10]

For each attack, a fresh server runs in a child process: the real ``smallworld-tui serve`` with
its default settings (``--workers 0``: every table's screens in the server process; the lobbies
in a worker process of their own), two started two-player tables, and a player seated at the
first (logged in with a key).  Phases alternate: no attack, the attack, no attack (``--rounds``
repeats the last two).  Throughout, the seated player presses Down or Up (the combo it
highlights) once its screen has been quiet for 0.3 s, and the time until the screen's answer
begins (its first byte) is recorded; and every 3 s a new player logs in with the password and
the time until their lobby shows is recorded.  The attacks, each run from a process of its own
(``--attacker-niceness``; a real attacker takes no core of the server's machine) and starting
again whenever the server cuts it off:

- ``watcher-keys``: a watcher of the second table sends keys as fast as it can (arrows, Tab,
  letters: ``--flood-rate`` keys a second at most, 9000 by default);
- ``lobby-keys``: the same from the lobby;
- ``non-reading``: a client in the lobby that stops reading its output and changes its window
  size 180 times a second (its SSH window is 64 KiB: what the server sends beyond it waits);
- ``resize``: a watcher that changes its window size 180 times a second between 200×60 and
  201×60, reading its output;
- ``silent``: 150 connections that never say a word, ten from each of 15 addresses
  (127.0.0.2 to 127.0.0.16), each opened again a second after the server closed it.

Prints one table per code version: per attack, the seated player's median and 90th percentile
with no attack (the phases around it) and during the attack, the ratio of the medians, the
server's memory (its process and its workers, RSS) before the attack and at its largest during
it, how long new logins took, the server's CPU, and what the attacker saw.  The goal (issue
24): during each attack the median stays within 2x of no attack and memory grows by less than
50 MB.  The machine's other load adds noise: compare the attack with the phases around it in
one run.
``--compare REF`` first runs everything with the server's code at git revision REF.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
import signal
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ssh import checkout, cpu_seconds  # bench/ssh.py

PASSWORD = "bench"
ATTACKS = ("watcher-keys", "lobby-keys", "non-reading", "resize", "silent")
QUIET = 0.3  # seconds of silence before each of the seated player's keys
ANSWER_WAIT = 5.0  # an answer not come by then counts as this long
LOGIN_GAP = 3.0  # seconds between the new logins made to time them
LOGIN_WAIT = 30.0
READY_WAIT = 20.0  # an attack not under way by then is timed all the same
FLOOD_KEYS = (b"\x1b[C", b"\x1b[D", b"\t", b"x", b"\x1b[A", b"\x1b[B")
LOBBY_KEYS = (b"\x1b[B", b"\x1b[A", b"x")
RESIZES = ((200, 60), (201, 60))
RESIZE_RATE = 180.0
MUTE_WINDOW = 64 * 1024  # the window of the client that stops reading: the server keeps the rest
SILENT_ADDRESSES = [f"127.0.0.{n}" for n in range(2, 17)]
SILENT_EACH = 10
SILENT_AGAIN = 1.0  # seconds before a silent connection the server closed is opened again
GOAL = "goal: median within 2x of no attack, memory +50 MB at most"
DRAINS: set[asyncio.Task[None]] = set()  # the servers' output, read and dropped


# --- the server (a child process) ------------------------------------------------------------

def set_up(folder: Path) -> None:
    """A store with two started two-player tables; the seated player's key."""
    from smallworld_tui.ssh.proofs import key_proof
    from smallworld_tui.ssh.store import Store
    from smallworld_tui.ssh.tables import Tables, new_table

    store = Store(folder / "tables.sqlite3")
    tables = Tables(store)
    for names in (("Vic", "Val"), ("Ann", "Bob")):
        table = tables.open(new_table(2, "base-2p", seed=1))
        for name in names:
            tables.take_seat(table, name, key_proof(name))
    store.close()
    key = asyncssh.generate_private_key("ssh-ed25519")
    key.write_private_key(folder / "vic_key")
    (folder / "keys").write_text(
        " ".join(key.export_public_key().decode().split()[:2]) + " Vic\n")


async def start_server(folder: Path, code: Path | None) -> tuple[asyncio.subprocess.Process,
                                                                 int]:
    """``serve`` with its defaults; the process and its SSH port."""
    env = dict(os.environ, SMALLWORLD_TUI_DATA=str(folder / "data"))
    if code is not None:
        env["PYTHONPATH"] = str(code)
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "smallworld_tui", "--lang", "en", "serve", "--port", "0",
        "--db", str(folder / "tables.sqlite3"), "--authorized-keys", str(folder / "keys"),
        "--password", PASSWORD, env=env, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.DEVNULL, cwd=folder)  # not beside a package of the tree
    assert process.stdout is not None
    while True:
        line = (await asyncio.wait_for(process.stdout.readline(), 60)).decode()
        if not line:
            raise SystemExit("the server did not start")
        if match := re.search(r"ssh -p (\d+)", line):
            break
    DRAINS.add(asyncio.create_task(_drain(process.stdout)))
    return process, int(match.group(1))


async def _drain(stream: asyncio.StreamReader | asyncssh.SSHReader[bytes]) -> None:
    while await stream.read(65536):
        pass


def rss_mb(pid: int) -> float:
    """Resident memory of a process and its children's children, in MB (Linux)."""
    total = 0.0
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total = int(line.split()[1]) / 1024
        kids = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return total
    return total + sum(rss_mb(int(kid)) for kid in kids)


# --- the players -----------------------------------------------------------------------------

async def connect(port: int, name: str, key: asyncssh.SSHKey | None = None,
                  size: tuple[int, int] = (100, 30), local: str | None = None,
                  window: int = 2 * 1024 * 1024
                  ) -> tuple[asyncssh.SSHClientConnection, asyncssh.SSHClientProcess[bytes]]:
    conn = await asyncssh.connect(
        "127.0.0.1", port, username=name, password=None if key else PASSWORD,
        client_keys=[key] if key else None, known_hosts=None, agent_path=None, config=[],
        local_addr=(local, 0) if local else None, window=window)
    process = await conn.create_process(term_type="xterm-256color", term_size=size,
                                        encoding=None)
    return conn, process


async def until_shown(process: asyncssh.SSHClientProcess[bytes], *texts: bytes,
                      timeout: float = LOGIN_WAIT) -> bytes:
    """Read until each of ``texts`` came (in the raw output); what came."""
    seen = b""
    async with asyncio.timeout(timeout):
        while not all(t in seen for t in texts):
            data = await process.stdout.read(65536)
            if not data:
                raise ConnectionError(f"closed before {texts!r}: {seen[-300:]!r}")
            seen = (seen + data)[-200_000:]
    return seen


async def watch_second_table(port: int, name: str, size: tuple[int, int] = (100, 30),
                             window: int = 2 * 1024 * 1024
                             ) -> tuple[asyncssh.SSHClientConnection,
                                        asyncssh.SSHClientProcess[bytes]]:
    conn, process = await connect(port, name, size=size, window=window)
    await until_shown(process, b"in the lobby", b"Ann")
    process.stdin.write(b"\x1b[B\r")  # the second table's menu
    await until_shown(process, b"Watch")
    process.stdin.write(b"\r")  # a full table's first item for someone with no seat there
    await until_shown(process, b"you are watching")
    return conn, process


@dataclass
class Seated:
    """The seated player: arrow keys, and how long each took to show (its first byte: a
    move of the highlighted combo is drawn at once, the rules of the combo then follow)."""

    port: int
    key: asyncssh.SSHKey
    times: list[tuple[float, float]] = field(default_factory=list)  # (when sent, ms)

    async def run(self, stop: asyncio.Event) -> None:
        conn, process = await connect(self.port, "Vic", self.key)
        async with conn:
            await until_shown(process, b"in the lobby")
            process.stdin.write(b"\r")
            await until_shown(process, b"Play your seat")
            process.stdin.write(b"\r")
            await until_shown(process, b"Round 1")
            chunks: asyncio.Queue[float] = asyncio.Queue()
            reader = asyncio.create_task(self._read(process, chunks))
            await asyncio.sleep(1.0)
            keys = (b"\x1b[B", b"\x1b[A")  # the highlighted combo, down and up
            while not stop.is_set():
                with contextlib.suppress(TimeoutError):  # the screen is quiet
                    while True:
                        await asyncio.wait_for(chunks.get(), QUIET)
                sent = time.monotonic()
                process.stdin.write(keys[len(self.times) % 2])
                shown = sent + ANSWER_WAIT
                with contextlib.suppress(TimeoutError):
                    shown = await asyncio.wait_for(chunks.get(), ANSWER_WAIT)
                self.times.append((sent, (shown - sent) * 1000))
            reader.cancel()

    @staticmethod
    async def _read(process: asyncssh.SSHClientProcess[bytes],
                    chunks: asyncio.Queue[float]) -> None:
        while await process.stdout.read(65536):
            chunks.put_nowait(time.monotonic())


async def time_logins(port: int, stop: asyncio.Event,
                      times: list[tuple[float, float]]) -> None:
    """A new login every ``LOGIN_GAP`` seconds: how long until its lobby shows (s; infinite
    if it was refused or never saw it)."""
    count = 0
    while not stop.is_set():
        count += 1
        start = time.monotonic()
        try:
            conn, process = await asyncio.wait_for(connect(port, f"new{count}"), LOGIN_WAIT)
            async with conn:
                await until_shown(process, b"in the lobby")
                times.append((start, time.monotonic() - start))
        except (OSError, asyncssh.Error, TimeoutError):
            times.append((start, float("inf")))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), max(0.0, start + LOGIN_GAP - time.monotonic()))


# --- the attacks (each in a child process) -------------------------------------------------

@dataclass
class Tally:
    """What an attacker saw."""

    sent: int = 0  # keys or resizes
    connections: int = 0
    cut: int = 0  # connections the server closed
    failed: int = 0  # connections that did not get to attack (refused, too slow)
    told: set[str] = field(default_factory=set)  # why, as far as the server said

    def ended(self, output: bytes) -> None:
        self.cut += 1
        for reason in re.findall(rb"(?:You sent keys|too many)[^\r\n\x1b]*", output):
            self.told.add(reason.decode(errors="replace")[:70])


Session = tuple[asyncssh.SSHClientConnection, asyncssh.SSHClientProcess[bytes]]


async def in_the_lobby(port: int, name: str, window: int) -> Session:
    conn, process = await connect(port, name, window=window)
    await until_shown(process, b"in the lobby")
    return conn, process


async def arrive(port: int, lobby: bool, tally: Tally, ready: asyncio.Event,
                 window: int = 2 * 1024 * 1024) -> Session | None:
    """A new connection of the attacker's (its client's window: ``window``), in the lobby or
    watching the second table; None (after a pause) if it did not get there."""
    tally.connections += 1
    name = f"hostile{tally.connections}"
    try:
        session = await (in_the_lobby(port, name, window) if lobby
                         else watch_second_table(port, name, window=window))
    except (OSError, asyncssh.Error, TimeoutError):
        tally.failed += 1
        await asyncio.sleep(1.0)
        return None
    ready.set()
    return session


async def flood(port: int, lobby: bool, rate: float, stop: asyncio.Event, tally: Tally,
                ready: asyncio.Event) -> None:
    keys = LOBBY_KEYS if lobby else FLOOD_KEYS
    chunk = b"".join(keys[i % len(keys)] for i in range(max(1, int(rate / 100))))
    while not stop.is_set():
        if (session := await arrive(port, lobby, tally, ready)) is None:
            continue
        conn, process = session
        tail = bytearray()

        async def read(process: asyncssh.SSHClientProcess[bytes] = process,
                       tail: bytearray = tail) -> None:
            while data := await process.stdout.read(65536):
                tail[:] = (tail + data)[-4000:]

        reader = asyncio.create_task(read())
        started = time.monotonic()
        sent = 0
        while not stop.is_set() and not reader.done():
            with contextlib.suppress(OSError, asyncssh.Error):
                process.stdin.write(chunk)
            sent += len(chunk) // 3 or 1
            tally.sent += len(chunk) // 3 or 1
            await asyncio.sleep(max(0.0, started + sent / rate - time.monotonic()))
        if reader.done():
            tally.ended(bytes(tail))
        reader.cancel()
        conn.close()


async def resizing(port: int, reading: bool, stop: asyncio.Event, tally: Tally,
                   ready: asyncio.Event) -> None:
    while not stop.is_set():  # watching, reading; or in the lobby, then reading no more
        window = 2 * 1024 * 1024 if reading else MUTE_WINDOW
        if (session := await arrive(port, not reading, tally, ready, window)) is None:
            continue
        conn, process = session
        closed = asyncio.create_task(conn.wait_closed())
        reader = asyncio.create_task(_drain(process.stdout)) if reading else None
        started = time.monotonic()
        count = 0
        while not stop.is_set() and not closed.done():
            with contextlib.suppress(OSError, asyncssh.Error):
                process.change_terminal_size(*RESIZES[count % 2])
            count += 1
            tally.sent += 1
            await asyncio.sleep(max(0.0, started + count / RESIZE_RATE - time.monotonic()))
        if closed.done():
            tally.cut += 1
        if reader is not None:
            reader.cancel()
        closed.cancel()
        conn.abort()


async def silent(port: int, stop: asyncio.Event, tally: Tally, ready: asyncio.Event) -> None:
    async def one(address: str) -> None:
        while not stop.is_set():
            tally.connections += 1
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", port,
                                                               local_addr=(address, 0))
            except OSError:
                await asyncio.sleep(0.1)
                continue
            with contextlib.suppress(OSError):
                read = asyncio.create_task(reader.read(1 << 16))
                stopped = asyncio.create_task(stop.wait())
                while not stop.is_set():  # reads the server's greeting, says nothing
                    await asyncio.wait({read, stopped}, return_when=asyncio.FIRST_COMPLETED)
                    if read.done():
                        if not read.result():
                            tally.cut += 1
                            break
                        read = asyncio.create_task(reader.read(1 << 16))
                read.cancel()
                stopped.cancel()
            writer.close()
            with contextlib.suppress(TimeoutError):  # then opens it again
                await asyncio.wait_for(stop.wait(), SILENT_AGAIN)

    tasks = [asyncio.create_task(one(a)) for a in SILENT_ADDRESSES for _ in range(SILENT_EACH)]
    await asyncio.sleep(1.0)
    ready.set()
    await asyncio.gather(*tasks)


def attacker(name: str, port: int, rate: float, niceness: int) -> None:
    """An attack's process: says "ready" once it attacks, stops when its input ends, then
    prints what it saw."""
    os.nice(niceness)

    async def run() -> None:
        stop, ready, tally = asyncio.Event(), asyncio.Event(), Tally()
        loop = asyncio.get_running_loop()
        attack = {
            "watcher-keys": lambda: flood(port, False, rate, stop, tally, ready),
            "lobby-keys": lambda: flood(port, True, rate, stop, tally, ready),
            "non-reading": lambda: resizing(port, False, stop, tally, ready),
            "resize": lambda: resizing(port, True, stop, tally, ready),
            "silent": lambda: silent(port, stop, tally, ready),
        }[name]
        task = asyncio.create_task(attack())
        await ready.wait()
        print("ready", flush=True)
        await loop.run_in_executor(None, sys.stdin.readline)
        stop.set()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(task, 10)
        print(f"result {tally.sent} {tally.connections} {tally.cut} {tally.failed} "
              f"{'|'.join(sorted(tally.told))}", flush=True)
        os._exit(0)  # its connections to a swamped server need not close nicely

    asyncio.run(run())


# --- one run ---------------------------------------------------------------------------------

@dataclass
class Result:
    attack: str
    quiet: list[float]
    attacked: list[float]
    rss_before: float
    rss_peak: float
    logins_quiet: list[float]
    logins_attacked: list[float]
    cpu_quiet: float  # cores the server (with its workers) used
    cpu_attacked: float
    seen: str


class Attacker:
    """An attack's process, started for one phase; ``seen`` sums what the attacks saw."""

    def __init__(self, name: str, port: int, args: argparse.Namespace) -> None:
        self.command = [sys.executable, __file__, "--attacker", name, str(port),
                        str(args.flood_rate), str(args.attacker_niceness)]
        self.unit = {"silent": "connections", "resize": "resizes",
                     "non-reading": "resizes"}.get(name, "keys")
        self.process: asyncio.subprocess.Process | None = None
        self.sent = self.connections = self.cut = self.failed = 0
        self.seconds = 0.0
        self.told: set[str] = set()
        self.started = 0.0

    async def start(self) -> None:
        """Start attacking; back once it attacks, or has tried for ``READY_WAIT`` seconds."""
        self.process = await asyncio.create_subprocess_exec(
            *self.command, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
        assert self.process.stdout is not None
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.process.stdout.readline(), READY_WAIT)
        self.started = time.monotonic()

    async def stop(self) -> None:
        process = self.process
        assert process is not None and process.stdin is not None and process.stdout is not None
        process.stdin.close()
        said = ["result", "0", "0", "0", "0"]
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(30):
                while line := (await process.stdout.readline()).decode():
                    if line.startswith("result "):  # after "ready", if that came late
                        said = line.strip().split(" ", 5)
                        break
        self.kill()
        await process.wait()
        self.process = None
        self.seconds += time.monotonic() - self.started
        sent, connections, cut, failed = map(int, said[1:5])
        self.told.update(t for t in [*said, ""][5].split("|") if t)
        self.sent += sent
        self.connections += connections
        self.cut += cut
        self.failed += failed

    def kill(self) -> None:
        if self.process is not None and self.process.returncode is None:
            self.process.kill()

    def seen(self) -> str:
        rate = (f"{self.sent / self.seconds:.0f} {self.unit}/s" if self.unit != "connections"
                else f"{len(SILENT_ADDRESSES) * SILENT_EACH} at once")
        return (f"{rate}, {self.connections} connections, {self.cut} cut off"
                + (f", {self.failed} not in" if self.failed else "")
                + (f" ({'; '.join(sorted(self.told))})" if self.told else ""))


async def run_attack(name: str, args: argparse.Namespace, code: Path | None) -> Result:
    """Phases with no attack and with the attack ``name``, on a fresh server."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        set_up(folder)
        server, port = await start_server(folder, code)
        stop = asyncio.Event()
        seated = Seated(port, asyncssh.read_private_key(folder / "vic_key"))
        logins: list[tuple[float, float]] = []
        tasks = [asyncio.create_task(seated.run(stop))]
        attacker = Attacker(name, port, args)
        phases: list[tuple[str, float, float]] = []
        cpu = {"quiet": [0.0, 0.0], "attack": [0.0, 0.0]}  # CPU seconds, seconds
        rss_before = rss_peak = 0.0
        try:
            while len(seated.times) < 5:
                await asyncio.sleep(0.1)
                if tasks[0].done():
                    tasks[0].result()
            tasks.append(asyncio.create_task(time_logins(port, stop, logins)))
            for phase in ["quiet", *(["attack", "quiet"] * args.rounds)]:
                if phase == "attack":
                    rss_before = rss_before or rss_mb(server.pid)
                    await attacker.start()
                start, cpu_before = time.monotonic(), cpu_seconds(server.pid)
                while time.monotonic() < start + args.seconds:
                    await asyncio.sleep(0.5)
                    if phase == "attack":
                        rss_peak = max(rss_peak, rss_mb(server.pid))
                phases.append((phase, start, time.monotonic()))
                cpu[phase][0] += cpu_seconds(server.pid) - cpu_before
                cpu[phase][1] += time.monotonic() - start
                if phase == "attack":
                    await attacker.stop()
                    await asyncio.sleep(1.0)  # the server catches up before the next phase
            stop.set()
            await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), 30)
        finally:
            stop.set()
            attacker.kill()
            for task in tasks:
                task.cancel()
            with contextlib.suppress(ProcessLookupError):
                server.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(server.wait(), 20)
            except TimeoutError:
                server.kill()
                await server.wait()

    def within(times: list[tuple[float, float]], kind: str) -> list[float]:
        return [v for at, v in times for phase, start, end in phases
                if phase == kind and start <= at < end]

    return Result(name, within(seated.times, "quiet"), within(seated.times, "attack"),
                  rss_before, rss_peak, within(logins, "quiet"), within(logins, "attack"),
                  cpu["quiet"][0] / cpu["quiet"][1], cpu["attack"][0] / cpu["attack"][1],
                  attacker.seen())


def p90(values: list[float]) -> float:
    return statistics.quantiles(values, n=10)[-1] if len(values) > 1 else values[0]


def table(results: list[Result]) -> str:
    def keys(values: list[float]) -> str:
        if not values:
            return "none"
        return f"{statistics.median(values):5.0f} / {p90(values):5.0f} ms"

    def logins(values: list[float]) -> str:
        done = [v for v in values if v != float("inf")]
        failed = len(values) - len(done)
        shown = f"{statistics.median(done):4.1f} / {max(done):4.1f} s" if done else "none"
        return shown + (f", {failed} failed" if failed else "")

    lines = ["| attack | no attack (median / p90) | attack (median / p90) | ratio | "
             "memory MB (before → largest) | new logins, no attack (median / max) | "
             "during the attack | server CPU (cores) | the attacker |",
             "|---|---|---|---|---|---|---|---|---|"]
    for r in results:
        ratio = (statistics.median(r.attacked) / statistics.median(r.quiet)
                 if r.attacked and r.quiet else float("nan"))
        lines.append(f"| {r.attack} | {keys(r.quiet)} | {keys(r.attacked)} | {ratio:4.2f}x | "
                     f"{r.rss_before:.0f} → {r.rss_peak:.0f} ({r.rss_peak - r.rss_before:+.0f}) "
                     f"| {logins(r.logins_quiet)} | {logins(r.logins_attacked)} | "
                     f"{r.cpu_quiet:.2f} → {r.cpu_attacked:.2f} | {r.seen} |")
    return "\n".join(lines)


def main() -> None:
    if sys.argv[1:2] == ["--attacker"]:
        attacker(sys.argv[2], int(sys.argv[3]), float(sys.argv[4]), int(sys.argv[5]))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="5 s phases, 2 rounds")
    parser.add_argument("--seconds", type=float, default=8.0, help="seconds per phase")
    parser.add_argument("--rounds", type=int, default=3,
                        help="how many times each attack and the quiet after it are played")
    parser.add_argument("--attacks", default=",".join(ATTACKS))
    parser.add_argument("--flood-rate", type=float, default=9000.0, help="keys a second")
    parser.add_argument("--attacker-niceness", type=int, default=10)
    parser.add_argument("--compare", metavar="REF",
                        help="first run everything with the server's code at this revision")
    args = parser.parse_args()
    if args.quick:
        args.seconds, args.rounds = 5.0, 2
    attacks = args.attacks.split(",")
    print(f"{len(attacks)} attacks, {args.seconds:.0f} s phases, {args.rounds} round(s); "
          f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}. {GOAL}", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        codes: list[tuple[Path | None, str]] = [(None, "the working tree")]
        if args.compare:
            codes.insert(0, (checkout(args.compare, Path(tmp)), args.compare))
        for code, label in codes:
            results = []
            for name in attacks:
                result = asyncio.run(run_attack(name, args, code))
                print(f"  {label}: {name} done (load {os.getloadavg()[0]:.1f})", flush=True)
                results.append(result)
            print(f"\n{label}:\n{table(results)}\n", flush=True)


if __name__ == "__main__":
    main()
