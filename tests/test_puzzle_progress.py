"""The player's puzzle progress (game/puzzles/progress.py): the file's round trip and
atomic writes; corrupt, cut short, newer and huge files kept aside whole with a message;
an own puzzle that no longer holds left out, the file copied first; the Leitner boxes of
own puzzles; the next puzzle near the player's rating; the daily puzzle marked."""
from __future__ import annotations

import datetime
import json
import os
import random

import pytest

import game.records
import game.rules
from game.core import storage
from game.puzzles import Puzzle, progress as progress_module
from game.puzzles.progress import (LEARNT, PuzzleProgress, load_progress, progress_path,
                                   puzzle_data, save_progress, save_progress_soon)
from tictactoe_kit import NAME, SPEC, played

DAY = datetime.date(2026, 3, 14)
NEXT_DAY = DAY + datetime.timedelta(days=1)


@pytest.fixture(autouse=True)
def puzzle_game():
    game.rules.register(SPEC)
    yield SPEC
    game.rules.unregister(NAME)


def own(moves=("a1", "a2", "b1", "b2"), answers=("c1",), ident=None) -> Puzzle:
    """An own puzzle of the test game: X to complete a line."""
    return Puzzle(NAME, game.records.dumps(played(*moves)), "Complete a line now.", answers,
                  None, id=ident or f"mine-{'-'.join(moves)}", kind="line", grade=2,
                  source="your game of 2026-03-14 against Computer (random), move 5",
                  set_name=NAME)


def shipped(ident: str, rating: int) -> Puzzle:
    return Puzzle(NAME, "record", "goal", ("c1",), None, id=ident, kind="line",
                  rating=rating, set_name=NAME)


def filled() -> PuzzleProgress:
    progress = PuzzleProgress()
    progress.record_attempt(shipped("t-1", 1400), True, False, DAY, daily=True)
    progress.record_attempt(shipped("t-2", 1700), False, False, DAY, daily=False)
    progress.add_mistakes([own(), own(("a1", "b2", "a2", "c2"), ("a3",))], DAY)
    progress.record_attempt(own(), True, False, DAY, daily=False)
    progress.mark_analysed("kept-game-1")
    return progress


# --- the file ---------------------------------------------------------------------------------
def test_the_progress_comes_back_as_it_was_saved(app_home):
    progress = filled()
    save_progress(progress)
    loaded, message = load_progress()
    assert message is None
    assert loaded.to_dict() == progress.to_dict()
    assert loaded.rating(NAME) == progress.rating(NAME) and loaded.course(NAME)
    assert loaded.mistakes() == [own(), own(("a1", "b2", "a2", "c2"), ("a3",))]
    assert loaded.mistake_box(own().id) == 2 and loaded.daily_done(DAY)
    assert loaded.attempts("t-2") == (1, 0) and loaded.analysed_games == ["kept-game-1"]
    assert progress_path() == app_home / "data" / "puzzles_played.json"
    # By the background writer too.
    progress.mark_analysed("kept-game-2")
    save_progress_soon(progress)
    storage.writer.wait()
    assert load_progress()[0].analysed_games == ["kept-game-1", "kept-game-2"]


def test_no_file_is_no_progress_and_no_message():
    progress, message = load_progress()
    assert message is None and progress.to_dict() == PuzzleProgress().to_dict()
    assert progress.rating(NAME).value == 1500 and progress.course(NAME) == []


def test_a_failed_write_keeps_the_old_file_whole(monkeypatch):
    save_progress(filled())
    before = progress_path().read_bytes()

    def broken(*args):
        raise OSError("disk full")

    with monkeypatch.context() as patch, pytest.raises(OSError):
        patch.setattr(os, "replace", broken)
        save_progress(PuzzleProgress())
    assert progress_path().read_bytes() == before
    assert [p.name for p in progress_path().parent.iterdir()] == [progress_path().name]


def good_text() -> str:
    return storage.json_bytes(filled().to_dict()).decode("utf-8")


BAD_FILES = {
    "empty": ("", "it is empty"),
    "cut short": (None, "cut short"),            # (a good file's first 300 characters)
    "not JSON": ("puzzles!", "not valid JSON"),
    "a list": ("[1, 2]", "expected a JSON object"),
    "newer": ('{"version": 99}', "newer version"),
    "a rating of text": ('{"version": 1, "sets": {"x": {"rating": {"value": "high", '
                         '"deviation": 50, "volatility": 0.06}}}}', "the rating"),
    "more solves than tries": ('{"version": 1, "puzzles": {"p": {"tries": 1, "solves": 2, '
                               '"last": "solved"}}}', "more solves than tries"),
    "a date that is none": ('{"version": 1, "daily": {"yesterday": "solved"}}', "not a date"),
    "a course too long": (json.dumps({"version": 1, "sets": {"x": {
        "rating": {"value": 1500, "deviation": 80, "volatility": 0.06},
        "course": [["2026-03-14", 1500]] * 201}}}), "at most 200"),
}


