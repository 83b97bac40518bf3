"""A game's record: the secrets it stands for (seat and host tokens), and changes saved or undone."""

from __future__ import annotations

import asyncio
import copy
import gc
from pathlib import Path

import pytest

from vegas_table.server.errors import ApiError
from vegas_table.server.records import GameRecord, GameStore, SeatRecord, new_token, saved_change


def test_a_new_token_never_begins_with_a_dash_which_a_command_line_would_take_for_an_option() -> None:
    tokens = [new_token() for _ in range(3000)]  # 1 in 64 would begin with "-" if nothing prevented it
    assert not [t for t in tokens if t.startswith("-")]
    assert {len(t) for t in tokens} == {32} and len(set(tokens)) == len(tokens)


def _record() -> GameRecord:
    seats = [SeatRecord(0, "blue", player="Ann", token_hash="a"), SeatRecord(1, "red")]
    return GameRecord("g1", "lords", "up", (), 2, "2026-11-26T10:00:00", "seed", 0, seats)


class FullDisk(GameStore):
    def _write(self, record: GameRecord) -> None:
        raise OSError(28, "No space left on device")


def test_a_change_whose_save_fails_is_undone_field_by_field_and_the_error_goes_on(tmp_path: Path) -> None:
    record = _record()
    seat = record.seats[1]
    before = copy.deepcopy(record)

    async def join() -> None:
        async with saved_change(FullDisk(tmp_path), record) as game:
            game.seats[1].player, game.seats[1].hidden, game.joined_at = "Bob", True, "2026-11-26T10:01:00"

    with pytest.raises(ApiError, match=r"could not save game g1 \(No space left on device\); nothing changed"):
        asyncio.run(join())
    assert record == before
    assert record.seats[1] is seat  # put back in place: whoever holds the seat sees it free again


def test_a_change_that_fails_before_its_save_is_undone_too(tmp_path: Path) -> None:
    record = _record()

    async def half() -> None:
        async with saved_change(GameStore(tmp_path), record):
            record.rematch = "g2"
            raise ValueError("the rematch could not be made")

    with pytest.raises(ValueError):
        asyncio.run(half())
    assert record.rematch == "" and not (tmp_path / "games" / "g1").exists()


def test_a_saved_change_is_on_disk(tmp_path: Path) -> None:
    record, store = _record(), GameStore(tmp_path)

    async def join() -> None:
        async with saved_change(store, record):
            record.seats[1].player = "Bob"

    asyncio.run(join())
    assert record.seats[1].player == "Bob"
    assert [s.player for s in store.load_all()[0].seats] == ["Ann", "Bob"]


def test_a_failed_save_leaves_what_someone_else_changed_meanwhile(tmp_path: Path) -> None:
    record = _record()

    class SlowFullDisk(GameStore):
        def _write(self, saved: GameRecord) -> None:
            record.seats[0].stand_in = "greedy"  # another change, made while this save was under way
            raise OSError(28, "No space left on device")

    async def join() -> None:
        async with saved_change(SlowFullDisk(tmp_path), record):
            record.seats[1].player = "Bob"

    with pytest.raises(ApiError):
        asyncio.run(join())
    assert record.seats[1].player == "" and record.seats[0].stand_in == "greedy"


def test_a_saved_record_reads_back_the_same_and_saving_it_leaves_no_garbage_for_the_collector(tmp_path: Path) -> None:
    store, record = GameStore(tmp_path), _record()
    record.seats[0].player = "Zoë"  # a name beyond ASCII
    gc.collect()
    gc.disable()
    try:
        store.save(record)
        left = gc.collect()
    finally:
        gc.enable()
    assert store.load("g1") == record
    assert left == 0  # a full collection of a busy server's frozen objects is a pause for every game
