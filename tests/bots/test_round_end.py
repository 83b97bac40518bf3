"""The exact solver of a Las Vegas round's end (`bots.lasvegas.round_end`): its values are those of a
brute-force walk over every sequence of faces (written apart from it, on the engine's own placing and
payout rules), worked out by hand where that is short, and it reads nothing a seat cannot see."""

from __future__ import annotations

import random
import time
from itertools import product
from math import comb

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.engine.lasvegas.table import ANNA, BENNO, blank, dice, hand, notes, rolled
from vegas_table.bots.greedy import GreedyBot, Table
from vegas_table.bots.lasvegas.round_end import ADVERSARY, GREEDY, RoundSolver, applies, rolls, settled
from vegas_table.bots.lasvegas.search_model import LasVegasModel, greedy_move
from vegas_table.bots.lasvegas.standing import standing_values
from vegas_table.bots.local import decide, game_info
from vegas_table.bots.search import SearchBot
from vegas_table.engine.core.api import GameConfig
from vegas_table.engine.lasvegas.game import LAS_VEGAS as GAME
from vegas_table.engine.lasvegas.legal import place_options
from vegas_table.engine.lasvegas.payout import pay_casinos, ranking
from vegas_table.engine.lasvegas.placing import place_dice
from vegas_table.engine.lasvegas.state import DIE, OVER, ROUNDS, LasVegasState
from vegas_table.engine.lasvegas.turns import winners


def test_rolls_are_every_multiset_of_faces_with_its_multinomial_chance() -> None:
    for count in range(1, 6):
        found = rolls(count)
        assert len(found) == comb(count + 5, 5)
        assert sum(chance for chance, _ in found) == pytest.approx(1.0)
    two = dict((shown, chance) for chance, shown in rolls(2))
    assert two[((1, 2),)] == pytest.approx(1 / 36) and two[((1, 1), (2, 1))] == pytest.approx(2 / 36)


def paid_value(state: LasVegasState, seat: int) -> float:
    """`seat`'s value of the standing once the engine pays the casinos (the game's end in round 4)."""
    paid = GAME.clone(state)
    pay_casinos(paid, range(6), [])
    money = [paid.money(s) for s in range(paid.players)]
    if paid.round >= ROUNDS:
        return standing_values(money, 0, winners(money, [len(w) for w in paid.won]))[seat]
    return standing_values(money, ROUNDS - paid.round)[seat]


def brute_force(state: LasVegasState, me: int, to_roll: int, opponents: str) -> float:
    """`me`'s value when `to_roll` is about to roll: the mean over all 6^n face sequences of the value after
    the placement the roller makes (its best for `me`; the other's worst for `me`, or greedy's choice)."""
    dice = state.hands[to_roll][DIE]
    total = 0.0
    sequences = list(product(range(1, 7), repeat=dice))
    for faces in sequences:
        turn = GAME.clone(state)
        turn.current, turn.roll, turn.extra = to_roll, faces, ()
        turn.options = place_options(turn)
        total += chosen(turn, me, opponents)
    return total / len(sequences)


def chosen(state: LasVegasState, me: int, opponents: str) -> float:
    """The value of the current seat's placement of its roll (state.roll), chosen as `brute_force` says."""
    seat = state.current
    values = []
    for option in state.options:
        placed = GAME.clone(state)
        place_dice(placed, option, [], forced=False)
        following = [s for s in (1 - seat, seat) if placed.hands[s][DIE]]
        values.append(brute_force(placed, me, following[0], opponents) if following else paid_value(placed, me))
    if seat == me:
        return max(values)
    if opponents == ADVERSARY:
        return min(values)
    return values[Table.of_state(state).best(list(state.options), seat)]


def late_position(round_: int) -> LasVegasState:
    """Anna has rolled 6, 5, 5 with her last three dice, Benno holds two; the casinos hold notes and dice."""
    state = blank(2)
    state.round = round_
    notes(state, 6, 90)
    notes(state, 5, 20, 10)
    notes(state, 1, 50)
    notes(state, 3, 40, 30)
    dice(state, 6, {BENNO: 2})
    dice(state, 1, {ANNA: 1})
    dice(state, 3, {ANNA: 1, BENNO: 1})
    state.won = [[80], [40, 30]]
    hand(state, BENNO, 2)
    rolled(state, ANNA, [6, 5, 5])
    return state


