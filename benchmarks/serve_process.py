"""A real `vegas serve` in a process of its own, and what Linux's /proc says about it and the machine.

The benchmarks, `make load`, `make chaos` and the tests that kill and restart a server all start it the same
way: on a loopback port (0: a free one, read back from its JSON log), with a data directory and a log file,
every per-client limit off (their clients all come from one address), pinned to `cores` if given, and from
another checkout (a baseline commit's) if given. One implementation, so they measure and kill the same server.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import time
from collections.abc import Sequence
from pathlib import Path

from benchmarks.baseline import vegas_command

# Every client of a benchmark or a test comes from 127.0.0.1: the per-address limits would refuse them.
NO_LIMITS = ("--rate-limit", "0", "--max-games", "10000", "--address-rate-limit", "0", "--streams-per-address", "0",
             "--waiting-per-address", "0", "--games-per-address", "0")


def _known_flags(program: list[str], flags: Sequence[str], env: dict[str, str] | None, cwd: Path) -> list[str]:
    """The (flag, value) pairs of `flags` that `program` (an older commit's `vegas serve`) knows: its limits
    that came later are not there to be turned off."""
    usage = subprocess.run([*program, "--help"], capture_output=True, text=True, env=env, cwd=cwd, check=False).stdout
    pairs = zip(flags[::2], flags[1::2], strict=True)
    return [word for flag, value in pairs if flag in usage for word in (flag, value)]


class ServeProcess:
    """`vegas serve` on a loopback port in its own process, logging JSON to `log_path` (appended to: a restart on
    the same log keeps the first run's lines); the server of `checkout` (a `baseline_checkout`) if given, or
    the `vegas` program `vegas` names (an installed one, run from beside `data_dir`)."""

    def __init__(self, data_dir: Path, log_path: Path, *, cores: set[int] | None = None, port: int = 0,
                 checkout: Path | None = None, vegas: Sequence[str] | None = None) -> None:
        self.log_path = log_path
        start = log_path.stat().st_size if log_path.exists() else 0
        self.log = open(log_path, "a")  # noqa: SIM115 - closed in stop() and kill()
        env = None if checkout is None else {**os.environ, "PYTHONPATH": f"{checkout}{os.pathsep}{checkout / 'gen'}"}
        program = [*(vegas or vegas_command(checkout)), "serve"]
        limits = NO_LIMITS if checkout is None else _known_flags(program, NO_LIMITS, env, checkout)
        command = [*program, "--host", "127.0.0.1", "--port", str(port), "--data-dir", str(data_dir), "--log-json",
                   *limits]
        # pinned once started, not by a preexec_fn: that would make CPython fork() rather than vfork(), and a
        # fork of a process speaking gRPC can die in gRPC's fork handlers (common/children.py)
        cwd = checkout or (data_dir.parent if vegas else None)
        self.process = subprocess.Popen(command, stdout=self.log, stderr=self.log, cwd=cwd, env=env)
        if cores is not None:
            os.sched_setaffinity(self.process.pid, cores)
        self.port = self._port(start)
        self.address = f"127.0.0.1:{self.port}"

    def _port(self, start: int) -> int:
        """The port the server says it serves on (its `serving` line), once it does."""
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and self.process.poll() is None:
            for line in self.log_path.read_bytes()[start:].decode(errors="replace").splitlines():
                if '"serving"' in line:
                    return int(json.loads(line)["port"])
            time.sleep(0.05)
        self.log.close()
        raise RuntimeError(f"vegas serve did not start: {self.log_path.read_text()[-2000:]}")

    def log_size(self) -> int:
        """Where the server's log ends now (`answer_times` reads from there)."""
        return self.log_path.stat().st_size

    def answer_times(self, start: int) -> list[float]:
        """`answer_times` of the server's log since offset `start`."""
        return answer_times(self.log_path.read_bytes()[start:])

    def kill(self) -> None:
        """SIGKILL, as a power cut or the OOM killer would: nothing is flushed or closed first."""
        self.process.kill()
        self.process.wait(30)
        self.log.close()

    def stop(self) -> int:
        """SIGTERM, as a host stopping the server does; its exit code (0: it shut down cleanly)."""
        self.process.terminate()
        code = self.process.wait(30)
        self.log.close()
        return code

    def rss_bytes(self) -> int | None:
        """The server process's resident memory now (Linux /proc; None elsewhere or once it has exited)."""
        try:
            status = Path(f"/proc/{self.process.pid}/status").read_text()
        except OSError:
            return None
        kilobytes = next((int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS:")), None)
        return None if kilobytes is None else 1024 * kilobytes

    def cpu_seconds(self) -> float | None:
        """`cpu_seconds` of the server and its children so far (None once it has exited, or off Linux)."""
        return cpu_seconds(self.process.pid)


def cpu_seconds(pid: int) -> float | None:
    """User and system CPU that process `pid` and its children have used so far (Linux /proc; None elsewhere or
    once it has exited)."""
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            number, rest = stat.read_text().split(" (", 1)
        except OSError:
            continue
        fields = rest.rsplit(")", 1)[1].split()
        if int(number) == pid or int(fields[1]) == pid:  # the process or its child
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total if Path(f"/proc/{pid}").exists() else None


def _socket_inodes(pid: int) -> set[int]:
    inodes = set()
    with contextlib.suppress(OSError):
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            with contextlib.suppress(OSError):
                target = os.readlink(fd)
                if target.startswith("socket:["):
                    inodes.add(int(target[8:-1]))
    return inodes


def tcp_connections(pid: int, port: int) -> list[tuple[int, int]]:
    """(local port, remote port) of process `pid`'s established TCP connections with `port` at one end."""
    inodes = _socket_inodes(pid)
    found = []
    for table in ("tcp", "tcp6"):
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/{pid}/net/{table}").read_text().splitlines()[1:]:
                fields = line.split()
                if fields[3] == "01" and int(fields[9]) in inodes:  # 01: ESTABLISHED
                    local, remote = (int(end.rsplit(":", 1)[1], 16) for end in fields[1:3])
                    if port in (local, remote):
                        found.append((local, remote))
    return found


def answer_times(log: bytes) -> list[float]:
    """The seconds a server took to answer each action, from its JSON log (the `ms` of each action's `Act`
    line: from the request's arrival in the handler to the answer; an Act stream's own closing line, with no
    action, is not one): its own share of the round trips, without the load generator's."""
    times = []
    for line in log.splitlines():
        if b'"Act"' in line:
            record = json.loads(line)
            if record.get("rpc") == "Act" and "action" in record and "ms" in record:
                times.append(record["ms"] / 1000)
    return times


def split_cores() -> tuple[set[int], set[int]] | None:
    """The core the server gets and the cores the load generator keeps, where the machine has two or more."""
    if not hasattr(os, "sched_getaffinity"):
        return None
    cores = sorted(os.sched_getaffinity(0))
    return ({cores[0]}, set(cores[1:])) if len(cores) >= 2 else None


def cpu_times() -> list[int] | None:
    """The machine's CPU time counters (user, nice, system, idle, iowait, irq, softirq, steal...), or None
    where /proc/stat is not there."""
    try:
        return [int(field) for field in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except (OSError, ValueError):
        return None


def stolen_percent(before: list[int] | None, after: list[int] | None) -> float | None:
    """The share of CPU time the hypervisor gave to other machines between two `cpu_times` (steal time):
    on a shared virtual machine it comes and goes, and the tail of every latency with it."""
    if before is None or after is None or len(before) < 8:
        return None
    spent = [b - a for a, b in zip(before, after, strict=True)]
    return 100 * spent[7] / sum(spent[:8]) if sum(spent[:8]) else None
