"""Attract mode: demos start after 30 s idle on the menu, play by themselves, cycle
through the five games and a solitaire replay, never touch the suspended game, and any
input returns to the menu at once."""
from __future__ import annotations

import random

import pygame
import pytest

import game.rules
from game.services import saves
from game.scenes import attract
from game.scenes.attract import DemoScene
from game.scenes.menu import IDLE_SECONDS
from scene_driver import DEVICES, motion_event, scene_name, settle, shoot, step, wait_for


@pytest.fixture(autouse=True)
def first_demo(monkeypatch):
    monkeypatch.setattr(DemoScene, "shown", 0)      # every test starts the cycle afresh


def idle(app, seconds: float) -> None:
    for _ in range(round(seconds)):
        step(app, dt=1.0)


def test_demos_start_after_thirty_idle_seconds(make_app):
    app = make_app()
    keyboard = DEVICES["keyboard"](app)
    idle(app, IDLE_SECONDS - 10)
    keyboard.key(pygame.K_DOWN)                     # input: the clock starts again
    idle(app, IDLE_SECONDS - 10)
    assert scene_name(app) == "MenuScene"
    idle(app, 11)
    assert scene_name(app) == "DemoScene"
    demo = app.scene
    assert demo.state.spec is game.rules.in_order()[0]
    assert all(seat.is_computer for seat in demo.session.seats)
    wait_for(app, lambda: len(demo.state.history) >= 3, timeout=60, what="demo moves")
    shoot(app, "attract_demo")


@pytest.mark.parametrize("device_name", ["mouse", "keyboard", "gamepad"])
def test_any_input_returns_to_the_menu_at_once(make_app, device_name):
    app = make_app()
    idle(app, IDLE_SECONDS + 1)
    assert scene_name(app) == "DemoScene"
    if device_name == "mouse":
        step(app, [motion_event((400, 300))])
    elif device_name == "keyboard":
        DEVICES["keyboard"](app).key(pygame.K_SPACE)
    else:
        DEVICES["gamepad"](app).button(pygame.CONTROLLER_BUTTON_Y)
    assert scene_name(app) == "MenuScene" and len(app.stack) == 1
    assert not app.worker.busy


def test_a_demo_never_touches_the_suspended_game(make_app):
    state = game.rules.get("xtic").new_game(seed=4)
    state.play((None, 4))
    seats = [saves.Seat("human", None), saves.Seat("computer", "easy")]
    saves.save_resume(state, seats)
    before = saves.resume_path().read_bytes()
    app = make_app()
    idle(app, IDLE_SECONDS + 1)
    demo = app.scene
    wait_for(app, lambda: len(demo.state.history) >= 2, timeout=60, what="demo moves")
    step(app, [motion_event((10, 10))])
    assert saves.resume_path().read_bytes() == before
    assert app.scene.suspended is not None           # the menu still offers to continue


def test_the_demos_cycle_through_every_game_and_a_solitaire(make_app):
    app = make_app()
    names = []
    for _ in range(len(attract.demos())):
        demo = DemoScene(app)
        names.append("solitaire" if demo.session.script is not None else demo.state.spec.name)
    assert names == [spec.name for spec in game.rules.in_order()] + ["solitaire"]
    assert names == ["xtic", "xoliba", "catalina", "che", "xutoli", "solitaire"]


def test_a_finished_demo_hands_over_to_the_next_game(make_app):
    app = make_app()
    idle(app, IDLE_SECONDS + 1)
    demo = app.scene
    rng = random.Random(1)
    while not demo.state.is_over:                   # finish it quickly, at random
        demo.state.play(rng.choice(demo.state.legal_moves()))
    demo.view.sync()
    idle(app, attract.END_PAUSE + 1)
    assert isinstance(app.scene, DemoScene) and app.scene is not demo
    assert app.scene.state.spec is game.rules.in_order()[1]
    assert scene_name(app) == "DemoScene" and len(app.stack) == 2     # menu, demo


def test_the_solitaire_replay_solves_its_level(make_app, monkeypatch):
    app = make_app()
    monkeypatch.setattr(DemoScene, "shown", len(game.rules.names()))     # after the games
    demo = DemoScene(app)
    app.push(demo)
    assert demo.session.script and len(demo.session.seats) == 1
    moves = len(demo.session.script)
    for _ in range(moves * 40):
        if demo.state.is_over:
            break
        step(app, dt=0.05)
    settle(app)
    assert demo.state.is_over and demo.state.outcome.winner == 0      # solved
    assert len(demo.state.history) == moves
    shoot(app, "attract_solitaire")
