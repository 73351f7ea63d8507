"""The Xtic computer player: exact within its horizon, checked against plain minimax.

The reference (tests/xtic_reference.py) knows nothing of the AI's representation: it plays every legal move
on the public XticState API and scores a position the same way the AI promises to:
WIN - k for a win whose losing placement is the board's k-th piece, -(WIN - k) for such
a loss, 0 for a draw or for nothing decided within the horizon.
"""
import random

import pytest

import game.ai
import game.rules
from game.ai import SearchCancelled
from game.games.xtic import player as ai_xtic
from xtic_reference import WIN, move_value, position_value

SPEC = game.rules.get("xtic")
LEVELS = SPEC.ai_levels
GAME_TYPES = ("normal", "nodiags", "torus")


def check_choice(state, level, depth):
    """The chosen move is legal and scores as well as the best move within `depth`, and
    the search's own value of the position is that best value; returns (chosen value,
    all move values)."""
    before = state.to_json()
    move = game.ai.choose_move(state, level)
    assert state.to_json() == before, "choose_move changed the state"
    assert move in state.legal_moves()
    work = state.copy()
    memo = {}
    values = {m: move_value(work, m, depth, memo) for m in work.legal_moves()}
    best = max(values.values())
    plan = ai_xtic.plan_move(state, level, game.ai.default_rng(state))
    assert plan.move == move and plan.value == best, (plan, best)
    assert values[move] == best, (
        f"{level} chose {state.format_move(move)} worth {values[move]}, but "
        f"{[state.format_move(m) for m, v in values.items() if v == best][:5]} are worth {best}"
        f" (position {state.move_list()}, {state.options['game_type']})")
    return values[move], values


# --- positions -----------------------------------------------------------------------------------
def random_position(seed, game_type, empty_squares):
    """A seeded position with `empty_squares` left and a piece in hand, reached by random
    moves that avoid losing at once when they can; None if the game ended first."""
    rng = random.Random(seed)
    state = SPEC.new_game(seed=seed, options={"game_type": game_type})
    while not state.is_over:
        if state.hand is not None and state.board.count(-1) == empty_squares:
            return state
        moves = state.legal_moves()
        not_losing = [m for m in moves if m[1] is not None or m[0] is None]
        state.play(rng.choice(not_losing or moves))
    return None


def positions(count, empty_squares, first_seed=0):
    found = []
    seed = first_seed
    while len(found) < count:
        state = random_position(seed, GAME_TYPES[seed % 3], empty_squares)
        if state is not None:
            found.append(state)
        seed += 1
    return found


def replay(game_type, moves):
    state = SPEC.new_game(seed=1, options={"game_type": game_type})
    for text in moves:
        state.play(state.parse_move(text))
    return state


# --- the tactics suite ---------------------------------------------------------------------------
@pytest.mark.parametrize("depth, empty_squares, count", [
    (1, 12, 6), (1, 8, 6), (2, 10, 4), (2, 8, 8),
    (3, 7, 10), (3, 6, 12),
    (4, 6, 12), (4, 5, 12),
    (5, 5, 8), (5, 6, 2),
])
def test_level_plays_as_well_as_minimax_within_its_horizon(depth, empty_squares, count):
    decisive = 0
    for state in positions(count, empty_squares, first_seed=100 * depth + empty_squares):
        _value, values = check_choice(state, LEVELS[depth - 1], depth)
        decisive += len(set(values.values())) > 1
    if depth >= 2:
        assert decisive, "no position where the choice mattered: the suite tests nothing"


def test_dont_try_looks_six_moves_ahead():
    for state in positions(6, 5, first_seed=600) + positions(2, 6, first_seed=650):
        check_choice(state, "don't try", 6)


def test_perfect_matches_the_exact_value_late_in_the_game():
    # Up to 6 empty squares "perfect" looks 6 moves ahead; with 7 it solves beyond that
    # (in this position nothing is decided within 6 moves, so the full solve runs).
    for state in (positions(6, 4, first_seed=700) + positions(4, 5, first_seed=720)
                  + positions(2, 6, first_seed=750) + positions(1, 7, first_seed=765)):
        check_choice(state, "perfect", state.board.count(-1))


