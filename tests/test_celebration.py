"""A short celebration (confetti) when a human wins, in every game's play scene and a
solved puzzle; none for the computer's win, and none with motion off (the reduced motion
setting)."""
from __future__ import annotations

import pygame
import pytest

import game.rules
from game.services.saves import Seat
from game.games.xoliba.puzzle_progress import PuzzleProgress
from game.games.xoliba.levels import LEVELS_FOLDER, load_levels
from game.scenes.play import PlayScene
from game.games.xoliba.puzzle_play import PuzzleScene
from game.services.settings import Settings
from scene_driver import SHORT_GAME, settle, shoot, step, wait_for_scene

HUMAN, COMPUTER = Seat("human", None), Seat("computer", "easy")


def finish(app, seats):
    """Xtic's short game: the first seat places the fourth piece of a line and loses."""
    state = game.rules.get("xtic").new_game(seed=1)
    for move in SHORT_GAME[:-1]:
        state.play(move)
    play = PlayScene(app, state, seats)
    app.push(play)
    step(app, frames=2)
    play.play_move(SHORT_GAME[-1])
    assert play.state.outcome.winner == 1
    return play


@pytest.mark.parametrize("seats, celebrated", [
    ((COMPUTER, HUMAN), True),          # you beat the computer
    ((HUMAN, COMPUTER), False),         # the computer beat you
    ((HUMAN, HUMAN), True),             # someone at the table won
])
def test_a_win_is_celebrated(make_app, seats, celebrated):
    app = make_app()
    play = finish(app, list(seats))
    assert (play.celebration is not None) == celebrated
    if celebrated:
        step(app, frames=10)
        shoot(app, "celebration")
        play.undo()
        assert play.celebration is None


def test_no_confetti_with_motion_off(make_app):
    app = make_app(settings=Settings(animation_speed="off"))
    play = finish(app, [COMPUTER, HUMAN])
    assert play.celebration is None


def test_no_confetti_for_a_solved_puzzle_with_motion_off(make_app):
    app = make_app(settings=Settings(animation_speed="off"))
    puzzle = solve_a_puzzle(app)
    assert puzzle.solved is not None and puzzle.celebration is None


def test_the_confetti_falls_on_under_the_results_card(make_app):
    """The card covers the play screen, which is no longer updated: the confetti must
    still finish (it used to hang in the air until the screen was left)."""
    app = make_app()
    puzzle = solve_a_puzzle(app)
    assert puzzle.celebration is not None
    wait_for_scene(app, "ResultsScene")
    step(app, frames=round(puzzle.celebration.duration * 60) + 1)
    assert puzzle.celebration_time >= puzzle.celebration.duration
    board = app.window.subsurface(pygame.Rect(0, 0, puzzle.panel.x, app.size[1])).copy()
    step(app)
    assert pygame.image.tobytes(board, "RGB") == pygame.image.tobytes(
        app.window.subsurface(pygame.Rect(0, 0, puzzle.panel.x, app.size[1])), "RGB")


def solve_a_puzzle(app) -> PuzzleScene:
    """The second level, solved along its own line."""
    levels, _ = load_levels(LEVELS_FOLDER)
    puzzle = PuzzleScene(app, levels[1], PuzzleProgress(), levels)
    app.push(puzzle)
    step(app, frames=2)
    for text in levels[1].line:
        puzzle.play_move(puzzle.state.parse_move(text))
        settle(app)
    return puzzle
