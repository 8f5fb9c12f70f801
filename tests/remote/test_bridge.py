"""The wire between the server and its hosts: a visit's end always reaches the server."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from smallworld_tui.ssh import bridge


async def test_a_visit_s_end_reaches_the_server_whatever_it_sent_meanwhile(
        tmp_path: Path) -> None:
    async def host(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await bridge.read_frame(reader)  # the header; the keys that follow are never read
        await asyncio.sleep(0.2)
        await bridge.end_visit(reader, writer, {"to": "lobby"})
        writer.close()

    server = await asyncio.start_unix_server(host, tmp_path / "host.sock")
    try:
        reader, writer = await asyncio.open_unix_connection(tmp_path / "host.sock")
        writer.write(bridge.json_frame(bridge.HEADER, {}))
        for _ in range(1000):  # keys typed as the visit ends, more than the host buffers
            writer.write(bridge.frame(bridge.DATA, b"x" * 1000))
        await asyncio.sleep(0.5)  # busy: the end and the host's hanging up come meanwhile
        got = await asyncio.wait_for(bridge.read_frame(reader), 5)
        assert got == (bridge.END, json.dumps({"to": "lobby"}).encode())
        writer.close()
    finally:
        server.close()
