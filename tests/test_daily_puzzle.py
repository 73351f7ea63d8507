"""The daily puzzle (game/puzzles/daily.py): the same on a given date in every process,
the games in turn from one day to the next, only the games' own sets."""
from __future__ import annotations

import datetime
import os
import subprocess
import sys
from pathlib import Path

from game.puzzles import Puzzle
from game.puzzles.daily import daily_puzzle, daily_sets
from game.games import GAMES

DAY = datetime.date(2026, 3, 14)
ROOT = Path(__file__).resolve().parents[1]


def puzzles() -> list[Puzzle]:
    """Ten puzzles for each game, and some of a set that is not a game's."""
    found = [Puzzle(name, "record", "goal", ("m",), None, id=f"{name}-{i:03}", kind="k",
                    set_name=name) for name in GAMES for i in range(10)]
    return found + [Puzzle("x", "record", "goal", ("m",), None, id=f"other-{i}", kind="k",
                           set_name="other") for i in range(10)]


def test_the_sets_are_the_games_in_their_order():
    assert daily_sets() == list(GAMES)


def test_the_same_date_gives_the_same_puzzle_and_the_order_given_does_not_matter():
    first = daily_puzzle(DAY, puzzles())
    assert daily_puzzle(DAY, list(reversed(puzzles()))) == first
    assert first.set_name in GAMES


def test_consecutive_dates_take_the_games_in_turn():
    days = [DAY + datetime.timedelta(days=n) for n in range(2 * len(GAMES))]
    games = [daily_puzzle(day, puzzles()).set_name for day in days]
    start = list(GAMES).index(games[0])
    assert games == [list(GAMES)[(start + n) % len(GAMES)] for n in range(len(days))]
    # Within a game the puzzle changes with the date too.
    a_year = {daily_puzzle(DAY + datetime.timedelta(days=n), puzzles()).id for n in range(365)}
    assert len(a_year) > 40


def test_a_game_without_puzzles_is_passed_over_and_none_at_all_gives_none():
    some = [p for p in puzzles() if p.set_name in list(GAMES)[:2]]
    days = [DAY + datetime.timedelta(days=n) for n in range(4)]
    assert {daily_puzzle(day, some).set_name for day in days} == set(list(GAMES)[:2])
    assert daily_puzzle(DAY, []) is None
    assert daily_puzzle(DAY, [p for p in puzzles() if p.set_name == "other"]) is None


def test_the_puzzle_is_the_same_in_another_process():
    # Another hash seed each: Python's own hash() of a text would differ between them.
    code = ("import datetime; from game.puzzles import Puzzle; from game.games import GAMES;"
            "from game.puzzles.daily import daily_puzzle;"
            "found = [Puzzle(n, 'r', 'g', ('m',), None, id=f'{n}-{i:03}', kind='k', "
            "set_name=n) for n in GAMES for i in range(10)];"
            "print(daily_puzzle(datetime.date(2026, 3, 14), found).id)")
    ids = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, cwd=ROOT,
                          env={**os.environ, "PYTHONHASHSEED": seed}).stdout.strip()
           for seed in ("1", "2")}
    assert ids == {daily_puzzle(DAY, puzzles()).id}
