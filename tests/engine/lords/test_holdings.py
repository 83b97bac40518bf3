"""The index of what each seat holds (engine/lords/holdings.py) is kept up to date by the rules: after every
action of random games, with every rule set, player count and option, trades included (those that happen
at once and those with an action step), it equals a recount from the state's lists."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.engine.lords.position import blank, marker, money, play, tile
from tests.engine.positions import configs, walk
from vegas_table.engine import GameConfig, IllegalAction
from vegas_table.engine.lords.board import LOTS
from vegas_table.engine.lords.game import LORDS_OF_VEGAS as GAME
from vegas_table.engine.lords.holdings import Facts, holdings, recount
from vegas_table.engine.lords.state import LordsState


def _check(state: LordsState) -> None:
    assert holdings(state) == recount(state)


def _stepped_trade(rng: random.Random, state: LordsState) -> str | None:
    """The current player trades one of their actions for $1m and then a parking lot or die of the other's
    (a trade that happens step by step, engine/lords/trade_steps.py), or None if nothing fits."""
    current = state.current
    other = rng.choice([s for s in range(state.players) if s != current])
    action = GAME.random_action(state.clone(), current, random.Random(rng.random()))
    if not state.money[current] or type(action).__name__ in ("EndTurn", "AcceptTrade", "RejectTrade",
                                                               "WithdrawTrade"):
        return None
    held = [("lot", lot.name) for lot in LOTS if state.marker[lot.index] == other]
    held += [("die", lot.name) for lot in LOTS if state.die_owner[lot.index] == other]
    me, them = state.names[current], state.names[other]
    steps = [f"{me}>{them} $1", f"{me} does {action.text()}"]
    if held:
        item, lot = rng.choice(held)
        steps.append(f"{them}>{me} {item} {lot}")
    return "trade " + ", ".join(steps)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(configs().filter(lambda config: config.game == "lords"), st.integers(0, 2**32))
def test_the_index_equals_a_recount_after_every_action(config: GameConfig, choices: int) -> None:
    rng = random.Random(choices)
    for state in walk(config, rng, trades=0.05):
        _check(state)
        twin = state.clone()
        assert twin.holdings is not state.holdings and twin.holdings == state.holdings
        if not GAME.is_over(twin):  # the clone's index shares nothing with the original's
            seat = GAME.actors(twin)[0]
            GAME.apply(twin, seat, GAME.random_action(twin, seat, random.Random(choices)))
            _check(twin)
            _check(state)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["classic", "up", "underworld"]), st.integers(2, 4), st.integers(0, 2**32))
def test_the_index_equals_a_recount_through_trades_with_an_action_step(rules: str, players: int,
                                                                       choices: int) -> None:
    rng = random.Random(choices)
    state, _ = GAME.new(GameConfig("lords", rules, players, str(choices)))
    while not GAME.is_over(state):
        _check(state)
        trade = _stepped_trade(rng, state) if not state.pending and rng.random() < 0.2 else None
        if trade is not None:
            try:
                GAME.apply(state, state.current, GAME.parse_action(trade))
                proposal = state.trades[-1]
                for seat in proposal.parties:
                    if seat != proposal.proposer and not state.pending and proposal in state.trades:
                        answers = [a for a in GAME.legal_actions(state, seat) if type(a).__name__ == "AcceptTrade"
                                   and a.trade == proposal.id]
                        if answers:
                            GAME.apply(state, seat, answers[0])
                            _check(state)
            except IllegalAction:
                pass
            continue
        seat = GAME.actors(state)[0]
        GAME.apply(state, seat, GAME.random_action(state, seat, rng))
    _check(state)


def test_a_position_laid_out_by_hand_is_counted_when_read() -> None:
    state = blank("up", 4)
    marker(state, "A2", "black")
    tile(state, "B1", "gold", "blue", pips=5)
    tile(state, "B2", "gold", "black", pips=3)
    index = holdings(state)
    assert index.parking == [[1], [], [], []]
    assert index.facts == {6: Facts(boss=1, pips=8, reorganized=False, owners=frozenset({0, 1}), size=2, spread=3,
                                    sprawl_cost=2 * 9, raise_cost=2 * 15)}  # B3 and B5 cost $9m, B4 $20m
    assert index.present == [{6}, {6}, set(), set()] and index.bosses == [set(), {6}, set(), set()]
    money(state, black=10)
    play(state, "black", "build A2 gold")
    assert holdings(state) == recount(state) and holdings(state).parking == [[], [], [], []]
