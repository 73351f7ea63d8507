"""The 16 Xtic pieces, painted procedurally.

A piece is an int 0..15 (docs/rules/xtic.md): bit 0 black/brown, bit 1 horizontal/vertical,
bit 2 solid/hollow, bit 3 round/square.

- round: an oval; square: a rounded rectangle;
- horizontal: a wide shape (height = 0.62 x width); vertical: the same shape standing up;
- hollow: a ring with a clear hole that shows the board beneath; solid: filled;
- black / brown: the palette's two piece colours, and, so that colour is never the only
  cue, brown pieces carry a light inner rim just inside their outline.

Every piece has a light outline (visible on dark panels as well as on light squares), a
top-lit gradient with a soft gloss, and a soft drop shadow. Shapes are drawn at 4x on
masks, composited with numpy and reduced with a premultiplied box filter, so edges are
antialiased without dark fringes. Surfaces never need a display mode (no convert_alpha
here; a caller with a window may convert a copy).
"""
from __future__ import annotations


import numpy as np
import pygame

from game.games.xtic.rules import describe_piece
from sprites import display_format
from sprites.surface_cache import SurfaceCache
from sprites.palettes import Palette, darken, lighten

SUPERSAMPLE = 4
LONG_SIDE = 0.86         # the shape's long side, as a fraction of the tile
ASPECT = 0.62            # short side / long side
CORNER = 0.26            # corner radius of square pieces, as a fraction of the short side
BAND = 0.32              # ring thickness of hollow pieces, as a fraction of the short side
# No piece touches the top left corner of its tile, a square of this fraction of the tile's
# side: a lying piece leaves the top band empty, a standing one the left band, and the
# shadow falls right and down (the Xtic view writes the piece's number there).
CLEAR_CORNER = 0.17
_cache = SurfaceCache("xtic pieces")        # (piece, size, palette name) -> its picture


def describe(piece: int) -> str:
    """E.g. 'brown vertical hollow square'."""
    return describe_piece(piece)


def piece_surface(piece: int, size: int, palette: Palette) -> pygame.Surface:
    """The piece painted centred on a transparent size x size SRCALPHA surface.

    Cached by (piece, size, palette name): the same Surface object comes back for the same
    key, so callers must not draw on it (copy it first).
    """
    if not 0 <= piece < 16:
        raise ValueError(f"no Xtic piece {piece!r}: pieces are 0..15")
    size = int(size)
    if size < 1:
        raise ValueError(f"piece size must be positive, got {size}")
    key = (piece, size, palette.name)
    surface = _cache.get(key)
    if surface is not None:
        return surface
    return _cache.put(key, _paint(piece, size, palette))


def piece_image(piece: int, rect, palette: Palette) -> pygame.Surface:
    """What draw_piece blits for `rect`: the piece as large as fits, in the display's
    format (painted the first time, then cached)."""
    rect = pygame.Rect(rect)
    return display_format.display_ready(piece_surface(piece, min(rect.w, rect.h), palette))


def draw_piece(surface: pygame.Surface, piece: int, rect, palette: Palette,
               alpha: int = 255) -> None:
    """Blit the piece, as large as fits, centred in `rect`; `alpha` < 255 fades it."""
    rect = pygame.Rect(rect)
    if min(rect.w, rect.h) < 1 or alpha <= 0:
        return
    image = piece_image(piece, rect, palette)
    if alpha < 255:
        image = image.copy()
        image.set_alpha(alpha)
    surface.blit(image, image.get_rect(center=rect.center))


def clear_cache() -> None:
    _cache.clear()
    display_format.clear()


# --- painting --------------------------------------------------------------------------

