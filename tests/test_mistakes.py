"""Own-mistake puzzles (game/puzzles/mistakes.py): a kept game with a planted blunder
gives a puzzle, through the test game's analysis and kit (tests/tictactoe_kit.py); the
miner looks at the kept games in a thread of its own, proves in a process of its own,
marks what it looked at, skips a game whose kit is still to come, and stops."""
from __future__ import annotations

import dataclasses
import os
import threading
import time

import pytest

import game.records
import game.rules
from game.core import storage
from game.puzzles import mistakes, puzzle_from_data
from game.puzzles.progress import PuzzleProgress, load_progress, puzzle_data
from game.records import kept_games
from tictactoe_kit import KIT, NAME, SPEC, LineKit, played

# X (you) can complete the top row with c1 at move 5, plays a3, and O wins on the middle
# row. O's a2 (move 2) loses too: the computer's blunder, not yours.
MOVES = ("a1", "a2", "b1", "b2", "a3", "c2")
HEADERS = {"Date": "2026-03-14 10:00:00", "Seat X": "You", "Seat O": "Computer (random)"}


@pytest.fixture(autouse=True)
def puzzle_game():
    game.rules.register(SPEC)
    yield SPEC
    game.rules.unregister(NAME)


def record(headers=HEADERS, moves=MOVES) -> str:
    return game.records.dumps(played(*moves), headers)


def keep(text: str, stem: str = "20260314-100000") -> str:
    """Put `text` among the kept games; returns its key."""
    folder = kept_games.games_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{stem}-{NAME}.txt").write_text(text, encoding="utf-8")
    return mistakes.game_key(text)


def found_by(miner, seconds: float = 60.0) -> list:
    """Poll the miner as a screen does until its thread ends; what it found."""
    found, end = [], time.monotonic() + seconds
    while miner.running and time.monotonic() < end:
        found += miner.poll()
        time.sleep(0.05)
    assert miner.wait(5), "the miner did not stop by itself"
    return found + miner.poll()


# --- one game ----------------------------------------------------------------------------------
def test_the_human_seats_are_read_from_the_headers():
    state = played(*MOVES)
    assert mistakes.human_seats(state, HEADERS) == [0]
    assert mistakes.human_seats(state, {"Seat X": "Player 1", "Seat O": "Player 2"}) == [0, 1]
    assert mistakes.human_seats(state, {"Seat X": "Computer (random)",
                                        "Seat O": "Computer 2 (random)"}) == []


def test_a_planted_blunder_gives_a_proven_puzzle_of_its_position():
    text = record()
    [puzzle] = mistakes.mistake_puzzles(text, [0], {NAME: KIT}, seconds=0.0)
    assert puzzle.answers == ("c1",) and puzzle.goal == "Complete a line now."
    assert puzzle.id.startswith("mine-") and puzzle.set_name == NAME
    assert puzzle.source == "your game of 2026-03-14 against Computer (random), move 5"
    assert (puzzle.grade, puzzle.rating) == (mistakes.OWN_GRADE, mistakes.OWN_RATING)
    assert puzzle.notes == ("In the game you played a3.",)
    assert puzzle.measures["loss"] == 2.0
    state, _ = puzzle.position()
    assert state.move_list() == list(MOVES[:4]) and state.to_play == 0
    # As data it comes back the same, checked.
    assert puzzle_from_data(puzzle_data(puzzle), NAME) == puzzle
    # The same game gives the same puzzle, id and all.
    assert mistakes.mistake_puzzles(text, [0], {NAME: KIT}, seconds=0.0) == [puzzle]


class Recording(LineKit):
    """The line kit, noting the positions (moves played before) it is asked about."""

    def __init__(self):
        self.asked = []

    def prove(self, state, kind, n):
        self.asked.append(len(state.history))
        return super().prove(state, kind, n)


def test_only_the_blunders_of_the_given_seats_are_tried():
    for seats, asked in (([0], [4]), ([1], [1]), ([0, 1], [1, 4]), ([], [])):
        kit = Recording()
        mistakes.mistake_puzzles(record(), seats, {NAME: kit}, seconds=0.0)
        assert kit.asked == asked, seats


