"""The pygame-gui widgets the screens use beyond buttons, each reached by every device:
the volumes' sliders, the confirmation and pause windows, the scrolling containers."""
from __future__ import annotations

import pygame
import pytest

from game.testing.events import click_event, key_event, motion_event, release_event
from scene_driver import DEVICES, find_item, step
from test_scenes import make_app, read_settings_file  # noqa: F401  (the fixture)


def open_settings(app):
    app.open("settings")
    step(app, frames=2)
    return app.scene


def drag(app, monkeypatch, start, end):
    """The left button pressed at `start`, moved to `end`, released: pygame-gui reads the
    pointer itself while a slider's button is held."""
    position = [start]
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: position[0])
    step(app, [motion_event(start), click_event(start)], frames=2)
    for t in (0.25, 0.5, 0.75, 1.0):
        position[0] = (round(start[0] + (end[0] - start[0]) * t), start[1])
        step(app, [motion_event(position[0], buttons=(1, 0, 0))], frames=2)
    step(app, [release_event(end)], frames=2)


def test_the_volume_is_a_slider_the_mouse_drags(make_app, monkeypatch):
    app = make_app()
    scene = open_settings(app)
    item = find_item(scene, "Volume")
    slider = item.slider
    assert isinstance(slider, __import__("pygame_gui").elements.UIHorizontalSlider)
    assert slider.get_current_value() == item.index == 8           # 80 %, the default
    knob = slider.sliding_button.rect.center
    drag(app, monkeypatch, knob, (slider.rect.right + 40, knob[1]))
    assert slider.get_current_value() == 10
    assert app.settings.effects_volume == pytest.approx(1.0)
    assert item.element.text == "Volume: 100%"
    assert scene.ring.current is item                       # the dragged row has the focus
    knob = slider.sliding_button.rect.center
    drag(app, monkeypatch, knob, (slider.rect.left - 40, knob[1]))
    assert app.settings.effects_volume == 0
    step(app, frames=2)
    assert read_settings_file()["effects_volume"] == 0


@pytest.mark.parametrize("device_name", ["keyboard", "gamepad"])
def test_keys_and_the_pad_move_the_slider(make_app, device_name):
    app = make_app()
    device = DEVICES[device_name](app)
    device.activate("Settings")
    music = find_item(app.scene, "Music")
    for _ in range(3):
        device.change("Music", +1)
    assert app.settings.music_volume == pytest.approx(0.3)
    assert music.slider.get_current_value() == 3
    assert music.element.text == "Music: 30%"


def test_the_slider_row_is_one_focus_target(make_app):
    app = make_app()
    scene = open_settings(app)
    item = find_item(scene, "Music")
    step(app, [motion_event((item.slider.rect.right - 3, item.slider.rect.centery))],
         frames=2)
    assert scene.ring.current is item
    assert item.area.contains(item.slider.rect) and item.area.contains(item.element.rect)
