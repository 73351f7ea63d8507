"""The paged rules screen: every game's pages, their diagrams and text, and paging with
each device alone (keyboard, mouse, gamepad), from the setup screen and the pause menu.

Screenshots of every page go to tests/screenshots/rules_<game>_<n>.png (and
rules_<game>_<n>_small.png at the smallest window, 800x480).
"""
from __future__ import annotations

from collections import deque

import pygame
import pytest

import game.rules
from game.services.saves import Seat
from game.rule_pages import pages
from game.games.catalina import rules as catalina_rules
from game.games.xutoli import rules as xutoli_rules
from game.games.truchet.layout import LEFT, Tile
from game.scenes.play import PlayScene
from game.scenes.rules import RulesScene
from game.games.catalina import view as catalina_view
from game.games.xutoli import view as xutoli_view
from scene_driver import (
    DEVICES, Gamepad, Keyboard, Mouse, distinct_colours, scene_name, shoot, step,
    wait_for_scene, wheel_event,
)

GAMES = ("xtic", "xoliba", "catalina", "che", "xutoli")
HUMAN = Seat("human", None)


def open_rules(app, name, page=0):
    scene = RulesScene(app, game.rules.get(name), page)
    app.push(scene)
    step(app, frames=2)
    return scene


# --- the pages --------------------------------------------------------------------------
def test_every_game_has_three_to_six_titled_pages():
    assert set(game.rules.names()) == set(GAMES)
    for name in GAMES:
        spec = game.rules.get(name)
        assert 3 <= len(pages(spec)) <= 6, name
        for page in pages(spec):
            assert page.title and page.text and callable(page.draw)


@pytest.mark.parametrize("size", [(1280, 720), (800, 480)])
def test_every_page_draws_a_diagram_and_its_text_fits(make_app, size):
    app = make_app(size=size)
    for name in GAMES:
        scene = open_rules(app, name)
        for index, page in enumerate(scene.pages):
            scene.turn_to(index)
            assert scene.page == index
            assert scene.text_fits(), f"{name} page {index + 1}: the text needs a scroll"
            text_size, lines, _, _ = scene.text_layout()
            assert text_size >= 12 and len(lines) > 2
            # the diagram alone, on a blank surface of its own size
            _, _, art = scene.areas()
            canvas = pygame.Surface(art.size)
            canvas.fill((0, 0, 0))
            page.draw(canvas, canvas.get_rect(), app.palette)
            drawn = pygame.surfarray.array3d(canvas).max(axis=2) > 0
            assert distinct_colours(canvas) > 30, f"{name} page {index + 1}: a blank diagram"
            assert drawn.mean() > 0.15, f"{name} page {index + 1}: a tiny diagram"
            suffix = "" if size == (1280, 720) else "_small"
            shoot(app, f"rules_{name}_{index + 1}{suffix}")
        app.pop()
        step(app)


def test_the_diagrams_tell_the_truth():
    # Catalina: the dead grid is dead for both players, with four tiles each.
    red = sum(1 << i for i, mark in enumerate(catalina_view._DEAD_GRID) if mark == "R")
    blue = sum(1 << i for i, mark in enumerate(catalina_view._DEAD_GRID) if mark == "B")
    assert catalina_rules.grid_result(red, blue) == catalina_rules.DEAD
    assert catalina_rules.grid_result(blue, red) == catalina_rules.DEAD
    # Catalina: 1 2 3 3 names twelve tiles (the seed's example).
    assert len(catalina_rules.REACH[catalina_rules.Roll((1, 2, 3, 3))]) == 12
    # Xutoli: the winning pair's layout, replayed tile by tile, is a win for White only,
    # with the two X blocks of the picture.
    state = game.rules.get("xutoli").new_game(seed=1, options={})
    layout = xutoli_view.PAIR_LAYOUT
    first = (0, 0)
    state.play(Tile(*first, layout[first], LEFT))       # makes even vertices white
    placed, queue = {first}, deque([first])
    order = []
    while queue:
        x, y = queue.popleft()
        for cell in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if cell in layout and cell not in placed:
                placed.add(cell)
                queue.append(cell)
                order.append(cell)
    assert placed == set(layout)
    for x, y in order:
        assert not state.is_over, "the game was won before the picture's last tile"
        move = state.move_for(x, y, layout[(x, y)])
        assert move is not None
        assert move.orient == drawn_orient(x, y, layout[(x, y)])
        state.play(move)
    white = state.formations(xutoli_rules.WHITE)
    assert white and not state.formations(xutoli_rules.BLUE)
    blocks = {frozenset({(f.first.x, f.first.y), (f.second.x, f.second.y)}) for f in white}
    assert frozenset(xutoli_view.PAIR_BLOCKS) in blocks
    assert state.is_over and state.outcome.winner == xutoli_rules.WHITE


def drawn_orient(x, y, colour):
    """The orientation the rules pictures draw (truchet_view.fitting_orient)."""
    from game.games.truchet.view import fitting_orient
    return fitting_orient(x, y, colour)


