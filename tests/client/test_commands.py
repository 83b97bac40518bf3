"""Reading commands: the engine's parser and rules through the mirror, shorthands, numbered choices."""

from __future__ import annotations

from typing import Any

import pytest

from tests.client.positions import mid_game_view, played
from vegas_table.client.choices import Choice, Prompt
from vegas_table.client.lords.commands import resolve, typing_error
from vegas_table.client.lords.completion import suggest
from vegas_table.client.lords.mirror import mirror_state
from vegas_table.client.orders import Answer, CommandError, Propose, Submit
from vegas_table.engine.lords.legal import legal_actions

BLUE = 1  # the player to act in mid_game_view


def texts(text: str, view: dict[str, Any], seat: int | None = BLUE) -> list[str]:
    return [s.text for s in suggest(text, view, seat)]


def refusal(text: str, view: dict[str, Any], seat: int | None = BLUE) -> str:
    with pytest.raises(CommandError) as caught:
        resolve(text, view, seat)
    return caught.value.message


def test_the_mirror_sees_exactly_the_legal_actions_of_the_real_state() -> None:
    for actions in (0, 40, 120, 300):
        match = played(actions)
        for seat in range(4):
            mirror = mirror_state(match.view(seat))
            assert mirror is not None
            assert legal_actions(mirror, seat) == match.legal_actions(seat)


def test_resolving_a_legal_action_gives_its_canonical_text_and_route() -> None:
    view = mid_game_view()
    assert resolve("GAMBLE a2 1", view, BLUE).route == Submit("gamble A2 1")
    assert resolve("end", view, BLUE).action == "end"
    assert resolve("trade blue>green $1", view, BLUE).route == Propose("blue>green $1")


def test_refusals_are_the_engine_sentences() -> None:
    view = mid_game_view()
    assert refusal("build C2 gold", view) == "build C2 gold: it costs $9m and you have $2m"
    assert refusal("gamble A2 100", view).startswith("gamble A2 100: bets here are $1m to $2m")
    assert refusal("build Z9 gold", view).startswith("build Z9 gold: Z9 is not a lot")
    assert refusal("end", view, seat=0) == "end: it is Blue's turn"
    assert refusal("end", view, seat=None) == "end: you are watching this game; only players act"


def test_sprawl_shorthand_finds_the_source_casino() -> None:
    for actions in range(30, 400, 10):  # the first of these positions where the player to act can sprawl
        match = played(actions)
        seat = match.actors()[0]
        sprawl = next((a for a in match.legal_actions(seat) if a.verb == "sprawl"), None)
        if sprawl is not None:
            break
    assert sprawl is not None
    order = resolve(f"sprawl {sprawl.lot}", match.view(seat), seat)
    assert order.route == Submit(sprawl.text())
    assert order.note == f"sprawl {sprawl.lot} is {sprawl.text()}"


def test_sprawl_shorthand_says_when_no_casino_of_yours_touches_the_lot() -> None:
    message = refusal("sprawl B6", mid_game_view())
    assert message == "sprawl B6: none of the casinos you are boss of touches B6 (yours: A1, A3, D7, D9, F3, F6)"


def test_typing_flags_only_what_cannot_become_right() -> None:
    view = mid_game_view()
    assert typing_error("build C2 go", view, BLUE) == "build C2 go …: it costs $9m and you have $2m"  # at once
    assert typing_error("build", view, BLUE) == "build: not possible for you now; you can: reorg, gamble, end"
    assert typing_error("gamb", view, BLUE) is None and typing_error("gamble A", view, BLUE) is None
    assert typing_error("build Z9 gol", view, BLUE) == ("build Z9 …: Z9 is not a lot (lots are A1-A6, B1-B6, "
                                                        "C1-C12, D1-D9, E1-E6, F1-F9)")
    assert typing_error("build C2 gold", view, BLUE) == "build C2 gold: it costs $9m and you have $2m"
    assert typing_error("trade blue>green lot ", view, BLUE) is None  # trades are judged once they parse
    assert typing_error("bx ", view, BLUE) is not None


def test_numbers_pick_choices_of_the_open_prompts() -> None:
    view = mid_game_view()
    prompts = [Prompt("Trade 1", (Choice("accept", "end"), Choice("reject", "end")), yours=True)]
    assert resolve("2", view, BLUE, prompts).action == "end"
    with pytest.raises(CommandError, match=r"there is no choice with that number \(choices 1-2\)"):
        resolve("3", view, BLUE, prompts)


