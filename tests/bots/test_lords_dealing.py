"""Deals (`bots.lords.dealing`): trades a greedy partner accepts, at the price it would just accept."""

from __future__ import annotations

import random
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from tests.bots.test_lords_greedy import early
from tests.engine.lords.position import blank, marker, money, play, seat, tile
from vegas_table.arena.play import play_one
from vegas_table.bots.base import Bot, Choice, Turn
from vegas_table.bots.greedy import GreedyBot
from vegas_table.bots.local import decide, game_info, seat_to_ask
from vegas_table.bots.lords.dealing import Trial, _cheapest, best_deal
from vegas_table.bots.lords.greedy import LordsGreedy
from vegas_table.bots.lords.playout import answer_trades
from vegas_table.bots.lords.value import Outlook
from vegas_table.engine.core.api import GameConfig
from vegas_table.engine.lords.actions import AcceptTrade, ProposeTrade
from vegas_table.engine.lords.board import LOT_BY_NAME
from vegas_table.engine.lords.game import LORDS_OF_VEGAS as GAME
from vegas_table.engine.lords.state import LordsState, Transfer

LOT_NEXT_TO_ITS_CASINO = "trade green>blue lot B1, blue>green $16"


def next_to_its_casino(blue_money: int = 40, players: int = 4) -> LordsState:
    """Blue bosses a gold casino on B2-B3, cannot sprawl from it (red holds the lots around), and green holds
    B1 next to it: to green a parking lot, to blue a $15m build that joins its casino."""
    state = early(blank("classic", players, current="blue"))
    tile(state, "B2", "gold", "blue", pips=5)
    tile(state, "B3", "gold", "blue", pips=4)
    marker(state, "B1", "green")
    for lot in ("B4", "B5", "B6"):
        marker(state, lot, "red" if players > 2 else "green")
    money(state, blue=blue_money, green=5)
    return state


def choice(state: LordsState, who: str, bot: Bot) -> str:
    s = seat(state, who)
    return str(decide(bot, GAME, state, game_info(state.config, s), 0).text())


def test_it_buys_the_lot_that_joins_its_casino_at_the_partners_price() -> None:
    state = next_to_its_casino()
    assert choice(state, "blue", GreedyBot("t")) == "end"  # plain greedy sees nothing worth doing
    assert choice(state, "blue", GreedyBot("t", deals=True)) == LOT_NEXT_TO_ITS_CASINO


def test_a_deal_that_opens_a_better_action_comes_before_the_plain_one() -> None:
    """Blue could build on its own lot far away, which plain greedy does first; the deal (B1, and the build
    that joins its casino) is worth more, and is proposed before the plain build while blue still has the money."""
    state = next_to_its_casino()
    marker(state, "E1", "blue")
    assert choice(state, "blue", GreedyBot("t")) == "build E1 brown"
    assert choice(state, "blue", GreedyBot("t", deals=True)) == LOT_NEXT_TO_ITS_CASINO


def test_no_deal_worth_less_than_the_best_plain_action() -> None:
    state = next_to_its_casino()
    s = seat(state, "blue")
    outlook = Outlook.of(GAME.view(state, s))
    deal = best_deal(LordsGreedy("t", deals=True), state, s, outlook)
    assert deal is not None and deal.text() == LOT_NEXT_TO_ITS_CASINO
    assert best_deal(LordsGreedy("t", deals=True), state, s, outlook, beat=50.0) is None


def test_deals_at_two_seats_too() -> None:
    """With two players what the partner gains the seat loses, but greedy's answer judges the lot it sells by
    its static value, blind to the build it opens to the buyer: it sells B1 (dearer than at four seats)."""
    state = next_to_its_casino(players=2)
    assert choice(state, "blue", GreedyBot("t", deals=True)) == "trade green>blue lot B1, blue>green $18"
    play(state, "blue", "trade green>blue lot B1, blue>green $18")
    assert choice(state, "green", GreedyBot("g")) == "accept 1"


def test_the_price_is_the_least_the_greedy_partner_accepts() -> None:
    accepted = next_to_its_casino()
    play(accepted, "blue", LOT_NEXT_TO_ITS_CASINO)
    assert choice(accepted, "green", GreedyBot("g")) == "accept 1"
    cheaper = next_to_its_casino()
    play(cheaper, "blue", LOT_NEXT_TO_ITS_CASINO.replace("$16", "$15"))
    assert choice(cheaper, "green", GreedyBot("g")) == "reject 1"


def test_a_playout_answers_a_deal_as_the_greedy_partner_would() -> None:
    """The search's playouts let a trade's parties answer as greedy would, not accept whatever is offered."""
    b1 = LOT_BY_NAME["B1"]
    fair = next_to_its_casino()
    play(fair, "blue", LOT_NEXT_TO_ITS_CASINO)
    answer_trades(fair)
    assert fair.marker[b1] == seat(fair, "blue") and not fair.trades
    cheap = next_to_its_casino()
    play(cheap, "blue", LOT_NEXT_TO_ITS_CASINO.replace("$16", "$4"))
    answer_trades(cheap)
    assert cheap.marker[b1] == seat(cheap, "green") and cheap.trades


