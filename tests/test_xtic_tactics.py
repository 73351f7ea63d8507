"""Xtic's puzzle kit (game/games/xtic/tactics.py): its move values against plain minimax
on the public XticState, every answer list complete, the line of a forced win followed
to the end against the longest defence, and its candidates reproducible.

The reference knows nothing of the solver: it plays every legal move and scores a
position as the solver promises to, WIN - k for a win whose losing placement is the
board's k-th piece, -(WIN - k) for such a loss, 0 for a draw or nothing decided within
the horizon.
"""
import functools
import itertools
import random

import pytest

import game.rules
from game.games.xtic import player as ai
from game.games.xtic import tactics
from game.games.xtic.tactics import FORCED_WIN, KIT, SAFE_HANDOVER
from xtic_reference import WIN, move_value

SPEC = game.rules.get("xtic")


def reference_values(state, depth):
    work, memo = state.copy(), {}
    return [(move, move_value(work, move, depth, memo)) for move in work.legal_moves()]


def wins_within(state, turns, memo):
    """Whether the side to move can make the other complete a line within `turns` of its
    own turns, whatever the other does (a second reference, in the goal's own terms)."""
    key = (tuple(state.board), state.hand, turns)
    if key not in memo:
        memo[key] = any(move_wins(state, move, turns, memo) for move in state.legal_moves())
    return memo[key]


def move_wins(state, move, turns, memo):
    mover = state.to_play
    state.play(move)
    try:
        if state.is_over:
            return False                 # a line of our own, or a draw
        for reply in state.legal_moves():
            state.play(reply)
            try:
                if state.is_over:
                    if state.outcome.winner != mover:
                        return False
                elif turns == 1 or not wins_within(state, turns - 1, memo):
                    return False
            finally:
                state.undo()
        return True
    finally:
        state.undo()


def move_holds(state, move, memo):
    """Whether `move` does not lose against best play."""
    mover = state.to_play
    state.play(move)
    try:
        if state.is_over:
            return state.outcome.winner in (None, mover)
        return not wins_within(state, state.board.count(-1), memo)
    finally:
        state.undo()


def random_position(seed, game_type, empty_squares):
    """A seeded position with `empty_squares` left and a piece in hand, reached by random
    moves that do not lose at once when they can; None if the game ended first."""
    rng = random.Random(seed)
    state = SPEC.new_game(seed=seed, options={"game_type": game_type})
    while not state.is_over:
        if state.hand is not None and state.board.count(-1) == empty_squares:
            return state
        moves = state.legal_moves()
        state.play(rng.choice([m for m in moves if m[1] is not None or m[0] is None] or moves))
    return None


def positions(count, empty_squares, first_seed):
    found = (random_position(seed, ("normal", "nodiags", "torus")[seed % 3], empty_squares)
             for seed in itertools.count(first_seed))
    return list(itertools.islice((state for state in found if state is not None), count))


def texts(state, moves):
    return tuple(state.format_move(move) for move in moves)


# --- values and proofs ---------------------------------------------------------------------
@pytest.mark.parametrize("empty_squares, depths, count", [
    (3, (1, 2, 3), 6), (4, (1, 2, 3, 4), 6), (5, (2, 3, 4, 5), 4)])
def test_move_values_match_minimax(empty_squares, depths, count):
    for state in positions(count, empty_squares, first_seed=10 * empty_squares):
        for depth in depths:
            assert tactics.move_values(state, depth) == reference_values(state, depth), \
                (state.move_list(), state.options, depth)


def expected_forced(state, n):
    """The answers of "win within n turns" by the reference, or None (no puzzle)."""
    work, memo = state.copy(), {}
    answers = [move for move in work.legal_moves() if move_wins(work, move, n, memo)]
    if not answers or n > 1 and wins_within(work, n - 1, memo) \
            or len(answers) > tactics.MAX_ANSWERS or len(work.legal_moves()) < tactics.MIN_MOVES:
        return None
    return texts(state, answers)


def expected_safe(state):
    work, memo = state.copy(), {}
    moves = work.legal_moves()
    answers = [move for move in moves if move_holds(work, move, memo)]
    if not answers or len(answers) > tactics.MAX_ANSWERS or len(moves) < tactics.MIN_MOVES \
            or 4 * len(answers) > len(moves):
        return None
    return texts(state, answers)


@functools.cache
def candidate_positions():
    """The positions of the kit's first 60 candidates (seed 1: about eight games)."""
    return tuple(c.state for c in itertools.islice(KIT.candidates(1), 60))


def late_candidates():
    """Copies of those with at most 6 empty squares (the references stay quick)."""
    return [state.copy() for state in candidate_positions() if state.board.count(-1) <= 6]


def puzzles(kind, n, most_empty=16):
    """(state, proof) of the puzzles of goal (kind, n) among the kit's first candidates."""
    found = []
    for state in candidate_positions():
        proof = KIT.prove(state, kind, n)
        if proof and state.board.count(-1) <= most_empty:
            found.append((state.copy(), proof))
    return found


