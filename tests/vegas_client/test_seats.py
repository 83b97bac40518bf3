"""Seat tokens survive a restart of the client, readable only by their owner."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from vegas_client.seats import SavedSeat, SeatStore, state_dir


def test_a_saved_seat_comes_back_by_server_and_game(tmp_path: Path) -> None:
    store = SeatStore(tmp_path / "state" / "seats.json")
    seat = SavedSeat("g1", 2, "tok", "Ann", "e1")
    store.put("host:50051", seat)
    again = SeatStore(tmp_path / "state" / "seats.json")
    assert again.get("host:50051", "g1") == seat
    assert again.get("other:50051", "g1") is None
    assert again.games("host:50051") == {"g1": seat}
    assert stat.S_IMODE((tmp_path / "state" / "seats.json").stat().st_mode) == 0o600
    again.forget("host:50051", "g1")
    assert again.get("host:50051", "g1") is None


def test_a_damaged_file_is_read_as_empty(tmp_path: Path) -> None:
    path = tmp_path / "seats.json"
    path.write_text("{not json")
    assert SeatStore(path).get("h", "g") is None
    SeatStore(path).put("h", SavedSeat("g", 0, "t", "n"))
    assert SeatStore(path).get("h", "g") == SavedSeat("g", 0, "t", "n")


def test_the_state_dir_follows_xdg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    assert state_dir() == tmp_path / "vegas-table"
    monkeypatch.delenv("XDG_STATE_HOME")
    assert state_dir() == Path.home() / ".local" / "state" / "vegas-table"
