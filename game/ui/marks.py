"""Marks every board draws the same way: the pulsing hint ring, the captions under the
rules pages' diagrams."""
from __future__ import annotations

import pygame

from game.ui.text import draw_text, fit_text


def draw_hint_outline(surface, rect, colour, width: int = 4) -> None:
    """The pulsing ring every board draws around a hinted square, tile or piece."""
    pulse = 0.5 + 0.5 * abs(((pygame.time.get_ticks() / 700) % 2) - 1)
    grow = round(2 + 4 * pulse)
    pygame.draw.rect(surface, colour, pygame.Rect(rect).inflate(grow * 2, grow * 2),
                     width + round(2 * pulse), border_radius=max(4, rect.w // 6))


def draw_caption(surface, lines, centre_x: int, top: int, size: int, width: int, colour,
                 spacing: float = 1.4) -> None:
    """Lines of text centred under a rules page's diagram, each cut to `width`."""
    for line in lines:
        draw_text(surface, fit_text(line, size, width), (centre_x, top), size, colour,
                  anchor="midtop")
        top += round(size * spacing)