@pytest.mark.parametrize("opponents", [ADVERSARY, GREEDY])
@pytest.mark.parametrize("round_", [2, ROUNDS])
def test_each_placement_is_worth_what_a_brute_force_over_every_face_sequence_says(opponents: str,
                                                                                 round_: int) -> None:
    state = late_position(round_)
    solver = RoundSolver.of(state, ANNA, opponents)
    expected = [chosen_after(state, option) for option in state.options]
    assert solver.options(state) == pytest.approx([brute(e, opponents) for e in expected])


def chosen_after(state: LasVegasState, option: object) -> LasVegasState:
    placed = GAME.clone(state)
    place_dice(placed, option, [], forced=False)  # type: ignore[arg-type]
    return placed


def brute(placed: LasVegasState, opponents: str) -> float:
    return brute_force(placed, ANNA, BENNO, opponents)  # Benno rolls next: he has dice


def test_the_opponents_side_of_a_rolled_position_is_its_own_choice() -> None:
    """Benno to place his roll: the solver's value for Anna is his best for him (minimax) or greedy's."""
    state = late_position(ROUNDS)
    place_dice(state, state.options[0], [], forced=False)  # Anna places her 5s (the first option)
    rolled(state, BENNO, [1, 3])
    for opponents in (ADVERSARY, GREEDY):
        assert RoundSolver.of(state, ANNA, opponents).value(state) == pytest.approx(chosen(state, ANNA, opponents))


def test_a_last_die_is_worth_the_mean_over_its_six_faces_worked_out_by_hand() -> None:
    """Final round, Benno out of dice with one die on casino 1 ($50k). Anna's last die ties him there with a
    1 (both out: money and notes tied, a shared win, 0.5); otherwise Benno takes the $50k and wins by 50k,
    which leaves Anna 0 less a hundredth of 50/60."""
    state = blank(2)
    state.round = ROUNDS
    notes(state, 1, 50)
    dice(state, 1, {BENNO: 1})
    state.won = [[100], [100]]
    hand(state, BENNO, 0)
    hand(state, ANNA, 1)
    solver = RoundSolver.of(state, ANNA, ADVERSARY)
    assert state.current == ANNA
    assert solver.solve(solver.position(state)) == pytest.approx(1 / 6 * 0.5 + 5 / 6 * (-50 / 60 / 100))


def test_search_chases_the_tie_that_cancels_the_leaders_note_when_the_round_is_solved() -> None:
    """Final round: Anna leads by $10k, Benno's two dice hold the $90k note of casino 6. Greedy takes the
    $20k of casino 5 (the table as if the round ended now), which loses for sure; placing the 6 keeps the
    chance (1 in 6) that her last die ties Benno there, and then nobody takes the $90k and she wins."""
    state = blank(2)
    state.round = ROUNDS
    notes(state, 6, 90)
    notes(state, 5, 20)
    dice(state, 6, {BENNO: 2})
    state.won = [[80], [70]]
    hand(state, BENNO, 0)
    rolled(state, ANNA, [6, 5])
    config = GAME.config(state)
    info = game_info(config, ANNA)
    assert decide(GreedyBot("g"), GAME, state, info, 0).text() == "place 5"
    assert decide(SearchBot("s"), GAME, state, info, 0).text() == "place 6"


def test_the_solver_reads_nothing_the_seat_cannot_see() -> None:
    """Two worlds drawn from Anna's view (other piles, other dice generators) are valued the same."""
    state = late_position(2)
    view = GAME.view(state, ANNA)
    values = {tuple(RoundSolver.of(world, ANNA).options(world))
              for world in (GAME.determinize(view, ANNA, random.Random(seed)) for seed in range(3))}
    assert len(values) == 1


def test_the_solver_takes_over_only_in_the_base_game_with_few_dice_left() -> None:
    state = late_position(2)
    assert applies(state, 5) and not applies(state, 4)
    with_slot = blank(2, ("slot",))
    hand(with_slot, BENNO, 0)
    rolled(with_slot, ANNA, [6, 5])
    assert not applies(with_slot, 8)
    with pytest.raises(ValueError, match="two seats"):
        RoundSolver.of(blank(3), ANNA, ADVERSARY)


def test_a_solved_search_repeats_its_choice() -> None:
    config = GameConfig("lasvegas", "base", 2, "solved")
    state, _ = GAME.new(config)
    while not applies(state, 8) or len(state.options) < 2:
        seat = GAME.actors(state)[0]
        GAME.apply(state, seat, decide(GreedyBot("g"), GAME, state, game_info(config, seat), 0))
    seat = state.current
    choices = {decide(SearchBot("s"), GAME, state, game_info(config, seat), 0).text() for _ in range(2)}
    assert len(choices) == 1


