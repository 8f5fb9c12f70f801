"""A worker: ``python -m smallworld_tui.ssh.worker``, started by ``serve``.

A table worker (``serve --workers N``) hosts the game screens of its tables (``TableHost``) on a
Unix socket and writes its reports on them to stdout (one JSON object a line); the lobbies'
worker (``--lobbies``) hosts the lobbies (``LobbyHost``) at a lower priority (``NICENESS``),
so that a burst of logins slows no game down.  Either writes ``{"ready": true}`` once it
listens, and ends when its stdin ends (the server stopped or died).  A table worker reads on
its stdin, one JSON object a line, the games the host closed (``{"release": table}``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from smallworld_tui.i18n import set_language
from smallworld_tui.ssh.files import private_umask
from smallworld_tui.ssh.hosting import prepare_process
from smallworld_tui.ssh.lobby_host import LobbyHost
from smallworld_tui.ssh.store import Store
from smallworld_tui.ssh.table_host import TableHost

NICENESS = 10  # how much lower the lobbies' worker's priority is


class Host(Protocol):
    async def serve(self, path: Path) -> asyncio.Server: ...

    async def stop(self) -> None: ...


def report(news: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(news) + "\n")
    sys.stdout.flush()


async def serve(host: Host, socket: Path,
                told: Callable[[dict[str, Any]], None] = lambda _news: None) -> None:
    """Serve ``host``'s visits on ``socket`` until the server goes; what the server tells
    goes to ``told``."""
    server = await host.serve(socket)
    report({"ready": True})
    loop = asyncio.get_running_loop()
    while line := await loop.run_in_executor(None, sys.stdin.buffer.readline):
        with contextlib.suppress(ValueError, TypeError, AttributeError):
            told(json.loads(line))
    server.close()
    await host.stop()


def released(host: TableHost) -> Callable[[dict[str, Any]], None]:
    """What hears the server's word that a game was closed."""

    def told(news: dict[str, Any]) -> None:
        if "release" in news:
            host.release(int(news["release"]))

    return told


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lobbies", action="store_true", help="host the lobbies, not tables")
    parser.add_argument("--db", type=Path, help="the server's store (for tables)")
    parser.add_argument("--socket", type=Path, required=True)
    parser.add_argument("--lang", default="en")
    parser.add_argument("--preload", default="", help="tables to load now, e.g. 1,3,5")
    return parser.parse_args()


def setup(args: argparse.Namespace) -> None:
    """This process set up for the server's screens.  Ctrl+C in the host's terminal reaches
    the workers too: they leave it to the server, which ends them when it stops."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    private_umask()
    set_language(args.lang)
    prepare_process()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s worker: %(message)s")


def prepare(args: argparse.Namespace) -> TableHost:
    """This process set up for game screens, and its table host (with its tables loaded)."""
    if args.db is None:
        raise SystemExit("a table worker needs --db")
    setup(args)
    host = TableHost(Store(args.db), report)
    host.preload([int(t) for t in args.preload.split(",") if t])
    return host


def main() -> None:
    args = arguments()
    if args.lobbies:
        setup(args)
        os.nice(NICENESS)
        asyncio.run(serve(LobbyHost(), args.socket))
        return
    host = prepare(args)
    try:
        asyncio.run(serve(host, args.socket, released(host)))
    finally:
        host.store.close()


if __name__ == "__main__":
    main()
