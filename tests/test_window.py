"""The window: F11 and the setting switch one window between windowed and desktop-size
fullscreen, without making a new window or answering resizes with resizes (a window
manager and the app used to bounce sizes back and forth). Fullscreen covers the desktop
even where no window manager obeys the request, the screens are laid out for the size
the window really has, and leaving it gives the window back as it was (fitted to the
desktop only when it would not fit). The window's class names the app for the desktop's
dock (game/launch/desktop.py)."""
from __future__ import annotations

import os

import pygame
import pytest

from game import APP_ID, TITLE
from game.app import BASE_SIZE, MIN_SIZE, WINDOW_MARGIN, App
from game.scenes.menu import MenuScene
from game.services.settings import Settings, load_settings
from game.testing.events import key_event, key_up_event
from scene_driver import step


@pytest.fixture
def window_app(app_home, monkeypatch):
    """A real (not headless) app on SDL's dummy display, counting new video modes and
    layouts from its first frame on."""
    app = App(settings=Settings(), headless=False)
    app.push(MenuScene(app))
    step(app, frames=2)
    counts = {"set_mode": 0, "layouts": 0}
    original_mode, original_layout = pygame.display.set_mode, App._relayout

    def counting_mode(*args, **kwargs):
        counts["set_mode"] += 1
        return original_mode(*args, **kwargs)

    def counting_layout(self):
        counts["layouts"] += 1
        original_layout(self)

    monkeypatch.setattr(pygame.display, "set_mode", counting_mode)
    monkeypatch.setattr(App, "_relayout", counting_layout)
    yield app, counts
    app.shutdown()


def press_f11(app) -> None:
    step(app, [key_event(pygame.K_F11), key_up_event(pygame.K_F11)])


def desktop() -> tuple[int, int]:
    return pygame.display.get_desktop_sizes()[0]


def place_window(app, position, size) -> None:
    """Move and size the window as a player would, and let the app see it."""
    app._handle.size = size
    app._handle.position = position
    step(app, [pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])])


def test_f11_switches_the_same_window_back_and_forth(window_app):
    app, counts = window_app
    # Within 2 × WINDOW_MARGIN of the desktop's width: fitting it shrank it (1280 wide
    # on a 1280 wide desktop came back 1200 wide).
    width = desktop()[0] - WINDOW_MARGIN
    place_window(app, (13, 21), (width, 600))
    counts["layouts"] = 0
    for _ in range(5):
        press_f11(app)
        step(app, frames=30)                   # the system's resize events come and go
        assert app.settings.fullscreen and app.size == desktop()
        press_f11(app)
        step(app, frames=30)
        assert not app.settings.fullscreen
        assert (app._handle.position, app._handle.size, app.size) == \
            ((13, 21), (width, 600), (width, 600))
    assert counts["set_mode"] == 0, "a new video mode was set"
    assert counts["layouts"] <= 10, "the screens were laid out again and again"


class UnobeyedWindow:
    """The app's window where no window manager runs (X11 without one): asking for
    fullscreen changes nothing, though SDL reports the desktop's size afterwards; moving
    and sizing the window work."""

    def __init__(self, window):
        self.window = window
        self.fullscreen_requests = 0

    def __getattr__(self, name):
        return getattr(self.window, name)

    def __setattr__(self, name, value):
        if name in ("position", "size", "minimum_size"):
            setattr(self.window, name, value)
        else:
            super().__setattr__(name, value)

    def set_fullscreen(self, desktop=False):
        self.fullscreen_requests += 1

    def set_windowed(self):
        pass


def test_fullscreen_covers_the_desktop_where_nobody_obeys_the_request(window_app):
    app, _ = window_app
    place_window(app, (13, 21), (900, 600))
    app._handle = UnobeyedWindow(app._handle)
    press_f11(app)
    assert app._handle.fullscreen_requests == 1
    assert (app._handle.position, app._handle.size) == ((0, 0), desktop())
    assert app.size == desktop() and app._laid_out[0] == desktop()
    press_f11(app)
    assert (app._handle.position, app._handle.size, app.size) == ((13, 21), (900, 600),
                                                                  (900, 600))