def test_a_root_solve_past_the_turns_time_leaves_the_choice_to_the_search() -> None:
    """Out of time, the root is every option with greedy's choice first (the search, out of time as well,
    plays it); in time, the solver's one choice."""
    state = late_position(ROUNDS)
    view, options = GAME.view(state, ANNA), list(state.options)
    greedy = options[Table.of(view).best(options, ANNA)]
    late = LasVegasModel().root(view, options, time.perf_counter() - 1)
    assert late[0] == greedy and sorted(map(str, late)) == sorted(map(str, options))
    assert len(LasVegasModel().root(view, options, time.perf_counter() + 60)) == 1


def paid_notes(first: int, second: int, notes: int) -> tuple[int, ...]:
    """Who takes each note of a two-seat casino (-1: nobody), by the engine's ranking."""
    _, _, ranked = ranking((first, second, 0))
    return tuple([*ranked, -1, -1][:notes])


@given(st.integers(0, 8), st.integers(0, 8), st.integers(0, 8), st.integers(0, 8), st.integers(1, 3),
       st.integers(0, 8), st.integers(0, 8))
def test_a_settled_casino_pays_as_its_counts_do_whatever_dice_the_hands_add(
        first: int, second: int, hand_first: int, hand_second: int, notes: int, add_first: int,
        add_second: int) -> None:
    added_first, added_second = min(add_first, hand_first), min(add_second, hand_second)
    same_first, same_second = settled(first, second, hand_first, hand_second, notes)
    assert (paid_notes(same_first + added_first, same_second + added_second, notes)
            == paid_notes(first + added_first, second + added_second, notes))


def test_a_settled_lead_counts_no_further_than_the_other_hand_can_catch_up() -> None:
    assert settled(7, 1, 0, 2, 2) == (4, 1)  # Benno's 2 dice can at best come within one
    assert settled(7, 0, 0, 2, 2) == (3, 0)  # and whether he has dice there decides the second note
    assert settled(7, 1, 0, 2, 1) == (3, 0)  # which a casino of one note does not have
    assert settled(2, 5, 4, 0, 2) == (1, 4)  # either way round


def late_positions(seed: str, count: int, most: int) -> list[LasVegasState]:
    """Placements of greedy-vs-greedy 2p games with at most `most` dice left in the hands."""
    found: list[LasVegasState] = []
    deal = 0
    while len(found) < count:
        state, _ = GAME.new(GameConfig("lasvegas", "base", 2, f"{seed}/{deal}"))
        while state.phase != OVER and len(found) < count:
            if applies(state, most) and len(state.options) > 1 and sum(map(sum, state.hands)) >= most - 1:
                found.append(GAME.clone(state))
            greedy_move(state)
        deal += 1
    return found


def test_settled_positions_are_worth_what_the_exact_counts_are() -> None:
    """Remembering casinos by what can still happen there changes no value: the minimax solver with settled
    positions and the one that remembers every count agree on every placement of positions from real games
    (and merge positions: it solves fewer)."""
    solved, counted = 0, 0
    for state in late_positions("settle", 6, 6):
        settling = RoundSolver.of(state, state.current, ADVERSARY)
        exact = RoundSolver.of(state, state.current, ADVERSARY)
        exact.settles = False
        assert settling.options(state) == pytest.approx(exact.options(state), abs=1e-12)
        solved += len({settling.known_key(key) for key in settling.known})
        counted += len(exact.known)
    assert solved < counted


def test_a_root_solve_past_its_positions_leaves_the_choice_to_the_search_and_keeps_what_it_solved() -> None:
    """A solve that would add more positions than the model allows stops (a count, so the game replays the
    same) and the root is every option, greedy's choice first; what it finished stays for the round's later
    decisions, and a solve with room enough plays the solver's one choice."""
    state = late_position(ROUNDS)
    view, options = GAME.view(state, ANNA), list(state.options)
    greedy = options[Table.of(view).best(options, ANNA)]
    model = LasVegasModel(solve_positions=3)
    cut = model.root(view, options)
    assert cut[0] == greedy and sorted(map(str, cut)) == sorted(map(str, options))
    assert model.solver is not None and 1 <= len({model.solver.known_key(k) for k in model.solver.known}) <= 3
    model.solve_positions = None
    assert len(model.root(view, options)) == 1
