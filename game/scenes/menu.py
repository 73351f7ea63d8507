"""The first screen: the five games, the suspended game, settings, quit.

It also shows the app's notices (`app.messages`: a settings or saved-game file that could
not be used, a file that could not be written …) in a panel at the bottom
(game/scenes/notices.py), the buttons closing up to make room. A notice stays until the
player leaves the menu for another screen (not for the attract demo); notices that arrive
meanwhile show on the return.
"""
from __future__ import annotations

import game.rules
from game.engine import saves
from game.scenes.base import Scene
from game.ui.text import draw_text, fit_text
from game.scenes.notices import (draw_notices, notice_line_height, notice_lines,
                                  notice_width, notices_height)

IDLE_SECONDS = 30.0         # left alone this long, the menu starts attract mode's demos


class MenuScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.suspended = None       # saves.Resumed: the suspended game
        self.idle = 0.0             # seconds without input (attract mode starts)
        self.notices: list = []     # the notice lines laid out (notice_lines)
        self.notices_for: list = []     # the messages they were laid out for
        self.notices_y = 0
        self.blurb_y = None         # where the blurb goes (None: no room for it)
        self.seen = 0               # notices shown when the player left the menu
        self.notice_panel = None    # the notice panel's rect, as last drawn

    def enter(self) -> None:
        loaded, message = saves.load_resume()
        if message:
            self.app.messages.append(message)
        self.suspended = loaded if loaded and not loaded.state.is_over else None
        super().enter()

    def build(self, size) -> None:
        specs = game.rules.all_specs()
        specs.sort(key=lambda spec: spec.title)
        count = len(specs) + sum(len(spec.menu_entries) for spec in specs) + 3 \
            + (1 if self.suspended else 0)
        s = self.app.scale
        messages = list(self.app.messages)
        normal = (46, 10) if count <= 8 else (40, 8)
        tight = (40, 6) if count <= 8 else (36, 5)
        for height, gap in (normal, tight):     # close up to make room for the notices
            rects = self.column_rects(count, width=560, height=height, gap=gap,
                                      top=round(140 * s))
            if self._layout_notices(messages, rects[-1].bottom):
                break
        rects = iter(rects)
        if self.suspended:
            state, match = self.suspended.state, self.suspended.match
            game_number = f"game {match.game_number}, " if match else ""
            label = f"Continue {state.spec.title} ({game_number}move {len(state.history) + 1})"
            self.button(next(rects), label, self.continue_game)
        for spec in specs:
            item = self.button(next(rects), spec.title, lambda spec=spec: self.choose(spec))
            item.extra["spec"] = spec
            for entry in spec.menu_entries:
                extra = self.button(next(rects), entry.label,
                                    lambda entry=entry: self.open_entry(entry))
                extra.extra["blurb"] = entry.blurb
        self.button(next(rects), "Statistics", self.open_stats)
        self.button(next(rects), "Settings", self.open_settings)
        self.button(next(rects), "Quit", self.app.quit)

    def _layout_notices(self, messages, buttons_bottom: int) -> bool:
        """The notice panel at the foot of the window and the blurb above it; the blurb
        gives way when the notices need its room. True when everything fits in full."""
        s = self.app.scale
        sh = self.app.size[1]
        self.notices_for = messages
        blurb_h = round(30 * s)
        if not messages:
            self.notices = []
            self.blurb_y = sh - round(96 * s)
            return True
        line_h = notice_line_height(self.app)
        bottom = sh - round(10 * s)
        width = notice_width(self.app)
        room = bottom - buttons_bottom - round(12 * s)
        lines = notice_lines(self.app, messages, width)
        fits = notices_height(self.app, lines) + blurb_h <= room
        if fits:
            self.notices = lines
        else:                       # no blurb: every line the room allows
            self.notices = notice_lines(self.app, messages, width,
                                        max(len(messages), (room - round(16 * s)) // line_h))
            while len(self.notices) > 1 and notices_height(self.app, self.notices) > room:
                self.notices = notice_lines(self.app, messages, width, len(self.notices) - 1)
        self.notices_y = bottom - notices_height(self.app, self.notices)
        top = self.notices_y - round(6 * s)
        self.blurb_y = top - blurb_h // 2 if top - blurb_h >= buttons_bottom else None
        return fits

    def _open(self, name: str, *args) -> None:
        """The player leaves the menu for a new scene_class(app, *args): the notices shown
        now are read (any the new scene adds are not)."""
        self.seen = len(self.app.messages)
        self.app.open(name, *args)

    def choose(self, spec) -> None:
        self._open("setup", spec)

    def open_entry(self, entry) -> None:
        """A game's own menu entry (Xoliba: the solitaire puzzles)."""
        self._open(entry.scene)

    def continue_game(self) -> None:
        resumed = self.suspended
        self._open("play", resumed.state, resumed.seats, resumed.match)

    def open_stats(self) -> None:
        self._open("stats")

    def open_settings(self) -> None:
        self._open("settings")

    def on_back(self) -> None:
        pass  # the menu is the bottom of the stack: Quit is an explicit button

    # --- attract mode ---------------------------------------------------------------------
    def _forget_seen(self) -> None:
        del self.app.messages[:self.seen]
        self.seen = 0

    def resume(self) -> None:
        self._forget_seen()
        super().resume()
        self.idle = 0.0

    def exit(self) -> None:
        self._forget_seen()         # back to a new menu (app.reset_to): shown already
        super().exit()

    def handle(self, action) -> None:
        self.idle = 0.0
        super().handle(action)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.app.messages != self.notices_for and self.app.scene is self:
            self.rebuild()          # a notice came while the menu was shown
        self.idle += dt
        if self.idle >= IDLE_SECONDS and self.app.scene is self:
            self.idle = 0.0
            self.app.open("demo")

    def draw(self, surface) -> None:
        self.draw_background(surface)
        self.draw_title(surface, "Little Abstracts", "five little-known abstract games")
        self.draw_ui(surface)
        s = self.app.scale
        sw = self.app.size[0]
        item = self.ring.current
        spec = item.extra.get("spec") if item else None
        palette = self.app.palette
        blurb = item.extra.get("blurb") if item else None
        if spec is not None:
            blurb = spec.blurb
        if blurb and self.blurb_y is not None:
            size = round(19 * s)
            draw_text(surface, fit_text(blurb, size, sw - round(40 * s)),
                      (sw // 2, self.blurb_y), size, palette.text, anchor="center")
        self.notice_panel = draw_notices(surface, self.app, self.notices, self.notices_y)
