"""Since your last turn: what changed for you, in sentences, measured from the view your turn ended on."""

from __future__ import annotations

import copy
from typing import Any

from vegas_table.client.lords.digest import casino_words, lords_digest


def table() -> dict[str, Any]:
    seats = [{"seat": s, "name": n, "colour": n.lower(), "money": 10, "score": 5} for s, n in
             enumerate(("Black", "Blue", "Green"))]
    return {"game": "lords", "seats": seats, "discard_pile": ["A1"],
            "lots": {"A1": {"marker": 0}, "C2": {"tile": "gold", "height": 1, "die": [0, 4], "reorganized": False},
                     "C3": {"tile": "gold", "height": 1, "die": [1, 3], "reorganized": False}},
            "casinos": [{"lots": ["C2", "C3"], "colour": "gold", "height": 1, "boss": 0, "points": 2,
                         "strip": False}]}


def test_nothing_changed_says_so() -> None:
    assert lords_digest(table(), table(), 0, []) == ["Nothing changed for you."]


def test_money_points_cards_and_a_lost_casino_in_sentences() -> None:
    before, after = table(), table()
    after["seats"][0]["money"], after["seats"][1]["score"] = 16, 7
    after["discard_pile"] = ["A1", "D5", "F2"]
    after["lots"]["C2"]["die"] = [0, 1]  # rerolled by a card
    after["casinos"][0]["boss"] = 1
    assert lords_digest(before, after, 0, ["Turn 4: Blue", "Blue ends the turn"]) == [
        "You: $10m → $16m.", "Blue: 5 → 7 points.", "You are no longer boss of the gold casino C2-C3: Blue is.",
        "Your die on C2 went from 4 to 1.", "Cards drawn: D5, F2."]


def test_a_trade_that_took_your_lot_and_die_is_told_with_the_trade_itself() -> None:
    before, after = table(), table()
    after["lots"]["A1"] = {"marker": 2}
    after["lots"]["C2"]["die"] = [2, 4]
    after["casinos"][0]["boss"] = None
    done = "Trade 3 done: black>green lot A1, black>green die C2, green>black $5"
    assert lords_digest(before, after, 0, [done, "Green ends the turn"]) == [
        "You are no longer boss of the gold casino C2-C3: nobody is.", "Your parking lot A1 is now Green's.",
        "Your die on C2 is now Green's 4.", done]


def test_a_casino_is_named_by_its_colour_first() -> None:
    assert casino_words({"lots": ["C5", "C6"], "colour": "purple"}) == "the purple casino C5-C6"
    assert casino_words({"lots": ["A1", "A2", "A3", "A4"], "colour": "aqua"}) == "the aqua casino A1+3"


def test_answering_an_offer_midway_does_not_restart_it() -> None:
    """The digest is measured from the view the turn ended on, kept in the model: a move of yours off your
    turn (accepting a trade) leaves it where it was."""
    from vegas_client.data import ViewUpdate
    from vegas_table.client.viewmodel import ClientModel, apply_update

    model = ClientModel(server="test", name="Ann")
    model.seat = 0
    view = table() | {"current": 0, "turn": 3}

    def update(version: int, current: int, move: tuple[int, str] | None) -> ViewUpdate:
        return ViewUpdate(view=copy.deepcopy(view | {"current": current}), version=version, events=(), move=move)

    apply_update(model, update(10, 0, None))
    apply_update(model, update(11, 1, (0, "end")))  # the turn ends
    assert model.turn_over is not None and model.turn_over[0] == 10
    apply_update(model, update(12, 1, (0, "accept 4")))  # an offer answered on Blue's turn
    assert model.turn_over[0] == 10