def test_no_deal_when_it_cannot_pay_for_the_lot_and_the_build() -> None:
    assert choice(next_to_its_casino(blue_money=30), "blue", GreedyBot("t", deals=True)) == "end"


def test_a_deal_is_judged_from_the_view_only() -> None:
    """The same deal whatever the deck's hidden order and the dice generator."""
    state = next_to_its_casino()
    s = seat(state, "blue")
    outlook = Outlook.of(GAME.view(state, s))
    deals = set()
    for k in range(4):
        sample = GAME.determinize(GAME.view(state, s), s, random.Random(k))
        deals.add(best_deal(LordsGreedy("t", deals=True), sample, s, outlook))
    assert len(deals) == 1 and None not in deals


class Refuses(Bot):
    """Refuses every trade offered to it; otherwise greedy."""

    name = "refuses"

    def __init__(self, seed: str) -> None:
        super().__init__(seed)
        self.greedy = GreedyBot(seed)

    def choose(self, turn: Turn) -> Choice:
        refusals = [o for o in turn.legal if o.text.startswith("reject")]
        return refusals[0] if refusals else self.greedy.choose(turn)


def test_a_refused_offer_is_not_made_again_in_the_same_turn() -> None:
    state = next_to_its_casino()
    dealer = GreedyBot("t", deals=True)
    play(state, "blue", choice(state, "blue", dealer))
    play(state, "green", "reject 1")
    assert choice(state, "blue", dealer) == "end"


def test_the_partner_of_a_trade_answers_before_the_proposer_goes_on() -> None:
    assert seat_to_ask((0,), range(4), lambda s: s == 2) == 2
    assert seat_to_ask((0,), range(4), lambda s: False) == 0
    assert seat_to_ask((0,), (1, 3), lambda s: False) is None  # the server's bots sit at seats 1 and 3


def test_in_process_offers_are_answered_and_a_refused_one_is_not_repeated(tmp_path: Path) -> None:
    """The arena asks a trade's partner at once: greedy partners accept deals, refusers refuse them, and the
    game still ends (a refused offer is not made again and again)."""
    config = GameConfig("lords", "up", 4, "deal-refuse")
    bots: list[Bot] = [GreedyBot("d0", deals=True), Refuses("r1"), GreedyBot("d2", deals=True), GreedyBot("g3")]
    record = play_one(config, bots, tmp_path / "game.jsonl")
    moves = (tmp_path / "game.jsonl").read_text()
    assert record.winners
    assert '"accept ' in moves and '"reject ' in moves


def test_greedy_takes_deals_among_its_settings() -> None:
    bot = GreedyBot.configured("t", "deals:income=0.8")
    assert bot.lords.deals and bot.lords.weights.income == 0.8
    assert not GreedyBot.configured("t", "income=0.8").lords.deals


def test_an_offer_the_search_ranks_but_does_not_play_is_still_made_later() -> None:
    """The search's root ranks greedy's offer among its candidates; until the seat plays it, the offer has not
    been made, so it is not taken for refused (it stays greedy's choice); once played, it is not made again."""
    from vegas_table.bots.lords.search_model import LordsModel

    state = next_to_its_casino()
    s = seat(state, "blue")
    view, options = GAME.view(state, s), GAME.legal_actions(state, s)
    model = LordsModel("t")
    first = model.root(view, options)[0]
    assert first.text() == LOT_NEXT_TO_ITS_CASINO
    assert model.root(view, options)[0] == first
    model.remember(view, first)
    assert all(candidate != first for candidate in model.root(view, options))


@given(st.integers(-60, 60), st.integers(1, 120), st.integers(0, 130), st.floats(0.1, 2.0))
def test_the_price_is_the_least_money_the_partner_accepts(low: int, width: int, step: int, slope: float) -> None:
    """Whatever the bracket and where the partner's threshold lies in it, bisection finds the least money (above
    `low`, the partner's whole purse) at which the partner accepts."""
    high = low + width
    threshold = min(low + step, high)  # the least money accepted; at or below `low`: all of it above `low`
    tried: list[int] = []
    offer, after = ProposeTrade((Transfer("blue", "green", "money", amount=1),)), next_to_its_casino()

    def trial_at(money: int) -> Trial:
        tried.append(money)
        return Trial(offer, money, slope * (money - threshold + 0.5), after, AcceptTrade(1))

    found = _cheapest(trial_at, low, trial_at(high))
    assert found.money == max(threshold, low + 1)
    assert len(tried) <= 2 + width.bit_length()


def test_the_search_plays_greedys_deal_without_searching_it() -> None:
    """What a deal is worth is the action it opens later in the turn, which the search's playouts (the turn
    ended right after the searched action) never play: greedy's deal is the root's only candidate."""
    from vegas_table.bots.lords.search_model import LordsModel
    from vegas_table.bots.search import SearchBot

    state = next_to_its_casino()
    s = seat(state, "blue")
    assert [c.text() for c in LordsModel("t").root(GAME.view(state, s), GAME.legal_actions(state, s))] == \
        [LOT_NEXT_TO_ITS_CASINO]
    assert choice(state, "blue", SearchBot("t", playouts=8)) == LOT_NEXT_TO_ITS_CASINO
