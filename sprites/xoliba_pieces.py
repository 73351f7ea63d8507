"""The Xoliba board and discs, painted procedurally.

A disc has a white face and a coloured face. Faces are numbered like the rules' cells:
0, 1, 2 are the rules' red, blue and green (palette.discs) and 3 is
white. So that colour is never the only cue, each coloured face carries a mark:

- seat 0 (red): a solid dot;
- seat 1 (blue): a ring;
- seat 2 (green): a cross.

The board is an octagonal plate with every line of the 45 points (horizontal, vertical and
both diagonals) and a bevelled rim. Triangles are drawn as "zones": rounded triangles that
enclose every point of the triangle, filled and/or stroked.

Everything is drawn at SUPERSAMPLE x and reduced with smoothscale (antialiased edges) and
cached by size and palette name; surfaces never need a display mode. `draw_disc` blits a
copy converted to the display's pixel format when there is a display (much faster).
"""
from __future__ import annotations

import math

import pygame

from game.games.xoliba.rules import MISSING, POINTS, SIDE, TRIANGLES, WHITE
from sprites import display_format
from sprites.surface_cache import SurfaceCache
from sprites.palettes import Palette, darken, lighten, luminance, mix

SUPERSAMPLE = 4
DISC = 0.80           # disc diameter as a fraction of the point spacing
MARGIN = 0.66         # plate beyond the outer points, in point spacings

_discs = SurfaceCache("xoliba discs")
_boards = SurfaceCache("xoliba boards")
_zones = SurfaceCache("xoliba zones")


def clear_cache() -> None:
    _discs.clear()
    _boards.clear()
    _zones.clear()
    display_format.clear()


# --- colours ---------------------------------------------------------------------------
def board_colours(palette: Palette) -> dict:
    """The plate, its rim and its lines. The plate is the palette's board colour when that
    is dark (coloured and white discs both stand out on it); a light board (high contrast)
    gives a dark plate with a light rim instead."""
    plate, rim = palette.board, palette.board_line
    if luminance(plate) > 0.4:
        plate, rim = palette.board_line, palette.board
    light = palette.square_light if luminance(palette.square_light) > luminance(plate) \
        else palette.text
    return {
        "plate": plate,
        "plate_inner": mix(plate, light, 0.07),
        "rim": rim,
        "rim_light": mix(rim, light, 0.35),
        "line": mix(plate, light, 0.42 if luminance(plate) > 0.02 else 0.55),
        "dot": mix(plate, light, 0.6),
    }


def face_colour(face: int, palette: Palette):
    if face == WHITE:
        return lighten(palette.square_light, 0.65)
    return palette.discs[face]


def mark_colour(face: int, palette: Palette):
    return darken(palette.discs[face], 0.58)


def readable_stroke(palette: Palette, *candidates):
    """The candidate with the most contrast against the plate."""
    plate = board_colours(palette)["plate"]
    lp = luminance(plate)
    return max(candidates, key=lambda c: (max(luminance(c), lp) + 0.05) /
               (min(luminance(c), lp) + 0.05))


# --- discs -----------------------------------------------------------------------------
def disc_surface(face: int, size: int, palette: Palette) -> pygame.Surface:
    """A disc face centred on a size x size SRCALPHA tile (radius `disc_radius(size)`),
    with a soft shadow. Cached by (face, size, palette name): do not draw on it."""
    if face not in (0, 1, 2, WHITE):
        raise ValueError(f"no Xoliba disc face {face!r}: faces are 0, 1, 2 and {WHITE}")
    size = int(size)
    if size < 2:
        raise ValueError(f"disc size must be at least 2, got {size}")
    key = (face, size, palette.name)
    surface = _discs.get(key)
    if surface is not None:
        return surface
    return _discs.put(key, _paint_disc(face, size, palette))


def disc_tile(step: float) -> int:
    """The tile size whose disc is DISC point spacings wide."""
    return max(2, round(step * DISC / 0.9))


def disc_radius(size: int) -> float:
    """The radius of the disc painted on a tile of `size`."""
    return size * 0.45


