"""Known views and the updates a server would send for them, for the library's tests."""

from __future__ import annotations

import json
from typing import Any

from tests.client.positions import played
from vegas_client.data import Update
from vegas_table.engine.core.canonical import canonical_bytes, canonical_hash
from vegas_table.server.diff import make_patch


def seat_views(count: int, seat: int = 0) -> list[dict[str, Any]]:
    """The views of `seat` after 0, 1, ... count-1 actions of a known Lords game."""
    return [json.loads(canonical_bytes(played(actions).view(seat))) for actions in range(count)]


VIEWS = seat_views(6)


def snapshot(version: int, views: list[dict[str, Any]] = VIEWS, status: str = "running") -> Update:
    view = views[version]
    return Update(version, canonical_hash(view), "snapshot", canonical_bytes(view).decode(), events=(f"v{version}",),
                  status=status)


def diff(version: int, views: list[dict[str, Any]] = VIEWS, status: str = "running",
         move: tuple[int, str] | None = None) -> Update:
    """The server's own diff (server.diff) from `version - 1` to `version`."""
    patch = json.dumps(make_patch(views[version - 1], views[version]))
    return Update(version, canonical_hash(views[version]), "diff", patch, events=(f"v{version}",), status=status,
                  move=move)
