"""The view tracker: snapshots and the server's diffs give exactly the server's views; anything it cannot
trust (a gap, a wrong hash, a patch that does not fit) is a resync, never a wrong view."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.vegas_client.views import VIEWS, diff, snapshot
from vegas_client.data import LegalAction, Update
from vegas_client.tracker import Resync, ViewTracker
from vegas_table.engine.core.canonical import canonical_bytes, canonical_hash
from vegas_table.server.diff import make_patch

KEYS = st.sampled_from(["a", "b", "c", "lots", "a/b", "m~n", ""])
JSON = st.recursive(st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(KEYS, inner, max_size=5),
                    max_leaves=25)
VIEW_SEQUENCES = st.lists(st.dictionaries(KEYS, JSON, max_size=6), min_size=1, max_size=8)


def updates_for(views: list[dict[str, Any]]) -> list[Update]:
    """What a server streams for `views`: a snapshot of the first, then its diffs (server.diff) one by one."""
    out = [Update(0, canonical_hash(views[0]), "snapshot", canonical_bytes(views[0]).decode())]
    for version in range(1, len(views)):
        patch = json.dumps(make_patch(views[version - 1], views[version]))
        out.append(Update(version, canonical_hash(views[version]), "diff", patch))
    return out


@given(VIEW_SEQUENCES)
def test_any_sequence_of_views_diffed_by_the_server_replays_to_the_same_views(views: list[dict[str, Any]]) -> None:
    tracker = ViewTracker()
    for version, update in enumerate(updates_for(views)):
        accepted = tracker.accept(update)
        assert accepted is not None and accepted.version == version
        assert canonical_bytes(accepted.view) == canonical_bytes(views[version])


@given(VIEW_SEQUENCES, st.data())
def test_a_gap_in_any_sequence_is_a_resync_and_a_snapshot_mends_it(views: list[dict[str, Any]],
                                                                     data: st.DataObject) -> None:
    updates = updates_for([*views, {"end": True}, {"end": False}])
    skip = data.draw(st.integers(1, len(updates) - 2))
    tracker = ViewTracker()
    for update in updates[:skip]:
        tracker.accept(update)
    with pytest.raises(Resync, match="does not follow"):
        tracker.accept(updates[skip + 1])
    assert tracker.version is None and tracker.view is None  # nothing half-trusted is kept
    last = views[-1] if skip + 1 < len(views) else {"end": False}
    tracker.accept(Update(skip + 1, canonical_hash(last), "snapshot", canonical_bytes(last).decode()))
    assert tracker.version == skip + 1


def test_snapshot_then_diffs_give_every_view_with_the_servers_actors_and_legal_actions() -> None:
    tracker = ViewTracker()
    first = snapshot(0)
    legal = (LegalAction("end"), LegalAction("gamble A2 1..40", 1, 40))
    got = [tracker.accept(Update(0, first.view_hash, "snapshot", first.body, actors=(2,), legal=legal))]
    for version in range(1, 6):
        update = tracker.accept(diff(version, move=(version % 4, "end")))
        assert update is not None
        got.append(update)
        assert update.view == VIEWS[version]
    assert tracker.version == 5 and tracker.moves == {v: (v % 4, "end") for v in range(1, 6)}
    assert got[0] is not None and got[0].actors == (2,) and got[0].legal == legal
    assert tracker.legal == () and tracker.actors == ()  # what the last update said


def test_a_wrong_hash_is_a_resync() -> None:
    tracker = ViewTracker()
    tracker.accept(snapshot(0))
    with pytest.raises(Resync, match="hash"):
        tracker.accept(Update(1, "0" * 64, "diff", diff(1).body))
    assert tracker.version is None


def test_a_patch_that_does_not_fit_the_view_is_a_resync() -> None:
    tracker = ViewTracker()
    tracker.accept(snapshot(0))
    bad = json.dumps([{"op": "remove", "path": "/no/such/member"}])
    with pytest.raises(Resync, match="does not apply"):
        tracker.accept(Update(1, canonical_hash(VIEWS[1]), "diff", bad))


def test_a_version_already_held_is_never_applied_twice() -> None:
    tracker = ViewTracker()
    tracker.accept(snapshot(0))
    tracker.accept(diff(1))
    held = copy.deepcopy(tracker.view)
    assert tracker.accept(diff(1)) is None
    assert tracker.view == held == VIEWS[1]


def test_a_snapshot_replaces_whatever_is_held() -> None:
    tracker = ViewTracker()
    tracker.accept(snapshot(0))
    tracker.accept(snapshot(4))
    assert tracker.version == 4 and tracker.view == VIEWS[4]


def test_lobby_updates_carry_no_view() -> None:
    tracker = ViewTracker()
    update = tracker.accept(Update(0, "", "lobby", status="waiting"))
    assert update is not None and update.view is None and not update.finished and tracker.version is None
