"""Focus and hover look different (issue: two buttons looked selected at once). Focus,
from any device, is the filled look with the ring; a button under the pointer that the
keys moved away from shows only the lighter hover look, in every palette."""
from __future__ import annotations

import pygame
import pytest

from game.ui.theme import button_colours
from game.services.settings import PALETTE_CHOICES, Settings
from game.testing.events import key_event, motion_event
from scene_driver import step
from sprites.palettes import get_palette


def state(item) -> str:
    return item.element.drawable_shape.active_state.state_id


def colour_inside(app, item):
    surface = pygame.Surface(app.size)
    app.draw(surface)
    rect = item.element.rect
    return surface.get_at((rect.centerx, rect.y + 4))[:3]     # above a card's miniature


@pytest.mark.parametrize("palette", PALETTE_CHOICES)
def test_hover_is_not_a_second_focus(make_app, monkeypatch, palette):
    app = make_app(settings=Settings(palette=palette))
    ring = app.scene.ring
    pointed, other = ring.items[1], ring.items[4]
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: pointed.element.rect.center)
    step(app, [motion_event(pointed.element.rect.center)], frames=3)
    assert ring.current is pointed and state(pointed) == "selected"   # pointing focuses
    step(app, [key_event(pygame.K_RIGHT)] * 3, frames=3)
    assert ring.current is ring.items[4]
    assert state(pointed) == "hovered" and state(other) == "selected"
    hovered, focused = colour_inside(app, pointed), colour_inside(app, other)
    assert hovered != focused
    assert hovered == pygame.Color(button_colours(get_palette(palette))
                                   ["hovered_bg"])[:3]


def test_the_focused_button_keeps_its_look_under_the_pointer(make_app, monkeypatch):
    app = make_app()
    item = app.scene.ring.items[2]
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: item.element.rect.center)
    step(app, [motion_event(item.element.rect.center)], frames=5)
    assert app.scene.ring.current is item and state(item) == "selected"


@pytest.mark.parametrize("palette", PALETTE_CHOICES)
def test_hover_and_focus_colours_differ_in_every_palette(palette):
    colours = button_colours(get_palette(palette))
    assert colours["hovered_bg"] != colours["selected_bg"]
    assert colours["hovered_border"] != colours["selected_border"]
    assert colours["hovered_text"] == colours["normal_text"]
