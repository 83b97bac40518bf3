"""Syncing replay files: what is waiting is synced together, every waiter is told, and a failure reaches all."""

from __future__ import annotations

import asyncio
import errno
import threading
from collections.abc import Iterable
from pathlib import Path

import pytest

from vegas_table.replays import format as replay_format
from vegas_table.replays.format import sync_files
from vegas_table.server.syncer import Syncer


def test_sync_files_syncs_many_files_once_and_a_lone_file_with_fdatasync(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    paths = [tmp_path / f"{k}.jsonl" for k in range(3)]
    for path in paths:
        path.write_bytes(b"{}\n")
    alone: list[Path | str] = []
    monkeypatch.setattr(replay_format, "sync_file", alone.append)
    sync_files([*paths, paths[0]])  # one filesystem: one syncfs where Linux has it, the same file once
    assert alone == ([] if replay_format._SYNCFS is not None else paths)
    sync_files(paths[:1])
    assert alone[-1] == paths[0]


def test_sync_files_names_a_file_that_is_not_there(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        sync_files([tmp_path / "gone.jsonl"])


class GatedSync:
    """A sync function that records each batch, and holds the first until told to go on."""

    def __init__(self, failing: bool = False) -> None:
        self.batches: list[list[Path | str]] = []
        self.started, self.go = threading.Event(), threading.Event()
        self.failing = failing

    def __call__(self, paths: Iterable[Path | str]) -> None:
        self.batches.append(list(paths))
        self.started.set()
        assert self.go.wait(30)
        if self.failing:
            raise OSError(errno.EIO, "Input/output error (injected)")


def test_what_waits_while_a_sync_runs_is_synced_in_one_batch_and_every_waiter_told() -> None:
    async def play() -> list[list[Path | str]]:
        sync = GatedSync()
        syncer = Syncer(asyncio.get_running_loop(), sync)
        first = syncer.submit("a")
        await asyncio.to_thread(sync.started.wait, 30)  # the thread is inside the first batch's sync
        later = [syncer.submit(name) for name in ("b", "c", "b")]
        sync.go.set()
        await asyncio.gather(first, *later)
        await asyncio.to_thread(syncer.close)
        return sync.batches

    assert asyncio.run(play()) == [["a"], ["b", "c", "b"]]


def test_a_failed_sync_fails_every_waiter_of_its_batch() -> None:
    async def play() -> list[BaseException | None]:
        sync = GatedSync(failing=True)
        syncer = Syncer(asyncio.get_running_loop(), sync)
        first = syncer.submit("a")
        await asyncio.to_thread(sync.started.wait, 30)
        later = [syncer.submit("b"), syncer.submit("c")]
        sync.go.set()
        outcomes = await asyncio.gather(first, *later, return_exceptions=True)
        await asyncio.to_thread(syncer.close)
        return [outcome if isinstance(outcome, BaseException) else None for outcome in outcomes]

    assert [type(outcome) for outcome in asyncio.run(play())] == [OSError] * 3


def test_the_records_of_one_turn_of_the_loop_share_one_sync() -> None:
    async def play() -> list[list[Path | str]]:
        sync = GatedSync()
        sync.go.set()
        syncer = Syncer(asyncio.get_running_loop(), sync)
        await asyncio.gather(*[syncer.submit(name) for name in ("a", "b", "c")])  # written in one turn
        await asyncio.to_thread(syncer.close)
        return sync.batches

    assert asyncio.run(play()) == [["a", "b", "c"]]
