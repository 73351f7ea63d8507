"""The end of a game: who won and why; rematch, take back, or back to the menu."""
from __future__ import annotations

import pygame

from game.scenes.base import Scene
from game.ui.text import draw_text, fitting_size, wrap_text


class ResultsScene(Scene):
    transparent = True

    def __init__(self, app, play_scene):
        super().__init__(app)
        self.play = play_scene
        self.headline = play_scene.result_headline()
        reason = play_scene.result_reason()
        self.reason = reason[:1].upper() + reason[1:]
        if not self.reason.endswith("."):
            self.reason += "."

    def enter(self) -> None:
        super().enter()
        self.app.sounds.play(self.play.result_sound())

    def build(self, size) -> None:
        # A card over the side panel, so the final board (and the losing line) stays visible.
        s = self.app.scale
        panel = self.play.panel
        height = round(50 * s)
        gap = round(12 * s)
        width = panel.w - round(40 * s)
        labels = [(label, lambda action=action: self.go_on(action))
                  for label, action in self.play.result_actions()]
        if self.play.state.is_over and self.play.state.can_undo and self.play.allows_take_back:
            labels.append(("Take back", self.take_back))
        labels.append((self.play.exit_name.capitalize(), self.play.exit_to))
        y = panel.bottom - len(labels) * (height + gap) - round(10 * s)
        for i, (label, action) in enumerate(labels):
            self.button((panel.x + round(20 * s), y + i * (height + gap), width, height),
                        label, action)

    def update(self, dt: float) -> None:
        super().update(dt)
        # The final board stays alive under the card (a target match keeps flashing).
        self.play.view.update(dt)

    def go_on(self, action) -> None:
        self.app.pop()
        action()

    def take_back(self) -> None:
        self.app.pop()
        self.play.session.undo()

    def on_back(self) -> None:
        self.play.exit_to()

    def draw(self, surface) -> None:
        s = self.app.scale
        palette = self.app.palette
        card = self.play.panel.inflate(-round(12 * s), -round(12 * s))
        pygame.draw.rect(surface, palette.panel, card, border_radius=round(14 * s))
        pygame.draw.rect(surface, palette.accent, card, 3, border_radius=round(14 * s))
        width = card.w - round(36 * s)
        y = card.y + round(40 * s)
        # The headline on one line if a smaller size allows ("Computer (easy) wins"
        # used to break after "Computer"); wrapped whole otherwise.
        size = fitting_size(self.headline, round(34 * s), width, True,
                            smallest=round(24 * s))
        for line in wrap_text(self.headline, size, width, True):
            draw_text(surface, line, (card.centerx, y), size, palette.accent, True,
                      anchor="center")
            y += round(size * 1.3)
        y += round(10 * s)
        for line in wrap_text(self.reason, round(19 * s), width):
            draw_text(surface, line, (card.x + round(18 * s), y), round(19 * s), palette.text)
            y += round(27 * s)
        # The score, then the game's moves, in the room above the buttons.
        ts = self.app.text_scale
        x = card.x + round(18 * s)
        y += round(10 * s)
        for line in wrap_text(self.score_line(), round(17 * ts), width, True):
            draw_text(surface, line, (x, y), round(17 * ts), palette.accent, True)
            y += round(24 * ts)
        buttons_top = min((item.element.rect.top for item in self.ring.items),
                          default=card.bottom)
        moves = len(self.play.state.history)
        if buttons_top - y > round(60 * ts):
            y += round(8 * ts)
            draw_text(surface, f"Moves ({moves})", (x, y), round(17 * ts), palette.text, True)
            y += round(26 * ts)
            self.play.side.draw_move_rows(surface, x, y, width, buttons_top - round(12 * s))
        self.draw_ui(surface)

    def score_line(self) -> str:
        """The score of this game (and of the match, when there is one)."""
        session = self.play.session
        state = self.play.state
        match = session.match
        if match is not None:
            scores = " · ".join(f"{seat} {score}" for seat, score
                                in zip(state.spec.seats_for(state.options), match.scores))
            return f"Match: {scores} (to {match.rules.target})"
        outcome = state.outcome
        if outcome is None or len(session.names) < 2:     # a puzzle: its stars say it
            return ""
        points = {1.0: "1", 0.5: "½", 0.0: "0"}
        return "Score: " + " – ".join(
            f"{name} {points.get(float(score), f'{score:g}')}"
            for name, score in zip(session.names, outcome.scores))
