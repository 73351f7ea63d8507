"""A yes/no question over the current screen (an offer to end a game, asked in hot seat)."""
from __future__ import annotations

from game.scenes.base import Scene
from game.ui.text import draw_text, wrap_text


class ConfirmScene(Scene):
    transparent = True

    def __init__(self, app, title: str, question: str, yes_label: str, on_yes,
                 no_label: str, on_no):
        super().__init__(app)
        self.title = title
        self.question = question
        self.choices = ((yes_label, on_yes), (no_label, on_no))
        # Focus on "No" first: a stray press must not end the game. (Set here: rebuild
        # keeps the ring's focus across builds.)
        self.ring.focus = 1

    def build(self, size) -> None:
        rects = self.column_rects(2, width=400, height=50, gap=12,
                                  top=size[1] // 2 + round(20 * self.app.scale))
        for rect, (label, callback) in zip(rects, self.choices):
            self.button(rect, label, lambda callback=callback: self.answer(callback))

    def answer(self, callback) -> None:
        self.app.pop()
        if callback is not None:        # None: the answer only closes the question
            callback()

    def on_back(self) -> None:
        self.answer(self.choices[1][1])

    def draw(self, surface) -> None:
        s = self.app.scale
        sw, sh = self.app.size
        self.app.draw_shade(surface, 225)
        palette = self.app.palette
        y = sh // 2 - round(120 * s)
        draw_text(surface, self.title, (sw // 2, y), round(36 * s), palette.accent, True,
                  anchor="center")
        y += round(56 * s)
        for line in wrap_text(self.question, round(20 * s), round(640 * s))[:4]:
            draw_text(surface, line, (sw // 2, y), round(20 * s), palette.text, anchor="center")
            y += round(28 * s)
        self.draw_ui(surface)
