"""The wire between the server (which holds the players' connections) and the hosts that run
their screens (a table host's game screens, the lobby host's lobbies): one Unix socket per
visit, in a folder only this user can enter.

Frames are a kind byte, a 4-byte big-endian length and the payload.  At a table:

- server to host: ``H`` the visit (JSON: table, seat, terminal size), then ``D`` the player's
  input bytes and ``R`` a new terminal size (JSON ``[width, height]``);
- host to server: ``D`` bytes for the player's terminal, ``E`` the end of the visit (JSON:
  ``{"to": "lobby" | "quit" | "error", "message": "..."}``).

In the lobby:

- server to host: ``H`` the visit (JSON: name, join hint, notice, terminal size), ``D`` and
  ``R`` as above, ``N`` the tables changed (empty), ``A`` an answer (JSON: ``{"id": n,
  "value": ...}`` or ``{"id": n, "refused": "why"}``);
- host to server: ``D`` as above, ``S`` the first frame is shown (empty), ``Q`` a question
  (JSON: ``{"id": n, "ask": "listing", "args": [...]}``, answered in the order asked), ``E``
  the end of the visit (JSON: ``{"choice": [table, seat] | null}``, or ``{"to": "error"}``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

HEADER, DATA, RESIZE, END = b"H", b"D", b"R", b"E"
NEWS, ANSWER, SHOWN, QUESTION = b"N", b"A", b"S", b"Q"
MAX_FRAME = 1 << 20
END_SECONDS = 5.0


def frame(kind: bytes, payload: bytes) -> bytes:
    return kind + len(payload).to_bytes(4, "big") + payload


def json_frame(kind: bytes, value: Any) -> bytes:
    return frame(kind, json.dumps(value).encode())


async def read_frame(reader: asyncio.StreamReader) -> tuple[bytes, bytes] | None:
    """The next frame, or None at the end of the stream (or on a malformed frame)."""
    try:
        head = await reader.readexactly(5)
        length = int.from_bytes(head[1:], "big")
        if length > MAX_FRAME:
            return None
        return head[:1], await reader.readexactly(length)
    except (asyncio.IncompleteReadError, ConnectionError):
        return None


def sender(writer: asyncio.StreamWriter) -> Callable[[bytes], None]:
    """What a host writes to a visit's socket with: silent once the server hung up (an App
    still writes as it closes, and each write would then be logged)."""

    def send(data: bytes) -> None:
        if not writer.is_closing():
            writer.write(data)

    return send


def size(payload: bytes) -> tuple[int, int]:
    """A ``RESIZE`` frame's terminal size."""
    width, height = json.loads(payload)
    return int(width), int(height)


async def hear(reader: asyncio.StreamReader, heard: Callable[[bytes, bytes], None],
               where: str) -> None:
    """Pass each frame the server sends to ``heard`` until it hangs up.  What ``heard``
    cannot take is logged, never fatal: it comes from a remote player."""
    while (got := await read_frame(reader)) is not None:
        try:
            heard(*got)
        except Exception:
            log.exception("bad input %s", where)


async def end_visit(reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                    end: dict[str, Any]) -> None:
    """A host's last word on a visit: its ``END``; then it waits for the server to hang up,
    dropping what the server still sent meanwhile (keys typed as the visit ended).  A Unix
    socket closed with input left unread resets the connection, and the server's reader then
    loses what it had not yet read: the end itself."""
    writer.write(json_frame(END, end))
    with contextlib.suppress(ConnectionError, TimeoutError):
        await writer.drain()
        writer.write_eof()
        async with asyncio.timeout(END_SECONDS):
            while await reader.read(1 << 16):
                pass
