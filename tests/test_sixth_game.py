"""The proof that a game is one record: tic-tac-toe (tests/sixth_game, a package of its
own) is registered here with one line, and then goes through every screen of the app
with the mouse, the keys and a pad, without an edit to any file outside its folder."""
from __future__ import annotations

import pygame
import pytest

import game.rules
from game.services import stats
from game.rule_pages import pages
from game.scenes import attract
from scene_driver import (DEVICES, labels, scene_name, settle, shoot, step, wait_for,
                          wait_for_scene)
from sixth_game.rules import SPEC


@pytest.fixture(autouse=True)
def sixth_game():
    game.rules.register(SPEC)          # the one line a new game needs
    yield SPEC
    game.rules.unregister(SPEC.name)


def place(device, play, square) -> None:
    """Put a mark on `square` as a person with `device` would."""
    view = play.view
    if device.name == "mouse":
        device.click(view.square_rect(square).center)
        return
    while view.cursor != square:
        dx, dy = square[0] - view.cursor[0], square[1] - view.cursor[1]
        device.direction("right" if dx > 0 else "left" if dx < 0 else
                         "down" if dy > 0 else "up")
    device.confirm()


def start_from_menu(device):
    """Menu -> the game's setup (its defaults: you against the computer) -> Start."""
    app = device.app
    assert "Tic-tac-toe" in labels(app.scene)
    device.activate("Tic-tac-toe")
    assert scene_name(app) == "SetupScene" and app.scene.spec is SPEC
    device.activate("Start")
    play = wait_for_scene(app, "PlayScene")
    assert [seat.kind for seat in play.session.seats] == ["human", "computer"]
    return play


def first_free(play):
    return play.state.legal_moves()[0]


@pytest.mark.parametrize("device_name", ["mouse", "keyboard", "gamepad"])
def test_played_to_the_results_undone_and_counted(make_app, device_name):
    app = make_app()
    device = DEVICES[device_name](app)
    play = start_from_menu(device)
    for _ in range(5):
        if play.state.is_over:
            break
        wait_for(app, lambda: play.state.is_over or play.human_may_move, timeout=30,
                 what="the computer's move")
        if play.state.is_over:
            break
        moves = len(play.state.history)
        place(device, play, first_free(play))
        assert len(play.state.history) > moves
    results = wait_for_scene(app, "ResultsScene")
    assert results.headline in ("You win!", "Computer (random) wins", "A draw")
    shoot(app, f"sixth_game_results_{device_name}")
    counted = stats.load_stats()[0]
    assert counted.games() == ["tictactoe"]
    device.activate("Take back")                 # undo from the results card
    assert scene_name(app) == "PlayScene" and not play.state.is_over
    assert play.state.to_play == 0


def test_saved_and_resumed(make_app):
    app = make_app()
    keyboard = DEVICES["keyboard"](app)
    play = start_from_menu(keyboard)
    place(keyboard, play, (1, 1))
    wait_for(app, lambda: play.human_may_move, timeout=30, what="the computer's move")
    keyboard.undo()
    assert len(play.state.history) == 0 and play.state.can_redo
    keyboard.redo()
    wait_for(app, lambda: play.human_may_move, timeout=30, what="the computer's move")
    saved = play.state.to_json()
    app.shutdown()
    app = make_app()
    pad = DEVICES["gamepad"](app)
    label = f"Continue Tic-tac-toe (move {len(play.state.history) + 1})"
    assert labels(app.scene)[0] == label
    pad.activate(label)
    resumed = app.scene
    assert scene_name(app) == "PlayScene" and resumed.state.to_json() == saved
    settle(app)
    place(pad, resumed, first_free(resumed))
    assert len(resumed.state.history) == len(play.state.history) + 1


def test_in_the_attract_cycle_and_on_a_rules_page(make_app):
    app = make_app()
    cycle = [attract.demo_game(number) for number in range(len(attract.demos()))]
    demo = next(d for d in cycle if d.state.spec is SPEC)
    assert all(seat.is_computer for seat in attract.seats(demo))
    attract.DemoScene.shown = [d.state.spec for d in cycle].index(SPEC)
    scene = app.open("demo")
    wait_for(app, lambda: scene.state.is_over, timeout=60, what="the demo game")
    settle(app)
    shoot(app, "sixth_game_demo")
    app.home()
    assert len(pages(SPEC)) == 1
    rules = app.open("rules", SPEC)
    step(app, frames=2)
    assert scene_name(app) == "RulesScene" and rules.pages == SPEC.load("rule_pages")
    shoot(app, "sixth_game_rules")


def test_tutorial_suggests_its_tutor_levels_move(make_app):
    app = make_app()
    tutorial = app.open("tutorial", SPEC)
    settle(app)
    assert tutorial.shown_hint() in tutorial.state.legal_moves()
    assert "Tutorial, step 1 of 2" in tutorial.side.tutorial_lines()[0][0]
    pygame.event.clear()


def test_passes_the_playouts_checker():
    from game.testing import playouts
    modes = playouts.modes_of(SPEC)
    assert [mode.game for mode in modes] == ["tictactoe"]
    for seed in range(100):
        result = playouts.run_mode(modes[0], seed, playouts.FULL)
        assert result.moves >= 5 and result.winner in (0, 1, None)