def test_no_puzzle_when_the_move_played_was_an_answer_or_the_game_has_no_kit():
    class AcceptsA3(LineKit):
        def prove(self, state, kind, n):
            proof = super().prove(state, kind, n)
            return proof and dataclasses.replace(proof, answers=("a3", *proof.answers))

    assert mistakes.mistake_puzzles(record(), [0], {NAME: AcceptsA3()}, seconds=0.0) == []
    assert mistakes.mistake_puzzles(record(), [0], {}, seconds=0.0) == []


def test_at_most_a_few_puzzles_a_game():
    kit = Recording()
    assert mistakes.mistake_puzzles(record(), [0, 1], {NAME: kit}, seconds=0.0, most=0) == []
    assert kit.asked == []


# --- the miner ---------------------------------------------------------------------------------
def test_the_miner_works_off_the_calling_thread_and_in_another_process(monkeypatch):
    key = keep(record())
    threads = []
    listing = kept_games.kept_files

    def noted():
        threads.append(threading.current_thread())
        return listing()

    monkeypatch.setattr(kept_games, "kept_files", noted)
    progress = PuzzleProgress()
    miner = mistakes.MistakeMiner(progress, seconds=0.0)
    [puzzle] = found_by(miner)
    assert threads and threading.current_thread() not in threads
    assert puzzle.measures["pid"] != os.getpid()        # proven by the worker process
    assert progress.mistakes() == [puzzle] and progress.analysed_games == [key]
    assert miner.messages == []
    storage.writer.wait()
    saved, message = load_progress()
    assert message is None and saved.mistakes() == [puzzle]

    # Started again, it looks at nothing twice: no worker is even started.
    monkeypatch.setattr(mistakes, "AIWorker", None)
    again = mistakes.MistakeMiner(progress, seconds=0.0)
    assert found_by(again) == [] and progress.analysed_games == [key]


def test_a_game_whose_kit_does_not_import_yet_is_left_for_later():
    game.rules.register(dataclasses.replace(SPEC, tactics="tictactoe_kit:NO_SUCH_KIT"))
    keep(record())
    progress = PuzzleProgress()
    assert found_by(mistakes.MistakeMiner(progress, seconds=0.0)) == []
    assert progress.analysed_games == [] and progress.mistakes() == []


def test_unreadable_games_are_named_and_games_without_a_person_passed(monkeypatch):
    monkeypatch.setattr(mistakes, "AIWorker", None)         # neither needs the analysis
    bad = keep("# Little Abstracts game record, format 1\nGame: nothing\n", "20260101-000000")
    computers = keep(record({"Seat X": "Computer (random)", "Seat O": "Computer 2 (random)"}),
                     "20260102-000000")
    progress = PuzzleProgress()
    miner = mistakes.MistakeMiner(progress)
    assert found_by(miner) == []
    assert sorted(progress.analysed_games) == sorted([bad, computers])
    [message] = miner.messages
    assert f"20260101-000000-{NAME}.txt could not be looked at" in message
    assert "nothing" in message


def test_the_miner_stops_at_once_and_its_worker_with_it(monkeypatch):
    workers = []

    class Noted(mistakes.AIWorker):
        def __init__(self):
            super().__init__()
            workers.append(self)

    monkeypatch.setattr(mistakes, "AIWorker", Noted)
    keep(record())
    progress = PuzzleProgress()
    miner = mistakes.MistakeMiner(progress, seconds=30.0)     # 30 s a position
    end = time.monotonic() + 30
    while not (workers and workers[0].busy) and time.monotonic() < end:
        time.sleep(0.05)
    assert workers and workers[0].busy
    started = time.monotonic()
    miner.stop()
    assert miner.wait(5) and time.monotonic() - started < 2
    assert not workers[0].process_alive
    assert miner.poll() == [] and progress.analysed_games == []
