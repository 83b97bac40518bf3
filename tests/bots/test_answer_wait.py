"""A seat waits a while for the answers to its own offers of trade, and no longer (`bots.local.AnswerWait`)."""

from __future__ import annotations

from typing import Any

from bots.local import AnswerWait, awaited_offers

PATIENCE = 5.0


def trade(offer: int, proposer: int, parties: tuple[int, ...], accepted: tuple[int, ...] = ()) -> dict[str, Any]:
    return {"id": offer, "proposer": proposer, "parties": list(parties), "accepted": list(accepted)}


def test_an_offer_is_awaited_until_every_other_party_has_accepted_it() -> None:
    view = {"trades": [trade(1, 0, (0, 1)), trade(2, 0, (0, 2), accepted=(2,)), trade(3, 1, (1, 0))]}
    assert awaited_offers(view, 0) == [1]  # 2 is accepted by its partner; 3 is seat 1's
    assert awaited_offers(view, 1) == [3]
    assert awaited_offers({"seats": []}, 0) == []  # a game without trades


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
