"""Property tests of random games with the `underworld` option: they end, they replay (encoding and replay
file verification), every card is somewhere, and no view ever shows the Underworld deck's order."""

from __future__ import annotations

import json
import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.engine.lords.invariants import check_codec, expected_casinos
from tests.engine.lords.underworld_position import MORE_CARDS
from vegas_table.bots.base import concrete
from vegas_table.engine.core.api import GameConfig
from vegas_table.engine.core.errors import IllegalAction
from vegas_table.engine.core.match import Match
from vegas_table.engine.lords.actions import TRADE_ACTIONS
from vegas_table.engine.lords.board import LOTS
from vegas_table.engine.lords.game import LORDS_OF_VEGAS as GAME
from vegas_table.engine.lords.state import LordsState
from vegas_table.replays.recorder import RecordedMatch
from vegas_table.replays.verify import VERIFIED, verify_path

MAX_STEPS = 5_000
CONFIGS = st.one_of(st.tuples(st.just("classic"), st.integers(2, 4)), st.tuples(st.just("up"), st.integers(2, 6)))
FAST = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                       HealthCheck.function_scoped_fixture])


def _check(state: LordsState) -> None:
    """Every card is in exactly one place; the line holds at most 3; held money and money are never negative."""
    uw = state.uw
    assert uw is not None
    places = uw.deck + uw.line + uw.discards + [h.card for hand in uw.hands for h in hand]
    assert sorted(places) == sorted(i for i, c in enumerate(uw.cards) for _ in range(c.copies))
    assert len(uw.line) <= 3 and all(h.money >= 0 for hand in uw.hands for h in hand)
    assert min(state.money) >= 0 and state.casinos == expected_casinos(state)


def _views_ignore_the_deck_order(state: LordsState) -> None:
    """The same position with the Underworld deck in another order looks the same to everyone."""
    assert state.uw is not None
    if len(set(state.uw.deck)) < 2:
        return
    other = state.clone()
    assert other.uw is not None
    other.uw.deck.insert(0, other.uw.deck.pop())  # the top card to the bottom
    assert GAME.encode(other) != GAME.encode(state)
    seats = [None, *range(state.players)]
    assert json.dumps(GAME.views(other, seats)) == json.dumps(GAME.views(state, seats))


def _junk(match: Match, rng: random.Random) -> None:
    """Card actions by anyone, mostly illegal: a refusal changes nothing, an acceptance keeps the invariants."""
    state = match.state
    assert state.uw is not None
    card = rng.choice(state.uw.cards).id
    text = rng.choice([f"acquire {card}", f"use {card}", f"use {card} {rng.choice(LOTS).name}"])
    before = GAME.state_hash(state)
    try:
        match.play(rng.randrange(state.players), text)
    except IllegalAction:
        assert GAME.state_hash(state) == before


def _card_trade(match: Match, rng: random.Random) -> None:
    """A holder of cards gives one away; the receiver answers with one of its legal answers."""
    state = match.state
    assert state.uw is not None
    holders = [s for s in range(state.players) if state.uw.hands[s]]
    if not holders or state.pending:
        return
    giver = rng.choice(holders)
    receiver = rng.choice([s for s in range(state.players) if s != giver])
    card = state.uw.cards[rng.choice(state.uw.hands[giver]).card].id
    match.play(giver, f"trade {state.names[giver]}>{state.names[receiver]} card {card}")
    answers = [a for a in GAME.legal_actions(state, receiver) if getattr(a, "verb", "") in ("accept", "reject")]
    match.play(receiver, rng.choice(answers))


def _step_trade(match: Match, rng: random.Random) -> None:
    """Another player pays the current player $1 to perform one of their legal turn actions now, then another."""
    state = match.state
    me, other = state.current, rng.choice([s for s in range(state.players) if s != state.current])
    turn = [concrete(a, rng).text() for a in GAME.legal_actions(state, me)
            if getattr(getattr(a, "base", a), "verb", "") in TRADE_ACTIONS]
    if state.pending or not turn or state.money[other] < 1:
        return
    steps = ", ".join(f"{state.names[me]} does {rng.choice(turn)}" for _ in range(rng.randint(1, 2)))
    match.play(other, f"trade {state.names[other]}>{state.names[me]} $1, {steps}")
    answers = [a for a in GAME.legal_actions(state, me) if getattr(a, "verb", "") in ("accept", "reject")]
    match.play(me, rng.choice(answers))


def _play(match: Match, rng: random.Random, record: RecordedMatch | None = None) -> None:
    for step in range(MAX_STEPS):
        if match.over:
            return
        state = match.state
        _check(state)
        if record is None and rng.random() < 0.1:
            _junk(match, rng)
            continue
        if record is None and rng.random() < 0.03:
            _card_trade(match, rng)
            continue
        if record is None and rng.random() < 0.03:
            _step_trade(match, rng)
            continue
        if step % 5 == 0:
            _views_ignore_the_deck_order(state)
        seat = match.actors()[0]
        action = concrete(rng.choice(GAME.legal_actions(state, seat)), rng)
        record.play(seat, action) if record else match.play(seat, action)
        if step % 20 == 0:
            check_codec(state)
    raise AssertionError(f"the game did not end within {MAX_STEPS} actions")


@FAST
@given(CONFIGS, st.booleans(), st.booleans(), st.integers(0, 2**32), st.text(min_size=1, max_size=8))
def test_random_underworld_games_end_and_replay_to_the_same_state(rules_players: tuple[str, int], layoff: bool,
                                                                  more: bool, choices: int, seed: str) -> None:
    rules, players = rules_players
    options = ("layoff", "underworld") if layoff else ("underworld",)
    config = GameConfig("lords", rules, players, seed, options, MORE_CARDS if more else "")
    match = Match(GAME, config)
    _play(match, random.Random(choices))
    assert GAME.result(match.state) is not None
    again = Match(GAME, GameConfig.from_json(config.to_json()))
    for move in match.history:
        again.play(move.seat, move.action)
    assert again.state_hash() == match.state_hash()
    check_codec(match.state)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(CONFIGS, st.integers(0, 2**32))
def test_random_underworld_games_write_replays_that_verify(tmp_path: Path, rules_players: tuple[str, int],
                                                           choices: int) -> None:
    rules, players = rules_players
    path = tmp_path / f"uw-{choices}.jsonl"
    path.unlink(missing_ok=True)
    match = Match(GAME, GameConfig("lords", rules, players, str(choices), ("underworld",)))
    _play(match, random.Random(choices), RecordedMatch(match, path, fsync=False))
    report = verify_path(path)
    assert report.status == VERIFIED, report.problem
