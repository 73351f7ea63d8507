"""The first screen: the five games, the suspended game, settings, quit."""
from __future__ import annotations

import game.rules
from game.engine import saves
from game.scenes import attract
from game.scenes.base import Scene, draw_text, wrap_text


class MenuScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.suspended = None       # saves.Resumed: the suspended game
        self.idle = 0.0             # seconds without input (attract mode starts)

    def enter(self) -> None:
        loaded, message = saves.load_resume()
        if message:
            self.app.messages.append(message)
        self.suspended = loaded if loaded and not loaded.state.is_over else None
        super().enter()

    def build(self, size) -> None:
        specs = game.rules.all_specs()
        specs.sort(key=lambda spec: spec.title)
        count = len(specs) + 4 + (1 if self.suspended else 0)
        s = self.app.scale
        height, gap = (46, 10) if count <= 8 else (40, 8)
        rects = iter(self.column_rects(count, width=560, height=height, gap=gap,
                                       top=round(140 * s)))
        if self.suspended:
            state, match = self.suspended.state, self.suspended.match
            game_number = f"game {match.game_number}, " if match else ""
            label = f"Continue {state.spec.title} ({game_number}move {len(state.history) + 1})"
            self.button(next(rects), label, self.continue_game)
        for spec in specs:
            item = self.button(next(rects), spec.title, lambda spec=spec: self.choose(spec))
            item.extra["spec"] = spec
            if spec.name == "xoliba":
                puzzles = self.button(next(rects), "Xoliba Solitaire puzzles", self.puzzles)
                puzzles.extra["blurb"] = ("Capture every blue piece with red: 46 graded "
                                          "levels and random deals, with hints")
        self.button(next(rects), "Statistics", self.open_stats)
        self.button(next(rects), "Settings", self.open_settings)
        self.button(next(rects), "Quit", self.app.quit)

    def choose(self, spec) -> None:
        from game.scenes.setup import SetupScene
        self.app.push(SetupScene(self.app, spec))

    def puzzles(self) -> None:
        from game.scenes.puzzles import PuzzleSelectScene
        self.app.push(PuzzleSelectScene(self.app))

    def continue_game(self) -> None:
        from game.scenes.play import PlayScene
        resumed = self.suspended
        self.app.push(PlayScene(self.app, resumed.state, resumed.seats, resumed.match))

    def open_stats(self) -> None:
        from game.scenes.stats import StatsScene
        self.app.push(StatsScene(self.app))

    def open_settings(self) -> None:
        from game.scenes.settings import SettingsScene
        self.app.push(SettingsScene(self.app))

    def on_back(self) -> None:
        pass  # the menu is the bottom of the stack: Quit is an explicit button

    # --- attract mode ---------------------------------------------------------------------
    def resume(self) -> None:
        super().resume()
        self.idle = 0.0

    def handle(self, action) -> None:
        self.idle = 0.0
        super().handle(action)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.idle += dt
        if self.idle >= attract.IDLE_SECONDS and self.app.scene is self:
            self.idle = 0.0
            self.app.push(attract.DemoScene(self.app))

    def draw(self, surface) -> None:
        self.draw_background(surface)
        self.draw_title(surface, "Little Abstracts", "five little-known abstract games")
        self.draw_ui(surface)
        s = self.app.scale
        sw, sh = self.app.size
        item = self.ring.current
        spec = item.extra.get("spec") if item else None
        palette = self.app.palette
        y = sh - round(96 * s)
        blurb = item.extra.get("blurb") if item else None
        if spec is not None:
            blurb = spec.blurb
        if blurb:
            draw_text(surface, blurb, (sw // 2, y), round(19 * s), palette.text, anchor="center")
        for message in self.app.messages[-2:]:
            for line in wrap_text(message, round(15 * s), sw - round(80 * s))[:2]:
                y += round(22 * s)
                draw_text(surface, line, (sw // 2, y), round(15 * s), palette.highlight_bad,
                          anchor="center")