@pytest.mark.parametrize("name", BAD_FILES)
def test_a_bad_file_is_kept_aside_whole_with_a_message(name):
    text, reason = BAD_FILES[name]
    text = good_text()[:300] if text is None else text
    path = progress_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    progress, message = load_progress()
    assert progress.to_dict() == PuzzleProgress().to_dict()
    [aside] = path.parent.glob("puzzles_played.json.bad-*")
    assert str(path) in message and reason in message and aside.name in message
    assert "The puzzles start with no progress." in message
    assert aside.read_text(encoding="utf-8") == text and not path.exists()


def test_a_huge_file_is_kept_aside_unread(monkeypatch):
    monkeypatch.setattr(progress_module, "MAX_FILE_BYTES", 1000)
    path = progress_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    text = good_text()
    assert len(text) > 1000
    path.write_text(text, encoding="utf-8")
    progress, message = load_progress()
    assert progress.to_dict() == PuzzleProgress().to_dict()
    [aside] = path.parent.glob("puzzles_played.json.bad-*")
    assert "larger than" in message and aside.name in message
    assert aside.read_text(encoding="utf-8") == text


def test_an_own_puzzle_that_no_longer_holds_is_left_out_the_rest_kept():
    progress = filled()
    data = progress.to_dict()
    data["mistakes"][1]["puzzle"]["answers"] = ["a2"]           # taken: not legal there
    data["mistakes"].append({"puzzle": {"id": "xtic-001"}, "box": 1, "due": "2026-03-14",
                             "added": "2026-03-14"})           # not an own puzzle
    path = progress_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(storage.json_bytes(data))
    loaded, message = load_progress()
    assert loaded.mistakes() == [own()] and loaded.rating(NAME) == progress.rating(NAME)
    [copy] = path.parent.glob("puzzles_played.json.bad-*")
    assert "2 of your own puzzles could not be used" in message and copy.name in message
    assert "'a2' is not a legal move" in message
    assert json.loads(copy.read_text(encoding="utf-8")) == data
    # The file was written again without them: loaded again, it has no fault.
    again, message = load_progress()
    assert message is None and again.to_dict() == loaded.to_dict()
    assert len(list(path.parent.glob("puzzles_played.json.bad-*"))) == 1


def test_own_puzzles_taken_on_trust_are_checked_for_their_shape_only():
    data = filled().to_dict()
    data["mistakes"][1]["puzzle"]["answers"] = ["a2"]           # not legal, not checked
    data["mistakes"][0]["box"] = 7
    path = progress_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(storage.json_bytes(data))
    counted, message = load_progress(check=False)
    assert [p.answers for p in counted.mistakes()] == [("a2",)]
    assert "1 of your own puzzles could not be used and was left out" in message
    assert "box 7 is not 1, 2 or 3" in message


# --- own mistakes ------------------------------------------------------------------------------
def test_own_puzzles_come_back_by_leitner_boxes_until_solved_twice():
    progress = PuzzleProgress()
    puzzle = own()
    assert progress.add_mistakes([puzzle], DAY) == [puzzle]
    assert progress.mistakes_due(DAY) == [puzzle] and progress.mistake_box(puzzle.id) == 1
    progress.record_attempt(puzzle, True, False, DAY, daily=False)
    assert progress.mistake_box(puzzle.id) == 2
    assert progress.mistakes_due(DAY) == [] and progress.mistakes_due(NEXT_DAY) == [puzzle]
    # Solved again before it is due: it stays where it is.
    progress.record_attempt(puzzle, True, False, DAY, daily=False)
    assert progress.mistake_box(puzzle.id) == 2
    # Failed: back to box 1, due at once.
    progress.record_attempt(puzzle, False, False, NEXT_DAY, daily=False)
    assert progress.mistake_box(puzzle.id) == 1 and progress.mistakes_due(NEXT_DAY) == [puzzle]
    # Solved with a hint: it stays, and comes back the next day.
    progress.record_attempt(puzzle, True, True, NEXT_DAY, daily=False)
    assert progress.mistake_box(puzzle.id) == 1 and progress.mistakes_due(NEXT_DAY) == []
    later = NEXT_DAY + datetime.timedelta(days=1)
    progress.record_attempt(puzzle, True, False, later, daily=False)
    progress.record_attempt(puzzle, True, False, later + datetime.timedelta(days=1),
                            daily=False)
    assert progress.mistake_box(puzzle.id) == LEARNT
    assert progress.mistakes_due(later + datetime.timedelta(days=30)) == []
    assert progress.mistakes() == [puzzle] and progress.mistakes(NAME) == [puzzle]
    assert progress.mistakes("other") == []
    # Own puzzles never move the rating.
    assert progress.rating(NAME).value == 1500 and progress.course(NAME) == []


