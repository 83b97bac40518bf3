"""Table manners with people (`bots.lords.manners`): one offer to each person a turn, none where a person
gives something for nothing, a short wait for their answer (`bots.local.AnswerWait` with the server's
patience), and a refusal that says why."""

from __future__ import annotations

import copy

from tests.bots.test_lords_dealing import LOT_NEXT_TO_ITS_CASINO, next_to_its_casino
from tests.engine.lords.position import play, seat
from vegas_table.bots.greedy import GreedyBot
from vegas_table.bots.local import AnswerWait, decide, game_info, seat_to_ask
from vegas_table.bots.lords.manners import Manners, fair
from vegas_table.engine import GameConfig, Match
from vegas_table.engine.lords.actions import ProposeTrade
from vegas_table.engine.lords.game import LORDS_OF_VEGAS as GAME
from vegas_table.engine.lords.state import LordsState
from vegas_table.server.botseats import PERSON_HURRIED, PERSON_PATIENCE

NAMES = ("black", "blue", "green", "purple")


def offer(text: str) -> ProposeTrade:
    action = GAME.parse_action(text)
    assert isinstance(action, ProposeTrade)
    return action


def blue_decides(state: LordsState, bot: GreedyBot, people: frozenset[int]) -> str:
    s = seat(state, "blue")
    return str(decide(bot, GAME, state, game_info(state.config, s, people), 0).text())


def test_a_bot_offers_a_person_at_most_one_deal_a_turn() -> None:
    """Blue's best deal is green's B1; having offered green something else this turn, blue offers it again
    only if green is a bot; a person is left alone (blue deals with red, a bot, instead)."""
    state = next_to_its_casino()
    green = seat(state, "green")
    earlier = offer("trade green>blue lot B1, blue>green $30")
    made = []
    for people in (frozenset(), frozenset({green})):
        bot = GreedyBot("t", deals=True)
        bot.lords.offered = (state.turn, {earlier})
        made.append(blue_decides(state, bot, people))
    assert made[0] == LOT_NEXT_TO_ITS_CASINO
    assert "green" not in made[1]


def test_a_person_refused_this_turn_is_not_offered_the_next_best_deal() -> None:
    state = next_to_its_casino()
    green = seat(state, "green")
    bot = GreedyBot("t", deals=True)
    assert blue_decides(state, bot, frozenset({green})) == LOT_NEXT_TO_ITS_CASINO
    assert Manners.of(frozenset({green}), bot.lords.offered[1], state.names).asked == {green}


def test_an_offer_where_a_person_gives_something_for_nothing_is_unfair() -> None:
    """The offers of the issue: black, a person, gave a die (and $2m) and got nothing."""
    black = frozenset({0})
    assert not fair(offer("trade black>purple die D5"), NAMES, black)
    assert not fair(offer("trade black>green die D6, black>green $2"), NAMES, black)
    assert fair(offer("trade black>green die D6, green>black $2"), NAMES, black)
    assert fair(offer("trade black>green die D6"), NAMES, frozenset({1}))  # among bots: as before


def first_unfair_offer(seed: str) -> tuple[Match, int, GreedyBot]:
    """A 4-player Lords `up` game of greedy@deals, played until a seat would offer a trade in which another
    gives something for nothing (a greedy partner may accept that): the match then, that seat, and its bot as
    it was before that decision."""
    config = GameConfig("lords", "up", 4, seed=seed)
    match = Match(GAME, config)
    bots = [GreedyBot(f"{seed}/{s}", deals=True) for s in range(4)]
    while not match.over:
        s = seat_to_ask(match.actors(), range(4), lambda x: bool(GAME.legal_actions(match.state, x)))
        assert s is not None
        before = copy.deepcopy(bots[s])
        action = decide(bots[s], GAME, match.state, game_info(config, s), len(match.history))
        if isinstance(action, ProposeTrade) and not fair(action, match.state.names, frozenset(range(4)) - {s}):
            return match, s, before
        match.play(s, action)
    raise AssertionError(f"no unfair offer in game {seed}")


def test_a_bot_never_asks_a_person_to_give_something_for_nothing() -> None:
    """Where greedy@deals would offer a bot `purple>blue die C11` (purple gives, gets nothing), it offers a
    person the least price it pays: $1m."""
    match, s, bot = first_unfair_offer("m5")
    people = frozenset(range(4)) - {s}
    action = decide(bot, GAME, match.state, game_info(match.config, s, people), len(match.history))
    assert isinstance(action, ProposeTrade) and fair(action, match.state.names, people)
    assert action.text() == "trade purple>blue die C11, blue>purple $1"


def test_the_wait_for_a_person_is_short() -> None:
    """Three bot seats of a server each offer a person a deal every round, which the person ignores: the
    first round costs one patience and two hurried waits, each later round three hurried waits (the seats
    share who lapsed), a few seconds."""
    lapsed: set[int] = set()
    waits = {bot: AnswerWait(PERSON_PATIENCE, PERSON_HURRIED, lapsed) for bot in (1, 2, 3)}
    now, rounds, trade = 0.0, [], 0
    for _ in range(4):
        waited = 0.0
        for bot, wait in waits.items():
            trade += 1
            view = {"trades": [{"id": trade, "proposer": bot, "parties": [0, bot], "accepted": [bot]}]}
            left = wait.left(view, bot, now, None)
            now += left
            waited += left
            assert wait.left(view, bot, now, None) == 0  # ran out: the bot goes on
        rounds.append(waited)
    assert rounds[0] == PERSON_PATIENCE + 2 * PERSON_HURRIED <= 10
    assert rounds[1:] == [3 * PERSON_HURRIED] * 3


def test_a_refusal_says_why() -> None:
    """Green refuses B1 at $15m, a million less than it asks, and says it is too little."""
    state = next_to_its_casino()
    play(state, "blue", LOT_NEXT_TO_ITS_CASINO.replace("$16", "$15"))
    bot = GreedyBot("g")
    s = seat(state, "green")
    assert decide(bot, GAME, state, game_info(state.config, s), 0).text() == "reject 1"
    assert bot.reason().startswith("too little in it for Green")
    assert decide(bot, GAME, state, game_info(state.config, s), 0).text() == "reject 1"
    cheap = next_to_its_casino()
    play(cheap, "blue", LOT_NEXT_TO_ITS_CASINO.replace("$16", "$1"))
    assert decide(bot, GAME, cheap, game_info(cheap.config, s), 0).text() == "reject 1"
    assert bot.reason().startswith("it would cost Green")
