"""The puzzle rating (game/puzzles/rating.py): Glicko-2 as Glickman's worked example
computes it, and the rules the player's progress adds (game/puzzles/progress.py): only a
first attempt counts, and a solve with a hint gains nothing."""
from __future__ import annotations

import datetime

import pytest

from game.puzzles import Puzzle
from game.puzzles.progress import PuzzleProgress
from game.puzzles.rating import (PUZZLE_DEVIATION, START_DEVIATION, Rating, puzzle_opponent,
                                 update)

DAY = datetime.date(2026, 3, 14)


def test_glickmans_worked_example():
    # "Example of the Glicko-2 system": 1500/200/0.06 beats 1400/30, loses to 1550/100
    # and to 1700/300 -> 1464.06 / 151.52 / 0.05999.
    after = update(Rating(1500, 200, 0.06),
                   [(Rating(1400, 30), 1), ((1550, 100), 0), ((1700, 300), 0)])
    assert after.value == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_win_raises_a_loss_lowers_and_a_harder_win_raises_more():
    start = Rating()
    easy, hard = puzzle_opponent(1200), puzzle_opponent(1900)
    assert easy == Rating(1200, PUZZLE_DEVIATION)
    won_easy, won_hard = update(start, [(easy, 1)]), update(start, [(hard, 1)])
    lost_easy, lost_hard = update(start, [(easy, 0)]), update(start, [(hard, 0)])
    assert start.value < won_easy.value < won_hard.value
    assert lost_easy.value < lost_hard.value < start.value
    assert won_easy.deviation < start.deviation


def test_the_deviation_settles_and_the_rating_still_follows():
    rating = Rating()
    for attempt in range(200):          # one period an attempt, as the app rates them
        rating = update(rating, [(puzzle_opponent(1500), attempt % 2)])
    assert 55 < rating.deviation < 70
    assert update(rating, [(puzzle_opponent(round(rating.value)), 1)]).value > rating.value + 8
    # A period without games widens it, never past where a new player starts.
    assert update(Rating(1500, 100), []).deviation > 100
    assert update(Rating(1500, 349.9), []).deviation == START_DEVIATION


def puzzle(ident: str, rating: int = 1500) -> Puzzle:
    return Puzzle("chess", "record", "goal", ("e4",), None, id=ident, kind="k",
                  rating=rating, set_name="chess")


def test_a_solve_with_a_hint_gains_nothing_and_a_failure_with_one_still_loses():
    progress = PuzzleProgress()
    before, after = progress.record_attempt(puzzle("p1"), solved=True, hinted=True,
                                            today=DAY, daily=False)
    assert before == after == 1500 and progress.rating("chess") == Rating()
    assert progress.solved("p1") and progress.course("chess") == []
    before, after_failure = progress.record_attempt(puzzle("p2"), solved=False, hinted=True,
                                                    today=DAY, daily=False)
    assert after_failure < before
    before, after = progress.record_attempt(puzzle("p3"), solved=True, hinted=False,
                                            today=DAY, daily=False)
    assert after > before == after_failure
    # The course has a point for each rated attempt: the two without a hinted solve.
    assert progress.course("chess") == [("2026-03-14", round(after_failure, 1)),
                                        ("2026-03-14", round(after, 1))]


def test_only_the_first_attempt_at_a_puzzle_is_rated():
    progress = PuzzleProgress()
    _, after_failure = progress.record_attempt(puzzle("p1"), False, False, DAY, daily=False)
    assert progress.record_attempt(puzzle("p1"), True, False, DAY, daily=False) == \
        (after_failure, after_failure)
    assert progress.attempts("p1") == (2, 1) and len(progress.course("chess")) == 1
