"""Every shipped puzzle is proven again (game/puzzles, docs/PUZZLES.md): each set file
reads without a fault, holds enough puzzles over every grade, and its kit proves each
puzzle again, or checks its certificate (a kit that certifies proves them in full in its
bench)."""
from __future__ import annotations

import time

import pytest

import game.puzzles
import game.rules
from game.games import GAMES
from game.puzzles import GRADES, check_puzzle, kit_reference, read_set, set_names, set_path
from game.core.registry import load_reference

LEAST_PER_GAME = 60
MOST_SECONDS = 40           # CPU to verify one whole set: the suite stays short


def test_every_game_with_a_kit_has_a_set_and_the_sets_are_the_games_and_their_own():
    with_kits = {name for name in GAMES if game.rules.get(name).tactics}
    assert with_kits == set(set_names()) & set(GAMES)
    for name in set_names():
        assert set_path(name).exists(), name


@pytest.mark.parametrize("name", set_names())
def test_every_puzzle_of_a_set_is_proven(name):
    started = time.process_time()
    puzzles, problems = read_set(set_path(name))
    assert problems == []
    if name in GAMES:
        assert len(puzzles) >= LEAST_PER_GAME
        assert {p.grade for p in puzzles} == set(GRADES)
    kit = load_reference(kit_reference(name))
    faults = []
    for puzzle in puzzles:
        state, _ = puzzle.position()
        fault = kit.verify(state, puzzle)
        if fault:
            faults.append(f"{puzzle.id}: {fault}")
    assert faults == []
    assert time.process_time() - started < MOST_SECONDS


def test_the_public_list_holds_every_set_with_unique_ids():
    puzzles = game.puzzles.all_puzzles()
    assert len({p.id for p in puzzles}) == len(puzzles)
    assert {p.set_name for p in puzzles} == set(set_names())
    for puzzle in puzzles:
        check_puzzle(puzzle)                # its position loads, its answers are legal
        assert puzzle.forced in (None, puzzle.n)
