"""Memory stays flat: what a screen makes goes when the screen goes.

Every screen of every game (the monkey's start points) is opened, drawn, resized and
left, twice over; then the pixels of the surfaces alive must be back to what they were
after the first time round, and no scene, UI manager or board view that left
the screen may still be alive. The long runs (hours of attract mode, thousands of
resizes and games) are `python -m game.bench memory`."""
from __future__ import annotations

import importlib
import random
import weakref

from game.testing.events import resize_window
from game.testing.memory import live_surfaces
from game.testing.monkey import open_start_point, start_points
from sprites import surface_cache
from scene_driver import step

SIZES = [(800, 480), (1920, 1080), (1000, 700), (1280, 720)]
SLACK = 64 * 1024           # bytes: a few glyphs' worth of rounding between two tours


def _parts_shown(app) -> list:
    """Weak references to the scenes on the stack, their UI managers and board views."""
    return [weakref.ref(part) for scene in app.stack
            for part in (scene, scene.ui, getattr(scene, "view", None)) if part is not None]


def _tour(app, rng, made: list) -> None:
    """Every start point once, a resize on each, then back to the menu at 1280×720."""
    for number, (_, factory) in enumerate(start_points()):
        open_start_point(app, factory, rng)
        step(app, frames=3)
        resize_window(app, SIZES[number % len(SIZES)])
        step(app)
        made += _parts_shown(app)
    app.home()
    resize_window(app, (1280, 720))    # the caches emptied: what the menu draws
    step(app, frames=3)


def test_leaving_every_screen_and_resizing_gives_its_pictures_back(make_app):
    app = make_app()
    rng = random.Random(18)
    _tour(app, rng, [])              # the first time round loads fonts, code, pictures
    count, pixels = live_surfaces()
    made: list = []
    _tour(app, rng, made)
    count_after, pixels_after = live_surfaces()
    assert pixels_after <= pixels + SLACK, (
        f"{(pixels_after - pixels) / 1024:.0f} KiB more in surfaces after another tour "
        f"({count} surfaces before, {count_after} after)")
    on_screen = {id(scene) for scene in app.stack} | {id(app.scene.ui)}
    alive = [ref() for ref in made if ref() is not None and id(ref()) not in on_screen]
    assert not alive, f"{len(alive)} parts of screens left behind, e.g. {alive[:5]}"


def test_a_hidden_screen_keeps_no_ui_and_gets_it_back_with_its_focus(make_app):
    app = make_app()
    menu = app.scene
    menu.ring.set_focus(2)
    focused = menu.ring.current.element.text
    app.open("settings")
    assert menu.ui is None and not menu.ring.items      # covered by an opaque screen
    app.pop()
    assert menu.ui is not None and menu.ring.current.element.text == focused


def test_an_overlay_keeps_the_screen_beneath_drawn(make_app):
    import game.rules
    from game.services.saves import Seat
    app = make_app()
    state = game.rules.get("xtic").new_game(seed=1)
    play = app.open("play", state, [Seat("human", None)] * 2)
    step(app, frames=2)
    app.open("pause", play)
    step(app, frames=2)
    assert play.ui is not None and play.ring.items      # seen under the pause menu
    app.open("settings")
    assert play.ui is None and app.find("pause").ui is None
    app.pop()
    assert play.ui is not None and app.find("pause").ui is not None


def test_a_surface_cache_forgets_the_least_recently_used_past_its_budget():
    import pygame
    picture = 64 * 64 * 4
    cache = surface_cache.SurfaceCache("a test's", budget=3 * picture)
    for key in range(4):
        cache.put(key, pygame.Surface((64, 64), pygame.SRCALPHA))
    cache.get(1)                                    # used: now the most recent
    cache.put("pair", (pygame.Surface((64, 64)), pygame.Surface((64, 32))))
    assert cache.bytes <= cache.budget
    assert 1 in cache and "pair" in cache and 0 not in cache and 2 not in cache
    surface_cache.clear_all()
    assert len(cache) == 0 and cache.bytes == 0


def test_every_budget_belongs_to_a_cache():
    # The painters' modules make their caches as they are imported.
    for module in ("game.ui.text", "game.games.truchet.view", "sprites.catalina_pieces",
                   "sprites.display_format", "sprites.truchet_tiles", "sprites.xoliba_pieces",
                   "sprites.xtic_pieces"):
        importlib.import_module(module)
    assert set(surface_cache.BUDGETS) <= set(surface_cache.cached_bytes())


def test_a_new_layout_lets_the_old_ui_go_before_making_the_new_one(make_app, monkeypatch):
    """The screen's old UI manager is freed before the new one is made, not beside it:
    both alive at once made a moment's peak (50 MB on a results screen)."""
    import pygame_gui
    app = make_app()
    old = weakref.ref(app.scene.ui)
    old_alive = []
    make_manager = pygame_gui.UIManager.__init__

    def spied(manager, *args, **kwargs):
        old_alive.append(old() is not None)
        make_manager(manager, *args, **kwargs)
    monkeypatch.setattr(pygame_gui.UIManager, "__init__", spied)
    resize_window(app, (1000, 700))
    assert old_alive == [False]