class CroppedWindow(UnobeyedWindow):
    """A system that gives a fullscreen window less than the desktop (a panel kept)."""
    SIZE = (1000, 700)

    def set_fullscreen(self, desktop=False):
        super().set_fullscreen(desktop)
        self.window.size = self.SIZE


def test_the_screens_are_laid_out_for_the_size_the_window_really_has(window_app):
    app, _ = window_app
    app._handle = CroppedWindow(app._handle)
    press_f11(app)
    assert app.size == CroppedWindow.SIZE == pygame.display.get_surface().get_size()
    assert app._laid_out[0] == CroppedWindow.SIZE
    assert app.scene.ui.get_root_container().get_rect().size == CroppedWindow.SIZE


def test_a_resize_is_never_answered_by_another(window_app):
    app, counts = window_app
    for _ in range(20):
        step(app, [pygame.event.Event(pygame.VIDEORESIZE, size=app.size, w=app.size[0],
                                      h=app.size[1])])
    assert counts == {"set_mode": 0, "layouts": 0}


def test_the_setting_is_kept(window_app):
    app, _ = window_app
    press_f11(app)
    assert load_settings()[0].fullscreen
    press_f11(app)
    assert not load_settings()[0].fullscreen


def test_leaving_fullscreen_fits_a_window_larger_than_the_desktop(window_app):
    app, _ = window_app
    press_f11(app)
    app.windowed_place = ((0, 0), (desktop()[0] + 500, desktop()[1] + 500))
    press_f11(app)
    step(app, frames=10)
    w, h = app.size
    assert w <= desktop()[0] - 2 * WINDOW_MARGIN and h <= desktop()[1] - 2 * WINDOW_MARGIN
    assert w >= MIN_SIZE[0] and h >= MIN_SIZE[1]


def test_an_app_started_fullscreen_fills_the_desktop(app_home):
    app = App(settings=Settings(fullscreen=True), headless=False)
    try:
        assert app.size == desktop()
        app.set_fullscreen(False)
        assert app.size == App.fitted(BASE_SIZE)
    finally:
        app.shutdown()


IDENTITY_HINTS = {"SDL_VIDEO_X11_WMCLASS": APP_ID, "SDL_VIDEO_WAYLAND_WMCLASS": APP_ID,
                  "SDL_APP_ID": APP_ID, "SDL_APP_NAME": TITLE}


def test_the_window_is_named_for_the_desktop_before_sdl_opens_it(app_home, monkeypatch):
    """SDL reads the window's class when its video starts: the hints must be set by
    then. pygame's import sets the X11 one to the script's name (`__main__.py`)."""
    for hint in IDENTITY_HINTS:
        monkeypatch.setenv(hint, "__main__.py")
    seen = {}
    original_init = pygame.init

    def recording_init():
        seen.update({hint: os.environ.get(hint) for hint in IDENTITY_HINTS})
        return original_init()

    monkeypatch.setattr(pygame, "init", recording_init)
    app = App(settings=Settings(), headless=True)
    app.shutdown()
    assert seen == IDENTITY_HINTS


@pytest.mark.parametrize("name", ["xtic", "xoliba", "catalina", "che", "xutoli"])
def test_a_window_below_the_least_size_is_enlarged_in_fullscreen_too(make_app, name):
    # A system that keeps no minimum size may shrink a window set to fullscreen (the
    # monkey did): laid out at 333 pixels wide, Catalina's board had a negative side.
    import game.rules
    from game.services.saves import Seat
    from game.testing.events import resize_event
    app = make_app()
    app.settings.fullscreen = True
    spec = game.rules.get(name)
    app.open("play", spec.new_game(seed=1, options=spec.demo_options),
             [Seat("human", None)] * len(spec.seats_for(spec.demo_options)))
    for size in [(333, 847), (300, 200), (120, 90), (1280, 720)]:
        pygame.display.set_mode(size, pygame.RESIZABLE)
        step(app, [resize_event(*size)], frames=3)
        assert app.window.get_size() == tuple(map(max, size, MIN_SIZE))
        app.draw(app.window)
