"""Catalina Tiles' claim marks, drawn procedurally: Red's cross and Blue's ring.

The two seats differ by shape as well as by colour (a cross, a ring), so the board reads
in every palette. A mark is painted at four times its size and smoothed down, so the
strokes are antialiased at every cell size; images are cached by size, seat and colour.
"""
from __future__ import annotations

import math

import pygame

from sprites.surface_cache import SurfaceCache

SUPERSAMPLE = 4
_cache = SurfaceCache("catalina marks")


def seat_colour(palette, seat: int):
    """Red and Blue: the claims colours of Catalina's record."""
    return palette.claims[seat]


def _thick_line(surface, colour, start, end, width: float) -> None:
    """A stroke with round caps (a polygon and two discs)."""
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    nx, ny = -(y1 - y0) / length * width / 2, (x1 - x0) / length * width / 2
    pygame.draw.polygon(surface, colour, [(x0 + nx, y0 + ny), (x1 + nx, y1 + ny),
                                          (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)])
    pygame.draw.circle(surface, colour, (round(x0), round(y0)), round(width / 2))
    pygame.draw.circle(surface, colour, (round(x1), round(y1)), round(width / 2))


def mark_image(size: int, seat: int, colour, outline=(20, 16, 20),
               stroke: float = 0.17) -> pygame.Surface:
    """A `size` square picture of a seat's mark: 0 a cross, 1 a ring, with a dark rim so
    it stands out on any ground; `stroke` is the line width as a share of the size."""
    size = max(4, int(size))
    key = (size, seat, tuple(colour), tuple(outline), stroke)
    image = _cache.get(key)
    if image is not None:
        return image
    big = size * SUPERSAMPLE
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    stroke = big * stroke
    rim = big * 0.04
    inset = big * 0.2
    for paint, width in ((outline, stroke + 2 * rim), (colour, stroke)):
        if seat == 0:
            _thick_line(canvas, paint, (inset, inset), (big - inset, big - inset), width)
            _thick_line(canvas, paint, (big - inset, inset), (inset, big - inset), width)
        else:
            radius = big / 2 - inset * 0.8
            pygame.draw.circle(canvas, paint, (big // 2, big // 2),
                               round(radius + width / 2), round(width))
    return _cache.put(key, pygame.transform.smoothscale(canvas, (size, size)))


def line_stroke(surface, colour, start, end, width: int) -> None:
    """A winning line drawn over cells: a round-capped stroke with a dark edge."""
    _thick_line(surface, (20, 16, 20), start, end, width + 4)
    _thick_line(surface, colour, start, end, width)
