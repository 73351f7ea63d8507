"""The Puzzles screen and a puzzle played on it (game/scenes/puzzles.py,
game/scenes/puzzle_play.py), with the mouse, the keyboard and a pad: on tic-tac-toe's
puzzles (tests/sixth_game/tactics.py), whose lines are small enough to check by hand,
and on each game's shipped puzzles."""
from __future__ import annotations

import pytest

import game.records
import game.rules
from game.games import GAMES
from game.puzzles import Puzzle, load_set
from game.puzzles.progress import load_progress
from game.scenes.puzzle_play import PuzzlePlayScene
from scene_driver import DEVICES, labels, scene_name, step, wait_for
from sixth_game.rules import SPEC
from sixth_game.tactics import KIT


@pytest.fixture
def tictactoe():
    game.rules.register(SPEC)
    yield SPEC
    game.rules.unregister(SPEC.name)


def tictactoe_puzzle(turns: int) -> Puzzle:
    """The first position of the kit's candidates that is a win-in-`turns` puzzle."""
    for candidate in KIT.candidates(1):
        proof = KIT.prove(candidate.state.copy(), "forced_win", turns)
        if proof is not None:
            return Puzzle(game="tictactoe", record=game.records.dumps(candidate.state),
                          goal=KIT.goal("forced_win", turns), answers=proof.answers,
                          forced=turns, id=f"tictactoe-{turns}", kind="forced_win", n=turns,
                          explanation=proof.explanation, set_name="tictactoe")
    raise AssertionError("no puzzle found")


def open_puzzle(app, puzzle):
    app.open("puzzle_play", puzzle, load_progress()[0])
    step(app, frames=2)
    return app.scene


def wrong_move(scene):
    state = scene.state
    return next(move for move in state.legal_moves()
                if state.format_move(move) not in scene.puzzle.answers)


def test_a_wrong_move_is_not_played_and_counts_as_a_failure_once(app, tictactoe):
    scene = open_puzzle(app, tictactoe_puzzle(2))
    before = len(scene.state.history)
    scene.play_move(wrong_move(scene))
    scene.play_move(wrong_move(scene))
    assert len(scene.state.history) == before
    assert scene.wrong is not None and scene.failed
    assert scene.progress.attempts(scene.puzzle.id) == (1, 0)
    assert any("is not the answer" in text for text, _ in scene.panel_lines())


def test_an_answer_is_met_by_the_best_defence_and_the_line_goes_on_to_the_win(app, tictactoe):
    puzzle = tictactoe_puzzle(2)
    scene = open_puzzle(app, puzzle)
    seat = scene.state.to_play
    scene.play_move(scene.state.parse_move(puzzle.answers[0]))
    # The defender's reply comes from the line's thread; then the accepted moves.
    wait_for(app, lambda: scene.state.to_play == seat and scene.line.follow(scene.state)
             is not None, what="the defence and the next accepted moves")
    accepted = scene.line.follow(scene.state).accepted
    assert accepted
    scene.play_move(scene.state.parse_move(accepted[0]))
    wait_for(app, lambda: scene.solved, what="solved")
    assert scene.state.outcome.winner == seat
    assert scene.progress.attempts(puzzle.id) == (1, 1)
    before, after = scene.rating_change
    assert after > before


def test_a_hint_rings_an_answer_and_a_solve_after_it_gains_no_rating(app, tictactoe):
    puzzle = tictactoe_puzzle(1)
    scene = open_puzzle(app, puzzle)
    scene.hint()
    assert scene.state.format_move(scene.shown_hint()) == puzzle.answers[0]
    scene.play_move(scene.shown_hint())
    wait_for(app, lambda: scene.solved, what="solved")
    before, after = scene.rating_change
    assert after <= before


def test_the_solution_is_played_move_by_move_and_retry_starts_again(app, tictactoe):
    puzzle = tictactoe_puzzle(2)
    scene = open_puzzle(app, puzzle)
    start = len(scene.state.history)
    scene.show_solution()
    wait_for(app, lambda: scene.solved, what="the whole solution")
    assert len(scene.state.history) == start + 3          # answer, defence, the win
    assert scene.state.format_move(scene.state.history[start]) in puzzle.answers
    assert scene.progress.attempts(puzzle.id) == (1, 0)   # shown, so not solved
    scene.retry()
    assert len(scene.state.history) == start and not scene.solved


def test_solved_the_first_button_turns_to_next_puzzle_where_it_stands(app, tictactoe):
    """The panel's buttons are relabelled, not made again (a solve's frame stays short):
    Hint becomes Next (a third of the panel holds no more) and presses to the next
    puzzle; the solution can still be watched."""
    puzzle = tictactoe_puzzle(1)
    scene = open_puzzle(app, puzzle)
    hint, restart, solution = scene.side.action_buttons
    assert [b.element.text for b in (hint, restart, solution)] == ["Hint", "Restart", "Solution"]
    scene.play_move(scene.state.parse_move(puzzle.answers[0]))
    wait_for(app, lambda: scene.solved, what="solved")
    step(app, frames=2)
    assert scene.side.action_buttons == [hint, restart, solution]
    assert [b.element.text for b in (hint, restart, solution)] == \
        ["Next", "Restart", "Solution"]
    assert hint.on_press == scene.next_puzzle
    scene.retry()
    step(app, frames=2)
    assert scene.side.action_buttons[0].element.text == "Hint"


@pytest.mark.parametrize("device_name", DEVICES)
def test_from_the_menu_to_a_puzzle_and_back_with_each_device(make_app, device_name):
    app = make_app()
    device = DEVICES[device_name](app)
    device.activate("Puzzles")
    assert scene_name(app) == "PuzzlesScene"
    row = next(label for label in labels(app.scene) if label.startswith("Xutoli"))
    device.activate(row)
    assert scene_name(app) == "PuzzlePlayScene"
    scene = app.scene
    assert scene.puzzle.set_name == "xutoli" and scene.puzzle.goal in \
        [text for text, _ in scene.panel_heading()]
    if device_name != "mouse":              # the panel is the mouse's; the pause menu
        device.pause()                      # holds the puzzle's actions for the others
    device.activate("Hint")
    assert scene.hint_shown is not None and scene.hinted
    assert app.scene is scene
    device.pause()
    device.activate("Quit to puzzles")
    step(app, frames=3)
    assert scene_name(app) == "PuzzlesScene"


@pytest.mark.parametrize("name", [name for name in GAMES if game.rules.get(name).tactics])
def test_each_games_first_puzzle_is_solved_by_its_answers(app, name):
    puzzle = load_set(name)[0][0]
    scene = open_puzzle(app, puzzle)
    assert isinstance(scene, PuzzlePlayScene)
    seat = scene.solver_seat
    for _ in range(12):                     # the answer, then each accepted move in turn
        wait_for(app, lambda: scene.solved or (scene.state.to_play == seat
                 and not scene.view.animating and scene.line.follow(scene.state) is not None),
                 what="the solver's turn")
        if scene.solved:
            break
        follow = scene.line.follow(scene.state)
        assert follow.accepted, follow
        scene.play_move(scene.state.parse_move(follow.accepted[0]))
        step(app, frames=2)
    assert scene.solved and not scene.failed
