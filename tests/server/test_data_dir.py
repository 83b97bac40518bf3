"""The data directory holds the secret seeds of running games: it is the server's user's alone."""

from __future__ import annotations

import io
import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.harness import create, join_all, serving, stub_for
from vegas_table.common.logs import configure_logging, flush_logs


@pytest.fixture()
def umask_022() -> Iterator[None]:
    """The usual umask, under which files are readable by everyone unless created otherwise."""
    before = os.umask(0o022)
    yield
    os.umask(before)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_data_dir_folders_and_files_are_for_the_servers_user_only(tmp_path: Path, umask_022: None) -> None:
    data = tmp_path / "new" / "data"
    with serving(data) as server, stub_for(server.address) as stub:
        game_id = create(stub, players=2, rules="classic").game_id
        join_all(stub, game_id, range(2))
    game = data / "games" / game_id
    assert {str(p.relative_to(data)): oct(mode(p)) for p in (data, data / "games", game)} == {
        ".": "0o700", "games": "0o700", f"games/{game_id}": "0o700"}
    files = {p.name: oct(mode(p)) for p in game.iterdir()}
    assert files == {"game.json": "0o600", "replay.jsonl": "0o600"}


def test_an_existing_data_dir_open_to_others_is_named_in_a_warning(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    data.chmod(0o755)
    out = io.StringIO()
    configure_logging(json=True, stream=out)
    try:
        with serving(data):
            pass
        flush_logs()
    finally:
        configure_logging(level="warning")
    warnings = [line for line in map(json.loads, out.getvalue().splitlines()) if line["level"] == "warning"]
    assert [(w["event"], w["path"], w["mode"]) for w in warnings] == [("data_dir_open_to_others", str(data), "0o755")]
    assert mode(data) == 0o755  # the host decides: the server says so, and changes nothing
