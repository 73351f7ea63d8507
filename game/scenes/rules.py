"""A game's rules, as text with the game's own illustration, scrollable."""
from __future__ import annotations

import pygame

from game import input as inp
from game.scenes.base import Scene, draw_text, wrap_text


class RulesScene(Scene):
    def __init__(self, app, spec):
        super().__init__(app)
        self.spec = spec
        self.scroll = 0

    def build(self, size) -> None:
        s = self.app.scale
        sw, sh = size
        self.button((sw - round(200 * s), sh - round(70 * s), round(170 * s), round(48 * s)),
                    "Back", self.app.pop)

    def handle(self, action) -> None:
        if action.kind in (inp.UP, inp.DOWN):
            self.scroll = max(0, self.scroll + (1 if action.kind == inp.DOWN else -1))
            return
        if action.kind == inp.SCROLL:
            self.scroll = max(0, self.scroll - action.amount)
            return
        super().handle(action)

    def draw(self, surface) -> None:
        from game.views import illustrate_rules
        self.draw_background(surface)
        s = self.app.scale
        sw, sh = self.app.size
        palette = self.app.palette
        self.draw_title(surface, f"{self.spec.title}: rules", y=round(50 * s))
        text_width = round(sw * 0.55)
        size = round(18 * s)
        lines = wrap_text(self.spec.rules_text, size, text_width)
        line_height = round(size * 1.45)
        visible = max(1, (sh - round(190 * s)) // line_height)
        self.scroll = min(self.scroll, max(0, len(lines) - visible))
        y = round(110 * s)
        for line in lines[self.scroll:self.scroll + visible]:
            draw_text(surface, line, (round(40 * s), y), size, palette.text)
            y += line_height
        if len(lines) > visible:
            draw_text(surface, f"Up/Down, the wheel or the D-pad scroll ({self.scroll + 1}–"
                      f"{min(len(lines), self.scroll + visible)} of {len(lines)} lines)",
                      (round(40 * s), sh - round(50 * s)), round(15 * s), palette.text_dim)
        art = pygame.Rect(round(60 * s) + text_width, round(110 * s),
                          sw - text_width - round(100 * s), sh - round(200 * s))
        illustrate_rules(self.spec.name, surface, art, palette)
        self.draw_ui(surface)
