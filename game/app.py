"""The main loop: window, clock, the scene stack, settings, sounds and input."""
from __future__ import annotations

import ctypes
import gc
import os
import sys

import pygame

from game import TITLE
from game.ui import input as inp
from game.core import storage
from game.ai.worker import AIWorker
from game.ui.window import name_the_window
from game.scenes.navigation import scene_class
from game.ui.text import MIN_TEXT_SCALE, reset_fonts
from game.services.settings import Settings, load_settings, save_settings
from game.views.base import ViewContext
from sprites import surface_cache
from sprites.icon import draw_icon

FPS = 60
RELEASE_EVERY = 10.0            # seconds of play between two release_memory calls
BASE_SIZE = (1280, 720)
MIN_SIZE = (800, 480)
TRANSITION_TIME = 0.2          # seconds of the crossfade between two screens
WINDOW_MARGIN = 40              # pixels kept free around a window too large for the desktop
SHADE_TILE = 256                # pixels; the veils over the screen are tiled (draw_shade)
WINDOW_ICON_SIZE = 64
# The mouse's own events also go to the top screen's widgets: a slider is dragged, a
# scrolling container's bar too, as pygame-gui does it. The wheel, the keys and the pad
# reach the widgets through the scenes' actions and the focus ring only, so a notch or a
# key press scrolls by rows (game/scenes/base.py).
WIDGET_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)
# While a text entry is focused the keyboard types in it; these keys end the typing.
TYPING_EVENTS = (pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT, pygame.TEXTEDITING)
END_TYPING = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB)


