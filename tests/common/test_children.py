"""`common.children.Child`: a child process started from the event loop (uvloop's or asyncio's) with
CPython's own spawn, its output read through the loop and its end awaited."""

from __future__ import annotations

import asyncio
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from vegas_table.common import loops
from vegas_table.common.children import Child

PACKAGES = ("arena", "benchmarks", "bots", "cli", "client", "common", "engine", "harness", "replays", "server",
            "vegas_client")
PRINT_AND_WAIT = "import sys, time; print('ready', flush=True); time.sleep(float(sys.argv[1]))"


@pytest.mark.parametrize("uvloop", [False, True], ids=["asyncio", "uvloop where installed"])
def test_a_child_says_what_it_prints_and_ends_with_its_exit_status(uvloop: bool) -> None:
    async def main() -> tuple[bytes, int, bytes]:
        child = await Child.start([sys.executable, "-c", PRINT_AND_WAIT + "; sys.exit(3)", "0"],
                                  stdout=subprocess.PIPE)
        assert child.stdout is not None
        line = await child.stdout.readline()
        code = await child.wait()
        return line, code, await child.stdout.read()

    run = loops.run if uvloop else asyncio.run
    assert run(main()) == (b"ready\n", 3, b"")


def test_a_killed_or_signalled_child_ends_with_the_signal_and_signals_after_its_end_do_nothing() -> None:
    async def main() -> tuple[int, int | None]:
        child = await Child.start([sys.executable, "-c", PRINT_AND_WAIT, "30"], stdout=subprocess.PIPE)
        assert child.stdout is not None and await child.stdout.readline() == b"ready\n"
        assert child.returncode is None and child.pid > 0
        child.send_signal(signal.SIGTERM)
        code = await child.wait()
        child.kill()  # gone already: nothing to signal, no error
        return code, child.returncode

    assert loops.run(main()) == (-signal.SIGTERM, -signal.SIGTERM)


def test_a_child_without_a_pipe_has_no_stream_to_read() -> None:
    async def main() -> tuple[bool, int]:
        child = await Child.start([sys.executable, "-c", "pass"], stdout=subprocess.DEVNULL)
        return child.stdout is None, await child.wait()

    assert loops.run(main()) == (True, 0)


def test_no_program_of_ours_starts_a_child_with_the_loops_own_spawn() -> None:
    """uvloop's spawn forks, and a fork of a process speaking gRPC can die in gRPC's fork handlers: children
    are started by `common.children` (its docstring says why)."""
    root = Path(__file__).resolve().parents[2]
    found = [str(path.relative_to(root)) for package in PACKAGES for path in sorted((root / package).rglob("*.py"))
             if "create_subprocess_" in path.read_text(encoding="utf-8")]
    assert found == []