def test_completion_offers_legal_continuations_with_notes() -> None:
    view = mid_game_view()
    first = suggest("", view, BLUE)
    assert [s.text for s in first][:3] == ["reorg", "gamble", "end"]  # Blue's legal verbs first
    assert texts("b", view) == ["build"]  # not affordable now, still offered (the refusal explains)
    assert texts("gamble A2 ", view) == ["2", "1"]
    assert suggest("gamble A2 ", view, BLUE)[0].meta == "the most you may bet ($1m to $2m)"
    assert "A2" in texts("gamble ", view) and "A1" not in texts("gamble ", view)  # not at your own casino
    assert texts("build C2 ", view) == ["purple", "brown", "gold", "silver", "aqua"]
    assert suggest("build C2 ", view, BLUE)[0].meta == "1 tiles left"


def test_trades_complete_part_by_part() -> None:
    view = mid_game_view()
    assert texts("trade ", view)[:3] == ["blue>black", "blue>green", "blue>purple"]
    assert texts("trade blue>green ", view) == ["$", "lot", "die"]
    assert texts("trade blue>green lot ", view) == ["C2", "C7"]  # Blue's parking lots
    assert texts("trade blue>green lot C2, green>blue ", view) == ["$", "lot", "die"]


def test_answers_to_trades_go_to_the_trade_rpc() -> None:
    match = played()
    match.play(1, "trade blue>green $1")
    view = match.view(2)
    assert resolve("accept 1", view, 2).route == Answer(1, "accept")
    assert resolve("reject 1", view, 2).route == Answer(1, "reject")
    assert refusal("withdraw 1", view, 2) == "withdraw 1: only Blue can withdraw trade 1"


def test_sprawl_shorthand_names_a_lot_that_is_not_one() -> None:
    assert refusal("sprawl Z9", mid_game_view()).startswith("sprawl Z9 …: Z9 is not a lot")
    assert refusal("sprawl A5", mid_game_view(), seat=None) == "sprawl A5: you are watching this game; only players act"


def test_the_line_says_at_once_when_a_command_cannot_work() -> None:
    match = played(61)
    seat = match.actors()[0]  # Green, $26m, boss of C8 and E2
    view = match.view(seat)
    assert typing_error("build B2 go", view, seat) is None  # on its way to a legal build
    assert typing_error("build C6 red", view, seat) == ("build C6 red …: red is not a casino colour (one of purple, "
                                                        "brown, gold, silver, aqua)")
    assert typing_error("build C6 gol", view, seat) == "build C6 gol …: you have no parking lot on C6"
    assert typing_error("build C", view, seat) == "build C …: not possible; possible here: B2, D3, D6"
    assert typing_error("layoff maybe", view, seat) == "layoff maybe …: maybe is not yes or no"
    assert typing_error("place 7 A1", view, seat) == "place 7 …: 7 is not the pips of a die (1 to 6)"
    assert typing_error("gamble A1 500", view, seat).startswith("gamble A1 500: bets here are $1m to $5m")
    assert typing_error("sprawl C", view, seat) is None  # the shorthand on its way to sprawl C5 or C9
    assert typing_error("sprawl C1", view, seat) == ("sprawl C1: none of the casinos you are boss of touches C1 "
                                                     "(yours: B4, C8, E2)")
    other = (seat + 1) % 4
    assert typing_error("build", match.view(other), other) == "build …: it is Green's turn"


def test_sprawl_when_too_poor_says_what_it_costs_as_soon_as_the_lot_is_named() -> None:
    match = played(61)
    seat = match.actors()[0]
    view = match.view(seat)
    view["seats"][seat]["money"] = 20  # the sprawl into C9 costs $24m
    assert typing_error("sprawl C9", view, seat) == "sprawl C8 C9: it costs $24m and you have $20m"


def test_an_unknown_action_lists_only_the_verbs_of_this_game() -> None:
    match = played(61)
    seat = match.actors()[0]
    plain = typing_error("bild A2 gold", match.view(seat), seat)
    assert plain is not None and plain.startswith("bild: unknown action; actions: build, sprawl")
    assert "acquire" not in plain and "use" not in plain.split("; actions: ")[1].split(", ")
    assert typing_error("acquire lone-shark", match.view(seat), seat) == (
        "acquire: only in games with the Underworld deck (this one has none); actions: build, sprawl, remodel, "
        "reorg, raise, gamble, end, remove, place, layoff, trade, accept, reject, withdraw")
    underworld = played(20, options=("underworld",))
    seat = underworld.actors()[0]
    listed = typing_error("bild A2 gold", underworld.view(seat), seat)
    assert listed is not None and "acquire, use" in listed
