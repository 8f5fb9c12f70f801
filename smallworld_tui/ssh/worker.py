"""A table worker: ``python -m smallworld_tui.ssh.worker``, started by ``serve --workers N``.

It hosts the game screens of its tables (``TableHost``) on a Unix socket, writes its reports on
them to stdout (one JSON object a line; ``{"ready": true}`` once it listens) and ends when its
stdin ends (the server stopped or died).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import sys
from pathlib import Path
from typing import Any

from smallworld_tui.i18n import set_language
from smallworld_tui.ssh.files import private_umask
from smallworld_tui.ssh.hosting import prepare_process
from smallworld_tui.ssh.store import Store
from smallworld_tui.ssh.table_host import TableHost


def report(news: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(news) + "\n")
    sys.stdout.flush()


async def serve(host: TableHost, socket: Path) -> None:
    """Serve ``host``'s tables on ``socket`` until the server goes."""
    server = await host.serve(socket)
    report({"ready": True})
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.buffer.read)
    server.close()
    await host.stop_bots()


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, required=True)
    parser.add_argument("--socket", type=Path, required=True)
    parser.add_argument("--lang", default="en")
    parser.add_argument("--preload", default="", help="tables to load now, e.g. 1,3,5")
    return parser.parse_args()


def prepare(args: argparse.Namespace) -> TableHost:
    """This process set up for game screens, and its table host (with its tables loaded)."""
    private_umask()
    set_language(args.lang)
    prepare_process()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s worker: %(message)s")
    host = TableHost(Store(args.db), report)
    host.preload([int(t) for t in args.preload.split(",") if t])
    return host


def main() -> None:
    args = arguments()
    host = prepare(args)
    try:
        asyncio.run(serve(host, args.socket))
    finally:
        host.store.close()


if __name__ == "__main__":
    main()
