"""Attract mode: left alone on the menu (menu.IDLE_SECONDS), the app plays demo games.

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
from game.ui import input as inp
from game.core.registry import Demo, load_reference
from game.services.saves import Seat
from game.services.session import SessionConfig
from game.ui.text import draw_text
from game.scenes.play import PlayScene

MOVE_PAUSE = 0.55           # seconds between a demo's moves (whatever the settings say)
END_PAUSE = 3.5             # the finished board stays this long before the next demo
# The player's suspended game stays as it was, and demos are not counted.
DEMO = SessionConfig(keeper=None, records_stats=False, pace=MOVE_PAUSE)
# Inputs that are not a person asking for the menu.
NOT_INPUT = (inp.DEVICE_ADDED, inp.DEVICE_REMOVED)


def demos() -> list:
    """The cycle: each game in the registry's order, computer against computer at a
    middle level, then the games' other demos (Xoliba: a solitaire replay)."""
    cycle = [lambda seed, spec=spec: _computers(spec, seed) for spec in game.rules.in_order()]
    for spec in game.rules.in_order():
        cycle += [load_reference(reference) for reference in spec.extra_demos]
    return cycle


def _computers(spec, seed: int) -> Demo:
    return Demo(spec.new_game(seed=seed, options=spec.demo_options), spec.title,
                spec.demo_level)


def seats(demo: Demo) -> list[Seat]:
    """A computer in every seat of the demo's game."""
    state = demo.state
    return [Seat("computer", demo.level) for _ in state.spec.seats_for(state.options)]


def demo_game(number: int) -> Demo:
    """The `number`-th demo of the cycle (a game's own when another has nothing to show)."""
    cycle = demos()
    demo = cycle[number % len(cycle)](number + 1)
    return demo or _computers(game.rules.in_order()[number % len(game.rules.names())],
                              number + 1)


class DemoScene(PlayScene):
    """The play screen under a "press any button" banner; the session is a demo's: nothing
    kept or counted, its own pace."""
    shown = 0       # demos started in this run: the cycle goes on where it was left

    def __init__(self, app):
        number = DemoScene.shown
        DemoScene.shown += 1
        demo = demo_game(number)
        super().__init__(app, demo.state, seats(demo), config=DEMO, script=demo.script)
        self.title = demo.title
        self.end_wait = 0.0
        self.clock = 0.0

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
                self.app.switch_to("demo")
            return
        super().update(dt)

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
