"""The viewer's model, headless: positions, moving by record, turn and event kind, standings, commands."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.golden.regenerate import GOLDEN
from tests.replays.tampering import edit_record, lines_of
from vegas_table.replays.format import parse_lines, read_replay
from vegas_table.replays.stepper import HELP, ReplayStepper, StepperError

SMALL = next(spec for spec in GOLDEN if spec.players == 2).path


@pytest.fixture
def stepper() -> ReplayStepper:
    return ReplayStepper(read_replay(SMALL))


def records() -> list[dict[str, Any]]:
    return [json.loads(line) for line in lines_of(SMALL.read_bytes())]


def test_a_position_per_record_from_the_set_up(stepper: ReplayStepper) -> None:
    assert stepper.last == len(records()) - 2  # header and end are not actions
    assert stepper.position.seq == 0 and stepper.position.action is None
    assert stepper.caption().startswith("record 0/") and "set-up" in stepper.caption()


def test_each_position_has_the_recorded_hash_and_events(stepper: ReplayStepper) -> None:
    for record in records()[1:-1]:
        stepper.go(int(record["seq"]))
        assert stepper.game.state_hash(stepper.position.state) == record["hash"]
        assert [e.to_json() for e in stepper.position.events] == record["events"]


def test_next_and_previous_stop_at_the_ends(stepper: ReplayStepper) -> None:
    assert not stepper.previous() and stepper.next() and stepper.index == 1
    assert stepper.previous() and stepper.index == 0
    stepper.go(stepper.last)
    assert not stepper.next() and stepper.index == stepper.last


def test_jump_to_a_turn_lands_where_it_started(stepper: ReplayStepper) -> None:
    assert stepper.to_turn(5)
    assert stepper.position.turn == 5 and stepper.positions[stepper.index - 1].turn == 4
    assert any(e.kind == "turn_started" for e in stepper.position.events)
    assert not stepper.to_turn(999)


def test_next_gamble_finds_each_gamble_in_order(stepper: ReplayStepper) -> None:
    gambles = [int(r["seq"]) for r in records()[1:-1]
               if any(e["kind"] == "gambled" for e in r["events"])]
    found = []
    while stepper.to_event("gamble"):
        found.append(stepper.position.seq)
    assert found == gambles and len(found) > 3
    assert stepper.to_event("gamble", forward=False) and stepper.position.seq == gambles[-2]


@pytest.mark.parametrize(("word", "kind"), [("tie", "boss_tie"), ("trade", "trade_proposed"),
                                            ("merge", "casinos_merged"), ("build", "built"),
                                            ("reorg", "reorganized")])
def test_kinds_in_the_games_words(word: str, kind: str) -> None:
    stepper = ReplayStepper(read_replay(next(spec for spec in GOLDEN if spec.players == 4).path))
    if stepper.to_event(word):
        assert any(e.kind.startswith(kind) for e in stepper.position.events) or \
            (stepper.position.action or "").startswith(word)
    else:
        assert not any(e.kind.startswith(kind) for p in stepper.positions for e in p.events)


def test_standings_are_money_and_score_at_that_point(stepper: ReplayStepper) -> None:
    header = records()[0]
    setup = {e["seat"]: e["money"] for e in header["events"] if e["kind"] == "setup_dealt"}
    paid = [0, 0]  # with 2 players, F cards pay and are drawn past: the set-up may pay the parking lots often
    for event in header["events"]:
        for seat, amount in event["payouts"] if event["kind"] == "parking_paid" else ():
            paid[seat] += amount
    standings = stepper.standings()
    assert [s.name for s in standings] == ["Blue", "Green"]
    assert [s.money for s in standings] == [setup[0] + paid[0], setup[1] + paid[1]]
    stepper.go(stepper.last)
    final = records()[-1]["result"]["standings"]
    assert [(s.money, s.score) for s in stepper.standings()] == [(f["money"], f["points"]) for f in final]


def test_commands_as_typed(stepper: ReplayStepper) -> None:
    assert stepper.command("n") == "" and stepper.index == 1
    assert stepper.command("p") == "" and stepper.index == 0
    assert stepper.command("p") == "this is the set-up: nothing before it"
    assert stepper.command("turn 3") == "" and stepper.position.turn == 3
    assert stepper.command("next gamble") == "" and any(e.kind == "gambled" for e in stepper.position.events)
    assert stepper.command("r 10") == "" and stepper.index == 10
    assert stepper.command("end") == "" and stepper.index == stepper.last
    assert stepper.command("next") == "this is the last record"
    assert stepper.command("start") == "" and stepper.index == 0
    assert stepper.command("t 500").startswith("there is no turn 500")
    assert stepper.command("next unicorn") == "no later record with 'unicorn'"
    assert stepper.command("dance") == f"unknown command 'dance'; commands: {HELP}"


def test_the_log_describes_the_events(stepper: ReplayStepper) -> None:
    stepper.command("next gamble")
    assert any(" bet $" in line for line in stepper.log())


def test_a_damaged_file_is_shown_up_to_its_last_good_record() -> None:
    data = edit_record(SMALL.read_bytes(), 21, lambda r: r.update(hash="0" * 64))
    stepper = ReplayStepper(parse_lines(lines_of(data), "damaged"))
    assert stepper.last == 19 and stepper.report.problem is not None and stepper.report.problem.line == 21


def test_a_file_whose_header_fails_cannot_be_shown() -> None:
    data = edit_record(SMALL.read_bytes(), 1, lambda r: r["config"].update(seed="other"))
    with pytest.raises(StepperError, match="cannot be shown"):
        ReplayStepper(parse_lines(lines_of(data), "damaged"))
