"""Short crossfades between screens: the old screen's last frame fades out over the new
one in TRANSITION_TIME, eased; none under reduced motion; the new screen takes input at
once."""
from __future__ import annotations

import numpy as np
import pygame
import pytest

from game.app import TRANSITION_TIME
from game.services.settings import Settings
from scene_driver import DEVICES, scene_name, step


def pixels(surface) -> np.ndarray:
    return pygame.surfarray.array3d(surface).astype(int)


def settle(app) -> None:
    step(app, frames=round(TRANSITION_TIME * 60) + 3)


def open_settings(app):
    app.transitions = True
    settle(app)
    before = pixels(app.window)
    DEVICES["keyboard"](app).activate("Settings")
    assert scene_name(app) == "SettingsScene"       # the new screen is there at once
    return before


def test_the_old_screen_fades_out_over_the_new_one(make_app):
    app = make_app()
    before = open_settings(app)
    fading = pixels(app.window)
    settle(app)
    after = pixels(app.window)
    assert app._fade is None
    changed = np.abs(after - before).max(axis=2) > 40       # where the screens differ
    assert changed.sum() > 1000
    between = np.abs(fading - before).max(axis=2)[changed].mean(), \
        np.abs(fading - after).max(axis=2)[changed].mean()
    assert all(value > 5 for value in between), "the first frame is a blend of both"


def test_no_fade_under_reduced_motion(make_app):
    app = make_app(settings=Settings(animation_speed="off"))
    open_settings(app)
    assert app._fade is None
    first = pixels(app.window)
    step(app)
    assert np.abs(pixels(app.window) - first).max() < 30     # already the new screen


@pytest.mark.parametrize("speed", ["slow", "fast"])
def test_the_fade_follows_the_animation_speed(make_app, speed):
    app = make_app(settings=Settings(animation_speed=speed))
    open_settings(app)
    length = app._fade[2]
    assert length == pytest.approx(TRANSITION_TIME / app.settings.animation_factor)