def test_forced_wins_accept_exactly_the_moves_that_win_in_time():
    found = {1: 0, 2: 0, 3: 0}
    for state in late_candidates() + positions(6, 4, first_seed=400) \
            + positions(6, 5, first_seed=500):
        for n in (1, 2, 3):
            proof = KIT.prove(state, FORCED_WIN, n)
            assert (proof and proof.answers) == expected_forced(state, n), (state.move_list(), n)
            if proof:
                found[n] += 1
                assert proof.forced == n
                assert proof.answers[0] in proof.explanation
    assert all(found.values()), found       # every n was a puzzle somewhere


def test_safe_handovers_accept_exactly_the_moves_that_do_not_lose():
    found = 0
    for state in late_candidates() + positions(6, 4, first_seed=700) \
            + positions(6, 5, first_seed=800):
        proof = KIT.prove(state, SAFE_HANDOVER, None)
        assert (proof and proof.answers) == expected_safe(state), state.move_list()
        if proof:
            found += 1
            assert proof.forced is None
            assert proof.explanation.startswith(f"Only {proof.answers[0]}")
    assert found >= 3, found


def test_no_puzzle_for_the_opening_a_finished_game_or_an_unknown_goal():
    state = SPEC.new_game(seed=1, options={"game_type": "normal"})
    assert KIT.prove(state, FORCED_WIN, 1) is None               # the opening hand-over
    late = positions(1, 4, first_seed=400)[0]
    assert KIT.prove(late, FORCED_WIN, 4) is None
    assert KIT.prove(late, "mate", None) is None
    assert KIT.prove(positions(1, 12, first_seed=1)[0], SAFE_HANDOVER, None) is None
    while not late.is_over:
        late.play(late.legal_moves()[0])
    assert KIT.prove(late, FORCED_WIN, 1) is None


def test_a_proof_past_its_budget_is_no_puzzle(monkeypatch):
    # Eight empty squares, two moves hold (b3/1, d4/10): about 10,000 boards to prove.
    state = SPEC.new_game(seed=1, options={"game_type": "normal"})
    for text in "-/4 c4/15 d3/13 d2/6 b4/3 b2/12 a2/8 c2/5 b1/9".split():
        state.play(state.parse_move(text))
    proof = KIT.prove(state, SAFE_HANDOVER, None)
    assert proof.answers == ("b3/1", "d4/10") and proof.measures["nodes"] > 4 * ai.POLL_EVERY
    assert KIT.prove(state, SAFE_HANDOVER, None) == proof          # the same every time
    monkeypatch.setattr(tactics, "BUDGET", 2 * ai.POLL_EVERY)
    assert KIT.prove(state, SAFE_HANDOVER, None) is None


# --- the line after the answer -------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3])
def test_a_forced_win_is_followed_to_the_end_against_the_longest_defence(n):
    found = puzzles(FORCED_WIN, n, most_empty=6)[:2]
    assert found
    for state, proof in found:
        start = len(state.history)
        mover = state.to_play
        state.play(state.parse_move(proof.answers[-1]))
        while not state.is_over:
            follow = KIT.follow(state.copy(), start, FORCED_WIN, n)
            assert not follow.failed and not follow.solved
            turns = n - (len(state.history) - start + 1) // 2
            if state.to_play == mover:
                assert follow.accepted == expected_winning(state, turns)
                state.play(state.parse_move(follow.accepted[0]))
            else:
                values = dict(reference_values(state, 2 * turns + 1))
                assert values[follow.reply] == max(values.values())   # resists longest
                state.play(follow.reply)
        assert state.outcome.winner == mover
        assert len(state.history) - start <= 2 * n
        assert KIT.follow(state, start, FORCED_WIN, n).solved


def expected_winning(state, turns):
    target = WIN - (16 - state.board.count(-1)) - 2 * turns
    return texts(state, [m for m, value in reference_values(state, 2 * turns) if value >= target])


def test_a_move_that_lets_the_defender_escape_fails_the_puzzle():
    state, proof = puzzles(FORCED_WIN, 2)[0]
    start = len(state.history)
    state.play(next(m for m in state.legal_moves()
                    if state.format_move(m) not in proof.answers and m[1] is not None))
    follow = KIT.follow(state, start, FORCED_WIN, 2)
    assert follow.failed and follow.reply is None


def test_a_safe_handover_is_solved_by_its_one_move():
    state, proof = puzzles(SAFE_HANDOVER, None)[0]
    start = len(state.history)
    assert KIT.follow(state, start, SAFE_HANDOVER, None).accepted == proof.answers
    state.play(state.parse_move(proof.answers[0]))
    assert KIT.follow(state, start, SAFE_HANDOVER, None).solved


# --- candidates ----------------------------------------------------------------------------
def test_candidates_are_the_same_for_the_same_seed_and_name_their_source():
    def first(seed, count=12):
        return [(c.state.move_list(), c.source)
                for c in itertools.islice(KIT.candidates(seed), count)]

    once = first(1)
    assert once == first(1)
    assert once != first(2)
    for moves, source in once:
        assert 17 - len(moves) <= tactics.FORCED_EMPTIES      # the opening places nothing
        assert source.startswith(("self-play ", "blunder of "))
    assert any(source.startswith("blunder of ") for _, source in once)
