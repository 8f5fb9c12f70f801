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


async def work(db: Path, socket: Path, preload: list[int]) -> None:
    store = Store(db)
    try:
        host = TableHost(store, report)
        host.preload(preload)
        server = await host.serve(socket)
        report({"ready": True})
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, sys.stdin.buffer.read)  # until the server goes
        server.close()
    finally:
        store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, required=True)
    parser.add_argument("--socket", type=Path, required=True)
    parser.add_argument("--lang", default="en")
    parser.add_argument("--preload", default="")
    args = parser.parse_args()
    private_umask()
    set_language(args.lang)
    prepare_process()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s worker: %(message)s")
    preload = [int(t) for t in args.preload.split(",") if t]
    asyncio.run(work(args.db, args.socket, preload))


if __name__ == "__main__":
    main()
