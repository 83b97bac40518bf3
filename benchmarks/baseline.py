"""Another commit of this repository, checked out for a side-by-side run: old and new code measured in one
`make bench` run, their runs taking turns, so that a machine that slows down mid-run slows both."""

from __future__ import annotations

import contextlib
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path


@contextlib.contextmanager
def baseline_checkout(ref: str, generate: bool = False) -> Iterator[Path | None]:
    """`ref` checked out in a temporary git worktree (with its own generated API code if `generate`), to run
    with `PYTHONPATH` set to it; None where this is not a git checkout or `ref` is not a commit of it.
    Removed after."""
    root = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory(prefix="vegas-baseline-") as directory:
        path = Path(directory) / ref
        added = subprocess.run(["git", "-C", str(root), "worktree", "add", "--detach", "--quiet", str(path), ref],
                               capture_output=True, check=False)
        if added.returncode != 0:
            yield None
            return
        try:
            if generate:
                subprocess.run(_generate_command(path), cwd=path, check=True, capture_output=True)
            yield path
        finally:
            subprocess.run(["git", "-C", str(root), "worktree", "remove", "--force", str(path)],
                           capture_output=True, check=False)


def _generate_command(checkout: Path) -> list[str]:
    """How `checkout` generates its API code: proto/codegen.py since the code moved under vegas_table, before
    that server/codegen.py into gen/ (the older commits' layout)."""
    if (checkout / "proto" / "codegen.py").exists():
        return [sys.executable, "proto/codegen.py"]
    return [sys.executable, "-m", "server.codegen", "--out", "gen"]


def vegas_command(checkout: Path | None) -> list[str]:
    """`python -m ...` running the `vegas` command of `checkout` (this code's if None): `vegas_table`, or for
    the commits before the code moved under it, `cli.main`."""
    if checkout is None or (checkout / "vegas_table").exists():
        return [sys.executable, "-m", "vegas_table"]
    return [sys.executable, "-m", "cli.main"]
