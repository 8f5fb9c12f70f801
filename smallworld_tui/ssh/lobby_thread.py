"""The lobbies' thread: every lobby App of a server runs there, in an event loop of its own.

A lobby's steps (its App starting, composing, repainting the whole screen) take up to a few
hundred milliseconds of CPU each.  In the server's main loop they held up everything else there:
the SSH traffic and the relays between seated players and their table hosts.  In a thread of
their own they hold the main loop up for at most Python's switch interval (5 ms) at a time.

The two loops share no object that either changes.  Everything that crosses goes through this
module's few calls, each named after the side that makes it:

- from the main loop: ``run`` a coroutine in the lobbies' loop and await its result; ``soon``,
  a plain call there (input, a resize, "exit", "the tables changed"), in the order asked;
- from the lobbies' loop: ``on_main`` runs a coroutine function on the main loop and awaits its
  result (every question a lobby asks the server); ``tell_main``, a plain call there (output
  to a player's terminal, "shown"), in the order asked.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import threading
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")
P = ParamSpec("P")
STOP_SECONDS = 5.0


class LobbyThreadStopped(RuntimeError):
    """The lobbies' thread stopped before the lobby that was awaited ended."""


class LobbyThread:
    """The thread and event loop of a server's lobbies; made (and started) in the main loop."""

    def __init__(self) -> None:
        self.main = asyncio.get_running_loop()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._serve, name="lobbies", daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_forever()
        finally:
            self.loop.run_until_complete(self.loop.shutdown_asyncgens())
            self.loop.close()

    # --- from the main loop ---------------------------------------------------------------
    async def run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        """Run ``coroutine`` in the lobbies' loop and await its result; cancelling this
        cancels it there.  ``LobbyThreadStopped`` if the thread stops first."""
        future = asyncio.run_coroutine_threadsafe(coroutine, self.loop)
        try:
            return await asyncio.wrap_future(future)
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if task is not None and task.cancelling():
                raise
            raise LobbyThreadStopped() from None

    def soon(self, call: Callable[..., object], *args: object) -> None:
        """Call ``call(*args)`` in the lobbies' loop, after what was asked before."""
        with contextlib.suppress(RuntimeError):  # the loop is closed: the server has stopped
            self.loop.call_soon_threadsafe(call, *args)

    async def stop(self, timeout: float = STOP_SECONDS) -> None:
        """Cancel whatever still runs in the lobbies' loop, then end the loop and the thread
        (waiting ``timeout`` at most: a thread stuck in a call is left to end by itself)."""
        if not self.thread.is_alive():
            return

        async def cancel_all() -> None:
            tasks = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
            for task in tasks:
                task.cancel()
            if tasks:
                await asyncio.wait(tasks, timeout=timeout)

        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.run(cancel_all()), timeout)
        self.soon(self.loop.stop)
        await self.main.run_in_executor(None, self.thread.join, timeout)
        if self.thread.is_alive():
            log.error("the lobbies' thread did not stop within %s s", timeout)

    # --- from the lobbies' loop -----------------------------------------------------------
    async def on_main(self, call: Callable[..., Awaitable[T]], *args: object) -> T:
        """Run ``call(*args)`` on the main loop and await its result (or its exception)."""

        async def there() -> T:
            return await call(*args)

        future = asyncio.run_coroutine_threadsafe(there(), self.main)
        return await asyncio.wrap_future(future)

    def tell_main(self, call: Callable[..., object], *args: object) -> None:
        """Call ``call(*args)`` on the main loop, after what was told before."""
        with contextlib.suppress(RuntimeError):  # the main loop is closed
            self.main.call_soon_threadsafe(call, *args)


class WithLobbies(Protocol):
    lobbies: LobbyThread


W = TypeVar("W", bound=WithLobbies)


def on_main_loop(method: Callable[Concatenate[W, P], Awaitable[T]]
                 ) -> Callable[Concatenate[W, P], Coroutine[Any, Any, T]]:
    """For a method of an object with ``lobbies``: called in the lobbies' loop, its body runs
    on the main loop."""

    @functools.wraps(method)
    async def crossing(self: W, /, *args: P.args, **kwargs: P.kwargs) -> T:
        return await self.lobbies.on_main(functools.partial(method, self, *args, **kwargs))

    return crossing