def test_exact_solve_matches_minimax():
    # solve() (the "perfect" level without its budget) against the plain reference on
    # whole games from 6 and 7 empty squares, every game type: the exact value, and a
    # move worth it. Its pruning (caches, cut-offs on cached children) must not change
    # a single value.
    for state in positions(6, 6, first_seed=1100) + positions(1, 7, first_seed=1150):
        empties = state.board.count(-1)
        plan = ai_xtic.solve(state, random.Random(0))
        work = state.copy()
        memo = {}
        assert plan.value == position_value(work, empties, memo), state.move_list()
        assert move_value(work, plan.move, empties, memo) == plan.value


# --- the tail solver (five and six empty squares) ---------------------------------------
def window_result_ok(got, value, alpha, beta):
    """Alpha-beta's promise: the exact value inside the window, a bound outside it."""
    if value <= alpha:
        return got <= alpha
    if value >= beta:
        return got >= beta
    return got == value


def test_tail_solver_matches_minimax_in_every_window():
    # node() hands a position with five or six empty squares, searched to the end, to
    # the tail solver (node5, node6, avoid5, wins5, _wins4, ...). Against the plain
    # reference on seeded random positions, every game type: the exact value in a wide
    # window, a correct bound in the narrow windows the search asks ("can I win?",
    # "can I avoid losing?", "better than v?"), with fresh caches and with caches
    # filled by the other windows; and solve() gets the same value.
    checked = 0
    for empties, count in ((5, 12), (6, 8)):
        for state in positions(count, empties, first_seed=3000 + 100 * empties):
            n = 16 - empties
            value = position_value(state.copy(), empties, {})
            assert ai_xtic.solve(state, random.Random(0)).value == value, state.move_list()
            if not -(WIN - n - 3) <= value <= WIN - n - 4:
                continue            # outside node()'s precondition: root() scores those
            windows = [(-1000, 1000), (-1, 1), (-1, 0), (0, 1), (value - 1, value),
                       (value, value + 1), (value - 1, value + 1)]
            shared = ai_xtic._Search(state.options["game_type"], state.board, state.hand)
            for alpha, beta in windows:
                for search in (ai_xtic._Search(state.options["game_type"], state.board,
                                               state.hand), shared):
                    got = search.node(state.hand, empties, alpha, beta, search.threats())
                    assert window_result_ok(got, value, alpha, beta), (
                        state.move_list(), state.options["game_type"], alpha, beta, got,
                        value)
            checked += 1
    assert checked >= 12, "too few positions inside the precondition: the test tests little"


def test_tail_solver_agrees_with_the_plain_search(monkeypatch):
    # From seven and eight empty squares the exact solve goes through node6 and the
    # move order over all squares. The plain search (use_tail off) is the second
    # opinion: the same value, and the chosen move is worth it.
    for state in positions(6, 7, first_seed=3700) + positions(6, 8, first_seed=3800):
        fast = ai_xtic.solve(state, random.Random(1))
        monkeypatch.setattr(ai_xtic._Search, "use_tail", False)
        plain = ai_xtic.solve(state, random.Random(1))
        child = state.copy()
        child.play(fast.move)
        if child.is_over:                # it had to lose at once
            move_value = -(WIN - (16 - child.board.count(-1)))
        else:
            move_value = -ai_xtic.solve(child, random.Random(1)).value
        monkeypatch.setattr(ai_xtic._Search, "use_tail", True)
        assert fast.value == plain.value == move_value, state.move_list()


def test_hands_over_a_deadly_piece_when_one_exists():
    # After placing 10 on a2 or a3, piece 11 loses on every empty square.
    state = replay("normal", ["-/14", "c3/6", "c2/12", "b2/3", "c1/15", "d1/1", "b4/9",
                              "a1/0", "d3/7", "a4/10", "d2/5"])
    placed = 16 - state.board.count(-1)
    for level in LEVELS[1:]:
        value, values = check_choice(state, level, 2)
        assert value == WIN - (placed + 2), level     # the opponent's next placement loses
        assert sum(v == value for v in values.values()) == 2


