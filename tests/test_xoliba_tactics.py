"""Xoliba's puzzle kit (game/games/xoliba/tactics.py): its searches against plain minimax
on the public XolibaState, to the end of the game and within a number of plies, on
positions whose trees end by every rule (fewer than three pieces, a second pass, 30 moves
without a capture, a third repetition); every answer list complete; the line of a forced
win followed to its end against the longest defence; the candidates reproducible.

The reference knows nothing of the search: it plays every legal move on the state and
scores a finished game from its outcome, as the kit promises to: a win of p points is
2p + 1, a tie 0, a loss of p points -(2p + 1).
"""
import dataclasses
import random
from collections import Counter

import pytest

import game.ai
import game.records
import game.rules
from game.games.xoliba import tactics
from game.games.xoliba.rules import BLUE, PASS, POINTS, RED, WHITE, position_text
from game.games.xoliba.tactics import FORCED_WIN, KIT, MOST_POINTS, Endgame, Position
from game.puzzles import Puzzle

SPEC = game.rules.get("xoliba")


# --- the reference: plain minimax on the public API ---------------------------------------
def outcome_value(state, me: int) -> int:
    outcome = state.outcome
    if outcome.winner is None:
        return 0
    if outcome.winner == me:
        return 2 * outcome.scores[me] + 1
    return -(2 * outcome.scores[1 - me] + 1)


class TreeTooBig(Exception):
    pass


def reference_value(state, me: int, causes: Counter, budget: list | None = None) -> int:
    """The final value for `me` with best play from both sides, to the end of the game;
    `causes` counts how the games of the tree ended. TreeTooBig past `budget[0]`
    positions."""
    if budget is not None:
        budget[0] -= 1
        if budget[0] < 0:
            raise TreeTooBig
    if state.is_over:
        causes[state.end_cause.removeprefix("Red ").removeprefix("Blue ")] += 1
        return outcome_value(state, me)
    values = []
    for move in state.legal_moves():
        state.play(move)
        try:
            values.append(reference_value(state, me, causes, budget))
        finally:
            state.undo()
    return max(values) if state.to_play == me else min(values)


def reference_wins_within(state, me: int, plies: int) -> bool:
    """Whether `me` wins against any defence with the game over within `plies` plies."""
    if state.is_over:
        return state.outcome.winner == me
    if plies == 0:
        return False

    def each():
        for move in state.legal_moves():
            state.play(move)
            try:
                yield reference_wins_within(state, me, plies - 1)
            finally:
                state.undo()
    return any(each()) if state.to_play == me else all(each())


def fewest_plies(state, me: int, most: int) -> int | None:
    """The fewest plies within which `me` wins against any defence, if at most `most`."""
    return next((p for p in range(most + 1) if reference_wins_within(state, me, p)), None)


# --- positions -------------------------------------------------------------------------------
def replayed(state, plies: int):
    """A fresh state after the first `plies` moves of `state`'s game (no redo line)."""
    fresh = SPEC.new_game(seed=state.seed, options=state.options)
    for move in state.history[:plies]:
        fresh.play(move)
    return fresh


def shuffled_endgame(seed: int, back: int):
    """3 to 6 pieces a side dealt at random, played to the end preferring moves that
    capture nothing (so the 30-move rule and repetitions end games), `back` moves taken
    back: the position's history holds the quiet moves the rules count."""
    rng = random.Random(seed)
    reds, blues = rng.randint(3, 6), rng.randint(3, 6)
    points = rng.sample(POINTS, reds + blues)
    board = [WHITE] * 49
    for point in points[:reds]:
        board[point] = RED
    for point in points[reds:]:
        board[point] = BLUE
    state = SPEC.new_game(seed=seed, options={"players": 2, "position": position_text(board)})
    while not state.is_over:
        moves = state.legal_moves()
        quiet = [m for m in moves if m == PASS or tactics.ai.capture_counts(state.board, m) == (0, 0)]
        state.play(rng.choice(quiet or moves))
    return replayed(state, len(state.history) - back)


# Small trees that end by each rule (the test below checks they do).
ENDGAMES = ((135, 5), (135, 4), (316, 2), (316, 3), (220, 4), (66, 3), (61, 1), (227, 1))


def quick_game(seed: int):
    """A seeded game of the quick levels, beginner (Red) v easy (Blue), to its end."""
    rng = random.Random(seed)
    state = SPEC.new_game(seed=seed, options={"players": 2})
    while not state.is_over:
        state.play(game.ai.choose_move(state, ("beginner", "easy")[state.to_play], rng))
    return state


