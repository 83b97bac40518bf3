"""`TurnTimer` on its own: which clock fires, and that a clock stopped or replaced never does (outcomes only:
the order in which clocks fire, never how long they took)."""

from __future__ import annotations

import asyncio

from vegas_table.server.turntimer import TurnTimer

QUICK, SLOWER = 0.01, 0.05


async def _fired(timers: dict[int, float], arrange: list[tuple[int, list[int]] | None]) -> list[tuple[int, int]]:
    """Restart the clocks as `arrange` says (None: stop them); then, with a second timer whose only clock is
    the slower one, wait until that fires: what the first fired by then."""
    calls: list[tuple[int, int]] = []
    done = asyncio.Event()

    async def expire(seat: int, version: int) -> None:
        calls.append((seat, version))

    async def witness(seat: int, version: int) -> None:
        done.set()

    timer = TurnTimer(timers, expire)
    for step in arrange:
        if step is None:
            timer.stop()
        else:
            timer.restart(*step)
    TurnTimer({0: SLOWER}, witness).restart(0, [0])
    await done.wait()
    await asyncio.sleep(0)
    timer.stop()
    return calls


def test_a_clock_fires_for_the_seat_and_version_it_ran_for() -> None:
    assert asyncio.run(_fired({0: QUICK}, [(3, [0])])) == [(0, 3)]


def test_a_new_version_replaces_the_old_clock_which_never_fires() -> None:
    # the old clock would have fired first: only the new version's counts (a real action came first)
    assert asyncio.run(_fired({0: QUICK / 2, 1: QUICK}, [(0, [0]), (1, [1])])) == [(1, 1)]


def test_a_stopped_clock_never_fires() -> None:
    assert asyncio.run(_fired({0: QUICK}, [(0, [0]), None])) == []


def test_seats_without_a_timer_have_no_clock() -> None:
    async def clocks() -> tuple[list[object], list[object], float | None]:
        async def expire(seat: int, version: int) -> None:
            raise AssertionError("no clock should fire")

        timer = TurnTimer({0: 0.0, 1: 60.0}, expire)
        timer.restart(5, [0])
        none = timer.clocks(5)
        timer.restart(6, [0, 1])
        running = timer.clocks(6)
        left = timer.seconds_left(1, 6)
        timer.stop()
        return none, running, left

    none, running, left = asyncio.run(clocks())
    assert none == [] and [(c.seat, c.seconds) for c in running] == [(1, 60.0)]  # type: ignore[attr-defined]
    assert left is not None and 0 < left <= 60
