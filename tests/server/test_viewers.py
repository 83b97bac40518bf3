"""Viewer logs: what a server keeps of every viewer's recent versions, and what that costs the collector."""

from __future__ import annotations

import gc

from vegas_table.server.viewers import Change, ChangeWindow, EventLine, LegalAction, ViewerLog, ViewState


def _change(version: int) -> Change:
    events = (EventLine(f"Blue rolled {version}", '{"kind":"roll"}'), EventLine("Red paid $1m", '{"kind":"pay"}'))
    return Change(version, version % 4, f"gamble B4 {version}", events, (version % 4,), False, f"hash{version}")


def _kept_log(versions: int, window: int = 8) -> tuple[ViewerLog, ChangeWindow]:
    log = ViewerLog(ViewState("h0", None, "{}", (LegalAction("end"),)), 0, window)
    changes = ChangeWindow(window)
    for version in range(1, versions + 1):
        change = _change(version)
        log.advance(ViewState(f"h{version}", f'[{{"v":{version}}}]', None, ()), change)
        changes.add(change)
    return log, changes


def test_a_resuming_viewer_gets_exactly_the_versions_it_missed() -> None:
    log, changes = _kept_log(versions=5)
    updates = log.diffs_after(2, changes)
    assert updates is not None
    assert [(u.kind, u.version, u.view_hash, u.payload) for u in updates] == [
        ("diff", v, f"h{v}", f'[{{"v":{v}}}]') for v in (3, 4, 5)]
    assert [u.change for u in updates] == [_change(v) for v in (3, 4, 5)]
    assert log.diffs_after(5, changes) == []


def test_versions_older_than_the_window_are_not_offered() -> None:
    log, changes = _kept_log(versions=20, window=8)
    assert log.diffs_after(11, changes) is None  # version 12 is gone: the viewer needs a snapshot
    assert [u.version for u in log.diffs_after(12, changes) or []] == list(range(13, 21))
    changes.clear()
    assert log.diffs_after(12, changes) is None  # no change kept to send with the diffs


def test_what_is_kept_is_never_in_the_garbage_collectors_sight() -> None:
    log, changes = _kept_log(versions=20)
    kept = [*log.hashes, *log.patches, *changes.kept]
    assert len(kept) == 3 * 8 and not any(gc.is_tracked(item) for item in kept)  # not even once