def late_positions(games: int, backs=range(1, 7)):
    """Positions near the end of quick games."""
    for seed in range(games):
        state = quick_game(seed)
        for back in backs:
            if back < len(state.history):
                yield replayed(state, len(state.history) - back)


# (game seed, moves taken back from its end, n): forced wins within n turns there.
FORCED = ((23, 1, 1), (21, 3, 1), (12, 3, 2), (15, 5, 2), (9, 5, 3), (33, 5, 3))


def forced_puzzle(seed: int, back: int, n: int):
    """(state, proof) of a forced win of FORCED."""
    state = quick_game(seed)
    state = replayed(state, len(state.history) - back)
    return state, KIT.prove(state, FORCED_WIN, n)


# --- the searches ----------------------------------------------------------------------------
def test_values_to_the_end_are_minimax_values_and_the_trees_end_by_every_rule():
    causes = Counter()
    compared = 0
    for seed, back in ENDGAMES:
        state = shuffled_endgame(seed, back)
        me = state.to_play
        search = Endgame(state, 10**7)
        for move in state.legal_moves():
            state.play(move)
            value = reference_value(state, me, causes)
            state.undo()
            assert search.settle([move], value)[move] is tactics.PROVEN
            assert search.settle([move], value + 1)[move] is tactics.REFUTED
            assert search.settle([move], 1)[move] is (value >= 1)
            compared += 1
    assert compared >= 30
    assert {"has fewer than three pieces", "passed and still cannot form a triangle",
            "30 moves in a row without a capture",
            "the same position occurred for the third time"} <= set(causes)


def test_wins_within_a_number_of_plies_are_minimax_wins():
    positions = [shuffled_endgame(seed, back) for seed, back in ENDGAMES]
    positions += list(late_positions(4))
    won = 0
    for state in positions:
        me = state.to_play
        for plies in range(4):
            search = Endgame(state, 10**7)
            for move in state.legal_moves():
                played = search.play(move)
                found = search.wins_within(plies)
                search.unplay(played)
                state.play(move)
                assert found == reference_wins_within(state, me, plies), (state.history, move, plies)
                state.undo()
                won += found
    assert won >= 20


def test_a_search_out_of_budget_proves_nothing(monkeypatch):
    state, proof = forced_puzzle(12, 3, 2)
    assert proof is not None
    monkeypatch.setattr(tactics, "FORCED_BUDGET", 50)
    assert tactics.XolibaKit().prove(state, FORCED_WIN, 2) is None


# --- the goals -------------------------------------------------------------------------------
@pytest.mark.parametrize("seed, back, n", FORCED)
def test_a_forced_win_lists_every_move_that_wins_within_n_turns_and_no_quicker_win(seed, back, n):
    state, proof = forced_puzzle(seed, back, n)
    me, answers = state.to_play, []
    assert proof.forced == n and KIT.goal(FORCED_WIN, n).startswith(f"Win within {n} turn")
    for move in state.legal_moves():
        state.play(move)
        fewest = fewest_plies(state, me, 2 * n - 1)      # the plies after the move
        state.undo()
        # No win is quicker than n turns, none ends at the opponent's move after them.
        assert fewest in (None, 2 * n - 2)
        if fewest == 2 * n - 2:
            answers.append(state.format_move(move))
    assert list(proof.answers) == answers
    assert proof.explanation and proof.measures["answers"] == len(answers)
    for other in (1, 2, 3):
        assert (KIT.prove(state, FORCED_WIN, other) is None) == (other != n)


def reference_points(state) -> dict:
    """{move: the final value for the side to move} of every legal move, by the
    reference (TreeTooBig past a few thousand positions)."""
    me, values, budget = state.to_play, {}, [3000]
    for move in state.legal_moves():
        state.play(move)
        try:
            values[move] = reference_value(state, me, Counter(), budget)
        finally:
            state.undo()
    return values


# Shuffled endgames (seed, moves taken back) whose points are worked out: some give a
# best move and a next best, some no points at all or too many best moves.
POINTS_ENDGAMES = ((400, 1), (403, 4), (434, 3), (470, 3), (496, 1), (524, 1), (598, 3),
                   (623, 4), (644, 1), (664, 1), (686, 3))


