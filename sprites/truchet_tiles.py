"""Duotone Truchet tiles (docs/rules/che.md), painted procedurally for Che and Xutoli.

A tile is a square in its dominant colour with a quarter disc of the other colour at each
of its two cut corners: the arcs join the midpoints of adjacent edges, and what is left of
the dominant colour is the band between the two other corners. Orientation LEFT puts the
band on the "\\" diagonal (top-left to bottom-right on screen, y growing downwards, as in
game.games.truchet.layout), RIGHT on the "/" diagonal.

Colours are `palette.tiles` (light/white, dark/blue). The two differ strongly in lightness
in every palette, and which one is dominant is also told by shape (the band against the
corner pieces), never by hue alone.

Tiles are drawn at SUPERSAMPLE times their size and reduced with smoothscale, so the arcs
are antialiased, and cached per pixel size (an LRU: zooming creates new sizes), so a tile
is crisp at every zoom. `draw_tile` blits a copy converted to the display's format.
"""
from __future__ import annotations

import pygame

from sprites import display_format
from sprites.surface_cache import SurfaceCache

LEFT, RIGHT = 0, 1
SUPERSAMPLE = 4
_tiles = SurfaceCache("truchet tiles")       # whole tiles and their highlighted parts


def cut_corners(orient: int) -> tuple:
    """The two corners (as 0/1 fractions of the square) holding the other colour."""
    return ((1, 0), (0, 1)) if orient == LEFT else ((0, 0), (1, 1))


def tile_image(size: int, colour: int, orient: int, palette, alpha: int = 255) -> pygame.Surface:
    """A `size` x `size` picture of the tile dominant in `colour` (0 light, 1 dark)."""
    size = max(2, int(size))
    key = (size, colour, orient, palette.name, palette.tiles, alpha)
    image = _tiles.get(key)
    if image is not None:
        return image
    big = size * SUPERSAMPLE
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    dominant, other = palette.tiles[colour], palette.tiles[1 - colour]
    canvas.fill(dominant)
    for cx, cy in cut_corners(orient):
        # A disc centred on the corner, clipped by the square: a quarter disc whose arc
        # joins the midpoints of the corner's two edges.
        pygame.draw.circle(canvas, other, (cx * big, cy * big), big // 2)
    image = pygame.transform.smoothscale(canvas, (size, size))
    if alpha < 255:
        image.set_alpha(alpha)
    return _tiles.put(key, image)


def draw_tile(surface, topleft, size: int, colour: int, orient: int, palette,
              alpha: int = 255) -> None:
    image = tile_image(size, colour, orient, palette, alpha)
    surface.blit(display_format.display_ready(image), topleft)


def band_points(rect: pygame.Rect, orient: int) -> tuple:
    """The two corners the band joins, in pixels (for drawing a region's path)."""
    if orient == LEFT:
        return rect.topleft, rect.bottomright
    return rect.topright, rect.bottomleft


def part_image(size: int, orient: int, part, colour) -> pygame.Surface:
    """One coloured part of a tile's picture, for highlighting a region: part "band" (the
    dominant colour's band) or a cut corner (cx, cy) in 0/1 fractions (its quarter disc).
    `colour` is RGBA; the rest of the square is transparent."""
    size = max(2, int(size))
    key = ("part", size, orient, part, tuple(colour))
    image = _tiles.get(key)
    if image is not None:
        return image
    big = size * SUPERSAMPLE
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    if part == "band":
        canvas.fill(colour)
        for cx, cy in cut_corners(orient):
            pygame.draw.circle(canvas, (0, 0, 0, 0), (cx * big, cy * big), big // 2)
    else:
        cx, cy = part
        pygame.draw.circle(canvas, colour, (cx * big, cy * big), big // 2)
    return _tiles.put(key, pygame.transform.smoothscale(canvas, (size, size)))