def _paint_disc(face: int, size: int, palette: Palette) -> pygame.Surface:
    k = SUPERSAMPLE
    n = size * k
    canvas = pygame.Surface((n, n), pygame.SRCALPHA)
    r = disc_radius(size) * k
    cx, cy = n / 2, n / 2 - n * 0.015
    base = face_colour(face, palette)
    edge = darken(base, 0.5) if face != WHITE else mix(base, palette.board_line, 0.55)

    # soft shadow: drawn small and smoothed up, so it is blurred
    shadow_small = max(4, size // 3)
    shade = pygame.Surface((shadow_small, shadow_small), pygame.SRCALPHA)
    sr = shadow_small * 0.43
    pygame.draw.circle(shade, (0, 0, 0, 120), (shadow_small / 2, shadow_small / 2 + sr * 0.12), sr)
    shade = pygame.transform.smoothscale(shade, (n, n))
    canvas.blit(shade, (0, round(n * 0.03)))

    # body: the edge colour, then concentric circles lit from the upper left
    pygame.draw.circle(canvas, (*edge, 255), (cx, cy), r)
    body_r = r * 0.93
    steps = 24
    light = lighten(base, 0.32)
    low = darken(base, 0.14)
    for i in range(steps):
        t = i / (steps - 1)
        rad = body_r * (1 - 0.78 * t)
        ox, oy = -0.16 * body_r * t, -0.2 * body_r * t
        pygame.draw.circle(canvas, (*mix(low, light, t ** 0.8), 255), (cx + ox, cy + oy), rad)
    # a thin rim just inside the edge, as on a turned wooden disc
    pygame.draw.circle(canvas, (*mix(base, edge, 0.35), 255), (cx, cy), r * 0.8,
                       max(1, round(r * 0.045)))

    if face != WHITE:
        mark = (*mark_colour(face, palette), 255)
        if face == 0:                       # solid dot
            pygame.draw.circle(canvas, mark, (cx, cy), r * 0.34)
        elif face == 1:                     # ring
            pygame.draw.circle(canvas, mark, (cx, cy), r * 0.46, max(2, round(r * 0.17)))
        else:                               # cross
            arm, half = r * 0.42, r * 0.09
            for angle in (45, 135):
                a = math.radians(angle)
                dx, dy = math.cos(a), math.sin(a)
                px, py = -dy * half, dx * half
                pygame.draw.polygon(canvas, mark, [
                    (cx - dx * arm + px, cy - dy * arm + py), (cx + dx * arm + px, cy + dy * arm + py),
                    (cx + dx * arm - px, cy + dy * arm - py), (cx - dx * arm - px, cy - dy * arm - py)])
            pygame.draw.circle(canvas, mark, (cx, cy), half * 1.15)

    # gloss on the upper part
    gloss = pygame.Surface((n, n), pygame.SRCALPHA)
    gw, gh = r * 1.1, r * 0.62
    pygame.draw.ellipse(gloss, (255, 255, 255, 46),
                        pygame.Rect(cx - gw / 2 - r * 0.1, cy - r * 0.82, gw, gh))
    canvas.blit(gloss, (0, 0))
    return pygame.transform.smoothscale(canvas, (size, size))


def draw_disc(surface, face: int, center, size: int, palette: Palette, squash: float = 1.0,
              alpha: int = 255) -> None:
    """Blit a disc tile of `size` centred on `center`. `squash` (0..1) narrows it
    horizontally (a disc turning over); `alpha` < 255 fades it."""
    if size < 2 or alpha <= 0:
        return
    image = display_format.display_ready(disc_surface(face, size, palette))
    if squash < 0.999:
        width = round(size * max(0.0, squash))
        if width < 1:
            return
        image = pygame.transform.smoothscale(image, (width, size))
    if alpha < 255:
        image = image.copy()
        image.set_alpha(alpha)
    surface.blit(image, image.get_rect(center=(round(center[0]), round(center[1]))))


# --- the board -------------------------------------------------------------------------
def board_side(step: float) -> int:
    """The side of the board surface for a point spacing of `step`."""
    return round(step * (SIDE - 1 + 2 * MARGIN))


def point_offset(step: float, index: int) -> tuple[float, float]:
    """Centre of point `index` on a board surface painted for `step` (rank 1 at the bottom)."""
    col, row = index % SIDE, index // SIDE
    return (step * (MARGIN + col), step * (MARGIN + SIDE - 1 - row))


def octagon(step: float, pad: float, origin=(0.0, 0.0)) -> list:
    """The octagon through the 8 corner points, pushed outwards by `pad` pixels."""
    ox, oy = origin
    e = pad * (math.sqrt(2) - 1)
    lo, hi = 0.0, float(SIDE - 1)
    # in grid units (x right, y down from rank 7), then scaled
    grid = [(1, lo), (hi - 1, lo), (hi, 1), (hi, hi - 1), (hi - 1, hi), (1, hi), (lo, hi - 1), (lo, 1)]
    shifts = [(-e, -pad), (e, -pad), (pad, -e), (pad, e), (e, pad), (-e, pad), (-pad, e), (-pad, -e)]
    base = step * MARGIN
    return [(ox + base + gx * step + sx, oy + base + gy * step + sy)
            for (gx, gy), (sx, sy) in zip(grid, shifts)]


def board_surface(step: float, palette: Palette) -> pygame.Surface:
    """The plate, its rim and all its lines, cached by (step, palette name)."""
    key = (round(step * 8), palette.name)
    surface = _boards.get(key)
    if surface is not None:
        return surface
    return _boards.put(key, _paint_board(step, palette))


def draw_board(surface, step: float, palette: Palette, topleft) -> None:
    surface.blit(display_format.display_ready(board_surface(step, palette)), topleft)


def _paint_board(step: float, palette: Palette) -> pygame.Surface:
    k = 2
    side = board_side(step)
    n = side * k
    st = step * k
    colours = board_colours(palette)
    canvas = pygame.Surface((n, n), pygame.SRCALPHA)
    outer_pad = st * (MARGIN - 0.04)
    rim_w = st * 0.13
    # shadow under the plate
    shade = pygame.Surface((n // 8 + 1, n // 8 + 1), pygame.SRCALPHA)
    pygame.draw.polygon(shade, (0, 0, 0, 90), [(x / 8, y / 8 + st * 0.05 / 8)
                                               for x, y in octagon(st, outer_pad)])
    canvas.blit(pygame.transform.smoothscale(shade, (n, n)), (0, 0))
    pygame.draw.polygon(canvas, (*colours["rim"], 255), octagon(st, outer_pad))
    pygame.draw.polygon(canvas, (*colours["rim_light"], 255), octagon(st, outer_pad - rim_w * 0.35),
                        max(1, round(k * 1.2)))
    pygame.draw.polygon(canvas, (*colours["plate"], 255), octagon(st, outer_pad - rim_w))
    pygame.draw.polygon(canvas, (*colours["plate_inner"], 255), octagon(st, st * 0.3))

    line = (*colours["line"], 255)
    width = max(2, round(st * 0.035))
    points = set(POINTS)

    def centre(index):
        return point_offset(st, index)

    # every line: from each point, in 4 directions, to the farthest point on the board
    for p in POINTS:
        col, row = p % SIDE, p // SIDE
        for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
            pc, pr = col - dc, row - dr
            if 0 <= pc < SIDE and 0 <= pr < SIDE and pr * SIDE + pc in points:
                continue            # not the start of this line
            end = None
            c, r = col + dc, row + dr
            while 0 <= c < SIDE and 0 <= r < SIDE and r * SIDE + c in points:
                end = r * SIDE + c
                c, r = c + dc, r + dr
            if end is not None:
                pygame.draw.line(canvas, line, centre(p), centre(end), width)
    for p in POINTS:
        pygame.draw.circle(canvas, (*colours["dot"], 255), centre(p), st * 0.07)
    return pygame.transform.smoothscale(canvas, (side, side))


# --- triangles -------------------------------------------------------------------------
def zone_points(corners_xy, grow: float) -> list:
    """The triangle through three centres pushed outward by `grow` pixels (an outline that
    encloses discs of radius < grow), as a polygon with rounded corners."""
    cx = sum(p[0] for p in corners_xy) / 3
    cy = sum(p[1] for p in corners_xy) / 3
    outline = []
    count = len(corners_xy)
    for i in range(count):
        prev_pt, pt, next_pt = corners_xy[i - 1], corners_xy[i], corners_xy[(i + 1) % count]
        normals = []
        for a, b in ((prev_pt, pt), (pt, next_pt)):
            dx, dy = b[0] - a[0], b[1] - a[1]
            length = math.hypot(dx, dy) or 1
            nx, ny = dy / length, -dx / length
            mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
            if (mx + nx - cx) ** 2 + (my + ny - cy) ** 2 < (mx - cx) ** 2 + (my - cy) ** 2:
                nx, ny = -nx, -ny
            normals.append(math.atan2(ny, nx))
        start = normals[0]
        delta = (normals[1] - start + math.pi) % math.tau - math.pi
        end = start + delta
        segments = 8
        for s in range(segments + 1):
            angle = start + (end - start) * s / segments
            outline.append((pt[0] + grow * math.cos(angle), pt[1] + grow * math.sin(angle)))
    return outline


def zone_key(corners_xy, grow: float, colour, width: int, fill_alpha: int,
             line_alpha: int = 255) -> tuple:
    return (tuple((round(x), round(y)) for x, y in corners_xy), round(grow), tuple(colour),
            width, fill_alpha, line_alpha)


def zone_cached(key) -> bool:
    return key in _zones


def zone_surface(corners_xy, grow: float, colour, width: int, fill_alpha: int,
                 line_alpha: int = 255):
    """A rounded triangle zone around three centres: filled with `colour` at `fill_alpha`
    and stroked `width` pixels wide. Returns (surface, topleft). Cached by its geometry."""
    key = zone_key(corners_xy, grow, colour, width, fill_alpha, line_alpha)
    found = _zones.get(key)
    if found is not None:
        return found
    k = 2
    outline = zone_points(corners_xy, grow)
    xs = [p[0] for p in outline]
    ys = [p[1] for p in outline]
    left, top = math.floor(min(xs)) - width - 2, math.floor(min(ys)) - width - 2
    w, h = math.ceil(max(xs)) - left + width + 3, math.ceil(max(ys)) - top + width + 3
    local = [((x - left) * k, (y - top) * k) for x, y in outline]
    canvas = pygame.Surface((w * k, h * k), pygame.SRCALPHA)
    if fill_alpha > 0:
        pygame.draw.polygon(canvas, (*colour[:3], fill_alpha), local)
    if width > 0:
        # drawing on an SRCALPHA surface replaces its pixels: the stroke covers the fill
        pygame.draw.polygon(canvas, (*colour[:3], line_alpha), local, width * k)
        for x, y in local:       # round the joins
            pygame.draw.circle(canvas, (*colour[:3], line_alpha), (x, y), width * k / 2)
    surface = pygame.transform.smoothscale(canvas, (w, h))
    return _zones.put(key, (surface, (left, top)))


def draw_zone(surface, corners_xy, grow: float, colour, width: int, fill_alpha: int,
              line_alpha: int = 255) -> None:
    image, topleft = zone_surface(corners_xy, grow, colour, width, fill_alpha, line_alpha)
    surface.blit(display_format.display_ready(image), topleft)


def triangle_corners(t: int) -> tuple:
    return TRIANGLES[t].corners


__all__ = ["DISC", "MARGIN", "MISSING", "board_colours", "board_side", "board_surface",
           "clear_cache", "disc_tile", "draw_board", "zone_cached", "zone_key", "disc_radius", "disc_surface", "draw_disc", "draw_zone",
           "face_colour", "mark_colour", "octagon", "point_offset", "readable_stroke",
           "triangle_corners", "zone_points", "zone_surface"]