def test_own_puzzles_are_added_once_and_bounded(monkeypatch):
    progress = PuzzleProgress()
    first = own()
    twin = own(ident="mine-another-id")          # the same record and answers
    assert progress.add_mistakes([first, twin, first], DAY) == [first]
    with pytest.raises(ValueError, match="not one of the player's own"):
        progress.add_mistakes([shipped("t-1", 1500)], DAY)
    monkeypatch.setattr(progress_module, "MAX_OWN", 2)
    second, third = own(("a1", "b2", "a2", "c2"), ("a3",)), own(("c3",), ("b1",))
    progress.add_mistakes([second], DAY)
    progress.record_attempt(second, True, False, DAY, daily=False)
    progress.record_attempt(second, True, False, NEXT_DAY, daily=False)     # learnt
    progress.add_mistakes([third], DAY)
    assert progress.mistakes() == [first, third]            # the learnt one went first
    assert progress.attempts(second.id) == (0, 0)           # and its attempts with it


def test_kept_games_are_marked_analysed_once():
    progress = PuzzleProgress()
    for key in ("a", "b", "a"):
        progress.mark_analysed(key)
    assert progress.analysed_games == ["a", "b"]


# --- choosing puzzles -------------------------------------------------------------------------
def test_the_next_puzzle_is_untried_and_near_the_rating():
    puzzles = [shipped(f"t-{r}", r) for r in range(1000, 2100, 100)]
    progress = PuzzleProgress()
    rng = random.Random(5)
    picks = {progress.next_puzzle(puzzles, NAME, rng).rating for _ in range(40)}
    assert picks == {1400, 1500, 1600}
    for rating in (1400, 1500, 1600):                           # failed: tried
        progress.record_attempt(shipped(f"t-{rating}", rating), False, False, DAY,
                                daily=False)
    target = progress.rating(NAME).value
    assert target < 1400
    picks = {progress.next_puzzle(puzzles, NAME, rng).rating for _ in range(40)}
    assert picks == {1100, 1200, 1300}
    for puzzle in puzzles:
        if puzzle.rating not in (1400, 1500, 1600):
            progress.record_attempt(puzzle, True, False, DAY, daily=False)
    # Only the failed ones are unsolved now; once all are solved, any comes back.
    assert {progress.next_puzzle(puzzles, NAME, rng).rating for _ in range(40)} == \
        {1400, 1500, 1600}
    for rating in (1400, 1500, 1600):
        progress.record_attempt(shipped(f"t-{rating}", rating), True, False, DAY, daily=False)
    assert progress.next_puzzle(puzzles, NAME, rng) in puzzles
    assert progress.counts(NAME, puzzles) == (11, 11) and progress.counts("other", puzzles) == (0, 0)
    assert progress.next_puzzle([], NAME, rng) is None


def test_the_daily_puzzle_is_marked_done_by_its_attempt(monkeypatch):
    progress = PuzzleProgress()
    todays = shipped("t-1", 1500)
    monkeypatch.setattr(progress_module, "daily_puzzle",
                        lambda date: todays if date == DAY else None)
    progress.record_attempt(shipped("t-2", 1500), True, False, DAY)
    assert not progress.daily_done(DAY)
    progress.record_attempt(todays, False, False, DAY)
    assert progress.daily_done(DAY) and not progress.daily_done(NEXT_DAY)
    progress.record_attempt(todays, True, False, NEXT_DAY, daily=True)
    assert progress.daily_done(NEXT_DAY)
    assert progress.to_dict()["daily"] == {"2026-03-14": "failed", "2026-03-15": "solved"}


def test_an_own_puzzle_survives_the_round_trip_as_data():
    puzzle = own()
    assert progress_module.puzzle_from_data(puzzle_data(puzzle), NAME) == puzzle