# --- paging, one device at a time ------------------------------------------------------
def test_paging_with_the_keyboard(make_app):
    app = make_app()
    keys = Keyboard(app)
    keys.activate("Xoliba")
    assert scene_name(app) == "SetupScene"
    keys.activate("Rules")
    rules = app.scene
    assert isinstance(rules, RulesScene) and rules.page == 0
    last = len(rules.pages) - 1
    keys.key(pygame.K_LEFT)
    assert rules.page == 0, "paging stops at the first page"
    keys.key(pygame.K_RIGHT)
    assert rules.page == 1
    keys.key(pygame.K_TAB)
    assert rules.page == 2
    keys.key(pygame.K_TAB, pygame.KMOD_LSHIFT)
    assert rules.page == 1
    keys.key(pygame.K_DOWN)                 # the page fits: Down reads on to the next
    assert rules.page == 2
    keys.key(pygame.K_UP)
    assert rules.page == 1
    keys.key(pygame.K_RETURN)               # the focus rests on "Next ›"
    assert rules.page == 2 and rules.ring.current is rules.next_button
    for _ in range(last + 2):
        keys.key(pygame.K_RIGHT)
    assert rules.page == last, "paging stops at the last page"
    assert not rules.next_button.enabled and rules.ring.current is rules.back_button
    keys.key(pygame.K_LEFT)
    assert rules.page == last - 1
    keys.key(pygame.K_RIGHT)
    keys.key(pygame.K_RETURN)               # on the last page Enter goes back
    assert scene_name(app) == "SetupScene"
    keys.activate("Rules")
    keys.back()                             # Esc
    assert scene_name(app) == "SetupScene"


def test_paging_with_the_mouse(make_app):
    app = make_app()
    mouse = Mouse(app)
    mouse.activate("Catalina Tiles")
    mouse.activate("Rules")
    rules = app.scene
    assert isinstance(rules, RulesScene)
    mouse.activate("Next ›")
    assert rules.page == 1
    mouse.activate("Next ›")
    assert rules.page == 2
    mouse.activate("‹ Previous")
    assert rules.page == 1
    mouse.click(rules.dot_rects[3].center)
    assert rules.page == 3
    mouse.click(rules.dot_rects[0].center)
    assert rules.page == 0
    mouse.activate("‹ Previous")            # disabled on the first page
    assert rules.page == 0
    mouse.send(wheel_event(-1))
    assert rules.page == 1
    mouse.send(wheel_event(1))
    assert rules.page == 0
    mouse.back()                            # the "Back" button
    assert scene_name(app) == "SetupScene"
    mouse.activate("Rules")
    mouse.click((5, 5), button=3)           # a right click goes back too
    assert scene_name(app) == "SetupScene"


def test_paging_with_the_gamepad(make_app):
    app = make_app()
    pad = Gamepad(app)
    pad.activate("Che")
    pad.activate("Rules")
    rules = app.scene
    assert isinstance(rules, RulesScene)
    pad.direction("right")                  # d-pad
    assert rules.page == 1
    pad.button(pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    assert rules.page == 2
    pad.button(pygame.CONTROLLER_BUTTON_LEFTSHOULDER)
    assert rules.page == 1
    pad.direction("left")
    assert rules.page == 0
    pad.pad.set_stick(1.0, 0.0)             # the left stick
    step(app)
    pad.pad.set_stick(0.0, 0.0)
    step(app)
    assert rules.page == 1
    pad.confirm()                           # A presses "Next ›"
    assert rules.page == 2
    pad.back()                              # B
    assert scene_name(app) == "SetupScene"


@pytest.mark.parametrize("device_name", list(DEVICES))
def test_rules_from_the_pause_menu(make_app, device_name):
    app = make_app()
    device = DEVICES[device_name](app)
    state = game.rules.get("xutoli").new_game(seed=2, options={})
    app.push(PlayScene(app, state, [HUMAN, HUMAN]))
    step(app, frames=5, dt=0.05)
    device.pause()
    assert scene_name(app) == "PauseScene"
    device.activate("Rules")
    rules = wait_for_scene(app, "RulesScene")
    assert rules.spec.name == "xutoli" and rules.page == 0
    if device_name == "mouse":
        device.activate("Next ›")
    elif device_name == "keyboard":
        device.key(pygame.K_RIGHT)
    else:
        device.button(pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    assert rules.page == 1
    step(app, frames=2)
    device.back()
    assert scene_name(app) == "PauseScene"


def test_a_resize_keeps_the_page(make_app):
    app = make_app()
    rules = open_rules(app, "xtic", page=2)
    assert rules.page == 2
    app.on_resize((800, 480))
    step(app, frames=2)
    assert rules.page == 2 and rules.text_fits()
    assert rules.ring.current is rules.next_button


def test_the_pages_are_painted_ahead_so_turning_paints_nothing_new(make_app):
    """While a page is read, the others are drawn off screen, one a frame: turning to one
    then paints no new picture (Xtic's pieces took up to 45 ms in a page's first view)."""
    from sprites import xtic_pieces
    app = make_app()
    xtic_pieces.clear_cache()
    scene = open_rules(app, "xtic")
    assert len(scene._painted) < scene.page_count
    step(app, frames=scene.page_count)
    painted = set(xtic_pieces._cache)
    assert painted, "the pages show pieces"
    for page in range(1, scene.page_count):
        scene.turn_to(page)
        step(app)
        assert set(xtic_pieces._cache) == painted, f"page {page + 1} painted a new piece"
