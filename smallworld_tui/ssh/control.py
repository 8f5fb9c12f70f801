"""The host's hand on a running server: ``smallworld-tui tables close`` asks the server over
``control.sock``, in its private sockets' folder (``run_folder``), so that the tables in its
memory, its table hosts and its players all learn of it at once.  With no server running, the
command closes the table in the store itself, holding the store's lock (``close_table``).

One question per connection, one JSON line each way (``{"close": 3}`` → ``{"closed": {...}}``,
``{"code": [3, 0]}`` → ``{"code": {...}}``, or ``{"refused": "why"}``).  Only this user's
processes reach the socket: its folder is 0700, and where the system tells who is at the
other end, another user is hung up on.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import struct
from pathlib import Path
from typing import TYPE_CHECKING, Any

from smallworld_tui.i18n import _
from smallworld_tui.ssh.tables import SeatRefused, Tables

if TYPE_CHECKING:
    from smallworld_tui.ssh.server import GameServer

MAX_LINE = 4096  # bytes of a question or an answer
QUESTION_SECONDS = 5.0
ANSWER_SECONDS = 30.0


def close_table(tables: Tables, table_id: int) -> dict[str, Any]:
    """Close the table (``Tables.close``): ``{"table", "started"}``; ``SeatRefused`` if
    there is no such table waiting or being played."""
    table = tables.by_id.get(table_id)
    if table is None:
        raise SeatRefused(_("There is no table {id} waiting or being played.").format(
            id=table_id))
    tables.close(table)
    return {"table": table_id, "started": table.started}


def renew_code(tables: Tables, table_id: int, seat: int) -> dict[str, Any]:
    """A new code for a free reserved seat (``Tables.renew_code``): ``{"table", "seat",
    "name", "code"}``."""
    table, code = tables.renew_code(table_id, seat)
    return {"table": table_id, "seat": seat, "name": table.settings.names[seat], "code": code}


def close_in_server(server: GameServer, table_id: int) -> dict[str, Any]:
    """Close the table in a running server: its game's host forgets it, and whoever is at
    it goes back to the lobby, told why."""
    closed = close_table(server.tables, table_id)
    if closed["started"]:
        server.hosts.release(table_id)
        notice = _("The host closed table {id}; its game is kept.").format(id=table_id)
        for visitor in list(server.visitors):
            visitor.send_back(table_id, notice)
    return closed


async def serve_control(server: GameServer, path: Path) -> asyncio.Server:
    """Answer the host's questions on the Unix socket ``path``."""

    async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            if _same_user(writer):
                line = await asyncio.wait_for(reader.readline(), QUESTION_SECONDS)
                writer.write(json.dumps(_reply(server, line)).encode() + b"\n")
                await writer.drain()
        except (ValueError, TimeoutError, OSError):
            pass  # a question too long or too slow: hung up on
        finally:
            writer.close()

    control = await asyncio.start_unix_server(answer, path, limit=MAX_LINE)
    path.chmod(0o600)
    return control


def _reply(server: GameServer, line: bytes) -> dict[str, Any]:
    question = json.loads(line)
    if not isinstance(question, dict):
        return {"refused": "unknown question"}
    close, code = question.get("close"), question.get("code")
    try:
        if isinstance(close, int):
            return {"closed": close_in_server(server, close)}
        if isinstance(code, list) and len(code) == 2 and all(isinstance(n, int) for n in code):
            return {"code": renew_code(server.tables, *code)}
    except SeatRefused as exc:
        return {"refused": str(exc)}
    except OSError as exc:
        return {"refused": _("The store could not be written ({error}).").format(error=exc)}
    return {"refused": "unknown question"}


def _same_user(writer: asyncio.StreamWriter) -> bool:
    """Whether the other end runs as this user (True where the system does not say)."""
    option = getattr(socket, "SO_PEERCRED", None)
    sock = writer.get_extra_info("socket")
    if option is None or sock is None:
        return True
    credentials = sock.getsockopt(socket.SOL_SOCKET, option, struct.calcsize("3i"))
    uid: int = struct.unpack("3i", credentials)[1]
    return uid == os.geteuid()


def ask(path: Path, question: dict[str, Any]) -> dict[str, Any]:
    """The running server's answer to ``question`` (``OSError`` if it cannot be reached,
    ``ValueError`` if it answers nonsense)."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(ANSWER_SECONDS)
        sock.connect(str(path))
        sock.sendall(json.dumps(question).encode() + b"\n")
        with sock.makefile("rb") as answers:
            reply = json.loads(answers.readline(MAX_LINE))
    if not isinstance(reply, dict):
        raise ValueError(f"the server answered {reply!r}")
    return reply
