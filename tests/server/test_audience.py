"""A game's audience: what each viewer is shown, version by version, and what its streams are sent."""

from __future__ import annotations

import asyncio

import pytest

from vegas_table.server.audience import LOBBY, Audience
from vegas_table.server.match import Step
from vegas_table.server.viewers import Change, LegalAction, Subscriber, ViewState, WatchUpdate


def _step(version: int, first: bool = False) -> Step:
    change = Change(version, None if first else 0, "" if first else f"act {version}", (), (0,), False, f"s{version}")
    views = {viewer: ViewState(f"{viewer}/{version}", None if first else f'[{{"v":{version}}}]',
                               f'{{"v":{version}}}', (LegalAction(f"act {version + 1}"),) if viewer == 0 else ())
             for viewer in (None, 0, 1)}
    return Step(change, views)


def _queued(subscriber: Subscriber) -> list[WatchUpdate | None]:
    updates = []
    while not subscriber.queue.empty():
        updates.append(subscriber.queue.get_nowait())
    return updates


@pytest.fixture
def audience() -> Audience:
    return Audience(window=4, queue_capacity=8, bots=())


def test_before_the_start_a_stream_is_shown_the_lobby(audience: Audience) -> None:
    subscriber, first = audience.subscribe(None, None)
    assert first == [LOBBY]
    audience.begin(_step(0, first=True))
    assert [(u.kind, u.version) for u in _queued(subscriber) if u] == [("snapshot", 0)]


def test_every_stream_is_handed_its_own_viewers_diff(audience: Audience) -> None:
    audience.begin(_step(0, first=True))
    seat, _ = audience.subscribe(0, 0)
    spectator, _ = audience.subscribe(None, 0)
    audience.publish(_step(1))
    assert [(u.kind, u.view_hash) for u in _queued(seat) if u] == [("lobby", ""), ("diff", "0/1")]
    assert [(u.kind, u.view_hash) for u in _queued(spectator) if u] == [("diff", "None/1")]
    assert audience.legal(0) == (LegalAction("act 2"),)


def test_a_resuming_stream_gets_the_versions_it_missed_and_an_old_one_a_snapshot(audience: Audience) -> None:
    audience.begin(_step(0, first=True))
    for version in range(1, 7):
        audience.publish(_step(version))
    _, missed = audience.subscribe(1, 4)
    assert [(u.kind, u.version) for u in missed] == [("diff", 5), ("diff", 6)]
    _, too_old = audience.subscribe(1, 1)  # the window keeps the last 4 versions
    assert [(u.kind, u.version) for u in too_old] == [("snapshot", 6)]


def test_a_seat_coming_and_going_tells_the_others_through_the_lobby(audience: Audience) -> None:
    audience.begin(_step(0, first=True))
    spectator, _ = audience.subscribe(None, 0)
    seat, _ = audience.subscribe(1, 0)
    assert _queued(spectator) == [LOBBY]
    assert _queued(seat) == [LOBBY]  # the seat itself too: its client read the summary before it came
    second, _ = audience.subscribe(1, 0)
    assert _queued(second) == [] and _queued(spectator) == []  # a second stream of a present seat is no news
    audience.unsubscribe(second, announce=True)
    audience.unsubscribe(seat, announce=True)
    assert _queued(spectator) == [LOBBY] and not audience.presence.connected(1)
    audience.unsubscribe(spectator, announce=True)
    assert not audience.subscribers


def test_a_finished_game_keeps_only_its_last_views(audience: Audience) -> None:
    audience.begin(_step(0, first=True))
    audience.publish(_step(1))
    audience.finish()
    assert audience.recent_changes(None) == []
    _, first = audience.subscribe(0, 0)
    assert [(u.kind, u.version) for u in first] == [("snapshot", 1)]


def test_closing_the_streams_wakes_each_with_nothing(audience: Audience) -> None:
    subscriber, _ = audience.subscribe(None, None)
    audience.close_streams()
    assert asyncio.run(asyncio.wait_for(subscriber.queue.get(), 1)) is None
