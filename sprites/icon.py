"""The app's icon, painted by the games' own painters: a ring of Che's and Xutoli's
Truchet tiles with one Xtic piece and an Xoliba disc on it, on a rounded square.

Used for the window, the desktop entry (game/launch/desktop.py) and the standalone build
(game/tools/build.py), which writes it as PNG (and ICO on Windows)."""
from __future__ import annotations

import pygame

from sprites import truchet_tiles, xoliba_pieces, xtic_pieces
from sprites.palettes import get_palette

GRID = 4                        # tiles per side
# Orientations that close the arcs into rings (Truchet's classic "circles").
RINGS = ((truchet_tiles.RIGHT, truchet_tiles.LEFT),
         (truchet_tiles.LEFT, truchet_tiles.RIGHT))
XTIC_PIECE = 10                 # tall, dark, square, solid
XOLIBA_RED = 0


def draw_icon(size: int = 256) -> pygame.Surface:
    palette = get_palette("default")
    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    tile = -(-size // GRID)
    for row in range(GRID):
        for col in range(GRID):
            orient = RINGS[row % 2][col % 2]
            colour = (row // 2 + col // 2) % 2
            icon.blit(truchet_tiles.tile_image(tile, colour, orient, palette),
                      (col * tile, row * tile))
    piece = xtic_pieces.piece_surface(XTIC_PIECE, size * 11 // 20, palette)
    icon.blit(piece, piece.get_rect(center=(size * 2 // 5, size * 2 // 5)))
    disc = xoliba_pieces.disc_surface(XOLIBA_RED, size * 3 // 10, palette)
    icon.blit(disc, disc.get_rect(center=(size * 7 // 10, size * 7 // 10)))
    return _rounded(icon, radius=size // 6)


def _rounded(surface: pygame.Surface, radius: int) -> pygame.Surface:
    """`surface` cut to a rounded square (anti-aliased at 4x, then reduced)."""
    w, h = surface.get_size()
    mask = pygame.Surface((w * 4, h * 4), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius * 4)
    mask = pygame.transform.smoothscale(mask, (w, h))
    result = surface.copy()
    result.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return result


def icon_png(size: int = 256) -> bytes:
    """The icon as PNG data (written by the caller through game/core/storage.py)."""
    import io
    buffer = io.BytesIO()
    pygame.image.save(draw_icon(size), buffer, "icon.png")
    return buffer.getvalue()