def test_finds_the_only_placement_that_does_not_lose():
    state = replay("normal", ["-/5", "d2/2", "b4/10", "b3/4", "c2/0", "d4/3", "c4/13",
                              "d1/1", "c3/8", "b2/9", "a3/11", "c1/12"])
    safe = {m[0] for m in state.legal_moves() if m[1] is not None}
    assert len(safe) == 1 and state.board.count(-1) == 5
    for level in LEVELS:
        assert game.ai.choose_move(state, level)[0] in safe, level


def test_avoids_handing_over_a_piece_that_is_punished_at_once():
    # 18 of the 20 moves hand over a piece the opponent places safely before handing
    # back one that loses everywhere; "medium" (3 moves) must pick one of the other two.
    state = replay("torus", ["-/8", "a4/10", "c2/7", "d4/9", "b4/3", "a1/12", "c4/13",
                             "a3/6", "a2/15", "b3/14", "b1/4"])
    placed = 16 - state.board.count(-1)
    value, values = check_choice(state, "medium", 3)
    punished = [m for m, v in values.items() if v == -(WIN - (placed + 3))]
    assert value == 0 and len(punished) == 18


# --- the entry point -----------------------------------------------------------------------------
def test_level_by_name_and_by_index_agree():
    state = positions(1, 8, first_seed=900)[0]
    for index, name in enumerate(LEVELS, 1):
        assert game.ai.choose_move(state, index) == game.ai.choose_move(state, name)


@pytest.mark.parametrize("level", [0, len(LEVELS) + 1, "impossible", "Trivial", None, True,
                                   1.0])
def test_bad_level_is_a_value_error_naming_the_levels(level):
    state = SPEC.new_game(seed=3)
    with pytest.raises(ValueError) as info:
        game.ai.choose_move(state, level)
    assert "trivial" in str(info.value) and "don't try" in str(info.value)


def test_same_position_same_move_and_the_state_is_untouched():
    for state in positions(3, 9, first_seed=950):
        before = state.to_json()
        first = game.ai.choose_move(state, "don't try")
        assert state.to_json() == before
        assert game.ai.choose_move(state.copy(), "don't try") == first
        assert game.ai.choose_move(SPEC.from_json(before), "don't try") == first


def test_play_varies_between_games():
    # Early on every safe move is as good as another: different games, different moves.
    moves = {game.ai.choose_move(SPEC.new_game(seed=seed), "hard") for seed in range(8)}
    assert len(moves) > 1


def test_every_level_plays_whole_games_legally():
    for game_type in GAME_TYPES:
        for level in LEVELS:
            state = SPEC.new_game(seed=len(level), options={"game_type": game_type})
            while not state.is_over:
                move = game.ai.choose_move(state, level if state.to_play == 0 else "easy")
                state.play(move)             # raises on an illegal move


def test_choose_move_on_a_finished_game_is_a_value_error():
    state = replay("normal", ["-/5", "d2/2", "b4/10", "b3/4", "c2/0", "d4/3", "c4/13",
                              "d1/1", "c3/8", "b2/9", "a3/11", "c1/12"])
    losing = next(m for m in state.legal_moves() if m[1] is None)
    state.play(losing)
    with pytest.raises(ValueError):
        game.ai.choose_move(state, "easy")


def test_should_stop_cancels_the_search():
    state = positions(1, 9, first_seed=1000)[0]
    with pytest.raises(SearchCancelled):
        game.ai.choose_move(state, "perfect", should_stop=lambda: True)
    # and a search that is never asked to stop still finishes
    assert game.ai.choose_move(state, "perfect", should_stop=lambda: False) \
        in state.legal_moves()


def test_explicit_rng_is_used():
    state = SPEC.new_game(seed=4)
    moves = {game.ai.choose_move(state, "easy", rng=random.Random(seed)) for seed in range(10)}
    assert len(moves) > 1
