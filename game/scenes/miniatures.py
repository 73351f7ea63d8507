"""The game-select's live miniatures: each game's board, drawn by its own view, playing
a random move every few seconds (none under reduced motion: the miniatures stand still).

A miniature's view is laid out at a fixed design size (a board view is made for windows,
not for thumbnails) and its picture is scaled down to the card, once per move: the menu's
frames only blit five small pictures. The moves are due at staggered times, so at most
one miniature is painted again in a frame.
"""
from __future__ import annotations

import random

import pygame

from game.views import make_view

DESIGN_SIZE = (400, 280)        # the view's layout; the picture is scaled to the card
MOVE_EVERY = 3.0                # seconds between two demo moves of one miniature
OPENING_MOVES = 8               # random moves before the first picture: a game under way
LONGEST_GAME = 120              # moves before a miniature deals a new game


class Miniature:
    def __init__(self, app, spec, seed: int, offset: float):
        self.app = app
        self.spec = spec
        self.rng = random.Random(seed)
        self.clock = -offset            # staggered: the games move at different moments
        self.picture = None             # the scaled picture, for self.picture_size
        self.picture_size = None
        self.state = None
        self.view = None
        self.new_game()

    def new_game(self) -> None:
        options = self.spec.demo_options
        self.state = self.spec.new_game(seed=self.rng.randrange(1 << 30), options=options)
        for _ in range(OPENING_MOVES):
            self._random_move()
        names = list(self.spec.seats_for(options))
        self.view = make_view(self.app.view_context, self.state, names)
        self.view.human_may_move = False
        self.view.miniature = True
        self.view.layout(pygame.Rect((0, 0), DESIGN_SIZE))
        self.view.sync()
        self.picture = None

    def _random_move(self) -> None:
        state = self.state
        if state.is_over:
            return
        if state.is_chance:
            state.play(state.next_chance())
        else:
            state.play(self.rng.choice(state.legal_moves()))

    def update(self, dt: float) -> None:
        """A move every MOVE_EVERY seconds, unless the player asked for no motion."""
        if self.app.settings.animation_factor <= 0:
            return
        self.clock += dt
        if self.clock < MOVE_EVERY:
            return
        self.clock -= MOVE_EVERY
        if self.state.is_over or len(self.state.history) >= LONGEST_GAME:
            self.new_game()
            return
        self._random_move()
        if self.state.is_chance:            # a roll is shown with the claim that follows
            self._random_move()
        self.view.sync()
        self.picture = None

    def draw(self, surface, rect: pygame.Rect) -> None:
        size = (max(1, rect.w), max(1, rect.h))
        if self.picture is None or self.picture_size != size:
            self.picture = self._paint(size)
            self.picture_size = size
        surface.blit(self.picture, self.picture.get_rect(center=rect.center))

    def _paint(self, size) -> pygame.Surface:
        canvas = pygame.Surface(DESIGN_SIZE)
        canvas.fill(self.app.palette.panel)
        self.view.draw(canvas)
        scale = min(size[0] / DESIGN_SIZE[0], size[1] / DESIGN_SIZE[1])
        shown = (max(1, round(DESIGN_SIZE[0] * scale)), max(1, round(DESIGN_SIZE[1] * scale)))
        return pygame.transform.smoothscale(canvas, shown)

