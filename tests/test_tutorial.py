"""First-game tutorials: opened from each game's setup with any device, the panel shows
the step for each move the player makes, the board rings a suggested move, the game goes
on after the last step, undo steps back, and nothing is saved or counted."""
from __future__ import annotations

import pygame
import pytest

import game.rules
from game.services import stats
from game.services import saves
from game.scenes.tutorial import tutorial_scene
from scene_driver import DEVICES, scene_name, settle, shoot, step, wait_for


def open_tutorial(app, device, title):
    device.activate(title)
    assert scene_name(app) == "SetupScene"
    device.activate("Tutorial")
    assert scene_name(app) == "PlayScene" and app.scene.session.config.tutorial
    return app.scene


def panel_text(scene) -> str:
    return " ".join(text for text, _ in scene.side.tutorial_lines())


def my_move(app, scene):
    """The player's next move: the suggested one (a roll when the dice are due)."""
    wait_for(app, lambda: scene.human_may_move or scene.state.is_over, timeout=60,
             what="the player's turn")
    if scene.state.is_over:
        return False
    state = scene.state
    if state.is_chance:
        move = state.copy().sample_chance()
    elif scene.session.must_pass:
        wait_for(app, lambda: not scene.session.must_pass, what="the pass")
        return True
    else:
        move = scene.shown_hint() or state.legal_moves()[0]
        assert move in state.legal_moves()
    scene.play_move(move)
    settle(app)
    return True


@pytest.mark.parametrize("name", sorted(game.rules.names()))
def test_every_tutorial_walks_through_its_steps(make_app, name):
    app = make_app()
    spec = game.rules.get(name)
    scene = open_tutorial(app, DEVICES["keyboard"](app), spec.title)
    lines = game.rules.get(name).load("tutorial")
    assert len(lines) >= 4
    shown = []
    for _ in range(len(lines) + 2):
        text = panel_text(scene)
        number = min(scene.session.tutorial_step(), len(lines) - 1)
        assert f"step {number + 1} of {len(lines)}" in text
        shown.append(number)
        if number < len(lines) - 1 and scene.human_may_move and not scene.state.is_chance:
            assert scene.shown_hint() in scene.state.legal_moves()
        if not my_move(app, scene):
            break
    assert shown[:len(lines)] == list(range(len(lines)))[:len(shown)]
    assert max(shown) == len(lines) - 1 or scene.state.is_over
    shoot(app, f"tutorial_{name}")


@pytest.mark.parametrize("device_name", ["mouse", "gamepad"])
def test_a_tutorial_from_the_setup_with_each_device(make_app, device_name):
    app = make_app()
    scene = open_tutorial(app, DEVICES[device_name](app), "Xtic")
    assert "step 1 of" in panel_text(scene)
    my_move(app, scene)
    wait_for(app, lambda: scene.human_may_move, timeout=60, what="the computer")
    assert "step 2 of" in panel_text(scene)
    DEVICES[device_name](app).undo()
    assert "step 1 of" in panel_text(scene)


def test_a_tutorial_is_not_saved_nor_counted(make_app):
    app = make_app()
    scene = tutorial_scene(app, game.rules.get("xtic"))
    app.push(scene)
    step(app)
    my_move(app, scene)
    assert not saves.resume_path().exists()
    assert scene.session.config.records_stats is False
    loaded, _ = stats.load_stats()
    assert loaded.is_empty


def xtic_pool(view) -> pygame.Rect:
    return view.pool_rect(0).unionall([view.pool_rect(piece) for piece in range(16)])


# (game, step, the place a line names, where the screen shows it): every place a tutorial
# names, measured on its screen.
PLACES = [
    ("xtic", 0, "the pool beside the board",
     lambda scene: xtic_pool(scene.view).left > scene.view.board_rect.right),
    ("xtic", 1, "in the box above the pool",
     lambda scene: scene.view.hand_rect.bottom <= xtic_pool(scene.view).top
     and xtic_pool(scene.view).left <= scene.view.hand_rect.centerx
     <= xtic_pool(scene.view).right),
    ("catalina", 0, "the tray under the board",
     lambda scene: scene.view.tray_rect.top >= scene.view.board_rect.bottom),
]


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)])
@pytest.mark.parametrize("name, number, place, shown", PLACES,
                         ids=[f"{name} {number + 1}" for name, number, _, _ in PLACES])
def test_the_tutorials_name_places_where_the_screen_shows_them(make_app, size, name,
                                                               number, place, shown):
    """The Xtic tutorial said the piece in hand was "top right": it is mid-screen, in the
    box above the pool."""
    app = make_app(size=size)
    spec = game.rules.get(name)
    scene = tutorial_scene(app, spec)
    app.push(scene)
    step(app, frames=2)
    assert place in spec.load("tutorial")[number]
    assert shown(scene)