@pytest.mark.parametrize("seed, back", POINTS_ENDGAMES)
def test_the_points_of_the_winning_moves_are_the_minimax_points(seed, back):
    state = shuffled_endgame(seed, back)
    values = reference_points(state)
    points = Position(state).points
    winning = {move: (value - 1) // 2 for move, value in values.items() if value > 0}
    best = max(winning.values())
    answers = [move for move in state.legal_moves() if winning.get(move) == best]
    others = [p for move, p in winning.items() if move not in answers]
    if len(answers) > tactics.MAX_ANSWERS or any(p > best - tactics.MIN_POINTS_GAP
                                                  for p in others):
        assert points is None
    else:
        assert points == (best, answers, max(others, default=None))


# Quick games' positions (seed, moves taken back) with a most-points puzzle.
MOST = ((0, 1), (2, 1), (17, 3))


@pytest.mark.parametrize("seed, back", MOST)
def test_a_most_points_puzzle_lists_every_move_of_the_best_score(seed, back):
    state = quick_game(seed)
    state = replayed(state, len(state.history) - back)
    proof = KIT.prove(state, MOST_POINTS, None)
    points = {move: (value - 1) // 2 for move, value in reference_points(state).items()}
    best = max(points.values())
    assert proof.answers == tuple(state.format_move(move) for move in state.legal_moves()
                                  if points[move] == best)
    assert max(p for p in points.values() if p < best) <= best - tactics.MIN_POINTS_GAP
    assert proof.forced is None and f"wins {best} points" in proof.explanation


# --- the line, the checks, the candidates ---------------------------------------------------
def test_the_line_of_a_forced_win_is_followed_to_its_end_against_the_longest_defence():
    n = 3
    state, proof = forced_puzzle(33, 5, n)
    start, solver = len(state.history), state.to_play
    turns = 0
    while True:
        follow = KIT.follow(state, start, FORCED_WIN, n)
        if follow.solved:
            break
        assert not follow.failed
        if state.to_play == solver:
            left = n - turns
            for text in follow.accepted:
                state.play(state.parse_move(text))
                assert reference_wins_within(state, solver, 2 * left - 2)
                state.undo()
            state.play(state.parse_move(follow.accepted[0]))
            turns += 1
        else:
            lengths = {}
            for reply in state.legal_moves():
                state.play(reply)
                lengths[reply] = fewest_plies(state, solver, 2 * (n - turns) - 1)
                state.undo()
            assert lengths[follow.reply] == max(lengths.values())
            state.play(follow.reply)
    assert state.outcome.winner == solver and turns <= n
    # A move that lets the win slip is not followed.
    fresh = replayed(state, start)
    wrong = next(m for m in fresh.legal_moves() if fresh.format_move(m) not in proof.answers)
    fresh.play(wrong)
    assert KIT.follow(fresh, start, FORCED_WIN, n).failed


def test_verify_proves_a_puzzle_again_and_names_a_wrong_answer_list():
    n = 2
    state, proof = forced_puzzle(15, 5, n)
    puzzle = Puzzle(game="xoliba", record=game.records.dumps(state), goal=KIT.goal(FORCED_WIN, n),
                    answers=proof.answers, forced=n, kind=FORCED_WIN, n=n)
    loaded, _ = puzzle.position()
    assert KIT.verify(loaded, puzzle) is None
    other = next(state.format_move(m) for m in state.legal_moves()
                 if state.format_move(m) not in proof.answers)
    wrong = dataclasses.replace(puzzle, answers=proof.answers + (other,))
    assert KIT.verify(loaded, wrong)


def test_candidates_are_reproducible_positions_of_two_player_games():
    def first(count):
        found = []
        for candidate in KIT.candidates(3):
            found.append((game.records.dumps(candidate.state), candidate.source))
            if len(found) == count:
                return found
    taken = first(2)
    assert taken == first(2)
    for record, source in taken:
        state, _ = game.records.loads(record)
        assert state.players == 2 and not state.is_over and not state.redo_stack
        assert "deal" in source and "move" in source


def test_a_candidate_is_a_blunder_where_a_forced_win_was_missed_and_the_game_not_won():
    labels = Counter()
    for seed in range(6):
        final = quick_game(seed)
        for ply in range(len(final.history) - 6, len(final.history)):
            state, move = replayed(final, ply), final.history[ply]
            fastest = KIT.position(state).fastest
            source = KIT.source(state, "beginner", move, final.outcome.winner, "here")
            blunder = bool(fastest) and move not in fastest and \
                final.outcome.winner != state.to_play
            assert source.startswith("blunder of beginner" if blunder else "self-play")
            labels[blunder] += 1
    assert labels[True] >= 1 and labels[False] >= 1


@pytest.mark.parametrize("kind, n", KIT.tries)
def test_the_goals_read_as_sentences(kind, n):
    assert KIT.goal(kind, n).endswith(".") and "{" not in KIT.goal(kind, n)
