"""The pause overlay: resume, restart, rules, settings, quit to the menu."""
from __future__ import annotations

import pygame

from game import input as inp
from game.scenes.base import Scene
from game.ui.text import draw_text, wrap_text


UNPLUGGED = ("The gamepad was disconnected: plug it back in, or use the keyboard or mouse "
             "to go on.")
CARD_PAD = 24              # design pixels: the card's margin
TITLE_HEIGHT = 70          # ... and the title's band, the focus ring's room included
PLUGGED_BACK = "A gamepad is connected: press A (or Enter, or click Resume) to go on."


class PauseScene(Scene):
    transparent = True

    def __init__(self, app, play_scene, unplugged: bool = False):
        super().__init__(app)
        self.play = play_scene
        self.reason = UNPLUGGED if unplugged else ""
        self.reason_lines: list[str] = []
        self.card = pygame.Rect(0, 0, 0, 0)

    def build(self, size) -> None:
        # The game's own actions (offer to end, resign a deal) are here too, so a
        # keyboard or gamepad reaches them.
        actions = [(label, callback) for label, callback in self.play.game_actions()
                   if label != "Restart"]           # the puzzles have their own, the same
        actions += self.play.view.view_actions()
        # One card holds the title, the reason and the buttons, centred as a whole, so the
        # game's panel (dimmed) never shows between them.
        s = self.app.scale
        sw, sh = size
        count = 5 + len(actions)
        pad, title_h = round(CARD_PAD * s), round(TITLE_HEIGHT * s)
        self.reason_lines = wrap_text(self.reason, round(18 * s), round(400 * s)) \
            if self.reason else []
        reason_h = len(self.reason_lines) * round(24 * s) + (round(16 * s) if self.reason else 0)
        height, gap = 50, 12
        while height > 34 and count * (height + gap) * s + title_h + reason_h + 2 * pad > sh:
            height, gap = height - 2, max(6, gap - 1)       # a small window: closer buttons
        buttons_h = count * round(height * s) + (count - 1) * round(gap * s)
        card_h = pad + title_h + reason_h + buttons_h + pad
        self.card = pygame.Rect(0, 0, round(400 * s) + 2 * pad, card_h)
        self.card.center = (sw // 2, sh // 2)
        self.card.top = max(4, self.card.top)
        rects = iter(self.column_rects(count, width=400, height=height, gap=gap,
                                       top=self.card.top + pad + title_h + reason_h))
        self.button(next(rects), "Resume", self.app.pop)
        for label, callback in actions:
            self.button(next(rects), label, lambda callback=callback: self.do(callback))
        self.button(next(rects), "Restart", self.restart)
        self.button(next(rects), "Rules", self.rules)
        self.button(next(rects), "Settings", self.settings)
        self.button(next(rects), f"Quit to {self.play.exit_name}", self.play.exit_to)

    def do(self, callback) -> None:
        self.app.pop()
        callback()

    def restart(self) -> None:
        self.app.pop()
        self.play.restart()

    def rules(self) -> None:
        self.app.open("rules", self.play.state.spec)

    def settings(self) -> None:
        self.app.open("settings")

    def handle(self, action) -> None:
        if action.kind == inp.PAUSE:
            self.app.pop()
            return
        if action.kind == inp.DEVICE_ADDED and self.reason == UNPLUGGED:
            self.reason = PLUGGED_BACK
            self.rebuild()
            return
        super().handle(action)

    def draw(self, surface) -> None:
        s = self.app.scale
        palette = self.app.palette
        self.app.draw_shade(surface, 225)
        radius = round(16 * s)
        pygame.draw.rect(surface, palette.panel, self.card, border_radius=radius)
        pygame.draw.rect(surface, palette.accent, self.card, 3, border_radius=radius)
        pad = round(CARD_PAD * s)
        draw_text(surface, "Paused", (self.card.centerx, self.card.top + pad + round(26 * s)),
                  round(50 * s), palette.accent, True, anchor="center")
        y = self.card.top + pad + round(TITLE_HEIGHT * s)     # as laid out in build
        for line in self.reason_lines:
            draw_text(surface, line, (self.card.centerx, y), round(18 * s), palette.text,
                      anchor="midtop")
            y += round(24 * s)
        self.draw_ui(surface)
