"""A game's lifecycle (`server.lifecycle`) on its own, without gRPC, disk or clock: every transition, what
it asks the session and the lobby to do, and every refusal, which says why and changes nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vegas_table.server.lifecycle import GameEffect, Lifecycle, LobbyEffect, Moment, OutOfOrder, Phase, Refused

RUNS_ON = (GameEffect.RUN_CLOCKS, GameEffect.WAKE_BOTS)
AT_0 = Moment(0, (0,), False, ((0, "end"),))
AT_3 = Moment(3, (1,), False, ((1, "pass"),))
OVER = Moment(9, (), True)


def machine(phase: Phase) -> Lifecycle:
    """A lifecycle brought to `phase` by its own transitions (as a game gets there)."""
    lifecycle = Lifecycle.of_record(full=False, revealing=False)
    steps: dict[Phase, Callable[[], Any]] = {
        Phase.LOBBY: lambda: None,
        Phase.REVEALING: lambda: lifecycle.seat_taken(full=True, revealing=True),
        Phase.STARTING: lambda: lifecycle.seat_taken(full=True, revealing=False),
        Phase.RUNNING: lambda: (lifecycle.seat_taken(True, False), lifecycle.started(AT_0)),
        Phase.SUSPENDED: lambda: (lifecycle.seat_taken(True, False), lifecycle.started(AT_0), lifecycle.suspend()),
        Phase.FINISHED: lambda: (lifecycle.seat_taken(True, False), lifecycle.started(AT_0), lifecycle.moved(OVER)),
        Phase.EXPIRED: lifecycle.expire,
    }
    steps[phase]()
    assert lifecycle.phase is phase
    return lifecycle


def state(lifecycle: Lifecycle) -> tuple[Any, ...]:
    return lifecycle.phase, lifecycle.version, lifecycle.actors, dict(lifecycle.defaults), lifecycle.unloaded


def refused(lifecycle: Lifecycle, transition: Callable[[], Any]) -> Refused:
    """The refusal of `transition`, having checked that it changed nothing."""
    before = state(lifecycle)
    with pytest.raises(Refused) as refusal:
        transition()
    assert state(lifecycle) == before
    assert str(refusal.value).startswith("cannot ") and "; " in str(refusal.value)  # what, and what would do
    assert refusal.value.phase is before[0]
    return refusal.value


def out_of_order(lifecycle: Lifecycle, transition: Callable[[], Any]) -> str:
    before = state(lifecycle)
    with pytest.raises(OutOfOrder) as mistake:
        transition()
    assert state(lifecycle) == before
    return str(mistake.value)


# ---------------------------------------------------------------------------------------------- the lobby

@pytest.mark.parametrize(("full", "revealing", "phase"), [(False, False, Phase.LOBBY),
                                                          (True, True, Phase.REVEALING),
                                                          (True, False, Phase.STARTING)])
def test_a_game_read_from_its_record_is_in_the_lobby_the_reveal_round_or_starting(
        full: bool, revealing: bool, phase: Phase) -> None:
    lifecycle = Lifecycle.of_record(full, revealing)
    assert (lifecycle.phase, lifecycle.version, lifecycle.actors) == (phase, 0, ())


def test_a_seat_taken_keeps_the_lobby_open_while_seats_are_free() -> None:
    lifecycle = machine(Phase.LOBBY)
    assert lifecycle.seat_taken(full=False, revealing=False) == ()
    assert lifecycle.phase is Phase.LOBBY and lifecycle.waiting


def test_the_last_seat_opens_the_reveal_round_if_a_seat_committed_to_its_entropy() -> None:
    lifecycle = machine(Phase.LOBBY)
    assert lifecycle.seat_taken(full=True, revealing=True) == (LobbyEffect.OPEN_REVEALS,)
    assert lifecycle.phase is Phase.REVEALING and lifecycle.awaiting_start and not lifecycle.waiting


def test_the_last_seat_starts_the_match_if_every_entropy_is_in() -> None:
    lifecycle = machine(Phase.LOBBY)
    assert lifecycle.seat_taken(full=True, revealing=False) == (LobbyEffect.START_MATCH,)
    assert lifecycle.phase is Phase.STARTING and lifecycle.awaiting_start and lifecycle.waiting


@pytest.mark.parametrize("phase", [p for p in Phase if p not in (Phase.LOBBY, Phase.EXPIRED)])
def test_a_seat_is_refused_once_the_lobby_has_closed(phase: Phase) -> None:
    lifecycle = machine(phase)
    refusal = refused(lifecycle, lambda: lifecycle.seat_taken(full=True, revealing=False))
    assert refusal.code == "no_free_seat" and str(refusal).startswith("cannot take a seat: the game ")


def test_a_seat_is_refused_in_an_expired_game_as_expired() -> None:
    lifecycle = machine(Phase.EXPIRED)
    refusal = refused(lifecycle, lifecycle.check_join)
    assert refusal.code == "expired" and "nobody joined it in time" in str(refusal)


def test_a_reveal_waits_for_the_last_one_which_closes_the_round_and_starts_the_match() -> None:
    lifecycle = machine(Phase.REVEALING)
    assert lifecycle.revealed(revealing=True) == ()
    assert lifecycle.phase is Phase.REVEALING
    assert lifecycle.revealed(revealing=False) == (LobbyEffect.CLOSE_REVEALS, LobbyEffect.START_MATCH)
    assert lifecycle.phase is Phase.STARTING


@pytest.mark.parametrize("phase", [p for p in Phase if p is not Phase.REVEALING])
def test_a_reveal_outside_the_reveal_round_is_out_of_order(phase: Phase) -> None:
    lifecycle = machine(phase)
    assert out_of_order(lifecycle, lambda: lifecycle.revealed(revealing=False)).startswith("cannot reveal entropy")


@pytest.mark.parametrize("phase", [Phase.REVEALING, Phase.STARTING])
def test_the_reveal_deadline_starts_the_match_or_tries_a_failed_start_again(phase: Phase) -> None:
    lifecycle = machine(phase)
    assert lifecycle.reveals_closed() == (LobbyEffect.START_MATCH,)
    assert lifecycle.phase is Phase.STARTING


@pytest.mark.parametrize("phase", [p for p in Phase if p not in (Phase.REVEALING, Phase.STARTING)])
def test_the_reveal_deadline_has_nothing_to_close_once_the_game_started_or_before_the_seats_are_taken(
        phase: Phase) -> None:
    lifecycle = machine(phase)
    assert not lifecycle.awaiting_start
    assert "close the reveal round" in out_of_order(lifecycle, lifecycle.reveals_closed)


def test_a_new_game_starts_when_opened_only_if_every_seat_is_taken() -> None:
    assert machine(Phase.STARTING).opened() == (LobbyEffect.START_MATCH,)
    for phase in (Phase.LOBBY, Phase.REVEALING):
        lifecycle = machine(phase)
        assert lifecycle.opened() == () and lifecycle.phase is phase


@pytest.mark.parametrize("phase", [Phase.LOBBY, Phase.STARTING])
def test_a_waiting_game_expires_and_its_streams_end(phase: Phase) -> None:
    lifecycle = machine(phase)
    assert lifecycle.expire() == (GameEffect.CLOSE_STREAMS,)
    assert lifecycle.expired and not lifecycle.waiting


@pytest.mark.parametrize("phase", [p for p in Phase if p not in (Phase.LOBBY, Phase.STARTING)])
def test_only_a_waiting_game_expires(phase: Phase) -> None:
    lifecycle = machine(phase)
    assert out_of_order(lifecycle, lifecycle.expire).startswith("cannot expire")


# ------------------------------------------------------------------------------------------------- play

def test_the_start_runs_the_game_at_version_0_with_its_clocks_and_bots() -> None:
    lifecycle = machine(Phase.STARTING)
    assert lifecycle.started(AT_0) == RUNS_ON
    assert (lifecycle.phase, lifecycle.version, lifecycle.actors) == (Phase.RUNNING, 0, (0,))
    assert lifecycle.playing and lifecycle.default_due(0, 0) == "end"


@pytest.mark.parametrize("phase", [p for p in Phase if p is not Phase.STARTING])
def test_a_game_starts_once(phase: Phase) -> None:
    lifecycle = machine(phase)
    assert out_of_order(lifecycle, lambda: lifecycle.started(AT_0)).startswith("cannot start")


def test_each_version_restarts_the_clocks_and_wakes_the_bots() -> None:
    lifecycle = machine(Phase.RUNNING)
    assert lifecycle.moved(AT_3) == RUNS_ON
    assert (lifecycle.version, lifecycle.actors, dict(lifecycle.defaults)) == (3, (1,), {1: "pass"})


def test_the_version_that_ends_the_game_ends_it() -> None:
    lifecycle = machine(Phase.RUNNING)
    assert lifecycle.moved(OVER) == (GameEffect.END_GAME,)
    assert (lifecycle.phase, lifecycle.version, lifecycle.actors) == (Phase.FINISHED, 9, ())
    assert lifecycle.finished and not lifecycle.unloaded


@pytest.mark.parametrize(("phase", "code"), [(Phase.LOBBY, "not_started"), (Phase.STARTING, "not_started"),
                                             (Phase.EXPIRED, "not_started"), (Phase.REVEALING, "awaiting_reveals"),
                                             (Phase.SUSPENDED, "suspended"), (Phase.FINISHED, "game_over")])
def test_an_action_is_refused_unless_the_game_runs(phase: Phase, code: str) -> None:
    lifecycle = machine(phase)
    refusal = refused(lifecycle, lambda: lifecycle.moved(AT_3))
    assert refusal.code == code and str(refusal).startswith("cannot act: the game ")
    assert refused(lifecycle, lifecycle.check_playable).code == code


def test_a_clock_that_ran_out_plays_its_seats_default_only_at_the_version_it_ran_for() -> None:
    lifecycle = machine(Phase.RUNNING)
    lifecycle.moved(AT_3)
    assert lifecycle.default_due(1, 3) == "pass"
    assert lifecycle.default_due(1, 2) is None  # a real action came first: the default is stale
    assert lifecycle.default_due(0, 3) is None  # the seat has no default at this version


@pytest.mark.parametrize("phase", [Phase.SUSPENDED, Phase.FINISHED])
def test_no_default_is_played_in_a_game_that_is_not_being_played(phase: Phase) -> None:
    lifecycle = machine(phase)
    assert lifecycle.default_due(0, lifecycle.version) is None


# ------------------------------------------------------------------------------- suspension and recovery

def test_a_failed_record_suspends_the_game_its_clocks_stopped_until_it_is_re_played() -> None:
    lifecycle = machine(Phase.RUNNING)
    assert lifecycle.suspend() == (GameEffect.STOP_CLOCKS, GameEffect.RECOVER)
    assert lifecycle.suspended and not lifecycle.playing
    assert lifecycle.suspend() == (GameEffect.STOP_CLOCKS, GameEffect.RECOVER)  # again: one recovery runs


@pytest.mark.parametrize("phase", [p for p in Phase if p not in (Phase.RUNNING, Phase.SUSPENDED)])
def test_only_a_running_game_is_suspended(phase: Phase) -> None:
    lifecycle = machine(phase)
    assert out_of_order(lifecycle, lifecycle.suspend).startswith("cannot suspend")


def test_a_re_played_game_resyncs_its_viewers_and_runs_on_from_its_file() -> None:
    lifecycle = machine(Phase.SUSPENDED)
    assert lifecycle.recovered(AT_3) == (GameEffect.RESYNC, *RUNS_ON)
    assert (lifecycle.phase, lifecycle.version) == (Phase.RUNNING, 3)


def test_a_re_played_game_whose_file_ends_it_ends() -> None:
    lifecycle = machine(Phase.SUSPENDED)
    assert lifecycle.recovered(OVER) == (GameEffect.RESYNC, GameEffect.END_GAME)
    assert lifecycle.finished


@pytest.mark.parametrize("phase", [p for p in Phase if p is not Phase.SUSPENDED])
def test_only_a_suspended_game_recovers(phase: Phase) -> None:
    lifecycle = machine(phase)
    assert out_of_order(lifecycle, lambda: lifecycle.recovered(AT_3)).startswith("cannot recover")


# ---------------------------------------------------------------------------------------------- start-up

def test_a_game_restored_at_start_up_runs_its_clocks_and_bots_left_to_when_the_server_serves() -> None:
    lifecycle = machine(Phase.STARTING)
    assert lifecycle.restored(AT_3) == ()
    assert (lifecycle.phase, lifecycle.version, lifecycle.actors) == (Phase.RUNNING, 3, (1,))


def test_a_game_restored_whose_file_ends_it_but_for_the_end_record_ends() -> None:
    lifecycle = machine(Phase.STARTING)
    assert lifecycle.restored(OVER) == (GameEffect.END_GAME,)
    assert lifecycle.finished


@pytest.mark.parametrize("phase", [p for p in Phase if p is not Phase.STARTING])
def test_only_a_game_whose_seats_are_all_taken_is_restored_from_its_file(phase: Phase) -> None:
    lifecycle = machine(phase)
    assert out_of_order(lifecycle, lambda: lifecycle.restored(AT_3)).startswith("cannot restore")
    assert out_of_order(lifecycle, lambda: lifecycle.found_finished(9)).startswith("cannot find it finished")


def test_a_game_found_finished_in_its_file_has_its_views_loaded_once_when_watched() -> None:
    lifecycle = machine(Phase.STARTING)
    lifecycle.found_finished(9)
    assert (lifecycle.phase, lifecycle.version, lifecycle.unloaded) == (Phase.FINISHED, 9, True)
    lifecycle.loaded()
    assert (lifecycle.phase, lifecycle.version, lifecycle.unloaded) == (Phase.FINISHED, 9, False)
    assert out_of_order(lifecycle, lifecycle.loaded).startswith("cannot load its final views")


# ------------------------------------------------------------------------------- stand-ins and rematches

def test_seats_are_handed_to_bots_while_the_game_runs() -> None:
    lifecycle = machine(Phase.RUNNING)
    lifecycle.hand_seat()
    assert lifecycle.phase is Phase.RUNNING


@pytest.mark.parametrize(("phase", "code"), [(Phase.SUSPENDED, "suspended"), (Phase.FINISHED, "game_over"),
                                             (Phase.LOBBY, "not_running"), (Phase.REVEALING, "not_running"),
                                             (Phase.STARTING, "not_running"), (Phase.EXPIRED, "not_running")])
def test_a_seat_is_handed_to_a_bot_only_while_the_game_runs(phase: Phase, code: str) -> None:
    lifecycle = machine(phase)
    refusal = refused(lifecycle, lifecycle.hand_seat)
    assert refusal.code == code and str(refusal).startswith("cannot hand a seat to a bot")


def test_a_rematch_follows_the_end() -> None:
    lifecycle = machine(Phase.FINISHED)
    lifecycle.rematch()
    assert lifecycle.finished


@pytest.mark.parametrize("phase", [p for p in Phase if p is not Phase.FINISHED])
def test_a_rematch_is_refused_before_the_end(phase: Phase) -> None:
    lifecycle = machine(phase)
    assert refused(lifecycle, lifecycle.rematch).code == "not_finished"


# ------------------------------------------------------------------------------------------- any order

TRANSITIONS: dict[str, Callable[[Lifecycle, Moment], Any]] = {
    "seat": lambda m, _: m.seat_taken(full=False, revealing=False),
    "last seat": lambda m, _: m.seat_taken(full=True, revealing=False),
    "last seat, committed": lambda m, _: m.seat_taken(full=True, revealing=True),
    "reveal": lambda m, _: m.revealed(revealing=True),
    "last reveal": lambda m, _: m.revealed(revealing=False),
    "reveal time up": lambda m, _: m.reveals_closed(),
    "open": lambda m, _: m.opened(),
    "expire": lambda m, _: m.expire(),
    "start": lambda m, at: m.started(at),
    "move": lambda m, at: m.moved(at),
    "suspend": lambda m, _: m.suspend(),
    "recover": lambda m, at: m.recovered(at),
    "restore": lambda m, at: m.restored(at),
    "found finished": lambda m, at: m.found_finished(at.version),
    "load": lambda m, _: m.loaded(),
    "hand seat": lambda m, _: m.hand_seat(),
    "rematch": lambda m, _: m.rematch(),
}
MOMENTS = st.builds(Moment, st.integers(0, 50), st.tuples(st.integers(0, 3)), st.booleans())


@given(st.booleans(), st.booleans(), st.lists(st.tuples(st.sampled_from(sorted(TRANSITIONS)), MOMENTS), max_size=30))
def test_in_any_order_a_refused_transition_changes_nothing_and_the_end_is_final(
        full: bool, revealing: bool, steps: list[tuple[str, Moment]]) -> None:
    lifecycle = Lifecycle.of_record(full, full and revealing)
    for name, moment in steps:
        before = state(lifecycle)
        try:
            TRANSITIONS[name](lifecycle, moment)
        except (Refused, OutOfOrder):
            assert state(lifecycle) == before, name
            continue
        if before[0] in (Phase.FINISHED, Phase.EXPIRED):  # nothing leaves the end (a finished game's views load)
            assert lifecycle.phase is before[0], name
        assert lifecycle.playing == (lifecycle.phase is Phase.RUNNING)
        assert lifecycle.default_due(0, lifecycle.version) is None or lifecycle.playing
