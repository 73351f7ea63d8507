"""A yes/no question over the current screen (an offer to end a game, asked in hot seat;
replacing the suspended game): a pygame-gui window with the question and two buttons."""
from __future__ import annotations

from game.scenes.base import Scene


class ConfirmScene(Scene):
    transparent = True
    held_widgets = ("window",)

    def __init__(self, app, title: str, question: str, yes_label: str, on_yes,
                 no_label: str, on_no):
        super().__init__(app)
        self.title = title
        self.question = question
        self.choices = ((yes_label, on_yes), (no_label, on_no))
        self.window = None
        # Focus on "No" first: a stray press must not end the game. (Set here: rebuild
        # keeps the ring's focus across builds.)
        self.ring.focus = 1

    def build(self, size) -> None:
        self.window, rects = self.dialog(self.title, self.question, 600, len(self.choices))
        for rect, (label, callback) in zip(rects, self.choices):
            self.button(rect, label, lambda callback=callback: self.answer(callback),
                        container=self.window)

    def answer(self, callback) -> None:
        self.app.pop()
        if callback is not None:        # None: the answer only closes the question
            callback()

    def on_back(self) -> None:
        self.answer(self.choices[1][1])

    def draw(self, surface) -> None:
        self.app.draw_shade(surface, 225)
        self.draw_ui(surface)
