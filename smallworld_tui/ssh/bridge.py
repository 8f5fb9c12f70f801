"""The wire between the server (which holds the players' connections) and a table host (which
runs their game screens): one Unix socket per visit, in a folder only this user can enter.

Frames are a kind byte, a 4-byte big-endian length and the payload:

- server to host: ``H`` the visit (JSON: table, seat, terminal size), then ``D`` the player's
  input bytes and ``R`` a new terminal size (JSON ``[width, height]``);
- host to server: ``D`` bytes for the player's terminal, ``E`` the end of the visit (JSON:
  ``{"to": "lobby" | "quit" | "error", "message": "..."}``).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

HEADER, DATA, RESIZE, END = b"H", b"D", b"R", b"E"
MAX_FRAME = 1 << 20


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
