"""The client with the `underworld` option: the line and cards drawn with costs and effects, `acquire` and
`use` completed from the rules, refusals in the engine's words, the mirror as legal as the real state."""

from __future__ import annotations

import pytest

from tests.client.positions import played
from vegas_table.client.lords.commands import HELP, resolve
from vegas_table.client.lords.completion import suggest
from vegas_table.client.lords.mirror import mirror_state
from vegas_table.client.orders import CommandError, Submit
from vegas_table.client.render import render_players
from vegas_table.client.render.text import plain
from vegas_table.engine.lords.actions import Acquire
from vegas_table.engine.lords.legal import legal_actions

OPTIONS = ("underworld",)


def _to_act(actions: int) -> tuple[dict, int]:
    match = played(actions, options=OPTIONS)
    seat = match.actors()[0]
    return match.view(seat), seat


def test_the_mirror_sees_exactly_the_legal_actions_of_an_underworld_game() -> None:
    for actions in (0, 25, 60, 150, 400):
        match = played(actions, options=OPTIONS)
        for seat in range(4):
            mirror = mirror_state(match.view(seat))
            assert mirror is not None and mirror.uw is not None
            assert legal_actions(mirror, seat) == match.legal_actions(seat)


def test_the_players_panel_shows_the_line_with_cost_and_effect_and_everyones_cards() -> None:
    match = played(60, options=OPTIONS)
    view = match.view(1)
    text = plain(render_players(view, width=120))
    uw = view["underworld"]
    assert f"underworld deck {uw['deck_left']}" in text
    for card in uw["line"]:
        assert f"line {card['id']} {card['effect'][:30]}" in text
    for hand in uw["hands"]:
        for card in hand:  # everyone's cards, with what they do
            assert f"{card['id']} {card['effect'][:30]}" in text
    assert not any("underworld" in line for line in plain(render_players(played(60).view(1), 120)).split("\n"))


def test_your_own_cards_are_shown_with_their_words() -> None:
    match = played(60, options=OPTIONS)
    holder = next(s for s, hand in enumerate(match.view(None)["underworld"]["hands"]) if hand)
    card = match.view(holder)["underworld"]["hands"][holder][0]
    text = plain(render_players(match.view(holder), width=160))
    assert f"yours {card['id']} {card['effect'][:30]}" in text


def test_acquire_completes_from_the_line_with_each_cards_cost_and_effect() -> None:
    view, seat = _to_act(0)
    line = view["underworld"]["line"]
    found = suggest("acquire ", view, seat)
    assert [s.text for s in found] == [c["id"] for c in line if c["cost"] <= view["seats"][seat]["money"]]
    assert all(f"${c['cost']}m" in str(s.meta) for s, c in zip(found, line, strict=False))
    assert "acquire" in [s.text for s in suggest("", view, seat)]


def test_acquire_resolves_to_the_engine_action_and_refusals_are_the_engines() -> None:
    view, seat = _to_act(0)
    card = view["underworld"]["line"][0]["id"]
    assert resolve(f"acquire {card}", view, seat).route == Submit(f"acquire {card}")
    with pytest.raises(CommandError, match="is not in the Underworld line"):
        resolve("acquire accountant" if card != "accountant" else "acquire private-jet", view, seat)
    with pytest.raises(CommandError, match="you have no private-jet"):
        resolve("use private-jet", view, seat)
    other = (seat + 1) % 4
    with pytest.raises(CommandError, match="turn"):
        resolve(f"acquire {card}", view, other)


def test_use_completes_the_players_action_cards_and_their_targets() -> None:
    for actions in range(0, 600, 7):
        match = played(actions, options=OPTIONS)
        if match.over:
            break
        seat = match.actors()[0]
        uses = [a.text() for a in match.legal_actions(seat) if getattr(a, "verb", "") == "use"]
        if not uses:
            continue
        view = match.view(seat)
        card = uses[0].split()[1]
        assert card in [s.text for s in suggest("use ", view, seat)]
        targets = [u.split()[2] for u in uses if u.split()[1] == card and len(u.split()) == 3]
        if targets:
            assert [s.text for s in suggest(f"use {card} ", view, seat)] == targets
        return
    pytest.fail("no position of these games offered a card to use")


def test_help_names_the_underworld_commands() -> None:
    assert any("acquire CARD" in line and "use CARD [LOT]" in line for line in HELP)
    assert Acquire("x").text() == "acquire x"


def test_trades_complete_cards_of_the_giver() -> None:
    for actions in range(0, 600, 11):
        match = played(actions, options=OPTIONS)
        hands = match.view(None)["underworld"]["hands"]
        holder = next((s for s, hand in enumerate(hands) if hand), None)
        if holder is None:
            continue
        view = match.view(holder)
        me, other = view["seats"][holder]["colour"], view["seats"][(holder + 1) % 4]["colour"]
        assert "card" in [s.text for s in suggest(f"trade {me}>{other} ", view, holder)]
        assert [s.text for s in suggest(f"trade {me}>{other} card ", view, holder)] == [c["id"] for c in hands[holder]]
        return
    pytest.fail("nobody held a card in these games")


def test_a_trade_step_is_completed_from_the_players_legal_actions() -> None:
    view, seat = _to_act(0)
    me = view["seats"][seat]["colour"]
    assert me in [s.text for s in suggest("trade ", view, seat)]
    assert [s.text for s in suggest(f"trade {me} ", view, seat)] == ["does"]
    verbs = [s.text for s in suggest(f"trade {me} does ", view, seat)]
    assert verbs and set(verbs) <= {"build", "sprawl", "remodel", "reorg", "raise", "gamble", "acquire", "use"}
    other = view["seats"][(seat + 1) % 4]["colour"]
    assert resolve(f"trade {other}>{me} $1, {me} does {_first_turn_action(view, seat)}", view, seat).action
    name = view["seats"][seat]["name"]
    with pytest.raises(CommandError, match=f"only {name}, whose turn it is, can perform an action in a trade"):
        resolve(f"trade {other} does reorg A1, {me}>{other} $1", view, (seat + 1) % 4)


def _first_turn_action(view: dict, seat: int) -> str:
    from vegas_table.client.lords.rules import legal_texts

    return next(t for t in legal_texts(view, seat) if t.split()[0] in ("build", "acquire", "reorg", "remodel"))


def test_the_cards_look_lists_every_players_cards_and_says_when_there_is_no_underworld() -> None:
    from vegas_table.client.lords.looks import look

    match = played(60, options=OPTIONS)
    view = match.view(0)
    lines = look("cards", view)
    assert lines is not None and lines[0].startswith(f"Underworld: {view['underworld']['deck_left']} cards")
    for seat, hand in enumerate(view["underworld"]["hands"]):
        line = next(x for x in lines if x.startswith(view["seats"][seat]["name"] + ":"))
        assert all(c["name"] in line for c in hand) and (hand or "no cards" in line)
    assert look("cards", played(5).view(0)) == ["This game is played without the Underworld (option underworld)."]
    assert look("build", view) is None


def test_help_cards_and_help_use_say_how_cards_are_played_and_what_each_does() -> None:
    from vegas_table.client.lords.guide import TOPICS
    from vegas_table.engine.lords.card_words import card_effect
    from vegas_table.engine.lords.cards import cards_for

    for topic in ("cards", "use", "acquire"):
        page = "\n".join(TOPICS[topic])
        assert "use CARD" in page and "acquire CARD" in page
        assert all(card_effect(card) in page for card in cards_for(""))
