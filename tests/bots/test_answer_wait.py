"""A seat waits a while for the answers to its own offers of trade, and no longer (`bots.local.AnswerWait`)."""

from __future__ import annotations

from typing import Any

from vegas_table.bots.local import AnswerWait, awaited_offers

PATIENCE = 5.0


def trade(offer: int, proposer: int, parties: tuple[int, ...], accepted: tuple[int, ...] = ()) -> dict[str, Any]:
    return {"id": offer, "proposer": proposer, "parties": list(parties), "accepted": list(accepted)}


def test_an_offer_is_awaited_until_every_other_party_has_accepted_it() -> None:
    view = {"trades": [trade(1, 0, (0, 1)), trade(2, 0, (0, 2), accepted=(2,)), trade(3, 1, (1, 0))]}
    assert awaited_offers(view, 0) == {1: {1}}  # 2 is accepted by its partner; 3 is seat 1's
    assert awaited_offers(view, 1) == {3: {0}}
    assert awaited_offers({"seats": []}, 0) == {}  # a game without trades


def test_each_offer_is_awaited_for_the_patience_from_when_it_was_first_seen() -> None:
    wait = AnswerWait(PATIENCE)
    first = {"trades": [trade(1, 0, (0, 1))]}
    assert wait.left(first, 0, now=10.0, clock_left=None) == PATIENCE
    assert wait.left(first, 0, now=12.0, clock_left=None) == PATIENCE - 2  # not started again
    both = {"trades": [trade(1, 0, (0, 1)), trade(2, 0, (0, 2))]}
    assert wait.left(both, 0, now=13.0, clock_left=None) == PATIENCE  # the new offer's own wait
    assert wait.left(both, 0, now=10.0 + PATIENCE + 1 + PATIENCE, clock_left=None) == 0


def test_an_answered_offer_is_no_longer_awaited() -> None:
    wait = AnswerWait(PATIENCE)
    assert wait.left({"trades": [trade(1, 0, (0, 1))]}, 0, now=0.0, clock_left=None) > 0
    assert wait.left({"trades": []}, 0, now=0.5, clock_left=None) == 0


def test_a_seat_on_a_turn_clock_waits_at_most_half_the_time_it_has_left() -> None:
    wait = AnswerWait(PATIENCE)
    assert wait.left({"trades": [trade(1, 0, (0, 1))]}, 0, now=0.0, clock_left=4.0) == 2.0


HURRIED = 1.0


def test_a_partner_who_let_an_offer_run_out_is_waited_for_less_on_the_next() -> None:
    wait = AnswerWait(PATIENCE, hurried=HURRIED)
    assert wait.left({"trades": [trade(1, 0, (0, 1))]}, 0, now=0.0, clock_left=None) == PATIENCE
    assert wait.left({"trades": [trade(1, 0, (0, 1))]}, 0, now=PATIENCE, clock_left=None) == 0  # ran out
    assert wait.lapsed == {1}
    assert wait.left({"trades": [trade(2, 0, (0, 1))]}, 0, now=20.0, clock_left=None) == HURRIED
    three = {"trades": [trade(3, 0, (0, 1, 2))]}  # seat 2 never let an offer run out: the whole patience
    assert wait.left(three, 0, now=30.0, clock_left=None) == PATIENCE


def test_a_partner_who_answers_again_is_waited_for_the_whole_patience_again() -> None:
    wait = AnswerWait(PATIENCE, hurried=HURRIED)
    wait.left({"trades": [trade(1, 0, (0, 1))]}, 0, now=0.0, clock_left=None)
    wait.left({"trades": [trade(1, 0, (0, 1))]}, 0, now=PATIENCE, clock_left=None)
    assert wait.left({"trades": [trade(2, 0, (0, 1))]}, 0, now=10.0, clock_left=None) == HURRIED
    assert wait.left({"trades": [trade(2, 0, (0, 1), accepted=(1,))]}, 0, now=10.5, clock_left=None) == 0
    assert wait.lapsed == set()  # it accepted in time
    assert wait.left({"trades": [trade(3, 0, (0, 1))]}, 0, now=12.0, clock_left=None) == PATIENCE
    wait.left({"trades": []}, 0, now=13.0, clock_left=None)  # refused in time: the offer closed
    assert wait.lapsed == set()


def test_an_offer_that_closes_after_its_wait_ran_out_does_not_count_as_answered() -> None:
    wait = AnswerWait(PATIENCE, hurried=HURRIED)
    wait.left({"trades": [trade(1, 0, (0, 1))]}, 0, now=0.0, clock_left=None)
    wait.left({"trades": [trade(1, 0, (0, 1))]}, 0, now=PATIENCE + 1, clock_left=None)
    wait.left({"trades": []}, 0, now=PATIENCE + 2, clock_left=None)  # the seat went on; its turn ended the offer
    assert wait.lapsed == {1}
