"""Tic-tac-toe's board view, and the picture of its rules page."""
from __future__ import annotations

import pygame

from game.ui import input as inp
from game.ui.marks import draw_hint_outline
from game.views.base import NOT_USED, USED, BoardView, Handled

STEPS = {inp.LEFT: (-1, 0), inp.RIGHT: (1, 0), inp.UP: (0, -1), inp.DOWN: (0, 1)}


class TicTacToeView(BoardView):
    def __init__(self, context, state, names):
        super().__init__(context, state, names)
        self.cursor = (1, 1)
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.fade = 0.0                         # seconds left of a move's animation

    def layout(self, rect) -> None:
        self.area = rect
        side = min(rect.w, rect.h) * 3 // 4
        self.rect = pygame.Rect(0, 0, side, side)
        self.rect.center = rect.center

    def square_rect(self, square) -> pygame.Rect:
        cell = self.rect.w // 3
        return pygame.Rect(self.rect.x + square[0] * cell, self.rect.y + square[1] * cell,
                           cell, cell)

    def square_at(self, pos):
        for square in [(x, y) for y in range(3) for x in range(3)]:
            if self.square_rect(square).collidepoint(pos):
                return square
        return None

    def sync(self) -> None:
        self.fade = 0.0

    def handle(self, action) -> Handled:
        if action.kind in STEPS:
            dx, dy = STEPS[action.kind]
            self.cursor = ((self.cursor[0] + dx) % 3, (self.cursor[1] + dy) % 3)
            return USED
        square = None
        if action.kind == inp.POINTER_CLICK:
            square = self.square_at(action.pos)
        elif action.kind == inp.CONFIRM:
            square = self.cursor
        if square is None:
            return NOT_USED
        if self.human_may_move and square in self.state.legal_moves():
            return Handled(move=square)
        self.context.sounds.play("illegal")
        return USED

    def on_move(self, move) -> None:
        self.fade = 0.2 * self.context.settings.animation_factor
        self.context.sounds.play("place")

    def update(self, dt: float) -> None:
        self.fade = max(0.0, self.fade - dt)

    @property
    def animating(self) -> bool:
        return self.fade > 0

    def draw(self, surface) -> None:
        palette = self.context.palette
        pygame.draw.rect(surface, palette.board, self.rect.inflate(12, 12), border_radius=8)
        for y in range(3):
            for x in range(3):
                rect = self.square_rect((x, y))
                colour = palette.square_light if (x + y) % 2 == 0 else palette.square_dark
                pygame.draw.rect(surface, colour, rect.inflate(-4, -4))
                seat = self.state.board.get((x, y))
                if seat is not None:
                    draw_mark(surface, rect.inflate(-rect.w // 3, -rect.w // 3), seat, palette)
        pygame.draw.rect(surface, palette.cursor, self.square_rect(self.cursor), 4)
        line = self.state.winning_line()
        if line is not None:
            start, end = self.square_rect(line[0]).center, self.square_rect(line[-1]).center
            pygame.draw.line(surface, palette.highlight_bad, start, end, 8)

    def draw_hint(self, surface, move) -> None:
        draw_hint_outline(surface, self.square_rect(move), self.context.palette.highlight_good)

    def status(self) -> str:
        return f"{self.names[self.state.to_play]}: place an {'XO'[self.state.to_play]}"


def draw_mark(surface, rect, seat: int, palette) -> None:
    colour = palette.seats[seat]
    width = max(3, rect.w // 8)
    if seat == 0:
        pygame.draw.line(surface, colour, rect.topleft, rect.bottomright, width)
        pygame.draw.line(surface, colour, rect.topright, rect.bottomleft, width)
    else:
        pygame.draw.circle(surface, colour, rect.center, rect.w // 2, width)


def illustrate(surface, rect, palette) -> None:
    """The rules page's picture: a won board."""
    rect = pygame.Rect(rect)
    side = min(rect.w, rect.h) * 2 // 3
    cell = side // 3
    board = pygame.Rect(0, 0, side, side)
    board.center = rect.center
    for index, seat in enumerate((0, 1, None, 1, 0, None, None, 1, 0)):
        square = pygame.Rect(board.x + index % 3 * cell, board.y + index // 3 * cell, cell, cell)
        pygame.draw.rect(surface, palette.square_light, square.inflate(-4, -4))
        if seat is not None:
            draw_mark(surface, square.inflate(-cell // 3, -cell // 3), seat, palette)

