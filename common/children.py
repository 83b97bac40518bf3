"""Child processes started from an event loop in a process that speaks gRPC, on any loop.

uvloop starts a child with fork() (libuv's spawn). In a process whose gRPC threads are at work, fork() runs
gRPC's fork handlers in the child before it execs, and the child can crash there: `make load`'s spectator
processes died with SIGSEGV about once in a dozen runs, after gRPC's "Other threads are currently calling
into gRPC, skipping fork() handlers" (grpc/grpc#13998). CPython's `subprocess` starts a child with vfork()
or posix_spawn(), which run no fork handlers: asyncio's own loop does so, and never lost one. So a child is
started with `subprocess.Popen` whatever the loop, its output read through the loop (`connect_read_pipe`),
and its end awaited by polling, which needs no thread and no SIGCHLD handler of the loop's.
"""

from __future__ import annotations

import asyncio
import signal
import subprocess
from collections.abc import Sequence
from typing import IO, Any

EXIT_POLL = 0.05  # seconds between looks at whether a child has ended


class Child:
    """A running child process: its pid, its standard output as a stream (if piped), and its end."""

    def __init__(self, popen: subprocess.Popen[bytes], stdout: asyncio.StreamReader | None,
                 transport: asyncio.BaseTransport | None) -> None:
        self.popen = popen
        self.stdout = stdout
        self._transport = transport

    @classmethod
    async def start(cls, argv: Sequence[str], *, stdout: int | IO[Any] | None = None,
                    stderr: int | IO[Any] | None = None) -> Child:
        """Start `argv`; `stdout=subprocess.PIPE` makes its output readable as `Child.stdout`."""
        popen = subprocess.Popen(list(argv), stdout=stdout, stderr=stderr)
        if popen.stdout is None:
            return cls(popen, None, None)
        reader = asyncio.StreamReader()
        transport, _ = await asyncio.get_running_loop().connect_read_pipe(
            lambda: asyncio.StreamReaderProtocol(reader), popen.stdout)
        return cls(popen, reader, transport)

    @property
    def pid(self) -> int:
        return self.popen.pid

    @property
    def returncode(self) -> int | None:
        """The exit status once the child has ended and been waited for (negative: the signal that ended it)."""
        return self.popen.poll()

    def send_signal(self, how: signal.Signals) -> None:
        """Send `how`, if the child is still there to receive it."""
        if self.popen.poll() is None:
            self.popen.send_signal(how)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    async def wait(self) -> int:
        """Its exit status, once it has ended; its output pipe is closed then, by the transport that owns it
        (the loop closes the pipe's file when it lets go of it: closing it here too could close another
        file that took its number in between)."""
        while (code := self.popen.poll()) is None:
            await asyncio.sleep(EXIT_POLL)
        if self._transport is not None:
            self._transport.close()
        return code