def _shape(surface: pygame.Surface, rect: pygame.Rect, square: bool, radius: int,
           width: int = 0, colour=(255, 255, 255, 255)) -> None:
    """Fill (or stroke, with `width`) a piece outline: an oval or a rounded rectangle."""
    if rect.w <= 0 or rect.h <= 0:
        return
    if square:
        pygame.draw.rect(surface, colour, rect, width,
                         border_radius=max(1, min(radius, rect.w // 2, rect.h // 2)))
    else:
        pygame.draw.ellipse(surface, colour, rect, width)


def _vertical_gradient(width: int, height: int, top, bottom) -> pygame.Surface:
    """A width x height SRCALPHA surface going from colour `top` to `bottom` (RGBA)."""
    t = np.linspace(0.0, 1.0, height)[:, None]
    column = np.rint(np.array(top) + (np.array(bottom) - np.array(top)) * t).astype(np.uint8)
    # In the pixel format of every other SRCALPHA surface here (frombytes "RGBA" swaps red
    # and blue): the blends with the silhouette then take pygame's fast path, not a
    # per-pixel conversion (a piece painted in half the time).
    strip = pygame.Surface((1, height), pygame.SRCALPHA)
    pygame.surfarray.pixels3d(strip)[0] = column[:, :3]
    pygame.surfarray.pixels_alpha(strip)[0] = column[:, 3]
    return pygame.transform.scale(strip, (width, height))


def _paint(piece: int, size: int, palette: Palette) -> pygame.Surface:
    brown = bool(piece & 1)
    vertical = bool(piece & 2)
    hollow = bool(piece & 4)
    square = bool(piece & 8)

    k = SUPERSAMPLE
    n = size * k
    long_side = round(n * LONG_SIDE)
    short_side = round(long_side * ASPECT)
    w, h = (short_side, long_side) if vertical else (long_side, short_side)
    outer = pygame.Rect(0, 0, w, h)
    outer.center = (n // 2, n // 2)
    radius = round(short_side * CORNER)

    # Work only on the k-aligned window around the shape, in window coordinates.
    x0, y0 = outer.left // k * k, outer.top // k * k
    x1, y1 = -(-outer.right // k) * k, -(-outer.bottom // k) * k
    cw, ch = x1 - x0, y1 - y0
    outer.move_ip(-x0, -y0)

    # stroke widths in supersampled pixels, never thinner than one final pixel
    outline = max(k, round(0.022 * n))
    rim_inset = max(outline + k, round(0.062 * n))
    rim_width = max(k, round(0.03 * n))
    band = round(short_side * BAND)
    hole = outer.inflate(-2 * band, -2 * band)
    hole_radius = max(k, radius - band)

    silhouette = pygame.Surface((cw, ch), pygame.SRCALPHA)
    _shape(silhouette, outer, square, radius)

    # body: a vertical gradient, lit from the top, cut to the silhouette
    base = palette.piece_brown if brown else palette.piece_black
    canvas = _vertical_gradient(cw, ch, (*lighten(base, 0.22), 255), (*darken(base, 0.35), 255))
    canvas.blit(silhouette, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)

    # gloss: a soft light oval over the upper part, fading downwards
    gloss_rect = pygame.Rect(0, 0, round(outer.w * 0.74), round(outer.h * 0.42))
    gloss_rect.midtop = (outer.centerx, outer.top + outline + round(0.02 * n))
    gloss = _vertical_gradient(*gloss_rect.size, (255, 255, 255, 82), (255, 255, 255, 26))
    oval = pygame.Surface(gloss_rect.size, pygame.SRCALPHA)
    pygame.draw.ellipse(oval, (255, 255, 255, 255), oval.get_rect())
    gloss.blit(oval, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    gloss.blit(silhouette, (0, 0), gloss_rect, special_flags=pygame.BLEND_RGBA_MULT)
    canvas.blit(gloss, gloss_rect)

    if brown:
        # a light line inside the outline; on a ring it runs along the middle of the band
        inset = (band - rim_width) // 2 if hollow else rim_inset
        _shape(canvas, outer.inflate(-2 * inset, -2 * inset), square, radius - inset,
               rim_width, palette.piece_mark)

    _shape(canvas, outer, square, radius, outline, palette.piece_outline)
    if hollow:
        _shape(canvas, hole.inflate(2 * outline, 2 * outline), square,
               hole_radius + outline, outline, palette.piece_outline)
        # drawing on an SRCALPHA surface replaces pixels: this punches the hole
        _shape(canvas, hole, square, hole_radius, 0, (0, 0, 0, 0))

    # Reduce k x k blocks (smoothscale averages boxes for an integer ratio), premultiplied
    # so that transparent pixels add no colour at the edges.
    bw, bh = cw // k, ch // k
    small = pygame.transform.smoothscale(canvas.premul_alpha(), (bw, bh))
    shape = pygame.transform.smoothscale(silhouette, (bw, bh))
    window = np.s_[y0 // k:y0 // k + bh, x0 // k:x0 // k + bw]
    premul = np.zeros((size, size, 3), np.float32)
    alpha = np.zeros((size, size), np.float32)
    solid = np.zeros((size, size), np.float32)
    premul[window] = pygame.surfarray.array3d(small).transpose(1, 0, 2)
    alpha[window] = pygame.surfarray.array_alpha(small).T / 255.0
    solid[window] = pygame.surfarray.array_alpha(shape).T / 255.0

    # Soft drop shadow below and slightly right of the piece. It falls only outside the
    # silhouette, so the hole of a hollow piece stays a clear window onto the board.
    shadow = _blurred(solid * 0.55, max(1, round(size * 0.03)))
    dx, dy = max(1, round(size * 0.02)), max(1, round(size * 0.04))
    shifted = np.zeros_like(shadow)
    shifted[dy:, dx:] = shadow[:size - dy, :size - dx]
    shifted *= 1.0 - solid

    out_alpha = alpha + shifted * (1.0 - alpha)
    out_rgb = premul / np.maximum(out_alpha, 1e-6)[..., None]
    pixels = np.dstack([out_rgb, out_alpha[..., None] * 255.0])
    pixels = np.clip(np.rint(pixels), 0, 255).astype(np.uint8)
    return pygame.image.frombytes(pixels.tobytes(), (size, size), "RGBA")


def _blurred(alpha: np.ndarray, radius: int) -> np.ndarray:
    """Gaussian-blurred copy of an alpha map, zero beyond its edges."""
    reach = 2 * radius
    offsets = np.arange(-reach, reach + 1)
    weights = np.exp(-0.5 * (offsets / radius) ** 2).astype(np.float32)
    weights /= weights.sum()
    padded = np.pad(alpha.astype(np.float32), reach)
    rows, cols = alpha.shape
    across = sum(w * padded[:, reach + o:reach + o + cols] for o, w in zip(offsets, weights))
    return sum(w * across[reach + o:reach + o + rows, :] for o, w in zip(offsets, weights))
