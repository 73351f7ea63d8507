"""The game-select: a card per game with a live miniature of its board (its own view),
its name and its line; the other entries, Statistics, Settings and Quit below; every one
reached by the mouse, the keys and the pad; nothing cut or spilling at any size."""
from __future__ import annotations

import re

import pygame
import pytest

import game.rules
from game.scenes import menu as menu_module
from game.scenes.miniatures import MOVE_EVERY
from game.services.settings import Settings
from scene_driver import DEVICES, labels, scene_name, step

TITLES = sorted(spec.title for spec in game.rules.all_specs())


def with_miniatures(app):
    """The menu once its miniatures are made (one a frame after the first)."""
    step(app, frames=len(TITLES) + 2)
    assert len(app.scene.miniatures) == len(TITLES)
    return app.scene


def test_a_card_for_each_game_then_the_rest(make_app):
    app = make_app()
    names = labels(app.scene)
    assert names[:len(TITLES)] == TITLES
    assert names[len(TITLES):] == ["Puzzles", "Join", "Games", "Statistics",
                                   "Settings", "Quit"]
    cards = [item.element.rect for item in app.scene.ring.items[:len(TITLES)]]
    assert len({rect.y for rect in cards}) == 1, "the cards lie in one row"
    assert all(a.right < b.left for a, b in zip(cards, cards[1:]))


def test_each_card_shows_its_game_board(make_app):
    app = make_app()
    menu = with_miniatures(app)
    app.draw(app.window)
    for name, mini in menu.miniatures.items():
        assert mini.picture is not None, name
        colours = pygame.transform.average_color(mini.picture)
        assert pygame.Color(colours) != pygame.Color(app.palette.panel), name
        assert mini.state.spec.name == name and mini.state.history, "a game under way"


def test_the_miniatures_play_a_move_every_few_seconds(make_app):
    app = make_app()
    menu = with_miniatures(app)
    before = {name: len(mini.state.history) for name, mini in menu.miniatures.items()}
    step(app, frames=round(2 * MOVE_EVERY * 60) + 5, dt=1 / 60)   # staggered: all by 2x
    moved = [name for name, mini in menu.miniatures.items()
             if len(mini.state.history) != before[name] or mini.state.is_over]
    assert sorted(moved) == sorted(before)


def test_the_miniatures_stand_still_under_reduced_motion(make_app):
    app = make_app(settings=Settings(animation_speed="off"))
    menu = with_miniatures(app)
    before = {name: mini.state.to_json() for name, mini in menu.miniatures.items()}
    band = dict(menu.band.orients)
    step(app, frames=round(3 * MOVE_EVERY * 60), dt=1 / 60)
    assert {name: mini.state.to_json() for name, mini in menu.miniatures.items()} == before
    assert menu.band.orients == band


@pytest.mark.parametrize("device_name", ["mouse", "keyboard", "gamepad"])
def test_every_card_and_button_is_reached_by_each_device(make_app, device_name):
    app = make_app()
    device = DEVICES[device_name](app)
    for title in TITLES:
        device.activate(title)
        assert scene_name(app) == "SetupScene" and app.scene.spec.title == title
        device.back()
        assert scene_name(app) == "MenuScene"
    device.activate("Statistics")
    assert scene_name(app) == "StatsScene"
    device.back()
    device.activate("Settings")
    assert scene_name(app) == "SettingsScene"


@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (1920, 1080)])
def test_card_text_is_whole_and_inside_its_card(make_app, monkeypatch, size):
    app = make_app(size=size)
    menu = app.scene
    drawn = []
    original = menu_module.draw_text

    def recording(surface, text, pos, size, *args, **kwargs):
        rect = original(surface, text, pos, size, *args, **kwargs)
        drawn.append((text, rect, size))
        return rect

    monkeypatch.setattr(menu_module, "draw_text", recording)
    menu.draw(app.window)
    window = app.window.get_rect()
    for name, card in menu.card_rects.items():
        spec = game.rules.get(name)
        lines = [(text, rect, size) for text, rect, size in drawn if card.contains(rect)]
        words = " ".join(text for text, _, _ in lines)
        assert re.sub(r"\s+", " ", words) == spec.blurb, f"{name}'s line is cut"
        assert min(size for _, _, size in lines) >= 12
        name_rect = next(item.element.rect for item in menu.ring.items
                         if item.extra.get("spec") is spec)
        assert name_rect == card
    for text, rect, _ in drawn:
        assert window.contains(rect), f"{text!r} leaves the window"


def test_the_miniatures_follow_the_palette(make_app):
    app = make_app()
    menu = with_miniatures(app)
    before = {name: mini.picture for name, mini in menu.miniatures.items()}
    app.settings.palette = "high contrast"
    app.apply_palette()
    menu = with_miniatures(app)
    app.draw(app.window)
    assert all(mini.picture is not None and mini.picture is not before[name]
               for name, mini in menu.miniatures.items())
    assert all(mini.view.context.palette.name == "high contrast"
               for mini in menu.miniatures.values())


@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (1920, 1080)])
def test_the_buttons_under_the_cards_leave_room_around_their_labels(make_app, size):
    """A long label ("Xoliba Solitaire puzzles", once) used to fill its button edge to
    edge: every label of the row keeps 16 design pixels each side, the row inside the
    cards' margins."""
    app = make_app(size=size)
    menu = app.scene
    row = [item.element for item in menu.ring.items if "spec" not in item.extra]
    assert [element.text for element in row][0] == "Puzzles"
    assert len({element.rect.y for element in row}) == 1
    for element in row:
        room = (element.rect.w - element.font.size(element.text)[0]) / 2
        assert room >= 16 * app.scale, f"{element.text!r}: {room:.0f} px each side"
    assert all(a.rect.right < b.rect.left for a, b in zip(row, row[1:]))
    cards = list(menu.card_rects.values())
    assert row[0].rect.x >= min(card.x for card in cards)
    assert row[-1].rect.right <= max(card.right for card in cards)
