"""Attract mode: left alone on the menu for IDLE_SECONDS, the app plays demo games.

The demos cycle through the five games, computer against computer at a middle level,
and a replay of a Xoliba solitaire level's winning line, under a "press any button"
banner. Any input (a key, a click, moving the mouse, a gamepad button or stick) returns
to the menu at once. A demo is a play scene that never saves: the player's suspended
game is left as it was.
"""
from __future__ import annotations

import math

import pygame

import game.rules
from game import input as inp
from game.engine.saves import Seat
from game.scenes.base import draw_text
from game.scenes.play import PlayScene

IDLE_SECONDS = 30.0
MOVE_PAUSE = 0.55           # seconds between a demo's moves (whatever the settings say)
END_PAUSE = 3.5             # the finished board stays this long before the next demo
DEMOS = ("xtic", "xoliba", "catalina", "che", "xutoli", "solitaire")
# Inputs that are not a person asking for the menu.
NOT_INPUT = (inp.DEVICE_ADDED, inp.DEVICE_REMOVED)


def demo_game(name: str, seed: int):
    """(state, seats, script, title) of one demo: `script` is the move list a solitaire
    replay plays (None when computers play), `title` the panel's."""
    if name == "solitaire":
        from game.rules.xoliba_levels import load_levels
        levels, _ = load_levels()
        if levels:
            level = levels[seed % len(levels)]
            return (level.new_game(), [Seat("computer", "solution")], list(level.line),
                    f"Solitaire: {level.title}")
        name = "xoliba"                     # no level files: a two-player game instead
    spec = game.rules.get(name)
    level = spec.ai_levels[len(spec.ai_levels) // 2]
    options = {"players": 2} if name == "xoliba" else {}
    state = spec.new_game(seed=seed, options=options)
    return state, [Seat("computer", level) for _ in spec.seats_for(options)], None, spec.title


class DemoScene(PlayScene):
    shown = 0       # demos started in this run: the cycle goes on where it was left
    records_stats = False
    saves_game = False          # the player's suspended game stays as it was

    def __init__(self, app):
        number = DemoScene.shown
        DemoScene.shown += 1
        state, seats, script, title = demo_game(DEMOS[number % len(DEMOS)], seed=number + 1)
        super().__init__(app, state, seats)
        self.script = script
        self.title = title
        self.end_wait = 0.0
        self.clock = 0.0

    def _computer_delay(self) -> float:
        """A demo keeps its own pace."""
        return MOVE_PAUSE

    def panel_title(self) -> str:
        return self.title

    def handle(self, action) -> None:
        if action.kind in NOT_INPUT:
            return
        self.leave()
        self.app.pop()                      # back to the menu, at once

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.state.is_over:
            self.view.update(dt)
            self.end_wait += dt
            if self.end_wait >= END_PAUSE and not self.view.animating:
                self.app.replace(DemoScene(self.app))
            return
        if self.script is not None:
            self._replay(dt)
            return
        super().update(dt)

    def _replay(self, dt: float) -> None:
        """A solitaire replay: the level's line, a move every MOVE_PAUSE."""
        self.view.update(dt)
        if self.view.animating:
            return
        self.computer_wait += dt
        if self.computer_wait >= MOVE_PAUSE and self.script:
            self.play_move(self.state.parse_move(self.script.pop(0)))

    def draw(self, surface) -> None:
        super().draw(surface)
        # The banner covers the panel's buttons, which a demo does not use.
        palette = self.app.palette
        s = self.app.scale
        pulse = 0.5 + 0.5 * math.sin(self.clock * 3)
        banner = self.panel.inflate(-round(20 * s), 0)
        banner.h = round(112 * s)
        banner.bottom = self.panel.bottom - round(10 * s)
        pygame.draw.rect(surface, palette.panel, banner, border_radius=round(12 * s))
        colour = tuple(round(c * (0.65 + 0.35 * pulse)) for c in palette.accent)
        pygame.draw.rect(surface, colour, banner, 3, border_radius=round(12 * s))
        draw_text(surface, "DEMO", (banner.centerx, banner.y + round(30 * s)), round(30 * s),
                  colour, True, anchor="center")
        draw_text(surface, "press any button to play",
                  (banner.centerx, banner.y + round(76 * s)), round(19 * s), palette.text,
                  anchor="center")
