"""The main loop: window, clock, the scene stack, settings, sounds and input."""
from __future__ import annotations

import gc
import os
import sys

import pygame

from game import input as inp
from game.engine import storage
from game.ai.worker import AIWorker
from game.navigation import scene_class
from game.ui.text import reset_fonts
from game.settings import Settings, load_settings, save_settings

FPS = 60
BASE_SIZE = (1280, 720)
MIN_SIZE = (800, 480)
TITLE = "Little Abstracts"


class App:
    def __init__(self, size=BASE_SIZE, settings: Settings | None = None, headless=False):
        from sounds import SoundBank
        from sprites.palettes import get_palette

        self._get_palette = get_palette
        self.headless = headless
        self.messages: list[str] = []        # shown by the menu, then cleared
        if settings is None:
            settings, message = load_settings()
            if message:
                self.messages.append(message)
        self.settings = settings
        self.palette = get_palette(settings.palette)
        pygame.init()
        reset_fonts()
        pygame.display.set_caption(TITLE)
        self.windowed_size = tuple(size)
        self.window = self._open_window(settings.fullscreen)
        self.sounds = SoundBank(settings.effects_volume, settings.music_volume)
        self.sounds.start()
        self.input = inp.InputMapper()
        self.input.open_present_devices()
        self.worker = AIWorker()
        self.clock = pygame.time.Clock()
        self.stack: list = []
        self.last_setups: dict = {}          # game name -> the setup last started
        self.running = True
        self._background = None

    # --- window ---------------------------------------------------------------------------
    def _open_window(self, fullscreen: bool):
        if fullscreen and not self.headless:
            try:
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error as exc:
                self.messages.append(f"Fullscreen is not available here ({exc}).")
        return pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)

    @property
    def size(self) -> tuple[int, int]:
        return self.window.get_size()

    @property
    def scale(self) -> float:
        """Layout scale relative to the 1280×720 design size."""
        w, h = self.size
        return max(0.55, min(w / BASE_SIZE[0], h / BASE_SIZE[1]))

    def set_fullscreen(self, on: bool) -> None:
        self.settings.fullscreen = on
        self.window = self._open_window(on)
        self.save_settings()
        self._relayout()

    def _relayout(self) -> None:
        self._background = None
        for scene in self.stack:
            scene.rebuild()

    def on_resize(self, size) -> None:
        w, h = max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1])
        if not self.settings.fullscreen:
            self.windowed_size = (w, h)
            if (w, h) != tuple(size):
                self.window = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        self._relayout()

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

    def shade(self, alpha: int) -> pygame.Surface:
        """A translucent veil in the background colour over the whole window (cached)."""
        key = (self.size, alpha, tuple(self.palette.background))
        if getattr(self, "_shade_key", None) != key:
            self._shade_key = key
            self._shade = pygame.Surface(self.size, pygame.SRCALPHA)
            self._shade.fill((*self.palette.background, alpha))
        return self._shade

    def save_settings(self) -> None:
        try:
            save_settings(self.settings)
        except OSError as exc:
            self.messages.append(f"Settings could not be saved: {exc}")

    # --- scene stack ----------------------------------------------------------------------
    @property
    def scene(self):
        return self.stack[-1] if self.stack else None

    def push(self, scene) -> None:
        self.stack.append(scene)
        scene.enter()

    def pop(self) -> None:
        if self.stack:
            self.stack.pop().exit()
        if self.stack:
            self.stack[-1].resume()
        else:
            self.running = False

    def replace(self, scene) -> None:
        if self.stack:
            self.stack.pop().exit()
        self.push(scene)

    def reset_to(self, scene) -> None:
        """Clear the stack and show `scene` (e.g. back to the menu)."""
        while self.stack:
            self.stack.pop().exit()
        self.push(scene)

    # Scenes open each other by name (game/navigation.py), never by importing each other.
    def make(self, name: str, *args):
        """A new scene `name` (game/navigation.py) for this app."""
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
        for action in self.input.translate(event):
            self.dispatch(action)
        if self.input.device_message:           # a pad that could not be opened: said in
            self.messages.append(self.input.device_message)     # the menu
            self.input.device_message = None

    def dispatch(self, action) -> None:
        if action.kind == inp.FULLSCREEN:
            self.set_fullscreen(not self.settings.fullscreen)
            return
        if self.scene is not None:
            self.scene.handle(action)

    def step(self, dt: float, events=None) -> None:
        """One frame: events, stick polling, update, draw."""
        for event in (pygame.event.get() if events is None else events):
            self.process_event(event)
            if not self.running:
                return
        for action in self.input.poll_sticks(dt):
            self.dispatch(action)
        if self.scene is not None:
            self.scene.update(dt)
        self.draw(self.window)

    def draw(self, surface) -> None:
        # Overlays (pause, results) draw the scenes beneath them first.
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].transparent:
            first -= 1
        for scene in self.stack[max(first, 0):]:
            scene.draw(surface)

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
        pygame.quit()


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if "--version" in argv:
        from game import __version__
        print(f"{TITLE} {__version__}")
        return 0
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        print("SDL_VIDEODRIVER=dummy: no window can be shown.", file=sys.stderr)
    app = App()
    app.open("menu")
    if "--time-to-menu" in argv:
        # For `python -m game.bench startup`: the moment the first menu frame is shown.
        import time
        app.step(0.0)
        pygame.display.flip()
        print(f"menu shown at {time.time():.6f}")
        app.shutdown()
        return 0
    app.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