class App:
    def __init__(self, size=BASE_SIZE, settings: Settings | None = None, headless=False):
        from sounds import SoundBank
        from sprites.palettes import get_palette

        self._get_palette = get_palette
        self.headless = headless
        self.messages: list[str] = []        # shown by the menu, then cleared
        self.series = None                   # the running score of the last pairing played
        if settings is None:
            settings, message = load_settings()
            if message:
                self.messages.append(message)
        self.settings = settings
        self.palette = get_palette(settings.palette)
        name_the_window()
        pygame.init()
        reset_fonts()
        pygame.display.set_caption(TITLE)
        pygame.display.set_icon(draw_icon(WINDOW_ICON_SIZE))
        # Where the window was, and its size, before fullscreen: given back on leaving it.
        self.windowed_place: tuple | None = None
        self.window = self._open_window(tuple(size), settings.fullscreen)
        self._laid_out = (self.size, self.palette.name)    # what the scenes are built for
        self.sounds = SoundBank(settings.effects_volume, settings.music_volume)
        self.sounds.start()
        self.input = inp.InputMapper()
        self.input.open_present_devices()
        # What the board views draw with (they are not given the app).
        self.view_context = ViewContext(self.palette, self.sounds, self.settings, self.input,
                                        self.scale, self.background, self.draw_shade)
        self.worker = AIWorker()
        self.clock = pygame.time.Clock()
        self.stack: list = []
        self.last_setups: dict = {}          # game name -> the setup last started
        self.running = True
        self._background = None
        self._shade_tiles: dict = {}         # (alpha, colour) -> a tile of draw_shade
        self._since_release = 0.0
        # Crossfades between screens. Off in headless apps (the tests and benches look at
        # each frame's pixels; the frames bench and the transition tests switch them on).
        self.transitions = not headless
        self._fade = None                    # [the last frame of the old screen, seconds, length]

    # --- window ---------------------------------------------------------------------------
    # One window for the app's whole life. Fullscreen is SDL's borderless desktop-size
    # mode on that same window (no change of video mode, no new window), and leaving it
    # gives back the window's place and size as they were. A resize is never answered by
    # resizing the window again (the system keeps MIN_SIZE through minimum_size), so a
    # window manager and the app cannot bounce sizes back and forth.
    def _open_window(self, size: tuple[int, int], fullscreen: bool):
        window = pygame.display.set_mode(size, pygame.RESIZABLE)
        self._handle = self._window_handle()
        if self._handle is not None:
            self._handle.minimum_size = MIN_SIZE
        if fullscreen and not self.headless:
            self._switch_fullscreen(True)
        return pygame.display.get_surface() or window

    @staticmethod
    def _window_handle():
        """The display module's window as a pygame.Window, or None (an SDL without it)."""
        import warnings
        try:
            with warnings.catch_warnings():
                # pygame-ce would rather the app drew through Window; it draws through the
                # display surface, and uses the handle only to size the window.
                warnings.simplefilter("ignore", DeprecationWarning)
                return pygame.Window.from_display_module()
        except (AttributeError, pygame.error):
            return None

    def _switch_fullscreen(self, on: bool) -> bool:
        """Make the window fullscreen (desktop size) or windowed; False if it cannot."""
        if self._handle is None:
            self.messages.append("Fullscreen is not available here.")
            return False
        try:
            if on:
                self.windowed_place = (self._handle.position, self._handle.size)
                desktop = self.desktop_size()
                if desktop is not None:
                    # The window covers the desktop first: with no window manager to
                    # obey the request it would stay as it was, while SDL reported the
                    # desktop's size (a screen laid out taller than the window).
                    self._handle.position = (0, 0)
                    self._handle.size = desktop
                self._handle.set_fullscreen(desktop=True)
            else:
                self._handle.set_windowed()
                pygame.event.pump()     # SDL learns the frame's width again, to place it
                position, size = self.windowed_place
                fitted = self.fitted(size)
                self._handle.size = fitted
                self._handle.position = position if fitted == size \
                    else pygame.WINDOWPOS_CENTERED
        except pygame.error as exc:
            self.messages.append(f"Fullscreen is not available here ({exc}).")
            return False
        return True

    @staticmethod
    def desktop_size() -> tuple[int, int] | None:
        """The first display's size, or None where SDL knows none."""
        try:
            return tuple(pygame.display.get_desktop_sizes()[0])
        except (IndexError, pygame.error):
            return None

    @classmethod
    def fitted(cls, size) -> tuple[int, int]:
        """`size` as it is if it fits the desktop; else each side too long is cut to
        leave room for a title bar and a panel."""
        desktop = cls.desktop_size()
        if desktop is None:
            return tuple(size)
        return tuple(length if length <= desk else max(least, desk - 2 * WINDOW_MARGIN)
                     for length, desk, least in zip(size, desktop, MIN_SIZE))

    @property
    def size(self) -> tuple[int, int]:
        return self.window.get_size()

    @property
    def scale(self) -> float:
        """Layout scale relative to the 1280×720 design size."""
        w, h = self.size
        return max(0.55, min(w / BASE_SIZE[0], h / BASE_SIZE[1]))

    @property
    def text_scale(self) -> float:
        """The scale of text (and the spacing around it) in dense panels: the layout's,
        but never below MIN_TEXT_SCALE, so small windows keep readable text (the side
        panel's 15 px lines fell to about 9 px at 800×480)."""
        return max(self.scale, MIN_TEXT_SCALE)

    def set_fullscreen(self, on: bool) -> None:
        if on != self.settings.fullscreen and (self.headless or self._switch_fullscreen(on)):
            self.settings.fullscreen = on
            self.save_settings()
        self.on_resize()

    def _relayout(self) -> None:
        # What the caches hold was painted for the old size or palette.
        self._laid_out = (self.size, self.palette.name)
        self.view_context.palette = self.palette
        self.view_context.scale = self.scale
        surface_cache.clear_all()
        reset_fonts()
        self._background = None
        self._shade_tiles = {}
        self._fade = None
        # The old UIs go before the new ones are made, not beside them (a moment's peak).
        for scene in self.visible():
            scene.dispose_ui()
        release_memory()
        for scene in self.visible():
            scene.rebuild()
        release_memory()

    def _relayout_if_resized(self) -> None:
        if self._laid_out != (self.size, self.palette.name):
            self._relayout()

    def on_resize(self, size=None) -> None:
        """The window has a new size (the player, the system, or fullscreen); `size`, the
        event's, is only a hint: the display surface has the size that counts."""
        self.window = pygame.display.get_surface()
        w, h = self.size
        if (w < MIN_SIZE[0] or h < MIN_SIZE[1]) and self._handle is not None:
            # A system that did not keep minimum_size: enlarged once, on the same window.
            # In fullscreen too: a screen is never laid out smaller than MIN_SIZE.
            self._handle.size = (max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1]))
            pygame.event.pump()
            self.window = pygame.display.get_surface()
        self._relayout_if_resized()

    def apply_palette(self) -> None:
        self.palette = self._get_palette(self.settings.palette)
        self._relayout()

    def background(self) -> pygame.Surface:
        """A vertical gradient in the palette's colours, cached per window size."""
        if self._background is None or self._background.get_size() != self.size:
            w, h = self.size
            top, bottom = self.palette.background, self.palette.background_alt
            surface = pygame.Surface((w, h))
            for y in range(h):
                t = y / max(1, h - 1)
                colour = [round(top[i] + (bottom[i] - top[i]) * t) for i in range(3)]
                pygame.draw.line(surface, colour, (0, y), (w, y))
            self._background = surface
        return self._background

    def draw_shade(self, surface, alpha: int, area=None) -> None:
        """Veil `area` (default: all of `surface`) in the background colour at `alpha`.
        Tiled from a small picture: a window-sized one would weigh 15 MB at 2560×1440."""
        area = surface.get_rect() if area is None else pygame.Rect(area)
        key = (alpha, tuple(self.palette.background))
        tile = self._shade_tiles.get(key)
        if tile is None:
            tile = pygame.Surface((SHADE_TILE, SHADE_TILE), pygame.SRCALPHA)
            tile.fill((*self.palette.background, alpha))
            self._shade_tiles[key] = tile
        for y in range(area.top, area.bottom, SHADE_TILE):
            for x in range(area.left, area.right, SHADE_TILE):
                surface.blit(tile, (x, y), (0, 0, area.right - x, area.bottom - y))

    def save_settings(self) -> None:
        try:
            save_settings(self.settings)
        except OSError as exc:
            self.messages.append(f"Settings could not be saved: {exc}")

    # --- scene stack ----------------------------------------------------------------------
    @property
    def scene(self):
        return self.stack[-1] if self.stack else None

    def visible(self) -> list:
        """The scenes drawn, bottom first: the top one and, under overlays (pause,
        results), the scenes beneath it down to the first opaque one."""
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].transparent:
            first -= 1
        return self.stack[max(first, 0):]

    def _sync_ui(self) -> None:
        """Only the scenes on view keep a UI: a hidden one lets its go (rebuilt when it
        shows again), so a menu under a game holds no buttons' pictures."""
        shown = self.visible()
        for scene in self.stack:
            if not any(scene is s for s in shown):
                scene.dispose_ui()
        for scene in shown[:-1]:             # uncovered under an overlay
            if scene.ui is None:
                scene.rebuild()

    # Each change of the stack ends with release_memory: what a scene left behind (or
    # a hidden scene's UI) goes then, not at some later full collection.
    def push(self, scene) -> None:
        self._begin_transition()
        self._enter(scene)
        release_memory()

    def _enter(self, scene) -> None:
        self.stack.append(scene)
        scene.enter()
        self._sync_ui()

    def pop(self) -> None:
        self._begin_transition()
        if self.stack:
            self.stack.pop().exit()
        if self.stack:
            self.stack[-1].resume()
            self._sync_ui()
        else:
            self.running = False
        release_memory()

    def replace(self, scene) -> None:
        self._begin_transition()
        if self.stack:
            self.stack.pop().exit()
        self._enter(scene)
        release_memory()

    def reset_to(self, scene) -> None:
        """Clear the stack and show `scene` (e.g. back to the menu)."""
        self._begin_transition()
        while self.stack:
            self.stack.pop().exit()
        self._enter(scene)
        release_memory()

    # Scenes open each other by name (game/scenes/navigation.py), never by importing
    # each other.
    def make(self, name: str, *args):
        """A new scene `name` (game/scenes/navigation.py) for this app."""
        return scene_class(name)(self, *args)

    def open(self, name: str, *args):
        """Push a new scene `name`; returns it."""
        scene = self.make(name, *args)
        self.push(scene)
        return scene

    def switch_to(self, name: str, *args):
        """Replace the top scene with a new scene `name`; returns it."""
        scene = self.make(name, *args)
        self.replace(scene)
        return scene

    def home(self) -> None:
        """Back to a new menu, the stack cleared."""
        self.reset_to(self.make("menu"))

    def find(self, name: str):
        """The topmost scene of class `name` on the stack, or None."""
        kind = scene_class(name)
        return next((scene for scene in reversed(self.stack) if isinstance(scene, kind)), None)

    def quit(self) -> None:
        self.running = False

    # --- the loop -------------------------------------------------------------------------
    def process_event(self, event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE:
            self.on_resize(event.size)
            return
        if event.type in TYPING_EVENTS and self.scene is not None:
            entry = self.scene.typing_entry()
            if entry is not None:           # the keys are the entry's while typing
                if event.type == pygame.KEYDOWN and event.key in END_TYPING:
                    entry.unfocus()
                    self.scene.typed(entry, event.key)
                else:
                    self.scene.widget_event(event)
                return
        if event.type in WIDGET_EVENTS and self.scene is not None:
            self.scene.widget_event(event)
        for action in self.input.translate(event):
            self.dispatch(action)
        if self.input.device_message:           # a pad that could not be opened: said in
            self.messages.append(self.input.device_message)     # the menu
            self.input.device_message = None

    def series_for(self, game: str, seats):
        """The running score a game between these seats adds to: the last one while the
        pairing stays the same, else a new one from nothing."""
        from game.services.match import Series
        pairing = Series.pairing_of(game, seats)
        if self.series is None or self.series.pairing != pairing:
            self.series = Series(pairing)
        return self.series

    def dispatch(self, action) -> None:
        if action.kind == inp.FULLSCREEN:
            self.set_fullscreen(not self.settings.fullscreen)
            return
        if self.scene is not None:
            self.scene.handle(action)

    def step(self, dt: float, events=None) -> None:
        """One frame: events, stick polling, update, draw."""
        if events is None:
            events = pygame.event.get()
        else:
            # Driven (tests, benches, the monkey): the queue is read and dropped. What
            # pygame-gui posts there names its widgets, and would keep closed screens'
            # windows alive (clear() would not free them: pygame keeps a posted event's
            # data until the event is got).
            pygame.event.get()
        for event in events:
            self.process_event(event)
            if not self.running:
                return
        for action in self.input.poll_sticks(dt):
            self.dispatch(action)
        if self.scene is not None:
            self.scene.update(dt)
            for scene in self.stack[:-1]:
                if scene in self.stack[:-1]:    # the top's update may have closed it
                    scene.update_covered(dt)
        if self._fade is not None:
            self._fade[1] += dt
        self.draw(self.window)
        # A long stay on one screen (a game, attract mode's demo) gives back, now and
        # then, what its moves and animations made and dropped (a millisecond or two).
        self._since_release += dt
        if self._since_release >= RELEASE_EVERY:
            self._since_release = 0.0
            release_memory()

    def draw(self, surface) -> None:
        # Overlays (pause, results) draw the scenes beneath them first.
        for scene in self.visible():
            scene.draw(surface)
        if self._fade is not None:
            self._draw_fade(surface)

    # --- transitions ----------------------------------------------------------------------
    def _begin_transition(self) -> None:
        """The screen is about to change: keep its last frame, to fade it out over the
        new one (not under reduced motion, nor before anything was shown)."""
        factor = self.settings.animation_factor
        if not self.transitions or factor <= 0 or not self.stack:
            return
        self._fade = [self.window.copy(), 0.0, TRANSITION_TIME / factor]

    def _draw_fade(self, surface) -> None:
        old, elapsed, length = self._fade
        t = elapsed / length
        if t >= 1 or old.get_size() != surface.get_size():
            self._fade = None               # done (or the window changed size meanwhile)
            return
        eased = t * t * (3 - 2 * t)         # smoothstep: a soft start and end
        old.set_alpha(round(255 * (1 - eased)))
        surface.blit(old, (0, 0))

    @staticmethod
    def freeze_startup_objects() -> None:
        """What startup built (fonts, the UI theme, the rules' tables, the scenes' code)
        lives as long as the app: taken out of the garbage collector's sight, a full
        collection during play scans only what was made since (0.2 ms instead of 8 ms,
        a stalled frame)."""
        gc.collect()
        gc.freeze()

    def run(self) -> None:
        first = True
        while self.running:
            dt = self.clock.tick(FPS) / 1000.0
            self.step(min(dt, 0.1))
            pygame.display.flip()
            if first:                       # once the first frame is on screen
                self.freeze_startup_objects()
                first = False
        self.shutdown()

    def shutdown(self) -> None:
        for scene in reversed(self.stack):
            scene.exit()
        self.stack.clear()
        self.worker.shutdown()
        storage.writer.wait()           # the last move's save reaches the disk
        # The views' context holds the app's background and veil: without it the app is
        # freed as soon as it is let go, not at some later collection.
        self.view_context = None
        pygame.quit()


def _heap_trimmer():
    """glibc's malloc_trim, which hands freed memory back to the system, or None where
    there is no such call (macOS, Windows, other C libraries)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return None


_trim_heap = _heap_trimmer()


def release_memory() -> None:
    """Free what a scene that left, or a layout that changed, left behind, now rather
    than at some later full collection: its UI manager, view and painted layers sit in
    reference cycles, and after gc.freeze (App.freeze_startup_objects) the collector's
    full passes are rare. Then give the freed memory back to the system, so the size
    of the process follows what is shown. A few milliseconds, at a change of screen."""
    gc.collect()
    if _trim_heap is not None:
        _trim_heap(0)


def play(time_to_menu: bool = False) -> int:
    """Open the window on the menu and play until the player quits (the command line is
    game/launch/cli.py). time_to_menu: show the first menu frame, print when, and quit."""
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        print("SDL_VIDEODRIVER=dummy: no window can be shown.", file=sys.stderr, flush=True)
    app = App()
    app.open("menu")
    if time_to_menu:
        # For `python -m game.bench startup`: the moment the first menu frame is shown.
        import time
        app.step(0.0)
        pygame.display.flip()
        print(f"menu shown at {time.time():.6f}", flush=True)
        app.shutdown()
        return 0
    app.run()
    return 0

