"""One server per data directory: an exclusive lock on `DATA_DIR/server.lock` for as long as the server runs.

Two servers on one data directory would both append to the same replay files (each chained to its own last
record), and neither game could then be verified or restored. `flock` locks belong to the open file, so the
kernel releases the lock when the server's process ends in any way, SIGKILL included: a crashed server
never leaves a stale lock behind. The file holds the pid of the server that has it, for the message.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from pathlib import Path

from vegas_table.server.records import FILE_MODE

LOCK_NAME = "server.lock"


class DataDirInUse(Exception):
    """Another server holds the data directory's lock: the message says which (`holder`: its pid, as it
    wrote it), and what to do."""

    def __init__(self, root: Path, holder: str) -> None:
        super().__init__(f"the data dir {root} is in use by another vegas serve (pid {holder}); stop that "
                         "server first, or give this one a --data-dir of its own")
        self.root = root
        self.holder = holder


class DataDirLock:
    """The lock of one data directory (which must exist), taken by `acquire` and let go by `release`."""

    def __init__(self, root: Path) -> None:
        self.path = root / LOCK_NAME
        self.fd: int | None = None

    def acquire(self) -> DataDirLock:
        """Take the lock, or raise DataDirInUse at once if another server (or process) has it."""
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, FILE_MODE)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 32, 0).decode("ascii", "replace").strip() or "unknown"
            os.close(fd)
            raise DataDirInUse(self.path.parent, holder) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)
        self.fd = fd
        return self

    def release(self) -> None:
        if self.fd is not None:
            with contextlib.suppress(OSError):
                os.ftruncate(self.fd, 0)
            os.close(self.fd)  # closing the file lets go of the lock
            self.fd = None
