"""The Lords of Vegas audit, checked against small games computed by hand, and against every golden game.

The hand-made games are streams of events written here, as a replay's records would hold them, so every
expected number below follows from the events and the rules alone, not from running the audit.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from tests.golden.regenerate import GOLDEN
from vegas_table.engine import GameConfig
from vegas_table.replays.audit import audit_replay
from vegas_table.replays.audit.lords import LordsAudit, audit_lords, chance_of, expectation, settle
from vegas_table.replays.format import read_replay

CONFIG = GameConfig("lords", "classic", 2, "hand", ())
NAMES = ["Blue", "Green"]


def view(money: list[int], score: list[int]) -> dict[str, Any]:
    return {"seats": [{"money": m, "score": s} for m, s in zip(money, score, strict=True)]}


def turn(number: int, seat: int) -> dict[str, Any]:
    return {"kind": "turn_started", "seat": seat, "turn": number}


# A short game, by hand. Set-up: Blue $12m, Green $15m; first-player roll Blue 5+6, Green 2+3.
SETUP = [
    {"kind": "setup_dealt", "seat": 0, "lots": ["A1", "A2"], "money": 12},
    {"kind": "setup_dealt", "seat": 1, "lots": ["B2", "B3"], "money": 15},
    {"kind": "first_player_roll", "rolls": [[0, 5, 6], [1, 2, 3]], "leader": 0},
    turn(1, 0),
    {"kind": "parking_paid", "payouts": [[0, 2], [1, 2]]},
]
# Turn 1: Blue builds a gold casino on A2 for $6m. Turn 2 (Green's): parking lots pay, the gold casino pays
# Blue $2m and Green $3m (a die each), and Blue, its boss, scores its 1 point.
BUILD = [{"kind": "built", "seat": 0, "lot": "A2", "colour": "gold", "cost": 6}]
END_1 = [{"kind": "turn_ended", "seat": 0}, turn(2, 1), {"kind": "parking_paid", "payouts": [[0, 1], [1, 2]]},
         {"kind": "casino_paid", "lots": ["A2"], "colour": "gold", "height": 1, "payouts": [[0, 2], [1, 3]],
          "boss": 0, "points": 1},
         {"kind": "scored", "seat": 0, "lots": ["A2"], "points": 1, "before": 0, "after": 1}]
# Green gambles $4m at Blue's casino and rolls 1+1: the House (Blue, with $11m) pays double, $8m.
GAMBLE = [{"kind": "gambled", "seat": 1, "boss": 0, "lots": ["A2"], "bet": 4, "dice": [1, 1], "layoff": False,
           "gambler_delta": 8, "boss_delta": -8}]
# Green pays Blue $5m for a die; then a boss tie at A2-A3 is rerolled twice: Green's die ends highest.
TRADE = [{"kind": "trade_proposed", "trade": 1, "proposer": 1, "terms": "green>blue $5, blue>green die A2",
          "parties": [0, 1]},
         {"kind": "trade_accepted", "trade": 1, "seat": 0},
         {"kind": "trade_completed", "trade": 1, "terms": "green>blue $5, blue>green die A2",
          "money": [[0, 5], [1, -5]], "removed": []},
         {"kind": "boss_tie", "lots": ["A2", "A3"], "rolls": [["A2", 1, 4, 3], ["A3", 0, 4, 3]]},
         {"kind": "boss_tie", "lots": ["A2", "A3"], "rolls": [["A2", 1, 3, 6], ["A3", 0, 3, 1]]}]
RECORDS = [(0, SETUP), (1, BUILD), (2, END_1), (3, GAMBLE), (4, TRADE)]
# Blue: 12 + 2 + 1 + 2 (casino) - 6 (build) - 8 (paid as the house) + 5 (trade) = 8
# Green: 15 + 2 + 2 + 3 (casino) + 8 (gamble) - 5 (trade) = 25
FINAL = view([8, 25], [1, 0])


@pytest.fixture
def audit() -> LordsAudit:
    return audit_lords(CONFIG, NAMES, RECORDS, FINAL)


def test_money_in_by_source(audit: LordsAudit) -> None:
    assert audit.income[0] == {"set-up": 12, "parking lots": 3, "casino gold A2": 2, "trades": 5}
    assert audit.income[1] == {"set-up": 15, "parking lots": 4, "casino gold A2": 3, "gambling": 8}


def test_money_out_by_use(audit: LordsAudit) -> None:
    assert audit.spending[0] == {"build": 6, "as the house": 8}
    assert audit.spending[1] == {"trades": 5}


def test_the_totals_reconcile_with_the_final_state(audit: LordsAudit) -> None:
    assert [audit.money(0), audit.money(1)] == [8, 25] and audit.reconciliation == []


def test_a_money_movement_missing_from_the_events_does_not_reconcile() -> None:
    audit = audit_lords(CONFIG, NAMES, RECORDS, view([9, 25], [1, 0]))
    assert audit.reconciliation == ["Blue: the events add up to $8m but the final state holds $9m"]


def test_points_per_casino_and_breaks() -> None:
    bigger = [{"kind": "casino_paid", "lots": ["C1", "C2"], "colour": "silver", "height": 1, "payouts": [],
               "boss": 0, "points": 8},
              {"kind": "scored", "seat": 0, "lots": ["C1", "C2"], "points": 8, "before": 1, "after": 8}]
    audit = audit_lords(CONFIG, NAMES, [(0, SETUP), (1, END_1), (2, bigger)], view([17, 22], [8, 0]))
    # 1 point from gold A2 (0 -> 1), then 8 from silver C1: 1 + 8 = 9 is no stop, the chip stops on 8.
    assert audit.points[0] == {"gold A2": 1, "silver C1": 8}
    assert (audit.lost_to_breaks[0], audit.score(0), audit.reconciliation) == (1, 8, [])


def test_the_gamble_with_its_odds_and_the_house_short_of_money(audit: LordsAudit) -> None:
    (gamble,) = audit.gambles
    assert (gamble.turn, gamble.gambler, gamble.house, gamble.bet, gamble.outcome) == (2, 1, 0, 4, "double")
    assert gamble.house_money == 12 + 2 + 1 + 2 - 6
    assert chance_of("double") == Fraction(1, 18)
    # The House had $11m: enough to pay any win on a $4m bet, so the plain field-bet expectation holds.
    assert gamble.expected == Fraction(-4, 18) and gamble.luck == 8 + Fraction(4, 18)


def test_every_trade_with_its_outcome(audit: LordsAudit) -> None:
    (trade,) = audit.trades
    assert (trade.id, trade.turn, trade.proposer, trade.outcome, trade.money) == (1, 2, 1, "completed",
                                                                                  {0: 5, 1: -5})


def test_luck_counts_own_dice_and_boss_tie_runs(audit: LordsAudit) -> None:
    blue, green = audit.luck
    # Blue: first-player 5, 6 and tie rerolls 3, 1; Green: 2, 3 and 3, 6.
    assert (blue.dice, blue.pips, green.dice, green.pips) == (4, 15, 4, 14)
    assert (blue.ties_won, blue.ties_lost, green.ties_won, green.ties_lost) == (0, 1, 1, 0)
    assert (green.gambles, green.gamble_gain, blue.house_gambles, blue.house_gain) == (1, 8, 1, -8)


def test_every_die_is_counted_for_the_fairness_test(audit: LordsAudit) -> None:
    # first player 5 6 2 3, gamble 1 1, ties 3 3 3 6 1 ... (the rerolled values only)
    assert sorted(audit.faces) == sorted([5, 6, 2, 3, 1, 1, 3, 3, 6, 1])
    assert audit.dice_by_source == {"first player": 4, "gamble": 2, "boss tie": 4}
    assert audit.dice_test.counts == (3, 1, 3, 0, 1, 2)


def test_the_timeline_holds_each_turns_end(audit: LordsAudit) -> None:
    assert audit.timeline.turns == [1, 2]
    assert audit.timeline.money == [[8, 8], [17, 25]]  # turn 1 ends after Blue's build: 12 + 2 - 6
    assert audit.timeline.score == [[0, 1], [0, 0]]


@pytest.mark.parametrize(("bet", "house", "layoff", "gain", "house_gain"), [
    (1, 100, False, Fraction(-1, 18), Fraction(1, 18)),  # the field bet: (2·2 + 14·1 - 20·1) / 36 per $1
    (10, 5, False, Fraction(-10, 3), Fraction(10, 3)),  # the House pays at most $5m: (2·5 + 14·5 - 200) / 36
    (10, 100, True, Fraction(-5, 9), Fraction(5, 18)),  # laid off: the bank pays half, the House keeps half
])
def test_expectations_computed_by_hand(bet: int, house: int, layoff: bool, gain: Fraction,
                                       house_gain: Fraction) -> None:
    assert expectation(bet, house, layoff) == (gain, house_gain)


@pytest.mark.parametrize("spec", [s for s in GOLDEN if s.game == "lords"], ids=lambda spec: spec.name)
def test_golden_games_reconcile_and_their_gambles_settle_as_the_rules_say(spec: Any) -> None:
    audit = audit_replay(read_replay(spec.path))
    assert isinstance(audit, LordsAudit) and audit.reconciliation == [] and audit.finished
    for g in audit.gambles:
        assert settle(g.bet, sum(g.dice), g.house_money, g.layoff) == (g.gain, g.house_gain)
    assert audit.dice_test.dice == sum(audit.dice_by_source.values()) > 0
    assert sum(len(t.rows) for t in audit.tables()) > 0


def test_an_underworld_game_reconciles_and_lists_every_card_bought_and_its_effects(tmp_path: Any) -> None:
    from vegas_table.cli.simulate import simulate

    simulate("lords", "up", 3, 2, "audit-uw", ["random"], ("underworld",), tmp_path)
    for path in sorted(tmp_path.iterdir()):
        replay = read_replay(path)
        audit = audit_replay(replay)
        assert isinstance(audit, LordsAudit) and not audit.reconciliation
        bought = [c for c in audit.cards if c.what == "acquired"]
        events = [e for record in replay.actions for e in record["events"]]
        assert bought and all(c.detail.startswith("$") for c in bought)
        assert sum(e["kind"] == "card_acquired" for e in events) == len(bought)
        titles = [t.title for t in audit.tables()]
        assert f"Underworld cards ({len(bought)} bought)" in titles


def test_card_money_and_points_go_to_their_own_rows() -> None:
    events = [*SETUP, {"kind": "card_acquired", "seat": 0, "card": "Lone Shark", "cost": 0},
              {"kind": "card_money", "seat": 0, "card": "Lone Shark", "amount": 10},
              {"kind": "card_acquired", "seat": 1, "card": "July 4th Party", "cost": 5},
              {"kind": "card_scored", "seat": 1, "card": "July 4th Party", "points": 4, "before": 8, "after": 12},
              {"kind": "card_points_counted", "points": [-3, 0], "scores": [-3, 12]}]
    config = GameConfig("lords", "classic", 2, "hand", ("underworld",))
    audit = audit_lords(config, NAMES, [(1, events)], view([12 + 2 + 10, 15 + 2 - 5], [-3, 4]))
    assert audit.income[0]["Underworld cards"] == 10 and audit.spending[1]["Underworld cards"] == 5
    assert audit.points[1]["card July 4th Party"] == 4 and audit.points[0]["end-of-game card points"] == -3
    assert [(c.card, c.what) for c in audit.cards] == [("Lone Shark", "acquired"), ("Lone Shark", "money"),
                                                       ("July 4th Party", "acquired"), ("July 4th Party", "points")]
